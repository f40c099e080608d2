package hashbench.runner.loop;

import hashbench.runner.Alloc;
import hashbench.runner.Sampler;
import hashbench.runner.Task;
import hashbench.runner.Verifier;

/** Times hash-then-verify-the-result as one operation; both results feed the sink. */
public final class HashVerifyLoop implements Sampler {
  private final Task<String> hash;
  private final Verifier verifier;
  private String lastEncoded;
  private boolean lastValid;
  private int sink;
  private long allocated;

  public HashVerifyLoop(Task<String> hash, Verifier verifier) {
    this.hash = hash;
    this.verifier = verifier;
  }

  @Override
  public void once() throws Exception {
    String e = hash.run();
    if (e == null || e.isEmpty()) {
      throw new IllegalStateException("the library returned no encoded string");
    }
    lastEncoded = e;
    lastValid = verifier.verify(e);
    sink ^= e.charAt(e.length() - 1) ^ (lastValid ? 1 : 0);
  }

  @Override
  public long[] sample(int iters, int samples) throws Exception {
    final Task<String> h = hash;
    final Verifier v = verifier;
    final long[] out = new long[samples];
    int s = sink;
    String e = lastEncoded;
    boolean ok = lastValid;
    long bytes = 0;
    for (int k = 0; k < samples; k++) {
      final long a0 = Alloc.current();
      final long t0 = System.nanoTime();
      for (int i = 0; i < iters; i++) {
        e = h.run();
        ok = v.verify(e);
        s ^= e.charAt(e.length() - 1) ^ (ok ? 1 : 0);
      }
      final long t1 = System.nanoTime();
      bytes += Alloc.current() - a0;
      out[k] = t1 - t0;
    }
    sink = s;
    lastEncoded = e;
    lastValid = ok;
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
    return new Object[] {lastEncoded, lastValid};
  }
}
