//! The protocol loop: hello, then one reply per request line, never a crash.

use std::io::{self, BufRead, Write};
use std::panic::{self, AssertUnwindSafe};

use serde_json::{Map, Value, json};

use crate::adapters::{self, Adapter, Info};
use crate::catalog::{self, Algorithm, Mode, PasswordInput};
use crate::compiled::{Catalog, Row, Spec};
use crate::error::{Error, Result};
use crate::measure::{self, Plan, Timing, measure};
use crate::request::{self, Request};
use crate::{RUNNER, build_info, hex};

/// Largest digest input a bench builds (bytes).
const MAX_INPUT_SIZE: u64 = 1 << 30;

struct Implementation {
    id: String,
    info: Info,
    /// The catalog's library, backend and algorithms for `id`.
    row: Row,
    adapter: Box<dyn Adapter>,
}

struct Runner {
    catalog: Catalog,
    implementations: Vec<Implementation>,
}

/// The adapters the catalog lists for this runner, each with its row; the others are
/// left out, with a line on stderr.
fn serve(catalog: &Catalog) -> Vec<Implementation> {
    let mut served = Vec::new();
    for adapter in adapters::registry() {
        let info = adapter.info();
        let id = format!("{RUNNER}/{}", info.name);
        match catalog.rows.get(&id) {
            Some(row) => served.push(Implementation {
                id,
                info,
                row: row.clone(),
                adapter,
            }),
            None => eprintln!("{RUNNER} runner: {id} is not in the catalog; left out"),
        }
    }
    served
}

/// Runs the protocol on stdin/stdout until `quit` or end of input; returns the exit code.
/// A catalog that cannot be read ends the runner before its hello (exit code 1).
pub fn run() -> i32 {
    let catalog = match Catalog::load(RUNNER) {
        Ok(catalog) => catalog,
        Err(message) => {
            eprintln!("{RUNNER} runner: {message} (run hashbench build)");
            return 1;
        }
    };
    let runner = Runner {
        implementations: serve(&catalog),
        catalog,
    };
    // Panics are caught per request and replied as errors; the default hook still
    // prints them to stderr, which the orchestrator keeps for its messages.
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if emit(&mut out, &runner.hello()).is_err() {
        return 0;
    }
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut line = Vec::new();
    loop {
        let size = match read_line(&mut input, &mut line) {
            Ok(None) => return 0,
            Ok(Some(size)) => size,
            Err(e) => {
                eprintln!("rust runner: reading stdin: {e}");
                return 0;
            }
        };
        if size > MAX_LINE {
            let message = format!("request line of {size} bytes is over the limit of {MAX_LINE}");
            let reply = json!({"id": null, "error": {"kind": "protocol", "message": message}});
            if emit(&mut out, &reply).is_err() {
                return 0;
            }
            continue;
        }
        while matches!(line.last(), Some(b'\r')) {
            line.pop();
        }
        let (reply, quit) = runner.reply(&line);
        if emit(&mut out, &reply).is_err() {
            return 0; // the orchestrator went away
        }
        if quit {
            return 0;
        }
    }
}

/// The longest request line read, in bytes before the newline (docs/protocol.md).
const MAX_LINE: usize = 16 << 20;

/// Reads the next line into `line` without its newline and returns its length, or `None`
/// at the end of input. A line over `MAX_LINE` is read through to its newline, a buffer
/// at a time, and not kept (`line` is left empty; the length is still returned).
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Option<usize>> {
    line.clear();
    let mut size = 0;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok((size > 0).then_some(size));
        }
        let (piece, found) = match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => (&buffer[..at], true),
            None => (buffer, false),
        };
        size += piece.len();
        if size <= MAX_LINE {
            line.extend_from_slice(piece);
        } else {
            line.clear();
        }
        let used = piece.len() + usize::from(found);
        input.consume(used);
        if found {
            return Ok(Some(size));
        }
    }
}

fn emit(out: &mut impl Write, value: &Value) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    out.write_all(b"\n")?;
    out.flush()
}

fn error_reply(id: Value, err: &Error) -> Value {
    json!({"id": id, "error": {"kind": err.kind.as_str(), "message": err.message}})
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".to_string()
    }
}

