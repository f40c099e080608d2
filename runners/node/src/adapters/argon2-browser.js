// argon2-browser: the Argon2 C reference compiled to WebAssembly with Emscripten.
// Promise API. With a global fetch its Emscripten loader tries to fetch the .wasm file
// by path, which fails: fetch is hidden while its first call loads it (below).
import argon2 from "argon2-browser";
import process from "node:process";
import { invalidInput, unsupported } from "../core/errors.js";
import { packageVersion } from "../core/version.js";

const TYPES = {
  argon2d: argon2.ArgonType.Argon2d,
  argon2i: argon2.ArgonType.Argon2i,
  argon2id: argon2.ArgonType.Argon2id,
};
const ARGON2_VERIFY_MISMATCH = -35;

// Under every runtime (Node.js from 18 on, Deno, Bun) fetch is hidden while the first
// call loads the Emscripten module, which then reads argon2.wasm from disk as it does
// without one (Node 20's --no-experimental-fetch; Node 26 has no such flag).
// Emscripten's Node glue also adds process-wide unhandledRejection/uncaughtException
// listeners that abort the process; they are removed once the module has loaded, so
// that another library's stray rejection cannot end the runner.
async function load() {
  const listeners = (event) => new Set(process.listeners(event));
  const before = {
    rejection: listeners("unhandledRejection"),
    exception: listeners("uncaughtException"),
  };
  const { fetch } = globalThis;
  globalThis.fetch = undefined;
  try {
    await argon2.hash({ pass: "", salt: "saltsalt", time: 1, mem: 8, hashLen: 4 });
  } finally {
    globalThis.fetch = fetch;
  }
  for (const [event, seen] of [
    ["unhandledRejection", before.rejection],
    ["uncaughtException", before.exception],
  ]) {
    for (const listener of process.listeners(event)) {
      if (!seen.has(listener)) process.removeListener(event, listener);
    }
  }
}
await load();

// argon2-browser requires a salt; its README passes one in.
const randomSalt = () => crypto.getRandomValues(new Uint8Array(16));

function run(alg, password, salt, { m, t, p, version }, length, secret, ad) {
  if (version !== 19) throw unsupported("argon2-browser computes version 0x13 (19) only");
  return argon2.hash({
    pass: password,
    salt,
    time: t,
    mem: m,
    parallelism: p,
    hashLen: length,
    type: TYPES[alg],
    secret,
    ad,
  });
}

export default {
  name: "argon2-browser",
  version: packageVersion("argon2-browser"),
  encoding: "phc",
  async: true,
  notes: "promise API; single-threaded WASM (lanes run one after another); v19 only",

  async hash(alg, password, params, { salt, length }) {
    const result = await run(alg, password, salt ?? randomSalt(), params, length);
    return result.encoded;
  },

  // The library's call with no options: Argon2d, t=1, m=1024, p=1, a 24-byte tag. A salt
  // is required even then.
  hashDefaults: async (alg, password) => {
    const options = { pass: password, salt: randomSalt() };
    if (alg !== "argon2d") options.type = TYPES[alg];
    return (await argon2.hash(options)).encoded;
  },

  // verify resolves on a match and rejects otherwise, with the C library's error code.
  async verify(alg, password, encoded) {
    try {
      await argon2.verify({ pass: password, encoded });
      return true;
    } catch (err) {
      if (err && err.code === ARGON2_VERIFY_MISMATCH) return false;
      throw invalidInput(`argon2-browser: ${err?.message ?? err}`);
    }
  },

  async derive(alg, password, salt, params, length, { secret, ad }) {
    const result = await run(alg, password, salt, params, length, secret, ad);
    return result.hash;
  },
};
