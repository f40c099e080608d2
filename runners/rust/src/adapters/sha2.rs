//! `sha2` (RustCrypto): `Digest` trait calls, e.g. `Sha512::digest(data)`; see
//! rustcrypto_digest.rs for the three bench modes.

use sha2::{Sha256, Sha512};

use super::{Adapter, Info, rustcrypto_digest, unsupported_alg};
use crate::catalog::{ALL_MODES, Algorithm, Mode};
use crate::error::Result;
use crate::measure::{Plan, Timing};

pub struct Sha2Crate;

impl Adapter for Sha2Crate {
    fn info(&self) -> Info {
        Info {
            name: "sha2",
            library: "sha2",
            backend: "rust",
            algorithms: &[Algorithm::Sha256, Algorithm::Sha512],
            ops: &["digest", "bench"],
            modes: ALL_MODES,
            encoding: None,
            alloc: true,
            notes: "SHA-NI intrinsics for SHA-256 when the CPU has them (cpufeatures); SHA-512 soft or AVX2",
        }
    }

    fn digest(&self, alg: Algorithm, input: &[u8]) -> Result<Vec<u8>> {
        match alg {
            Algorithm::Sha256 => Ok(rustcrypto_digest::digest::<Sha256>(input)),
            Algorithm::Sha512 => Ok(rustcrypto_digest::digest::<Sha512>(input)),
            other => Err(unsupported_alg("sha2", other)),
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
            Algorithm::Sha256 => rustcrypto_digest::bench::<Sha256>(mode, input, plan),
            Algorithm::Sha512 => rustcrypto_digest::bench::<Sha512>(mode, input, plan),
            other => Err(unsupported_alg("sha2", other)),
        }
    }
}
