package hashbench.runner.adapters;

import com.sun.jna.NativeLibrary;
import de.mkammerer.argon2.Argon2;
import de.mkammerer.argon2.Argon2Advanced;
import de.mkammerer.argon2.Argon2Factory;
import de.mkammerer.argon2.Argon2Factory.Argon2Types;
import de.mkammerer.argon2.Argon2Version;
import hashbench.runner.Adapter;
import hashbench.runner.Args;
import hashbench.runner.Failure;
import hashbench.runner.Task;
import hashbench.runner.Verifier;
import java.util.List;

/**
 * argon2-jvm (de.mkammerer): the C reference implementation (the system's libargon2) through JNA.
 * Argon2Factory.create(type, saltLen, hashLen).hash(t, m, p, password) and verify(encoded,
 * password); Argon2Advanced for raw output, a given salt, secret, ad and version 16. verify()
 * reports a string libargon2 cannot decode as false (valid: false).
 */
public final class Argon2Jvm extends Adapter {
  private static final int SALT_LENGTH = 16;
  private final String version = jarVersion(Argon2.class, "de.mkammerer", "argon2-jvm-nolibs");
  private final String nativeLib;

  public Argon2Jvm() {
    // Fails here, at start-up, if libargon2 cannot be loaded: the runner then leaves this
    // implementation out of its hello and says why on stderr.
    Argon2Factory.createAdvanced(Argon2Types.ARGON2id).generateSalt();
    nativeLib = NativeLibrary.getInstance("argon2").getFile().toString();
  }

  @Override
  public Info info() {
    return new Info(
        "java/argon2-jvm",
        version,
        List.of("derive", "hash", "verify", "bench"),
        List.of(),
        "phc",
        false,
        "JNA "
            + com.sun.jna.Native.VERSION
            + " -> "
            + nativeLib
            + " (reference C, lanes on "
            + "threads); argon2-jvm-nolibs uses the system library; alloc_bytes_per_op counts "
            + "the Java heap only, not libargon2's native memory");
  }

  private static Argon2Types type(Args a) throws Failure {
    return switch (a.name()) {
      case "argon2id" -> Argon2Types.ARGON2id;
      case "argon2i" -> Argon2Types.ARGON2i;
      case "argon2d" -> Argon2Types.ARGON2d;
      default -> throw noAlg(a);
    };
  }

  private static Argon2Version version(Args a) {
    return a.get("version") == 16 ? Argon2Version.V10 : Argon2Version.V13;
  }

  @Override
  public Task<byte[]> derive(Args a) throws Failure {
    Argon2Advanced argon2 = Argon2Factory.createAdvanced(type(a), SALT_LENGTH, a.length);
    byte[] password = a.password;
    byte[] salt = a.requireSalt();
    // JNA cannot pass an empty array (it allocates native memory of that size): null.
    byte[] secret = a.secret == null || a.secret.length == 0 ? null : a.secret;
    byte[] ad = a.ad == null || a.ad.length == 0 ? null : a.ad;
    int t = a.get("t");
    int m = a.get("m");
    int p = a.get("p");
    int length = a.length;
    Argon2Version v = version(a);
    return refusals(() -> argon2.rawHashAdvanced(t, m, p, password, salt, secret, ad, length, v));
  }

  @Override
  public Task<String> hash(Args a) throws Failure {
    refuseDefaults(a);
    byte[] password = a.password;
    int t = a.get("t");
    int m = a.get("m");
    int p = a.get("p");
    if (a.salt == null && a.get("version") == 19) { // the README's call
      Argon2 argon2 = Argon2Factory.create(type(a), SALT_LENGTH, a.length);
      return refusals(() -> argon2.hash(t, m, p, password));
    }
    Argon2Advanced argon2 = Argon2Factory.createAdvanced(type(a), SALT_LENGTH, a.length);
    byte[] given = a.salt;
    int length = a.length;
    Argon2Version v = version(a);
    return refusals(
        () -> {
          byte[] salt = given != null ? given : argon2.generateSalt();
          return argon2.hashAdvanced(t, m, p, password, salt, length, v).getEncoded();
        });
  }

  @Override
  public Verifier verify(Args a) throws Failure {
    Argon2 argon2 = Argon2Factory.create(type(a));
    byte[] password = a.password;
    return encoded -> {
      try {
        return argon2.verify(encoded, password);
      } catch (IllegalStateException | IllegalArgumentException e) {
        throw Failure.invalidInput("libargon2 rejects the string: " + e.getMessage());
      }
    };
  }

  /** libargon2's error codes come back as IllegalStateException: refused parameters. */
  private static <T> Task<T> refusals(Task<T> task) {
    return () -> {
      try {
        return task.run();
      } catch (IllegalStateException | IllegalArgumentException e) {
        throw Failure.invalidParams("libargon2 refuses: " + e.getMessage());
      }
    };
  }
}
