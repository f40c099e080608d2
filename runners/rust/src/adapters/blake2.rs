//! `blake2` (RustCrypto): `Digest` trait calls, e.g. `Blake2s256::digest(data)`; see
//! rustcrypto_digest.rs for the three bench modes.

use blake2::{Blake2b512, Blake2s256};

use super::{Adapter, Info, rustcrypto_digest, unsupported_alg};
use crate::catalog::{ALL_MODES, Algorithm, Mode};
use crate::error::Result;
use crate::measure::{Plan, Timing};

pub struct Blake2Crate;

impl Adapter for Blake2Crate {
    fn info(&self) -> Info {
        Info {
            name: "blake2",
            library: "blake2",
            backend: "rust",
            algorithms: &[Algorithm::Blake2b512, Algorithm::Blake2s256],
            ops: &["digest", "bench"],
            modes: ALL_MODES,
            encoding: None,
            alloc: true,
            notes: "built with its `reset` feature (needed for finalize_reset; off by default)",
        }
    }

    fn digest(&self, alg: Algorithm, input: &[u8]) -> Result<Vec<u8>> {
        match alg {
            Algorithm::Blake2b512 => Ok(rustcrypto_digest::digest::<Blake2b512>(input)),
            Algorithm::Blake2s256 => Ok(rustcrypto_digest::digest::<Blake2s256>(input)),
            other => Err(unsupported_alg("blake2", other)),
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
            Algorithm::Blake2b512 => rustcrypto_digest::bench::<Blake2b512>(mode, input, plan),
            Algorithm::Blake2s256 => rustcrypto_digest::bench::<Blake2s256>(mode, input, plan),
            other => Err(unsupported_alg("blake2", other)),
        }
    }
}
