package hashbench.runner;

/** A failure that becomes an error reply: {"error": {"kind": ..., "message": ...}}. */
public final class Failure extends Exception {
  private static final long serialVersionUID = 1L;

  /** The protocol's error kinds (docs/protocol.md, "Errors"). */
  public enum Kind {
    PROTOCOL("protocol"),
    UNSUPPORTED("unsupported"),
    INVALID_PARAMS("invalid_params"),
    INVALID_INPUT("invalid_input"),
    LIBRARY_ERROR("library_error");

    public final String wire;

    Kind(String wire) {
      this.wire = wire;
    }
  }

  public final Kind kind;

  public Failure(Kind kind, String message) {
    super(message, null, false, false);
    this.kind = kind;
  }

  public static Failure protocol(String message) {
    return new Failure(Kind.PROTOCOL, message);
  }

  public static Failure unsupported(String message) {
    return new Failure(Kind.UNSUPPORTED, message);
  }

  public static Failure invalidParams(String message) {
    return new Failure(Kind.INVALID_PARAMS, message);
  }

  public static Failure invalidInput(String message) {
    return new Failure(Kind.INVALID_INPUT, message);
  }

  public static Failure libraryError(String message) {
    return new Failure(Kind.LIBRARY_ERROR, message);
  }

  /** Any throwable from a library call, as a reply: Failures keep their kind. */
  public static Failure of(Throwable t) {
    if (t instanceof Failure f) {
      return f;
    }
    String what = t.getClass().getName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
    if (t instanceof OutOfMemoryError) {
      return libraryError(
          "out of memory (max heap " + Runtime.getRuntime().maxMemory() + " bytes): " + what);
    }
    return libraryError(what);
  }
}
