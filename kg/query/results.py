"""Answers: :class:`Rows`, read from and written in the W3C result formats by Oxigraph.

Every engine's answer arrives as SPARQL 1.1 Query Results JSON (Oxigraph and
rdflib serialise their own; an endpoint sends it). Oxigraph's result parser
reads it into :class:`Rows`, whose ``rows`` are rdflib terms for Python (made
when first asked for: the command line prints Oxigraph's terms and never loads
rdflib), and Oxigraph's result serialisers write the ``json``, ``xml``, ``csv``
and ``tsv`` formats exactly as the W3C specifications define them; ``table`` and
``markdown`` are for people.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import cached_property
from typing import TYPE_CHECKING, Any

import pyoxigraph as ox

if TYPE_CHECKING:
    from rdflib.term import Node

from ..errors import QueryError
from ..text import plain_table, printable
from .choices import FORMATS

_W3C = {
    "json": ox.QueryResultsFormat.JSON,
    "xml": ox.QueryResultsFormat.XML,
    "csv": ox.QueryResultsFormat.CSV,
    "tsv": ox.QueryResultsFormat.TSV,
}
_XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"


OxTerm = ox.NamedNode | ox.BlankNode | ox.Literal | ox.Triple


@dataclass
class Rows:
    """The answer to a SELECT or ASK query: variables and rows of RDF terms."""

    vars: list[str]
    terms: list[tuple[OxTerm | None, ...]] = field(default_factory=list)  # Oxigraph's
    boolean: bool | None = None
    results_json: bytes = b""  # the answer as SPARQL results JSON

    @cached_property
    def rows(self) -> list[tuple[Node | None, ...]]:
        """The rows as rdflib terms."""
        seen: dict[object, Node] = {}  # answers repeat terms (labels, units): convert once

        def term(t: OxTerm | None) -> Node | None:
            if t is None:
                return None
            found = seen.get(t)
            if found is None:
                found = seen[t] = _rdflib_term(t)
            return found

        return [tuple(term(t) for t in row) for row in self.terms]

    def __iter__(self) -> Iterator[tuple[Node | None, ...]]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.terms)

    def to_dicts(self) -> list[dict[str, Any]]:
        """Rows as dicts of Python values (``str``, ``int``, ``Decimal`` ...); unbound is None."""
        return [{v: python_value(t) for v, t in zip(self.vars, row, strict=True)} for row in self]

    def serialize(self, fmt: str = "table") -> str:
        """The answer as text: ``table``, ``markdown``, or the SPARQL 1.1 Query Results
        ``json``, ``xml``, ``csv`` and ``tsv`` formats."""
        if fmt == "table":
            return self.table()
        if fmt == "markdown":
            return self.markdown()
        if fmt not in _W3C:
            raise QueryError(f"unknown result format {fmt!r}; choose from {', '.join(FORMATS)}")
        answer = ox.parse_query_results(self.results_json, format=ox.QueryResultsFormat.JSON)
        return (answer.serialize(format=_W3C[fmt]) or b"").decode("utf-8")

    def table(self) -> str:
        """A plain-text table for people."""
        if self.boolean is not None:
            return "yes" if self.boolean else "no"
        return plain_table(self.vars, [[display(t) for t in row] for row in self.terms])

    def markdown(self) -> str:
        if self.boolean is not None:
            return "yes" if self.boolean else "no"

        def cell(text: str) -> str:
            return printable(text).replace("\\", "\\\\").replace("|", "\\|")

        out = ["| " + " | ".join(self.vars) + " |", "|" + "---|" * len(self.vars)]
        out += ["| " + " | ".join(cell(display(t)) for t in row) + " |" for row in self.terms]
        return "\n".join(out)


def from_results_json(data: bytes) -> Rows:
    """An answer in SPARQL results JSON, as :class:`Rows`."""
    try:
        answer = ox.parse_query_results(data, format=ox.QueryResultsFormat.JSON)
        if isinstance(answer, ox.QueryBoolean):
            return Rows(vars=[], boolean=bool(answer), results_json=data)
        names = [v.value for v in answer.variables]
        terms = [tuple(solution) for solution in answer]  # parsed as they are read
    except (SyntaxError, ValueError, KeyError) as exc:
        raise QueryError(f"an answer kg cannot read: {exc}") from exc
    return Rows(vars=names, terms=terms, results_json=data)


def _rdflib_term(t: object) -> Node:
    """An Oxigraph term as rdflib's parsers make it: a plain string literal has no
    datatype (RDF 1.1 gives it xsd:string), as in the answers of rdflib's engine."""
    from rdflib.term import BNode, Literal, URIRef

    if isinstance(t, ox.Literal):
        if t.language:
            return Literal(t.value, lang=t.language)
        if t.datatype.value == _XSD_STRING:
            return Literal(t.value)
        return Literal(t.value, datatype=URIRef(t.datatype.value))
    if isinstance(t, ox.NamedNode):
        return URIRef(t.value)
    if isinstance(t, ox.BlankNode):
        return BNode(t.value)
    raise QueryError(f"an answer kg cannot read: {t!r}")


def python_value(term: Node | None) -> Any:
    from rdflib.term import Literal

    if term is None:
        return None
    if isinstance(term, Literal):
        value = term.toPython()
        return value if not isinstance(value, Literal) else str(value)
    return str(term)


_NUMBERS = {"http://www.w3.org/2001/XMLSchema#" + t for t in ("decimal", "double", "float")}


def display(term: OxTerm | None) -> str:
    """A term as people read it: an IRI or a literal's text, a number without trailing
    zeros or exponent ("1.50" and "1.5E0" both show as 1.5)."""
    if term is None:
        return ""
    if isinstance(term, ox.Literal):
        if term.datatype.value in _NUMBERS:
            try:
                number = Decimal(term.value)
            except InvalidOperation:
                return term.value
            if number.is_finite():
                text = format(number, "f")
                return text.rstrip("0").rstrip(".") if "." in text else text
        return term.value.replace("\n", " ")
    if isinstance(term, ox.NamedNode | ox.BlankNode):
        return term.value
    return str(term)
