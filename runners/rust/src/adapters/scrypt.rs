//! RustCrypto `scrypt`: raw output with `scrypt::scrypt(password, salt, &params, &mut out)`,
//! PHC strings (`$scrypt$ln=…,r=…,p=…$…`) with `PasswordHasher::hash_password` (its own
//! salt from getrandom) and `PasswordVerifier::verify_password`. With the crate's
//! `parallel` feature (the `rust-parallel` runner) the p ROMix blocks run on rayon threads.

use scrypt::password_hash::{PasswordHasher, PasswordVerifier};
use scrypt::phc::PasswordHash;
use scrypt::{Params, scrypt};

use super::{Adapter, Info, unsupported_alg};
use crate::catalog::{Algorithm, Cost, PasswordInput};
use crate::error::{Error, Result};

pub struct Scrypt;

fn params(inp: &PasswordInput, phc_len: Option<usize>) -> Result<Params> {
    let Cost::Scrypt { log_n, r, p, .. } = inp.cost else {
        return Err(unsupported_alg("scrypt", inp.alg));
    };
    let made = match phc_len {
        Some(len) => Params::new_with_output_len(log_n, r, p, len),
        None => Params::new(log_n, r, p),
    };
    made.map_err(|e| Error::params(format!("scrypt params: {e}")))
}

impl Adapter for Scrypt {
    fn info(&self) -> Info {
        Info {
            name: "scrypt",
            krate: "scrypt",
            ops: &["derive", "hash", "verify", "bench"],
            modes: &[],
            encoding: Some("phc"),
            alloc: true,
            notes: if cfg!(feature = "parallel") {
                "RustCrypto, `parallel` feature: the p blocks on rayon threads (each thread \
                 allocates its own 128*r*N bytes); PHC output 10-64 bytes"
            } else {
                "RustCrypto, features phc+getrandom; PHC output 10-64 bytes ($7$ MCF needs the \
                 `mcf` feature, not built)"
            },
        }
    }

    fn derive(&self, inp: &PasswordInput, out: &mut [u8]) -> Result<()> {
        scrypt(&inp.password, inp.salt()?, &params(inp, None)?, out)
            .map_err(|e| Error::params(format!("scrypt: {e}")))
    }

    fn hash(&self, inp: &PasswordInput) -> Result<String> {
        let scrypt = if inp.defaults {
            scrypt::Scrypt::default()
        } else {
            scrypt::Scrypt::new_with_params(params(inp, Some(inp.length))?)
        };
        let hash = match &inp.salt {
            Some(salt) => scrypt.hash_password_with_salt(&inp.password, salt),
            None => scrypt.hash_password(&inp.password),
        };
        hash.map(|h| h.to_string())
            .map_err(|e| Error::params(format!("scrypt: {e}")))
    }

    fn verify(&self, _alg: Algorithm, password: &[u8], encoded: &str) -> Result<bool> {
        let parsed = PasswordHash::new(encoded).map_err(|e| Error::input(e.to_string()))?;
        match scrypt::Scrypt::default().verify_password(password, &parsed) {
            Ok(()) => Ok(true),
            Err(scrypt::password_hash::Error::PasswordInvalid) => Ok(false),
            Err(e) => Err(Error::input(e.to_string())),
        }
    }
}
