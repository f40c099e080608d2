// Protocol v1 over stdio (docs/protocol.md): hello, then one JSON request per line and
// one JSON reply per line. Shared by the Node.js and Deno runners; everything that
// differs between the two runtimes comes in through `host`:
//   host.runner, host.runtime, host.timer   hello fields
//   host.now()                              monotonic clock, bigint ns
//   host.input                              async iterable of Uint8Array chunks (stdin)
//   host.write(line)                        writes one line synchronously (stdout)
//   host.peakRss()                          peak RSS in bytes, or undefined
//   host.exit(code)                         ends the process

import { bench, benchNoop } from "./bench.js";
import { algorithm, checkSalt, resolveLength, resolveParams } from "./catalog.js";
import { fromHex, patternInput, toHex, utf8String } from "./bytes.js";
import { checkMemory, encodedArgon2Memory, memoryNeed } from "./memory.js";
import {
  ReplyError,
  describe,
  invalidInput,
  invalidParams,
  libraryError,
  protocolError,
  unsupported,
} from "./errors.js";

const MAX_LINE = 16 * 1024 * 1024; // bytes before the newline

const OPS = ["derive", "hash", "verify", "digest"];
const MAX_INPUT = 1 << 30; // bench input_size cap (1 GiB), as the other runners
const FIELD_TYPES = {
  cmd: "string",
  impl: "string",
  alg: "string",
  op: "string",
  mode: "string",
  password: "string",
  salt: "string",
  encoded: "string",
  input: "string",
  secret: "string",
  ad: "string",
  params: "object",
  length: "integer",
  unchecked: "boolean",
  warm: "boolean",
  alloc: "boolean",
  iters: "integer",
  samples: "integer",
  input_size: "integer",
};

/** Turns adapter modules' exports into implementations with ids and hello entries. */
/**
 * The implementations the catalog lists for `runner` (`served`: id → library, backend,
 * algorithms) that have an adapter here, each under the catalog's names.
 */
export function implementations(runner, adapters, served) {
  const found = [];
  for (const adapter of adapters) {
    const id = `${runner}/${adapter.name}`;
    const row = served[id];
    if (!row) {
      console.error(`${id} is not in the catalog; left out`);
      continue;
    }
    const ops = OPS.filter((op) => typeof adapter[op] === "function");
    found.push({ ...adapter, ...row, id, ops, modes: adapter.modes ?? [] });
  }
  return found;
}

function helloEntry(impl) {
  const entry = {
    id: impl.id,
    library: impl.library,
    version: impl.version,
    backend: impl.backend,
    algorithms: impl.algorithms,
    ops: [...impl.ops, "bench"],
    modes: impl.modes,
    encoding: impl.encoding ?? null,
    alloc: false,
    unchecked: true,
  };
  if (typeof impl.hashDefaults === "function") entry.defaults = true;
  if (impl.notes) entry.notes = impl.notes;
  return entry;
}

export class Server {
  constructor(host, impls) {
    this.host = host;
    this.impls = new Map(impls.map((impl) => [impl.id, impl]));
    this.shapes = new Map(); // case key → what its op returns (see bench.js)
    this.hello = {
      hello: 1,
      runner: host.runner,
      runtime: host.runtime,
      timer: host.timer,
      implementations: impls.map(helloEntry),
    };
  }

  send(obj) {
    this.host.write(JSON.stringify(obj));
  }

  async run() {
    try {
      await this.serve();
    } catch (err) {
      // Only a failure to write a reply gets here (every request's errors are replies).
      console.error("runner stopping:", err);
      this.host.exit(1);
    }
  }

  async serve() {
    // While a request awaits a library's promise, nothing else may be pending: keep the
    // event loop alive so a promise that never settles hangs one request (the
    // orchestrator's timeout) instead of ending the process.
    setInterval(() => {}, 1 << 30);
    this.send(this.hello);
    // The current line's bytes, kept as the chunks they came in and joined once at its
    // newline: reading a line costs time linear in its length. A line over MAX_LINE is
    // read through without being kept and refused (docs/protocol.md, "Line length").
    let parts = [];
    let size = 0;
    for await (const chunk of this.host.input) {
      let start = 0;
      let nl;
      while ((nl = chunk.indexOf(10, start)) !== -1) {
        await this.endOfLine(parts, size, chunk.subarray(start, nl));
        parts = [];
        size = 0;
        start = nl + 1;
      }
      const rest = chunk.subarray(start);
      size += rest.length;
      if (size <= MAX_LINE) parts.push(rest);
      else parts = [];
    }
    if (size) await this.endOfLine(parts, size, new Uint8Array(0));
    this.host.exit(0);
  }

