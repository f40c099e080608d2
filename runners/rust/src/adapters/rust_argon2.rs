//! `rust-argon2` (imported as `argon2` in its README; renamed `rust_argon2` here):
//! `argon2::hash_raw` / `argon2::hash_encoded(pwd, salt, &Config)` and
//! `argon2::verify_encoded`. Its `thread_mode` is a run-time choice, so it appears twice:
//! `rust-argon2` (ThreadMode::Sequential, the default) and `rust-argon2-parallel`
//! (ThreadMode::Parallel: one crossbeam thread per lane).

use rust_argon2::{Config, ThreadMode, Variant, Version};

use super::{Adapter, Info, unsupported_alg};
use crate::catalog::{Algorithm, Cost, PasswordInput};
use crate::error::{Error, Result};

pub struct RustArgon2 {
    pub parallel: bool,
}

fn lib_err(e: rust_argon2::Error) -> Error {
    Error::params(format!("rust-argon2: {e}"))
}

impl RustArgon2 {
    fn config<'a>(&self, inp: &'a PasswordInput) -> Result<Config<'a>> {
        let Cost::Argon2 { m, t, p, version } = inp.cost else {
            return Err(unsupported_alg("rust-argon2", inp.alg));
        };
        let variant = match inp.alg {
            Algorithm::Argon2id => Variant::Argon2id,
            Algorithm::Argon2i => Variant::Argon2i,
            Algorithm::Argon2d => Variant::Argon2d,
            other => return Err(unsupported_alg("rust-argon2", other)),
        };
        let thread_mode = if self.parallel {
            ThreadMode::Parallel
        } else {
            ThreadMode::Sequential
        };
        if inp.defaults {
            return Ok(Config {
                variant,
                thread_mode,
                ..Config::default()
            });
        }
        Ok(Config {
            variant,
            version: if version == 16 {
                Version::Version10
            } else {
                Version::Version13
            },
            mem_cost: m,
            time_cost: t,
            lanes: p,
            thread_mode,
            secret: inp.secret.as_deref().unwrap_or(&[]),
            ad: inp.ad.as_deref().unwrap_or(&[]),
            hash_length: inp.length as u32,
        })
    }
}

impl Adapter for RustArgon2 {
    fn info(&self) -> Info {
        Info {
            name: if self.parallel {
                "rust-argon2-parallel"
            } else {
                "rust-argon2"
            },
            krate: "rust-argon2",
            ops: &["derive", "hash", "verify", "bench"],
            modes: &[],
            encoding: Some("phc"),
            alloc: true,
            notes: if self.parallel {
                "Config.thread_mode = ThreadMode::Parallel (a thread per lane); no salt \
                 generation: hash without a salt draws 16 bytes from getrandom"
            } else {
                "Config.thread_mode = ThreadMode::Sequential (default); no salt generation: hash \
                 without a salt draws 16 bytes from getrandom; verify_encoded picks threads = p \
                 itself, so verify runs lanes in parallel in both variants"
            },
        }
    }

    fn derive(&self, inp: &PasswordInput, out: &mut [u8]) -> Result<()> {
        let raw = rust_argon2::hash_raw(&inp.password, inp.salt()?, &self.config(inp)?)
            .map_err(lib_err)?;
        out.copy_from_slice(&raw);
        Ok(())
    }

    fn hash(&self, inp: &PasswordInput) -> Result<String> {
        let config = self.config(inp)?;
        match &inp.salt {
            Some(salt) => rust_argon2::hash_encoded(&inp.password, salt, &config),
            None => {
                let mut salt = [0u8; 16];
                getrandom::fill(&mut salt).map_err(|e| Error::library(e.to_string()))?;
                rust_argon2::hash_encoded(&inp.password, &salt, &config)
            }
        }
        .map_err(lib_err)
    }

    fn verify(&self, _alg: Algorithm, password: &[u8], encoded: &str) -> Result<bool> {
        rust_argon2::verify_encoded(encoded, password).map_err(|e| match e {
            rust_argon2::Error::DecodingFail
            | rust_argon2::Error::IncorrectType
            | rust_argon2::Error::IncorrectVersion => Error::input(format!("rust-argon2: {e}")),
            _ => lib_err(e),
        })
    }
}
