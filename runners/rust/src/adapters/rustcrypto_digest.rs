//! The `Digest` trait that every RustCrypto hash crate (md-5, sha1, sha2, sha3, blake2)
//! implements, in the three bench modes:
//! - oneshot: `D::digest(input)` (the output array lands in a buffer reused across ops);
//! - new: `D::new()`, `update`, `finalize` per op;
//! - reset: one hasher, `update` then `finalize_reset` per op.

use std::hint::black_box;

use sha2::digest::{Digest, FixedOutputReset, Output};

use crate::catalog::Mode;
use crate::error::Result;
use crate::measure::{Plan, Timing, measure};

pub fn digest<D: Digest>(input: &[u8]) -> Vec<u8> {
    D::digest(input).to_vec()
}

pub fn bench<D: Digest + FixedOutputReset>(
    mode: Mode,
    input: &[u8],
    plan: Plan,
) -> Result<(Timing, Vec<u8>)> {
    let mut out = Output::<D>::default();
    let timing = match mode {
        Mode::Oneshot => measure(plan, || {
            out = D::digest(black_box(input));
            Ok(out[0])
        })?,
        Mode::New => measure(plan, || {
            let mut hasher = D::new();
            Digest::update(&mut hasher, black_box(input));
            out = hasher.finalize();
            Ok(out[0])
        })?,
        Mode::Reset => {
            let mut hasher = D::new();
            measure(plan, || {
                Digest::update(&mut hasher, black_box(input));
                out = hasher.finalize_reset();
                Ok(out[0])
            })?
        }
    };
    Ok((timing, out.to_vec()))
}