impl Runner {
    fn hello(&self) -> Value {
        let implementations: Vec<Value> = self
            .implementations
            .iter()
            .map(|imp| {
                let (info, row) = (&imp.info, &imp.row);
                let digest = |a: &String| self.catalog.spec(a).is_ok_and(|s| s.digest);
                json!({
                    "id": imp.id,
                    "library": row.library,
                    "version": build_info::crate_version(info.krate),
                    "backend": row.backend,
                    "algorithms": row.algorithms,
                    "ops": info.ops,
                    "modes": info.modes.iter().map(|m| m.name()).collect::<Vec<_>>(),
                    "encoding": info.encoding,
                    "alloc": info.alloc,
                    "defaults": info.ops.contains(&"hash"),
                    "unchecked": !row.algorithms.iter().all(digest),
                    "notes": info.notes,
                })
            })
            .collect();
        json!({
            "hello": 1,
            "runner": RUNNER,
            "runtime": crate::runtime(),
            "timer": {
                "clock": "CLOCK_MONOTONIC (std::time::Instant; resolution from clock_getres)",
                "resolution_ns": measure::clock_resolution_ns(),
            },
            "implementations": implementations,
        })
    }

    /// The reply to one line, and whether the runner should exit after sending it.
    fn reply(&self, line: &[u8]) -> (Value, bool) {
        let req = match request::parse(line) {
            Ok(req) => req,
            Err((id, err)) => return (error_reply(id, &err), false),
        };
        let quit = req.cmd == "quit";
        let result = panic::catch_unwind(AssertUnwindSafe(|| self.handle(&req)));
        let reply = match result {
            Ok(Ok(mut fields)) => {
                fields.insert("id".into(), req.id.clone());
                Value::Object(fields)
            }
            Ok(Err(err)) => error_reply(req.id.clone(), &err),
            Err(payload) => error_reply(
                req.id.clone(),
                &Error::library(format!("panic: {}", panic_message(payload.as_ref()))),
            ),
        };
        (reply, quit)
    }

    fn handle(&self, req: &Request) -> Result<Map<String, Value>> {
        match req.cmd.as_str() {
            "quit" => Ok(fields(json!({"ok": true}))),
            "derive" => self.derive(req),
            "hash" => self.hash(req),
            "verify" => self.verify(req),
            "digest" => self.digest(req),
            "bench" => self.bench(req),
            other => Err(Error::unsupported(format!("unknown cmd {other:?}"))),
        }
    }

    /// The implementation named by `impl`, the algorithm and its catalog schema, checked
    /// against what the implementation offers.
    fn target(&self, req: &Request, op: &str) -> Result<(&Implementation, Algorithm, &Spec)> {
        let id = req
            .impl_id
            .as_deref()
            .ok_or_else(|| Error::protocol("missing impl"))?;
        let imp = self
            .implementations
            .iter()
            .find(|imp| imp.id == id)
            .ok_or_else(|| Error::unsupported(format!("unknown impl {id:?}")))?;
        let name = req
            .alg
            .as_deref()
            .ok_or_else(|| Error::protocol("missing alg"))?;
        if !imp.row.algorithms.iter().any(|a| a == name) {
            return Err(Error::unsupported(format!("{id} does not offer {name}")));
        }
        let (alg, spec) = (Algorithm::parse(name)?, self.catalog.spec(name)?);
        if !imp.info.ops.contains(&op) {
            return Err(Error::unsupported(format!("{id} does not offer {op}")));
        }
        if op != "bench" && spec.digest != (op == "digest") {
            return Err(Error::unsupported(format!(
                "{op} is not defined for {name}"
            )));
        }
        Ok((imp, alg, spec))
    }

    fn derive(&self, req: &Request) -> Result<Map<String, Value>> {
        let (imp, alg, spec) = self.target(req, "derive")?;
        let inp = password_input(req, alg, spec, true)?;
        let mut out = vec![0u8; inp.length];
        imp.adapter.derive(&inp, &mut out)?;
        Ok(fields(json!({"output": hex::encode(&out)})))
    }

