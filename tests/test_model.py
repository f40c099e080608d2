"""The typed results model: case ids, loading with version checks, the v1 migration, and
one definition (the schema is generated from the model; the docs name every field)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import msgspec
import pytest

from hashbench.errors import UsageError
from hashbench.model import CaseId, CaseRecord, RunFile
from hashbench.model.schema import fidelity_schema, json_schema
from hashbench.results.files import ResultsFile, load, load_any

FIXTURES = Path(__file__).parent / "fixtures"
DOCS = Path(__file__).resolve().parents[1] / "docs" / "results.md"


def test_case_id_round_trips_through_its_string():
    ids = [
        CaseId("rust/argon2", "argon2id", "hash", "oneshot", {"m": 65536, "t": 3}, 32),
        CaseId("c/openssl", "sha256", "digest", "reset", {}, None, 1024),
        CaseId("go/x-crypto-bcrypt", "bcrypt", "verify", "oneshot", {"cost": 10}),
    ]
    for case in ids:
        assert CaseId.parse(case.key()) == case
    assert ids[1].key() == "c/openssl:sha256:digest:reset:size=1024"
    assert ids[0].runner == "rust"


@pytest.mark.parametrize("bad", ["", "a:b:c", "a:b:c:d:e:f", "a:b:c:d:m", "a:b:c:d:m=x"])
def test_a_malformed_case_id_is_refused(bad):
    with pytest.raises(ValueError):
        CaseId.parse(bad)


def test_a_version_1_file_opens_with_case_ids():
    run = load(FIXTURES / "results-v1.json")
    assert run.version == 3 and run.cases and run.measure == "time"
    for case in run.cases:
        assert case.id == case.case_id.key()
        assert CaseId.parse(case.id).impl == case.impl


def test_a_newer_version_is_refused(tmp_path):
    data = json.loads((FIXTURES / "results-v1.json").read_text())
    data["version"] = 99
    path = tmp_path / "new.json"
    path.write_text(json.dumps(data))
    with pytest.raises(UsageError, match="version 99 is newer"):
        load(path)


def test_a_record_of_the_wrong_type_is_refused_with_where(tmp_path):
    data = json.loads((FIXTURES / "results-v1.json").read_text())
    data["cases"][0]["iters"] = "many"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(UsageError, match=r"cases\[0\]\.iters"):
        load(path)


def test_a_written_file_reads_back_equal(tmp_path):
    run = load(FIXTURES / "results-v1.json")
    path = tmp_path / "again.json"
    ResultsFile(path, run)
    again = load(path)
    assert msgspec.json.encode(again) == msgspec.json.encode(run)
    assert isinstance(load_any(path), RunFile)


def _fields(schema: dict, name: str) -> set[str]:
    return set(schema["$defs"][name]["properties"])


def test_the_docs_name_every_field_of_the_generated_schema():
    schema = json_schema()
    docs = DOCS.read_text()
    named = set(re.findall(r"`(\w+)`", docs))
    for struct in ("RunFile", "CaseRecord", "Stats", "Environment", "RunnerInfo", "CaseWarning"):
        missing = _fields(schema, struct) - named
        assert not missing, f"docs/results.md does not name {struct} fields {sorted(missing)}"
    schema = fidelity_schema()
    for struct in schema["$defs"]:
        missing = _fields(schema, struct) - named
        assert not missing, f"docs/results.md does not name {struct} fields {sorted(missing)}"


def test_ok_records_alone_are_valid():
    run = load(FIXTURES / "results-v1.json")
    for case in run.cases:
        assert isinstance(case, CaseRecord)
        assert case.valid == (case.status == "ok" and case.stats is not None)


def test_memory_parameters_carry_their_unit_in_titles():
    from hashbench.model import labels

    units = {"m": "KiB", "t": "passes", "p": "lanes"}
    assert labels.params_label((("m", 65536), ("t", 3), ("p", 4)), units) == "m=64 MiB,t=3,p=4"
    assert labels.params_label((("m", 19456), ("t", 2)), units) == "m=19 MiB,t=2"
    assert labels.params_label((("m", 256),), units) == "m=256 KiB"
    assert labels.params_label((("m", 1536),), units) == "m=1.5 MiB"
    assert labels.params_label((("m", 4194304),), units) == "m=4 GiB"
    assert labels.params_label((("n", 65536), ("r", 8)), {"n": "N"}) == "n=65536,r=8"
