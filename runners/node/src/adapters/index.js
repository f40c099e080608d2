// The adapter modules, one per library. Each is imported on its own so that a library
// that fails to load (a native addon, a WASM loader) costs only its own rows; the
// failure goes to stderr and the catalog says why.

export const NODE_ADAPTERS = [
  "argon2",
  "node-rs-argon2",
  "node-rs-bcrypt",
  "bcrypt",
  "bcryptjs",
  "bcrypt-ts",
  "hash-wasm",
  "noble-hashes",
  "rabbit-argon2id",
  "argon2-browser",
  "scrypt-js",
  "blakejs",
  "node-crypto",
  "node-crypto-argon2",
  "webcrypto",
];

/**
 * Imports each named adapter module from the folder of `base` (this folder unless given:
 * the Deno runner loads its own adapters with it too), one by one, so a module that is
 * missing or fails to load costs only its own rows.
 */
export async function loadAdapters(names, onError, base = import.meta.url) {
  const adapters = [];
  for (const name of names) {
    try {
      const module = await import(new URL(`./${name}.js`, base).href);
      adapters.push(...[module.default].flat());
    } catch (err) {
      onError(name, err);
    }
  }
  return adapters;
}
