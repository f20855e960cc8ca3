"""Step 4b: graph -> ``graph.html``, an interactive picture of the graph.

The RDF graph becomes a networkx graph (one node per paper, session,
institution, technique, claim ...), which fills a pyvis network (its node
and edge lists directly: ``from_nx`` is quadratic). The page is rendered
with kg's own template: vis-network's JavaScript and CSS are inlined from
the pyvis package, so the page needs no network, and everything taken from
the notes goes into the page as JSON data shown with ``textContent``, never
as HTML.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

import networkx as nx
import rdflib
from jinja2 import Environment, select_autoescape
from pyvis.network import Network

from . import __version__
from .query import query
from .store import atomic_write_text
from .vocab import KG

# class -> (legend label, colour, shape)
STYLE: dict[str, tuple[str, str, str]] = {
    "Conference": ("Conference", "#6d4c41", "star"),
    "Session": ("Session", "#8e24aa", "diamond"),
    "Paper": ("Paper", "#1e88e5", "dot"),
    "Institution": ("Institution", "#43a047", "square"),
    "Person": ("Person", "#00897b", "triangle"),
    "Country": ("Country", "#7cb342", "triangleDown"),
    "Technique": ("Technique", "#fb8c00", "hexagon"),
    "Metric": ("Claim", "#e53935", "dot"),
    "System": ("System", "#3949ab", "box"),
    "Library": ("Library", "#5c6bc0", "box"),
    "Hardware": ("Hardware", "#546e7a", "box"),
    "Platform": ("Platform", "#78909c", "box"),
    "Dataset": ("Dataset", "#c0ca33", "ellipse"),
    "Model": ("Model", "#f4511e", "ellipse"),
    "Benchmark": ("Benchmark", "#8d6e63", "ellipse"),
}

_NODES = """
PREFIX kg: <https://w3id.org/kg/ontology#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?node ?class ?label WHERE {
  ?node a ?class ; rdfs:label ?label .
  FILTER(STRSTARTS(STR(?class), STR(kg:)))
}
"""
_EDGES = """
PREFIX kg: <https://w3id.org/kg/ontology#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
SELECT ?s ?p ?o WHERE {
  VALUES ?p { kg:conference kg:session kg:affiliation kg:person kg:country kg:technique
              kg:presents kg:comparesWith kg:mentions kg:claim kg:baseline skos:broader }
  ?s ?p ?o .
}
"""
_FACTS = """
PREFIX kg: <https://w3id.org/kg/ontology#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX bibo: <http://purl.org/ontology/bibo/>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
SELECT ?node ?key ?value WHERE {
  { ?node bibo:doi ?value . BIND("DOI" AS ?key) }
  UNION { ?node kg:session/rdfs:label ?value . BIND("Session" AS ?key) }
  UNION { ?node kg:affiliation/rdfs:label ?value . BIND("Institution" AS ?key) }
  UNION { ?node kg:claim/rdfs:label ?value . BIND("Claim" AS ?key) }
  UNION { ?node kg:country/rdfs:label ?value . BIND("Country" AS ?key) }
  UNION { ?node skos:prefLabel ?value . FILTER(LANG(?value) = "zh") BIND("中文" AS ?key) }
  UNION { ?node kg:baseline/rdfs:label ?value . BIND("Baseline" AS ?key) }
  UNION { ?node kg:sourceSentence ?value . BIND("Sentence" AS ?key) }
  UNION { ?node kg:resolved false . BIND("Registry" AS ?key) BIND("not in the registry" AS ?value) }
}
"""
_FACT_ORDER = [
    "DOI",
    "Session",
    "Institution",
    "Country",
    "中文",
    "Claim",
    "Baseline",
    "Sentence",
    "Registry",
]


@dataclass(frozen=True)
class HtmlOptions:
    title: str = "kg: knowledge graph of paper notes"
    height: str = "100vh"
    max_label: int = 40


def to_networkx(graph: rdflib.Graph) -> nx.MultiDiGraph:
    """The graph's kg-typed resources and the links between them."""
    g = nx.MultiDiGraph()
    classes: dict[str, str] = {}
    for row in query(graph, _NODES):
        node, cls, label = str(row[0]), str(row[1]).rsplit("#", 1)[-1], str(row[2])
        if cls not in STYLE:
            continue
        # a node with several kg classes keeps the first in STYLE order, and its least label
        if node in classes:
            rank = list(STYLE).index
            if (rank(classes[node]), g.nodes[node]["label"]) <= (rank(cls), label):
                continue
        classes[node] = cls
        g.add_node(node, cls=cls, label=label, facts={})
    for row in query(graph, _FACTS):
        node = str(row[0])
        if node in g:
            g.nodes[node]["facts"].setdefault(str(row[1]), []).append(str(row[2]))
    for s, p, o in query(graph, _EDGES):
        s, o = str(s), str(o)
        if s in g and o in g:
            g.add_edge(s, o, key=str(p).rsplit("#", 1)[-1].rsplit("/", 1)[-1])
    return g