  async endOfLine(parts, size, last) {
    const total = size + last.length;
    if (total > MAX_LINE) {
      const message = `request line of ${total} bytes is over the limit of ${MAX_LINE}`;
      this.send({ id: null, error: { kind: "protocol", message } });
      return;
    }
    if (parts.length === 0) return this.line(last);
    const whole = new Uint8Array(total);
    let at = 0;
    for (const part of [...parts, last]) {
      whole.set(part, at);
      at += part.length;
    }
    return this.line(whole);
  }

  async line(raw) {
    let id = null;
    try {
      const req = parse(raw);
      if (req === undefined) return; // a blank line
      id = Object.hasOwn(req, "id") && Number.isSafeInteger(req.id) ? req.id : null;
      checkFields(req);
      const reply = await this.dispatch(req);
      this.send({ id, ...reply });
      if (req.cmd === "quit") this.host.exit(0);
    } catch (err) {
      const error =
        err instanceof ReplyError
          ? { kind: err.kind, message: err.message || err.kind }
          : { kind: "library_error", message: describe(err) };
      this.send({ id, error });
    }
  }

  dispatch(req) {
    switch (req.cmd) {
      case "derive":
        return this.derive(req);
      case "hash":
        return this.hash(req);
      case "verify":
        return this.verify(req);
      case "digest":
        return this.digest(req);
      case "bench":
        return this.bench(req);
      case "quit":
        return { ok: true };
      default:
        throw unsupported(`unknown cmd ${JSON.stringify(req.cmd)}`);
    }
  }

  impl(req, op) {
    if (req.impl === undefined) throw protocolError("missing impl");
    const impl = this.impls.get(req.impl);
    if (!impl) throw unsupported(`unknown impl ${JSON.stringify(req.impl)}`);
    if (req.alg === undefined) throw protocolError("missing alg");
    algorithm(req.alg); // unknown names are refused before the implementation is asked
    if (!impl.algorithms.includes(req.alg)) {
      throw unsupported(`${impl.id} does not implement ${req.alg}`);
    }
    if (!impl.ops.includes(op)) throw unsupported(`${impl.id} has no ${op} op`);
    return impl;
  }

  // Everything a password op needs, checked and decoded once, outside any timing.
  // A hash without params is the library's own no-options call (protocol: "Library
  // defaults"); `unchecked` hands out-of-range values to the library as given.
  passwordCase(req, op, impl) {
    const kind = algorithm(req.alg).kind;
    if (kind !== "password") throw unsupported(`${req.alg} is a digest; use digest`);
    const bytes = req.password === undefined ? null : fromHex(req.password, "password");
    const unchecked = req.unchecked === true;
    const defaults = op === "hash" && req.params === undefined;
    if (defaults && typeof impl.hashDefaults !== "function") {
      throw unsupported(`${impl.id} has no ${req.alg} hash call without parameters`);
    }
    const c = {
      alg: req.alg,
      defaults,
      params: defaults ? undefined : resolveParams(req.alg, req.params, unchecked),
      length: resolveLength(req.alg, req.length, op, unchecked),
      salt: req.salt === undefined ? undefined : fromHex(req.salt, "salt"),
      unchecked,
      extra: {
        secret: req.secret === undefined ? undefined : fromHex(req.secret, "secret"),
        ad: req.ad === undefined ? undefined : fromHex(req.ad, "ad"),
        unchecked,
      },
      password: bytes,
    };
    if (defaults && c.salt !== undefined) {
      throw unsupported("a hash with the library's defaults takes no salt");
    }
    if (!unchecked) checkSalt(req.alg, c.salt);
    if (c.params) checkMemory(memoryNeed(req.alg, c.params));
    if (c.password !== null && impl.passwordType === "string") {
      c.password = utf8String(c.password);
    }
    return c;
  }

