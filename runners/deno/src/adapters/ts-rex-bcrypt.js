// @ts-rex/bcrypt 1.0.3: the Rust bcrypt crate 0.15.1 compiled to WASM with wasm-bindgen
// (ts-rex/wasm-bcrypt; its .wasm is built here by wasm-bindgen.mjs). Synchronous
// hash(password) / verify(password, hash). hash always works at the crate's DEFAULT_COST,
// 12: it takes no cost and no salt, so any other cost is unsupported.
//
// lib.rs unwraps the crate's Result. An error panics inside the WASM instance, which
// traps (RuntimeError: unreachable) and leaves the instance's shadow stack and panic
// count behind for every later call, so the adapter refuses up front what the crate's
// verify would return an error for, and says why.
import { hash, verify } from "@ts-rex/bcrypt";
import { invalidInput, unsupported } from "../shared/core/errors.js";

const COST = 12; // bcrypt::DEFAULT_COST
const ALPHABET = "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

// What bcrypt 0.15.1's verify returns an error for, in its order: split_hash (the
// non-empty '$' fields must be a prefix 2a/2b/2x/2y, a u32 cost and 53 bytes), the salt's
// and the hash's base64 (bcrypt alphabet, no padding, unused low bits zero) and the cost
// range 4..31. null when it would answer true or false.
function verifyError(encoded) {
  const fields = encoded.split("$").filter((field) => field !== "");
  if (fields.length !== 3) return "not three '$'-separated fields";
  const [prefix, cost, rest] = fields;
  if (!["2a", "2b", "2x", "2y"].includes(prefix)) return `prefix ${prefix}`;
  if (!/^\+?[0-9]+$/.test(cost)) return `cost ${cost} is not a number`;
  if (!/^[./A-Za-z0-9]{53}$/.test(rest)) return "salt and hash are not 53 bcrypt base64 characters";
  if (ALPHABET.indexOf(rest[21]) & 0x0f || ALPHABET.indexOf(rest[52]) & 0x03) {
    return "non-canonical base64 (unused low bits set)";
  }
  if (!(Number(cost) >= 4 && Number(cost) <= 31)) return `cost ${cost} outside 4..31`;
  return null;
}

export default {
  name: "ts-rex-bcrypt",
  version: "1.0.3",
  async: false,
  encoding: "mcf",
  passwordType: "string",
  notes:
    "WASM (bcrypt crate 0.15.1, wasm-bindgen); sync hash(password) at cost 12 only, verify(password, hash); own salt only; emits $2b$",
  hash(_alg, password, { cost }, { salt }) {
    if (salt !== undefined) throw unsupported("@ts-rex/bcrypt takes no salt (hash(password))");
    if (cost !== COST) {
      throw unsupported(
        `@ts-rex/bcrypt hashes at cost 12 only (the crate's DEFAULT_COST; hash(password) takes no cost), not ${cost}`,
      );
    }
    return hash(password);
  },
  hashDefaults: (_alg, password) => hash(password),
  verify(_alg, password, encoded) {
    const why = verifyError(encoded);
    if (why) {
      throw invalidInput(
        `${why}: the crate's verify returns an error, which lib.rs unwraps, trapping the WASM instance`,
      );
    }
    return verify(password, encoded);
  },
};
