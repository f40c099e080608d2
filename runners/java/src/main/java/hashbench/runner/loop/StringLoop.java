package hashbench.runner.loop;

import hashbench.runner.Alloc;
import hashbench.runner.Sampler;
import hashbench.runner.Task;

/** Times a task that returns an encoded string (hash); its last character feeds the sink. */
public final class StringLoop implements Sampler {
  private final Task<String> task;
  private String last;
  private int sink;
  private long allocated;

  public StringLoop(Task<String> task) {
    this.task = task;
  }

  @Override
  public void once() throws Exception {
    String r = task.run();
    if (r == null || r.isEmpty()) {
      throw new IllegalStateException("the library returned no encoded string");
    }
    last = r;
    sink ^= r.charAt(r.length() - 1);
  }

  @Override
  public long[] sample(int iters, int samples) throws Exception {
    final Task<String> t = task;
    final long[] out = new long[samples];
    int s = sink;
    String r = last;
    long bytes = 0;
    for (int k = 0; k < samples; k++) {
      final long a0 = Alloc.current();
      final long t0 = System.nanoTime();
      for (int i = 0; i < iters; i++) {
        r = t.run();
        s ^= r.charAt(r.length() - 1);
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
