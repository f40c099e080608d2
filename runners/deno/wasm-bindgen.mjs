// Builds a JSR package that is Rust compiled to WASM with wasm-bindgen (@ts-rex/bcrypt)
// from its source snapshot, for jsr.mjs. The snapshot holds the crate (Cargo.toml,
// Cargo.lock, src/) and the published package's files (out/: deno.json, mod.ts, which
// imports ./wasm_bcrypt.js), but not the .wasm. Everything is written under
// build/jsr/<name>/, never into the snapshot:
//
//   crate/   Cargo.toml and Cargo.lock copied (the lock pinned as below), src -> snapshot,
//            .cargo/config.toml pointing crates.io at vendor/
//   vendor/  the lock's crates, fetched by rustup's cargo (`cargo vendor`)
//   target/  cargo's output: target/wasm32-unknown-unknown/release/<crate>.wasm
//   out/     the snapshot's out/ files as symlinks, beside wasm-bindgen's output
//
// The compiler: a rustc with a wasm32-unknown-unknown standard library. rustup's own
// targets come from the Rust project's server, which this machine cannot reach; Debian's
// rustc 1.63 has one (packages rustc, libstd-rust-dev-wasm32, lld-14), at /usr/bin/rustc.
// It is driven by the cargo beside it (Debian's cargo 1.65): rustup's cargo 1.95 asks
// rustc for things 1.63 does not know (--print=split-debuginfo). Debian's cargo reads
// crates.io's index only through git from github.com, which is not reachable either, so
// rustup's cargo (sparse index) fetches the crates into vendor/ and Debian's builds
// --offline from there. HASHBENCH_WASM_RUSTC names another rustc (its cargo beside it).
//
// wasm-bindgen-cli must be the very version of the lock's wasm-bindgen crate: rustup's
// cargo installs it from crates.io into build/tools/ (once: an unoptimized build, 50 s).
// The published package bundles wasm-bindgen's bundler output with the module inlined
// (postbuild.ts: esbuild with esbuild-plugin-wasm); here `wasm-bindgen --target deno`
// writes the same glue functions beside the .wasm, which the glue reads at import.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const TARGET = "wasm32-unknown-unknown";

// Crates of the snapshot's Cargo.lock whose rust-version is above an older rustc's, each
// moved back to the newest release that still builds there (semver-compatible, so cargo
// resolves the same graph otherwise). Only tooling that the library's own code does not
// call: bumpalo is the allocator of wasm-bindgen's macro (wasm-bindgen-backend 0.2.92).
const PINS = [
  // 3.16.0 and 3.15.x declare rust-version 1.73; 3.14.0 declares 1.60.
  { crate: "bumpalo", from: "3.16.0", to: "3.14.0", below: [1, 73] },
];

export class Skip extends Error {}

const run = (cmd, args, options = {}) =>
  execFileSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], ...options });

/** [major, minor] of `rustc -V`, or null when it does not run. */
function rustcVersion(rustc) {
  try {
    const m = /^rustc (\d+)\.(\d+)/.exec(run(rustc, ["-V"]));
    return m ? [Number(m[1]), Number(m[2])] : null;
  } catch {
    return null;
  }
}

/** Whether this rustc has a wasm32-unknown-unknown standard library. */
function hasWasmStd(rustc) {
  try {
    const dir = run(rustc, ["--print", "target-libdir", "--target", TARGET]).trim();
    return fs.readdirSync(dir).some((f) => /^libstd-.*\.rlib$/.test(f));
  } catch {
    return false;
  }
}

/**
 * The first rustc with a wasm32 std ($HASHBENCH_WASM_RUSTC, rustup's, Debian's) and the
 * cargo of its own release: the one beside it, or for rustup's rustc rustup's cargo.
 */
function wasmToolchain() {
  const candidates = [process.env.HASHBENCH_WASM_RUSTC, "rustc", "/usr/bin/rustc"];
  for (const rustc of candidates.filter(Boolean)) {
    const version = rustcVersion(rustc);
    if (!version || !hasWasmStd(rustc)) continue;
    const cargo = rustc.includes("/") ? path.join(path.dirname(rustc), "cargo") : "cargo";
    if (!fs.existsSync(cargo) && cargo !== "cargo") {
      throw new Skip(
        `${rustc} has a ${TARGET} std but no cargo beside it (${cargo}; apt-get install cargo)`,
      );
    }
    return { rustc, cargo, version };
  }
  throw new Skip(
    `no rustc with a ${TARGET} standard library (install Debian's: apt-get install rustc cargo libstd-rust-dev-wasm32 lld-14, about 120 MB to download; or set HASHBENCH_WASM_RUSTC)`,
  );
}

const older = ([a, b], [c, d]) => a < c || (a === c && b < d);

const lockVersion = (lock) => /^version = (\d+)$/m.exec(lock)?.[1];

/**
 * crate/: the snapshot's manifest and lock (pinned for this rustc, in the lock format the
 * snapshot has, which an older cargo reads), its src linked, and its crates in vendor/.
 */