    fn hash(&self, req: &Request) -> Result<Map<String, Value>> {
        let (imp, alg, spec) = self.target(req, "hash")?;
        let inp = password_input(req, alg, spec, false)?;
        let encoded = imp.adapter.hash(&inp)?;
        Ok(fields(json!({"encoded": encoded})))
    }

    fn verify(&self, req: &Request) -> Result<Map<String, Value>> {
        let (imp, alg, _) = self.target(req, "verify")?;
        let password = req
            .password
            .as_deref()
            .ok_or_else(|| Error::protocol("missing password"))?;
        let encoded = req
            .encoded
            .as_deref()
            .ok_or_else(|| Error::protocol("missing encoded"))?;
        catalog::check_encoded(alg, encoded)?;
        let valid = imp.adapter.verify(alg, password, encoded)?;
        Ok(fields(json!({"valid": valid})))
    }

    fn digest(&self, req: &Request) -> Result<Map<String, Value>> {
        let (imp, alg, _) = self.target(req, "digest")?;
        let input = req
            .input
            .as_deref()
            .ok_or_else(|| Error::protocol("missing input"))?;
        let out = imp.adapter.digest(alg, input)?;
        Ok(fields(json!({"output": hex::encode(&out)})))
    }

    fn bench(&self, req: &Request) -> Result<Map<String, Value>> {
        let plan = measure::check_plan(
            req.iters.ok_or_else(|| Error::protocol("missing iters"))?,
            req.samples.unwrap_or(1),
            req.warm,
        )?;
        let op = req
            .op
            .as_deref()
            .ok_or_else(|| Error::protocol("missing op"))?;
        if op == "noop" {
            return Ok(bench_reply(
                plan,
                measure::noop(plan)?,
                req.alloc,
                Map::new(),
            ));
        }
        if !["digest", "derive", "hash", "verify", "hash_verify"].contains(&op) {
            return Err(Error::unsupported(format!("unknown bench op {op:?}")));
        }
        let (imp, alg, spec) = self.target(req, "bench")?;
        if op == "digest" {
            if !spec.digest {
                return Err(Error::unsupported(format!(
                    "digest is not defined for {}",
                    alg.name()
                )));
            }
            return self.bench_digest(imp, alg, req, plan);
        }
        for needed in op.split('_') {
            if !imp.info.ops.contains(&needed) {
                return Err(Error::unsupported(format!(
                    "{} does not offer {needed}",
                    imp.id
                )));
            }
        }
        if spec.digest {
            return Err(Error::unsupported(format!(
                "{op} is not defined for {}",
                alg.name()
            )));
        }
        if let Some(mode) = req.mode.as_deref()
            && mode != "oneshot"
        {
            return Err(Error::unsupported(format!(
                "mode {mode:?} applies to digests only"
            )));
        }
        let inp = password_input(req, alg, spec, op == "derive")?;
        let adapter = imp.adapter.as_ref();
        match op {
            "derive" => {
                let mut out = vec![0u8; inp.length];
                let timing = measure(plan, || {
                    adapter.derive(&inp, &mut out)?;
                    Ok(out[0])
                })?;
                Ok(bench_reply(
                    plan,
                    timing,
                    imp.info.alloc && req.alloc,
                    fields(json!({"output": hex::encode(&out)})),
                ))
            }
            "hash" => {
                let mut last = String::new();
                let timing = measure(plan, || {
                    let encoded = adapter.hash(&inp)?;
                    let byte = last_byte(&encoded);
                    last = encoded;
                    Ok(byte)
                })?;
                Ok(bench_reply(
                    plan,
                    timing,
                    imp.info.alloc && req.alloc,
                    fields(json!({"encoded": last})),
                ))
            }
            "verify" => {
                let encoded = match &req.encoded {
                    Some(encoded) => encoded.clone(),
                    None => adapter.hash(&inp)?,
                };
                catalog::check_encoded(alg, &encoded)?;
                let password = &inp.password;
                let mut valid = false;
                let timing = measure(plan, || {
                    valid = adapter.verify(alg, password, &encoded)?;
                    Ok(u8::from(valid))
                })?;
                Ok(bench_reply(
                    plan,
                    timing,
                    imp.info.alloc && req.alloc,
                    fields(json!({"valid": valid})),
                ))
            }
            _ => {
                let mut last = String::new();
                let mut valid = false;
                let timing = measure(plan, || {
                    let encoded = adapter.hash(&inp)?;
                    valid = adapter.verify(alg, &inp.password, &encoded)?;
                    let byte = last_byte(&encoded) ^ u8::from(valid);
                    last = encoded;
                    Ok(byte)
                })?;
                Ok(bench_reply(
                    plan,
                    timing,
                    imp.info.alloc && req.alloc,
                    fields(json!({"encoded": last, "valid": valid})),
                ))
            }
        }
    }

