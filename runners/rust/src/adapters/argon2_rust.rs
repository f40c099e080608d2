//! `argon2-rust` (crates.io, by the author of napi-rs): a Rust port of the C reference
//! with run-time-dispatched SIMD (AVX-512, AVX2, SSE2, NEON), the crate @node-rs/argon2
//! 2.2.1's prebuilt addon is built on. `Argon2::new(algorithm, version, params)` with
//! `Params::builder().memory(..).passes(..).lanes(..).tag_len(..)`, `hash_into_with_ad`
//! (raw), `hash_encoded_with_ad` / `hash_password_with_random_salt` (PHC) and
//! `Argon2::verify_encoded`. Its default `parallel` feature runs lanes > 1 on a pool of
//! worker threads.

use argon2_rust::params::{Memory, TagLen};
use argon2_rust::{Algorithm, Argon2, Error as LibError, Params, Version};

use super::{Adapter, Info, unsupported_alg};
use crate::catalog::{self, Cost, PasswordInput};
use crate::error::{Error, Result};

pub struct Argon2Rust;

fn lib_err(e: LibError) -> Error {
    match e {
        LibError::MemoryAllocationError | LibError::ThreadFail | LibError::OsRandom => {
            Error::library(format!("argon2-rust: {e}"))
        }
        _ => Error::params(format!("argon2-rust: {e}")),
    }
}

fn algorithm(alg: catalog::Algorithm) -> Result<Algorithm> {
    match alg {
        catalog::Algorithm::Argon2id => Ok(Algorithm::Argon2id),
        catalog::Algorithm::Argon2i => Ok(Algorithm::Argon2i),
        catalog::Algorithm::Argon2d => Ok(Algorithm::Argon2d),
        other => Err(unsupported_alg("argon2-rust", other)),
    }
}

/// The `Argon2` context for a request, as the crate's README builds it.
fn context(inp: &PasswordInput) -> Result<Argon2> {
    let Cost::Argon2 { m, t, p, version } = inp.cost else {
        return Err(unsupported_alg("argon2-rust", inp.alg));
    };
    let alg = algorithm(inp.alg)?;
    if inp.defaults {
        return Ok(Argon2::new(alg, Version::V0x13, Params::DEFAULT));
    }
    let version = if version == 16 {
        Version::V0x10
    } else {
        Version::V0x13
    };
    let params = Params::builder()
        .memory(Memory::kib(u64::from(m)))
        .passes(t)
        .lanes(p)
        .tag_len(TagLen::bytes(inp.length as u64))
        .build()
        .map_err(lib_err)?;
    Ok(Argon2::new(alg, version, params))
}

impl Adapter for Argon2Rust {
    fn info(&self) -> Info {
        Info {
            name: "argon2-rust",
            krate: "argon2-rust",
            ops: &["derive", "hash", "verify", "bench"],
            modes: &[],
            encoding: Some("phc"),
            alloc: false,
            notes: "a port of the C reference with run-time SIMD dispatch (the crate \
                    @node-rs/argon2's addon is built on); lanes > 1 on its worker pool; its \
                    memory arena comes from mmap, which the counting allocator does not see",
        }
    }

    fn derive(&self, inp: &PasswordInput, out: &mut [u8]) -> Result<()> {
        let secret = inp.secret.as_deref().unwrap_or(&[]);
        let ad = inp.ad.as_deref().unwrap_or(&[]);
        context(inp)?
            .hash_into_with_ad(&inp.password, inp.salt()?, secret, ad, out)
            .map_err(lib_err)
    }

    fn hash(&self, inp: &PasswordInput) -> Result<String> {
        let argon2 = context(inp)?;
        let secret = inp.secret.as_deref().unwrap_or(&[]);
        let ad = inp.ad.as_deref().unwrap_or(&[]);
        match &inp.salt {
            Some(salt) => argon2.hash_encoded_with_ad(&inp.password, salt, secret, ad),
            None if secret.is_empty() && ad.is_empty() => {
                argon2.hash_password_with_random_salt(&inp.password)
            }
            None => {
                let mut salt = [0u8; 16];
                getrandom::fill(&mut salt).map_err(|e| Error::library(e.to_string()))?;
                argon2.hash_encoded_with_ad(&inp.password, &salt, secret, ad)
            }
        }
        .map_err(lib_err)
    }

    fn verify(&self, alg: catalog::Algorithm, password: &[u8], encoded: &str) -> Result<bool> {
        match Argon2::verify_encoded(encoded, password, algorithm(alg)?) {
            Ok(()) => Ok(true),
            Err(LibError::VerifyMismatch) => Ok(false),
            Err(
                e @ (LibError::DecodingFail
                | LibError::DecodingLengthFail
                | LibError::IncorrectType
                | LibError::IncorrectParameter),
            ) => Err(Error::input(format!("argon2-rust: {e}"))),
            Err(e) => Err(lib_err(e)),
        }
    }
}
