"""docs/README.md indexes every document: a page directly, a benchmark report or a runner
note through its folder's README, which docs/README.md links."""

from __future__ import annotations

from hashbench import paths


def test_every_document_is_indexed():
    docs = paths.root() / "docs"
    index = (docs / "README.md").read_text()
    for folder in ("benchmarks", "runners"):
        assert f"({folder}/README.md)" in index, folder
    missing = []
    for page in sorted(docs.rglob("*")):
        if page.suffix not in (".md", ".txt") or page.name == "README.md":
            continue
        relative = page.relative_to(docs)
        where = index if len(relative.parts) == 1 else (page.parent / "README.md").read_text()
        if page.name not in where:
            missing.append(str(relative))
    assert not missing, f"not in docs/README.md or its folder's README: {missing}"
