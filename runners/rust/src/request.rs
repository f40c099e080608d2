//! One request line → a typed `Request`. A line that is not a JSON object, lacks `cmd`,
//! or has a field of the wrong type is a `protocol` error; `id` is echoed when readable.

use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::hex;

#[derive(Debug, Default)]
pub struct Request {
    pub id: Value,
    pub cmd: String,
    pub impl_id: Option<String>,
    pub alg: Option<String>,
    pub op: Option<String>,
    pub mode: Option<String>,
    pub password: Option<Vec<u8>>,
    pub salt: Option<Vec<u8>>,
    pub secret: Option<Vec<u8>>,
    pub ad: Option<Vec<u8>>,
    pub input: Option<Vec<u8>>,
    pub input_size: Option<u64>,
    /// `None` when the request has no `params`: for `hash`, the library's defaults.
    pub params: Option<Map<String, Value>>,
    /// Skip the runner's own range checks (fidelity probes).
    pub unchecked: bool,
    pub length: Option<u64>,
    pub encoded: Option<String>,
    pub iters: Option<u64>,
    pub samples: Option<u64>,
    /// bench: run the op once untimed before the samples (default true).
    pub warm: bool,
    /// bench: report bytes allocated per op (default true).
    pub alloc: bool,
}

/// Parses a line. On error, returns the id to echo (null if unreadable) with the error.
pub fn parse(line: &[u8]) -> std::result::Result<Request, (Value, Error)> {
    let value: Value = serde_json::from_slice(line)
        .map_err(|e| (Value::Null, Error::protocol(format!("not JSON: {e}"))))?;
    let Value::Object(obj) = value else {
        return Err((
            Value::Null,
            Error::protocol("a request must be a JSON object"),
        ));
    };
    let id = match obj.get("id") {
        None | Some(Value::Null) => Value::Null,
        Some(v @ Value::Number(n)) if n.is_i64() || n.is_u64() => v.clone(),
        Some(_) => {
            return Err((Value::Null, Error::protocol("id must be an integer")));
        }
    };
    from_object(&obj).map_err(|e| (id.clone(), e)).map(|mut r| {
        r.id = id;
        r
    })
}

fn from_object(obj: &Map<String, Value>) -> Result<Request> {
    let cmd = match obj.get("cmd") {
        Some(Value::String(s)) => s.clone(),
        None | Some(Value::Null) => return Err(Error::protocol("missing cmd")),
        Some(_) => return Err(Error::protocol("cmd must be a string")),
    };
    Ok(Request {
        id: Value::Null,
        cmd,
        impl_id: string(obj, "impl")?,
        alg: string(obj, "alg")?,
        op: string(obj, "op")?,
        mode: string(obj, "mode")?,
        password: bytes(obj, "password")?,
        salt: bytes(obj, "salt")?,
        secret: bytes(obj, "secret")?,
        ad: bytes(obj, "ad")?,
        input: bytes(obj, "input")?,
        input_size: integer(obj, "input_size")?,
        params: match obj.get("params") {
            None | Some(Value::Null) => None,
            Some(Value::Object(m)) => Some(m.clone()),
            Some(_) => return Err(Error::protocol("params must be an object")),
        },
        unchecked: boolean(obj, "unchecked", false)?,
        length: integer(obj, "length")?,
        encoded: string(obj, "encoded")?,
        iters: integer(obj, "iters")?,
        samples: integer(obj, "samples")?,
        warm: boolean(obj, "warm", true)?,
        alloc: boolean(obj, "alloc", true)?,
    })
}

fn boolean(obj: &Map<String, Value>, key: &str, default: bool) -> Result<bool> {
    match field(obj, key) {
        None => Ok(default),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(Error::protocol(format!("{key} must be a boolean"))),
    }
}

/// An optional field; JSON `null` counts as absent.
fn field<'a>(obj: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    obj.get(key).filter(|v| !v.is_null())
}

fn string(obj: &Map<String, Value>, key: &str) -> Result<Option<String>> {
    match field(obj, key) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(Error::protocol(format!("{key} must be a string"))),
    }
}

fn bytes(obj: &Map<String, Value>, key: &str) -> Result<Option<Vec<u8>>> {
    match string(obj, key)? {
        None => Ok(None),
        Some(s) => hex::decode(key, &s).map(Some),
    }
}

fn integer(obj: &Map<String, Value>, key: &str) -> Result<Option<u64>> {
    match field(obj, key) {
        None => Ok(None),
        Some(v) => match (v.as_u64(), v.as_i64()) {
            (Some(n), _) => Ok(Some(n)),
            (None, Some(n)) => Err(Error::params(format!("{key}={n} is negative"))),
            _ => Err(Error::protocol(format!("{key} must be an integer"))),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Kind;

    #[test]
    fn garbage_is_a_protocol_error_without_id() {
        for line in [
            &b"[1]"[..],
            b"{",
            b"\xff\xfe",
            b"42",
            br#"{"id":"x","cmd":"quit"}"#,
        ] {
            let (id, err) = parse(line).unwrap_err();
            assert!(id.is_null());
            assert_eq!(err.kind, Kind::Protocol);
        }
    }

    #[test]
    fn wrong_field_type_keeps_the_id() {
        let (id, err) = parse(br#"{"id": 3, "cmd": "bench", "iters": "many"}"#).unwrap_err();
        assert_eq!(id, 3);
        assert_eq!(err.kind, Kind::Protocol);
        let (id, _) = parse(br#"{"id": 4}"#).unwrap_err();
        assert_eq!(id, 4);
    }

    #[test]
    fn reads_fields() {
        let r =
            parse(br#"{"id":1,"cmd":"derive","password":"7061","length":null,"params":{"n":16}}"#)
                .unwrap();
        assert_eq!(r.password.unwrap(), b"pa");
        assert_eq!(r.length, None);
        assert_eq!(r.params.unwrap()["n"], 16);
        assert!(!r.unchecked);
    }
}
