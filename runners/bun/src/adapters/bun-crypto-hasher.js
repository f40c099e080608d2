// Bun.CryptoHasher: the digests built into Bun (BoringSSL's, and Bun's own BLAKE2s).
// oneshot = the static CryptoHasher.hash(algorithm, input, output) into an output buffer
// reused across calls; new = a CryptoHasher per op (update, digest); reset = one
// CryptoHasher reused: its digest() leaves it reset for the next input.
import { DIGEST_NAMES as NAMES } from "../shared/adapters/node-crypto.js";

const { CryptoHasher } = globalThis.Bun;

const SIZES = {
  md5: 16,
  sha1: 20,
  sha256: 32,
  sha512: 64,
  "sha3-256": 32,
  "blake2b-512": 64,
  "blake2s-256": 32,
};

export default {
  name: "bun-crypto-hasher",
  version: `Bun ${globalThis.Bun.version}`,
  encoding: null,
  async: false,
  modes: ["oneshot", "new", "reset"],
  notes:
    "oneshot = CryptoHasher.hash(alg, input, out) into a reused buffer; new = new CryptoHasher " +
    "per op; reset = one CryptoHasher, whose digest() resets it",
  digest(alg, mode) {
    const name = NAMES[alg];
    if (mode === "oneshot") {
      const out = new Uint8Array(SIZES[alg]);
      return (data) => CryptoHasher.hash(name, data, out);
    }
    if (mode === "new") return (data) => new CryptoHasher(name).update(data).digest();
    const hasher = new CryptoHasher(name);
    return (data) => hasher.update(data).digest();
  },
};
