//! The algorithms this runner has code for, and the typed parameters its adapters take.
//!
//! Names, defaults and ranges are the compiled catalog's (compiled.rs): a request is
//! checked against them before any library is called, so an out-of-range request is an
//! `invalid_params` reply and never reaches a library that might abort or allocate
//! terabytes. What stays here is what the library calls need whatever the catalog says:
//! values that fit their types, scrypt's N as a power of two, memory the machine has.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::compiled::Spec;
use crate::error::{Error, Result};

/// The catalog's algorithm names the adapters have calls for; a name the catalog lists
/// that is not here is `unsupported`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    Argon2id,
    Argon2i,
    Argon2d,
    Scrypt,
    Bcrypt,
    Pbkdf2Sha1,
    Pbkdf2Sha256,
    Pbkdf2Sha512,
    Yescrypt,
    Sha512crypt,
    Md5,
    Sha1,
    Sha256,
    Sha512,
    Sha3_256,
    Blake2b512,
    Blake2s256,
    Blake3,
}

const NAMES: &[(Algorithm, &str)] = &[
    (Algorithm::Argon2id, "argon2id"),
    (Algorithm::Argon2i, "argon2i"),
    (Algorithm::Argon2d, "argon2d"),
    (Algorithm::Scrypt, "scrypt"),
    (Algorithm::Bcrypt, "bcrypt"),
    (Algorithm::Pbkdf2Sha1, "pbkdf2-sha1"),
    (Algorithm::Pbkdf2Sha256, "pbkdf2-sha256"),
    (Algorithm::Pbkdf2Sha512, "pbkdf2-sha512"),
    (Algorithm::Yescrypt, "yescrypt"),
    (Algorithm::Sha512crypt, "sha512crypt"),
    (Algorithm::Md5, "md5"),
    (Algorithm::Sha1, "sha1"),
    (Algorithm::Sha256, "sha256"),
    (Algorithm::Sha512, "sha512"),
    (Algorithm::Sha3_256, "sha3-256"),
    (Algorithm::Blake2b512, "blake2b-512"),
    (Algorithm::Blake2s256, "blake2s-256"),
    (Algorithm::Blake3, "blake3"),
];

impl Algorithm {
    pub fn parse(name: &str) -> Result<Self> {
        NAMES
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(a, _)| *a)
            .ok_or_else(|| Error::unsupported(format!("unknown algorithm {name:?}")))
    }

    pub fn name(self) -> &'static str {
        NAMES
            .iter()
            .find(|(a, _)| *a == self)
            .map(|(_, n)| *n)
            .unwrap()
    }
}

/// Digest bench modes (protocol.md): `oneshot`, `new`, `reset`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Oneshot,
    New,
    Reset,
}

impl Mode {
    pub fn parse(name: &str) -> Result<Self> {
        match name {
            "oneshot" => Ok(Mode::Oneshot),
            "new" => Ok(Mode::New),
            "reset" => Ok(Mode::Reset),
            _ => Err(Error::unsupported(format!("unknown mode {name:?}"))),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Mode::Oneshot => "oneshot",
            Mode::New => "new",
            Mode::Reset => "reset",
        }
    }
}

pub const ALL_MODES: &[Mode] = &[Mode::Oneshot, Mode::New, Mode::Reset];

/// Validated cost parameters of a password algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    /// `m` in KiB, `t` passes, `p` lanes, `version` 0x10 or 0x13.
    Argon2 {
        m: u32,
        t: u32,
        p: u32,
        version: u32,
    },
    /// `n` is N itself (a power of two); `log_n` its log2.
    Scrypt {
        n: u64,
        log_n: u8,
        r: u32,
        p: u32,
    },
    Bcrypt {
        cost: u32,
    },
    Pbkdf2 {
        iterations: u32,
    },
}

