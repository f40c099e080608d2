// Error replies of protocol v1 (docs/protocol.md, "Errors"). Anything thrown as a
// ReplyError becomes {"error": {"kind", "message"}}; any other exception is wrapped by
// the server according to the op that raised it.

export class ReplyError extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

export const protocolError = (message) => new ReplyError("protocol", message);
export const unsupported = (message) => new ReplyError("unsupported", message);
export const invalidParams = (message) => new ReplyError("invalid_params", message);
export const invalidInput = (message) => new ReplyError("invalid_input", message);
export const libraryError = (message) => new ReplyError("library_error", message);

/** A short, single-line description of anything a library may throw or reject with. */
export function describe(err) {
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  if (err && typeof err === "object") {
    const text = err.message ?? err.error ?? JSON.stringify(err);
    return String(text);
  }
  return String(err);
}
