//! hashbench runner for Rust libraries: runner protocol v1 (docs/protocol.md) over
//! JSON lines on stdin/stdout.

pub mod adapters;
pub mod catalog;
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

/// The runner's name: the `parallel` feature builds the `rust-parallel` runner.
pub const RUNNER: &str = if cfg!(feature = "parallel") {
    "rust-parallel"
} else {
    "rust"
};

pub use server::run;
