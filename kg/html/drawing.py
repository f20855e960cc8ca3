"""A view drawn as a page: positions from networkx, the page made by pyvis.

Positions are computed in Python (``networkx.spring_layout``, started from a
hash of each node's IRI so that a node keeps its place from one build to the
next), so a large page opens already drawn with physics off instead of making
the browser simulate thousands of nodes. A pyvis ``Network``'s node and edge
lists are filled directly (pyvis's ``from_nx`` is quadratic, pyvis #304), and
the ``Network`` renders kg's own template (``templates/graph.html``), which
inlines pyvis's copy of vis-network: the page needs no network (pyvis's own
template loads Bootstrap from a CDN, and does not escape its heading or menu).
All text from the notes goes into the page as JSON data, shown with
``textContent``/``innerText``, never as HTML.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections import Counter, defaultdict
from typing import Any

import networkx as nx
from jinja2 import ChoiceLoader, Environment, FileSystemLoader, PackageLoader, select_autoescape
from markupsafe import Markup
from pyvis.network import Network

from .. import files
from ..version import __version__
from .options import HtmlOptions, PageGraph
from .views import FACT_ORDER, RANK, STYLE

LAYOUT_LIMIT = 2000  # above this many nodes, a cheap ring layout instead of forces
PHYSICS_LIMIT = 400  # above this many nodes the page opens with physics off
TEMPLATE = "graph.html"


def tooltip(node: str, data: dict[str, Any]) -> str:
    lines = [data["label"], f"[{STYLE[data['cls']][0]}]"]
    for key in FACT_ORDER:
        values = sorted(set(data["facts"].get(key, [])))
        if values:
            shown = values[:8] + ([f"... {len(values) - 8} more"] if len(values) > 8 else [])
            joiner = "\n  " if key in ("Claims", "Papers", "Sentence") else "; "
            lead = "\n  " if joiner == "\n  " else " "
            lines.append(f"{key}:{lead}" + joiner.join(shown))
    lines.append(node)
    return "\n".join(lines)


def _start(node: str) -> tuple[float, float]:
    h = hashlib.blake2b(node.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(h[:4], "big") / 2**32, int.from_bytes(h[4:], "big") / 2**32


def positions(g: nx.MultiDiGraph) -> dict[str, tuple[float, float]]:
    """Pixel positions of the nodes: forces up to :data:`LAYOUT_LIMIT` nodes (80
    iterations up to 300 nodes, 50 above), else one ring per class, largest first."""
    nodes = sorted(g.nodes)
    if not nodes:
        return {}
    if len(nodes) <= LAYOUT_LIMIT:
        simple = nx.Graph()
        simple.add_nodes_from(nodes)
        simple.add_edges_from((a, b) for a, b, _ in sorted(g.edges(keys=True)) if a != b)
        n = len(nodes)
        pos = nx.spring_layout(
            simple,
            pos={v: _start(v) for v in nodes},
            iterations=80 if n <= 300 else 50,
            scale=60.0 * math.sqrt(n) + 200.0,
            seed=0,
        )
        return {v: (round(float(pos[v][0]), 1), round(float(pos[v][1]), 1)) for v in nodes}
    out: dict[str, tuple[float, float]] = {}
    by_class: dict[str, list[str]] = defaultdict(list)
    for v in nodes:
        by_class[g.nodes[v]["cls"]].append(v)
    radius = 300.0
    for cls in sorted(by_class, key=lambda c: RANK[c]):
        ring = by_class[cls]
        for i, v in enumerate(ring):
            a = 2 * math.pi * i / len(ring)
            out[v] = (round(radius * math.cos(a), 1), round(radius * math.sin(a), 1))
        radius += 40.0 + len(ring) * 2.0
    return out


def to_network(page: PageGraph, options: HtmlOptions | None = None) -> Network:
    """A pyvis network, its node and edge lists filled directly (``from_nx`` is quadratic)."""
    options = options or HtmlOptions()
    g = page.graph
    net = Network(height="100vh", width="100%", directed=True, cdn_resources="in_line")
    net.heading = options.title
    pos = positions(g)
    degree = Counter(dict(g.degree()))
    for node in sorted(g.nodes):
        data = g.nodes[node]
        _, colour, shape = STYLE[data["cls"]]
        text = data["label"]
        short = text if len(text) <= options.max_label else text[: options.max_label - 1] + "…"
        weight = data.get("weight") or degree[node]
        big = data["cls"] in ("Conference", "Session", "Institution", "Technique", "Country")
        item = {
            "id": node,
            "label": short,
            "title": tooltip(node, data),
            "cls": data["cls"],
            "color": colour,
            "shape": shape,
            "size": round(8 + min(weight, 60) ** 0.8 * 1.6, 1),
            "font": {"size": 16 if big else 12, "color": "#222"},
            "x": pos[node][0],
            "y": pos[node][1],
            "doi": (data["facts"].get("DOI") or [""])[0],
        }
        if data.get("focus"):
            item["borderWidth"] = 5
        net.nodes.append(item)
        net.node_ids.append(node)
        net.node_map[node] = item
    for s, o, key in sorted(g.edges(keys=True)):
        attrs = g.edges[s, o, key]
        edge = {"from": s, "to": o, "title": attrs.get("title", key)}
        if attrs.get("weight"):
            edge["width"] = round(1 + min(attrs["weight"], 20) ** 0.7, 1)
        net.edges.append(edge)
    physics = len(net.nodes) <= PHYSICS_LIMIT
    net.options = {
        "physics": {
            "enabled": physics,
            "solver": "forceAtlas2Based",
            "forceAtlas2Based": {
                "gravitationalConstant": -60,
                "springLength": 90,
                "avoidOverlap": 0.3,
            },
            "stabilization": {"enabled": physics, "iterations": 150, "fit": True},
        },
        "layout": {"improvedLayout": False},
        "interaction": {
            "hover": True,
            "tooltipDelay": 150,
            "hideEdgesOnDrag": len(net.edges) > 3000,
        },
        "nodes": {"borderWidth": 1},
        "edges": {
            "color": {"color": "#9e9e9e", "opacity": 0.5},
            "smooth": False,
            "arrows": {"to": {"enabled": True, "scaleFactor": 0.4}},
        },
    }
    return net


def script_json(value: object) -> Markup:
    """JSON that cannot end its <script> element or open a comment: safe to place in the
    page as it is (the characters HTML reads are escaped as JSON escapes)."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    escaped = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(escaped)  # noqa: S704 (no "<", ">" or "&" is left to read as HTML)


