"""The files every page of a site shares, written once: the stylesheet (the HTML report's,
and a navigation bar), the script that draws a page's figures, and plotly.js."""

from __future__ import annotations

from plotly.offline import get_plotlyjs

from hashbench.report.export.html import DRAW, STYLE
from hashbench.report.site.links import CSS, JS, PLOTLY

SITE_STYLE = """
nav { padding: .5em 0; border-bottom: 1px solid #ccc; margin-bottom: 1em }
nav a { margin-right: .3em } code { background: #f4f4f4; padding: 0 3px }
p.empty { background: #fff8e1; border-left: 4px solid #f2a93b; padding: .5em 1em }
small { color: #666 }
section.card { border: 1px solid #bbb; border-radius: 6px; padding: .3em 1.2em .8em;
  margin: .5em 0 1.5em; background: #fbfbfb; max-width: 60em }
section.card p.head { font-weight: bold; border-bottom: 1px solid #ddd; padding-bottom: .4em }
section.card dt { font-weight: bold; margin-top: .7em }
section.card dd { margin: .15em 0 0 1.5em }
"""


def files() -> dict[str, str]:
    return {CSS: STYLE + SITE_STYLE, JS: DRAW, PLOTLY: get_plotlyjs()}
