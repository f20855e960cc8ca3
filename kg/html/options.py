"""What a page shows (:class:`HtmlOptions`), without loading the drawing libraries."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import networkx as nx

    from ..tables import Table

VIEWS = ("auto", "full", "papers", "institutions", "techniques")
AUTO_FULL_PAPERS = 300  # "auto" shows every node up to this many papers
DEFAULT_MAX_NODES = 400  # the institution-technique map keeps the busiest this many nodes


@dataclass(frozen=True)
class HtmlOptions:
    """What the page shows: a view, or the neighbourhood of one node."""

    view: str = "auto"
    focus: str | None = None  # an IRI or a label
    depth: int = 1
    max_nodes: int = DEFAULT_MAX_NODES  # the institution-technique map keeps the busiest
    title: str = "kg: knowledge graph of paper notes"
    max_label: int = 42


@dataclass
class PageGraph:
    """A view of the graph, ready to draw."""

    graph: nx.MultiDiGraph
    notice: str = ""
    claims: Table | None = None  # the claims tab's rows (kg.tables), if the graph has claims


def shows_map(options: HtmlOptions, papers: int) -> bool:
    """Whether the page will be the institution-technique map."""
    if options.focus:
        return False
    return options.view == "institutions" or (options.view == "auto" and papers > AUTO_FULL_PAPERS)
