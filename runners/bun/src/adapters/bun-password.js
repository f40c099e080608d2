// Bun.password: argon2id/i/d and bcrypt built into Bun (in Bun 1.4 the rust-argon2 and
// bcrypt crates; Zig's std.crypto.pwhash before Bun's port to Rust). Promise API
// (bun/bun-password, on a worker thread) and sync API (bun/bun-password-sync). Options
// are the algorithm, memoryCost and timeCost for argon2 and cost for bcrypt: no salt
// (its own 32 random bytes), no parallelism (p=1; a parallelism option is ignored
// without a word), no output length (32 bytes), no version (0x13). A request that needs
// one of those is `unsupported`. Passwords over 72 bytes are pre-hashed with SHA-512
// before bcrypt (oven-sh/bun#9010).
import { unsupported } from "../shared/core/errors.js";

const { password: pw } = globalThis.Bun;

function options(alg, params, { salt, length }) {
  if (salt !== undefined) throw unsupported("Bun.password draws its own salt; none can be given");
  if (alg === "bcrypt") return { algorithm: "bcrypt", cost: params.cost };
  const { m, t, p, version } = params;
  if (p !== 1) throw unsupported("Bun.password has no parallelism option: it computes p=1");
  if (version !== 19) throw unsupported("Bun.password computes version 19 (0x13) only");
  if (length !== 32) throw unsupported("Bun.password has no output length option: 32 bytes");
  return { algorithm: alg, memoryCost: m, timeCost: t };
}

// Bun.password.hash(pw) is argon2id at its defaults; the others are named by their name.
const defaultsOption = (alg) => (alg === "argon2id" ? undefined : alg);

const common = {
  version: `Bun ${globalThis.Bun.version}`,
  encoding: { argon2id: "phc", argon2i: "phc", argon2d: "phc", bcrypt: "mcf" },
};

export default [
  {
    ...common,
    name: "bun-password",
    async: true,
    notes: "Bun.password.hash / verify (promise API, a worker thread); p=1, 32-byte tags",
    hash: (alg, password, params, opts) => pw.hash(password, options(alg, params, opts)),
    hashDefaults: (alg, password) => pw.hash(password, defaultsOption(alg)),
    verify: (alg, password, encoded) => pw.verify(password, encoded),
  },
  {
    ...common,
    name: "bun-password-sync",
    async: false,
    notes: "Bun.password.hashSync / verifySync: the same code on the calling thread",
    hash: (alg, password, params, opts) => pw.hashSync(password, options(alg, params, opts)),
    hashDefaults: (alg, password) => pw.hashSync(password, defaultsOption(alg)),
    verify: (alg, password, encoded) => pw.verifySync(password, encoded),
  },
];
