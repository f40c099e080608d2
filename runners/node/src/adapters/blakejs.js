// blakejs: BLAKE2b and BLAKE2s in plain JavaScript. One-shot functions and an
// init/update/final context API (a new context per op; no reset).
import blake from "blakejs";
import { packageVersion } from "../core/version.js";

const FUNCTIONS = {
  "blake2b-512": [blake.blake2b, blake.blake2bInit, blake.blake2bUpdate, blake.blake2bFinal, 64],
  "blake2s-256": [blake.blake2s, blake.blake2sInit, blake.blake2sUpdate, blake.blake2sFinal, 32],
};

export default {
  name: "blakejs",
  version: packageVersion("blakejs"),
  encoding: null,
  async: false,
  modes: ["oneshot", "new"],
  notes: "new = blake2bInit/Update/Final per op",

  digest(alg, mode) {
    const [oneshot, init, update, final, outlen] = FUNCTIONS[alg];
    if (mode === "oneshot") return (data) => oneshot(data, null, outlen);
    return (data) => {
      const ctx = init(outlen);
      update(ctx, data);
      return final(ctx);
    };
  },
};
