// hashbench runner for Bun: protocol v1 on stdin/stdout (docs/protocol.md).
// The protocol core and the npm libraries' adapters are the Node.js runner's (src/shared
// is a link to runners/node/src): Bun resolves a module's imports from its real path, so
// those adapters load the Node.js runner's node_modules, the very packages and Node-API
// addons Node.js runs. Bun's built-in APIs have adapters of their own (src/adapters).
import process from "node:process";
import { BUN_ADAPTERS } from "./adapters/index.js";
import { loadAdapters, NODE_ADAPTERS } from "./shared/adapters/index.js";
import { measureResolution } from "./shared/core/bench.js";
import { loadCatalog } from "./shared/core/catalog.js";
import { runtimeDescription } from "./shared/core/runtime.js";
import { implementations, Server } from "./shared/core/server.js";
import { writeLine } from "./shared/core/stdout.js";

// A library that throws or rejects outside a request must not end the runner.
process.on("unhandledRejection", (err) => console.error("unhandled rejection:", err));
process.on("uncaughtException", (err) => console.error("uncaught exception:", err));

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
