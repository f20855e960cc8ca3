"""Step 4b: graph -> ``graph.html``, an interactive picture of the graph.

The RDF graph becomes a networkx graph for the chosen view (everything, the
papers, an institution-technique map, the technique map, or the neighbourhood
of one node). Positions are computed in Python (kg/layout.py), and a pyvis
network's node and edge lists are filled directly (pyvis's ``from_nx`` is
quadratic). The page is kg's own template: vis-network's JavaScript and CSS
are inlined from the pyvis package, so it needs no network (pyvis's own
template loads Bootstrap from a CDN, and does not escape its heading or menu),
and all text from the notes goes into the page as JSON data, shown with
``textContent``/``innerText``, never as HTML.

Large graphs open on an aggregated view so that the page is usable at once:
``view="auto"`` shows everything up to ``AUTO_FULL_PAPERS`` papers, and the
institution-technique map beyond.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING

import rdflib

from . import __version__
from .errors import KgError
from .query import values
from .store import atomic_write, atomic_write_text

if TYPE_CHECKING:  # drawing libraries load when a page is drawn, not with every command
    import networkx as nx
    from pyvis.network import Network

VIEWS = ("auto", "full", "papers", "institutions", "techniques")
AUTO_FULL_PAPERS = 300  # "auto" shows every node up to this many papers
LAYOUT_LIMIT = 2000  # above this many nodes, a cheap ring layout instead of forces
PHYSICS_LIMIT = 400  # above this many nodes the page opens with physics off

# class -> (legend label, colour, shape)
STYLE: dict[str, tuple[str, str, str]] = {
    "Conference": ("Conference", "#6d4c41", "star"),
    "Session": ("Session", "#8e24aa", "diamond"),
    "Paper": ("Paper", "#1e88e5", "dot"),
    "Institution": ("Institution", "#2e7d32", "square"),
    "Person": ("Person", "#00897b", "triangle"),
    "Country": ("Country", "#9e9d24", "triangleDown"),
    "Technique": ("Technique", "#ef6c00", "hexagon"),
    "Metric": ("Claim", "#e53935", "dot"),
    "System": ("System", "#3949ab", "box"),
    "Library": ("Library", "#5c6bc0", "box"),
    "Hardware": ("Hardware", "#546e7a", "box"),
    "Platform": ("Platform", "#78909c", "box"),
    "Dataset": ("Dataset", "#afb42b", "ellipse"),
    "Model": ("Model", "#d84315", "ellipse"),
    "Benchmark": ("Benchmark", "#8d6e63", "ellipse"),
}
_RANK = {cls: i for i, cls in enumerate(STYLE)}

_NODES = """
SELECT ?node ?class ?label WHERE {
  ?node a ?class ; rdfs:label ?label .
  FILTER(STRSTARTS(STR(?class), STR(kg:)))
}
"""
_EDGES = """
SELECT ?s ?p ?o WHERE {
  VALUES ?p { kg:conference kg:session kg:affiliation kg:person kg:country kg:technique
              kg:presents kg:comparesWith kg:mentions kg:claim kg:baseline skos:broader }
  ?s ?p ?o .
}
"""
_FACTS = """
SELECT ?node ?key ?value WHERE {
  { ?node bibo:doi ?value . BIND("DOI" AS ?key) }
  UNION { ?node kg:session/rdfs:label ?value . BIND("Session" AS ?key) }
  UNION { ?node kg:affiliation/rdfs:label ?value . BIND("Institutions" AS ?key) }
  UNION { ?node kg:claim ?c . ?c rdfs:label ?text .
          OPTIONAL { ?c kg:baseline/rdfs:label ?b }
          BIND(IF(BOUND(?b), CONCAT(?text, " over ", ?b), ?text) AS ?value)
          BIND("Claims" AS ?key) }
  UNION { ?node kg:technique/rdfs:label ?value . BIND("Techniques" AS ?key) }
  UNION { ?node kg:country/rdfs:label ?value . BIND("Country" AS ?key) }
  UNION { ?node skos:prefLabel ?value . FILTER(LANG(?value) = "zh") BIND("中文" AS ?key) }
  UNION { ?node kg:baseline/rdfs:label ?value . BIND("Baseline" AS ?key) }
  UNION { ?node kg:sourceSentence ?value . BIND("Sentence" AS ?key) }
  UNION { ?node skos:broader/rdfs:label ?value . BIND("Broader" AS ?key) }
  UNION { ?p kg:affiliation|kg:technique|kg:presents|kg:comparesWith|kg:mentions|kg:person ?node ;
             dcterms:title ?value . BIND("Papers" AS ?key) }
  UNION { ?node kg:resolved false . BIND("Registry" AS ?key) BIND("not in kg's registry" AS ?value) }
}
"""
_FACT_ORDER = [
    "DOI",
    "Session",
    "Institutions",
    "Country",
    "中文",
    "Techniques",
    "Claims",
    "Baseline",
    "Sentence",
    "Broader",
    "Papers",
    "Registry",
]

_PAPER_COUNT = "SELECT (COUNT(?p) AS ?n) WHERE { ?p a kg:Paper }"
_INSTITUTIONS = """
SELECT ?i ?label ?country ?countryLabel (COUNT(DISTINCT ?p) AS ?papers) WHERE {
  ?p kg:affiliation ?i . ?i rdfs:label ?label .
  OPTIONAL { ?i kg:country ?country . ?country rdfs:label ?countryLabel }
} GROUP BY ?i ?label ?country ?countryLabel
"""
_TECHNIQUES = """
SELECT ?t ?label (COUNT(DISTINCT ?p) AS ?papers) WHERE {
  ?p kg:technique ?t . ?t rdfs:label ?label .
} GROUP BY ?t ?label
"""
_PAIRS = """
SELECT ?i ?t (COUNT(DISTINCT ?p) AS ?papers) WHERE {
  ?p kg:affiliation ?i ; kg:technique ?t .
} GROUP BY ?i ?t
"""


@dataclass(frozen=True)
class HtmlOptions:
    """What the page shows: a view, or the neighbourhood of one node."""

    view: str = "auto"
    focus: str | None = None  # an IRI or a label
    depth: int = 1
    max_nodes: int = 400  # the institution-technique map keeps the busiest this many
    title: str = "kg: knowledge graph of paper notes"
    max_label: int = 42


@dataclass
class PageGraph:
    """A view of the graph, ready to draw."""

    graph: nx.MultiDiGraph
    notice: str = ""


# --- from RDF to networkx ----------------------------------------------------------------


def to_networkx(graph: rdflib.Graph) -> nx.MultiDiGraph:
    """Every kg-typed resource of the graph and the links between them."""
    import networkx as nx

    g = nx.MultiDiGraph()
    for row in values(graph, _NODES):
        node, cls, label = str(row[0]), str(row[1]).rsplit("#", 1)[-1], str(row[2])
        if cls not in STYLE:
            continue
        # several kg classes or labels: keep the first class, the least label
        if node in g and (_RANK[g.nodes[node]["cls"]], g.nodes[node]["label"]) <= (
            _RANK[cls],
            label,
        ):
            continue
        g.add_node(node, cls=cls, label=label, facts={})
    for row in values(graph, _FACTS):
        node = str(row[0])
        if node in g:
            g.nodes[node]["facts"].setdefault(str(row[1]), []).append(str(row[2]))
    for s, p, o in values(graph, _EDGES):
        s, o = str(s), str(o)
        if s in g and o in g:
            g.add_edge(s, o, key=re.split(r"[#/]", str(p))[-1])
    return g


def institution_map(graph: rdflib.Graph, max_nodes: int = 400) -> PageGraph:
    """Institutions, the techniques their papers use and their countries, counted in papers.

    Computed with aggregate queries, so it costs little even for 100,000 papers.
    """
    import networkx as nx

    insts = {str(r[0]): r for r in values(graph, _INSTITUTIONS)}
    techs = {str(r[0]): r for r in values(graph, _TECHNIQUES)}
    pairs = [(str(i), str(t), int(n)) for i, t, n in values(graph, _PAIRS)]  # type: ignore[arg-type]
    keep_i = sorted(insts, key=lambda k: (-int(insts[k][4]), k))[: max_nodes // 2]  # type: ignore[arg-type]
    keep_t = sorted(techs, key=lambda k: (-int(techs[k][2]), k))[: max_nodes // 2]  # type: ignore[arg-type]
    kept_t = set(keep_t)
    g = nx.MultiDiGraph()
    for i in keep_i:
        _, label, country, country_label, papers = insts[i]
        g.add_node(
            i,
            cls="Institution",
            label=str(label),
            weight=int(papers),  # type: ignore[arg-type]
            facts={"Papers": [f"{papers} paper(s)"]},
        )
        if country is not None:
            c = str(country)
            if c not in g:
                g.add_node(c, cls="Country", label=str(country_label), weight=0, facts={})
            g.nodes[c]["weight"] += int(papers)  # type: ignore[arg-type]
            g.add_edge(i, c, key="country", weight=1)
    for t in keep_t:
        g.add_node(
            t,
            cls="Technique",
            label=str(techs[t][1]),
            weight=int(techs[t][2]),  # type: ignore[arg-type]
            facts={"Papers": [f"{techs[t][2]} paper(s)"]},
        )
    by_inst: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for i, t, n in pairs:
        if i in g and t in kept_t:
            by_inst[i].append((n, t))
    for i, found in by_inst.items():
        for n, t in sorted(found, key=lambda x: (-x[0], x[1]))[:8]:  # each one's main techniques
            g.add_edge(i, t, key="technique", weight=n, title=f"{n} paper(s)")
            g.nodes[i]["facts"].setdefault("Techniques", []).append(f"{g.nodes[t]['label']} ({n})")
    for c in [v for v, d in g.nodes(data=True) if d["cls"] == "Country"]:
        g.nodes[c]["facts"]["Papers"] = [f"{g.nodes[c]['weight']} paper-institution pair(s)"]
    total = len(insts)
    notice = (
        f"Institution–technique map: the {len(keep_i)} of {total} institutions and "
        f"{len(keep_t)} of {len(techs)} techniques with most papers; a link's width is the "
        "number of papers they share. For papers and claims: kg html --view full "
        "--focus NAME."
    )
    return PageGraph(g, notice)


def shows_map(options: HtmlOptions, papers: int) -> bool:
    """Whether the page will be the institution-technique map."""
    if options.focus:
        return False
    return options.view == "institutions" or (options.view == "auto" and papers > AUTO_FULL_PAPERS)


def page_graph(graph: rdflib.Graph, options: HtmlOptions) -> PageGraph:
    """The networkx graph the page will show."""
    import networkx as nx

    if options.view not in VIEWS:
        raise KgError(f"unknown view {options.view!r}; choose from {', '.join(VIEWS)}")
    view = options.view
    if view == "auto":
        papers = int(values(graph, _PAPER_COUNT)[0][0])  # type: ignore[arg-type]
        view = "full" if papers <= AUTO_FULL_PAPERS or options.focus else "institutions"
    if view == "institutions" and not options.focus:
        return institution_map(graph, options.max_nodes)
    full = to_networkx(graph)
    classes = {
        "full": set(STYLE),
        "institutions": set(STYLE),
        "papers": {"Conference", "Session", "Paper", "Institution", "Person", "Country", "System"},
        "techniques": {"Paper", "Technique"},
    }[view]
    g = full.subgraph(v for v, d in full.nodes(data=True) if d["cls"] in classes).copy()
    notice = ""
    if options.focus:
        center = find_node(g, options.focus)
        near = nx.ego_graph(g.to_undirected(as_view=True), center, radius=options.depth)
        g = g.subgraph(near.nodes).copy()
        g.nodes[center]["focus"] = True
        notice = f"{len(g)} nodes within {options.depth} link(s) of {g.nodes[center]['label']}."
    return PageGraph(g, notice)


def find_node(g: nx.MultiDiGraph, wanted: str) -> str:
    """A node by IRI, or by label ignoring case."""
    if wanted in g:
        return wanted
    folded = wanted.casefold().strip()
    matches = sorted(v for v, d in g.nodes(data=True) if d["label"].casefold() == folded)
    if not matches:
        matches = sorted(v for v, d in g.nodes(data=True) if folded in d["label"].casefold())
    if not matches:
        raise KgError(f"--focus {wanted!r}: no node has that IRI or label")
    return min(matches, key=lambda v: (_RANK[g.nodes[v]["cls"]], len(g.nodes[v]["label"]), v))


# --- drawing -------------------------------------------------------------------------------


def _tooltip(node: str, data: dict) -> str:
    lines = [data["label"], f"[{STYLE[data['cls']][0]}]"]
    for key in _FACT_ORDER:
        values = sorted(set(data["facts"].get(key, [])))
        if values:
            shown = values[:8] + ([f"... {len(values) - 8} more"] if len(values) > 8 else [])
            joiner = "\n  " if key in ("Claims", "Papers", "Sentence") else "; "
            lead = "\n  " if joiner == "\n  " else " "
            lines.append(f"{key}:{lead}" + joiner.join(shown))
    lines.append(node)
    return "\n".join(lines)


def _positions(g: nx.MultiDiGraph) -> dict[str, tuple[float, float]]:
    from .layout import spring_layout

    nodes = sorted(g.nodes)
    if len(nodes) <= LAYOUT_LIMIT:
        return spring_layout(nodes, ((a, b) for a, b, _ in g.edges(keys=True)))  # type: ignore[return-value]
    # too many for forces: one ring per class, largest first
    import math

    pos: dict[str, tuple[float, float]] = {}
    by_class: dict[str, list[str]] = defaultdict(list)
    for v in nodes:
        by_class[g.nodes[v]["cls"]].append(v)
    radius = 300.0
    for cls in sorted(by_class, key=lambda c: _RANK[c]):
        ring = by_class[cls]
        for i, v in enumerate(ring):
            a = 2 * math.pi * i / len(ring)
            pos[v] = (round(radius * math.cos(a), 1), round(radius * math.sin(a), 1))
        radius += 40.0 + len(ring) * 2.0
    return pos


def to_network(page: PageGraph, options: HtmlOptions | None = None) -> Network:
    """A pyvis network, its node and edge lists filled directly (``from_nx`` is quadratic)."""
    from pyvis.network import Network

    options = options or HtmlOptions()
    g = page.graph
    net = Network(height="100vh", width="100%", directed=True, cdn_resources="in_line")
    pos = _positions(g)
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
            "title": _tooltip(node, data),
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
    return net


def _vis_file(name: str) -> str:
    """A file of the vis-network release pyvis ships (inlined: the page works offline)."""
    return (files("pyvis") / "templates" / "lib" / "vis-9.1.2" / name).read_text(encoding="utf-8")


_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="kg {{ version }}">
<title>{{ title }}</title>
<style>{{ vis_css | safe }}</style>
<style>
  html, body { margin: 0; height: 100%; font-family: system-ui, "Noto Sans CJK SC", "WenQuanYi Micro Hei", sans-serif; }
  #graph { position: absolute; inset: 0; background: #fbfbf8; }
  #panel { position: absolute; top: 10px; left: 10px; z-index: 2; background: rgba(255,255,255,.95);
           border: 1px solid #d8d8d8; border-radius: 8px; padding: 10px 12px; width: 250px; font-size: 13px;
           box-shadow: 0 2px 8px rgba(0,0,0,.10); max-height: calc(100vh - 40px); overflow: auto; }
  #panel h1 { font-size: 15px; margin: 0 0 4px; }
  #panel .count, #notice { color: #666; margin-bottom: 6px; }
  #notice:empty { display: none; }
  #search { width: 100%; box-sizing: border-box; margin: 4px 0 8px; padding: 4px 6px; }
  #legend label { display: flex; align-items: center; gap: 6px; cursor: pointer; line-height: 1.6; }
  .swatch { width: 12px; height: 12px; border-radius: 3px; display: inline-block; }
  #details { position: absolute; right: 10px; top: 10px; z-index: 2; width: 380px; max-height: 80vh;
             overflow: auto; background: rgba(255,255,255,.97); border: 1px solid #d8d8d8; border-radius: 8px;
             padding: 10px 12px; font-size: 13px; white-space: pre-wrap; display: none;
             box-shadow: 0 2px 8px rgba(0,0,0,.10); }
  #details a { display: block; margin-top: 8px; }
  div.vis-tooltip { white-space: pre-wrap; max-width: 460px; font-family: inherit; font-size: 13px;
                    background: #fffef5; border-color: #ccc; }
</style>
</head>
<body>
<div id="graph"></div>
<div id="panel">
  <h1>{{ title }}</h1>
  <div class="count" id="counts"></div>
  <div id="notice"></div>
  <input id="search" type="search" placeholder="Search: a title, an institution, a technique…" aria-label="Search">
  <div id="legend"></div>
  <label><input id="physics" type="checkbox"> physics</label>
</div>
<div id="details"><div id="details-text"></div><a id="doi-link" target="_blank" rel="noopener noreferrer"></a></div>
<script type="application/json" id="kg-data">{{ data | safe }}</script>
<script>{{ vis_js | safe }}</script>
<script>
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("kg-data").textContent);
  const nodes = new vis.DataSet(data.nodes);
  const edges = new vis.DataSet(data.edges);
  const container = document.getElementById("graph");
  const network = new vis.Network(container, { nodes: nodes, edges: edges }, data.options);
  window.kgNetwork = network;
  const physics = document.getElementById("physics");
  physics.checked = data.options.physics.enabled;
  if (data.options.physics.enabled) {
    network.once("stabilizationIterationsDone", function () { window.kgStabilized = true; });
  } else {
    window.kgStabilized = true;
  }
  network.once("afterDrawing", function () { window.kgDrawn = true; });
  const hidden = new Set();
  const counts = {};
  data.nodes.forEach(function (n) { counts[n.cls] = (counts[n.cls] || 0) + 1; });
  document.getElementById("counts").textContent =
    data.nodes.length + " nodes, " + data.edges.length + " links";
  document.getElementById("notice").textContent = data.notice;
  const legend = document.getElementById("legend");
  data.legend.forEach(function (item) {
    if (!counts[item.cls]) { return; }
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox"; box.checked = true; box.dataset.cls = item.cls;
    const swatch = document.createElement("span");
    swatch.className = "swatch"; swatch.style.background = item.color;
    const text = document.createElement("span");
    text.textContent = item.label + " (" + counts[item.cls] + ")";
    label.append(box, swatch, text);
    legend.appendChild(label);
    box.addEventListener("change", function () {
      if (box.checked) { hidden.delete(item.cls); } else { hidden.add(item.cls); }
      nodes.update(data.nodes.filter(function (n) { return n.cls === item.cls; })
        .map(function (n) { return { id: n.id, hidden: hidden.has(n.cls) }; }));
    });
  });
  physics.addEventListener("change", function () {
    network.setOptions({ physics: { enabled: physics.checked } });
  });
  document.getElementById("search").addEventListener("input", function (e) {
    const q = e.target.value.trim().toLowerCase();
    if (!q) { network.unselectAll(); return; }
    const found = data.nodes.filter(function (n) {
      return !hidden.has(n.cls) && n.title.toLowerCase().indexOf(q) >= 0;
    }).map(function (n) { return n.id; });
    network.selectNodes(found);
    if (found.length) { network.fit({ nodes: found, animation: false }); }
  });
  const details = document.getElementById("details");
  const link = document.getElementById("doi-link");
  network.on("click", function (params) {
    if (!params.nodes.length) { details.style.display = "none"; return; }
    const n = nodes.get(params.nodes[0]);
    document.getElementById("details-text").textContent = n.title;
    if (n.doi) {
      link.href = "https://doi.org/" + encodeURI(n.doi);
      link.textContent = "Open the paper: doi.org/" + n.doi;
      link.style.display = "block";
    } else { link.style.display = "none"; link.removeAttribute("href"); }
    details.style.display = "block";
  });
})();
</script>
</body>
</html>
"""


