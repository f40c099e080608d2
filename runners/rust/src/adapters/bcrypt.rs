//! `bcrypt` (Keats/rust-bcrypt): `bcrypt::hash(password, cost)` (its own salt from
//! getrandom), `bcrypt::hash_with_salt(password, cost, salt)` for a given salt, and
//! `bcrypt::verify(password, hash)`. Emits `$2b$`; verifies `$2a$`, `$2b$`, `$2x$`, `$2y$`
//! alike (no `$2x$` bug emulation). Passwords over 72 bytes are truncated, as in C.

use super::{Adapter, Info, unsupported_alg};
use crate::catalog::{Algorithm, Cost, PasswordInput};
use crate::error::{Error, Result};

pub struct Bcrypt;

fn lib_err(e: bcrypt::BcryptError) -> Error {
    match e {
        bcrypt::BcryptError::CostNotAllowed(_) => Error::params(e.to_string()),
        bcrypt::BcryptError::InvalidHash(_) => Error::input(e.to_string()),
        _ => Error::library(e.to_string()),
    }
}

impl Adapter for Bcrypt {
    fn info(&self) -> Info {
        Info {
            name: "bcrypt",
            krate: "bcrypt",
            ops: &["hash", "verify", "bench"],
            modes: &[],
            encoding: Some("mcf"),
            alloc: true,
            notes: "emits $2b$; verify computes $2a$/$2x$/$2y$ as $2b$: no $2x$ bug emulation \
                    (such strings verify false) nor of crypt_blowfish's $2a$ 8-bit safety \
                    measure; truncates at 72 bytes",
        }
    }

    fn hash(&self, inp: &PasswordInput) -> Result<String> {
        let Cost::Bcrypt { cost } = inp.cost else {
            return Err(unsupported_alg("bcrypt", inp.alg));
        };
        let cost = if inp.defaults {
            bcrypt::DEFAULT_COST
        } else {
            cost
        };
        match &inp.salt {
            None => bcrypt::hash(&inp.password, cost).map_err(lib_err),
            Some(salt) => {
                let salt: [u8; 16] = salt
                    .as_slice()
                    .try_into()
                    .map_err(|_| Error::params("bcrypt salt must be 16 bytes"))?;
                bcrypt::hash_with_salt(&inp.password, cost, salt)
                    .map(|parts| parts.to_string())
                    .map_err(lib_err)
            }
        }
    }

    fn verify(&self, _alg: Algorithm, password: &[u8], encoded: &str) -> Result<bool> {
        bcrypt::verify(password, encoded).map_err(lib_err)
    }
}
