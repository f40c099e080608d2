// @da/bcrypt (JSR; its code is deno.land/x/bcrypt 0.4.1): jBCrypt ported to TypeScript,
// no dependencies. The async API (hash, compare) starts a Web Worker per call and
// resolves with its message; the sync API (hashSync, compareSync) runs on this thread.
import * as bcrypt from "@da/bcrypt";
import { bcryptSaltString } from "../shared/core/bytes.js";
import { libraryError } from "../shared/core/errors.js";

// The salt string the library's own genSalt makes ($2a$), with the given 16 bytes.
const salted = (
  cost,
  salt,
) => (salt === undefined ? undefined : bcryptSaltString(cost, salt, "2a"));

// In the worker, hashpw throws for a cost outside 4..30 and the worker dies without a
// message: the promise never settles. Say so instead of waiting for the time-out.
function workerSafe(cost) {
  if (cost < 4 || cost > 30) {
    throw libraryError(
      `cost ${cost} throws inside the Web Worker (4..30); the promise would never settle`,
    );
  }
}

const common = {
  version: "0.4.1",
  encoding: "mcf",
  passwordType: "string", // JS strings, encoded as UTF-8
};

export default [
  {
    ...common,
    name: "da-bcrypt",
    async: true,
    notes:
      "promise API: one Web Worker per call (hash, genSalt, compare); passwords are JS strings",
    async hash(_alg, password, { cost }, { salt }) {
      workerSafe(cost);
      return bcrypt.hash(password, salted(cost, salt) ?? (await bcrypt.genSalt(cost)));
    },
    hashDefaults: (_alg, password) => bcrypt.hash(password), // genSalt() in the worker: cost 10
    verify: (_alg, password, encoded) => bcrypt.compare(password, encoded),
  },
  {
    ...common,
    name: "da-bcrypt-sync",
    async: false,
    notes: "sync API (hashSync, genSaltSync, compareSync); passwords are JS strings",
    hash: (_alg, password, { cost }, { salt }) =>
      bcrypt.hashSync(password, salted(cost, salt) ?? bcrypt.genSaltSync(cost)),
    hashDefaults: (_alg, password) => bcrypt.hashSync(password),
    verify: (_alg, password, encoded) => bcrypt.compareSync(password, encoded),
  },
];