function crateDir(source, farm, version) {
  const dir = path.join(farm, "crate");
  const vendor = path.join(farm, "vendor");
  fs.mkdirSync(path.join(dir, ".cargo"), { recursive: true });
  const link = path.join(dir, "src");
  if (!fs.existsSync(link)) fs.symlinkSync(path.join(source, "src"), link);
  const pins = PINS.filter((pin) => older(version, pin.below));
  const sourceLock = fs.readFileSync(path.join(source, "Cargo.lock"), "utf8");
  const wanted = `${sourceLock}\n${JSON.stringify(pins)}`;
  const stamp = path.join(dir, "lock-source");
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === wanted) return dir;
  const lockFile = path.join(dir, "Cargo.lock");
  const config = path.join(dir, ".cargo", "config.toml");
  fs.rmSync(config, { force: true }); // an earlier build's, pointing at the old vendor/
  fs.copyFileSync(path.join(source, "Cargo.toml"), path.join(dir, "Cargo.toml"));
  fs.copyFileSync(path.join(source, "Cargo.lock"), lockFile);
  const tools = { cwd: dir, env: withoutRustc() }; // rustup's cargo, which reaches crates.io
  for (const pin of pins) {
    run(
      "cargo",
      ["update", "--quiet", "-p", `${pin.crate}@${pin.from}`, "--precise", pin.to],
      tools,
    );
  }
  const pinned = fs.readFileSync(lockFile, "utf8");
  fs.writeFileSync(
    lockFile,
    pinned.replace(/^version = \d+$/m, `version = ${lockVersion(sourceLock)}`),
  );
  fs.rmSync(vendor, { recursive: true, force: true });
  run("cargo", ["vendor", "--quiet", "--locked", vendor], tools);
  fs.writeFileSync(
    config,
    `[source.crates-io]\nreplace-with = "vendored"\n\n[source.vendored]\ndirectory = ${
      JSON.stringify(vendor)
    }\n`,
  );
  fs.writeFileSync(stamp, wanted);
  return dir;
}

/** The version of a crate in a Cargo.lock. */
function lockedVersion(lockFile, crate) {
  const lock = fs.readFileSync(lockFile, "utf8");
  const m = new RegExp(`name = "${crate}"\\nversion = "([^"]+)"`).exec(lock);
  if (!m) throw new Skip(`${lockFile} has no ${crate}`);
  return m[1];
}

/** This environment less RUSTC: tools are built with the default toolchain. */
function withoutRustc() {
  const { RUSTC: _, ...env } = process.env;
  return env;
}

/** build/tools/wasm-bindgen-<version>/bin/wasm-bindgen, installed by cargo when missing. */
function wasmBindgen(build, version) {
  const root = path.join(build, "tools", `wasm-bindgen-${version}`);
  const bin = path.join(root, "bin", "wasm-bindgen");
  if (fs.existsSync(bin) && run(bin, ["--version"]).trim() === `wasm-bindgen ${version}`) {
    return bin;
  }
  // --debug: unoptimized, without debug info, it builds in 50 s here instead of 170 s
  // and writes the same glue byte for byte (0.1 s on a module instead of 0.04 s).
  execFileSync(
    "cargo",
    [
      "install",
      "--quiet",
      "--debug",
      "--locked",
      "wasm-bindgen-cli",
      "--version",
      `=${version}`,
      "--root",
      root,
    ],
    {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...withoutRustc(), CARGO_PROFILE_DEV_DEBUG: "0" },
    },
  );
  return bin;
}

/** out/: the snapshot's out/ files as symlinks (mod.ts imports ./<crate>.js). */
function outDir(source, farm) {
  const dir = path.join(farm, "out");
  fs.mkdirSync(dir, { recursive: true });
  for (const entry of fs.readdirSync(path.join(source, "out"))) {
    const link = path.join(dir, entry);
    if (!fs.existsSync(link)) fs.symlinkSync(path.join(source, "out", entry), link);
  }
  return dir;
}

/**
 * Builds the package; returns its out/ folder (wasm-bindgen's glue beside the snapshot's
 * mod.ts). Throws Skip (with the reason) when it cannot be built here.
 */
export function buildWasmPackage(source, farm, build) {
  const { rustc, cargo, version } = wasmToolchain();
  const crate = crateDir(source, farm, version);
  const target = path.join(farm, "target");
  execFileSync(
    cargo,
    [
      "build",
      "--offline",
      "--release",
      "--locked",
      "--quiet",
      "--target",
      TARGET,
      "--manifest-path",
      path.join(crate, "Cargo.toml"),
      "--target-dir",
      target,
    ],
    // cwd: cargo reads .cargo/config.toml from where it runs, not from the manifest's folder
    {
      stdio: ["ignore", "inherit", "inherit"],
      cwd: crate,
      env: { ...process.env, RUSTC: rustc },
    },
  );
  const name = /name = "([^"]+)"/.exec(fs.readFileSync(path.join(source, "Cargo.toml"), "utf8"))[1];
  const wasm = path.join(target, TARGET, "release", `${name.replaceAll("-", "_")}.wasm`);
  const bindgen = wasmBindgen(
    build,
    lockedVersion(path.join(crate, "Cargo.lock"), "wasm-bindgen"),
  );
  const out = outDir(source, farm);
  run(bindgen, ["--target", "deno", "--out-dir", out, wasm]);
  return out;
}
