"""Compact JSON-LD: one node object per subject, IRIs as prefixed names of the context.

Written by kg (rdflib's JSON-LD writer is slow on large graphs): the graph has
no blank nodes and only IRIs and literals, so compacting is a prefix lookup.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

import pyoxigraph as ox

from ..rdf.statements import turtle_prefixes
from ..rdf.vocab import RDF, XSD, prefixes

_RDF_TYPE = str(RDF.type)
_XSD_STRING = str(XSD.string)


def jsonld_context(base: str) -> dict[str, object]:
    """The JSON-LD context of kg's output: its prefixes (also written as ``context.jsonld``)."""
    return {"@context": turtle_prefixes(base)}


def jsonld(items: Iterable[ox.Triple | ox.Quad], base: str) -> bytes:
    """The triples of ``items`` as a compact JSON-LD document."""
    table = sorted(prefixes(base).items(), key=lambda kv: len(kv[1]), reverse=True)

    def curie(iri: str) -> str:
        for name, ns in table:
            if iri.startswith(ns) and len(iri) > len(ns) and not iri[len(ns) :].startswith("/"):
                return f"{name}:{iri[len(ns) :]}"
        return iri

    nodes: dict[str, dict[str, list[object] | str]] = {}
    for t in items:
        if not isinstance(t.subject, ox.NamedNode):
            continue  # kg writes no blank nodes
        node = nodes.setdefault(t.subject.value, {"@id": curie(t.subject.value)})
        p, o = t.predicate.value, t.object
        values: list[object]
        if p == _RDF_TYPE and isinstance(o, ox.NamedNode):
            values = node.setdefault("@type", [])  # type: ignore[assignment]
            values.append(curie(o.value))
            continue
        if isinstance(o, ox.NamedNode):
            value: dict[str, str] = {"@id": curie(o.value)}
        elif isinstance(o, ox.Literal) and o.language:
            value = {"@value": o.value, "@language": o.language}
        elif isinstance(o, ox.Literal) and o.datatype.value == _XSD_STRING:
            value = {"@value": o.value}
        elif isinstance(o, ox.Literal):
            value = {"@value": o.value, "@type": curie(o.datatype.value)}
        else:
            continue  # kg writes no blank nodes
        values = node.setdefault(curie(p), [])  # type: ignore[assignment]
        values.append(value)
    document = {**jsonld_context(base), "@graph": [nodes[k] for k in sorted(nodes)]}
    return (json.dumps(document, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode()
