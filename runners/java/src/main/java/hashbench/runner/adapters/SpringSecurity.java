package hashbench.runner.adapters;

import hashbench.runner.Adapter;
import hashbench.runner.Args;
import hashbench.runner.BcryptStrings;
import hashbench.runner.Failure;
import hashbench.runner.Task;
import hashbench.runner.Verifier;
import java.util.List;
import java.util.Map;
import org.springframework.security.crypto.argon2.Argon2PasswordEncoder;
import org.springframework.security.crypto.bcrypt.BCrypt;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.crypto.password.Pbkdf2PasswordEncoder;
import org.springframework.security.crypto.password.Pbkdf2PasswordEncoder.SecretKeyFactoryAlgorithm;
import org.springframework.security.crypto.scrypt.SCryptPasswordEncoder;

/**
 * Spring Security's crypto module: one PasswordEncoder per algorithm, built once (as a Spring bean
 * would be) and called with encode(raw) / matches(raw, encoded). Encoders take a CharSequence, so a
 * password that is not UTF-8 is not expressible. matches() reports a malformed string as false
 * (with a logged warning), so verify says valid=false for it.
 */
public final class SpringSecurity {
  private SpringSecurity() {}

  static String version() {
    return Adapter.jarVersion(
        PasswordEncoder.class, "org.springframework.security", "spring-security-crypto");
  }

  /**
   * encoder.matches(raw, encoded). Spring's matches() returns false for an empty raw password
   * whatever the hash (AbstractValidatingPasswordEncoder), so an empty password is unsupported here
   * rather than a wrong "false".
   */
  /** What every Spring row's notes say of {@link #matches} and an empty password. */
  static final String EMPTY_PASSWORD =
      "; verify of an empty password: unsupported here (matches() answers false whatever the hash)";

  static Verifier matches(PasswordEncoder encoder, Args a) throws Failure {
    String password = a.text();
    if (password.isEmpty()) {
      throw Failure.unsupported(
          "Spring's PasswordEncoder.matches() never matches an empty " + "password");
    }
    return encoded -> encoder.matches(password, encoded);
  }

  /** java/spring-bcrypt: BCryptPasswordEncoder(strength). */
  public static final class Bcrypt extends Adapter {
    private final String version = version();

    @Override
    public Info info() {
      return new Info(
          "java/spring-bcrypt",
          version,
          List.of("hash", "verify", "bench"),
          List.of(),
          "mcf",
          true,
          "BCryptPasswordEncoder: emits $2a$, reads $2a$/$2b$/$2y$; encode refuses passwords "
              + "over 72 bytes but matches truncates them; hash with a given salt goes through "
              + "Spring's public BCrypt.hashpw(password, salt string)"
              + EMPTY_PASSWORD);
    }

    @Override
    public Task<String> hash(Args a) throws Failure {
      String password = a.text();
      if (a.defaults) {
        PasswordEncoder encoder = new BCryptPasswordEncoder();
        return () -> encoder.encode(password);
      }
      int cost = a.get("cost");
      if (a.salt != null) {
        String salt = BcryptStrings.salt("a", cost, a.salt);
        return tooLong(() -> BCrypt.hashpw(password, salt));
      }
      PasswordEncoder encoder = new BCryptPasswordEncoder(cost);
      return tooLong(() -> encoder.encode(password));
    }

    /** encode does not offer passwords over 72 bytes (unsupported); other refusals: params. */
    private static Task<String> tooLong(Task<String> task) {
      return () -> {
        try {
          return task.run();
        } catch (IllegalArgumentException e) {
          if (String.valueOf(e.getMessage()).contains("72 bytes")) {
            throw Failure.unsupported("BCryptPasswordEncoder.encode: " + e.getMessage());
          }
          throw Failure.invalidParams("the library refuses the parameters: " + e.getMessage());
        }
      };
    }

    @Override
    public Verifier verify(Args a) throws Failure {
      Verifier matches = matches(new BCryptPasswordEncoder(), a);
      return encoded -> {
        return matches.verify(encoded);
      };
    }
  }

  /** java/spring-argon2: Argon2PasswordEncoder (argon2id, v=19, Bouncy Castle inside). */
  public static final class Argon2 extends Adapter {
    private final String version = version();

    @Override
    public Info info() {
      return new Info(
          "java/spring-argon2",
          version,
          List.of("hash", "verify", "bench"),
          List.of(),
          "phc",
          true,
          "Argon2PasswordEncoder(saltLength=16, hashLength, parallelism, memory KiB, "
              + "iterations): argon2id v=19 only, computed by Bouncy Castle's "
              + "Argon2BytesGenerator; makes its own salt and cannot take one"
              + EMPTY_PASSWORD);
    }

