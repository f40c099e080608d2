//! Records, at build time, the compiler version and the version of every crate in
//! Cargo.lock, so the hello line reports the versions actually compiled in.

use std::collections::BTreeMap;
use std::env;
use std::fs;
use std::path::PathBuf;
use std::process::Command;

fn main() {
    // The rust-native runner (runners/rust-native) is this code built with
    // RUSTFLAGS="-C target-cpu=native": it names itself so (cfg native_cpu).
    println!("cargo::rerun-if-env-changed=CARGO_ENCODED_RUSTFLAGS");
    println!("cargo::rustc-check-cfg=cfg(native_cpu)");
    let flags = env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    if flags
        .split('\x1f')
        .any(|f| f.ends_with("target-cpu=native"))
    {
        println!("cargo::rustc-cfg=native_cpu");
    }

    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let lock_path = manifest_dir.join("Cargo.lock");
    println!("cargo:rerun-if-changed={}", lock_path.display());
    println!("cargo:rerun-if-changed=build.rs");

    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let rustc_version = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|| "rustc (unknown version)".into());

    // Cargo.lock: [[package]] blocks with `name = "…"` and `version = "…"` lines. Where a
    // crate appears in several versions, the root package's dependency list names the one
    // it uses as "name version".
    let lock = fs::read_to_string(&lock_path).unwrap_or_default();
    let mut versions: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut root_deps: Vec<String> = Vec::new();
    for block in lock.split("[[package]]").skip(1) {
        let field = |key: &str| {
            block.lines().find_map(|l| {
                l.strip_prefix(key)
                    .and_then(|r| r.trim().strip_prefix('='))
                    .map(|v| v.trim().trim_matches('"').to_string())
            })
        };
        let (Some(name), Some(version)) = (field("name "), field("version ")) else {
            continue;
        };
        if name == env::var("CARGO_PKG_NAME").unwrap() {
            root_deps = block
                .lines()
                .skip_while(|l| !l.starts_with("dependencies"))
                .skip(1)
                .take_while(|l| !l.starts_with(']'))
                .map(|l| l.trim().trim_end_matches(',').trim_matches('"').to_string())
                .collect();
        }
        versions.entry(name).or_default().push(version);
    }
    let mut table = String::new();
    for (name, vs) in &versions {
        let chosen = if vs.len() == 1 {
            vs[0].clone()
        } else {
            root_deps
                .iter()
                .find_map(|d| d.strip_prefix(&format!("{name} ")).map(str::to_string))
                .unwrap_or_else(|| vs.join("|"))
        };
        table.push_str(&format!("    ({name:?}, {chosen:?}),\n"));
    }

    let out = PathBuf::from(env::var("OUT_DIR").unwrap()).join("build_info.rs");
    fs::write(
        out,
        format!(
            "/// `rustc --version` of the compiler that built this runner.\n\
             pub const RUSTC_VERSION: &str = {rustc_version:?};\n\
             /// (crate, version) for every package in Cargo.lock.\n\
             pub const CRATE_VERSIONS: &[(&str, &str)] = &[\n{table}];\n"
        ),
    )
    .unwrap();
}