/// Everything a password op needs, validated.
#[derive(Clone, Debug)]
pub struct PasswordInput {
    pub alg: Algorithm,
    pub cost: Cost,
    pub password: Vec<u8>,
    /// `None`: the library makes its own salt (for `hash`).
    pub salt: Option<Vec<u8>>,
    /// Output bytes (argon2 tag, scrypt/pbkdf2 key); bcrypt ignores it.
    pub length: usize,
    pub secret: Option<Vec<u8>>,
    pub ad: Option<Vec<u8>>,
    /// `hash` without `params`: the library's own no-options call (`cost` and `length`
    /// are then the catalog defaults and unused).
    pub defaults: bool,
}

impl PasswordInput {
    /// The salt, which `derive` requires.
    pub fn salt(&self) -> Result<&[u8]> {
        self.salt
            .as_deref()
            .ok_or_else(|| Error::protocol("derive needs a salt"))
    }
}

/// The largest value passed to a library: its parameters are `u32`.
const LIBRARY_MAX: u64 = u32::MAX as u64;

fn value(alg: Algorithm, values: &BTreeMap<String, u64>, key: &str) -> Result<u32> {
    values
        .get(key)
        .map(|&n| n as u32) // at most LIBRARY_MAX (Spec::resolve)
        .ok_or_else(|| {
            Error::unsupported(format!(
                "the catalog gives {} no parameter {key:?}",
                alg.name()
            ))
        })
}

/// Validates `params` for a password algorithm against its catalog schema `spec`. With
/// `unchecked`, only what the library's types cannot carry (and working memory beyond
/// the machine's, which would abort the process) is refused.
pub fn cost(
    alg: Algorithm,
    spec: &Spec,
    params: &Map<String, Value>,
    unchecked: bool,
) -> Result<Cost> {
    let values = spec.resolve(alg.name(), params, unchecked, LIBRARY_MAX)?;
    let get = |key: &str| value(alg, &values, key);
    match alg {
        Algorithm::Argon2id | Algorithm::Argon2i | Algorithm::Argon2d => {
            let (m, t, p, version) = (get("m")?, get("t")?, get("p")?, get("version")?);
            if version != 16 && version != 19 {
                return Err(Error::params(format!("version={version}: 16 or 19")));
            }
            check_memory(u64::from(m) * 1024)?;
            Ok(Cost::Argon2 { m, t, p, version })
        }
        Algorithm::Scrypt => {
            let (n, r, p) = (u64::from(get("n")?), get("r")?, get("p")?);
            if !n.is_power_of_two() {
                return Err(Error::params(format!(
                    "scrypt n={n} is not a power of two (and Rust scrypt APIs take log2 N)"
                )));
            }
            // ROMix needs 128*r*N bytes, plus 128*r*p for the B blocks; with the
            // `parallel` feature each rayon thread allocates its own 128*r*N.
            let threads = if cfg!(feature = "parallel") {
                std::thread::available_parallelism().map_or(1, |n| n.get() as u64)
            } else {
                1
            };
            let lanes = u64::from(p).min(threads);
            let needed = 128u64
                .saturating_mul(u64::from(r))
                .saturating_mul(n.saturating_mul(lanes).saturating_add(u64::from(p)));
            check_memory(needed)?;
            Ok(Cost::Scrypt {
                n,
                log_n: n.trailing_zeros() as u8,
                r,
                p,
            })
        }
        Algorithm::Bcrypt => Ok(Cost::Bcrypt { cost: get("cost")? }),
        Algorithm::Pbkdf2Sha1 | Algorithm::Pbkdf2Sha256 | Algorithm::Pbkdf2Sha512 => {
            Ok(Cost::Pbkdf2 {
                iterations: get("iterations")?,
            })
        }
        _ => Err(Error::unsupported(format!(
            "{} is not a password algorithm of this runner",
            alg.name()
        ))),
    }
}

