package hashbench.runner;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The compiled catalog (build/catalog.json; docs/protocol.md, "The catalog a runner reads"; its
 * format: src/hashbench/catalog/compiled.py), read once at start-up: every algorithm's parameter
 * schema, so the runner refuses out-of-range values itself (invalid_params) before any library sees
 * them, and the library, backend and algorithms of each implementation it serves.
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

  /**
   * One algorithm: kind is "password" or "digest"; lengthMax 0 when it has no output length;
   * saltMax Integer.MAX_VALUE when the salt has no maximum.
   */
  public record Alg(
      String name,
      String kind,
      int lengthDefault,
      int lengthMin,
      int lengthMax,
      int saltMin,
      int saltMax,
      Map<String, Param> params) {
    public boolean isDigest() {
      return kind.equals("digest");
    }
  }

  /** What the catalog says of one implementation this runner serves. */
  public record Row(String library, String backend, List<String> algorithms) {}

  /** The catalog could not be read: the message names the file and what is wrong. */
  public static final class Unreadable extends Exception {
    private static final long serialVersionUID = 1L;

    Unreadable(String message) {
      super(message);
    }
  }

  private static final Map<String, Alg> ALGS = new LinkedHashMap<>();
  private static final Map<String, Row> ROWS = new LinkedHashMap<>();

  /**
   * HASHBENCH_CATALOG; else build/catalog.json under HASHBENCH_ROOT, else under the repository
   * root: three levels above runners/java/target/hashbench-runner.jar.
   */
  static Path path() {
    String named = System.getenv("HASHBENCH_CATALOG");
    if (named != null && !named.isEmpty()) {
      return Path.of(named);
    }
    String root = System.getenv("HASHBENCH_ROOT");
    if (root != null && !root.isEmpty()) {
      return Path.of(root, "build", "catalog.json");
    }
    Path repository = Path.of(".");
    try {
      Path jar = Path.of(Catalog.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      Path up = jar.toAbsolutePath();
      for (int i = 0; i < 4 && up.getParent() != null; i++) {
        up = up.getParent();
      }
      repository = up;
    } catch (URISyntaxException e) {
      // the working directory, where the orchestrator starts runners
    }
    return repository.resolve("build").resolve("catalog.json");
  }

  /** Reads the catalog: the schema of every algorithm and the rows of {@code runner}. */
  static void load(String runner) throws Unreadable {
    Path path = path();
    JsonNode root;
    try {
      root = Main.JSON.readTree(Files.readAllBytes(path));
    } catch (NoSuchFileException e) {
      throw new Unreadable("compiled catalog " + path + ": no such file");
    } catch (JsonProcessingException e) {
      throw new Unreadable("compiled catalog " + path + ": not JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new Unreadable("compiled catalog " + path + ": " + e);
    }
    try {
      read(root, runner);
    } catch (IllegalArgumentException e) {
      throw new Unreadable("compiled catalog " + path + ": " + e.getMessage());
    }
  }

  private static void read(JsonNode root, String runner) {
    if (root == null || root.path("catalog").asInt(0) != 1) {
      throw new IllegalArgumentException("not a catalog of format 1 (\"catalog\": 1)");
    }
    JsonNode algs = object(root, "algorithms", "the top level");
    for (Map.Entry<String, JsonNode> e : algs.properties()) {
      ALGS.put(e.getKey(), alg(e.getKey(), e.getValue()));
    }
    JsonNode mine = object(root, "runners", "the top level").path(runner);
    for (Map.Entry<String, JsonNode> e : mine.properties()) {
      Row row = readRow(e.getKey(), e.getValue());
      for (String name : row.algorithms()) {
        if (!ALGS.containsKey(name)) {
          throw new IllegalArgumentException(e.getKey() + " lists " + name + ", not an algorithm");
        }
      }
      ROWS.put(e.getKey(), row);
    }
  }

  private static JsonNode object(JsonNode node, String key, String where) {
    JsonNode v = node.get(key);
    if (v == null || !v.isObject()) {
      throw new IllegalArgumentException(where + " needs an object '" + key + "'");
    }
    return v;
  }

  private static long integer(JsonNode node, String key, String where, Long fallback) {
    JsonNode v = node.get(key);
    if ((v == null || v.isNull()) && fallback != null) {
      return fallback;
    }
    if (v == null || !v.isIntegralNumber() || !v.canConvertToLong()) {
      throw new IllegalArgumentException(where + "." + key + " must be an integer");
    }
    return v.longValue();
  }

  private static int intOf(long value, String where) {
    if (value < 0 || value > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(where + " must fit a Java int");
    }
    return (int) value;
  }

  private static Alg alg(String name, JsonNode spec) {
    String where = "algorithms." + name;
    String kind = spec.path("kind").asText("");
    if (!kind.equals("password") && !kind.equals("digest")) {
      throw new IllegalArgumentException(where + ".kind must be password or digest");
    }
    JsonNode length = spec.path("length");
    int lenDef = 0;
    int lenMin = 0;
    int lenMax = 0;
    if (length.isObject()) {
      lenDef = intOf(integer(length, "default", where + ".length", null), where + ".length");
      lenMin = intOf(integer(length, "min", where + ".length", null), where + ".length");
      lenMax = intOf(integer(length, "max", where + ".length", null), where + ".length");
    }
    JsonNode salt = spec.path("salt");
    int saltMin = 0;
    int saltMax = Integer.MAX_VALUE;
    if (salt.isObject()) {
      saltMin = intOf(integer(salt, "min", where + ".salt", null), where + ".salt");
      long max = integer(salt, "max", where + ".salt", (long) Integer.MAX_VALUE);
      saltMax = intOf(max, where + ".salt");
    }
    Map<String, Param> params = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : spec.path("params").properties()) {
      params.put(e.getKey(), param(where + ".params." + e.getKey(), e.getKey(), e.getValue()));
    }
    return new Alg(name, kind, lenDef, lenMin, lenMax, saltMin, saltMax, params);
  }

  private static Param param(String where, String key, JsonNode rule) {
    List<Long> choices = null;
    if (rule.has("choices")) {
      choices = new ArrayList<>();
      for (JsonNode c : rule.get("choices")) {
        if (!c.isIntegralNumber()) {
          throw new IllegalArgumentException(where + ".choices must hold integers");
        }
        choices.add(c.longValue());
      }
    }
    JsonNode per = rule.path("min_per");
    String perParam = per.isObject() ? per.path("param").asText(null) : null;
    long perFactor = per.isObject() ? integer(per, "factor", where + ".min_per", null) : 0;
    return new Param(
        key,
        integer(rule, "default", where, null),
        integer(rule, "min", where, Long.MIN_VALUE),
        integer(rule, "max", where, Long.MAX_VALUE),
        rule.path("power_of_two").asBoolean(false),
        perParam,
        perFactor,
        choices);
  }

  private static Row readRow(String id, JsonNode row) {
    JsonNode library = row.path("library");
    JsonNode backend = row.path("backend");
    JsonNode algorithms = row.path("algorithms");
    if (!library.isTextual() || !backend.isTextual() || !algorithms.isArray()) {
      throw new IllegalArgumentException(id + " needs library, backend and algorithms");
    }
    List<String> names = new ArrayList<>();
    for (JsonNode a : algorithms) {
      names.add(a.asText());
    }
    return new Row(library.asText(), backend.asText(), List.copyOf(names));
  }

  /** The algorithm, or null if the catalog does not know it. */
  public static Alg get(String name) {
    return ALGS.get(name);
  }

  /** The catalog's row for an implementation id, or null if it lists none. */
  static Row row(String id) {
    return ROWS.get(id);
  }
}
