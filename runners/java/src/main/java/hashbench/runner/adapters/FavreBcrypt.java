package hashbench.runner.adapters;

import at.favre.lib.crypto.bcrypt.BCrypt;
import hashbench.runner.Adapter;
import hashbench.runner.Args;
import hashbench.runner.Failure;
import hashbench.runner.Task;
import hashbench.runner.Verifier;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** at.favre.lib:bcrypt: BCrypt.withDefaults().hash(cost, password) and BCrypt.verifyer(). */
public final class FavreBcrypt extends Adapter {
  private final String version = jarVersion(BCrypt.class, "at.favre.lib", "bcrypt");

  @Override
  public Info info() {
    return new Info(
        "java/favre-bcrypt",
        version,
        List.of("hash", "verify", "bench"),
        List.of(),
        "mcf",
        false,
        "withDefaults(): $2a$ and LongPasswordStrategies.strict, which refuses passwords over "
            + "72 bytes in hash and verify (unsupported); byte[] API; verifyer() reads "
            + "$2a$/$2b$/$2x$/$2y$ ($2a$ as $2b$: with bytes >= 0x80 its $2a$ answers differ from "
            + "crypt_blowfish's) and reports a "
            + "malformed string as validFormat=false (invalid_input)");
  }

  @Override
  public Task<String> hash(Args a) throws Failure {
    refuseDefaults(a);
    byte[] password = a.password;
    int cost = a.get("cost");
    BCrypt.Hasher hasher = BCrypt.withDefaults();
    if (a.salt != null) {
      byte[] salt = a.salt;
      return refusals(() -> new String(hasher.hash(cost, salt, password), StandardCharsets.UTF_8));
    }
    return refusals(() -> new String(hasher.hash(cost, password), StandardCharsets.UTF_8));
  }

  @Override
  public Verifier verify(Args a) {
    byte[] password = a.password;
    BCrypt.Verifyer verifyer = BCrypt.verifyer();
    return encoded -> {
      BCrypt.Result result;
      try {
        result = verifyer.verify(password, encoded.getBytes(StandardCharsets.UTF_8));
      } catch (IllegalArgumentException e) {
        throw longPassword(e);
      }
      if (!result.validFormat) {
        throw Failure.invalidInput("malformed bcrypt string: " + result.formatErrorMessage);
      }
      return result.verified;
    };
  }

  /** The strict long-password strategy's refusal is about the input; others are params. */
  private static Task<String> refusals(Task<String> task) {
    return () -> {
      try {
        return task.run();
      } catch (IllegalArgumentException e) {
        if (String.valueOf(e.getMessage()).contains("password must not be longer")) {
          throw longPassword(e);
        }
        throw Failure.invalidParams("the library refuses the parameters: " + e.getMessage());
      }
    };
  }

  /** The strict strategy does not offer passwords over 72 bytes (unsupported). */
  private static Failure longPassword(IllegalArgumentException e) {
    if (String.valueOf(e.getMessage()).contains("password must not be longer")) {
      return Failure.unsupported("LongPasswordStrategies.strict: " + e.getMessage());
    }
    return Failure.invalidInput(e.getMessage());
  }
}
