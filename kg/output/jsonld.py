"""Compact JSON-LD with a context a web developer would use.

The context (also written as ``context.jsonld``) holds kg's prefixes and a term for
each property and class the graph uses, named by its local name ("title",
"prefLabel", "Paper") where that name is not shared by two vocabularies, with what
its values are: IRIs (``"@type": "@id"``), one datatype (``"year": 2021``), or
language-tagged text as a language map (``"prefLabel": {"en": …, "zh": …}``). A
value that is alone is not wrapped in an array.

Written by kg (rdflib's JSON-LD writer is slow on large graphs): the graph has no
blank nodes and only IRIs and literals, so compacting is a lookup per statement. The
tests read the file back with rdflib's JSON-LD parser and compare the statements with
the N-Triples.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterable

import pyoxigraph as ox

from ..rdf.statements import turtle_prefixes
from ..rdf.vocab import RDF, XSD

_RDF_TYPE = str(RDF.type)
_XSD_STRING = str(XSD.string)
# datatypes whose values JSON holds as they are: numbers and booleans
_NATIVE = {str(XSD.integer): int, str(XSD.boolean): bool}
_KEYWORDS = {"id", "type", "graph", "context"}


def _local(iri: str) -> str:
    return re.split(r"[#/]", iri)[-1]


def _curie(iri: str, names: dict[str, str]) -> str:
    """A prefixed name for a property or class that has no term of its own."""
    for name, ns in sorted(names.items(), key=lambda kv: -len(kv[1])):
        rest = iri[len(ns) :]
        if iri.startswith(ns) and rest and re.fullmatch(r"[A-Za-z_][\w.-]*", rest):
            return f"{name}:{rest}"
    return iri


def jsonld_context(items: Iterable[ox.Triple | ox.Quad], base: str) -> dict[str, object]:
    """The JSON-LD context for these statements: kg's prefixes, then a term for each
    property and class (see the module's documentation)."""
    names = turtle_prefixes(base)
    kinds: dict[str, set[str]] = defaultdict(set)  # property -> kinds of its values
    classes: set[str] = set()
    for t in items:
        p, o = t.predicate.value, t.object
        if p == _RDF_TYPE and isinstance(o, ox.NamedNode):
            classes.add(o.value)
        elif isinstance(o, ox.NamedNode):
            kinds[p].add("@id")
        elif isinstance(o, ox.Literal):
            kinds[p].add("@language" if o.language else o.datatype.value)
    context: dict[str, object] = {"id": "@id", "type": "@type", **names}
    by_name: dict[str, list[str]] = defaultdict(list)
    for iri in [*kinds, *classes]:
        by_name[_local(iri)].append(iri)
    for name, iris in sorted(by_name.items()):
        if len(set(iris)) > 1 or name in names or name in _KEYWORDS or not name:
            continue  # two vocabularies' "affiliation": each keeps its prefixed name
        iri = iris[0]
        if iri in classes:
            context[name] = iri
            continue
        found = kinds[iri]
        if found == {"@id"}:
            context[name] = {"@id": iri, "@type": "@id"}
        elif found == {"@language"}:
            context[name] = {"@id": iri, "@container": "@language"}
        elif len(found) == 1 and found != {_XSD_STRING}:
            context[name] = {"@id": iri, "@type": next(iter(found))}
        else:
            context[name] = {"@id": iri}
    return {"@context": context}


def jsonld(
    statements: list[ox.Triple] | list[ox.Quad],
    base: str,
    context: dict[str, object] | None = None,
) -> bytes:
    """The statements as a compact JSON-LD document, with their :func:`jsonld_context`
    (given, when the caller has made it already)."""
    if context is None:
        made: dict[str, object] = jsonld_context(statements, base)["@context"]  # type: ignore[assignment]
        context = made
    names = turtle_prefixes(base)
    term: dict[str, tuple[str, dict[str, str]]] = {}  # IRI -> (term, its definition)
    for name, definition in context.items():
        if isinstance(definition, dict):
            term[definition["@id"]] = (name, definition)
        elif isinstance(definition, str) and not definition.startswith("@"):
            term[definition] = (name, {"@id": definition})
    nodes: dict[str, dict[str, object]] = {}
    for t in statements:
        if not isinstance(t.subject, ox.NamedNode):
            continue  # kg writes no blank nodes
        node = nodes.setdefault(t.subject.value, {"id": t.subject.value})
        p, o = t.predicate.value, t.object
        if p == _RDF_TYPE and isinstance(o, ox.NamedNode):
            _add(node, "type", term.get(o.value, (_curie(o.value, names), {}))[0])
            continue
        name, definition = term.get(p, (_curie(p, names), {"@id": p}))
        coerced = definition.get("@type")
        if definition.get("@container") == "@language" and isinstance(o, ox.Literal):
            languages = node.setdefault(name, {})
            if isinstance(languages, dict):
                _add(languages, o.language or "@none", o.value)
        elif isinstance(o, ox.NamedNode):
            _add(node, name, o.value if coerced == "@id" else {"@id": o.value})
        elif isinstance(o, ox.Literal):
            _add(node, name, _literal(o, coerced))
    document = {"@context": context, "@graph": [nodes[k] for k in sorted(nodes)]}
    return (json.dumps(document, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode()


def _literal(o: ox.Literal, coerced: str | None) -> object:
    datatype = o.datatype.value
    if o.language:
        return {"@value": o.value, "@language": o.language}
    if coerced == datatype:
        native = _NATIVE.get(datatype)
        if native is int and re.fullmatch(r"-?[1-9]\d*|0", o.value):
            return int(o.value)
        if native is bool and o.value in ("true", "false"):
            return o.value == "true"
        if native is None:
            return o.value
    if datatype == _XSD_STRING:
        return o.value if coerced is None else {"@value": o.value, "@type": datatype}
    return {"@value": o.value, "@type": datatype}


def _add(node: dict[str, object], key: str, value: object) -> None:
    """A value alone, several in a sorted array (so that the same graph gives the same
    bytes whatever the order of its statements)."""
    if key not in node:
        node[key] = value
        return
    held = node[key]
    values = held if isinstance(held, list) else [held]
    values.append(value)
    values.sort(key=lambda v: json.dumps(v, ensure_ascii=False, sort_keys=True))
    node[key] = values
