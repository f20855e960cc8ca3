"""The questions kg ships (``kg/query/named/*.rq``) and their parameters.

A question is SPARQL with a header of comment lines: ``# title:``,
``# description:`` and one ``# param: name (type) = default -- meaning`` per
parameter. A parameter is bound as an RDF term of its type, never pasted into
the query's text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache
from typing import Any

from rdflib.term import Identifier, Literal, URIRef

from .. import files
from ..errors import QueryError

PARAM_TYPES = ("string", "integer", "decimal", "iri")


@dataclass(frozen=True)
class Param:
    name: str
    type: str  # one of PARAM_TYPES
    default: str
    description: str

    def term(self, value: Any) -> Identifier:
        """The RDF term for a value given by a user (text from the command line, or Python)."""
        if isinstance(value, Identifier):
            return value
        text = str(value)
        try:
            if self.type == "integer":
                return Literal(int(text))
            if self.type == "decimal":
                return Literal(Decimal(text))
        except (ValueError, ArithmeticError):
            raise QueryError(f"parameter {self.name} wants a {self.type}, got {text!r}") from None
        if self.type == "iri":
            return URIRef(text.strip("<>"))
        return Literal(text)


@dataclass(frozen=True)
class NamedQuery:
    name: str
    title: str
    description: str
    params: tuple[Param, ...]
    text: str
    # parameter -> a SELECT of ?value ?word: the values the graph knows and the words for them
    values: Mapping[str, str] = field(default_factory=dict)

    def given(self, name: str, given: Mapping[str, Any]) -> str:
        """The value of a parameter as given, else its default, as text."""
        param = next(p for p in self.params if p.name == name)
        return str(given.get(name, _default(param)))

    def bindings(self, given: Mapping[str, Any]) -> dict[str, Identifier]:
        """Every parameter's term: the value given, else its default."""
        known = {p.name: p for p in self.params}
        unknown = sorted(set(given) - set(known))
        if unknown:
            names = ", ".join(known) or "none"
            raise QueryError(f"{self.name} has no parameter {', '.join(unknown)} (it has: {names})")
        return {n: p.term(given.get(n, _default(p))) for n, p in known.items()}


def _default(p: Param) -> str:
    return p.default[1:-1] if p.default[:1] == p.default[-1:] == '"' else p.default


_PARAM = re.compile(
    r"^(?P<name>[A-Za-z_]\w*)\s*(?:\((?P<type>\w+)\))?\s*(?:=\s*(?P<default>\"[^\"]*\"|\S+))?"
    r"\s*(?:--\s*(?P<desc>.*))?$"
)


def parse_named(name: str, text: str) -> NamedQuery:
    """Read a named question's header: ``# title:``, ``# description:``, ``# param:``."""
    title = description = ""
    params: list[Param] = []
    values: dict[str, str] = {}
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        key, _, value = line[1:].strip().partition(":")
        value = value.strip()
        if key == "title":
            title = value
        elif key == "description":
            description = value
        elif key == "param":
            m = _PARAM.match(value)
            if not m:
                raise QueryError(f"{name}.rq: cannot read parameter line {line!r}")
            ptype = m.group("type") or "string"
            if ptype not in PARAM_TYPES:
                raise QueryError(f"{name}.rq: unknown parameter type {ptype!r}")
            params.append(
                Param(m.group("name"), ptype, m.group("default") or '""', m.group("desc") or "")
            )
        elif key == "values":
            param, _, select = value.partition("--")
            values[param.strip()] = select.strip()
    unknown = sorted(set(values) - {p.name for p in params})
    if unknown:
        raise QueryError(f"{name}.rq: values for no parameter: {', '.join(unknown)}")
    return NamedQuery(name, title or name, description, tuple(params), text, values)


@cache
def named_queries() -> dict[str, NamedQuery]:
    """The questions shipped with kg, by name."""
    return {
        path.stem: parse_named(path.stem, path.read_text(encoding="utf-8"))
        for path in sorted(files.queries_dir().glob("*.rq"))
    }
