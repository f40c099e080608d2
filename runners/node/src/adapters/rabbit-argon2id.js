// @rabbit-company/argon2id: the RustCrypto `argon2` crate compiled to WebAssembly
// (wasm-bindgen). Argon2id only; strings in, strings out; positional parameters
// (message, salt, p, m, t, length). Uses a Web Worker where there is one, otherwise
// the WASM module on the calling thread (the case in Node.js).
import Argon2id from "@rabbit-company/argon2id";
import { asciiString } from "../core/bytes.js";
import { unsupported } from "../core/errors.js";
import { packageVersion } from "../core/version.js";

function check({ m, version }, { unchecked, secret, ad }) {
  if (version !== 19) throw unsupported("only Argon2 version 0x13 (19)");
  // The library reads m <= 20 as log2(KiB) (m=16 means 64 MiB): such m cannot be asked
  // for (unless unchecked: then the library gets m as given, as a fidelity probe wants).
  if (m <= 20 && !unchecked) {
    throw unsupported(`m=${m} KiB: the library reads m <= 20 as a power of two`);
  }
  if (secret !== undefined || ad !== undefined) {
    throw unsupported("no secret or associated data");
  }
}

export default {
  name: "rabbit-argon2id",
  version: packageVersion("@rabbit-company/argon2id"),
  encoding: "phc",
  async: true,
  passwordType: "string",
  notes:
    "passwords and salts are JS strings (salts: ASCII only, its own salts are 16 alphanumerics); " +
    "m <= 20 is read as log2; v19 only",

  hash(alg, password, params, { salt, length, unchecked }) {
    check(params, { unchecked });
    const { m, t, p } = params;
    const text = salt === undefined ? Argon2id.randomSalt() : asciiString(salt);
    return Argon2id.hashEncoded(password, text, p, m, t, length);
  },

  // Its defaults: p=4, m=16 (read as 2^16 KiB), t=3, 32-byte tag, a random salt.
  hashDefaults: (alg, password) => Argon2id.hashEncoded(password),

  verify(alg, password, encoded) {
    return Argon2id.verify(encoded, password);
  },

  // Argon2id.hash resolves to the tag in hex.
  derive(alg, password, salt, params, length, extra) {
    check(params, extra);
    const { m, t, p } = params;
    return Argon2id.hash(password, asciiString(salt), p, m, t, length);
  },
};
