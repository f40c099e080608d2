//! `argon2-kdf`: a binding to the C reference implementation (phc-winner-argon2
//! 20190702, compiled by its build script; bindgen needs libclang). Its README calls
//! `Hasher::new().algorithm(..).iterations(..).memory_cost_kib(..).threads(..).hash(pw)`
//! and `Hash::from_str(s)?.verify(pw)`.

use std::str::FromStr;

use argon2_kdf::{Hash, Hasher, Secret};

use super::{Adapter, Info, unsupported_alg};
use crate::catalog::{Algorithm, Cost, PasswordInput};
use crate::error::{Error, Result};

pub struct Argon2Kdf;

fn lib_err(e: argon2_kdf::Argon2Error) -> Error {
    match e {
        argon2_kdf::Argon2Error::InvalidParameter(_) | argon2_kdf::Argon2Error::CLibError(_) => {
            Error::params(e.to_string())
        }
        argon2_kdf::Argon2Error::InvalidHash(_) => Error::input(e.to_string()),
        argon2_kdf::Argon2Error::RandomSourceUnavailable => Error::library(e.to_string()),
    }
}

fn algorithm(inp: &PasswordInput) -> Result<argon2_kdf::Algorithm> {
    match inp.alg {
        Algorithm::Argon2id => Ok(argon2_kdf::Algorithm::Argon2id),
        Algorithm::Argon2i => Ok(argon2_kdf::Algorithm::Argon2i),
        Algorithm::Argon2d => Ok(argon2_kdf::Algorithm::Argon2d),
        other => Err(unsupported_alg("argon2-kdf", other)),
    }
}

/// The hasher for a request; `threads` sets both lanes and threads in this crate.
fn hasher(inp: &PasswordInput) -> Result<Hasher<'_>> {
    let Cost::Argon2 { m, t, p, version } = inp.cost else {
        return Err(unsupported_alg("argon2-kdf", inp.alg));
    };
    if version != 19 {
        return Err(Error::unsupported(
            "argon2-kdf always uses version 19 (0x13)",
        ));
    }
    if inp.ad.as_ref().is_some_and(|ad| !ad.is_empty()) {
        return Err(Error::unsupported("argon2-kdf takes no associated data"));
    }
    let mut hasher = if inp.defaults {
        // Hasher::default(): argon2id, m=62500 KiB, t=18, one thread, 16-byte salt.
        Hasher::default().algorithm(algorithm(inp)?)
    } else {
        Hasher::new()
            .algorithm(algorithm(inp)?)
            .hash_length(inp.length as u32)
            .iterations(t)
            .memory_cost_kib(m)
            .threads(p)
    };
    if let Some(salt) = &inp.salt {
        hasher = hasher.custom_salt(salt);
    }
    if let Some(secret) = &inp.secret {
        hasher = hasher.secret(Secret::using(secret));
    }
    Ok(hasher)
}

impl Adapter for Argon2Kdf {
    fn info(&self) -> Info {
        Info {
            name: "argon2-kdf",
            krate: "argon2-kdf",
            ops: &["derive", "hash", "verify", "bench"],
            modes: &[],
            encoding: Some("phc"),
            alloc: false,
            notes: "C reference (phc-winner-argon2 20190702, opt.c SSE) via bindgen; version \
                    19 only; secret but no associated data; threads = lanes (pthreads); its \
                    memory comes from C malloc, unseen by the counting allocator (alloc: false); \
                    verify returns only a bool",
        }
    }

    fn derive(&self, inp: &PasswordInput, out: &mut [u8]) -> Result<()> {
        inp.salt()?;
        let hash = hasher(inp)?.hash(&inp.password).map_err(lib_err)?;
        out.copy_from_slice(hash.as_bytes());
        Ok(())
    }

    fn hash(&self, inp: &PasswordInput) -> Result<String> {
        let hash = hasher(inp)?.hash(&inp.password).map_err(lib_err)?;
        Ok(hash.to_string())
    }

    fn verify(&self, _alg: Algorithm, password: &[u8], encoded: &str) -> Result<bool> {
        let hash = Hash::from_str(encoded).map_err(|e| match e {
            argon2_kdf::Argon2Error::InvalidHash(
                "Hash version is unsupported" | "Missing algorithm version",
            ) => Error::unsupported(format!("argon2-kdf verifies v=19 strings only ({e})")),
            e => Error::input(e.to_string()),
        })?;
        Ok(hash.verify(password))
    }
}
