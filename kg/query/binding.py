"""How values reach a query: as RDF terms, never as text a user wrote.

- rdflib's engine takes them as ``initBindings``;
- Oxigraph's engine and SPARQL endpoints get a ``VALUES`` block, each value
  written by rdflib's term serializer (quotes, newlines and backslashes escaped),
  placed first in the query's outer group and in each nested ``SELECT`` that
  mentions the variable (a nested ``SELECT`` does not see the bindings around
  it). Oxigraph 0.5's own ``substitutions`` cannot serve: it binds only variables
  the query projects, and not inside nested ``SELECT``s, where kg's questions
  narrow down first.

Queries are read-only: updates and ``SERVICE`` calls are refused unless allowed
(:func:`check_read_only`, on the query's text with strings, IRIs and comments
blanked out).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from decimal import Decimal
from functools import lru_cache
from typing import Any

from rdflib.term import Identifier, Literal, URIRef

from ..errors import QueryError
from ..rdf.terms import is_absolute_iri

_IRI_AT = re.compile(r"<[^<>\"{}|^`\\\x00-\x20]*>")
_VAR = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_UPDATE = re.compile(
    r"(?<![?$\w:])(INSERT|DELETE|LOAD|CLEAR|CREATE|DROP|COPY|MOVE|ADD)(?![\w:])", re.IGNORECASE
)
_SERVICE = re.compile(r"(?<![?$\w:])SERVICE(?![\w:])", re.IGNORECASE)


def code_of(sparql: str) -> str:
    """The query with strings, IRIs and comments blanked out (same length)."""
    out = list(sparql)
    i, n = 0, len(sparql)
    while i < n:
        c = sparql[i]
        if c == "#":
            end = sparql.find("\n", i)
            end = n if end < 0 else end
            out[i:end] = " " * (end - i)
            i = end
            continue
        if c in "\"'":
            quote = c * 3 if sparql.startswith(c * 3, i) else c
            j = i + len(quote)
            while j < n and not sparql.startswith(quote, j):
                j += 2 if sparql[j] == "\\" else 1
            end = min(n, j + len(quote))
            out[i:end] = " " * (end - i)
            i = end
            continue
        if c == "<":
            m = _IRI_AT.match(sparql, i)
            if m:
                out[i : m.end()] = " " * (m.end() - i)
                i = m.end()
                continue
        i += 1
    return "".join(out)


def check_read_only(sparql: str, allow_update: bool = False, allow_service: bool = False) -> None:
    """Refuse an update or a SERVICE call, found in the query as rdflib's SPARQL parser
    reads it (not by patterns on its text, which an escape in a name can fool). A text
    rdflib cannot parse is refused if the words appear in it anywhere."""
    kinds = _parsed_kinds(sparql)
    if kinds is None:  # not SPARQL to rdflib (the engine will say why): be strict
        words = {w.upper() for w in re.findall(r"[A-Za-z]+", sparql)}
        update = sorted(words & _UPDATE_WORDS)
        service = "SERVICE" in words
    else:
        update = ["an update"] if "Update" in kinds else []
        service = "ServiceGraphPattern" in kinds
    if update and not allow_update:
        raise QueryError(
            f"{update[0]} changes data; kg queries are read-only (kg push replaces a "
            "store's graph; from Python, allow_update=True)"
        )
    if service and not allow_service:
        raise QueryError(
            "SERVICE calls another endpoint; refused (kg query --allow-service, or "
            "allow_service=True from Python, to allow it)"
        )


_UPDATE_WORDS = {"INSERT", "DELETE", "LOAD", "CLEAR", "CREATE", "DROP", "COPY", "MOVE", "ADD"}


@lru_cache(maxsize=256)
def _parsed_kinds(sparql: str) -> frozenset[str] | None:
    """The names of the parts of the query (``SelectQuery``, ``ServiceGraphPattern``,
    ``Update`` ...), or None when rdflib can parse it neither as a query nor an update."""
    from pyparsing import ParseBaseException
    from rdflib.plugins.sparql.parser import parseQuery, parseUpdate
    from rdflib.plugins.sparql.parserutils import CompValue

    def names(node: Any) -> Iterator[str]:
        if isinstance(node, CompValue):
            yield node.name
            for value in node.values():
                yield from names(value)
        elif isinstance(node, list | tuple) or type(node).__name__ == "ParseResults":
            for value in node:
                yield from names(value)

    try:
        return frozenset(names(parseQuery(sparql)))
    except ParseBaseException:  # not a query: an update?
        pass
    try:
        return frozenset(names(parseUpdate(sparql)))
    except ParseBaseException:
        return None


def with_values(sparql: str, bindings: Mapping[str, Identifier]) -> str:
    """The query with a VALUES block binding each variable, first in its outer group, and
    first in each nested SELECT that mentions it (a nested SELECT does not see the
    bindings around it, so a question may narrow down early, where it is fast).

    Each value is written as an RDF term by rdflib (quotes, newlines and
    backslashes escaped), so no value can change the query around it.
    """
    if not bindings:
        return sparql
    for name in bindings:
        if not _VAR.fullmatch(name):
            raise QueryError(f"not a SPARQL variable name: {name!r}")
    code = code_of(sparql)
    at = code.find("{")
    if at < 0:
        raise QueryError("SPARQL error: the query has no { ... } group to bind values in")
    inserts = {at + 1: sorted(bindings)}
    for m in _NESTED_SELECT.finditer(code, at):
        start = code.find("{", m.end())
        if start < 0:
            continue
        text = code[start : _group_end(code, start)]
        names = [k for k in sorted(bindings) if re.search(rf"[?$]{k}(?![A-Za-z0-9_])", text)]
        if names:
            inserts[start + 1] = names
    for name, term in bindings.items():
        check_term(name, term)
    out = sparql
    for place in sorted(inserts, reverse=True):
        names = inserts[place]
        values = " ".join(bindings[k].n3() for k in names)
        block = f" VALUES ({' '.join('?' + k for k in names)}) {{ ({values}) }} "
        out = out[:place] + block + out[place:]
    return out


_NESTED_SELECT = re.compile(r"\bSELECT\b", re.IGNORECASE)


def _group_end(code: str, start: int) -> int:
    """The end of the ``{ ... }`` group opening at ``start`` (the end of the text if open)."""
    depth = 0
    for i in range(start, len(code)):
        if code[i] == "{":
            depth += 1
        elif code[i] == "}":
            depth -= 1
            if depth == 0:
                return i + 1
    return len(code)


_LANGUAGE = re.compile(r"[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*")


def check_term(name: str, term: Identifier) -> None:
    """A term that rdflib would write into the query as it is, if it holds nothing that
    could end it: an IRI (or a literal's datatype) that is a valid IRI, a language tag
    that is one."""
    iris = [term] if isinstance(term, URIRef) else []
    if isinstance(term, Literal):
        if term.datatype is not None:
            iris.append(term.datatype)
        if term.language is not None and not _LANGUAGE.fullmatch(term.language):
            raise QueryError(f"{name}: {term.language!r} is not a language tag")
    elif not isinstance(term, URIRef):
        raise QueryError(f"{name}: bind an IRI or a literal, not {type(term).__name__}")
    for value in iris:
        if not is_absolute_iri(str(value)):
            raise QueryError(f"{name}: {str(value)!r} is not an absolute IRI")


def as_term(value: Any) -> Identifier:
    """A Python value as an RDF term for binding: strings become plain literals."""
    if isinstance(value, Identifier):
        return value
    if isinstance(value, bool | int | float | Decimal | str):
        return Literal(value)
    raise QueryError(f"cannot bind {type(value).__name__} {value!r}: pass an RDF term")
