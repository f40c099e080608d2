// hashbench runner for Node.js: protocol v1 on stdin/stdout (docs/protocol.md).
// Launched as `node runners/node/src/main.js [runner]`: the runner's name is `node` (the
// default Node, 26) unless a manifest of another Node major names itself (`node20`): the
// same code, its own catalog rows.
import process from "node:process";
import { NODE_ADAPTERS, loadAdapters } from "./adapters/index.js";
import { measureResolution } from "./core/bench.js";
import { loadCatalog } from "./core/catalog.js";
import { runtimeDescription } from "./core/runtime.js";
import { Server, implementations } from "./core/server.js";
import { writeLine } from "./core/stdout.js";

// A library that throws or rejects outside a request must not end the runner.
process.on("unhandledRejection", (err) => console.error("unhandled rejection:", err));
process.on("uncaughtException", (err) => console.error("uncaught exception:", err));

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
