// The Deno runner's own adapters: JSR packages (Deno-only), one module per library,
// imported one by one so that a package that is missing or fails to load (see
// build/import_map.json, jsr.mjs) costs only its own rows.
export const DENO_ADAPTERS = [
  "da-bcrypt",
  "stdext-crypto",
  "felix-argon2",
  "felix-bcrypt",
  "ts-rex-bcrypt",
];
