package hashbench.runner;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The validated arguments of one password operation (derive, hash, verify): password, salt,
 * parameters with the catalog's defaults filled in, output length, secret and associated data.
 * Built once per request, outside any timed loop.
 */
public final class Args {
  public final Catalog.Alg alg;
  public final byte[] password;

  /** The given salt, or null: the library makes its own. */
  public final byte[] salt;

  public final int length;

  /** Argon2 secret and associated data, or null. */
  public final byte[] secret;

  public final byte[] ad;

  /** True for a hash request without params: the library's no-option call. */
  public final boolean defaults;

  /** True if the runner's own range checks were skipped ("unchecked": true). */
  public final boolean unchecked;

  /**
   * True if the request carried params. A verify request carries them only for formats that hold no
   * parameters (Spring's Pbkdf2PasswordEncoder): the verifier is configured as the encoder was.
   */
  public final boolean paramsGiven;

  private final Map<String, Integer> params;

  private Args(
      Catalog.Alg alg,
      byte[] password,
      byte[] salt,
      int length,
      byte[] secret,
      byte[] ad,
      boolean defaults,
      boolean unchecked,
      boolean paramsGiven,
      Map<String, Integer> params) {
    this.alg = alg;
    this.password = password;
    this.salt = salt;
    this.length = length;
    this.secret = secret;
    this.ad = ad;
    this.defaults = defaults;
    this.unchecked = unchecked;
    this.paramsGiven = paramsGiven;
    this.params = params;
  }

  /** A parameter's value (the catalog default if the request left it out). */
  public int get(String key) {
    return params.get(key);
  }

  public String name() {
    return alg.name();
  }

  /** The password as a Java String, for APIs that take String / char[] / CharSequence. */
  public String text() throws Failure {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(password))
          .toString();
    } catch (CharacterCodingException e) {
      throw Failure.unsupported(
          "password is not valid UTF-8: not expressible through this "
              + "library's String/char[] API");
    }
  }

  public char[] chars() throws Failure {
    return text().toCharArray();
  }

  /** The salt given in the request; refuses a request without one. */
  public byte[] requireSalt() throws Failure {
    if (salt == null) {
      throw Failure.invalidInput("this operation needs a salt");
    }
    return salt;
  }

  /**
   * Parses and validates. {@code op} is "derive", "hash" or "verify"; for "verify" only the
   * password matters (the parameters come from the encoded string).
   */
  public static Args parse(Request req, Catalog.Alg alg, String op) throws Failure {
    byte[] password = req.hex("password");
    byte[] salt = req.optHex("salt");
    byte[] secret = req.optHex("secret");
    byte[] ad = req.optHex("ad");
    boolean unchecked = req.optBool("unchecked");
    JsonNode given = req.get("params");
    if (given != null && !given.isObject()) {
      throw Failure.protocol("field 'params' must be an object");
    }
    boolean defaults = given == null && op.equals("hash");
    if (op.equals("derive") && salt == null) {
      salt = new byte[0];
    }
    Map<String, Integer> params = new HashMap<>();
    for (Catalog.Param p : alg.params().values()) {
      params.put(p.key(), (int) p.def());
    }
    if (given != null) {
      for (Map.Entry<String, JsonNode> e : given.properties()) {
        JsonNode v = e.getValue();
        if (!v.isIntegralNumber()) {
          throw Failure.protocol("params." + e.getKey() + " must be an integer");
        }
        if (!v.canConvertToInt()) {
          throw Failure.invalidParams(
              "params." + e.getKey() + "=" + v.asText() + " does not fit a Java int");
        }
        params.put(e.getKey(), v.intValue());
      }
    }
    int defLength = alg.name().equals("scrypt") && op.equals("derive") ? 64 : alg.lengthDefault();
    long length = req.optLong("length", defLength, Integer.MIN_VALUE, Integer.MAX_VALUE);
    if (!unchecked && !op.equals("verify")) {
      check(alg, params, salt, length);
    }
    return new Args(
        alg, password, salt, (int) length, secret, ad, defaults, unchecked, given != null, params);
  }

  private static void check(Catalog.Alg alg, Map<String, Integer> params, byte[] salt, long length)
      throws Failure {
    for (Catalog.Param p : alg.params().values()) {
      long v = params.get(p.key());
      if (p.choices() != null) {
        if (!p.choices().contains(v)) {
          throw Failure.invalidParams(p.key() + "=" + v + " not one of " + p.choices());
        }
        continue;
      }
      if (v < p.min() || v > p.max()) {
        throw Failure.invalidParams(
            p.key() + "=" + v + " outside [" + p.min() + ", " + p.max() + "]");
      }
      if (p.powerOfTwo() && Long.bitCount(v) != 1) {
        throw Failure.invalidParams(p.key() + "=" + v + " is not a power of two");
      }
      if (p.minPerParam() != null) {
        long other = params.get(p.minPerParam());
        if (v < p.minPerFactor() * other) {
          throw Failure.invalidParams(
              p.key()
                  + "="
                  + v
                  + " below "
                  + p.minPerFactor()
                  + "*"
                  + p.minPerParam()
                  + "="
                  + p.minPerFactor() * other);
        }
      }
    }
    if (alg.lengthMax() > 0 && (length < alg.lengthMin() || length > alg.lengthMax())) {
      throw Failure.invalidParams(
          "length=" + length + " outside [" + alg.lengthMin() + ", " + alg.lengthMax() + "]");
    }
    if (salt != null && (salt.length < alg.saltMin() || salt.length > alg.saltMax())) {
      throw Failure.invalidParams(
          "salt of "
              + salt.length
              + " bytes; "
              + alg.name()
              + " takes "
              + alg.saltMin()
              + (alg.saltMax() == Integer.MAX_VALUE ? " or more" : "-" + alg.saltMax()));
    }
  }
}
