//! RustCrypto `argon2`: `Argon2::new(algorithm, version, params)`, raw output with
//! `hash_password_into`, PHC strings with `PasswordHasher::hash_password` (its own salt
//! from getrandom) and `PasswordVerifier::verify_password`. With the crate's `parallel`
//! feature (the `rust-parallel` runner) lanes run on rayon threads.

use argon2::password_hash::{PasswordHasher, PasswordVerifier, phc::PasswordHash};
use argon2::{Algorithm, Argon2, AssociatedData, Params, ParamsBuilder, Version};

use super::{Adapter, Info, unsupported_alg};
use crate::catalog::{self, Cost, PasswordInput};
use crate::error::{Error, Result};

pub struct RustCryptoArgon2;

fn lib_err(e: argon2::Error) -> Error {
    use argon2::Error as E;
    match e {
        E::OutOfMemory => Error::library(e.to_string()),
        _ => Error::params(e.to_string()),
    }
}

fn hash_err(e: argon2::password_hash::Error) -> Error {
    use argon2::password_hash::Error as E;
    match e {
        E::OutOfMemory | E::Internal | E::RngFailure | E::Crypto => Error::library(e.to_string()),
        _ => Error::params(e.to_string()),
    }
}

/// The `Argon2` context for a request, as the README builds it.
fn context(inp: &PasswordInput) -> Result<Argon2<'_>> {
    let Cost::Argon2 { m, t, p, version } = inp.cost else {
        return Err(unsupported_alg("argon2", inp.alg));
    };
    let algorithm = match inp.alg {
        catalog::Algorithm::Argon2id => Algorithm::Argon2id,
        catalog::Algorithm::Argon2i => Algorithm::Argon2i,
        catalog::Algorithm::Argon2d => Algorithm::Argon2d,
        other => return Err(unsupported_alg("argon2", other)),
    };
    if inp.defaults {
        // `Argon2::default()` with the requested variant: Version::default(),
        // Params::default().
        return Ok(Argon2::new(
            algorithm,
            Version::default(),
            Params::default(),
        ));
    }
    let version = if version == 16 {
        Version::V0x10
    } else {
        Version::V0x13
    };
    let mut builder = ParamsBuilder::new();
    builder.m_cost(m).t_cost(t).p_cost(p).output_len(inp.length);
    if let Some(ad) = &inp.ad {
        builder.data(AssociatedData::new(ad).map_err(lib_err)?);
    }
    let params = builder.build().map_err(lib_err)?;
    match &inp.secret {
        Some(secret) => {
            Argon2::new_with_secret(secret, algorithm, version, params).map_err(lib_err)
        }
        None => Ok(Argon2::new(algorithm, version, params)),
    }
}

impl Adapter for RustCryptoArgon2 {
    fn info(&self) -> Info {
        Info {
            name: "argon2",
            krate: "argon2",
            ops: &["derive", "hash", "verify", "bench"],
            modes: &[],
            encoding: Some("phc"),
            alloc: true,
            notes: if cfg!(feature = "parallel") {
                "RustCrypto, `parallel` feature: lanes on rayon threads; PHC output 10-64 bytes; \
                 associated data up to 32 bytes; PHC salts up to 48 bytes (longer: refused)"
            } else {
                "RustCrypto, default features (lanes computed on one thread); PHC output 10-64 \
                 bytes; associated data up to 32 bytes; PHC salts up to 48 bytes (longer: \
                 refused); reads a PHC string without v= as version 0x13 (the reference reads \
                 0x10)"
            },
        }
    }

    fn derive(&self, inp: &PasswordInput, out: &mut [u8]) -> Result<()> {
        context(inp)?
            .hash_password_into(&inp.password, inp.salt()?, out)
            .map_err(lib_err)
    }

    fn hash(&self, inp: &PasswordInput) -> Result<String> {
        let argon2 = context(inp)?;
        let hash = match &inp.salt {
            Some(salt) => argon2.hash_password_with_salt(&inp.password, salt),
            None => argon2.hash_password(&inp.password),
        };
        Ok(hash.map_err(hash_err)?.to_string())
    }

    fn verify(&self, _alg: catalog::Algorithm, password: &[u8], encoded: &str) -> Result<bool> {
        let parsed = PasswordHash::new(encoded).map_err(|e| Error::input(e.to_string()))?;
        match Argon2::default().verify_password(password, &parsed) {
            Ok(()) => Ok(true),
            Err(argon2::password_hash::Error::PasswordInvalid) => Ok(false),
            Err(e) => Err(Error::input(e.to_string())),
        }
    }
}
