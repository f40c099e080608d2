//! RustCrypto `pbkdf2`: `pbkdf2_hmac::<Sha256>(password, salt, rounds, &mut key)`, with
//! the PRF's hash from the `sha1` and `sha2` crates. Raw output only (its PHC
//! `$pbkdf2-sha256$` strings need the `phc` feature, not built).

use sha1::Sha1;
use sha2::{Sha256, Sha512};

use super::{Adapter, Info, unsupported_alg};
use crate::catalog::{Algorithm, Cost, PasswordInput};
use crate::error::Result;

pub struct Pbkdf2;

impl Adapter for Pbkdf2 {
    fn info(&self) -> Info {
        Info {
            name: "pbkdf2",
            krate: "pbkdf2",
            ops: &["derive", "bench"],
            modes: &[],
            encoding: None,
            alloc: true,
            notes: "pbkdf2_hmac with sha1/sha2 crates (SHA-NI where the CPU has it); raw output only",
        }
    }

    fn derive(&self, inp: &PasswordInput, out: &mut [u8]) -> Result<()> {
        let Cost::Pbkdf2 { iterations } = inp.cost else {
            return Err(unsupported_alg("pbkdf2", inp.alg));
        };
        let salt = inp.salt()?;
        match inp.alg {
            Algorithm::Pbkdf2Sha1 => {
                pbkdf2::pbkdf2_hmac::<Sha1>(&inp.password, salt, iterations, out)
            }
            Algorithm::Pbkdf2Sha256 => {
                pbkdf2::pbkdf2_hmac::<Sha256>(&inp.password, salt, iterations, out)
            }
            Algorithm::Pbkdf2Sha512 => {
                pbkdf2::pbkdf2_hmac::<Sha512>(&inp.password, salt, iterations, out)
            }
            other => return Err(unsupported_alg("pbkdf2", other)),
        }
        Ok(())
    }
}
