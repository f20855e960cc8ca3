"""Step 4b: the graph as ``graph.html``, an interactive picture that works offline.

- :mod:`.views`: the views a page can show, as networkx graphs;
- :mod:`.drawing`: positions, and the page made by pyvis with kg's template
  (``templates/graph.html``);
- :mod:`.export`: a view as GraphML or GEXF.

The drawing libraries load when a page is drawn, not with every command.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .. import collector
from .options import AUTO_FULL_PAPERS, DEFAULT_MAX_NODES, VIEWS, HtmlOptions, PageGraph

if TYPE_CHECKING:
    from ..rdf.graph import GraphOrStore

__all__ = [
    "AUTO_FULL_PAPERS",
    "DEFAULT_MAX_NODES",
    "DRAWING_LIBRARIES",
    "VIEWS",
    "HtmlOptions",
    "PageGraph",
    "html_page",
    "prepare",
    "write_page",
]

DRAWING_LIBRARIES = ("pyvis", "networkx", "jinja2", "numpy", "scipy")  # what draws a page


def prepare() -> None:
    """Import the drawing libraries now: a caller may load them while it does something
    else (they take about half a second)."""
    from . import drawing  # noqa: F401


def html_page(graph: GraphOrStore, options: HtmlOptions | None = None) -> str:
    """The page's HTML for ``graph``."""
    from .drawing import render, to_network
    from .views import page_graph

    options = options or HtmlOptions()
    with collector.paused():  # bench/tricks.py --papers 10000: 4.77 s -> 3.50 s
        page = page_graph(graph, options)
        return render(to_network(page, options), page)


def write_page(graph: GraphOrStore, path: str | Path, options: HtmlOptions | None = None) -> Path:
    """Write the interactive page for ``graph`` to ``path`` (atomically)."""
    from ..output.atomic import write_text

    return write_text(path, html_page(graph, options))
