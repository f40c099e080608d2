// Build step for the JSR packages of the Deno runner (node jsr.mjs; run by build.sh).
//
// JSR is not reachable from this machine, so each package comes from an unmodified source
// snapshot: $HASHBENCH_JSR_MIRROR/<scope>/<name>, else ../shared/mirror/jsr beside the
// repository; where neither has it, from the registry itself (jsr:<name>@<version>, cached
// with `deno cache`, for a machine that reaches JSR). It writes build/import_map.json,
// which run.sh hands to Deno: bare specifiers (@da/bcrypt, @std/path, ...) to the
// snapshot's files, following each package's deno.json "exports" as JSR would. Nothing is
// written into the mirror. A package that cannot be had is left out of the map, and the
// line "skip deno/<id>: <why>" says so (its adapter then fails to load, and the runner
// serves the others).
//
// @felix/argon2 and @felix/bcrypt load a Rust cdylib through @denosaurs/plug; with
// LOCAL=1 (run.sh sets it) they look for it in ../target/release next to their own
// module. So each is linked into build/jsr/<name>/ (symlinks to the snapshot's files) and
// cargo builds the cdylib into build/jsr/<name>/target from the snapshot's Cargo.lock.
//
// @ts-rex/bcrypt is Rust compiled to WASM whose snapshot has no .wasm: wasm-bindgen.mjs
// builds it into build/jsr/@ts-rex/bcrypt/out, which the map points at.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildWasmPackage, Skip } from "./wasm-bindgen.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const build = path.join(here, "build");
const mirror = process.env.HASHBENCH_JSR_MIRROR
  ? path.resolve(process.env.HASHBENCH_JSR_MIRROR)
  : path.resolve(here, "../../../shared/mirror/jsr");

// name, registry version, its adapter (src/adapters) and the ids it serves, whether it
// is a Rust cdylib or Rust compiled to WASM.
const PACKAGES = [
  {
    name: "@da/bcrypt",
    version: "1.0.1",
    adapter: "da-bcrypt",
    ids: ["da-bcrypt", "da-bcrypt-sync"],
  },
  {
    name: "@stdext/crypto",
    version: "0.1.0",
    adapter: "stdext-crypto",
    ids: ["stdext-crypto-argon2", "stdext-crypto-bcrypt"],
  },
  {
    name: "@felix/argon2",
    version: "3.0.5",
    adapter: "felix-argon2",
    ids: ["felix-argon2"],
    cargo: true,
  },
  {
    name: "@felix/bcrypt",
    version: "2.1.0",
    adapter: "felix-bcrypt",
    ids: ["felix-bcrypt"],
    cargo: true,
  },
  {
    name: "@ts-rex/bcrypt",
    version: "1.0.3",
    adapter: "ts-rex-bcrypt",
    ids: ["ts-rex-bcrypt"],
    wasm: true,
  },
];
// What the @felix packages import: plug, and the @std packages plug imports.
const DEPENDENCIES = [
  "@denosaurs/plug",
  "@std/encoding",
  "@std/fmt",
  "@std/fs",
  "@std/path",
  "@std/internal",
];

const skip = (pkg, why) => {
  for (const id of pkg.ids) console.log(`skip deno/${id}: ${why}`);
};

const readJson = (file) => JSON.parse(fs.readFileSync(file, "utf8"));

/** Import map entries for a package folder, from its deno.json "exports" (or mod.ts). */
function exportsOf(name, dir, base) {
  const config = path.join(dir, "deno.json");
  let exports = fs.existsSync(config) ? readJson(config).exports : undefined;
  if (exports === undefined) exports = "./mod.ts";
  if (typeof exports === "string") exports = { ".": exports };
  const map = {};
  for (const [key, file] of Object.entries(exports)) {
    map[name + key.slice(1)] = `${base}/${file.replace(/^\.\//, "")}`;
  }
  return map;
}

