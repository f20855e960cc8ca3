"""Step 4a: ask the graph SPARQL questions.

Values from users are bound as RDF terms (``initBindings``, which Oxigraph
receives as substitutions); they are never pasted into query text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import rdflib
from rdflib.term import Identifier, Literal, Node, URIRef

from .errors import QueryError
from .vocab import DEFAULT_BASE, prefixes


@dataclass
class Rows:
    """The answer to a SELECT (or ASK) query: variables and rows of RDF terms."""

    vars: list[str]
    rows: list[tuple[Node | None, ...]] = field(default_factory=list)
    boolean: bool | None = None

    def __iter__(self) -> Iterator[tuple[Node | None, ...]]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def to_dicts(self) -> list[dict[str, Any]]:
        """Rows as dicts of Python values (``str``, ``int``, ``Decimal`` ...); unbound is None."""
        return [
            {v: python_value(t) for v, t in zip(self.vars, row, strict=False)} for row in self.rows
        ]

    def table(self) -> str:
        """A plain-text table for people."""
        if self.boolean is not None:
            return "yes" if self.boolean else "no"
        cells = [[display(t) for t in row] for row in self.rows]
        widths = [len(v) for v in self.vars]
        for row in cells:
            widths = [max(w, _width(c)) for w, c in zip(widths, row, strict=False)]
        line = "  ".join("-" * w for w in widths)
        out = ["  ".join(_pad(v, w) for v, w in zip(self.vars, widths, strict=False)), line]
        out += ["  ".join(_pad(c, w) for c, w in zip(row, widths, strict=False)) for row in cells]
        out.append(f"({len(self.rows)} row{'s' if len(self.rows) != 1 else ''})")
        return "\n".join(line.rstrip() for line in out)


def python_value(term: Node | None) -> Any:
    if term is None:
        return None
    if isinstance(term, Literal):
        value = term.toPython()
        return value if not isinstance(value, Literal) else str(value)
    return str(term)


def display(term: Node | None) -> str:
    if term is None:
        return ""
    if isinstance(term, Literal):
        value = term.toPython()
        if isinstance(value, Decimal | float):
            return (
                format(value, "f").rstrip("0").rstrip(".")
                if "." in format(value, "f")
                else str(value)
            )
        return str(term).replace("\n", " ")
    return str(term)


def _width(text: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _width(text))


def as_term(value: Any) -> Identifier:
    """A Python value as an RDF term for binding: strings become plain literals."""
    if isinstance(value, Identifier):
        return value
    if isinstance(value, bool | int | float | Decimal | str):
        return Literal(value)
    raise QueryError(f"cannot bind {type(value).__name__} {value!r}: pass an RDF term")


def query(graph: rdflib.Graph, sparql: str, /, **bindings: Any) -> Rows:
    """Run a SPARQL SELECT or ASK query on ``graph``.

    Keyword arguments bind query variables to RDF terms (``technique=URIRef(...)``,
    ``name=Literal("Intel")``); plain Python strings and numbers become literals.
    The usual prefixes (kg, dcterms, skos, schema ...) are predeclared.
    """
    text = with_values(sparql, {k: as_term(v) for k, v in bindings.items()})
    try:
        result = graph.query(text, initNs=prefixes(DEFAULT_BASE))
    except Exception as exc:  # rdflib and pyoxigraph raise their own parse errors
        raise QueryError(f"SPARQL error: {exc}") from exc
    if result.type == "ASK":
        return Rows(vars=[], boolean=bool(result.askAnswer))
    if result.type != "SELECT":
        raise QueryError("only SELECT and ASK queries can be printed as rows")
    names = [str(v) for v in (result.vars or [])]
    return Rows(vars=names, rows=[tuple(row) for row in result])


_IRI_AT = re.compile(r"<[^<>\"{}|^`\\\x00-\x20]*>")


def _outer_brace(sparql: str) -> int:
    """Index of the first ``{`` that is not inside a string, an IRI or a comment."""
    i, n = 0, len(sparql)
    while i < n:
        c = sparql[i]
        if c == "#":
            end = sparql.find("\n", i)
            i = n if end < 0 else end + 1
            continue
        if c in "\"'":
            quote = c * 3 if sparql.startswith(c * 3, i) else c
            j = i + len(quote)
            while j < n and not sparql.startswith(quote, j):
                j += 2 if sparql[j] == "\\" else 1
            i = j + len(quote)
            continue
        if c == "<":
            m = _IRI_AT.match(sparql, i)
            if m:
                i = m.end()
                continue
        if c == "{":
            return i
        i += 1
    raise QueryError("SPARQL error: the query has no { ... } group to bind values in")


def with_values(sparql: str, bindings: Mapping[str, Identifier]) -> str:
    """The query with a VALUES block binding each variable, first in its WHERE group.

    Each value is written as an RDF term by rdflib (quotes, newlines and
    backslashes escaped), so no value can change the query around it.
    """
    if not bindings:
        return sparql
    for name in bindings:
        if not _VAR.fullmatch(name):
            raise QueryError(f"not a SPARQL variable name: {name!r}")
    names = sorted(bindings)
    values = " ".join(bindings[k].n3() for k in names)
    block = f" VALUES ({' '.join('?' + k for k in names)}) {{ ({values}) }} "
    at = _outer_brace(sparql) + 1
    return sparql[:at] + block + sparql[at:]


_VAR = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def query_file(graph: rdflib.Graph, path: str, **bindings: Any) -> Rows:
    return query(graph, Path(path).read_text(encoding="utf-8"), **bindings)


__all__: Sequence[str] = ["Rows", "as_term", "query", "query_file"]
_ = (Mapping, URIRef)
