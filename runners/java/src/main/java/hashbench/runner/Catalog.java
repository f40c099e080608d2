package hashbench.runner;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The algorithms of catalog/algorithms.toml with their parameter ranges, so the runner refuses
 * out-of-range values itself (invalid_params) before any library sees them.
 */
public final class Catalog {
  private Catalog() {}

  /** One integer parameter: default, inclusive range, and the catalog's extra rules. */
  public record Param(
      String key,
      long def,
      long min,
      long max,
      boolean powerOfTwo,
      String minPerParam,
      long minPerFactor,
      List<Long> choices) {}

  /** One algorithm: kind is "password" or "digest". */
  public record Alg(
      String name,
      String kind,
      String family,
      int lengthDefault,
      int lengthMin,
      int lengthMax,
      int saltMin,
      int saltMax,
      int outputBytes,
      Map<String, Param> params) {
    public boolean isDigest() {
      return kind.equals("digest");
    }
  }

  private static final Map<String, Alg> ALGS = new LinkedHashMap<>();

  private static Param p(String key, long def, long min, long max) {
    return new Param(key, def, min, max, false, null, 0, null);
  }

  private static void password(
      String name,
      String family,
      int lenDef,
      int lenMin,
      int lenMax,
      int saltMin,
      int saltMax,
      Param... params) {
    Map<String, Param> map = new LinkedHashMap<>();
    for (Param param : params) {
      map.put(param.key(), param);
    }
    ALGS.put(
        name, new Alg(name, "password", family, lenDef, lenMin, lenMax, saltMin, saltMax, 0, map));
  }

  private static void digest(String name, int outputBytes) {
    ALGS.put(
        name,
        new Alg(
            name,
            "digest",
            name,
            outputBytes,
            outputBytes,
            outputBytes,
            0,
            0,
            outputBytes,
            Map.of()));
  }

  static {
    for (String a : List.of("argon2id", "argon2i", "argon2d")) {
      password(
          a,
          "argon2",
          32,
          4,
          1024,
          8,
          Integer.MAX_VALUE,
          new Param("m", 65536, 8, 4194304, false, "p", 8, null),
          p("t", 3, 1, 1000),
          p("p", 4, 1, 255),
          new Param("version", 19, 16, 19, false, null, 0, List.of(16L, 19L)));
    }
    password(
        "scrypt",
        "scrypt",
        32,
        1,
        1024,
        0,
        Integer.MAX_VALUE,
        new Param("n", 65536, 2, 1073741824, true, null, 0, null),
        p("r", 8, 1, 1024),
        p("p", 1, 1, 1024));
    password("bcrypt", "bcrypt", 0, 0, 0, 16, 16, p("cost", 10, 4, 31));
    password(
        "pbkdf2-sha1",
        "pbkdf2",
        20,
        1,
        1024,
        0,
        Integer.MAX_VALUE,
        p("iterations", 600000, 1, 100000000));
    password(
        "pbkdf2-sha256",
        "pbkdf2",
        32,
        1,
        1024,
        0,
        Integer.MAX_VALUE,
        p("iterations", 600000, 1, 100000000));
    password(
        "pbkdf2-sha512",
        "pbkdf2",
        64,
        1,
        1024,
        0,
        Integer.MAX_VALUE,
        p("iterations", 210000, 1, 100000000));
    password("yescrypt", "yescrypt", 0, 0, 0, 0, Integer.MAX_VALUE, p("cost", 5, 1, 11));
    password("sha512crypt", "sha-crypt", 0, 0, 0, 0, 16, p("rounds", 5000, 1000, 999999999));
    digest("md5", 16);
    digest("sha1", 20);
    digest("sha256", 32);
    digest("sha512", 64);
    digest("sha3-256", 32);
    digest("blake2b-512", 64);
    digest("blake2s-256", 32);
    digest("blake3", 32);
  }

  /** The algorithm, or null if the catalog does not know it. */
  public static Alg get(String name) {
    return ALGS.get(name);
  }
}
