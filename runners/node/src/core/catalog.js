// Algorithm names, parameter keys, defaults and valid ranges: a copy of
// catalog/algorithms.toml (keep the two in step). The runner refuses out-of-range
// values itself with invalid_params before any library sees them.

import { invalidParams, unsupported } from "./errors.js";

const ARGON2 = {
  kind: "password",
  length: { default: 32, min: 4, max: 1024 },
  salt: { min: 8 },
  params: {
    m: { default: 65536, min: 8, max: 4194304 },
    t: { default: 3, min: 1, max: 1000 },
    p: { default: 4, min: 1, max: 255 },
    version: { default: 19, choices: [16, 19] },
  },
  minPer: { param: "m", per: "p", factor: 8 },
};

const PBKDF2 = (length, iterations) => ({
  kind: "password",
  length: { default: length, min: 1, max: 1024 },
  salt: { min: 0 },
  params: { iterations: { default: iterations, min: 1, max: 100000000 } },
});

const DIGEST = (bytes) => ({ kind: "digest", outputBytes: bytes });

export const ALGORITHMS = {
  argon2id: ARGON2,
  argon2i: ARGON2,
  argon2d: ARGON2,
  scrypt: {
    kind: "password",
    length: { default: 32, min: 1, max: 1024 },
    deriveLength: 64,
    salt: { min: 0 },
    params: {
      n: { default: 65536, min: 2, max: 1073741824, powerOfTwo: true },
      r: { default: 8, min: 1, max: 1024 },
      p: { default: 1, min: 1, max: 1024 },
    },
  },
  bcrypt: {
    kind: "password",
    salt: { min: 16, max: 16 },
    params: { cost: { default: 10, min: 4, max: 31 } },
  },
  "pbkdf2-sha1": PBKDF2(20, 600000),
  "pbkdf2-sha256": PBKDF2(32, 600000),
  "pbkdf2-sha512": PBKDF2(64, 210000),
  yescrypt: {
    kind: "password",
    salt: { min: 0 },
    params: { cost: { default: 5, min: 1, max: 11 } },
  },
  sha512crypt: {
    kind: "password",
    salt: { min: 0, max: 16 },
    params: { rounds: { default: 5000, min: 1000, max: 999999999 } },
  },
  md5: DIGEST(16),
  sha1: DIGEST(20),
  sha256: DIGEST(32),
  sha512: DIGEST(64),
  "sha3-256": DIGEST(32),
  "blake2b-512": DIGEST(64),
  "blake2s-256": DIGEST(32),
  blake3: DIGEST(32),
};

/** "argon2", "scrypt", "bcrypt", "pbkdf2", "digest", … */
export function family(name) {
  if (name.startsWith("argon2")) return "argon2";
  if (name.startsWith("pbkdf2")) return "pbkdf2";
  return algorithm(name).kind === "digest" ? "digest" : name;
}

export function algorithm(name) {
  const spec = Object.hasOwn(ALGORITHMS, name) ? ALGORITHMS[name] : undefined;
  if (!spec) throw unsupported(`unknown algorithm ${JSON.stringify(name)}`);
  return spec;
}

/**
 * Checks `params` (an object from the request, or undefined) against the catalog and
 * returns them with defaults filled in. Unknown keys and wrong types are refused;
 * with `unchecked` (protocol: "unchecked": true) the ranges are not checked, so the
 * library sees the values as given.
 */
export function resolveParams(name, params, unchecked = false) {
  const spec = algorithm(name);
  const given = params ?? {};
  if (typeof given !== "object" || Array.isArray(given)) {
    throw invalidParams("params must be an object");
  }
  const schema = spec.params ?? {};
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(schema, key)) {
      throw invalidParams(`${name} has no parameter ${JSON.stringify(key)}`);
    }
  }
  const out = {};
  for (const [key, rule] of Object.entries(schema)) {
    const value = Object.hasOwn(given, key) ? given[key] : rule.default;
    if (!Number.isSafeInteger(value)) {
      throw invalidParams(`${key} must be an integer, got ${JSON.stringify(value)}`);
    }
    out[key] = value;
    if (unchecked) continue;
    if (rule.choices && !rule.choices.includes(value)) {
      throw invalidParams(`${key}=${value} is not one of ${rule.choices.join(", ")}`);
    }
    if (rule.min !== undefined && value < rule.min) {
      throw invalidParams(`${key}=${value} below ${rule.min}`);
    }
    if (rule.max !== undefined && value > rule.max) {
      throw invalidParams(`${key}=${value} above ${rule.max}`);
    }
    if (rule.powerOfTwo && (value & (value - 1)) !== 0) {
      throw invalidParams(`${key}=${value} is not a power of two`);
    }
  }
  const rule = spec.minPer;
  if (rule && !unchecked && out[rule.param] < rule.factor * out[rule.per]) {
    throw invalidParams(
      `${rule.param}=${out[rule.param]} below ${rule.factor}*${rule.per}=${rule.factor * out[rule.per]}`,
    );
  }
  return out;
}

/** The output length for `op` ("derive" or "hash"): the request's, or the default. */
export function resolveLength(name, length, op, unchecked = false) {
  const spec = algorithm(name);
  if (!spec.length) return undefined; // bcrypt, yescrypt, sha512crypt: fixed outputs
  const fallback = op === "derive" && spec.deriveLength ? spec.deriveLength : spec.length.default;
  const value = length ?? fallback;
  if (!Number.isSafeInteger(value)) throw invalidParams("length must be an integer");
  if (unchecked) return value;
  if (value < spec.length.min || value > spec.length.max) {
    throw invalidParams(`length=${value} outside ${spec.length.min}..${spec.length.max}`);
  }
  return value;
}

export function checkSalt(name, salt) {
  const rule = algorithm(name).salt;
  if (!rule || salt === undefined) return;
  if (salt.length < rule.min) {
    throw invalidParams(`salt of ${salt.length} bytes below ${rule.min}`);
  }
  if (rule.max !== undefined && salt.length > rule.max) {
    throw invalidParams(`salt of ${salt.length} bytes above ${rule.max}`);
  }
}
