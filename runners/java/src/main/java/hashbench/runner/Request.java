package hashbench.runner;

import com.fasterxml.jackson.databind.JsonNode;

/** Typed access to one request's fields; a field of the wrong type is a protocol error. */
public final class Request {
  private final JsonNode node;

  public Request(JsonNode node) {
    this.node = node;
  }

  public boolean has(String key) {
    JsonNode v = node.get(key);
    return v != null && !v.isNull();
  }

  public JsonNode get(String key) {
    JsonNode v = node.get(key);
    return v == null || v.isNull() ? null : v;
  }

  public String str(String key) throws Failure {
    String v = optStr(key);
    if (v == null) {
      throw Failure.protocol("missing field '" + key + "'");
    }
    return v;
  }

  public String optStr(String key) throws Failure {
    JsonNode v = get(key);
    if (v == null) {
      return null;
    }
    if (!v.isTextual()) {
      throw Failure.protocol("field '" + key + "' must be a string");
    }
    return v.textValue();
  }

  public byte[] hex(String key) throws Failure {
    return Hex.decode(key, str(key));
  }

  public byte[] optHex(String key) throws Failure {
    String v = optStr(key);
    return v == null ? null : Hex.decode(key, v);
  }

  /** An integer field in [min, max]; out of that range is invalid_params. */
  public long optLong(String key, long def, long min, long max) throws Failure {
    JsonNode v = get(key);
    if (v == null) {
      return def;
    }
    if (!v.isIntegralNumber()) {
      throw Failure.protocol("field '" + key + "' must be an integer");
    }
    if (!v.canConvertToLong() || v.longValue() < min || v.longValue() > max) {
      throw Failure.invalidParams(key + "=" + v.asText() + " outside [" + min + ", " + max + "]");
    }
    return v.longValue();
  }

  public boolean optBool(String key) throws Failure {
    return optBool(key, false);
  }

  public boolean optBool(String key, boolean fallback) throws Failure {
    JsonNode v = get(key);
    if (v == null) {
      return fallback;
    }
    if (!v.isBoolean()) {
      throw Failure.protocol("field '" + key + "' must be true or false");
    }
    return v.booleanValue();
  }
}
