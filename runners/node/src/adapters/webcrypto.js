// Web Crypto (globalThis.crypto.subtle), built into the runtime: OpenSSL under
// Node.js, AWS-LC through aws-lc-rs under Deno. Promise API: digest() and PBKDF2
// deriveBits().
import { runtimeVersion } from "../core/runtime.js";

const { subtle } = globalThis.crypto;
const DIGESTS = { sha1: "SHA-1", sha256: "SHA-256", sha512: "SHA-512" };
const PBKDF2 = { "pbkdf2-sha1": "SHA-1", "pbkdf2-sha256": "SHA-256", "pbkdf2-sha512": "SHA-512" };

export default {
  name: "webcrypto",
  version: runtimeVersion(),
  encoding: null,
  async: true,
  modes: ["oneshot"],
  notes: "async only; digest resolves to an ArrayBuffer; pbkdf2 = importKey + deriveBits per op",

  digest(alg) {
    const name = DIGESTS[alg];
    return async (data) => new Uint8Array(await subtle.digest(name, data));
  },

  async derive(alg, password, salt, { iterations }, length) {
    const key = await subtle.importKey("raw", password, "PBKDF2", false, ["deriveBits"]);
    const params = { name: "PBKDF2", hash: PBKDF2[alg], salt, iterations };
    return new Uint8Array(await subtle.deriveBits(params, key, length * 8));
  },
};