  async derive(req) {
    const impl = this.impl(req, "derive");
    const c = this.passwordCase(req, "derive", impl);
    if (c.password === null) throw invalidInput("derive needs password");
    if (c.salt === undefined) throw invalidInput("derive needs salt");
    const out = await call("library_error", () =>
      impl.derive(c.alg, c.password, c.salt, c.params, c.length, c.extra),
    );
    return { output: outputHex(out) };
  }

  async hash(req) {
    const impl = this.impl(req, "hash");
    const c = this.passwordCase(req, "hash", impl);
    if (c.password === null) throw invalidInput("hash needs password");
    const encoded = await call("library_error", () =>
      c.defaults
        ? impl.hashDefaults(c.alg, c.password)
        : impl.hash(c.alg, c.password, c.params, hashOptions(c)),
    );
    return { encoded: encodedString(encoded) };
  }

  async verify(req) {
    const impl = this.impl(req, "verify");
    if (req.password === undefined) throw invalidInput("verify needs password");
    if (req.encoded === undefined) throw invalidInput("verify needs encoded");
    checkMemory(encodedArgon2Memory(req.encoded));
    let password = fromHex(req.password, "password");
    if (impl.passwordType === "string") password = utf8String(password);
    const valid = await call("invalid_input", () => impl.verify(req.alg, password, req.encoded));
    return { valid: validFlag(valid) };
  }

  async digest(req) {
    const impl = this.impl(req, "digest");
    if (algorithm(req.alg).kind !== "digest") throw unsupported(`${req.alg} is not a digest`);
    if (req.input === undefined) throw invalidInput("digest needs input");
    const input = fromHex(req.input, "input");
    const mode = impl.modes.includes("oneshot") ? "oneshot" : impl.modes[0];
    const fn = await call("library_error", () => impl.digest(req.alg, mode));
    const out = await call("library_error", () => fn(input));
    return { output: outputHex(out) };
  }

  async bench(req) {
    if (req.iters === undefined || req.iters < 1) throw protocolError("iters must be >= 1");
    if (req.samples === undefined || req.samples < 1) throw protocolError("samples must be >= 1");
    const now = this.host.now;
    let result;
    let extra = {};
    if (req.op === "noop") {
      result = await benchNoop(now, req.iters, req.samples);
    } else {
      const prepared = await this.benchOp(req);
      // warm: false skips the untimed run; an earlier request of this case told the
      // loop what the op returns (sync or async, and of which kind), or the first timed
      // op tells it.
      const key = caseKey(req);
      const warm = req.warm !== false;
      const shape = warm ? undefined : this.shapes.get(key);
      result = await call(prepared.errorKind, () =>
        bench(now, prepared.op, req.iters, req.samples, shape, warm),
      );
      this.shapes.set(key, result.shape);
      extra = prepared.reply(result.last);
    }
    const reply = {
      samples_ns: result.samples_ns,
      iters: req.iters,
      check: result.sink,
      ...extra,
    };
    const rss = this.host.peakRss();
    if (rss !== undefined) reply.peak_rss_bytes = rss;
    return reply;
  }

