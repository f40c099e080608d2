"""A whole site as files: every page and the shared assets, by path from the site's root."""

from __future__ import annotations

from collections import defaultdict

from hashbench.model.site import SiteData
from hashbench.report.site import assets, documents_pages, group_page, index_page, library_page
from hashbench.report.site.links import FIDELITY, INDEX, LIBRARIES, SEEDS, STRENGTH, Names


def files(data: SiteData, given: float | None) -> dict[str, str]:
    """`given`: the change-point threshold asked for (stated; None: each measure's own)."""
    names = Names([g.key for g in data.groups], [lib.impl for lib in data.libraries])
    out = assets.files()
    out[INDEX] = index_page.render(data, names)
    out[LIBRARIES] = library_page.render_list(data.libraries, names)
    out[FIDELITY] = documents_pages.fidelity(data)
    out[STRENGTH] = documents_pages.strength(data)
    out[SEEDS] = documents_pages.seeds(data)
    measured_in: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for group in data.groups:
        path = names.group(group.key)
        assert path is not None
        out[path] = group_page.render(path, group, names, given)
        impls = {r.impl for ranking in group.rankings for r, _ in ranking.records}
        for impl in sorted(impls):
            measured_in[impl].append((group.key, index_page.group_title(group)))
    for lib in data.libraries:
        path = names.library(lib.impl)
        assert path is not None
        out[path] = library_page.render(path, lib, measured_in[lib.impl], names)
    return out
