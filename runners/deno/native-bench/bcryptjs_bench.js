// `deno bench` measurement of the call that deno/bcryptjs-sync times for a bcrypt hash
// at cost 10 with a given salt: bcrypt.hashSync(password, "$2b$10$<22 chars>").
// Not run by the build. Reproduce from the repository root:
//   runners/deno/node_modules/.bin/deno bench --no-check --config runners/deno/deno.json runners/deno/native-bench/bcryptjs_bench.js
import bcrypt from "bcryptjs";

// The salt string the runner's adapter builds from 16 zero bytes.
const salt = "$2b$10$......................";

Deno.bench("bcryptjs hashSync cost 10", () => {
  bcrypt.hashSync("password", salt);
});
