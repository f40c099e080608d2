// Protocol lines out, for the Node.js and Bun runners (Deno writes through Deno.stdout).
// Synchronous, so every reply is out before the next request is read. When the reader
// has gone (EPIPE) nothing more can be said: exit.
import { Buffer } from "node:buffer";
import { writeSync } from "node:fs";
import process from "node:process";

export function writeLine(line) {
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
