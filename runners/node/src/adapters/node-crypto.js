// node:crypto, the runtime's built-in module. Under Node.js it is the OpenSSL linked into
// node; under Deno it is Deno's own implementation of the node:crypto API: RustCrypto
// crates for md5, sha1, sha3 and BLAKE2 and for pbkdf2, AWS-LC (aws-lc-rs) for sha256,
// sha512 and scrypt.
// Sync API with the digests (<runner>/node-crypto) and the callback API of scrypt and
// pbkdf2, promisified as its docs show (<runner>/node-crypto-async).
import crypto from "node:crypto";
import { promisify } from "node:util";
import { runtimeVersion } from "../core/runtime.js";

/** The digests' OpenSSL names, as node:crypto (and Bun.CryptoHasher) take them. */
export const DIGEST_NAMES = {
  md5: "md5",
  sha1: "sha1",
  sha256: "sha256",
  sha512: "sha512",
  "sha3-256": "sha3-256",
  "blake2b-512": "blake2b512",
  "blake2s-256": "blake2s256",
};
const PBKDF2_NAMES = {
  "pbkdf2-sha1": "sha1",
  "pbkdf2-sha256": "sha256",
  "pbkdf2-sha512": "sha512",
};

const hasOneShot = typeof crypto.hash === "function"; // crypto.hash(): Node >= 20.12

// scrypt refuses to use more than `maxmem` (default 32 MiB): 128*r*(N+p+2) bytes are needed.
const scryptOptions = ({ n, r, p }) => ({
  N: n,
  r,
  p,
  maxmem: Math.max(32 * 1024 * 1024, 128 * r * (n + p + 2)),
});

const scryptAsync = promisify(crypto.scrypt);
const pbkdf2Async = promisify(crypto.pbkdf2);
const common = { version: runtimeVersion(), encoding: null };

export default [
  {
    ...common,
    name: "node-crypto",
    async: false,
    modes: hasOneShot ? ["oneshot", "new"] : ["new"],
    notes:
      "sync API (scryptSync, pbkdf2Sync); oneshot = crypto.hash(), new = createHash() per op " +
      "(Hash objects cannot be reset); scrypt maxmem raised to what N, r, p need",
    derive(alg, password, salt, params, length) {
      if (alg === "scrypt") return crypto.scryptSync(password, salt, length, scryptOptions(params));
      return crypto.pbkdf2Sync(password, salt, params.iterations, length, PBKDF2_NAMES[alg]);
    },
    digest(alg, mode) {
      const name = DIGEST_NAMES[alg];
      if (mode === "oneshot") return (data) => crypto.hash(name, data, "buffer");
      return (data) => crypto.createHash(name).update(data).digest();
    },
  },
  {
    ...common,
    name: "node-crypto-async",
    async: true,
    notes: "callback API (scrypt, pbkdf2) through util.promisify; runs on the thread pool",
    derive(alg, password, salt, params, length) {
      if (alg === "scrypt") return scryptAsync(password, salt, length, scryptOptions(params));
      return pbkdf2Async(password, salt, params.iterations, length, PBKDF2_NAMES[alg]);
    },
  },
];
