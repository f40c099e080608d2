"""The protocol's types (runner/protocol.py) and its document (docs/protocol.md) agree:
every field of every struct is named in the document, every field the document's tables
name is a field of a struct, and the error kinds are the same."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest

from hashbench.runner import protocol
from hashbench.runner.protocol import (
    ErrorBody,
    Hello,
    ImplementationInfo,
    Malformed,
    Reply,
    Request,
    Timer,
    decode_hello,
    decode_reply,
    encode,
)

DOCS = Path(__file__).resolve().parents[1] / "docs" / "protocol.md"
STRUCTS = (Hello, Timer, ImplementationInfo, Request, Reply, ErrorBody)


def _fields(struct: type[msgspec.Struct]) -> set[str]:
    return set(struct.__struct_fields__)


def _table_fields(heading: str) -> set[str]:
    """The backticked names in the first column of the table under `heading`."""
    text = DOCS.read_text()
    section = text.split(heading, 1)[1].split("\n#", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return {name for row in rows for name in re.findall(r"`([\w\[\]\.]+)`", row.split("|")[1])}


@pytest.mark.parametrize("struct", STRUCTS, ids=[s.__name__ for s in STRUCTS])
def test_the_document_names_every_field(struct):
    named = set(re.findall(r'[`"](\w+)[`"]', DOCS.read_text()))
    missing = _fields(struct) - named
    assert not missing, f"docs/protocol.md does not name {struct.__name__} {sorted(missing)}"


def test_every_hello_field_the_document_lists_is_typed():
    listed = {name.removeprefix("implementations[].") for name in _table_fields("## Hello")}
    typed = _fields(Hello) | _fields(ImplementationInfo)
    assert listed <= typed, sorted(listed - typed)


def test_every_bench_field_the_document_lists_is_a_request_field():
    listed = _table_fields("### `bench`")
    assert listed <= _fields(Request) | {"samples"}, sorted(listed - _fields(Request))


def test_the_error_kinds_are_the_documents():
    assert _table_fields("## Errors") == set(protocol.REPLY_KINDS)
    assert _table_fields("### Runner faults") == set(protocol.FAULT_KINDS)


def test_a_request_leaves_its_unset_fields_out():
    line = encode(Request(cmd="digest", id=3, impl="c/openssl", alg="sha256", input=""))
    assert line == b'{"cmd":"digest","id":3,"impl":"c/openssl","alg":"sha256","input":""}'


def test_a_hello_and_a_reply_decode_into_their_types():
    hello = decode_hello(
        b'{"hello": 1, "runner": "c", "runtime": "gcc", "timer": {"clock": "x",'
        b' "resolution_ns": 1}, "implementations": [{"id": "c/openssl", "library": "openssl",'
        b' "version": "3", "backend": "asm", "algorithms": ["sha256"], "ops": ["digest", "bench"],'
        b' "modes": ["oneshot"], "encoding": null, "alloc": true, "extra": 5}]}'
    )
    [info] = hello.implementations
    assert info.runner == "c" and info.offers("sha256", "digest") and info.alloc
    assert info.why_unsupported("sha256", "digest", "new") == "no new mode"
    reply = decode_reply(b'{"id": 4, "error": {"kind": "unsupported", "message": "no"}}')
    assert reply.error_kind == "unsupported"
    with pytest.raises(protocol.RunnerError) as raised:
        reply.raise_error()
    assert raised.value.is_refusal and not raised.value.is_fault
    assert raised.value.reason() == "unsupported: no"


@pytest.mark.parametrize(
    "line",
    [
        b'{"hello": 2, "implementations": []}',
        b'{"hello": 1}',
        b'{"hello": 1, "implementations": [{"library": "no id"}]}',
        b"[1]",
    ],
)
def test_a_hello_that_is_not_one_is_refused(line):
    with pytest.raises(Malformed):
        decode_hello(line)


@pytest.mark.parametrize(
    "line",
    [
        b'{"id": 1, "samples_ns": ["1"]}',
        b'{"id": 1, "valid": "yes"}',
        b'{"id": 1, "error": "boom"}',
        b"not json",
    ],
)
def test_a_reply_of_the_wrong_shape_is_malformed(line):
    with pytest.raises(Malformed):
        decode_reply(line)
