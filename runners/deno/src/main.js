// hashbench runner for Deno: protocol v1 on stdin/stdout (docs/protocol.md).
// The protocol core and the adapters are the Node.js runner's (src/shared is a symlink
// to runners/node/src); npm packages resolve from this folder's own node_modules
// (deno.json: "nodeModulesDir": "manual"), so nothing is fetched at run time. The JSR
// packages' adapters (src/adapters) are this runner's own; their packages come from
// build/import_map.json (jsr.mjs).
import process from "node:process";
import { DENO_ADAPTERS } from "./adapters/index.js";
import { loadAdapters, NODE_ADAPTERS } from "./shared/adapters/index.js";
import { measureResolution } from "./shared/core/bench.js";
import { loadCatalog } from "./shared/core/catalog.js";
import { runtimeDescription } from "./shared/core/runtime.js";
import { implementations, Server } from "./shared/core/server.js";

// A library that throws or rejects outside a request must not end the runner.
globalThis.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  console.error("unhandled rejection:", event.reason);
});
globalThis.addEventListener("error", (event) => {
  event.preventDefault();
  console.error("uncaught exception:", event.error);
});

// stdout carries the protocol only (writeLine below); what a library logs goes to stderr
// (@denosaurs/plug prints "Copying ..." when it loads a library).
console.log = console.error;
console.info = console.error;

// Synchronous, so every reply is out before the next request is read. When the reader
// has gone (broken pipe) nothing more can be said: exit.
const encoder = new TextEncoder();
function writeLine(line) {
  const bytes = encoder.encode(`${line}\n`);
  let offset = 0;
  try {
    while (offset < bytes.length) offset += Deno.stdout.writeSync(bytes.subarray(offset));
  } catch (err) {
    if (err instanceof Deno.errors.BrokenPipe) Deno.exit(0);
    throw err;
  }
}

// Deno's node:process has resourceUsage(): maxRSS is getrusage's ru_maxrss (KiB).
const peakRss = () => process.resourceUsage().maxRSS * 1024;

const served = loadCatalog("deno");
const now = process.hrtime.bigint;
const unavailable = (name, err) =>
  console.error(`adapter ${name} unavailable: ${err?.stack ?? err}`);
const adapters = [
  ...(await loadAdapters(NODE_ADAPTERS, unavailable)),
  ...(await loadAdapters(DENO_ADAPTERS, unavailable, new URL("./adapters/", import.meta.url))),
];

const server = new Server(
  {
    runner: "deno",
    runtime: runtimeDescription(),
    timer: {
      clock: "process.hrtime.bigint (node compat, CLOCK_MONOTONIC)",
      resolution_ns: measureResolution(now),
    },
    now,
    input: Deno.stdin.readable,
    write: writeLine,
    peakRss,
    exit: (code) => Deno.exit(code),
  },
  implementations("deno", adapters, served),
);
await server.run();
