"""Where each page of a site lives, and links between them: every link is relative, so the
site opens from disk (file://) and publishes anywhere as it is."""

from __future__ import annotations

import posixpath
import re

INDEX = "index.html"
LIBRARIES = "libraries.html"
FIDELITY = "fidelity.html"
STRENGTH = "strength.html"
SEEDS = "seeds.html"
CSS = "assets/site.css"
JS = "assets/site.js"
PLOTLY = "assets/plotly.min.js"
NAV = [("index", INDEX), ("libraries", LIBRARIES), ("fidelity", FIDELITY),
       ("strength", STRENGTH), ("seeds", SEEDS)]  # fmt: skip


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._]+", "-", text).strip("-.") or "page"


class Names:
    """File names of the group and library pages: readable slugs, made unique (two ids
    that differ only in punctuation get -2, -3 in the order given)."""

    def __init__(self, group_keys: list[str], impls: list[str]):
        self._files: dict[tuple[str, str], str] = {}
        for folder, keys in (("groups", group_keys), ("libraries", impls)):
            taken: set[str] = set()
            for key in keys:
                base, n, slug = _slug(key), 1, _slug(key)
                while slug.lower() in taken:  # case-insensitive file systems too
                    n += 1
                    slug = f"{base}-{n}"
                taken.add(slug.lower())
                self._files[folder, key] = f"{folder}/{slug}.html"

    def group(self, key: str) -> str | None:
        return self._files.get(("groups", key))

    def library(self, impl: str) -> str | None:
        return self._files.get(("libraries", impl))


def href(page: str, target: str) -> str:
    """`target` (a path from the site's root) as a link from `page`."""
    return posixpath.relpath(target, posixpath.dirname(page) or ".")
