// hash-wasm: hand-tuned WebAssembly builds of C implementations. Every one-shot call
// returns a Promise (the WASM module loads lazily); a hasher from createX() is sync.
import {
  argon2Verify,
  argon2d,
  argon2i,
  argon2id,
  bcrypt,
  bcryptVerify,
  blake2b,
  blake2s,
  blake3,
  createBLAKE2b,
  createBLAKE2s,
  createBLAKE3,
  createMD5,
  createSHA1,
  createSHA256,
  createSHA3,
  createSHA512,
  md5,
  pbkdf2,
  scrypt,
  sha1,
  sha256,
  sha3,
  sha512,
} from "hash-wasm";
import { unsupported } from "../core/errors.js";
import { packageVersion } from "../core/version.js";

const ARGON2 = { argon2id, argon2i, argon2d };

// [one-shot function (resolves to hex), hasher factory (resolves to an IHasher)]
const DIGESTS = {
  md5: [md5, createMD5],
  sha1: [sha1, createSHA1],
  sha256: [sha256, createSHA256],
  sha512: [sha512, createSHA512],
  "sha3-256": [(data) => sha3(data, 256), () => createSHA3(256)],
  "blake2b-512": [(data) => blake2b(data, 512), () => createBLAKE2b(512)],
  "blake2s-256": [(data) => blake2s(data, 256), () => createBLAKE2s(256)],
  blake3: [(data) => blake3(data, 256), () => createBLAKE3(256)],
};

const PBKDF2_HASH = {
  "pbkdf2-sha1": createSHA1,
  "pbkdf2-sha256": createSHA256,
  "pbkdf2-sha512": createSHA512,
};

// hash-wasm wants a salt for argon2 and bcrypt; its README draws one like this.
const randomSalt = () => crypto.getRandomValues(new Uint8Array(16));

// hash-wasm's bcrypt takes passwords of 1 to 72 bytes and throws on others.
function bcryptPassword(password) {
  if (password.length === 0 || password.length > 72) {
    throw unsupported(
      `hash-wasm's bcrypt refuses a ${password.length}-byte password (1 to 72 only)`,
    );
  }
}

function v19(version) {
  if (version !== 19) throw unsupported("hash-wasm computes Argon2 version 0x13 (19) only");
}

const common = {
  version: packageVersion("hash-wasm"),
  async: true,
};

const KDFS = ["scrypt", "pbkdf2-sha1", "pbkdf2-sha256", "pbkdf2-sha512"];

export default {
  ...common,
  name: "hash-wasm",
  // scrypt and PBKDF2 have no encoded form in hash-wasm: raw output (derive) only.
  encoding: {
    argon2id: "phc",
    argon2i: "phc",
    argon2d: "phc",
    bcrypt: "mcf",
    scrypt: null,
    "pbkdf2-sha1": null,
    "pbkdf2-sha256": null,
    "pbkdf2-sha512": null,
  },
  modes: ["oneshot", "new", "reset"],
  notes:
    "async API; oneshot digests resolve to hex; reset = one createX() hasher, init() per op; " +
    "argon2 v19 only, no associated data; bcrypt emits $2a$ (encoding mcf), " +
    "refuses empty passwords and passwords over 72 bytes; scrypt and pbkdf2: raw output only",

  hash(alg, password, params, { salt, length }) {
    if (KDFS.includes(alg)) throw unsupported(`hash-wasm has no encoded string for ${alg}`);
    if (alg === "bcrypt") {
      bcryptPassword(password);
      return bcrypt({
        password,
        salt: salt ?? randomSalt(),
        costFactor: params.cost,
        outputType: "encoded",
      });
    }
    v19(params.version);
    return ARGON2[alg]({
      password,
      salt: salt ?? randomSalt(),
      iterations: params.t,
      memorySize: params.m,
      parallelism: params.p,
      hashLength: length,
      outputType: "encoded",
    });
  },

  verify(alg, password, encoded) {
    if (KDFS.includes(alg)) throw unsupported(`hash-wasm has no encoded string for ${alg}`);
    if (alg === "bcrypt") {
      bcryptPassword(password);
      return bcryptVerify({ password, hash: encoded });
    }
    // argon2Verify parses "$v=19$" strings only (a version 0x10 string has no v= field).
    if (!encoded.includes("$v=19$"))
      throw unsupported("hash-wasm verifies Argon2 v=19 strings only");
    return argon2Verify({ password, hash: encoded });
  },

  derive(alg, password, salt, params, length, { secret, ad }) {
    if (alg === "scrypt") {
      return scrypt({
        password,
        salt,
        costFactor: params.n,
        blockSize: params.r,
        parallelism: params.p,
        hashLength: length,
        outputType: "binary",
      });
    }
    if (alg.startsWith("pbkdf2-")) {
      return pbkdf2({
        password,
        salt,
        iterations: params.iterations,
        hashLength: length,
        hashFunction: PBKDF2_HASH[alg](),
        outputType: "binary",
      });
    }
    if (alg === "bcrypt") throw unsupported("bcrypt has no raw derive; use hash");
    v19(params.version);
    if (ad !== undefined) throw unsupported("hash-wasm takes no Argon2 associated data");
    return ARGON2[alg]({
      password,
      salt,
      secret,
      iterations: params.t,
      memorySize: params.m,
      parallelism: params.p,
      hashLength: length,
      outputType: "binary",
    });
  },

  async digest(alg, mode) {
    const [oneshot, create] = DIGESTS[alg];
    if (mode === "oneshot") return oneshot;
    if (mode === "new") return async (data) => (await create()).update(data).digest("binary");
    const hasher = await create();
    return (data) => hasher.init().update(data).digest("binary");
  },
};
