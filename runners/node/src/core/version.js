// The version of an npm package as loaded: the package.json found by walking up from
// where the package's entry point resolves (works whatever its "exports" allow).

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export function packageVersion(name) {
  let dir = dirname(fileURLToPath(import.meta.resolve(name)));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      if (pkg.name === name) return pkg.version;
    } catch {
      // no package.json at this level
    }
    const up = dirname(dir);
    if (up === dir) return "unknown";
    dir = up;
  }
}
