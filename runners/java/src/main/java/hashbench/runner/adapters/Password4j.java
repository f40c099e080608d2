package hashbench.runner.adapters;

import com.password4j.Argon2Function;
import com.password4j.BcryptFunction;
import com.password4j.CompressedPBKDF2Function;
import com.password4j.Hash;
import com.password4j.HashBuilder;
import com.password4j.HashingFunction;
import com.password4j.Password;
import com.password4j.ScryptFunction;
import com.password4j.types.Argon2;
import com.password4j.types.Hmac;
import hashbench.runner.Adapter;
import hashbench.runner.Args;
import hashbench.runner.BcryptStrings;
import hashbench.runner.Failure;
import hashbench.runner.Task;
import hashbench.runner.Verifier;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Function;

/**
 * password4j: Password.hash(password)[.addSalt(salt)].with(function) and Password.check(password,
 * hash).with(function), one implementation per hashing function (their strings differ: $2b$ modular
 * crypt, PHC, and password4j's own for scrypt/PBKDF2). Verify takes the function from the hash
 * (XFunction.getInstanceFromHash): the shorthand check(...).withBcrypt() / withArgon2() uses the
 * configured defaults instead of the hash's parameters and returns false for a hash made at other
 * parameters.
 */
public final class Password4j {
  private Password4j() {}

  static String version() {
    return Adapter.jarVersion(Password.class, "com.password4j", "password4j");
  }

  /** Shared shape of the four adapters: build the function, hash, check. */
  abstract static class Base extends Adapter {
    final String version = version();

    /** The function for these parameters, or null for the library defaults. */
    abstract HashingFunction function(Args a) throws Failure;

    /** Password.hash(...).withBcrypt() and friends: the configured defaults. */
    abstract Hash defaults(HashBuilder builder);

    abstract HashingFunction fromHash(String encoded);

    /** The salt as the function takes it (bcrypt wants its "$2b$NN$..." string). */
    byte[] salt(Args a) {
      return a.salt;
    }

    HashBuilder builder(Args a) throws Failure {
      return Password.hash(a.password);
    }

    /** password4j treats an empty password as null and throws BadParametersException. */
    static void refuseEmpty(Args a) throws Failure {
      if (a.password.length == 0) {
        throw Failure.unsupported(
            "password4j refuses an empty password (\"Password cannot " + "be null\")");
      }
    }

    @Override
    public Task<String> hash(Args a) throws Failure {
      refuseEmpty(a);
      if (a.defaults) {
        refuseSalt(a);
        return () -> defaults(builder(a)).getResult();
      }
      HashingFunction f = function(a);
      byte[] salt = salt(a);
      Args args = a;
      if (salt != null) {
        return refusingParams(() -> builder(args).addSalt(salt).with(f).getResult());
      }
      return refusingParams(() -> builder(args).with(f).getResult());
    }

    /** A string the library cannot parse: malformed (invalid_input) unless overridden. */
    Failure unreadable(String encoded, RuntimeException e) {
      return Failure.invalidInput("password4j rejects the string: " + e);
    }

    Task<byte[]> rawOutput(Args a) throws Failure {
      refuseEmpty(a);
      refuseSecret(a);
      HashingFunction f = function(a);
      byte[] salt = a.requireSalt();
      Args args = a;
      return refusingParams(() -> builder(args).addSalt(salt).with(f).getBytes());
    }

    @Override
    public Verifier verify(Args a) throws Failure {
      refuseEmpty(a);
      byte[] password = a.password;
      return encoded -> {
        HashingFunction f;
        try {
          f = fromHash(encoded);
        } catch (RuntimeException e) { // BadParametersException and parse errors
          throw unreadable(encoded, e);
        }
        return Password.check(password, encoded.getBytes(StandardCharsets.UTF_8)).with(f);
      };
    }
  }

  /** java/password4j-bcrypt: BcryptFunction.getInstance(cost), $2b$. */
  public static final class Bcrypt extends Base {
    @Override
    public Info info() {
      return new Info(
          "java/password4j-bcrypt",
          version,
          List.of("hash", "verify", "bench"),
          List.of(),
          "mcf",
          true,
          "BcryptFunction: emits $2b$; reads $2a$/$2b$/$2y$ ($2a$ with bytes >= 0x80: its "
              + "answers match neither crypt_blowfish nor OpenBSD); a given "
              + "salt goes in as the \"$2b$NN$\" + 22-character salt string; refuses an empty "
              + "password");
    }

    @Override
    HashingFunction function(Args a) {
      return BcryptFunction.getInstance(com.password4j.types.Bcrypt.B, a.get("cost"));
    }

    @Override
    Hash defaults(HashBuilder builder) {
      return builder.withBcrypt();
    }

    @Override
    HashingFunction fromHash(String encoded) {
      return BcryptFunction.getInstanceFromHash(encoded);
    }

