// bcryptjs: bcrypt in plain JavaScript, no dependencies.
// Promise API (node/bcryptjs) and sync API (node/bcryptjs-sync).
import bcrypt from "bcryptjs";
import { bcryptSaltString } from "../core/bytes.js";
import { packageVersion } from "../core/version.js";

const saltOrRounds = (cost, salt) => (salt === undefined ? cost : bcryptSaltString(cost, salt));

const common = {
  version: packageVersion("bcryptjs"),
  encoding: "mcf",
  passwordType: "string", // bcryptjs hashes JS strings (as UTF-8); raw bytes cannot be given
};

export default [
  {
    ...common,
    name: "bcryptjs",
    async: true,
    notes: "promise API (the work is chunked with setImmediate); passwords are JS strings",
    hash: (alg, password, { cost }, { salt }) => bcrypt.hash(password, saltOrRounds(cost, salt)),
    verify: (alg, password, encoded) => bcrypt.compare(password, encoded),
  },
  {
    ...common,
    name: "bcryptjs-sync",
    async: false,
    notes: "sync API; passwords are JS strings",
    hash: (alg, password, { cost }, { salt }) =>
      bcrypt.hashSync(password, saltOrRounds(cost, salt)),
    hashDefaults: (alg, password) => bcrypt.hashSync(password), // hash() needs a salt or rounds
    verify: (alg, password, encoded) => bcrypt.compareSync(password, encoded),
  },
];