  // Builds the closure the timed loop calls, and how to report its last result.
  async benchOp(req) {
    if (req.op === undefined) throw protocolError("missing op");
    if (req.op === "digest") {
      const impl = this.impl(req, "digest");
      if (algorithm(req.alg).kind !== "digest") throw unsupported(`${req.alg} is not a digest`);
      const mode = req.mode ?? "oneshot";
      if (!impl.modes.includes(mode)) throw unsupported(`${impl.id} has no ${mode} mode`);
      let input;
      if (req.input !== undefined) input = fromHex(req.input, "input");
      else if (req.input_size !== undefined) {
        if (req.input_size < 0 || req.input_size > MAX_INPUT) {
          throw invalidParams(`input_size must be in 0..${MAX_INPUT}`);
        }
        input = patternInput(req.input_size);
      } else throw invalidInput("digest bench needs input or input_size");
      const fn = await call("library_error", () => impl.digest(req.alg, mode));
      return {
        op: () => fn(input),
        errorKind: "library_error",
        reply: (last) => ({ output: outputHex(last) }),
      };
    }
    if (req.mode !== undefined && req.mode !== "oneshot") {
      throw unsupported(`mode ${req.mode} applies to digests only`);
    }
    const op = req.op === "hash_verify" ? "hash" : req.op;
    if (!["derive", "hash", "verify"].includes(op)) {
      throw unsupported(`unknown bench op ${JSON.stringify(req.op)}`);
    }
    const impl = this.impl(req, op);
    const c = this.passwordCase(req, op, impl);
    if (c.password === null) {
      c.password = impl.passwordType === "string" ? "password" : fromHex("70617373776f7264", "");
    }
    const { alg, password, salt, params, length, extra } = c;
    const hashOpts = hashOptions(c);
    const hashOnce = c.defaults
      ? () => impl.hashDefaults(alg, password)
      : () => impl.hash(alg, password, params, hashOpts);
    if (req.op === "derive") {
      const useSalt = salt ?? patternInput(16);
      return {
        op: () => impl.derive(alg, password, useSalt, params, length, extra),
        errorKind: "library_error",
        reply: (last) => ({ output: outputHex(last) }),
      };
    }
    if (req.op === "hash") {
      return {
        op: hashOnce,
        errorKind: "library_error",
        reply: (last) => ({ encoded: encodedString(last) }),
      };
    }
    if (!impl.ops.includes("verify")) throw unsupported(`${impl.id} has no verify op`);
    if (req.op === "verify") {
      const encoded = req.encoded ?? encodedString(await call("library_error", hashOnce));
      checkMemory(encodedArgon2Memory(encoded));
      return {
        op: () => impl.verify(alg, password, encoded),
        errorKind: "invalid_input",
        reply: (last) => ({ valid: validFlag(last) }),
      };
    }
    // hash_verify: hash, then verify that hash, as one op; the reply carries both.
    let lastEncoded;
    const op2 = impl.async
      ? async () => {
          lastEncoded = await hashOnce();
          return impl.verify(alg, password, lastEncoded);
        }
      : () => {
          lastEncoded = hashOnce();
          return impl.verify(alg, password, lastEncoded);
        };
    return {
      op: op2,
      errorKind: "library_error",
      reply: (last) => ({ encoded: encodedString(lastEncoded), valid: validFlag(last) }),
    };
  }
}

/** A bench case's identity: the request without what changes from one request to the next. */
function caseKey(req) {
  const { id: _id, iters: _iters, samples: _samples, warm: _warm, alloc: _alloc, ...rest } = req;
  return JSON.stringify(rest);
}

const hashOptions = (c) => ({ salt: c.salt, length: c.length, unchecked: c.unchecked });

function parse(raw) {
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(raw);
  } catch {
    throw protocolError("line is not valid UTF-8");
  }
  if (text.trim() === "") return undefined;
  let req;
  try {
    req = JSON.parse(text);
  } catch (err) {
    throw protocolError(`not JSON: ${err.message}`);
  }
  if (req === null || typeof req !== "object" || Array.isArray(req)) {
    throw protocolError("a request is a JSON object");
  }
  return req;
}

function checkFields(req) {
  if (Object.hasOwn(req, "id") && !Number.isSafeInteger(req.id)) {
    throw protocolError("id must be an integer");
  }
  if (!Object.hasOwn(req, "cmd")) throw protocolError("missing cmd");
  for (const [name, type] of Object.entries(FIELD_TYPES)) {
    if (!Object.hasOwn(req, name)) continue;
    const value = req[name];
    const ok =
      type === "integer"
        ? Number.isSafeInteger(value)
        : type === "object"
          ? value !== null && typeof value === "object" && !Array.isArray(value)
          : typeof value === type;
    if (!ok) throw protocolError(`${name} must be ${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`);
  }
}

// Library calls: a ReplyError passes through; anything else a library throws or
// rejects with becomes `kind` (library_error, or invalid_input for verify).
async function call(kind, fn) {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ReplyError) throw err;
    throw new ReplyError(kind, describe(err));
  }
}

function outputHex(out) {
  if (out instanceof Uint8Array) return toHex(out);
  if (typeof out === "string" && /^[0-9a-fA-F]*$/.test(out)) return out.toLowerCase();
  throw libraryError(`expected bytes or hex, got ${typeof out}`);
}

function encodedString(out) {
  if (typeof out !== "string") throw libraryError(`expected an encoded string, got ${typeof out}`);
  return out;
}

function validFlag(out) {
  if (typeof out !== "boolean") throw libraryError(`expected a boolean, got ${typeof out}`);
  return out;
}
