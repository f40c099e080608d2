// What the runtime itself is, for hello lines and built-in libraries (node:crypto,
// Web Crypto), whose version is the runtime's. Their backend, which differs by runtime,
// is the catalog's row for each runner.

const deno = globalThis.Deno;
const bun = globalThis.Bun;

export const isDeno = deno !== undefined;
export const isBun = bun !== undefined;

export function runtimeDescription() {
  if (isDeno) return `deno ${deno.version.deno} (V8 ${deno.version.v8})`;
  if (isBun) return `bun ${bun.version} (JavaScriptCore, revision ${bun.revision.slice(0, 9)})`;
  const v = process.versions;
  return `node ${process.version} (V8 ${v.v8}, OpenSSL ${v.openssl})`;
}

export function runtimeVersion() {
  if (isDeno) return `deno ${deno.version.deno}`;
  if (isBun)
    return `bun ${bun.version} (BoringSSL ${(process.versions.boringssl ?? "?").slice(0, 12)})`;
  return `node ${process.version} (OpenSSL ${process.versions.openssl})`;
}
