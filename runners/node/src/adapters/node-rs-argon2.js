// @node-rs/argon2: napi-rs binding; its 2.2.1 addon is built on the `argon2-rust` 1.1.0 crate.
// Promise API (node/node-rs-argon2) and sync API (node/node-rs-argon2-sync).
import { hash, hashRaw, hashRawSync, hashSync, verify, verifySync } from "@node-rs/argon2";
import { unsupported } from "../core/errors.js";
import { packageVersion } from "../core/version.js";

// Algorithm and Version are TypeScript const enums: plain JS passes their numbers.
const ALGORITHM = { argon2d: 0, argon2i: 1, argon2id: 2 };
const VERSION = { 16: 0, 19: 1 }; // Version.V0x10, Version.V0x13

function options(alg, { m, t, p, version }, length, salt, secret) {
  return {
    algorithm: ALGORITHM[alg],
    version: VERSION[version],
    memoryCost: m,
    timeCost: t,
    parallelism: p,
    outputLen: length,
    salt, // undefined: the library draws a random salt
    secret,
  };
}

function noAd(ad) {
  if (ad !== undefined) throw unsupported("@node-rs/argon2 takes no associated data");
}

const common = {
  version: packageVersion("@node-rs/argon2"),
  encoding: "phc",
};

export default [
  {
    ...common,
    name: "node-rs-argon2",
    async: true,
    notes: "promise API (runs on the thread pool)",
    hash: (alg, password, params, { salt, length }) =>
      hash(password, options(alg, params, length, salt)),
    hashDefaults: (alg, password) =>
      alg === "argon2id" ? hash(password) : hash(password, { algorithm: ALGORITHM[alg] }),
    verify: (alg, password, encoded) => verify(encoded, password),
    derive(alg, password, salt, params, length, { secret, ad }) {
      noAd(ad);
      return hashRaw(password, options(alg, params, length, salt, secret));
    },
  },
  {
    ...common,
    name: "node-rs-argon2-sync",
    async: false,
    notes: "sync API",
    hash: (alg, password, params, { salt, length }) =>
      hashSync(password, options(alg, params, length, salt)),
    hashDefaults: (alg, password) =>
      alg === "argon2id" ? hashSync(password) : hashSync(password, { algorithm: ALGORITHM[alg] }),
    verify: (alg, password, encoded) => verifySync(encoded, password),
    derive(alg, password, salt, params, length, { secret, ad }) {
      noAd(ad);
      return hashRawSync(password, options(alg, params, length, salt, secret));
    },
  },
];
