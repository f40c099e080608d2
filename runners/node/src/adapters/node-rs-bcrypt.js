// @node-rs/bcrypt: napi-rs binding over the Rust `bcrypt` crate.
// Promise API (node/node-rs-bcrypt) and sync API (node/node-rs-bcrypt-sync).
// Pinned to 1.10.8: 2.0.0's platform packages are missing from the registry, so a
// lockfile with it cannot be installed by `npm ci`.
import { hash, hashSync, verify, verifySync } from "@node-rs/bcrypt";
import { packageVersion } from "../core/version.js";

const common = {
  version: packageVersion("@node-rs/bcrypt"),
  encoding: "mcf",
};

export default [
  {
    ...common,
    name: "node-rs-bcrypt",
    async: true,
    notes: "promise API (runs on the thread pool); emits $2b$; computes $2a$ as $2b$",
    // salt: the 16 raw bytes, or undefined for the library's own random salt
    hash: (alg, password, { cost }, { salt }) => hash(password, cost, salt),
    hashDefaults: (alg, password) => hash(password),
    verify: (alg, password, encoded) => verify(password, encoded),
  },
  {
    ...common,
    name: "node-rs-bcrypt-sync",
    async: false,
    notes: "sync API; emits $2b$; computes $2a$ as $2b$",
    hash: (alg, password, { cost }, { salt }) => hashSync(password, cost, salt),
    hashDefaults: (alg, password) => hashSync(password),
    verify: (alg, password, encoded) => verifySync(password, encoded),
  },
];
