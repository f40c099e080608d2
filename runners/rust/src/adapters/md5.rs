//! `md-5` (RustCrypto): `Digest` trait calls, e.g. `Md5::digest(data)`; see
//! rustcrypto_digest.rs for the three bench modes.

use md5::Md5;

use super::{Adapter, Info, rustcrypto_digest, unsupported_alg};
use crate::catalog::{ALL_MODES, Algorithm, Mode};
use crate::error::Result;
use crate::measure::{Plan, Timing};

pub struct Md5Crate;

impl Adapter for Md5Crate {
    fn info(&self) -> Info {
        Info {
            name: "md-5",
            library: "md-5",
            backend: "rust",
            algorithms: &[Algorithm::Md5],
            ops: &["digest", "bench"],
            modes: ALL_MODES,
            encoding: None,
            alloc: true,
            notes: "pure Rust (no asm feature in 0.11)",
        }
    }

    fn digest(&self, alg: Algorithm, input: &[u8]) -> Result<Vec<u8>> {
        match alg {
            Algorithm::Md5 => Ok(rustcrypto_digest::digest::<Md5>(input)),
            other => Err(unsupported_alg("md-5", other)),
        }
    }

    fn bench_digest(
        &self,
        alg: Algorithm,
        mode: Mode,
        input: &[u8],
        plan: Plan,
    ) -> Result<(Timing, Vec<u8>)> {
        match alg {
            Algorithm::Md5 => rustcrypto_digest::bench::<Md5>(mode, input, plan),
            other => Err(unsupported_alg("md-5", other)),
        }
    }
}
