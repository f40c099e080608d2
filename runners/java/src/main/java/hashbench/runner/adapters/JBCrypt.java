package hashbench.runner.adapters;

import hashbench.runner.Adapter;
import hashbench.runner.Args;
import hashbench.runner.BcryptStrings;
import hashbench.runner.Failure;
import hashbench.runner.Task;
import hashbench.runner.Verifier;
import java.util.List;
import org.mindrot.jbcrypt.BCrypt;

/** jBCrypt (org.mindrot): BCrypt.hashpw(password, BCrypt.gensalt(cost)) and checkpw. */
public final class JBCrypt extends Adapter {
  private final String version = jarVersion(BCrypt.class, "org.mindrot", "jbcrypt");

  @Override
  public Info info() {
    return new Info(
        "java/jbcrypt",
        version,
        List.of("hash", "verify", "bench"),
        List.of(),
        "mcf",
        true,
        "emits and reads $2a$ only ($2b$/$2y$ strings: 'Invalid salt revision'); String API, "
            + "so a password that is not UTF-8 is not expressible; checkpw compares with "
            + "String.equals (not constant-time)");
  }

  @Override
  public Task<String> hash(Args a) throws Failure {
    String password = a.text();
    if (a.defaults) {
      return () -> BCrypt.hashpw(password, BCrypt.gensalt());
    }
    int cost = a.get("cost");
    if (a.salt != null) { // hashpw takes the salt as its "$2a$NN$" + 22-character string
      String salt = BcryptStrings.salt("a", cost, a.salt);
      return refusingParams(() -> BCrypt.hashpw(password, salt));
    }
    return refusingParams(() -> BCrypt.hashpw(password, BCrypt.gensalt(cost)));
  }

  @Override
  public Verifier verify(Args a) throws Failure {
    String password = a.text();
    return encoded -> {
      if (encoded.startsWith("$2")
          && encoded.length() > 3
          && encoded.charAt(2) != 'a'
          && encoded.charAt(2) != '$') {
        throw Failure.unsupported(
            "jBCrypt reads $2a$ strings only, not $2" + encoded.charAt(2) + "$");
      }
      try {
        return BCrypt.checkpw(password, encoded);
      } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
        throw Failure.invalidInput("jBCrypt rejects the string: " + e);
      }
    };
  }
}