/// Refuses parameters whose working memory exceeds this machine's physical memory:
/// the allocation would abort the process (Rust aborts on allocation failure) or wake
/// the OOM killer, and the runner must never crash.
fn check_memory(needed: u64) -> Result<()> {
    let physical = crate::measure::physical_memory();
    if physical > 0 && needed > physical {
        return Err(Error::params(format!(
            "needs {needed} bytes of working memory; this machine has {physical}"
        )));
    }
    Ok(())
}

/// Largest output length passed on unchecked (bytes).
const UNCHECKED_MAX_LENGTH: u64 = 1 << 20;

/// Validates the length field for `alg` (`None` → the catalog default; scrypt's `derive`
/// defaults to 64 bytes, docs/protocol.md).
pub fn length(
    alg: Algorithm,
    spec: &Spec,
    length: Option<u64>,
    op_is_derive: bool,
    unchecked: bool,
) -> Result<usize> {
    let Some(span) = spec.length else {
        return Ok(0);
    };
    let default = if alg == Algorithm::Scrypt && op_is_derive {
        64
    } else {
        span.default
    };
    let n = length.unwrap_or(default);
    if unchecked && n <= UNCHECKED_MAX_LENGTH {
        return Ok(n as usize);
    }
    span.check(alg.name(), "length", n)?;
    Ok(n as usize)
}

/// Validates a given salt's length for `alg`.
pub fn salt(alg: Algorithm, spec: &Spec, salt: &[u8]) -> Result<()> {
    match spec.salt {
        Some(span) => span.check(alg.name(), "salt length", salt.len() as u64),
        None => Ok(()),
    }
}

