"""The views of the graph a page can show, as networkx graphs.

The RDF graph becomes a networkx graph for the chosen view: everything, the
papers, an institution-technique map, the technique map, or the neighbourhood
of one node. Large graphs open on an aggregated view so that the page is usable
at once: ``view="auto"`` shows everything up to ``AUTO_FULL_PAPERS`` papers, and
the institution-technique map beyond (computed with aggregate queries, so it
costs little even for 100,000 papers).
"""

from __future__ import annotations

import re
from collections import defaultdict

import networkx as nx
import rdflib

from ..errors import KgError
from ..query import values
from ..tables import table
from .options import AUTO_FULL_PAPERS, DEFAULT_MAX_NODES, VIEWS, HtmlOptions, PageGraph

# class -> (legend label, colour, shape)
STYLE: dict[str, tuple[str, str, str]] = {
    "Conference": ("Conference", "#6d4c41", "star"),
    "Session": ("Session", "#8e24aa", "diamond"),
    "Paper": ("Paper", "#1e88e5", "box"),
    "Institution": ("Institution", "#2e7d32", "square"),
    "Person": ("Person", "#00897b", "triangle"),
    "Country": ("Country", "#9e9d24", "triangleDown"),
    "Technique": ("Technique", "#ef6c00", "dot"),
    "Metric": ("Claim", "#e53935", "dot"),
    "System": ("System", "#3949ab", "hexagon"),
    "Library": ("Library", "#5c6bc0", "hexagon"),
    "Hardware": ("Hardware", "#546e7a", "square"),
    "Platform": ("Platform", "#78909c", "square"),
    "Dataset": ("Dataset", "#afb42b", "ellipse"),
    "Model": ("Model", "#d84315", "ellipse"),
    "Benchmark": ("Benchmark", "#8d6e63", "ellipse"),
}
RANK = {cls: i for i, cls in enumerate(STYLE)}

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
  UNION { ?node kg:claim/rdfs:label ?value . BIND("Claims" AS ?key) }
  UNION { ?node kg:technique/rdfs:label ?value . BIND("Techniques" AS ?key) }
  UNION { ?node kg:country/rdfs:label ?value . BIND("Country" AS ?key) }
  UNION { ?node skos:prefLabel ?value . FILTER(LANG(?value) = "zh") BIND("中文" AS ?key) }
  UNION { ?node kg:baseline/rdfs:label ?value . BIND("Baseline" AS ?key) }
  UNION { ?node kg:baselineText ?value . BIND("Baseline" AS ?key) }
  UNION { ?node kg:sourceSentence ?value . BIND("Sentence" AS ?key) }
  UNION { ?node skos:broader/rdfs:label ?value . BIND("Broader" AS ?key) }
  UNION { ?p kg:affiliation|kg:technique|kg:presents|kg:comparesWith|kg:mentions|kg:person
             |kg:session ?node ; dcterms:title ?value . BIND("Papers" AS ?key) }
  UNION { ?node kg:paper/dcterms:title ?value . BIND("Paper" AS ?key) }
  UNION { ?node dcterms:abstract ?value . BIND("Abstract" AS ?key) }
  UNION { ?p kg:session ?node ; kg:claim/rdfs:label ?value . BIND("Results" AS ?key) }
  UNION { ?node kg:resolved false .
          BIND("Registry" AS ?key) BIND("not in kg's registry" AS ?value) }
}
"""
FACT_ORDER = [
    "Paper",
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
    "Results",
    "Abstract",
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


# --- from RDF to networkx ----------------------------------------------------------------


def to_networkx(graph: rdflib.Graph) -> nx.MultiDiGraph:
    """Every kg-typed resource of the graph and the links between them."""
    g = nx.MultiDiGraph()
    for row in values(graph, _NODES):
        node, cls, label = str(row[0]), str(row[1]).rsplit("#", 1)[-1], str(row[2])
        if cls not in STYLE:
            continue
        # several kg classes or labels: keep the first class, the least label
        if node in g and (RANK[g.nodes[node]["cls"]], g.nodes[node]["label"]) <= (
            RANK[cls],
            label,
        ):
            continue
        g.add_node(node, cls=cls, label=label, facts={})
    for row in values(graph, _FACTS):
        node = str(row[0])
        if node in g:
            g.nodes[node]["facts"].setdefault(str(row[1]), []).append(str(row[2]))
    for subject, predicate, obj in values(graph, _EDGES):
        s, o = str(subject), str(obj)
        if s in g and o in g:
            g.add_edge(s, o, key=re.split(r"[#/]", str(predicate))[-1])
    return g


def institution_map(graph: rdflib.Graph, max_nodes: int = DEFAULT_MAX_NODES) -> PageGraph:
    """Institutions, the techniques their papers use and their countries, counted in papers.

    Computed with aggregate queries, so it costs little even for 100,000 papers.
    """
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


def page_graph(graph: rdflib.Graph, options: HtmlOptions) -> PageGraph:
    """The networkx graph the page will show, and the rows of its claims tab (none on the
    institution-technique map of a large corpus: ``kg table claims`` lists them)."""
    if options.view not in VIEWS:
        raise KgError(f"unknown view {options.view!r}; choose from {', '.join(VIEWS)}")
    view = options.view
    if view == "auto":
        papers = int(values(graph, _PAPER_COUNT)[0][0])  # type: ignore[arg-type]
        view = "full" if papers <= AUTO_FULL_PAPERS or options.focus else "institutions"
    if view == "institutions" and not options.focus:
        return institution_map(graph, options.max_nodes)
    page = _detail(graph, options, view)
    page.claims = table(graph, "claims")
    return page


def _detail(graph: rdflib.Graph, options: HtmlOptions, view: str) -> PageGraph:
    """Every node of the view's classes, or the neighbourhood of the focus."""
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
    found: str = min(matches, key=lambda v: (RANK[g.nodes[v]["cls"]], len(g.nodes[v]["label"]), v))
    return found
