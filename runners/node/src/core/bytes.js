// Byte helpers shared by the server and the adapters. Bytes are node:buffer Buffers
// (a Uint8Array subclass) so that every library, including those that insist on
// `instanceof Buffer`, takes them as they are.

import { Buffer } from "node:buffer";
import { invalidInput, unsupported } from "./errors.js";

const HEX = /^(?:[0-9a-fA-F]{2})*$/;

export function fromHex(text, field) {
  if (typeof text !== "string" || !HEX.test(text)) {
    throw invalidInput(`${field} is not an even-length hex string`);
  }
  return Buffer.from(text, "hex");
}

export function toHex(bytes) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** For libraries that take JS strings only: refuse what a string cannot carry. */
export function utf8String(bytes, what = "password") {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw unsupported(`${what} is not valid UTF-8 and this library takes JS strings only`);
  }
}

/** Latin-1 view of bytes that are all ASCII (for libraries with ASCII-only salt strings). */
export function asciiString(bytes, what = "salt") {
  for (const b of bytes) {
    if (b > 0x7f)
      throw unsupported(`${what} has non-ASCII bytes; this library takes an ASCII string`);
  }
  return Buffer.from(bytes).toString("latin1");
}

/** The bench input of protocol v1: byte i is i mod 251. */
export function patternInput(size) {
  const out = Buffer.alloc(size);
  for (let i = 0; i < size; i++) out[i] = i % 251;
  return out;
}

const BCRYPT_ALPHABET = "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** bcrypt's own base64 (no padding) of `bytes`, as in the 22-character salt field. */
export function bcryptBase64(bytes) {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i];
    const b1 = i + 1 < bytes.length ? bytes[i + 1] : 0;
    const b2 = i + 2 < bytes.length ? bytes[i + 2] : 0;
    out += BCRYPT_ALPHABET[b0 >> 2];
    out += BCRYPT_ALPHABET[((b0 & 0x03) << 4) | (b1 >> 4)];
    if (i + 1 < bytes.length) out += BCRYPT_ALPHABET[((b1 & 0x0f) << 2) | (b2 >> 6)];
    if (i + 2 < bytes.length) out += BCRYPT_ALPHABET[b2 & 0x3f];
  }
  return out;
}

/**
 * The salt string "$2b$<cost>$<22 chars>" that bcrypt libraries taking a salt string
 * (bcrypt, bcryptjs, bcrypt-ts) accept in place of their genSalt() output.
 */
export function bcryptSaltString(cost, salt, prefix = "2b") {
  return `$${prefix}$${String(cost).padStart(2, "0")}$${bcryptBase64(salt)}`;
}
