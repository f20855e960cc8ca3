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

import pyoxigraph as ox

from .. import files
from ..errors import QueryError
from ..rdf.terms import is_absolute_iri
from .binding import Term, as_term

MAX_EXPONENT = 30  # numbers a parameter takes: |x| < 1e31, and no closer to 0 than 1e-30

PARAM_TYPES = ("string", "integer", "decimal", "iri")


@dataclass(frozen=True)
class Param:
    name: str
    type: str  # one of PARAM_TYPES
    default: str
    description: str

    def term(self, value: Any) -> Term:
        """The RDF term for a value given by a user (text from the command line, or Python)."""
        if isinstance(value, ox.NamedNode | ox.Literal) or type(value).__module__.startswith(
            "rdflib"
        ):
            return as_term(value)
        text = str(value)
        try:
            number = Decimal(text) if self.type in ("integer", "decimal") else None
        except (ValueError, ArithmeticError):
            raise QueryError(f"parameter {self.name} wants a {self.type}, got {text!r}") from None
        if number is not None:
            # finite and of a size a claim can have: 1e999999999 made Oxigraph use 3 GB
            if not number.is_finite() or abs(number.adjusted()) > MAX_EXPONENT:
                raise QueryError(
                    f"parameter {self.name} wants a finite {self.type} between "
                    f"-1e{MAX_EXPONENT} and 1e{MAX_EXPONENT}, got {text!r}"
                )
            if self.type == "integer":
                if number != number.to_integral_value():
                    raise QueryError(f"parameter {self.name} wants an integer, got {text!r}")
                return as_term(int(number))
            return as_term(number)
        if self.type == "iri":
            value = text.strip("<>")
            if not is_absolute_iri(value):
                raise QueryError(f"parameter {self.name} wants an absolute IRI, got {text!r}")
            return as_term(ox.NamedNode(value))
        return as_term(text)


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

    def bindings(self, given: Mapping[str, Any]) -> dict[str, Term]:
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
