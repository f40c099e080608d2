package hashbench.runner.adapters;

import hashbench.runner.Adapter;
import hashbench.runner.Args;
import hashbench.runner.Failure;
import hashbench.runner.Task;
import hashbench.runner.Verifier;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.digests.Blake2bDigest;
import org.bouncycastle.crypto.digests.Blake2sDigest;
import org.bouncycastle.crypto.digests.Blake3Digest;
import org.bouncycastle.crypto.digests.MD5Digest;
import org.bouncycastle.crypto.digests.SHA1Digest;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.digests.SHA3Digest;
import org.bouncycastle.crypto.digests.SHA512Digest;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.generators.OpenBSDBCrypt;
import org.bouncycastle.crypto.generators.PKCS5S2ParametersGenerator;
import org.bouncycastle.crypto.generators.SCrypt;
import org.bouncycastle.crypto.params.Argon2Parameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * Bouncy Castle's lightweight API (bcprov-jdk18on): two implementations, because its password
 * functions are raw (Argon2BytesGenerator, SCrypt, PKCS5S2) while OpenBSDBCrypt makes and checks
 * modular-crypt strings.
 */
public final class BouncyCastle {
  private BouncyCastle() {}

  static String version() {
    return new BouncyCastleProvider().getVersionStr();
  }

  /** java/bouncycastle: raw KDFs and digests. */
  public static final class Raw extends Adapter {
    private static final Map<String, Supplier<Digest>> DIGESTS =
        Map.of(
            "md5",
            MD5Digest::new,
            "sha1",
            SHA1Digest::new,
            "sha256",
            SHA256Digest::new,
            "sha512",
            SHA512Digest::new,
            "sha3-256",
            () -> new SHA3Digest(256),
            "blake2b-512",
            () -> new Blake2bDigest(512),
            "blake2s-256",
            () -> new Blake2sDigest(256),
            "blake3",
            () -> new Blake3Digest(256));

    private final String version = version();

    @Override
    public Info info() {
      return new Info(
          "java/bouncycastle",
          version,
          List.of("derive", "digest", "bench"),
          List.of("new", "reset"),
          null,
          false,
          "raw output only (Argon2BytesGenerator, SCrypt.generate, PKCS5S2ParametersGenerator);"
              + " argon2 lanes run one after another on the calling thread");
    }

    @Override
    public Task<byte[]> derive(Args a) throws Failure {
      byte[] password = a.password;
      byte[] salt = a.requireSalt();
      int length = a.length;
      switch (a.name()) {
        case "argon2id", "argon2i", "argon2d" -> {
          int type =
              switch (a.name()) {
                case "argon2id" -> Argon2Parameters.ARGON2_id;
                case "argon2i" -> Argon2Parameters.ARGON2_i;
                default -> Argon2Parameters.ARGON2_d;
              };
          int version =
              a.get("version") == 16
                  ? Argon2Parameters.ARGON2_VERSION_10
                  : Argon2Parameters.ARGON2_VERSION_13;
          int t = a.get("t");
          int m = a.get("m");
          int p = a.get("p");
          byte[] secret = a.secret;
          byte[] ad = a.ad;
          return refusingParams(
              () -> argon2(type, version, t, m, p, salt, secret, ad, password, length));
        }
        case "scrypt" -> {
          int n = a.get("n");
          int r = a.get("r");
          int p = a.get("p");
          return refusingParams(() -> SCrypt.generate(password, salt, n, r, p, length));
        }
        case "pbkdf2-sha1", "pbkdf2-sha256", "pbkdf2-sha512" -> {
          int iterations = a.get("iterations");
          Supplier<Digest> digest = DIGESTS.get(a.name().substring("pbkdf2-".length()));
          return refusingParams(() -> pbkdf2(digest.get(), password, salt, iterations, length));
        }
        default -> throw noAlg(a);
      }
    }

    private static byte[] argon2(
        int type,
        int version,
        int t,
        int m,
        int p,
        byte[] salt,
        byte[] secret,
        byte[] ad,
        byte[] password,
        int length) {
      Argon2Parameters.Builder builder =
          new Argon2Parameters.Builder(type)
              .withVersion(version)
              .withIterations(t)
              .withMemoryAsKB(m)
              .withParallelism(p)
              .withSalt(salt);
      if (secret != null) {
        builder.withSecret(secret);
      }
      if (ad != null) {
        builder.withAdditional(ad);
      }
      Argon2BytesGenerator generator = new Argon2BytesGenerator();
      generator.init(builder.build());
      byte[] out = new byte[length];
      generator.generateBytes(password, out);
      return out;
    }

    private static byte[] pbkdf2(
        Digest digest, byte[] password, byte[] salt, int iterations, int length) {
      PKCS5S2ParametersGenerator generator = new PKCS5S2ParametersGenerator(digest);
      generator.init(password, salt, iterations);
      return ((KeyParameter) generator.generateDerivedParameters(length * 8)).getKey();
    }

    @Override
    public Task<byte[]> digest(String alg, String mode, byte[] input) throws Failure {
      Supplier<Digest> make = DIGESTS.get(alg);
      if (make == null) {
        throw Failure.unsupported("no " + alg);
      }
      switch (mode) {
        case "new":
          return () -> {
            Digest d = make.get();
            d.update(input, 0, input.length);
            byte[] out = new byte[d.getDigestSize()];
            d.doFinal(out, 0);
            return out;
          };
        case "reset":
          Digest d = make.get();
          byte[] out = new byte[d.getDigestSize()];
          return () -> {
            d.reset();
            d.update(input, 0, input.length);
            d.doFinal(out, 0);
            return out;
          };
        default:
          throw noMode(mode);
      }
    }
  }

  /** java/bouncycastle-bcrypt: OpenBSDBCrypt.generate / checkPassword. */
  public static final class Bcrypt extends Adapter {
    private final String version = version();
    private final SecureRandom random = new SecureRandom();

    @Override
    public Info info() {
      return new Info(
          "java/bouncycastle-bcrypt",
          version,
          List.of("hash", "verify", "bench"),
          List.of(),
          "mcf",
          false,
          "OpenBSDBCrypt: emits $2y$ by default; takes the password as bytes; has no salt "
              + "generator of its own, so hash without a salt draws 16 bytes from SecureRandom "
              + "as its docs show; verify also accepts $2x$ strings (as $2a$, without the "
              + "sign-extension bug) and treats $2a$ as $2b$: with bytes >= 0x80 its $2a$ "
              + "answers differ from crypt_blowfish's (false to its $2a$ hash of ff ff a3)");
    }

    @Override
    public Task<String> hash(Args a) throws Failure {
      refuseDefaults(a);
      byte[] password = a.password;
      byte[] given = a.salt;
      int cost = a.get("cost");
      return refusingParams(
          () -> {
            byte[] salt = given;
            if (salt == null) {
              salt = new byte[16];
              random.nextBytes(salt);
            }
            return OpenBSDBCrypt.generate(password, salt, cost);
          });
    }

    @Override
    public Verifier verify(Args a) {
      byte[] password = a.password;
      return encoded -> {
        try {
          return OpenBSDBCrypt.checkPassword(encoded, password);
        } catch (IllegalArgumentException | org.bouncycastle.crypto.DataLengthException e) {
          throw Failure.invalidInput("OpenBSDBCrypt rejects the string: " + e.getMessage());
        }
      };
    }
  }
}
