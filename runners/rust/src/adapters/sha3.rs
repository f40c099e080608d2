//! `sha3` (RustCrypto): `Digest` trait calls, e.g. `Sha3_256::digest(data)`; see
//! rustcrypto_digest.rs for the three bench modes.

use sha3::Sha3_256;

use super::{Adapter, Info, rustcrypto_digest, unsupported_alg};
use crate::catalog::{ALL_MODES, Algorithm, Mode};
use crate::error::Result;
use crate::measure::{Plan, Timing};

pub struct Sha3Crate;

impl Adapter for Sha3Crate {
    fn info(&self) -> Info {
        Info {
            name: "sha3",
            library: "sha3",
            backend: "rust",
            algorithms: &[Algorithm::Sha3_256],
            ops: &["digest", "bench"],
            modes: ALL_MODES,
            encoding: None,
            alloc: true,
            notes: "Keccak in pure Rust",
        }
    }

    fn digest(&self, alg: Algorithm, input: &[u8]) -> Result<Vec<u8>> {
        match alg {
            Algorithm::Sha3_256 => Ok(rustcrypto_digest::digest::<Sha3_256>(input)),
            other => Err(unsupported_alg("sha3", other)),
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
            Algorithm::Sha3_256 => rustcrypto_digest::bench::<Sha3_256>(mode, input, plan),
            other => Err(unsupported_alg("sha3", other)),
        }
    }
}
