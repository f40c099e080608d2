//! Algorithm names, bench modes and parameter ranges of catalog/algorithms.toml.
//!
//! The orchestrator validates every case before sending it; the runner checks the same
//! ranges again here, before any library is called, so an out-of-range request is an
//! `invalid_params` reply and never reaches a library that might abort or allocate
//! terabytes. Keep the numbers in step with catalog/algorithms.toml.

use serde_json::{Map, Value};

use crate::error::{Error, Result};

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

    pub fn is_digest(self) -> bool {
        matches!(
            self,
            Algorithm::Md5
                | Algorithm::Sha1
                | Algorithm::Sha256
                | Algorithm::Sha512
                | Algorithm::Sha3_256
                | Algorithm::Blake2b512
                | Algorithm::Blake2s256
                | Algorithm::Blake3
        )
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

struct Range {
    key: &'static str,
    default: u64,
    min: u64,
    max: u64,
}

const fn r(key: &'static str, default: u64, min: u64, max: u64) -> Range {
    Range {
        key,
        default,
        min,
        max,
    }
}

const ARGON2: &[Range] = &[
    r("m", 65536, 8, 4_194_304),
    r("t", 3, 1, 1000),
    r("p", 4, 1, 255),
    r("version", 19, 16, 19),
];
const SCRYPT: &[Range] = &[
    r("n", 65536, 2, 1 << 30),
    r("r", 8, 1, 1024),
    r("p", 1, 1, 1024),
];
const BCRYPT: &[Range] = &[r("cost", 10, 4, 31)];
const PBKDF2_SHA1: &[Range] = &[r("iterations", 600_000, 1, 100_000_000)];
const PBKDF2_SHA512: &[Range] = &[r("iterations", 210_000, 1, 100_000_000)];

/// (length default, min, max) per algorithm; `None` where `length` does not apply.
fn length_range(alg: Algorithm, op_is_derive: bool) -> Option<(u64, u64, u64)> {
    Some(match alg {
        Algorithm::Argon2id | Algorithm::Argon2i | Algorithm::Argon2d => (32, 4, 1024),
        Algorithm::Scrypt => (if op_is_derive { 64 } else { 32 }, 1, 1024),
        Algorithm::Pbkdf2Sha1 => (20, 1, 1024),
        Algorithm::Pbkdf2Sha256 => (32, 1, 1024),
        Algorithm::Pbkdf2Sha512 => (64, 1, 1024),
        _ => return None,
    })
}

/// Minimum salt length in bytes (catalog `salt.min`), and the exact length if fixed.
fn salt_rule(alg: Algorithm) -> (usize, Option<usize>) {
    match alg {
        Algorithm::Argon2id | Algorithm::Argon2i | Algorithm::Argon2d => (8, None),
        Algorithm::Bcrypt => (16, Some(16)),
        _ => (0, None),
    }
}

fn read_params(
    alg: Algorithm,
    ranges: &[Range],
    params: &Map<String, Value>,
    unchecked: bool,
) -> Result<Vec<u64>> {
    for key in params.keys() {
        if !ranges.iter().any(|r| r.key == key) {
            return Err(Error::params(format!(
                "{}: unknown parameter {key:?}",
                alg.name()
            )));
        }
    }
    ranges
        .iter()
        .map(|range| {
            let value = match params.get(range.key) {
                None | Some(Value::Null) => return Ok(range.default),
                Some(v) => v,
            };
            let n = if let Some(n) = value.as_u64() {
                n
            } else if value.as_i64().is_some() {
                return Err(Error::params(format!("{}={value} is negative", range.key)));
            } else {
                return Err(Error::protocol(format!(
                    "params.{} must be an integer",
                    range.key
                )));
            };
            if unchecked {
                // As given, as far as the library's u32 parameters can carry it.
                return u32::try_from(n).map(u64::from).map_err(|_| {
                    Error::params(format!("{}={n} does not fit the library's u32", range.key))
                });
            }
            if n < range.min || n > range.max {
                return Err(Error::params(format!(
                    "{} {}={n} outside {}..={}",
                    alg.name(),
                    range.key,
                    range.min,
                    range.max
                )));
            }
            Ok(n)
        })
        .collect()
}

/// Validates `params` for a password algorithm against the catalog ranges. With
/// `unchecked`, only what the library's types cannot carry (and working memory beyond
/// the machine's, which would abort the process) is refused.
pub fn cost(alg: Algorithm, params: &Map<String, Value>, unchecked: bool) -> Result<Cost> {
    match alg {
        Algorithm::Argon2id | Algorithm::Argon2i | Algorithm::Argon2d => {
            let v = read_params(alg, ARGON2, params, unchecked)?;
            let (m, t, p, version) = (v[0] as u32, v[1] as u32, v[2] as u32, v[3] as u32);
            if !unchecked && u64::from(m) < 8 * u64::from(p) {
                return Err(Error::params(format!("m={m} below 8*p={} KiB", 8 * p)));
            }
            if version != 16 && version != 19 {
                return Err(Error::params(format!("version={version}: 16 or 19")));
            }
            let needed = u64::from(m) * 1024;
            check_memory(needed)?;
            Ok(Cost::Argon2 { m, t, p, version })
        }
        Algorithm::Scrypt => {
            let v = read_params(alg, SCRYPT, params, unchecked)?;
            let (n, r, p) = (v[0], v[1] as u32, v[2] as u32);
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
        Algorithm::Bcrypt => {
            let v = read_params(alg, BCRYPT, params, unchecked)?;
            Ok(Cost::Bcrypt { cost: v[0] as u32 })
        }
        Algorithm::Pbkdf2Sha1 | Algorithm::Pbkdf2Sha256 => {
            let v = read_params(alg, PBKDF2_SHA1, params, unchecked)?;
            Ok(Cost::Pbkdf2 {
                iterations: v[0] as u32,
            })
        }
        Algorithm::Pbkdf2Sha512 => {
            let v = read_params(alg, PBKDF2_SHA512, params, unchecked)?;
            Ok(Cost::Pbkdf2 {
                iterations: v[0] as u32,
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

/// Validates the length field for `alg` (`None` → the catalog default).
pub fn length(
    alg: Algorithm,
    length: Option<u64>,
    op_is_derive: bool,
    unchecked: bool,
) -> Result<usize> {
    let Some((default, min, max)) = length_range(alg, op_is_derive) else {
        return Ok(0);
    };
    let n = length.unwrap_or(default);
    if unchecked && n <= UNCHECKED_MAX_LENGTH {
        return Ok(n as usize);
    }
    if n < min || n > max {
        return Err(Error::params(format!(
            "{} length={n} outside {min}..={max}",
            alg.name()
        )));
    }
    Ok(n as usize)
}

/// Validates a given salt's length for `alg`.
pub fn salt(alg: Algorithm, salt: &[u8]) -> Result<()> {
    let (min, exact) = salt_rule(alg);
    if let Some(exact) = exact
        && salt.len() != exact
    {
        return Err(Error::params(format!(
            "{} salt must be {exact} bytes, got {}",
            alg.name(),
            salt.len()
        )));
    }
    if salt.len() < min {
        return Err(Error::params(format!(
            "{} salt must be at least {min} bytes, got {}",
            alg.name(),
            salt.len()
        )));
    }
    Ok(())
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
    use serde_json::json;

    fn map(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn argon2_ranges() {
        let ok = cost(
            Algorithm::Argon2id,
            &map(json!({"m": 256, "t": 1, "p": 1})),
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
            assert!(cost(Algorithm::Argon2i, &map(bad), false).is_err());
        }
    }

    #[test]
    fn unchecked_passes_values_on() {
        let c = cost(
            Algorithm::Argon2id,
            &map(json!({"m": 8, "t": 0, "p": 2})),
            true,
        )
        .unwrap();
        assert_eq!(
            c,
            Cost::Argon2 {
                m: 8,
                t: 0,
                p: 2,
                version: 19
            }
        );
        let c = cost(Algorithm::Bcrypt, &map(json!({"cost": 3})), true).unwrap();
        assert_eq!(c, Cost::Bcrypt { cost: 3 });
        assert!(cost(Algorithm::Bcrypt, &map(json!({"cost": 1u64 << 40})), true).is_err());
    }

    #[test]
    fn scrypt_needs_power_of_two() {
        assert!(
            cost(
                Algorithm::Scrypt,
                &map(json!({"n": 1000, "r": 8, "p": 1})),
                true
            )
            .is_err()
        );
        let ok = cost(
            Algorithm::Scrypt,
            &map(json!({"n": 1024, "r": 8, "p": 16})),
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
