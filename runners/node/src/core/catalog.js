// Algorithm names, parameter keys, defaults and valid ranges, and the implementations
// this runner serves: read at start-up from the compiled catalog (docs/protocol.md, "The
// catalog a runner reads"). The runner refuses out-of-range values itself with
// invalid_params before any library sees them.

import { readFileSync } from "node:fs";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { invalidParams, unsupported } from "./errors.js";

// The protocol's default output length for `derive`, where it differs from the catalog's.
const DERIVE_LENGTH = { scrypt: 64 };

let ALGORITHMS = {};

function catalogPath() {
  if (process.env.HASHBENCH_CATALOG) return process.env.HASHBENCH_CATALOG;
  const root = process.env.HASHBENCH_ROOT ?? fileURLToPath(new URL("../../../..", import.meta.url));
  return `${root}/build/catalog.json`;
}

function algorithmSpec(name, spec) {
  const params = {};
  let minPer;
  for (const [key, rule] of Object.entries(spec.params ?? {})) {
    params[key] = {
      default: rule.default,
      min: rule.min,
      max: rule.max,
      choices: rule.choices,
      powerOfTwo: rule.power_of_two ?? false,
    };
    if (rule.min_per) minPer = { param: key, per: rule.min_per.param, factor: rule.min_per.factor };
  }
  return {
    kind: spec.kind,
    length: spec.length ?? undefined,
    deriveLength: DERIVE_LENGTH[name],
    salt: spec.salt ?? undefined,
    outputBytes: spec.output_bytes ?? undefined,
    params,
    minPer,
  };
}

/**
 * Reads the compiled catalog; returns the implementations it lists for `runner` (id →
 * {library, backend, algorithms}). An unreadable catalog ends the runner, naming it.
 */
export function loadCatalog(runner) {
  const path = catalogPath();
  let data;
  try {
    data = JSON.parse(readFileSync(path, "utf8"));
  } catch (err) {
    console.error(`cannot read the compiled catalog ${path}: ${err.message} (run hashbench build)`);
    process.exit(1);
  }
  const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
  const shaped = isObject(data) && data.catalog === 1;
  if (!shaped || !isObject(data.algorithms) || !isObject(data.runners)) {
    console.error(`${path} is not a compiled catalog of format 1 (run hashbench build)`);
    process.exit(1);
  }
  ALGORITHMS = Object.fromEntries(
    Object.entries(data.algorithms).map(([name, spec]) => [name, algorithmSpec(name, spec)]),
  );
  return data.runners[runner] ?? {};
}

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
