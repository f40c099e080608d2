// What the runtime itself is, for hello lines and built-in libraries (node:crypto,
// Web Crypto), whose version is the runtime's and whose backend differs by runtime.

const deno = globalThis.Deno;

export const isDeno = deno !== undefined;

export function runtimeDescription() {
  if (isDeno) return `deno ${deno.version.deno} (V8 ${deno.version.v8})`;
  const v = process.versions;
  return `node ${process.version} (V8 ${v.v8}, OpenSSL ${v.openssl})`;
}

export function runtimeLibrary(which) {
  if (isDeno) {
    return { library: which, version: `deno ${deno.version.deno}`, backend: "rust" };
  }
  return {
    library: which,
    version: `node ${process.version} (OpenSSL ${process.versions.openssl})`,
    backend: "asm",
  };
}
