"""What a page shows (:class:`HtmlOptions`), without loading the drawing libraries."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import networkx as nx

    from ..tables import Table

VIEWS = ("auto", "full", "papers", "overview", "techniques")
AUTO_FULL_PAPERS = 300  # "auto" shows every node up to this many papers, else the overview
DEFAULT_MAX_NODES = 60  # the overview shows at most this many groups (12 to 15 of a kind)
# what the page's filters choose among, in the order the panel shows them
FACETS = ("conference", "year", "session", "institution", "country", "technique")


@dataclass(frozen=True)
class HtmlOptions:
    """What the page shows: a view, or the neighbourhood of one node."""

    view: str = "auto"
    focus: str | None = None  # an IRI or a label
    depth: int = 1
    max_nodes: int = DEFAULT_MAX_NODES  # the overview keeps the groups with most papers
    title: str = "kg: knowledge graph of paper notes"
    max_label: int = 42


@dataclass(frozen=True)
class IndexedPaper:
    """A paper as the page's filters see it."""

    node: str  # its IRI, the id of its node when it is drawn
    title: str
    short: str  # what the picture calls it: its system, else the start of its title
    doi: str
    claims: tuple[str, ...]  # the labels of its claims
    facets: tuple[tuple[int, ...], ...]  # per FACETS: indexes into PaperIndex.facets


@dataclass(frozen=True)
class PaperIndex:
    """Every paper and what it can be filtered by: the page's filters read it, and on the
    overview of a large corpus its drill-down draws the papers a filter picks."""

    facets: tuple[tuple[tuple[str, str], ...], ...]  # per FACETS: (node or value, label)
    papers: tuple[IndexedPaper, ...]


@dataclass
class PageGraph:
    """A view of the graph, ready to draw."""

    graph: nx.MultiDiGraph
    notice: str = ""
    claims: Table | None = None  # the claims tab's rows (kg.tables), if the graph has claims
    index: PaperIndex | None = None  # the papers the filters choose among
    overview: bool = False  # groups of papers (a large corpus), not papers
