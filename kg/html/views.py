"""The views of the graph a page can show, as networkx graphs.

The RDF graph becomes a networkx graph for the chosen view: everything, the
papers, the technique map, the overview, or the neighbourhood of one node. Large
graphs open on the overview so that the page is usable at once: ``view="auto"``
shows everything up to ``AUTO_FULL_PAPERS`` papers, and beyond the groups of
papers (sessions, institutions, techniques, countries) with most papers; the
page's index of papers (:func:`paper_index`) lets its filters draw any group's
papers.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import TYPE_CHECKING

import networkx as nx

from ..errors import KgError
from ..query import values
from ..tables import table
from ..text import fold
from .options import (
    AUTO_FULL_PAPERS,
    DEFAULT_MAX_NODES,
    FACETS,
    VIEWS,
    HtmlOptions,
    IndexedPaper,
    PageGraph,
    PaperIndex,
)

if TYPE_CHECKING:
    from ..rdf.graph import GraphOrStore

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
    "Method": ("Method", "#fb8c00", "hexagon"),
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
              kg:topic kg:presents kg:comparesWith kg:mentions kg:claim kg:baseline skos:broader
              kg:instanceOf }
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
  UNION { ?node kg:topic/rdfs:label ?value . BIND("Topics" AS ?key) }
  UNION { ?node kg:country/rdfs:label ?value . BIND("Country" AS ?key) }
  UNION { ?node skos:prefLabel ?value . FILTER(LANG(?value) = "zh") BIND("中文" AS ?key) }
  UNION { ?node kg:baseline/rdfs:label ?value . BIND("Baseline" AS ?key) }
  UNION { ?node kg:baselineText ?value . BIND("Baseline" AS ?key) }
  UNION { ?node kg:sourceSentence ?value . BIND("Sentence" AS ?key) }
  UNION { ?node skos:broader/rdfs:label ?value . BIND("Broader" AS ?key) }
  UNION { ?p kg:affiliation|kg:technique|kg:topic|kg:presents|kg:comparesWith|kg:mentions
             |kg:person|kg:session ?node ; dcterms:title ?value . BIND("Papers" AS ?key) }
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
    "Countries",
    "Sessions",
    "中文",
    "Techniques",
    "Topics",
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
# the page's index of papers: titles, claims, and what each can be filtered by
_INDEX_PAPERS = """
SELECT ?p ?title ?doi WHERE {
  ?p a kg:Paper ; dcterms:title ?title . OPTIONAL { ?p bibo:doi ?doi }
}
"""
_INDEX_LINKS = """
SELECT ?p ?kind ?x ?label WHERE {
  ?p a kg:Paper .
  { ?p kg:session ?x . BIND("session" AS ?kind) }
  UNION { ?p kg:conference ?x . BIND("conference" AS ?kind) }
  UNION { ?p kg:affiliation ?x . BIND("institution" AS ?kind) }
  UNION { ?p kg:affiliation/kg:country ?x . BIND("country" AS ?kind) }
  UNION { ?p kg:country ?x . BIND("country" AS ?kind) }
  UNION { ?p kg:technique|kg:topic ?x . BIND("technique" AS ?kind) }
  UNION { ?p kg:presents ?x . BIND("system" AS ?kind) }
  UNION { ?x kg:paper ?p . BIND("claim" AS ?kind) }
  ?x rdfs:label ?label .
}
"""
_INDEX_YEARS = "SELECT ?p ?year WHERE { ?p a kg:Paper ; kg:conference/kg:year ?year }"
SHORT_LABEL = 24  # characters of a paper's short label

# --- from RDF to networkx ----------------------------------------------------------------


def to_networkx(graph: GraphOrStore) -> nx.MultiDiGraph:
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


def short_title(title: str, systems: list[str]) -> str:
    """What a paper is called on the picture: the systems it presents, else the start of
    its title, cut at a word ("Chimera", "Parallel construction of…")."""
    text = " / ".join(sorted(systems)) or title.split(":")[0]
    if len(text) <= SHORT_LABEL:
        return text
    head = text[: SHORT_LABEL - 1]
    cut = head.rsplit(" ", 1)[0] if " " in head else ""
    return (cut or head).rstrip(" ,;-/") + "…"


def paper_index(graph: GraphOrStore) -> PaperIndex:
    """Every paper with its title, short label, DOI, claims and facets (the page's filters),
    from three queries."""
    titles: dict[str, tuple[str, str]] = {}
    for p, title, doi in values(graph, _INDEX_PAPERS):
        if p is not None and title is not None:
            pair = (title, doi or "")
            titles[p] = min(titles.get(p, pair), pair)  # several: the least, stable
    links: dict[str, dict[str, set[tuple[str, str]]]] = defaultdict(lambda: defaultdict(set))
    for p, kind, x, label in values(graph, _INDEX_LINKS):
        if p in titles and kind is not None and x is not None and label is not None:
            links[p][kind].add((x, label))
    for p, year in values(graph, _INDEX_YEARS):
        if p in titles and year is not None:
            links[p]["year"].add((year, year))
    labels: dict[str, dict[str, str]] = {kind: {} for kind in FACETS}
    for linked in links.values():
        for kind in FACETS:
            for x, label in linked.get(kind, ()):
                labels[kind][x] = min(labels[kind].get(x, label), label)
    # sessions of the same name at several conferences are told apart by the conference
    named: Counter[str] = Counter(labels["session"].values())
    for linked in links.values():
        for x, label in linked.get("session", ()):
            if named[label] > 1:
                held = sorted(c for _, c in linked.get("conference", ()))
                if held:
                    labels["session"][x] = f"{label} ({held[0]})"
    order = {
        kind: sorted(labels[kind].items(), key=lambda item: (fold(item[1]), item[0]))
        for kind in FACETS
    }
    where = {kind: {x: i for i, (x, _) in enumerate(order[kind])} for kind in FACETS}
    papers = []
    for p in sorted(titles, key=lambda p: (fold(titles[p][0]), p)):
        mine = links.get(p, {})
        title, doi = titles[p]
        papers.append(
            IndexedPaper(
                node=p,
                title=title,
                short=short_title(title, sorted({label for _, label in mine.get("system", ())})),
                doi=doi,
                claims=tuple(sorted({label for _, label in mine.get("claim", ())})),
                facets=tuple(
                    tuple(sorted({where[kind][x] for x, _ in mine.get(kind, ())}))
                    for kind in FACETS
                ),
            )
        )
    return PaperIndex(tuple(tuple(order[kind]) for kind in FACETS), tuple(papers))


# the overview of a large corpus: the groups of papers, each with its number of papers
OVERVIEW = {
    "conference": "Conference",
    "session": "Session",
    "institution": "Institution",
    "technique": "Technique",
    "country": "Country",
}  # facet -> class drawn
# pairs of kinds whose groups are linked by the papers they share (an institution and a
# country are not: a paper of two institutions in two countries would pair them wrongly)
OVERVIEW_LINKS = {
    ("session", "technique"),
    ("institution", "technique"),
    ("country", "technique"),
    ("session", "institution"),
}
PLURAL = {
    "conference": "conferences",
    "session": "sessions",
    "institution": "institutions",
    "technique": "techniques",
    "country": "countries",
}
LINKS_PER_GROUP = 8  # each group's busiest links to other groups


def overview(index: PaperIndex, max_nodes: int = DEFAULT_MAX_NODES) -> PageGraph:
    """The groups of papers (conferences, sessions, institutions, techniques, countries)
    with most papers, each counted in papers, linked to the groups they share papers with.
    Choosing one in the page's filters, or double-clicking it, draws its papers."""
    slot = {kind: FACETS.index(kind) for kind in OVERVIEW}
    counts: dict[str, Counter[int]] = {kind: Counter() for kind in OVERVIEW}
    for paper in index.papers:
        for kind in OVERVIEW:
            counts[kind].update(paper.facets[slot[kind]])
    # one conference: the page's title says which
    kinds = [k for k in OVERVIEW if counts[k] and (k != "conference" or len(counts[k]) > 1)]
    per_kind = max(4, max_nodes // max(1, len(kinds)))
    kept: dict[str, list[int]] = {}
    g = nx.MultiDiGraph()
    for kind in kinds:
        ranked = sorted(counts[kind], key=lambda i: (-counts[kind][i], i))
        kept[kind] = ranked[:per_kind]
        for rank, i in enumerate(kept[kind]):
            node, label = index.facets[slot[kind]][i]
            n = counts[kind][i]
            g.add_node(
                node,
                cls=OVERVIEW[kind],
                label=label,
                weight=n,
                count=n,
                rank=rank,
                facet=[kind, i],
                facts={"Papers": [f"{n} paper(s)"]},
            )
    pairs: Counter[tuple[str, str]] = Counter()
    keep = {kind: set(found) for kind, found in kept.items()}
    for paper in index.papers:
        mine = {
            kind: [index.facets[slot[kind]][i][0] for i in paper.facets[slot[kind]] if i in found]
            for kind, found in keep.items()
        }
        for a, b in OVERVIEW_LINKS:
            for x in mine.get(a, ()):
                for y in mine.get(b, ()):
                    pairs[x, y] += 1
    by_node: dict[str, list[tuple[int, str, str]]] = defaultdict(list)
    for (x, y), n in pairs.items():
        by_node[x].append((n, x, y))
        by_node[y].append((n, x, y))
    chosen: set[tuple[str, str]] = set()
    for found in by_node.values():
        for _, x, y in sorted(found, key=lambda t: (-t[0], t[1], t[2]))[:LINKS_PER_GROUP]:
            chosen.add((x, y))
    for x, y in sorted(chosen):
        n = pairs[x, y]
        g.add_edge(x, y, key="shares", weight=n, title=f"{n} paper(s) in common", hidden=True)
        for a, b in ((x, y), (y, x)):
            key = PLURAL[g.nodes[b]["facet"][0]].capitalize()
            g.nodes[a]["facts"].setdefault(key, []).append(f"{g.nodes[b]['label']} ({n})")
    g.graph["totals"] = {kind: len(counts[kind]) for kind in kept}
    shown = {kind: len(found) for kind, found in kept.items()}
    groups = ", ".join(f"{shown[kind]} of {len(counts[kind]):,} {PLURAL[kind]}" for kind in kept)
    many = ", too many to draw at once" if len(index.papers) > AUTO_FULL_PAPERS else ""
    notice = (
        f"{len(index.papers):,} papers{many}: the groups with most papers ({groups}). "
        "Click a group for its links, double-click it or use the filters to draw its papers."
    )
    return PageGraph(g, notice, index=index, overview=True)


def page_graph(graph: GraphOrStore, options: HtmlOptions) -> PageGraph:
    """The networkx graph the page will show, the rows of its claims tab and the index of
    papers its filters choose among."""
    if options.view not in VIEWS:
        raise KgError(f"unknown view {options.view!r}; choose from {', '.join(VIEWS)}")
    view = options.view
    if view == "auto":
        papers = int(values(graph, _PAPER_COUNT)[0][0])  # type: ignore[arg-type]
        view = "full" if papers <= AUTO_FULL_PAPERS or options.focus else "overview"
    index = paper_index(graph)
    if view == "overview" and not options.focus:
        page = overview(index, options.max_nodes)
    else:
        page = _detail(graph, options, view)
        page.index = index
    page.claims = table(graph, "claims")
    return page


def _detail(graph: GraphOrStore, options: HtmlOptions, view: str) -> PageGraph:
    """Every node of the view's classes, or the neighbourhood of the focus."""
    full = to_networkx(graph)
    classes = {
        "full": set(STYLE),
        "overview": set(STYLE),  # with a focus: its neighbourhood in the full graph
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
