// @noble/hashes: audited pure-JS hashes and KDFs. Sync API (node/noble-hashes, with the
// digests) and the async KDF variants (node/noble-hashes-async), which yield to the
// event loop every `asyncTick` ms (default 10).
import {
  argon2d,
  argon2dAsync,
  argon2i,
  argon2iAsync,
  argon2id,
  argon2idAsync,
} from "@noble/hashes/argon2.js";
import { blake2b, blake2s } from "@noble/hashes/blake2.js";
import { blake3 } from "@noble/hashes/blake3.js";
import { md5, sha1 } from "@noble/hashes/legacy.js";
import { pbkdf2, pbkdf2Async } from "@noble/hashes/pbkdf2.js";
import { scrypt, scryptAsync } from "@noble/hashes/scrypt.js";
import { sha256, sha512 } from "@noble/hashes/sha2.js";
import { sha3_256 } from "@noble/hashes/sha3.js";
import { packageVersion } from "../core/version.js";

const HASHES = {
  md5,
  sha1,
  sha256,
  sha512,
  "sha3-256": sha3_256,
  "blake2b-512": blake2b,
  "blake2s-256": blake2s,
  blake3,
};
const PBKDF2_HASH = { "pbkdf2-sha1": sha1, "pbkdf2-sha256": sha256, "pbkdf2-sha512": sha512 };
const GiB = 1024 ** 3;

// noble refuses to use more than 1 GiB unless told: raise the cap when the params need it.
const argonOpts = ({ m, t, p, version }, length, secret, ad) => ({
  m,
  t,
  p,
  version,
  dkLen: length,
  key: secret,
  personalization: ad,
  maxmem: Math.max(GiB, m * 1024 + 1024 * 1024),
});
const scryptOpts = ({ n, r, p }, length) => ({
  N: n,
  r,
  p,
  dkLen: length,
  maxmem: Math.max(GiB + 2048, 128 * r * (n + p) + 1024 * 1024),
});

function makeDerive(kdf) {
  return (alg, password, salt, params, length, { secret, ad }) => {
    if (alg === "scrypt") return kdf.scrypt(password, salt, scryptOpts(params, length));
    if (alg.startsWith("pbkdf2-")) {
      return kdf.pbkdf2(PBKDF2_HASH[alg], password, salt, { c: params.iterations, dkLen: length });
    }
    return kdf[alg](password, salt, argonOpts(params, length, secret, ad));
  };
}

const common = { version: packageVersion("@noble/hashes"), encoding: null };

export default [
  {
    ...common,
    name: "noble-hashes",
    async: false,
    modes: ["oneshot", "new"],
    notes:
      "sync API; raw KDF output only (no encoded strings); new = hash.create() per op, no reset API",
    derive: makeDerive({ argon2id, argon2i, argon2d, scrypt, pbkdf2 }),
    digest(alg, mode) {
      const hash = HASHES[alg];
      if (mode === "oneshot") return hash;
      return (data) => hash.create().update(data).digest();
    },
  },
  {
    ...common,
    name: "noble-hashes-async",
    async: true,
    notes: "async KDFs (argon2idAsync, scryptAsync, pbkdf2Async); raw output only",
    derive: makeDerive({
      argon2id: argon2idAsync,
      argon2i: argon2iAsync,
      argon2d: argon2dAsync,
      scrypt: scryptAsync,
      pbkdf2: pbkdf2Async,
    }),
  },
];