# the claims tab's columns that belong to the paper: sent once per paper, not per claim
PAPER_COLUMNS = (
    "paper",
    "doi",
    "system",
    "session",
    "conference",
    "year",
    "institutions",
    "countries",
    "techniques",
)


def claims_data(page: PageGraph | None) -> dict[str, Any]:
    """The claims tab's rows, each paper's cells once: ``{"columns", "papers", "rows"}``,
    a row being the paper's index and the claim's own cells."""
    if page is None or page.claims is None:
        return {"columns": [], "papers": [], "rows": []}
    columns = list(page.claims.columns)
    at = [columns.index(c) for c in PAPER_COLUMNS]
    own = [i for i in range(len(columns)) if i not in at]
    papers: dict[tuple[Any, ...], int] = {}
    rows = []
    for row in page.claims.rows:
        paper = tuple(row[i] for i in at)
        rows.append([papers.setdefault(paper, len(papers)), *(row[i] for i in own)])
    return {
        "columns": [*PAPER_COLUMNS, *(columns[i] for i in own)],
        "papers": [list(p) for p in papers],
        "rows": rows,
    }


def render(net: Network, page: PageGraph | None = None) -> str:
    """The page's HTML, rendered by the pyvis network with kg's template."""
    net.set_template_dir(str(files.template_dir()), TEMPLATE)
    env = Environment(
        loader=ChoiceLoader(
            [FileSystemLoader(str(files.template_dir())), PackageLoader("pyvis", "templates")]
        ),
        autoescape=select_autoescape(default=True, default_for_string=True),
    )
    env.filters["script_json"] = script_json
    env.globals["version"] = __version__
    env.globals["page"] = {
        "nodes": net.nodes,
        "edges": net.edges,
        "options": net.options,
        "notice": page.notice if page else "",
        "legend": [{"cls": k, "label": v[0], "color": v[1]} for k, v in STYLE.items()],
        "claims": claims_data(page),
    }
    net.templateEnv = env
    html: str = net.generate_html()
    return html
