//! The compiled catalog (build/catalog.json; docs/protocol.md, "The catalog a runner
//! reads"; its format: src/hashbench/catalog/compiled.py), read once at start-up: every
//! algorithm's parameter schema (defaults, ranges, rules), and the implementations the
//! catalog lists for this runner (library, backend, algorithms). The runner keeps no copy
//! of them: it checks requests against what it read here.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use serde_json::{Map, Value};

use crate::error::{Error, Result};

/// What the catalog says of one implementation this runner serves.
#[derive(Clone, Debug)]
pub struct Row {
    pub library: String,
    pub backend: String,
    pub algorithms: Vec<String>,
}

/// An output or salt length rule, in bytes.
#[derive(Clone, Copy, Debug)]
pub struct Span {
    pub default: u64,
    pub min: u64,
    pub max: Option<u64>,
}

/// One integer parameter: its default and what the catalog allows.
#[derive(Clone, Debug)]
struct Rule {
    key: String,
    default: u64,
    min: Option<u64>,
    max: Option<u64>,
    power_of_two: bool,
    choices: Option<Vec<u64>>,
    /// The value must be at least factor × another parameter (argon2: m >= 8p).
    min_per: Option<(String, u64)>,
}

/// One algorithm's schema.
#[derive(Clone, Debug)]
pub struct Spec {
    pub digest: bool,
    pub length: Option<Span>,
    pub salt: Option<Span>,
    params: Vec<Rule>,
}

#[derive(Clone, Debug, Default)]
pub struct Catalog {
    algorithms: HashMap<String, Spec>,
    /// Implementation id → row, for this runner.
    pub rows: BTreeMap<String, Row>,
}

/// `HASHBENCH_CATALOG`; else build/catalog.json under `HASHBENCH_ROOT`, else under the
/// repository root: five levels above runners/rust/target*/release/<binary>.
pub fn path() -> PathBuf {
    if let Some(named) = std::env::var_os("HASHBENCH_CATALOG").filter(|p| !p.is_empty()) {
        return PathBuf::from(named);
    }
    let root = std::env::var_os("HASHBENCH_ROOT")
        .filter(|p| !p.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            let exe = std::env::current_exe().ok()?;
            exe.ancestors().nth(5).map(PathBuf::from)
        })
        .unwrap_or_else(|| PathBuf::from("."));
    root.join("build").join("catalog.json")
}

impl Catalog {
    /// Reads the file for `runner`; the message names the file and what is wrong with it.
    pub fn load(runner: &str) -> std::result::Result<Catalog, String> {
        let path = path();
        let fail = |what: String| format!("compiled catalog {}: {what}", path.display());
        let text = std::fs::read(&path).map_err(|e| fail(e.to_string()))?;
        let value: Value = serde_json::from_slice(&text).map_err(|e| fail(e.to_string()))?;
        Catalog::from_value(&value, runner).map_err(fail)
    }

    /// The catalog for `runner` from the parsed file.
    pub fn from_value(value: &Value, runner: &str) -> std::result::Result<Catalog, String> {
        if value.get("catalog").and_then(Value::as_u64) != Some(1) {
            return Err("not a catalog of format 1 (\"catalog\": 1)".into());
        }
        let algorithms = object(value, "algorithms", "the top level")?
            .iter()
            .map(|(name, spec)| Ok((name.clone(), read_spec(name, spec)?)))
            .collect::<std::result::Result<HashMap<_, _>, String>>()?;
        let runners = object(value, "runners", "the top level")?;
        let mut rows = BTreeMap::new();
        if let Some(mine) = runners.get(runner) {
            let mine = mine
                .as_object()
                .ok_or(format!("runners.{runner} must be an object"))?;
            for (id, row) in mine {
                let row = read_row(id, row)?;
                if let Some(alg) = row.algorithms.iter().find(|a| !algorithms.contains_key(*a)) {
                    return Err(format!("{id} lists {alg}, which is not under algorithms"));
                }
                rows.insert(id.clone(), row);
            }
        }
        Ok(Catalog { algorithms, rows })
    }

    /// The schema of `name`, or `unsupported` if the catalog does not know it.
    pub fn spec(&self, name: &str) -> Result<&Spec> {
        self.algorithms
            .get(name)
            .ok_or_else(|| Error::unsupported(format!("unknown algorithm {name:?}")))
    }
}

fn object<'a>(
    value: &'a Value,
    key: &str,
    where_: &str,
) -> std::result::Result<&'a Map<String, Value>, String> {
    value
        .get(key)
        .and_then(Value::as_object)
        .ok_or(format!("{where_} needs an object {key:?}"))
}

fn read_row(id: &str, row: &Value) -> std::result::Result<Row, String> {
    let text = |key: &str| {
        row.get(key)
            .and_then(Value::as_str)
            .map(str::to_string)
            .ok_or(format!("{id}.{key} must be a string"))
    };
    let algorithms = row
        .get("algorithms")
        .and_then(Value::as_array)
        .and_then(|list| {
            list.iter()
                .map(|a| a.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
        })
        .ok_or(format!("{id}.algorithms must be a list of names"))?;
    Ok(Row {
        library: text("library")?,
        backend: text("backend")?,
        algorithms,
    })
}

/// A non-negative integer member: `None` when absent or null.
fn uint(value: &Value, key: &str, where_: &str) -> std::result::Result<Option<u64>, String> {
    match value.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .map(Some)
            .ok_or(format!("{where_}.{key} must be a non-negative integer")),
    }
}

