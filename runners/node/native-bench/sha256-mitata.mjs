// mitata measurement of the call that node/node-crypto times in oneshot mode for
// sha256: crypto.hash("sha256", <16 KiB>, "buffer"), on the same input pattern
// (byte i = i mod 251). Not run by the build; mitata is a devDependency.
// Reproduce from the repository root:
//   node runners/node/native-bench/sha256-mitata.mjs
import { Buffer } from "node:buffer";
import crypto from "node:crypto";
import { bench, do_not_optimize, run } from "mitata";

const input = Buffer.alloc(16384);
for (let i = 0; i < input.length; i++) input[i] = i % 251;

bench("crypto.hash sha256 16 KiB", () => do_not_optimize(crypto.hash("sha256", input, "buffer")));

const { benchmarks } = await run();
const { stats } = benchmarks[0].runs[0];
console.log(`mitata: median ${stats.p50.toFixed(0)} ns/op, mean ${stats.avg.toFixed(0)} ns/op`);