    fn bench_digest(
        &self,
        imp: &Implementation,
        alg: Algorithm,
        req: &Request,
        plan: Plan,
    ) -> Result<Map<String, Value>> {
        if !imp.info.ops.contains(&"digest") {
            return Err(Error::unsupported(format!(
                "{} does not offer digest",
                imp.id
            )));
        }
        let mode = Mode::parse(req.mode.as_deref().unwrap_or("oneshot"))?;
        if !imp.info.modes.contains(&mode) {
            return Err(Error::unsupported(format!(
                "{} does not offer mode {}",
                imp.id,
                mode.name()
            )));
        }
        let input = match (&req.input, req.input_size) {
            (Some(input), _) => input.clone(),
            (None, Some(size)) if size <= MAX_INPUT_SIZE => {
                (0..size).map(|i| (i % 251) as u8).collect()
            }
            (None, Some(size)) => {
                return Err(Error::params(format!(
                    "input_size={size} above {MAX_INPUT_SIZE}"
                )));
            }
            (None, None) => return Err(Error::protocol("bench digest needs input or input_size")),
        };
        let (timing, output) = imp.adapter.bench_digest(alg, mode, &input, plan)?;
        Ok(bench_reply(
            plan,
            timing,
            imp.info.alloc && req.alloc,
            fields(json!({"output": hex::encode(&output)})),
        ))
    }
}

fn fields(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

/// The last byte of an encoded string: part of the hash, unlike the leading `$`.
fn last_byte(encoded: &str) -> u8 {
    encoded.as_bytes().last().copied().unwrap_or(0)
}

fn bench_reply(
    plan: Plan,
    timing: Timing,
    alloc: bool,
    mut extra: Map<String, Value>,
) -> Map<String, Value> {
    extra.insert("samples_ns".into(), json!(timing.samples_ns));
    extra.insert("iters".into(), json!(plan.iters));
    extra.insert("check".into(), json!(hex::encode(&[timing.check])));
    if alloc {
        extra.insert(
            "alloc_bytes_per_op".into(),
            json!(timing.alloc_bytes_per_op),
        );
    }
    if let Some(rss) = measure::peak_rss_bytes() {
        extra.insert("peak_rss_bytes".into(), json!(rss));
    }
    extra
}

/// Validated inputs of a password op (catalog ranges, salt and output lengths).
fn password_input(
    req: &Request,
    alg: Algorithm,
    spec: &Spec,
    derive: bool,
) -> Result<PasswordInput> {
    let password = req
        .password
        .clone()
        .ok_or_else(|| Error::protocol("missing password"))?;
    let no_params = Map::new();
    let params = req.params.as_ref().unwrap_or(&no_params);
    let cost = catalog::cost(alg, spec, params, req.unchecked)?;
    let length = catalog::length(alg, spec, req.length, derive, req.unchecked)?;
    if let Some(salt) = &req.salt {
        if !req.unchecked {
            catalog::salt(alg, spec, salt)?;
        }
    } else if derive {
        return Err(Error::protocol("derive needs a salt"));
    }
    let argon2 = matches!(
        alg,
        Algorithm::Argon2id | Algorithm::Argon2i | Algorithm::Argon2d
    );
    if !argon2 && (req.secret.is_some() || req.ad.is_some()) {
        return Err(Error::unsupported(format!(
            "secret and ad apply to argon2 only, not {}",
            alg.name()
        )));
    }
    Ok(PasswordInput {
        alg,
        cost,
        password,
        salt: req.salt.clone(),
        length,
        secret: req.secret.clone(),
        ad: req.ad.clone(),
        defaults: req.params.is_none() && !derive,
    })
}
