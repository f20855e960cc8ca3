"""Step 3: what kg understood, as RDF.

- :mod:`.terms`: RDF terms as typed values, written in N-Triples syntax here only;
- :mod:`.vocab`: the vocabularies kg uses, and its own (``KG``, checked against
  ``ontology/kg.ttl``);
- :mod:`.iris`: where each kind of thing lives under the base IRI;
- :mod:`.knowledge`: :class:`~kg.records.Knowledge` -> statements, one named graph per
  notes file and one for the shared descriptions;
- :mod:`.statements`: the statements, kept as N-Triples text, and the union in each
  format;
- :mod:`.void`: the VoID/DCAT description of the dataset;
- :mod:`.graph`: an rdflib Graph backed by Oxigraph, and reading graph files back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import exports

if TYPE_CHECKING:
    from .graph import OxigraphGraph, load, to_graph, to_store
    from .iris import Iris, check_base
    from .knowledge import file_statements, lexicon_statements, to_statements
    from .statements import GraphPart, Statements
    from .void import describe

__all__ = [
    "GraphPart",
    "Iris",
    "OxigraphGraph",
    "Statements",
    "check_base",
    "describe",
    "file_statements",
    "lexicon_statements",
    "load",
    "to_graph",
    "to_statements",
    "to_store",
]

# imported on first use (PEP 562): a question on the store needs none of rdflib
_HOMES = {
    "OxigraphGraph": "graph",
    "load": "graph",
    "to_graph": "graph",
    "to_store": "graph",
    "Iris": "iris",
    "check_base": "iris",
    "file_statements": "knowledge",
    "lexicon_statements": "knowledge",
    "to_statements": "knowledge",
    "GraphPart": "statements",
    "Statements": "statements",
    "describe": "void",
}


__getattr__ = exports(__name__, _HOMES)
