// argon2 (npm "argon2", node-argon2): N-API binding over the Argon2 C reference
// implementation. Promise API only. https://github.com/ranisalt/node-argon2
import argon2 from "argon2";
import { packageVersion } from "../core/version.js";

const TYPES = { argon2d: argon2.argon2d, argon2i: argon2.argon2i, argon2id: argon2.argon2id };

export default {
  name: "argon2",
  version: packageVersion("argon2"),
  encoding: "phc",
  async: true,
  notes:
    "built from source at install (the shipped prebuild crashes on Node 20 here); promise API only",

  hash(alg, password, { m, t, p, version }, { salt, length }) {
    return argon2.hash(password, {
      type: TYPES[alg],
      memoryCost: m,
      timeCost: t,
      parallelism: p,
      version,
      hashLength: length,
      salt, // undefined: node-argon2 draws 16 random bytes
    });
  },

  // argon2.hash(password) is argon2id at the library's defaults; other types name only the type.
  hashDefaults(alg, password) {
    return alg === "argon2id" ? argon2.hash(password) : argon2.hash(password, { type: TYPES[alg] });
  },

  verify(alg, password, encoded) {
    return argon2.verify(encoded, password);
  },

  derive(alg, password, salt, { m, t, p, version }, length, { secret, ad }) {
    return argon2.hash(password, {
      type: TYPES[alg],
      memoryCost: m,
      timeCost: t,
      parallelism: p,
      version,
      hashLength: length,
      salt,
      secret,
      associatedData: ad,
      raw: true,
    });
  },
};
