package hashbench.runner;

/**
 * A prepared timing loop around one operation. Its classes (package {@code hashbench.runner.loop})
 * are loaded afresh for each benchmark case by {@link CaseLoader}, so each case gets its own copy
 * of the loop and the JIT sees one operation at each call site, as in a JMH-generated loop.
 */
public interface Sampler {
  /** One call, untimed. */
  void once() throws Exception;

  /**
   * {@code samples} timed samples of {@code iters} calls each; element k is the elapsed nanoseconds
   * of sample k.
   */
  long[] sample(int iters, int samples) throws Exception;

  /** Bytes allocated by this thread inside the timed loops of the last {@link #sample}. */
  long allocated();

  /** The sink, fed by every call's output. */
  int check();

  /** The last call's result: byte[], String, Boolean, or Object[]{String, Boolean}. */
  Object last();
}
