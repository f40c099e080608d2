"""The ease-of-use profile (fidelity/ease.py): from a real runner's hello, the library
catalog and the strings the run saw each library emit."""

from __future__ import annotations

import pytest
from conftest import MANIFESTS, runner_unavailable

from hashbench import paths
from hashbench.fidelity import ease, interop
from hashbench.fidelity.session import Session
from hashbench.runner.pool import RunnerPool
from hashbench.runner.protocol import ImplementationInfo


@pytest.fixture(scope="module")
def rows():
    wanted = [m for m in MANIFESTS if m.name == "c" and not runner_unavailable(m)]
    if not wanted:
        pytest.skip("needs the c runner")
    with RunnerPool(wanted) as pool:
        pool.start()
        session = Session(pool, "^c/(openssl|argon2|libxcrypt)$")
        produced: dict[str, list[str]] = {}
        for m in interop.run(session):
            for impl, encoded in m.producers.items():
                if not encoded.startswith("error"):
                    produced.setdefault(impl, []).append(encoded)
        digest_only = ImplementationInfo(id="x/digest", algorithms=["sha256"], ops=["digest"])
        out = ease.profile([*session.impls(), digest_only], produced)
    return {r["impl"]: r for r in out}


def test_a_library_with_strings_and_one_without(rows):
    xcrypt, openssl, argon2 = rows["c/libxcrypt"], rows["c/openssl"], rows["c/argon2"]
    # libxcrypt: bcrypt's $2b$, then yescrypt, sha512crypt and $7$ scrypt (modular crypt)
    assert xcrypt["encoded"] == "mcf ($2b$), mcf"
    assert xcrypt["salts_itself"] and xcrypt["verify_one_call"] and not xcrypt["async"]
    assert xcrypt["needs"] == "libxcrypt (system, libcrypt-dev)"  # the catalog's words
    assert openssl["encoded"] == "raw bytes only" and not openssl["verify_one_call"]
    assert argon2["encoded"] == "phc" and argon2["salts_itself"] is False
    assert "x/digest" not in rows  # no password algorithm: not profiled


def test_adapter_lines_leave_out_blank_and_comment_lines(rows):
    text = (paths.root() / "runners/c/src/adapters/libxcrypt.c").read_text().splitlines()
    counted = rows["c/libxcrypt"]["adapter_lines"]
    blank = sum(1 for line in text if not line.strip())
    assert 0 < counted <= len(text) - blank
    assert ease.adapter_lines(None) is None and ease.adapter_lines("no/such/file.c") is None


@pytest.mark.parametrize(
    ("sample", "shown"),
    [
        ("$2y$04$" + "C" * 53, "mcf ($2y$)"),
        ("$argon2id$v=19$m=256,t=3,p=1$c29tZXNhbHQ$" + "A" * 43, "phc"),
        (
            "$a0101$c29tZXNhbHRzb21lc2FsdA==$bj8VvNXIHTjw234mCueaxab1EFC1o9KrLRtTufRYOcs=",
            "own format (lambdaworks)",
        ),
        ("736f6d6573616c74d15ec982", "own format"),
    ],
)
def test_a_string_is_named_by_its_format(sample, shown):
    assert ease.string_format(sample) == shown
