"""The graph as users of the Python API get it: an ``rdflib.Graph`` backed by Oxigraph.

:class:`OxigraphGraph` is an ``rdflib.Graph`` stored in a pyoxigraph
``Store`` (through oxrdflib's store, given the ``Store`` kg made), so kg's
queries run on Oxigraph and users keep rdflib's API. :func:`load` reads a graph
file kg wrote; :func:`plain_copy` makes the rdflib-only copy that rdflib's
SPARQL engine and pySHACL need.
"""

from __future__ import annotations

from pathlib import Path

import pyoxigraph as ox
import rdflib
from rdflib.graph import DATASET_DEFAULT_GRAPH_ID

from ..errors import KgError
from .formats import BY_SUFFIX
from .statements import Statements


class OxigraphGraph(rdflib.Graph):
    """An rdflib Graph whose triples live in a pyoxigraph Store (``oxigraph``)."""

    def __init__(self, store: ox.Store | None = None) -> None:
        # imported here: oxrdflib imports rdflib's SPARQL engine (0.1 s), which a build
        # does not need (the SC21 notes, empty cache: see bench/README.md)
        from oxrdflib import OxigraphStore

        self.oxigraph = store if store is not None else ox.Store()
        super().__init__(
            store=OxigraphStore(store=self.oxigraph), identifier=DATASET_DEFAULT_GRAPH_ID
        )


# what kg's page and tables read: an rdflib Graph, or a pyoxigraph Store (no rdflib
# wrapper: oxrdflib need not be imported)
GraphOrStore = rdflib.Graph | ox.Store


def to_store(statements: Statements) -> ox.Store:
    """A pyoxigraph Store in memory holding the union of the named graphs."""
    store = ox.Store()
    store.bulk_load(statements.ntriples(), format=ox.RdfFormat.N_TRIPLES)
    return store


def to_graph(statements: Statements) -> OxigraphGraph:
    """An rdflib Graph, backed by Oxigraph, holding the union of the named graphs."""
    return OxigraphGraph(to_store(statements))


def load(path: str | Path) -> OxigraphGraph:
    """A graph file kg wrote (.ttl, .nt, .trig, .nq, .jsonld) as an Oxigraph-backed rdflib
    Graph: the union of its named graphs."""
    path = Path(path)
    found = BY_SUFFIX.get(path.suffix)
    if found is None:
        known = ", ".join(BY_SUFFIX)
        kind = f"{path.suffix} files" if path.suffix else "a file without a suffix"
        if path.is_dir():
            raise KgError(f"{path}: a folder with no kg store in it; give a graph file ({known})")
        raise KgError(f"{path}: kg cannot load {kind}; use {known}")
    rdf_format = found.oxigraph
    graph = OxigraphGraph()
    try:
        if rdf_format.supports_datasets:  # the union of the named graphs, as one graph
            quads = ox.parse(path=str(path), format=rdf_format)
            graph.oxigraph.bulk_extend(ox.Quad(q.subject, q.predicate, q.object) for q in quads)
        else:  # loaded by Oxigraph without a Python loop
            graph.oxigraph.bulk_load(path=str(path), format=rdf_format)
    except (OSError, SyntaxError) as exc:
        raise KgError(f"{path}: {exc}") from exc
    return graph


def oxigraph_store(graph: GraphOrStore) -> ox.Store:
    """The Oxigraph store of a graph: itself, its own, or a copy of a plain rdflib graph's
    triples (read through N-Triples)."""
    if isinstance(graph, ox.Store):
        return graph
    if isinstance(graph, OxigraphGraph):
        return graph.oxigraph
    store = ox.Store()
    store.load(graph.serialize(format="nt", encoding="utf-8"), format=ox.RdfFormat.N_TRIPLES)
    return store


def plain_copy(graph: rdflib.Graph) -> rdflib.Graph:
    """A copy in rdflib's own in-memory store (for rdflib's SPARQL engine and pySHACL)."""
    if not isinstance(graph, OxigraphGraph):
        return graph
    plain = rdflib.Graph()
    for s, p, o in graph:
        # "x"^^xsd:string as "x": one term in RDF 1.1 and to Oxigraph, two to rdflib's
        # engine, which would then miss a value a question looks up
        string = isinstance(o, rdflib.Literal) and o.datatype == rdflib.XSD.string
        plain.add((s, p, rdflib.Literal(str(o)) if string else o))
    return plain
