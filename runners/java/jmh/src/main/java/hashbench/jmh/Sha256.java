package hashbench.jmh;

import java.security.MessageDigest;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The call the runner times for java/jdk, op digest, alg sha256, mode reset, input_size 16384
 * (input byte i = i mod 251): one MessageDigest reused, reset per op, output into a reused buffer.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(3)
public class Sha256 {
  private byte[] input;
  private byte[] out;
  private MessageDigest md;

  @Setup
  public void setup() throws Exception {
    input = new byte[16384];
    for (int i = 0; i < input.length; i++) {
      input[i] = (byte) (i % 251);
    }
    md = MessageDigest.getInstance("SHA-256");
    out = new byte[md.getDigestLength()];
  }

  @Benchmark
  public byte[] reset() throws Exception {
    md.reset();
    md.update(input);
    md.digest(out, 0, out.length);
    return out;
  }
}
