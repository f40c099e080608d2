//! `sha1` (RustCrypto): `Digest` trait calls, e.g. `Sha1::digest(data)`; see
//! rustcrypto_digest.rs for the three bench modes.

use sha1::Sha1;

use super::{Adapter, Info, rustcrypto_digest, unsupported_alg};
use crate::catalog::{ALL_MODES, Algorithm, Mode};
use crate::error::Result;
use crate::measure::{Plan, Timing};

pub struct Sha1Crate;

impl Adapter for Sha1Crate {
    fn info(&self) -> Info {
        Info {
            name: "sha1",
            library: "sha1",
            backend: "rust",
            algorithms: &[Algorithm::Sha1],
            ops: &["digest", "bench"],
            modes: ALL_MODES,
            encoding: None,
            alloc: true,
            notes: "SHA-NI intrinsics when the CPU has them (cpufeatures), else soft",
        }
    }

    fn digest(&self, alg: Algorithm, input: &[u8]) -> Result<Vec<u8>> {
        match alg {
            Algorithm::Sha1 => Ok(rustcrypto_digest::digest::<Sha1>(input)),
            other => Err(unsupported_alg("sha1", other)),
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
            Algorithm::Sha1 => rustcrypto_digest::bench::<Sha1>(mode, input, plan),
            other => Err(unsupported_alg("sha1", other)),
        }
    }
}
