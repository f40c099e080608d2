// @felix/argon2 3.0.5: Deno FFI (through @denosaurs/plug) to a Rust cdylib over
// RustCrypto's argon2 crate 0.5.3 (its native/, built by jsr.mjs with cargo). Promise
// API: hash(password, options) makes a PHC string, verify(hash, password). Options take a
// salt, a secret, variant, version ("16"/"19"), memoryCost, timeCost, lanes, hashLength.
// Its `data` option is not argon2's associated data (the Rust side appends it to the
// password), so the adapter never passes it.
import { hash, Variant, verify, Version, version } from "@felix/argon2";

const VARIANT = { argon2id: Variant.Argon2id, argon2i: Variant.Argon2i, argon2d: Variant.Argon2d };
const VERSION = { 16: Version.V10, 19: Version.V13 };

export default {
  name: "felix-argon2",
  version: version(),
  async: true,
  encoding: "phc",
  passwordType: "string", // sent to Rust as JSON
  notes:
    "Deno FFI to a Rust cdylib (RustCrypto argon2 0.5.3) via @denosaurs/plug; promise API; own salt is 8-32 random bytes",
  hash: (alg, password, { m, t, p, version }, { salt, length }) =>
    hash(password, {
      salt,
      variant: VARIANT[alg],
      version: VERSION[version],
      memoryCost: m,
      timeCost: t,
      lanes: p,
      hashLength: length,
    }),
  hashDefaults: (alg, password) =>
    alg === "argon2id" ? hash(password) : hash(password, { variant: VARIANT[alg] }),
  verify: (_alg, password, encoded) => verify(encoded, password),
};
