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
            library: "bcrypt",
            backend: "rust",
            algorithms: &[Algorithm::Bcrypt],
            ops: &["hash", "verify", "bench"],
            modes: &[],
            encoding: Some("mcf"),
            alloc: true,
            notes: "emits $2b$; verify computes $2a$/$2x$/$2y$ as $2b$: no $2x$ bug emulation \
                    (such strings verify false), and $2a$ strings that crypt_blowfish's \
                    countermeasure changes are refused; truncates at 72 bytes",
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
        let (_, safety_flips) = crypt_blowfish_8bit(password);
        if encoded.starts_with("$2a$") && safety_flips {
            return Err(Error::unsupported(
                "bcrypt crate computes $2a$ as $2b$ (OpenBSD); crypt_blowfish's $2a$ \
                 countermeasure changes the hash of this 8-bit password",
            ));
        }
        bcrypt::verify(password, encoded).map_err(lib_err)
    }
}

/// Where this crate and crypt_blowfish (glibc/libxcrypt, PHP) disagree: crypt_blowfish
/// computes `$2x$` with its old sign-extension bug, and gives `$2a$` a countermeasure
/// that flips one key bit for passwords where a sign-extended byte would leave the key
/// unchanged; this crate computes both as `$2b$`. Mirrors the key loop of
/// crypt_blowfish's BF_set_key (the password as a C string, cycled with its NUL) and
/// returns (the bug changes the key, the `$2a$` countermeasure applies). Not a hash:
/// only decides when to reply `unsupported` rather than a divergent answer.
fn crypt_blowfish_8bit(password: &[u8]) -> (bool, bool) {
    let end = password
        .iter()
        .position(|&b| b == 0)
        .unwrap_or(password.len());
    let key = &password[..end];
    let byte = |pos: usize| key.get(pos).copied().unwrap_or(0);
    let (mut sign, mut diff, mut pos) = (0u32, 0u32, 0usize);
    for _ in 0..18 {
        let (mut correct, mut buggy) = (0u32, 0u32);
        for j in 0..4 {
            let b = byte(pos);
            correct = (correct << 8) | u32::from(b);
            buggy = (buggy << 8) | (b as i8 as i32 as u32);
            if j > 0 {
                sign |= buggy & 0x80;
            }
            pos = if b == 0 { 0 } else { pos + 1 };
        }
        diff |= correct ^ buggy;
    }
    (diff != 0, sign != 0 && diff == 0)
}

#[cfg(test)]
mod tests {
    use super::crypt_blowfish_8bit;

    #[test]
    fn ascii_passwords_agree() {
        assert_eq!(crypt_blowfish_8bit(b"U*U"), (false, false));
        assert_eq!(crypt_blowfish_8bit(b""), (false, false));
    }

    #[test]
    fn openwall_8bit_cases() {
        // wrapper.c: "\xff\xff\xa3" and "\xff\xa3" "34" "\xff\xff\xff\xa3" "345" have a
        // $2a$ hash of their own; "\xa3" hashes alike under $2a$, $2b$ and $2y$.
        assert!(crypt_blowfish_8bit(b"\xff\xff\xa3").1);
        assert!(crypt_blowfish_8bit(b"\xff\xa334\xff\xff\xff\xa3345").1);
        assert!(!crypt_blowfish_8bit(b"\xa3").1);
        assert!(crypt_blowfish_8bit(b"\xa3").0);
        assert!(!crypt_blowfish_8bit(b"\xa3ab").1);
    }
}
