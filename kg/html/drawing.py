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
import regex
from jinja2 import ChoiceLoader, Environment, FileSystemLoader, PackageLoader, select_autoescape
from markupsafe import Markup
from pyvis.network import Network

from .. import files
from ..tables import CLAIM_PAPER_COLUMNS
from ..text import display_width
from ..version import __version__
from .options import AUTO_FULL_PAPERS, FACETS, HtmlOptions, PageGraph
from .views import FACT_ORDER, OVERVIEW, PLURAL, RANK, STYLE, short_title

# label sizes in canvas units; at the default zoom the page draws only the labels of the
# largest class shown (papers, else institutions and countries): the others on zoom or hover
FONT = {"Conference": 30, "Session": 28, "Paper": 20, "Institution": 16, "Country": 16}
TILE_FONT = 18  # every group of the overview
LAYOUT_LIMIT = 2000  # above this many nodes, a cheap ring layout instead of forces
PHYSICS_LIMIT = 400  # above this many nodes the page opens with physics off
TEMPLATE = "graph.html"


def tooltip(data: dict[str, Any]) -> str:
    lines = [data["label"], f"[{STYLE[data['cls']][0]}]"]
    for key in FACT_ORDER:
        values = sorted(set(data["facts"].get(key, [])))
        if values:
            shown = values[:8] + ([f"... {len(values) - 8} more"] if len(values) > 8 else [])
            if key == "Abstract":
                values = [v if len(v) <= 600 else v[:599] + "…" for v in values[:1]]
            joiner = (
                "\n  " if key in ("Claims", "Papers", "Results", "Sentence", "Abstract") else "; "
            )
            lead = "\n  " if joiner == "\n  " else " "
            lines.append(f"{key}:{lead}" + joiner.join(shown))
    return "\n".join(lines)


