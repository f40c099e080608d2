// Memory guard. A request whose argon2 or scrypt memory cannot fit in the memory
// available now is refused before a library sees it: some libraries allocate what they
// are asked for (the C reference maps m KiB at once) and the kernel's OOM killer, not an
// error, would answer — on a machine shared with other work. Applies to `unchecked`
// requests too, and to the m of an encoded string given to verify.

import os from "node:os";
import { family } from "./catalog.js";
import { invalidParams } from "./errors.js";

const SHARE = 0.75; // of os.freemem() (MemAvailable on Linux)

export function memoryNeed(alg, params) {
  if (family(alg) === "argon2") return params.m * 1024;
  if (family(alg) === "scrypt") return 128 * params.r * (params.n + params.p + 2);
  return 0;
}

/** The m (KiB) of an Argon2 PHC string, or 0 if it has none. */
export function encodedArgon2Memory(encoded) {
  if (!encoded.startsWith("$argon2")) return 0;
  const match = /[$,]m=(\d+)/.exec(encoded);
  return match ? Number(match[1]) * 1024 : 0;
}

export function checkMemory(bytes) {
  if (!(bytes > 0)) return;
  const available = os.freemem();
  if (bytes > SHARE * available) {
    const gib = (n) => (n / 2 ** 30).toFixed(1);
    throw invalidParams(
      `needs ${gib(bytes)} GiB of memory; ${gib(available)} GiB available (guard: ${SHARE * 100}%)`,
    );
  }
}