/// Before a library verifies a string, refuses costs in it that would need more memory
/// than the machine has (the library would allocate what the string asks for and abort).
/// Strings this cannot read are left to the library to judge.
pub fn check_encoded(alg: Algorithm, encoded: &str) -> Result<()> {
    let number = |key: &str| -> Option<u64> {
        encoded
            .split(['$', ','])
            .find_map(|part| part.strip_prefix(key)?.strip_prefix('=')?.parse().ok())
    };
    match alg {
        Algorithm::Argon2id | Algorithm::Argon2i | Algorithm::Argon2d => {
            if let Some(m) = number("m") {
                check_memory(m.saturating_mul(1024))?;
            }
        }
        Algorithm::Scrypt => {
            if let (Some(ln), Some(r)) = (number("ln"), number("r")) {
                let n = 1u64.checked_shl(ln.min(63) as u32).unwrap_or(u64::MAX);
                check_memory(n.saturating_mul(128).saturating_mul(r))?;
            }
        }
        _ => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compiled::Catalog;
    use serde_json::json;

    fn map(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    /// A catalog of the compiled file's shape, with ranges made up for these tests.
    fn catalog() -> Catalog {
        let argon2 = json!({"kind": "password", "length": {"default": 32, "min": 4, "max": 1024},
            "salt": {"default": 16, "min": 8},
            "params": {"m": {"default": 65536, "min": 8, "max": 4194304,
                             "min_per": {"param": "p", "factor": 8}},
                       "t": {"default": 3, "min": 1, "max": 1000},
                       "p": {"default": 4, "min": 1, "max": 255},
                       "version": {"default": 19, "choices": [16, 19]}}});
        let value = json!({"catalog": 1, "runners": {}, "algorithms": {
            "argon2id": argon2, "argon2i": argon2,
            "scrypt": {"kind": "password", "length": {"default": 32, "min": 1, "max": 1024},
                       "salt": {"default": 16, "min": 0},
                       "params": {"n": {"default": 65536, "min": 2, "max": 1073741824,
                                        "power_of_two": true},
                                  "r": {"default": 8, "min": 1, "max": 1024},
                                  "p": {"default": 1, "min": 1, "max": 1024}}},
            "bcrypt": {"kind": "password", "length": null,
                       "salt": {"default": 16, "min": 16, "max": 16},
                       "params": {"cost": {"default": 10, "min": 4, "max": 31}}}}});
        Catalog::from_value(&value, "rust").unwrap()
    }

    fn cost_of(alg: Algorithm, params: Value, unchecked: bool) -> Result<Cost> {
        let catalog = catalog();
        cost(alg, catalog.spec(alg.name())?, &map(params), unchecked)
    }

    #[test]
    fn argon2_ranges() {
        let ok = cost_of(
            Algorithm::Argon2id,
            json!({"m": 256, "t": 1, "p": 1}),
            false,
        )
        .unwrap();
        assert_eq!(
            ok,
            Cost::Argon2 {
                m: 256,
                t: 1,
                p: 1,
                version: 19
            }
        );
        for bad in [
            json!({"m": 8, "t": 1, "p": 4}),
            json!({"m": 8, "t": 0, "p": 1}),
            json!({"m": 64, "t": 1, "p": 1, "version": 17}),
            json!({"m": 64, "cost": 4}),
        ] {
            assert!(cost_of(Algorithm::Argon2i, bad, false).is_err());
        }
    }

    #[test]
    fn unchecked_passes_values_on() {
        let c = cost_of(Algorithm::Argon2id, json!({"m": 8, "t": 0, "p": 2}), true).unwrap();
        assert_eq!(
            c,
            Cost::Argon2 {
                m: 8,
                t: 0,
                p: 2,
                version: 19
            }
        );
        let c = cost_of(Algorithm::Bcrypt, json!({"cost": 3}), true).unwrap();
        assert_eq!(c, Cost::Bcrypt { cost: 3 });
        assert!(cost_of(Algorithm::Bcrypt, json!({"cost": 1u64 << 40}), true).is_err());
    }

    #[test]
    fn scrypt_needs_power_of_two() {
        assert!(cost_of(Algorithm::Scrypt, json!({"n": 1000, "r": 8, "p": 1}), true).is_err());
        let ok = cost_of(
            Algorithm::Scrypt,
            json!({"n": 1024, "r": 8, "p": 16}),
            false,
        )
        .unwrap();
        assert_eq!(
            ok,
            Cost::Scrypt {
                n: 1024,
                log_n: 10,
                r: 8,
                p: 16
            }
        );
    }

    #[test]
    fn lengths_and_salts() {
        let catalog = catalog();
        let scrypt = catalog.spec("scrypt").unwrap();
        assert_eq!(
            length(Algorithm::Scrypt, scrypt, None, true, false).unwrap(),
            64
        );
        assert_eq!(
            length(Algorithm::Scrypt, scrypt, None, false, false).unwrap(),
            32
        );
        assert!(length(Algorithm::Scrypt, scrypt, Some(1025), true, false).is_err());
        let bcrypt = catalog.spec("bcrypt").unwrap();
        assert!(salt(Algorithm::Bcrypt, bcrypt, &[0; 15]).is_err());
        assert!(salt(Algorithm::Bcrypt, bcrypt, &[0; 16]).is_ok());
    }

    #[test]
    fn a_catalog_of_another_shape_is_refused() {
        for bad in [
            json!({"algorithms": {}, "runners": {}}),
            json!({"catalog": 1, "runners": {}}),
            json!({"catalog": 1, "algorithms": {"x": {"kind": "other"}}, "runners": {}}),
            json!({"catalog": 1, "algorithms": {}, "runners": {"rust": {"rust/a": {
                "library": "a", "backend": "rust", "algorithms": ["nope"]}}}}),
        ] {
            assert!(Catalog::from_value(&bad, "rust").is_err(), "{bad}");
        }
    }

    #[test]
    fn encoded_memory_guard() {
        assert!(
            check_encoded(
                Algorithm::Argon2id,
                "$argon2id$v=19$m=4294967295,t=1,p=1$a$b"
            )
            .is_err()
        );
        assert!(check_encoded(Algorithm::Scrypt, "$scrypt$ln=60,r=8,p=1$a$b").is_err());
        assert!(check_encoded(Algorithm::Argon2id, "$argon2id$v=19$m=65536,t=2,p=1$a$b").is_ok());
    }
}
