//! One adapter per library, each written the way that library's README calls it.
//!
//! An adapter does the library calls and nothing else: requests arrive validated
//! (catalog ranges, salt and output lengths) and the timing loop lives in `measure`.

use crate::catalog::{Algorithm, Mode, PasswordInput};
use crate::error::{Error, Result};
use crate::measure::{Plan, Timing};

#[cfg(not(feature = "parallel"))]
pub mod argon2_kdf;
#[cfg(not(feature = "parallel"))]
pub mod argon2_rust;
pub mod argon2_rustcrypto;
#[cfg(not(feature = "parallel"))]
pub mod bcrypt;
#[cfg(not(feature = "parallel"))]
pub mod blake2;
#[cfg(not(feature = "parallel"))]
pub mod blake3;
#[cfg(not(feature = "parallel"))]
pub mod md5;
#[cfg(not(feature = "parallel"))]
pub mod pbkdf2;
#[cfg(not(feature = "parallel"))]
pub mod rust_argon2;
#[cfg(not(feature = "parallel"))]
pub mod rustcrypto_digest;
pub mod scrypt;
#[cfg(not(feature = "parallel"))]
pub mod sha1;
#[cfg(not(feature = "parallel"))]
pub mod sha2;
#[cfg(not(feature = "parallel"))]
pub mod sha3;

/// What the hello line says about an implementation.
#[derive(Clone, Debug)]
pub struct Info {
    /// `<library>[-<variant>]`; the runner prefixes `<runner>/`.
    pub name: &'static str,
    /// The crate whose version the hello reports (crates.io name). The library name,
    /// backend and algorithms are the compiled catalog's.
    pub krate: &'static str,
    pub ops: &'static [&'static str],
    pub modes: &'static [Mode],
    pub encoding: Option<&'static str>,
    /// Whether the counting allocator sees the op's memory (false where a C library
    /// allocates with its own malloc).
    pub alloc: bool,
    pub notes: &'static str,
}

/// A library's calls. Defaults reply `unsupported`.
pub trait Adapter: Sync {
    fn info(&self) -> Info;

    /// Raw output of `inp.length` bytes into `out` (deterministic; salt given).
    fn derive(&self, inp: &PasswordInput, out: &mut [u8]) -> Result<()> {
        let _ = (inp, out);
        Err(Error::unsupported("derive is not offered"))
    }

    /// The library's encoded string; its own salt when `inp.salt` is `None`.
    fn hash(&self, inp: &PasswordInput) -> Result<String> {
        let _ = inp;
        Err(Error::unsupported("hash is not offered"))
    }

    /// `Ok(false)` for a wrong password; malformed strings are errors.
    fn verify(&self, alg: Algorithm, password: &[u8], encoded: &str) -> Result<bool> {
        let _ = (alg, password, encoded);
        Err(Error::unsupported("verify is not offered"))
    }

    fn digest(&self, alg: Algorithm, input: &[u8]) -> Result<Vec<u8>> {
        let _ = (alg, input);
        Err(Error::unsupported("digest is not offered"))
    }

    /// Times `plan` digests of `input` in `mode`; returns the timing and the last output.
    fn bench_digest(
        &self,
        alg: Algorithm,
        mode: Mode,
        input: &[u8],
        plan: Plan,
    ) -> Result<(Timing, Vec<u8>)> {
        let _ = (alg, mode, input, plan);
        Err(Error::unsupported("digest is not offered"))
    }
}

pub fn unsupported_alg(lib: &str, alg: Algorithm) -> Error {
    Error::unsupported(format!("{lib} does not offer {}", alg.name()))
}

/// The implementations of this binary.
#[cfg(not(feature = "parallel"))]
pub fn registry() -> Vec<Box<dyn Adapter>> {
    vec![
        Box::new(argon2_rustcrypto::RustCryptoArgon2),
        Box::new(rust_argon2::RustArgon2 { parallel: false }),
        Box::new(rust_argon2::RustArgon2 { parallel: true }),
        Box::new(argon2_kdf::Argon2Kdf),
        Box::new(argon2_rust::Argon2Rust),
        Box::new(scrypt::Scrypt),
        Box::new(bcrypt::Bcrypt),
        Box::new(pbkdf2::Pbkdf2),
        Box::new(md5::Md5Crate),
        Box::new(sha1::Sha1Crate),
        Box::new(sha2::Sha2Crate),
        Box::new(sha3::Sha3Crate),
        Box::new(blake2::Blake2Crate),
        Box::new(blake3::Blake3Crate),
    ]
}

/// The `rust-parallel` binary: the crates whose `parallel` feature changes them.
#[cfg(feature = "parallel")]
pub fn registry() -> Vec<Box<dyn Adapter>> {
    vec![
        Box::new(argon2_rustcrypto::RustCryptoArgon2),
        Box::new(scrypt::Scrypt),
    ]
}
