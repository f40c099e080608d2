package hashbench.runner;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.List;
import java.util.Properties;

/**
 * One implementation: a library called the way its README shows. Each method prepares a call
 * outside the timed loop (objects a user would build once: encoders, hashers) and returns a {@link
 * Task} that makes the library call itself. The default of every method is "unsupported".
 */
public abstract class Adapter {

  /**
   * What the hello line says about this implementation beside the compiled catalog's library,
   * backend and algorithms for its id.
   */
  public record Info(
      String id,
      String version,
      List<String> ops,
      List<String> modes,
      String encoding,
      boolean defaults,
      String notes) {}

  public abstract Info info();

  /** Raw output for a password, salt and parameters. */
  public Task<byte[]> derive(Args a) throws Exception {
    throw Failure.unsupported(info().id() + " has no derive");
  }

  /** The library's own encoded string (its own salt unless {@code a.salt} is set). */
  public Task<String> hash(Args a) throws Exception {
    throw Failure.unsupported(info().id() + " has no hash");
  }

  /** Checks {@code a.password} against an encoded string. */
  public Verifier verify(Args a) throws Exception {
    throw Failure.unsupported(info().id() + " has no verify");
  }

  /**
   * A digest of {@code input} in a bench mode; the task returns the output (which may be a buffer
   * reused across calls).
   */
  public Task<byte[]> digest(String alg, String mode, byte[] input) throws Exception {
    throw Failure.unsupported(info().id() + " has no digest");
  }

  // -- helpers for adapters ----------------------------------------------------------------

  /**
   * A task whose IllegalArgumentException means the library refused its parameters (an
   * invalid_params reply rather than library_error).
   */
  protected static <T> Task<T> refusingParams(Task<T> task) {
    return () -> {
      try {
        return task.run();
      } catch (IllegalArgumentException e) {
        throw Failure.invalidParams("the library refuses the parameters: " + e.getMessage());
      }
    };
  }

  /** Unsupported unless {@code alg} is one of this implementation's algorithms. */
  protected static Failure noAlg(Args a) {
    return Failure.unsupported("no " + a.name());
  }

  protected static Failure noMode(String mode) {
    return Failure.unsupported("no " + mode + " mode");
  }

  protected static void refuseSecret(Args a) throws Failure {
    if (a.secret != null && a.secret.length > 0 || a.ad != null && a.ad.length > 0) {
      throw Failure.unsupported("secret / associated data not expressible in this API");
    }
  }

  protected static void refuseSalt(Args a) throws Failure {
    if (a.salt != null) {
      throw Failure.unsupported("this API makes its own salt and cannot take one");
    }
  }

  protected static void refuseDefaults(Args a) throws Failure {
    if (a.defaults) {
      throw Failure.unsupported("no call without parameters in this API");
    }
  }

  /**
   * The version of the jar a class was loaded from, read from its Maven metadata
   * (META-INF/maven/.../pom.properties) or else its manifest.
   */
  public static String jarVersion(Class<?> anchor, String group, String artifact) {
    URL url = anchor.getResource("/META-INF/maven/" + group + "/" + artifact + "/pom.properties");
    if (url != null) {
      try (InputStream in = url.openStream()) {
        Properties p = new Properties();
        p.load(in);
        String v = p.getProperty("version");
        if (v != null) {
          return v;
        }
      } catch (IOException e) {
        // fall through to the manifest
      }
    }
    String v = anchor.getPackage().getImplementationVersion();
    if (v != null) {
      return v;
    }
    // The jar's own file name, as Maven copied it: <artifact>-<version>.jar.
    String path = anchor.getProtectionDomain().getCodeSource().getLocation().getPath();
    String file = path.substring(path.lastIndexOf('/') + 1);
    if (file.startsWith(artifact + "-") && file.endsWith(".jar")) {
      return file.substring(artifact.length() + 1, file.length() - 4);
    }
    return "unknown";
  }
}
