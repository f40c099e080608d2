// bcrypt (npm "bcrypt", node.bcrypt.js): C++ addon over OpenBSD's blowfish code.
// Promise API (node/bcrypt) and sync API (node/bcrypt-sync).
import bcrypt from "bcrypt";
import { bcryptSaltString } from "../core/bytes.js";
import { packageVersion } from "../core/version.js";

// A given salt goes in as the salt string bcrypt.genSalt() would return.
const saltOrRounds = (cost, salt) => (salt === undefined ? cost : bcryptSaltString(cost, salt));

// The addon parses $2a$ and $2b$ only: for any other prefix ($2y$, $2x$) compare()
// reports false without an error, and that is the answer returned (see
// vectors/known-divergences.toml). $2a$ is computed as $2b$ (OpenBSD).
const common = {
  version: packageVersion("bcrypt"),
  encoding: "mcf",
};

export default [
  {
    ...common,
    name: "bcrypt",
    async: true,
    notes:
      "promise API (runs on the thread pool); emits $2b$; verifies $2a$/$2b$ only ($2y$ gives false); $2a$ passwords of 255 bytes or more: the key length wraps (kept in 8 bits); built from source",
    hash: (alg, password, { cost }, { salt }) => bcrypt.hash(password, saltOrRounds(cost, salt)),
    verify(alg, password, encoded) {
      return bcrypt.compare(password, encoded);
    },
  },
  {
    ...common,
    name: "bcrypt-sync",
    async: false,
    notes:
      "sync API; emits $2b$; verifies $2a$/$2b$ only ($2y$ gives false); $2a$ passwords of 255 bytes or more: the key length wraps (kept in 8 bits); built from source",
    hash: (alg, password, { cost }, { salt }) =>
      bcrypt.hashSync(password, saltOrRounds(cost, salt)),
    verify(alg, password, encoded) {
      return bcrypt.compareSync(password, encoded);
    },
  },
];
