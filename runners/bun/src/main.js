// hashbench runner for Bun: protocol v1 on stdin/stdout (docs/protocol.md).
// The protocol core and the npm libraries' adapters are the Node.js runner's (src/shared
// is a link to runners/node/src): Bun resolves a module's imports from its real path, so
// those adapters load the Node.js runner's node_modules, the very packages and Node-API
// addons Node.js runs. Bun's built-in APIs have adapters of their own (src/adapters).
import { writeSync } from "node:fs";
import process from "node:process";
import { BUN_ADAPTERS } from "./adapters/index.js";
import { loadAdapters, NODE_ADAPTERS } from "./shared/adapters/index.js";
import { measureResolution } from "./shared/core/bench.js";
import { loadCatalog } from "./shared/core/catalog.js";
import { runtimeDescription } from "./shared/core/runtime.js";
import { implementations, Server } from "./shared/core/server.js";

// A library that throws or rejects outside a request must not end the runner.
process.on("unhandledRejection", (err) => console.error("unhandled rejection:", err));
process.on("uncaughtException", (err) => console.error("uncaught exception:", err));

// Synchronous, so every reply is out before the next request is read. When the reader
// has gone (EPIPE) nothing more can be said: exit.
const encoder = new TextEncoder();
function writeLine(line) {
  const bytes = encoder.encode(`${line}\n`);
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

const served = loadCatalog("bun");
const now = process.hrtime.bigint;
const unavailable = (name, err) =>
  console.error(`adapter ${name} unavailable: ${err?.stack ?? err}`);
const adapters = [
  ...(await loadAdapters(NODE_ADAPTERS, unavailable)),
  ...(await loadAdapters(BUN_ADAPTERS, unavailable, new URL("./adapters/", import.meta.url))),
];

const server = new Server(
  {
    runner: "bun",
    runtime: runtimeDescription(),
    timer: {
      clock: "process.hrtime.bigint (CLOCK_MONOTONIC)",
      resolution_ns: measureResolution(now),
    },
    now,
    input: Bun.stdin.stream(),
    write: writeLine,
    // getrusage's ru_maxrss (KiB), as under Node.js
    peakRss: () => process.resourceUsage().maxRSS * 1024,
    exit: (code) => process.exit(code),
  },
  implementations("bun", adapters, served),
);
await server.run();
