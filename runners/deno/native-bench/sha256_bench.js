// `deno bench` measurement of the call that deno/node-crypto times in oneshot mode for
// sha256: crypto.hash("sha256", <16 KiB>, "buffer") from node:crypto under Deno, on the
// same input pattern (byte i = i mod 251). Not run by the build.
// Reproduce from the repository root:
//   runners/deno/node_modules/.bin/deno bench --no-check --config runners/deno/deno.json runners/deno/native-bench/sha256_bench.js
import { Buffer } from "node:buffer";
import crypto from "node:crypto";

const input = Buffer.alloc(16384);
for (let i = 0; i < input.length; i++) input[i] = i % 251;

Deno.bench("crypto.hash sha256 16 KiB", () => {
  crypto.hash("sha256", input, "buffer");
});