fn required(value: &Value, key: &str, where_: &str) -> std::result::Result<u64, String> {
    uint(value, key, where_)?.ok_or(format!("{where_} needs {key}"))
}

fn read_span(spec: &Value, key: &str, alg: &str) -> std::result::Result<Option<Span>, String> {
    let where_ = format!("algorithms.{alg}.{key}");
    match spec.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(rule) => Ok(Some(Span {
            default: required(rule, "default", &where_)?,
            min: required(rule, "min", &where_)?,
            max: uint(rule, "max", &where_)?,
        })),
    }
}

fn read_rule(alg: &str, key: &str, rule: &Value) -> std::result::Result<Rule, String> {
    let where_ = format!("algorithms.{alg}.params.{key}");
    let choices = match rule.get("choices") {
        None => None,
        Some(list) => Some(
            list.as_array()
                .and_then(|l| l.iter().map(Value::as_u64).collect::<Option<Vec<_>>>())
                .ok_or(format!("{where_}.choices must be a list of integers"))?,
        ),
    };
    let min_per = match rule.get("min_per") {
        None => None,
        Some(per) => Some((
            per.get("param")
                .and_then(Value::as_str)
                .ok_or(format!("{where_}.min_per.param must be a name"))?
                .to_string(),
            required(per, "factor", &format!("{where_}.min_per"))?,
        )),
    };
    Ok(Rule {
        key: key.to_string(),
        default: required(rule, "default", &where_)?,
        min: uint(rule, "min", &where_)?,
        max: uint(rule, "max", &where_)?,
        power_of_two: rule.get("power_of_two").and_then(Value::as_bool) == Some(true),
        choices,
        min_per,
    })
}

fn read_spec(name: &str, spec: &Value) -> std::result::Result<Spec, String> {
    let digest = match spec.get("kind").and_then(Value::as_str) {
        Some("digest") => true,
        Some("password") => false,
        _ => return Err(format!("algorithms.{name}.kind must be password or digest")),
    };
    let params = match spec.get("params") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Object(rules)) => rules
            .iter()
            .map(|(key, rule)| read_rule(name, key, rule))
            .collect::<std::result::Result<_, _>>()?,
        Some(_) => return Err(format!("algorithms.{name}.params must be an object")),
    };
    Ok(Spec {
        digest,
        length: read_span(spec, "length", name)?,
        salt: read_span(spec, "salt", name)?,
        params,
    })
}

impl Spec {
    /// The request's parameters with the catalog's defaults filled in, each checked
    /// against its rule, or with `unchecked` only against `limit` (what the library's
    /// types can carry). Unknown names are refused either way.
    pub fn resolve(
        &self,
        alg: &str,
        given: &Map<String, Value>,
        unchecked: bool,
        limit: u64,
    ) -> Result<BTreeMap<String, u64>> {
        if let Some(key) = given
            .keys()
            .find(|k| !self.params.iter().any(|r| &r.key == *k))
        {
            return Err(Error::params(format!("{alg}: unknown parameter {key:?}")));
        }
        let mut values = BTreeMap::new();
        for rule in &self.params {
            let n = match given.get(&rule.key) {
                None | Some(Value::Null) => rule.default,
                Some(v) => integer(&rule.key, v)?,
            };
            if n > limit {
                return Err(Error::params(format!(
                    "{alg} {}={n} does not fit the library's types (at most {limit})",
                    rule.key
                )));
            }
            values.insert(rule.key.clone(), n);
        }
        if !unchecked {
            for rule in &self.params {
                rule.check(alg, &values)?;
            }
        }
        Ok(values)
    }
}

fn integer(key: &str, value: &Value) -> Result<u64> {
    if let Some(n) = value.as_u64() {
        Ok(n)
    } else if value.as_i64().is_some() {
        Err(Error::params(format!("{key}={value} is negative")))
    } else {
        Err(Error::protocol(format!("params.{key} must be an integer")))
    }
}

impl Rule {
    fn check(&self, alg: &str, values: &BTreeMap<String, u64>) -> Result<()> {
        let (key, n) = (&self.key, values[&self.key]);
        if let Some(choices) = &self.choices
            && !choices.contains(&n)
        {
            return Err(Error::params(format!(
                "{alg} {key}={n} not one of {choices:?}"
            )));
        }
        let below = self.min.is_some_and(|min| n < min);
        let above = self.max.is_some_and(|max| n > max);
        if below || above {
            let show = |b: Option<u64>| b.map_or(String::new(), |b| b.to_string());
            return Err(Error::params(format!(
                "{alg} {key}={n} outside {}..={}",
                show(self.min),
                show(self.max)
            )));
        }
        if self.power_of_two && !n.is_power_of_two() {
            return Err(Error::params(format!(
                "{alg} {key}={n} is not a power of two"
            )));
        }
        if let Some((other, factor)) = &self.min_per {
            let floor = factor.saturating_mul(values.get(other).copied().unwrap_or(0));
            if n < floor {
                return Err(Error::params(format!(
                    "{alg} {key}={n} below {factor}*{other}={floor}"
                )));
            }
        }
        Ok(())
    }
}

impl Span {
    /// `n` within the span, else an `invalid_params` error naming `what`.
    pub fn check(&self, alg: &str, what: &str, n: u64) -> Result<()> {
        if n < self.min || self.max.is_some_and(|max| n > max) {
            let max = self.max.map_or(String::new(), |m| m.to_string());
            return Err(Error::params(format!(
                "{alg} {what}={n} outside {}..={max}",
                self.min
            )));
        }
        Ok(())
    }
}
