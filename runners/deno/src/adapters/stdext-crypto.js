// @stdext/crypto 0.1.0, ./hash: the argon2 0.5.3 (RustCrypto) and bcrypt 0.15.1 crates
// compiled to WASM with wasm-bindgen (the module is inlined in the package; the crate
// versions are named in its panic paths). hash(algorithm, password) and
// verify(algorithm, password, hash), synchronous, as its README shows. The library draws
// the salt; it takes no salt, secret, associated data or version (argon2 v19 only).
//
// Its bcrypt verify answers true for every password against any well-formed bcrypt string
// (a wrong password against its own hash: true), so deno/stdext-crypto-bcrypt offers hash
// only: a verify that accepts anything would pass every timing check.
import { hash, verify } from "@stdext/crypto/hash";
import { unsupported } from "../shared/core/errors.js";

function noSalt(salt) {
  if (salt !== undefined) throw unsupported("@stdext/crypto takes no salt (it draws its own)");
}

const common = { version: "0.1.0", async: false, passwordType: "string" };

export default [
  {
    ...common,
    name: "stdext-crypto-argon2",
    encoding: "phc",
    notes: "WASM (RustCrypto argon2 0.5.3); sync hash/verify; own salt only; v19 only",
    hash(alg, password, { m, t, p, version }, { salt, length }) {
      noSalt(salt);
      if (version !== 19) throw unsupported("@stdext/crypto makes argon2 v19 (0x13) only");
      const options = {
        name: "argon2",
        algorithm: alg,
        memoryCost: m,
        timeCost: t,
        parallelism: p,
      };
      return hash({ ...options, outputLength: length }, password);
    },
    // hash("argon2", pw) is the README's first example (argon2id); argon2i/d name the variant.
    hashDefaults: (alg, password) =>
      hash(alg === "argon2id" ? "argon2" : { name: "argon2", algorithm: alg }, password),
    verify: (_alg, password, encoded) => verify("argon2", password, encoded),
  },
  {
    ...common,
    name: "stdext-crypto-bcrypt",
    encoding: "mcf",
    notes:
      "WASM (bcrypt crate 0.15.1); sync hash; own salt only; emits $2b$; its verify accepts any password, so it is not offered",
    hash(_alg, password, { cost }, { salt }) {
      noSalt(salt);
      return hash({ name: "bcrypt", cost }, password);
    },
    hashDefaults: (_alg, password) => hash("bcrypt", password), // cost 12
  },
];