/** build/jsr/<name>: a symlink to each entry of the snapshot, and a target/ of our own. */
function linkFarm(pkg, source) {
  const farm = path.join(build, "jsr", pkg.name);
  fs.mkdirSync(farm, { recursive: true });
  for (const entry of fs.readdirSync(source)) {
    if (entry === "target" || entry.startsWith(".")) continue;
    const link = path.join(farm, entry);
    const target = path.join(source, entry);
    if (
      fs.existsSync(link) && fs.lstatSync(link).isSymbolicLink() && fs.readlinkSync(link) === target
    ) {
      continue;
    }
    fs.rmSync(link, { force: true, recursive: true });
    fs.symlinkSync(target, link);
  }
  return farm;
}

function cargoBuild(source, farm) {
  execFileSync(
    "cargo",
    [
      "build",
      "--release",
      "--locked",
      "--quiet",
      "--manifest-path",
      path.join(source, "Cargo.toml"),
      "--target-dir",
      path.join(farm, "target"),
    ],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
}

function hasCargo() {
  try {
    execFileSync("cargo", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Builds a Rust package; returns the folder its exports are read from and its map base. */
function buildRust(pkg, source) {
  const farm = path.join(build, "jsr", pkg.name);
  if (pkg.wasm) return [buildWasmPackage(source, farm, build), `./jsr/${pkg.name}/out`];
  cargoBuild(source, linkFarm(pkg, source));
  return [source, `./jsr/${pkg.name}`];
}

const imports = {};
const fromRegistry = [];
for (const name of DEPENDENCIES) {
  const dir = path.join(mirror, name);
  if (fs.existsSync(dir)) Object.assign(imports, exportsOf(name, dir, dir));
}
for (const pkg of PACKAGES) {
  const source = path.join(mirror, pkg.name);
  if (!fs.existsSync(source)) {
    fromRegistry.push(pkg);
    continue;
  }
  if (!pkg.cargo && !pkg.wasm) {
    Object.assign(imports, exportsOf(pkg.name, source, source));
    continue;
  }
  if (!hasCargo()) {
    skip(
      pkg,
      "cargo missing: its Rust library is built from source (install Rust: rustup or apt-get install cargo)",
    );
    continue;
  }
  try {
    const [dir, base] = buildRust(pkg, source);
    Object.assign(imports, exportsOf(pkg.name, dir, base));
  } catch (err) {
    const why = `cargo build of ${source} failed (${err.message.split("\n")[0]})`;
    skip(pkg, err instanceof Skip ? err.message : why);
  }
}

fs.mkdirSync(build, { recursive: true });
const mapFile = path.join(build, "import_map.json");
const write = (map) => {
  const text = `${JSON.stringify({ imports: map }, null, 1)}\n`;
  if (!fs.existsSync(mapFile) || fs.readFileSync(mapFile, "utf8") !== text) {
    fs.writeFileSync(mapFile, text);
  }
};
write(imports);

// Without a snapshot: the registry, where it is reachable (not from this machine).
for (const pkg of fromRegistry) {
  const trial = { ...imports, [pkg.name]: `jsr:${pkg.name}@${pkg.version}` };
  if (pkg.name === "@stdext/crypto") {
    for (const sub of ["/hash", "/hash/argon2", "/hash/bcrypt"]) {
      trial[pkg.name + sub] = `jsr:${pkg.name}@${pkg.version}${sub}`;
    }
  }
  write(trial);
  try {
    const adapter = path.join(here, "src", "adapters", `${pkg.adapter}.js`);
    execFileSync(
      path.join(here, "node_modules", ".bin", "deno"),
      ["cache", "--config", path.join(here, "deno.json"), "--import-map", mapFile, adapter],
      { stdio: "ignore", timeout: 120_000 },
    );
    Object.assign(imports, trial);
  } catch {
    skip(
      pkg,
      `no snapshot in ${mirror} and jsr:${pkg.name}@${pkg.version} could not be fetched (JSR unreachable); set HASHBENCH_JSR_MIRROR to a folder holding ${pkg.name}`,
    );
  }
  write(imports);
}
