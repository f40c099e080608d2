package hashbench.runner.adapters;

import hashbench.runner.Adapter;
import hashbench.runner.Args;
import hashbench.runner.BcryptStrings;
import hashbench.runner.Failure;
import hashbench.runner.Task;
import hashbench.runner.Verifier;
import java.util.List;
import org.springframework.security.crypto.argon2.Argon2PasswordEncoder;
import org.springframework.security.crypto.bcrypt.BCrypt;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
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
          "spring-security-crypto",
          version,
          "pure",
          List.of("bcrypt"),
          List.of("hash", "verify", "bench"),
          List.of(),
          "mcf",
          true,
          "BCryptPasswordEncoder: emits $2a$, reads $2a$/$2b$/$2y$; encode refuses passwords "
              + "over 72 bytes but matches truncates them; hash with a given salt goes through "
              + "Spring's public BCrypt.hashpw(password, salt string)");
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
          "spring-security-crypto",
          version,
          "pure",
          List.of("argon2id"),
          List.of("hash", "verify", "bench"),
          List.of(),
          "phc",
          true,
          "Argon2PasswordEncoder(saltLength=16, hashLength, parallelism, memory KiB, "
              + "iterations): argon2id v=19 only, computed by Bouncy Castle's "
              + "Argon2BytesGenerator; makes its own salt and cannot take one");
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
          "spring-security-crypto",
          version,
          "pure",
          List.of("scrypt"),
          List.of("hash", "verify", "bench"),
          List.of(),
          null,
          true,
          "SCryptPasswordEncoder(cpuCost=N, memoryCost=r, parallelization=p, keyLength, "
              + "saltLength=16), computed by Bouncy Castle's SCrypt; encoded as Spring's own "
              + "$<hex log2N|r|p>$<base64 salt>$<base64 key> (neither PHC nor $7$); makes its "
              + "own salt and cannot take one");
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
}
