package hashbench.runner.loop;

import hashbench.runner.Alloc;
import hashbench.runner.Sampler;
import hashbench.runner.Verifier;

/** Times a verify against one encoded string; each verdict feeds the sink. */
public final class VerifyLoop implements Sampler {
  private final Verifier verifier;
  private final String encoded;
  private boolean last;
  private int sink;
  private long allocated;

  public VerifyLoop(Verifier verifier, String encoded) {
    this.verifier = verifier;
    this.encoded = encoded;
  }

  @Override
  public void once() throws Exception {
    last = verifier.verify(encoded);
    sink ^= last ? 1 : 0;
  }

  @Override
  public long[] sample(int iters, int samples) throws Exception {
    final Verifier v = verifier;
    final String e = encoded;
    final long[] out = new long[samples];
    int s = sink;
    boolean r = last;
    long bytes = 0;
    for (int k = 0; k < samples; k++) {
      final long a0 = Alloc.current();
      final long t0 = System.nanoTime();
      for (int i = 0; i < iters; i++) {
        r = v.verify(e);
        s ^= r ? 1 : 0;
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
