// A direct bench request to a runner, outside the orchestrator: starts the runner,
// sends one bench line, prints median and mean ns per op over the samples (after
// dropping the first `warm` samples). Not run by the build.
// Reproduce from the repository root, e.g.:
//   node runners/node/native-bench/direct.mjs node '{"impl":"node/node-crypto","op":"digest","alg":"sha256","mode":"oneshot","input_size":16384,"iters":2000,"samples":60}'
//   node runners/node/native-bench/direct.mjs node '{"op":"noop","iters":10000000,"samples":30}'
//   node runners/node/native-bench/direct.mjs deno '{"impl":"deno/node-crypto","op":"digest","alg":"sha256","mode":"oneshot","input_size":16384,"iters":2000,"samples":60}'
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const LAUNCH = {
  node: ["node", ["--no-experimental-fetch", "runners/node/src/main.js"]],
  deno: ["sh", ["runners/deno/run.sh"]],
};
const [runner, request, warmArg] = process.argv.slice(2);
const warm = Number(warmArg ?? 10);
const [cmd, args] = LAUNCH[runner];
const child = spawn(cmd, args, { stdio: ["pipe", "pipe", "inherit"] });
const lines = createInterface({ input: child.stdout });

let hello = true;
for await (const line of lines) {
  if (hello) {
    hello = false;
    child.stdin.write(`${JSON.stringify({ id: 1, cmd: "bench", ...JSON.parse(request) })}\n`);
    continue;
  }
  const reply = JSON.parse(line);
  if (reply.error) throw new Error(JSON.stringify(reply.error));
  const perOp = reply.samples_ns.slice(warm).map((ns) => ns / reply.iters);
  const sorted = [...perOp].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  const mean = perOp.reduce((a, b) => a + b, 0) / perOp.length;
  console.log(
    `${runner} runner: median ${median.toFixed(2)} ns/op, mean ${mean.toFixed(2)} ns/op ` +
      `(${perOp.length} samples of ${reply.iters} iters after ${warm} warm-up samples)`,
  );
  child.stdin.end();
  break;
}
