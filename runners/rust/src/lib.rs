//! hashbench runner for Rust libraries: runner protocol v1 (docs/protocol.md) over
//! JSON lines on stdin/stdout.

pub mod adapters;
pub mod catalog;
pub mod compiled;
pub mod error;
pub mod hex;
pub mod measure;
pub mod request;
mod server;

/// Compiler and crate versions recorded by build.rs.
pub mod build_info {
    include!(concat!(env!("OUT_DIR"), "/build_info.rs"));

    /// The version of `krate` compiled into this binary, from Cargo.lock.
    pub fn crate_version(krate: &str) -> &'static str {
        CRATE_VERSIONS
            .iter()
            .find(|(name, _)| *name == krate)
            .map(|(_, v)| *v)
            .unwrap_or("unknown")
    }
}

/// The runner's name: the `parallel` feature builds the `rust-parallel` runner, and
/// `-C target-cpu=native` the `rust-native` one (see build.rs).
pub const RUNNER: &str = if cfg!(feature = "parallel") {
    "rust-parallel"
} else if cfg!(native_cpu) {
    "rust-native"
} else {
    "rust"
};

/// The compiler, and the CPU the code was built for when it is not baseline x86-64.
pub fn runtime() -> String {
    if cfg!(native_cpu) {
        format!("{} (-C target-cpu=native)", build_info::RUSTC_VERSION)
    } else {
        build_info::RUSTC_VERSION.to_string()
    }
}

pub use server::run;
