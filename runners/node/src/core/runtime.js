// What the runtime itself is, for hello lines and built-in libraries (node:crypto,
// Web Crypto), whose version is the runtime's. Their backend, which differs by runtime,
// is the catalog's row for each runner.

const deno = globalThis.Deno;

export const isDeno = deno !== undefined;

export function runtimeDescription() {
  if (isDeno) return `deno ${deno.version.deno} (V8 ${deno.version.v8})`;
  const v = process.versions;
  return `node ${process.version} (V8 ${v.v8}, OpenSSL ${v.openssl})`;
}

export function runtimeVersion() {
  if (isDeno) return `deno ${deno.version.deno}`;
  return `node ${process.version} (OpenSSL ${process.versions.openssl})`;
}
