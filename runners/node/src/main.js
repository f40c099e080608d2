// hashbench runner for Node.js: protocol v1 on stdin/stdout (docs/protocol.md).
// Launched as `node --no-experimental-fetch runners/node/src/main.js [runner]`
// (argon2-browser): the runner's name is `node` (the default Node) unless a manifest of
// another Node major names itself (`node20`): the same code, its own catalog rows.
import { Buffer } from "node:buffer";
import { writeSync } from "node:fs";
import process from "node:process";
import { NODE_ADAPTERS, loadAdapters } from "./adapters/index.js";
import { measureResolution } from "./core/bench.js";
import { loadCatalog } from "./core/catalog.js";
import { runtimeDescription } from "./core/runtime.js";
import { Server, implementations } from "./core/server.js";

// A library that throws or rejects outside a request must not end the runner.
process.on("unhandledRejection", (err) => console.error("unhandled rejection:", err));
process.on("uncaughtException", (err) => console.error("uncaught exception:", err));

// Synchronous, so every reply is out before the next request is read. When the reader
// has gone (EPIPE) nothing more can be said: exit.
function writeLine(line) {
  const bytes = Buffer.from(`${line}\n`);
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(1, bytes, offset);
    } catch (err) {
      if (err.code === "EPIPE") process.exit(0);
      if (err.code !== "EAGAIN") throw err;
    }
  }
}

const runner = process.argv[2] ?? "node";
const served = loadCatalog(runner);
const now = process.hrtime.bigint;
const adapters = await loadAdapters(NODE_ADAPTERS, (name, err) =>
  console.error(`adapter ${name} unavailable: ${err?.stack ?? err}`),
);

const server = new Server(
  {
    runner,
    runtime: runtimeDescription(),
    timer: {
      clock: "process.hrtime.bigint (CLOCK_MONOTONIC)",
      resolution_ns: measureResolution(now),
    },
    now,
    input: process.stdin,
    write: writeLine,
    peakRss: () => process.resourceUsage().maxRSS * 1024,
    exit: (code) => process.exit(code),
  },
  implementations(runner, adapters, served),
);
await server.run();