def _start(node: str) -> tuple[float, float]:
    h = hashlib.blake2b(node.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(h[:4], "big") / 2**32, int.from_bytes(h[4:], "big") / 2**32


# the session blocks of the full view, in canvas units: a block is a session's label over a
# column of its papers (each a box holding its short label), its claims in a row before it
BLOCK_GAP = 460.0  # between the centres of two blocks side by side
ROW_GAP = 52.0  # between two papers of a block
CLAIM_GAP = 14.0  # between two claims of a paper
CLAIMS_PER_ROW = 8
PAPERS_PER_COLUMN = 8
HEADING_WIDTH = 26  # a session's label is wrapped at about this many Latin letters (13 Han)


def wrap_label(text: str) -> str:
    """A heading cut into lines that fit a block: at spaces where there are some, Han
    characters counting double."""
    lines: list[str] = []
    line = ""
    for piece in regex.findall(r"\S+\s*|\s+", text) if " " in text else list(text):
        if line and display_width(line + piece.rstrip()) > HEADING_WIDTH:
            lines.append(line.rstrip())
            line = ""
        line += piece
    lines.append(line.rstrip())
    return "\n".join(x for x in lines if x)


def short_label(g: nx.MultiDiGraph, node: str) -> str:
    """What a node is called on the picture: a paper by its systems or a short title
    (:func:`~.views.short_title`), a group of the overview with its number of papers."""
    data = g.nodes[node]
    if "count" in data:
        name = str(data["label"])
        name = name if len(name) <= TILE_LABEL else name[: TILE_LABEL - 1].rstrip() + "…"
        return f"{name} ({data['count']:,})"
    if data["cls"] != "Paper":
        return str(data["label"])
    systems = [g.nodes[o]["label"] for _, o, k in g.out_edges(node, keys=True) if k == "presents"]
    return short_title(str(data["label"]), systems)


def session_blocks(g: nx.MultiDiGraph) -> dict[str, tuple[float, float]]:
    """Fixed places for conferences, sessions, papers and their claims: one block per session
    (papers of no session in a last block), blocks in a grid wider than tall."""
    label = lambda v: (str(g.nodes[v]["label"]).casefold(), v)  # noqa: E731
    papers = sorted((v for v, d in g.nodes(data=True) if d["cls"] == "Paper"), key=label)
    groups: dict[str | None, list[str]] = defaultdict(list)
    for p in papers:
        sessions = sorted(
            (o for _, o, key in g.out_edges(p, keys=True) if key == "session"), key=label
        )
        groups[sessions[0] if sessions else None].append(p)
    order: list[str | None] = sorted((s for s in groups if s is not None), key=label)
    if None in groups:
        order.append(None)
    # a block's columns of papers, its label's lines
    columns = {s: max(1, math.ceil(len(groups[s]) / PAPERS_PER_COLUMN)) for s in order}
    lines = {s: wrap_label(str(g.nodes[s]["label"])).count("\n") + 1 if s else 0 for s in order}
    per_row = max(1, math.ceil(math.sqrt(sum(columns.values()) * 1.6)))
    fixed: dict[str, tuple[float, float]] = {}
    top = 0.0
    row: list[str | None] = []
    rows: list[list[str | None]] = []
    for s in order:  # rows of blocks, about per_row columns of papers each
        if row and sum(columns[b] for b in row) + columns[s] > per_row:
            rows.append(row)
            row = []
        row.append(s)
    rows.append(row)
    for blocks in rows:
        width = sum(columns[b] for b in blocks) * BLOCK_GAP
        left = -width / 2
        first = top + 50.0 + max(lines[b] for b in blocks) * 40.0
        for session in blocks:
            x0 = left + BLOCK_GAP / 2
            if session is not None:
                fixed[session] = (left + columns[session] * BLOCK_GAP / 2, top)
            for j, p in enumerate(groups[session]):
                x = x0 + (j // PAPERS_PER_COLUMN) * BLOCK_GAP
                y = first + (j % PAPERS_PER_COLUMN) * ROW_GAP
                fixed[p] = (x, y)
                claims = sorted(o for _, o, key in g.out_edges(p, keys=True) if key == "claim")
                for k, m in enumerate(claims):
                    fixed[m] = (
                        x - 170.0 - (k % CLAIMS_PER_ROW) * CLAIM_GAP,
                        y + (k // CLAIMS_PER_ROW) * CLAIM_GAP - 7.0,
                    )
            left += columns[session] * BLOCK_GAP
        tallest = max(min(len(groups[b]), PAPERS_PER_COLUMN) for b in blocks)
        top = first + tallest * ROW_GAP + 120.0
    conferences = sorted((v for v, d in g.nodes(data=True) if d["cls"] == "Conference"), key=label)
    for i, c in enumerate(conferences):
        fixed[c] = ((i - (len(conferences) - 1) / 2) * BLOCK_GAP, -140.0)
    return fixed


# the overview of a large corpus: each kind of group a band of tiles, two bands abreast
TILE_COLUMNS = 3
TILE_GAP = (275.0, 62.0)  # between the centres of two tiles side by side, one above another
TILE_LABEL = 20  # characters of a group's name on its tile
BAND_GAP = 110.0  # between two bands


def overview_positions(
    g: nx.MultiDiGraph,
) -> tuple[dict[str, tuple[float, float]], list[dict[str, Any]]]:
    """Fixed places for the overview's groups, and the headings of their bands: a band per
    kind of group (conferences, sessions, institutions, techniques, countries), its groups
    in rows of :data:`TILE_COLUMNS`, most papers first."""
    tiles: dict[str, list[str]] = defaultdict(list)
    for v, d in g.nodes(data=True):
        tiles[d["facet"][0]].append(v)
    kinds = [kind for kind in OVERVIEW if tiles[kind]]
    totals = g.graph.get("totals", {})
    width = TILE_COLUMNS * TILE_GAP[0]
    fixed: dict[str, tuple[float, float]] = {}
    bands: list[dict[str, Any]] = []
    top = 0.0
    for row in range(0, len(kinds), 2):
        height = 0.0
        for column, kind in enumerate(kinds[row : row + 2]):
            left = column * (width + BAND_GAP)
            ranked = sorted(tiles[kind], key=lambda v: g.nodes[v]["rank"])
            for j, v in enumerate(ranked):
                fixed[v] = (
                    left + (j % TILE_COLUMNS + 0.5) * TILE_GAP[0],
                    top + 60.0 + (j // TILE_COLUMNS) * TILE_GAP[1],
                )
            name = PLURAL[kind]
            total = totals.get(kind, len(ranked))
            bands.append(
                {
                    "label": f"{len(ranked)} of {total:,} {name}, most papers first",
                    "x": left,
                    "y": top,
                }
            )
            height = max(height, 60.0 + math.ceil(len(ranked) / TILE_COLUMNS) * TILE_GAP[1])
        top += height + BAND_GAP
    return fixed, bands


def positions(g: nx.MultiDiGraph) -> dict[str, tuple[float, float]]:
    """Pixel positions of the nodes. With papers: their session blocks
    (:func:`session_blocks`), and the other nodes placed by networkx's forces among the
    fixed blocks, near the papers they belong to. Without papers, forces alone up to
    :data:`LAYOUT_LIMIT` nodes (80 iterations up to 300 nodes, 50 above), else one ring
    per class, largest first."""
    nodes = sorted(g.nodes)
    if not nodes:
        return {}
    if all("facet" in g.nodes[v] for v in nodes):
        return overview_positions(g)[0]
    has_papers = any(g.nodes[v]["cls"] == "Paper" for v in nodes)
    if has_papers and len(nodes) <= LAYOUT_LIMIT:
        return _around_blocks(g, nodes)
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
    return _rings(g, nodes)


def _around_blocks(g: nx.MultiDiGraph, nodes: list[str]) -> dict[str, tuple[float, float]]:
    """The session blocks fixed, the other nodes moved by networkx's spring layout from
    the middle of what they link to (a hash of their IRI apart), kept inside the blocks'
    frame."""
    fixed = session_blocks(g)
    simple = nx.Graph()
    simple.add_nodes_from(nodes)
    simple.add_edges_from((a, b) for a, b, _ in sorted(g.edges(keys=True)) if a != b)
    xs = [x for x, _ in fixed.values()]
    ys = [y for _, y in fixed.values()]
    left, right = min(xs) - 300.0, max(xs) + 300.0
    low, high = min(ys) - 250.0, max(ys) + 250.0
    start: dict[str, tuple[float, float]] = dict(fixed)
    for v in nodes:
        if v in start:
            continue
        near = [fixed[u] for u in simple[v] if u in fixed]
        jx, jy = _start(v)
        if near:
            cx = sum(x for x, _ in near) / len(near)
            cy = sum(y for _, y in near) / len(near)
        else:
            cx, cy = left + (right - left) * jx, low + (high - low) * jy
        start[v] = (cx + (jx - 0.5) * 160.0, cy + (jy - 0.5) * 160.0)
    moving = [v for v in nodes if v not in fixed]
    pos = (
        nx.spring_layout(simple, pos=start, fixed=list(fixed), k=110.0, iterations=60, seed=0)
        if moving and fixed
        else start
    )
    out = {}
    for v in nodes:
        x, y = float(pos[v][0]), float(pos[v][1])
        if v not in fixed:
            x, y = min(max(x, left), right), min(max(y, low), high)
        out[v] = (round(x, 1), round(y, 1))
    return out


def _rings(g: nx.MultiDiGraph, nodes: list[str]) -> dict[str, tuple[float, float]]:
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
    most: Counter[str] = Counter()  # an overview group's size is its share of its kind's most
    for _, d in g.nodes(data=True):
        most[d["cls"]] = max(most[d["cls"]], d.get("count", 0))
    for node in sorted(g.nodes):
        data = g.nodes[node]
        _, colour, shape = STYLE[data["cls"]]
        text = short_label(g, node)
        if data["cls"] in _HEADINGS and not page.overview:
            text = wrap_label(text)
        short = text if len(text) <= options.max_label else text[: options.max_label - 1] + "…"
        weight = data.get("weight") or degree[node]
        paper = data["cls"] == "Paper"
        size = 8 + min(weight, 60) ** 0.8 * 1.6
        font = FONT.get(data["cls"], 12)
        if page.overview:
            size, font = 6 + 10 * math.sqrt(data["count"] / most[data["cls"]]), TILE_FONT
        item = {
            "id": node,
            "label": short,
            "title": tooltip(data),
            "cls": data["cls"],
            "color": colour,
            "shape": shape,
            "size": round(size, 1),
            "font": {"size": font, "color": "#fff" if paper else "#222"},
            "x": pos[node][0],
            "y": pos[node][1],
            "doi": (data["facts"].get("DOI") or [""])[0],
            # what search matches: names and titles, not the text of the card
            "names": " | ".join(
                dict.fromkeys([str(data["label"]), text, *data["facts"].get("中文", [])])
            ).casefold(),
        }
        if data.get("focus"):
            item["borderWidth"] = 5
        if "facet" in data:
            item["facet"] = data["facet"]
        net.nodes.append(item)
        net.node_ids.append(node)
        net.node_map[node] = item
    for s, o, key in sorted(g.edges(keys=True)):
        attrs = g.edges[s, o, key]
        edge = {"from": s, "to": o, "title": attrs.get("title", key)}
        if attrs.get("weight"):
            edge["width"] = round(1 + min(attrs["weight"], 20) ** 0.7, 1)
        if attrs.get("hidden"):
            edge["hidden"] = True
        net.edges.append(edge)
    # positions come from kg and networkx: physics only for a small graph without papers
    has_papers = any(n["cls"] == "Paper" for n in net.nodes)
    physics = len(net.nodes) <= PHYSICS_LIMIT and not has_papers and not page.overview
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


_HEADINGS = frozenset({"Conference", "Session"})  # labelled above what the page shows first


def script_json(value: object) -> Markup:
    """JSON that cannot end its <script> element or open a comment: safe to place in the
    page as it is (the characters HTML reads are escaped as JSON escapes)."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    escaped = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(escaped)  # noqa: S704 (no "<", ">" or "&" is left to read as HTML)


def claims_data(page: PageGraph | None) -> dict[str, Any]:
    """The claims tab's rows, each paper's cells once: ``{"columns", "papers", "rows"}``,
    a row being the paper's index and the claim's own cells."""
    if page is None or page.claims is None:
        return {"columns": [], "papers": [], "rows": []}
    n = len(CLAIM_PAPER_COLUMNS)  # the claims table's columns start with the paper's
    papers: dict[tuple[Any, ...], int] = {}
    rows = [[papers.setdefault(row[:n], len(papers)), *row[n:]] for row in page.claims.rows]
    return {
        "columns": list(page.claims.columns),
        "papers": [list(p) for p in papers],
        "rows": rows,
    }


def index_data(page: PageGraph | None) -> dict[str, Any]:
    """The page's index of papers (what its filters choose among), as compact JSON:
    ``{"kinds", "facets", "papers"}``, a paper being ``[node, title, short label, DOI,
    claims, facets]`` and its facets indexes into each kind's ``[id, label]`` list."""
    if page is None or page.index is None:
        return {"kinds": list(FACETS), "facets": [[] for _ in FACETS], "papers": []}
    return {
        "kinds": list(FACETS),
        "facets": [[list(item) for item in found] for found in page.index.facets],
        "papers": [
            [p.node, p.title, p.short, p.doi, list(p.claims), [list(f) for f in p.facets]]
            for p in page.index.papers
        ],
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
        "legend": [
            {"cls": k, "label": v[0], "color": v[1], "shape": v[2]} for k, v in STYLE.items()
        ],
        "claims": claims_data(page),
        "index": index_data(page),
        "overview": bool(page and page.overview),
        "focus_limit": AUTO_FULL_PAPERS,  # a filter on the overview draws up to this many papers
        "bands": overview_positions(page.graph)[1] if page and page.overview else [],
        # how the page draws the papers a filter picks on the overview, as kg draws blocks
        "layout": {
            "block_gap": BLOCK_GAP,
            "row_gap": ROW_GAP,
            "per_column": PAPERS_PER_COLUMN,
            "tile_gap": TILE_GAP,
            "tile_columns": TILE_COLUMNS,
            "font": FONT,
        },
        "primary_font": max(
            (
                n["font"]["size"]
                for n in net.nodes
                if n["cls"] not in _HEADINGS or (page and page.overview)
            ),
            default=12,
        ),
    }
    net.templateEnv = env
    html: str = net.generate_html()
    return html