def _json_for_script(value: object) -> str:
    """JSON that cannot end its <script> element or open a comment."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def render(net: Network, page: PageGraph | None = None, options: HtmlOptions | None = None) -> str:
    from jinja2 import Environment, select_autoescape

    options = options or HtmlOptions()
    physics = len(net.nodes) <= PHYSICS_LIMIT
    vis_options = {
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
    data = {
        "nodes": net.nodes,
        "edges": net.edges,
        "options": vis_options,
        "notice": page.notice if page else "",
        "legend": [{"cls": k, "label": v[0], "color": v[1]} for k, v in STYLE.items()],
    }
    env = Environment(autoescape=select_autoescape(default=True, default_for_string=True))
    return env.from_string(_TEMPLATE).render(
        title=options.title,
        version=__version__,
        vis_css=_vis_file("vis-network.css"),
        vis_js=_vis_file("vis-network.min.js"),
        data=_json_for_script(data),
    )


DRAWING_LIBRARIES = ("pyvis", "networkx", "jinja2", "numpy")  # what draws and lays out a page


def prepare() -> None:
    """Import the drawing libraries (networkx, numpy, pyvis, jinja2) now: they load only
    when a page is drawn, and a caller may load them while it does something else."""
    import jinja2  # noqa: F401
    import networkx  # noqa: F401
    import pyvis.network  # noqa: F401

    from . import layout  # noqa: F401  (numpy)


def write_html(graph: rdflib.Graph, path: str | Path, options: HtmlOptions | None = None) -> Path:
    """Write the interactive page for ``graph`` to ``path`` (atomically)."""
    options = options or HtmlOptions()
    page = page_graph(graph, options)
    return atomic_write_text(path, render(to_network(page, options), page, options))


# --- other tools ------------------------------------------------------------------------------


def _flat(g: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """The view with plain attributes (GraphML and GEXF take no lists or dicts)."""
    import networkx as nx

    flat = nx.MultiDiGraph()
    for v in sorted(g.nodes):
        d = g.nodes[v]
        flat.add_node(v, label=d["label"], kind=d["cls"], description=_tooltip(v, d))
    for s, o, key in sorted(g.edges(keys=True)):
        flat.add_edge(s, o, key=key, relation=key, weight=g.edges[s, o, key].get("weight", 1))
    return flat


def write_graphml(page: PageGraph, path: str | Path) -> Path:
    """GraphML for Cytoscape, Gephi and other graph tools."""
    import networkx as nx

    text = "\n".join(nx.generate_graphml(_flat(page.graph))) + "\n"
    return atomic_write_text(path, text)


def write_gexf(page: PageGraph, path: str | Path) -> Path:
    """GEXF for Gephi (without its "last modified" date, so that builds stay identical)."""
    import networkx as nx

    lines = [
        re.sub(r'\s*lastmodifieddate="[^"]*"', "", line)
        for line in nx.generate_gexf(_flat(page.graph))
    ]
    return atomic_write(path, lambda tmp: tmp.write_text("\n".join(lines) + "\n", encoding="utf-8"))
