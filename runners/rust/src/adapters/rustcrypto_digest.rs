//! The `Digest` trait that every RustCrypto hash crate (md-5, sha1, sha2, sha3, blake2)
//! implements, in the three bench modes:
//! - oneshot: `D::digest(input)` (the output array lands in a buffer reused across ops);
//! - new: `D::new()`, `update`, `finalize` per op;
//! - reset: one hasher, `update` then `finalize_reset` per op.
//!
//! `digest_adapter!` writes the `Adapter` for one such crate from what is specific to it
//! (name, notes, and which `Digest` type computes each algorithm); md5.rs, sha1.rs,
//! sha2.rs, sha3.rs and blake2.rs are each one call of it.

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

/// An `Adapter` for one RustCrypto hash crate: the struct, its hello entry (ops digest
/// and bench, all three modes) and `digest`/`bench_digest`, which send
/// each listed algorithm to `digest`/`bench` above with its hasher type and reply
/// `unsupported` for any other.
macro_rules! digest_adapter {
    (
        $adapter:ident {
            name: $name:literal,
            krate: $krate:literal,
            notes: $notes:literal,
            algorithms: { $($alg:ident => $hasher:ty),+ $(,)? } $(,)?
        }
    ) => {
        pub struct $adapter;

        impl $crate::adapters::Adapter for $adapter {
            fn info(&self) -> $crate::adapters::Info {
                $crate::adapters::Info {
                    name: $name,
                    krate: $krate,
                    ops: &["digest", "bench"],
                    modes: $crate::catalog::ALL_MODES,
                    encoding: None,
                    alloc: true,
                    notes: $notes,
                }
            }

            fn digest(
                &self,
                alg: $crate::catalog::Algorithm,
                input: &[u8],
            ) -> $crate::error::Result<Vec<u8>> {
                match alg {
                    $($crate::catalog::Algorithm::$alg => {
                        Ok($crate::adapters::rustcrypto_digest::digest::<$hasher>(input))
                    })+
                    other => Err($crate::adapters::unsupported_alg($name, other)),
                }
            }

            fn bench_digest(
                &self,
                alg: $crate::catalog::Algorithm,
                mode: $crate::catalog::Mode,
                input: &[u8],
                plan: $crate::measure::Plan,
            ) -> $crate::error::Result<($crate::measure::Timing, Vec<u8>)> {
                match alg {
                    $($crate::catalog::Algorithm::$alg => {
                        $crate::adapters::rustcrypto_digest::bench::<$hasher>(mode, input, plan)
                    })+
                    other => Err($crate::adapters::unsupported_alg($name, other)),
                }
            }
        }
    };
}
pub(crate) use digest_adapter;