    @Override
    byte[] salt(Args a) {
      return a.salt == null
          ? null
          : BcryptStrings.salt("b", a.get("cost"), a.salt).getBytes(StandardCharsets.US_ASCII);
    }
  }

  /** java/password4j-argon2: Argon2Function.getInstance(m, t, p, length, type, version). */
  public static final class Argon2Impl extends Base {
    @Override
    public Info info() {
      return new Info(
          "java/password4j-argon2",
          version,
          List.of("derive", "hash", "verify", "bench"),
          List.of(),
          "phc",
          true,
          "Argon2Function (pure Java); raw output from Hash.getBytes(); no secret or "
              + "associated data (its pepper is prepended to the password); own salts are "
              + "64 bytes; cannot read a string without v= (version 0x10)");
    }

    @Override
    HashingFunction function(Args a) throws Failure {
      Argon2 type =
          switch (a.name()) {
            case "argon2id" -> Argon2.ID;
            case "argon2i" -> Argon2.I;
            case "argon2d" -> Argon2.D;
            default -> throw noAlg(a);
          };
      return Argon2Function.getInstance(
          a.get("m"), a.get("t"), a.get("p"), a.length, type, a.get("version"));
    }

    @Override
    Hash defaults(HashBuilder builder) {
      return builder.withArgon2();
    }

    @Override
    HashingFunction fromHash(String encoded) {
      return Argon2Function.getInstanceFromHash(encoded);
    }

    /** The library cannot read a PHC string without v= (version 0x10, as the C reference). */
    @Override
    Failure unreadable(String encoded, RuntimeException e) {
      if (encoded.startsWith("$argon2") && !encoded.contains("$v=")) {
        return Failure.unsupported(
            "password4j cannot read an argon2 string without v= " + "(version 0x10): " + e);
      }
      return super.unreadable(encoded, e);
    }

    @Override
    public Task<byte[]> derive(Args a) throws Failure {
      return rawOutput(a);
    }
  }

  /** java/password4j-scrypt: ScryptFunction.getInstance(N, r, p, length). */
  public static final class Scrypt extends Base {
    @Override
    public Info info() {
      return new Info(
          "java/password4j-scrypt",
          version,
          List.of("derive", "hash", "verify", "bench"),
          List.of(),
          "own",
          true,
          "ScryptFunction (pure Java); encoded as $<hex log2N|r|p>$<base64 salt>$<base64 key> "
              + "(the format Spring Security uses; neither PHC nor $7$); raw output from "
              + "Hash.getBytes()");
    }

    @Override
    HashingFunction function(Args a) {
      return ScryptFunction.getInstance(a.get("n"), a.get("r"), a.get("p"), a.length);
    }

    @Override
    Hash defaults(HashBuilder builder) {
      return builder.withScrypt();
    }

    @Override
    HashingFunction fromHash(String encoded) {
      return ScryptFunction.getInstanceFromHash(encoded);
    }

    @Override
    public Task<byte[]> derive(Args a) throws Failure {
      return rawOutput(a);
    }
  }

  /** java/password4j-pbkdf2: CompressedPBKDF2Function (a "$3$..." string). */
  public static final class Pbkdf2 extends Base {
    private static final Function<String, Hmac> HMACS =
        alg ->
            switch (alg) {
              case "pbkdf2-sha1" -> Hmac.SHA1;
              case "pbkdf2-sha256" -> Hmac.SHA256;
              case "pbkdf2-sha512" -> Hmac.SHA512;
              default -> null;
            };

    @Override
    public Info info() {
      return new Info(
          "java/password4j-pbkdf2",
          version,
          List.of("derive", "hash", "verify", "bench"),
          List.of(),
          "own",
          true,
          "CompressedPBKDF2Function over the JDK's SecretKeyFactory; encoded as password4j's "
              + "own $3$<params>$<base64 salt>$<base64 key>; the password goes through a "
              + "String (UTF-8 only); the JDK refuses an empty salt");
    }

    @Override
    HashingFunction function(Args a) throws Failure {
      Hmac hmac = HMACS.apply(a.name());
      if (hmac == null) {
        throw noAlg(a);
      }
      return CompressedPBKDF2Function.getInstance(hmac, a.get("iterations"), a.length * 8);
    }

    @Override
    HashBuilder builder(Args a) throws Failure {
      return Password.hash(a.text());
    }

    @Override
    Hash defaults(HashBuilder builder) {
      return builder.withCompressedPBKDF2();
    }

    @Override
    HashingFunction fromHash(String encoded) {
      return CompressedPBKDF2Function.getInstanceFromHash(encoded);
    }

    @Override
    public Task<byte[]> derive(Args a) throws Failure {
      if (a.salt != null && a.salt.length == 0) {
        throw Failure.unsupported("the JDK's PBEKeySpec refuses an empty salt");
      }
      return rawOutput(a);
    }
  }
}
