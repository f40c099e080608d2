// node:crypto's argon2 (Node.js >= 24.7; OpenSSL >= 3.2's ARGON2 KDF in the release
// binaries, which carry OpenSSL 3.5): argon2Sync (<runner>/node-crypto-argon2) and the
// callback argon2, promisified as its docs show (<runner>/node-crypto-argon2-async).
// Raw output only: no PHC strings, no hash or verify. A runtime without it (Node 20 and
// 22) exports nothing, so its runner offers no such row.
import crypto from "node:crypto";
import { promisify } from "node:util";
import { unsupported } from "../core/errors.js";
import { runtimeVersion } from "../core/runtime.js";

// The docs' parameter names; the version is always 0x13 (no parameter for it).
function parameters(password, salt, { m, t, p, version }, length, { secret, ad }) {
  if (version !== 19) throw unsupported("node:crypto argon2 computes version 19 (0x13) only");
  return {
    message: password,
    nonce: salt,
    parallelism: p,
    tagLength: length,
    memory: m,
    passes: t,
    secret,
    associatedData: ad,
  };
}

function offered() {
  if (typeof crypto.argon2Sync !== "function") return [];
  const argon2Async = promisify(crypto.argon2);
  const common = { version: runtimeVersion(), encoding: null };
  return [
    {
      ...common,
      name: "node-crypto-argon2",
      async: false,
      notes: "crypto.argon2Sync(algorithm, parameters): raw tag only; version 19 only",
      derive: (alg, password, salt, params, length, extra) =>
        crypto.argon2Sync(alg, parameters(password, salt, params, length, extra)),
    },
    {
      ...common,
      name: "node-crypto-argon2-async",
      async: true,
      notes: "crypto.argon2 (callback API, util.promisify) on the libuv thread pool",
      derive: (alg, password, salt, params, length, extra) =>
        argon2Async(alg, parameters(password, salt, params, length, extra)),
    },
  ];
}

export default offered();
