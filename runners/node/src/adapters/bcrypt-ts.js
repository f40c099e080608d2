// bcrypt-ts: bcrypt in TypeScript (compiled to plain JS), a typed rewrite of bcryptjs.
// Promise API (node/bcrypt-ts) and sync API (node/bcrypt-ts-sync).
// Pinned to 8.0.1: 9.x needs Node >= 22.
import { compare, compareSync, hash, hashSync } from "bcrypt-ts";
import { bcryptSaltString } from "../core/bytes.js";
import { packageVersion } from "../core/version.js";

const saltOrRounds = (cost, salt) => (salt === undefined ? cost : bcryptSaltString(cost, salt));

const common = {
  version: packageVersion("bcrypt-ts"),
  encoding: "mcf",
  passwordType: "string",
};

export default [
  {
    ...common,
    name: "bcrypt-ts",
    async: true,
    notes: "promise API; passwords are JS strings",
    hash: (alg, password, { cost }, { salt }) => hash(password, saltOrRounds(cost, salt)),
    verify: (alg, password, encoded) => compare(password, encoded),
  },
  {
    ...common,
    name: "bcrypt-ts-sync",
    async: false,
    notes: "sync API; passwords are JS strings",
    hash: (alg, password, { cost }, { salt }) => hashSync(password, saltOrRounds(cost, salt)),
    hashDefaults: (alg, password) => hashSync(password), // hash() needs a salt or rounds
    verify: (alg, password, encoded) => compareSync(password, encoded),
  },
];