    @Override
    public Task<String> hash(Args a) throws Failure {
      refuseSalt(a);
      refuseSecret(a);
      String password = a.text();
      PasswordEncoder encoder;
      if (a.defaults) {
        encoder = Argon2PasswordEncoder.defaultsForSpringSecurity_v5_8();
      } else {
        if (a.get("version") != 19) {
          throw Failure.unsupported("Argon2PasswordEncoder makes version 19 only");
        }
        encoder = new Argon2PasswordEncoder(16, a.length, a.get("p"), a.get("m"), a.get("t"));
      }
      return refusingParams(() -> encoder.encode(password));
    }

    @Override
    public Verifier verify(Args a) throws Failure {
      return matches(Argon2PasswordEncoder.defaultsForSpringSecurity_v5_8(), a);
    }
  }

  /** java/spring-scrypt: SCryptPasswordEncoder; its string format is Spring's own. */
  public static final class Scrypt extends Adapter {
    private final String version = version();

    @Override
    public Info info() {
      return new Info(
          "java/spring-scrypt",
          version,
          List.of("hash", "verify", "bench"),
          List.of(),
          "own",
          true,
          "SCryptPasswordEncoder(cpuCost=N, memoryCost=r, parallelization=p, keyLength, "
              + "saltLength=16), computed by Bouncy Castle's SCrypt; encoded as Spring's own "
              + "$<hex log2N|r|p>$<base64 salt>$<base64 key> (neither PHC nor $7$); makes its "
              + "own salt and cannot take one"
              + EMPTY_PASSWORD);
    }

    @Override
    public Task<String> hash(Args a) throws Failure {
      refuseSalt(a);
      String password = a.text();
      PasswordEncoder encoder =
          a.defaults
              ? SCryptPasswordEncoder.defaultsForSpringSecurity_v5_8()
              : new SCryptPasswordEncoder(a.get("n"), a.get("r"), a.get("p"), a.length, 16);
      return refusingParams(() -> encoder.encode(password));
    }

    @Override
    public Verifier verify(Args a) throws Failure {
      return matches(SCryptPasswordEncoder.defaultsForSpringSecurity_v5_8(), a);
    }
  }

  /**
   * java/spring-pbkdf2: Pbkdf2PasswordEncoder(secret, saltLength, iterations, hashWidth) with
   * setAlgorithm(PBKDF2WithHmacSHAxxx). Its string is hex of salt||key and carries neither the
   * algorithm nor the iterations, so the verifier must be built exactly as the encoder was: verify
   * uses the request's params, or Spring's defaults when it has none.
   */
  public static final class Pbkdf2 extends Adapter {
    private static final Map<String, SecretKeyFactoryAlgorithm> ALGORITHMS =
        Map.of(
            "pbkdf2-sha1", SecretKeyFactoryAlgorithm.PBKDF2WithHmacSHA1,
            "pbkdf2-sha256", SecretKeyFactoryAlgorithm.PBKDF2WithHmacSHA256,
            "pbkdf2-sha512", SecretKeyFactoryAlgorithm.PBKDF2WithHmacSHA512);

    private final String version = version();

    @Override
    public Info info() {
      return new Info(
          "java/spring-pbkdf2",
          version,
          List.of("hash", "verify", "bench"),
          List.of(),
          "own",
          true,
          "Pbkdf2PasswordEncoder(secret \"\", saltLength 16, iterations, hashWidth bits) + "
              + "setAlgorithm, over the JDK's SecretKeyFactory; emits hex of salt||key with no "
              + "parameters, so verify needs the encoder's configuration; makes its own salt"
              + EMPTY_PASSWORD);
    }

    // The deprecated constructor is the one that takes a hash width: its replacement fixes
    // the width to the algorithm's, and the request asks for a.length bytes.
    @SuppressWarnings("deprecation")
    private static PasswordEncoder encoder(Args a) throws Failure {
      SecretKeyFactoryAlgorithm algorithm = ALGORITHMS.get(a.name());
      if (algorithm == null) {
        throw noAlg(a);
      }
      Pbkdf2PasswordEncoder encoder =
          new Pbkdf2PasswordEncoder("", 16, a.get("iterations"), a.length * 8);
      encoder.setAlgorithm(algorithm);
      return encoder;
    }

    @Override
    public Task<String> hash(Args a) throws Failure {
      refuseSalt(a);
      String password = a.text();
      PasswordEncoder encoder =
          a.defaults ? Pbkdf2PasswordEncoder.defaultsForSpringSecurity_v5_8() : encoder(a);
      return refusingParams(() -> encoder.encode(password));
    }

    @Override
    public Verifier verify(Args a) throws Failure {
      return matches(
          a.paramsGiven ? encoder(a) : Pbkdf2PasswordEncoder.defaultsForSpringSecurity_v5_8(), a);
    }
  }
}
