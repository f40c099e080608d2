"""`hashbench site -o DIR`: a static site from the history store and results files — the
machines and newest runs, a page per group (ranking and history), a card per library, the
fidelity matrix, the strength tables and the seeds reproduced (docs/site.md). It opens
from disk and publishes as it is: every link is relative, the assets are shared files."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from hashbench import paths
from hashbench.command_support.options import output
from hashbench.command_support.options import threshold as parse_threshold
from hashbench.errors import UsageError
from hashbench.report.site.build import files
from hashbench.results.files import write_text_atomic
from hashbench.site import documents
from hashbench.site.gather import gather
from hashbench.store import DEFAULT_STORE_TEXT, default_location
from hashbench.strength.breach import equal_strength

NAME = "site"
HELP = "a static results site (opens from disk): groups, histories, library cards, fidelity"
EXAMPLE = (
    "hashbench site -o site/\n"
    "  hashbench site -o public/ --store postgresql://bench@db/hashbench --strength s.json"
)
MARKER = ".hashbench-site"  # the files the last build wrote: what a new build may replace


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("-o", "--output", type=Path, required=True, help="the site's folder")
    p.add_argument(
        "--store",
        help=f"history store (default: {DEFAULT_STORE_TEXT})",
    )
    p.add_argument(
        "--strength",
        type=Path,
        action="append",
        help="strength, calibrate or capacity results files (repeatable; default: the "
        "newest of each in results/)",
    )
    p.add_argument(
        "--threshold",
        help="smallest change marked (default 5%% of a median; 0.5%% of a count per op)",
    )


def _previous(folder: Path) -> set[str]:
    """The files an earlier build wrote; a folder with other things in it is refused, so
    a site is never written over someone's files."""
    if not folder.exists():
        return set()
    if not folder.is_dir():
        raise UsageError(f"{folder}: not a folder")
    marker = folder / MARKER
    if marker.is_file():
        try:
            return set(json.loads(marker.read_text()))
        except (OSError, ValueError):
            return set()
    if any(folder.iterdir()):
        raise UsageError(f"{folder}: not empty and not a hashbench site; choose a new folder")
    return set()


def _write(folder: Path, pages: dict[str, str]) -> None:
    old = _previous(folder)
    for rel, text in sorted(pages.items()):
        write_text_atomic(folder / rel, text)  # its folders made, or a UsageError
    for rel in sorted(old - set(pages)):  # a group or library gone since
        stale = folder / rel
        if stale.is_file() and folder.resolve() in stale.resolve().parents:
            stale.unlink()
    write_text_atomic(folder / MARKER, json.dumps(sorted(pages), indent=0) + "\n")


def run(args: argparse.Namespace) -> int:
    given = parse_threshold(args.threshold) if args.threshold else None
    output(args.output, folder=True)
    _previous(args.output)  # a foreign folder is refused before the store is read
    strength = args.strength or documents.default_strength_files(paths.root() / "results")
    data = gather(args.store or default_location(), strength, given)
    data.breach = {label: equal_strength(file) for file, label in data.strength}
    pages = files(data, given)
    _write(args.output, pages)
    size = sum(len(t.encode()) for t in pages.values())
    print(
        f"site: {args.output / 'index.html'} ({len(pages)} files, {size / 1e6:.1f} MB; "
        f"{len(data.groups)} groups, {len(data.libraries)} libraries)",
        file=sys.stderr,
    )
    return 0
