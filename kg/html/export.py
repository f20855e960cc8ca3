"""A view for other graph tools: GraphML (Cytoscape, Gephi) and GEXF (Gephi)."""

from __future__ import annotations

import re
from pathlib import Path

import networkx as nx

from ..output import write_text
from .drawing import tooltip
from .options import PageGraph


def _flat(g: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """The view with plain attributes (GraphML and GEXF take no lists or dicts)."""
    flat = nx.MultiDiGraph()
    for v in sorted(g.nodes):
        d = g.nodes[v]
        flat.add_node(v, label=d["label"], kind=d["cls"], description=tooltip(d))
    for s, o, key in sorted(g.edges(keys=True)):
        flat.add_edge(s, o, key=key, relation=key, weight=g.edges[s, o, key].get("weight", 1))
    return flat


def write_graphml(page: PageGraph, path: str | Path) -> Path:
    return write_text(path, "\n".join(nx.generate_graphml(_flat(page.graph))) + "\n")


def write_gexf(page: PageGraph, path: str | Path) -> Path:
    """GEXF, without its "last modified" date, so that builds stay identical."""
    lines = [
        re.sub(r'\s*lastmodifieddate="[^"]*"', "", line)
        for line in nx.generate_gexf(_flat(page.graph))
    ]
    return write_text(path, "\n".join(lines) + "\n")
