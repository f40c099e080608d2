package hashbench.runner.loop;

import hashbench.runner.Alloc;
import hashbench.runner.Sampler;
import hashbench.runner.Task;

/** Times a task that returns bytes (digest, derive, noop); byte 0 of each output feeds the sink. */
public final class BytesLoop implements Sampler {
  private final Task<byte[]> task;
  private byte[] last;
  private int sink;
  private long allocated;

  public BytesLoop(Task<byte[]> task) {
    this.task = task;
  }

  @Override
  public void once() throws Exception {
    byte[] r = task.run();
    if (r == null || r.length == 0) {
      throw new IllegalStateException("the library returned no output");
    }
    last = r;
    sink ^= r[0];
  }

  @Override
  public long[] sample(int iters, int samples) throws Exception {
    final Task<byte[]> t = task;
    final long[] out = new long[samples];
    int s = sink;
    byte[] r = last;
    long bytes = 0;
    for (int k = 0; k < samples; k++) {
      final long a0 = Alloc.current();
      final long t0 = System.nanoTime();
      for (int i = 0; i < iters; i++) {
        r = t.run();
        s ^= r[0];
      }
      final long t1 = System.nanoTime();
      bytes += Alloc.current() - a0;
      out[k] = t1 - t0;
    }
    sink = s;
    last = r;
    allocated = bytes;
    return out;
  }

  @Override
  public long allocated() {
    return allocated;
  }

  @Override
  public int check() {
    return sink;
  }

  @Override
  public Object last() {
    return last;
  }
}
