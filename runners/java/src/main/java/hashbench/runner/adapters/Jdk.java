package hashbench.runner.adapters;

import com.sun.management.HotSpotDiagnosticMXBean;
import hashbench.runner.Adapter;
import hashbench.runner.Args;
import hashbench.runner.Failure;
import hashbench.runner.Task;
import java.lang.management.ManagementFactory;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/** The JDK's own: java.security.MessageDigest and javax.crypto.SecretKeyFactory PBKDF2. */
public final class Jdk extends Adapter {
  private static final Map<String, String> DIGESTS =
      Map.of(
          "md5", "MD5",
          "sha1", "SHA-1",
          "sha256", "SHA-256",
          "sha512", "SHA-512",
          "sha3-256", "SHA3-256");
  private static final Map<String, String> PBKDF2 =
      Map.of(
          "pbkdf2-sha1", "PBKDF2WithHmacSHA1",
          "pbkdf2-sha256", "PBKDF2WithHmacSHA256",
          "pbkdf2-sha512", "PBKDF2WithHmacSHA512");

  @Override
  public Info info() {
    return new Info(
        "java/jdk",
        Runtime.version().toString(),
        List.of("derive", "digest", "bench"),
        List.of("new", "reset"),
        null,
        false,
        "SUN / SunJCE providers in Java; "
            + intrinsics()
            + "; PBEKeySpec takes char[] (the password as UTF-8) and refuses an empty salt");
  }

  /** Which digest compression loops HotSpot replaces by assembly stubs on this CPU. */
  private static String intrinsics() {
    List<String> on = new ArrayList<>();
    try {
      HotSpotDiagnosticMXBean hs =
          ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
      for (String alg : List.of("MD5", "SHA1", "SHA256", "SHA512", "SHA3")) {
        try {
          if (hs.getVMOption("Use" + alg + "Intrinsics").getValue().equals("true")) {
            on.add(alg);
          }
        } catch (IllegalArgumentException e) {
          // this JVM has no such flag
        }
      }
    } catch (RuntimeException e) {
      return "HotSpot intrinsics unknown";
    }
    return "HotSpot intrinsic stubs for " + (on.isEmpty() ? "none" : String.join(", ", on));
  }

  @Override
  public Task<byte[]> derive(Args a) throws Failure {
    String name = PBKDF2.get(a.name());
    if (name == null) {
      throw noAlg(a);
    }
    char[] password = a.chars();
    byte[] salt = a.requireSalt();
    if (salt.length == 0) {
      throw Failure.unsupported("PBEKeySpec refuses an empty salt");
    }
    int iterations = a.get("iterations");
    int bits = a.length * 8;
    return refusingParams(
        () -> {
          SecretKeyFactory factory = SecretKeyFactory.getInstance(name);
          return factory
              .generateSecret(new PBEKeySpec(password, salt, iterations, bits))
              .getEncoded();
        });
  }

  @Override
  public Task<byte[]> digest(String alg, String mode, byte[] input) throws Exception {
    String name = DIGESTS.get(alg);
    if (name == null) {
      throw Failure.unsupported("no " + alg);
    }
    switch (mode) {
      case "new":
        return () -> MessageDigest.getInstance(name).digest(input);
      case "reset":
        MessageDigest md = MessageDigest.getInstance(name);
        byte[] out = new byte[md.getDigestLength()];
        return () -> {
          md.reset();
          md.update(input);
          md.digest(out, 0, out.length);
          return out;
        };
      default:
        throw noMode(mode);
    }
  }
}