def _tooltip(node: str, data: dict) -> str:
    lines = [data["label"], f"[{STYLE[data['cls']][0]}]"]
    for key in _FACT_ORDER:
        values = sorted(set(data["facts"].get(key, [])))
        if values:
            shown = values[:8] + ([f"... {len(values) - 8} more"] if len(values) > 8 else [])
            lines.append(f"{key}: " + "; ".join(shown))
    lines.append(node)
    return "\n".join(lines)


def to_network(g: nx.MultiDiGraph, options: HtmlOptions | None = None) -> Network:
    """A pyvis network, its node and edge lists filled directly (``from_nx`` is quadratic)."""
    options = options or HtmlOptions()
    net = Network(height=options.height, width="100%", directed=True, cdn_resources="in_line")
    for node in sorted(g.nodes):
        data = g.nodes[node]
        _label, colour, shape = STYLE[data["cls"]]
        text = data["label"]
        short = text if len(text) <= options.max_label else text[: options.max_label - 1] + "…"
        degree = g.degree(node)
        net.nodes.append(
            {
                "id": node,
                "label": short,
                "title": _tooltip(node, data),
                "cls": data["cls"],
                "color": colour,
                "shape": shape,
                "size": 10 + min(degree, 30),
                "doi": (data["facts"].get("DOI") or [""])[0],
            }
        )
        net.node_ids.append(node)
        net.node_map[node] = net.nodes[-1]
    for s, o, key in sorted(g.edges(keys=True)):
        net.edges.append({"from": s, "to": o, "title": key, "arrows": "to"})
    return net


_VIS_DIR = files("pyvis") / "templates" / "lib" / "vis-9.1.2"

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
  #graph { position: absolute; inset: 0; background: #fafafa; }
  #panel { position: absolute; top: 8px; left: 8px; z-index: 2; background: rgba(255,255,255,.94);
           border: 1px solid #ddd; border-radius: 6px; padding: 8px 10px; max-width: 270px; font-size: 13px;
           box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  #panel h1 { font-size: 15px; margin: 0 0 6px; }
  #panel input[type=search] { width: 100%; box-sizing: border-box; margin-bottom: 6px; }
  #legend label { display: flex; align-items: center; gap: 6px; cursor: pointer; }
  .swatch { width: 12px; height: 12px; border-radius: 2px; display: inline-block; }
  #details { position: absolute; right: 8px; top: 8px; z-index: 2; max-width: 380px; max-height: 80vh;
             overflow: auto; background: rgba(255,255,255,.96); border: 1px solid #ddd; border-radius: 6px;
             padding: 8px 10px; font-size: 13px; white-space: pre-wrap; display: none; }
  #details a { display: block; margin-top: 6px; }
  .count { color: #777; }
  div.vis-tooltip { white-space: pre-wrap; max-width: 420px; font-family: inherit; }
</style>
</head>
<body>
<div id="graph"></div>
<div id="panel">
  <h1>{{ title }}</h1>
  <div class="count" id="counts"></div>
  <input id="search" type="search" placeholder="Search labels…" aria-label="Search">
  <div id="legend"></div>
  <label><input id="physics" type="checkbox" checked> physics</label>
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
  network.once("stabilizationIterationsDone", function () { window.kgStabilized = true; });
  const hidden = new Set();
  const counts = {};
  data.nodes.forEach(function (n) { counts[n.cls] = (counts[n.cls] || 0) + 1; });
  document.getElementById("counts").textContent =
    data.nodes.length + " nodes, " + data.edges.length + " links";
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
      nodes.update(data.nodes.map(function (n) { return { id: n.id, hidden: hidden.has(n.cls) }; }));
    });
  });
  document.getElementById("physics").addEventListener("change", function (e) {
    network.setOptions({ physics: { enabled: e.target.checked } });
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
      link.textContent = "Open DOI " + n.doi;
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


def render(net: Network, options: HtmlOptions | None = None) -> str:
    options = options or HtmlOptions()
    vis_options = {
        "physics": {
            "solver": "forceAtlas2Based",
            "forceAtlas2Based": {"gravitationalConstant": -60, "springLength": 90},
            "stabilization": {"enabled": True, "iterations": 400, "fit": True},
        },
        "interaction": {"hover": True, "tooltipDelay": 120, "navigationButtons": False},
        "nodes": {"font": {"size": 13}},
        "edges": {"color": {"opacity": 0.45}, "smooth": False},
    }
    data = {
        "nodes": net.nodes,
        "edges": net.edges,
        "options": vis_options,
        "legend": [{"cls": k, "label": v[0], "color": v[1]} for k, v in STYLE.items()],
    }
    env = Environment(autoescape=select_autoescape(default=True, default_for_string=True))
    return env.from_string(_TEMPLATE).render(
        title=options.title,
        version=__version__,
        vis_css=(_VIS_DIR / "vis-network.css").read_text(encoding="utf-8"),
        vis_js=(_VIS_DIR / "vis-network.min.js").read_text(encoding="utf-8"),
        data=_json_for_script(data),
    )


def write_html(graph: rdflib.Graph, path: str | Path, options: HtmlOptions | None = None) -> Path:
    """Write the interactive page for ``graph`` to ``path`` (atomically)."""
    net = to_network(to_networkx(graph), options)
    return atomic_write_text(path, render(net, options))


_ = KG
