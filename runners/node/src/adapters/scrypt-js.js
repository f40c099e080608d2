// scrypt-js: scrypt in plain JavaScript (ricmoo). Promise API with progress callback
// (node/scrypt-js) and the blocking syncScrypt (node/scrypt-js-sync).
import scryptJs from "scrypt-js";
import { packageVersion } from "../core/version.js";

const common = {
  version: packageVersion("scrypt-js"),
  encoding: null,
};

export default [
  {
    ...common,
    name: "scrypt-js",
    async: true,
    notes: "promise API (yields to the event loop between chunks); raw output only",
    derive: (alg, password, salt, { n, r, p }, length) =>
      scryptJs.scrypt(password, salt, n, r, p, length),
  },
  {
    ...common,
    name: "scrypt-js-sync",
    async: false,
    notes: "syncScrypt; raw output only",
    derive: (alg, password, salt, { n, r, p }, length) =>
      scryptJs.syncScrypt(password, salt, n, r, p, length),
  },
];
