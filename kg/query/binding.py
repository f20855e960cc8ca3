"""How values reach a query: as RDF terms, never as text a user wrote.

- rdflib's engine takes them as ``initBindings``;
- Oxigraph's engine and SPARQL endpoints get a ``VALUES`` block, each value
  written by Oxigraph's term serializer (quotes, newlines and backslashes escaped),
  placed first in the query's outer group and in each nested ``SELECT`` that
  mentions the variable (a nested ``SELECT`` does not see the bindings around
  it). Oxigraph 0.5's own ``substitutions`` cannot serve: it binds only variables
  the query projects, and not inside nested ``SELECT``s, where kg's questions
  narrow down first.

A bound value is a pyoxigraph term, which checks itself when made (an IRI, a
language tag); rdflib terms given from Python are converted (:func:`as_term`).

Queries are read-only: updates and ``SERVICE`` calls are refused unless allowed
(:func:`check_read_only`, on the query as rdflib's SPARQL parser reads it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from decimal import Decimal
from functools import lru_cache
from typing import Any

import pyoxigraph as ox

from ..errors import QueryError
from ..rdf.terms import is_absolute_iri

Term = ox.NamedNode | ox.Literal  # a value bound into a query

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
    rdflib cannot parse is refused if the words appear in it anywhere.

    A text in which no such word appears, even inside another word or a string, and
    that has no ``\\u`` escape (which SPARQL reads before parsing), can hold neither,
    and is not parsed: loading rdflib's parser takes 0.23 s of a question's 0.3."""
    folded = sparql.casefold()
    if not any(w.casefold() in folded for w in (*_UPDATE_WORDS, "SERVICE")) and (
        "\\u" not in folded
    ):
        return
    try:
        kinds = _parsed_kinds(sparql)
    except RecursionError:  # thousands of nested brackets: no question nests so deep
        raise QueryError("SPARQL error: the query nests too deeply to read") from None
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


QUERY_DEPTH = 200  # nested brackets: kg's deepest question has 6


def check_nesting(sparql: str) -> None:
    """Refuse a query nested deeper than :data:`QUERY_DEPTH`: thousands of brackets
    overflowed the engine's stack and killed it."""
    depth = 0
    for ch in code_of(sparql):
        if ch in "({[":
            depth += 1
            if depth > QUERY_DEPTH:
                raise QueryError(f"SPARQL error: the query nests deeper than {QUERY_DEPTH}")
        elif ch in ")}]":
            depth -= 1


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


def with_values(sparql: str, bindings: Mapping[str, Term]) -> str:
    """The query with a VALUES block binding each variable, first in its outer group, and
    first in each nested SELECT that mentions it (a nested SELECT does not see the
    bindings around it, so a question may narrow down early, where it is fast).

    Each value is written as an RDF term by Oxigraph (quotes, newlines and
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
        values = " ".join(str(bindings[k]) for k in names)
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


def check_term(name: str, term: Term) -> None:
    """A term Oxigraph will write into the query as it is, if it holds nothing that could
    end it: an IRI (or a literal's datatype) that is an absolute IRI. (Oxigraph checked
    its syntax, and a language tag's, when the term was made.)"""
    if isinstance(term, ox.NamedNode):
        iris = [term.value]
    elif isinstance(term, ox.Literal):
        iris = [term.datatype.value]
    else:
        raise QueryError(f"{name}: bind an IRI or a literal, not {type(term).__name__}")
    for value in iris:
        if not is_absolute_iri(value):
            raise QueryError(f"{name}: {value!r} is not an absolute IRI")


_XSD = "http://www.w3.org/2001/XMLSchema#"


def as_term(value: Any) -> Term:
    """A Python value as an RDF term for binding: strings become plain literals, rdflib's
    ``URIRef`` and ``Literal`` the same terms in Oxigraph's kind."""
    try:
        if isinstance(value, ox.NamedNode | ox.Literal):
            return value
        if type(value).__module__.startswith("rdflib"):
            return _from_rdflib(name=str(value), value=value)
        if isinstance(value, Decimal):
            return ox.Literal(format(value, "f"), datatype=ox.NamedNode(_XSD + "decimal"))
        if isinstance(value, bool | int | float | str):
            return ox.Literal(value)
    except ValueError as exc:  # an IRI or a language tag Oxigraph refuses
        raise QueryError(f"cannot bind {value!r}: {exc}") from exc
    raise QueryError(f"cannot bind {type(value).__name__} {value!r}: pass an RDF term")


def _from_rdflib(name: str, value: Any) -> Term:
    from rdflib.term import Literal, URIRef

    if isinstance(value, URIRef):
        return ox.NamedNode(_absolute(name))
    if isinstance(value, Literal):
        if value.language:
            return ox.Literal(name, language=value.language)
        if value.datatype is not None:
            return ox.Literal(name, datatype=ox.NamedNode(_absolute(str(value.datatype))))
        return ox.Literal(name)
    raise QueryError(f"{value!r}: bind an IRI or a literal, not {type(value).__name__}")


def _absolute(value: str) -> str:
    if not is_absolute_iri(value):
        raise QueryError(f"{value!r} is not an absolute IRI")
    return value


def to_rdflib(term: Term) -> Any:
    """A bound term in rdflib's kind, for rdflib's own engine."""
    from rdflib.term import Literal, URIRef

    if isinstance(term, ox.NamedNode):
        return URIRef(term.value)
    if term.language:
        return Literal(term.value, lang=term.language)
    if term.datatype.value == _XSD + "string":
        return Literal(term.value)
    return Literal(term.value, datatype=URIRef(term.datatype.value))
