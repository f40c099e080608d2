//! `blake3` (the official crate): `blake3::hash(input)`, or `Hasher::new()`, `update`,
//! `finalize`, and `Hasher::reset` to reuse one hasher. On x86-64 it runs its own
//! assembly (SSE2/SSE4.1/AVX2/AVX-512 chosen at run time); single-threaded here (the
//! `rayon` feature and `update_rayon` are not used).

use std::hint::black_box;

use super::{Adapter, Info, unsupported_alg};
use crate::catalog::{ALL_MODES, Algorithm, Mode};
use crate::error::Result;
use crate::measure::{Plan, Timing, measure};

pub struct Blake3Crate;

impl Adapter for Blake3Crate {
    fn info(&self) -> Info {
        Info {
            name: "blake3",
            krate: "blake3",
            ops: &["digest", "bench"],
            modes: ALL_MODES,
            encoding: None,
            alloc: true,
            notes: "assembly kernels picked at run time (AVX-512/AVX2/SSE4.1/SSE2); one thread",
        }
    }

    fn digest(&self, alg: Algorithm, input: &[u8]) -> Result<Vec<u8>> {
        match alg {
            Algorithm::Blake3 => Ok(blake3::hash(input).as_bytes().to_vec()),
            other => Err(unsupported_alg("blake3", other)),
        }
    }

    fn bench_digest(
        &self,
        alg: Algorithm,
        mode: Mode,
        input: &[u8],
        plan: Plan,
    ) -> Result<(Timing, Vec<u8>)> {
        if alg != Algorithm::Blake3 {
            return Err(unsupported_alg("blake3", alg));
        }
        let mut out = blake3::Hash::from_bytes([0; 32]);
        let timing = match mode {
            Mode::Oneshot => measure(plan, || {
                out = blake3::hash(black_box(input));
                Ok(out.as_bytes()[0])
            })?,
            Mode::New => measure(plan, || {
                let mut hasher = blake3::Hasher::new();
                hasher.update(black_box(input));
                out = hasher.finalize();
                Ok(out.as_bytes()[0])
            })?,
            Mode::Reset => {
                let mut hasher = blake3::Hasher::new();
                measure(plan, || {
                    hasher.reset();
                    hasher.update(black_box(input));
                    out = hasher.finalize();
                    Ok(out.as_bytes()[0])
                })?
            }
        };
        Ok((timing, out.as_bytes().to_vec()))
    }
}
