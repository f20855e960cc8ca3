"""RDF terms as typed values, written in N-Triples syntax once, here and nowhere else.

An :class:`IRI` or a :class:`Literal` is a ``str`` holding the term as N-Triples
writes it (``<https://...>``, ``"text"@en``, ``"3"^^<...#integer>``); only the
functions of this module make them, so a term's text is always well formed:
characters an IRI may not hold are percent-encoded, and a literal's text is
escaped as Oxigraph escapes it (control characters and the noncharacters U+FFFE
and U+FFFF as ``\\uXXXX``), so strict parsers (``rapper -f strict``, Jena
``riot``) accept any text from the notes.

A :class:`Triple` is three terms; :meth:`Triple.line` is its N-Triples line
without the final `` .``. Statements are made with these values and written as
text, which is what makes large graphs fast (see :mod:`kg.rdf.statements`).
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from rdflib import URIRef

_UNSAFE_IRI = re.compile(r'[\x00-\x20<>"{}|^`\\\x7f]')
# Unicode's noncharacters (U+FFFE, U+FFFF, U+FDD0-FDEF and the last two of every plane)
# have no place in interchanged text: `rapper -f strict` rejects a file holding one even
# escaped, so they become U+FFFD, the replacement character
_NONCHARACTERS = [
    *range(0xFDD0, 0xFDF0),
    *(p * 0x10000 + k for p in range(17) for k in (0xFFFE, 0xFFFF)),
]
_ESCAPES = {
    **{i: f"\\u{i:04X}" for i in [*range(0x20), 0x7F]},
    **dict.fromkeys(_NONCHARACTERS, "\ufffd"),
    ord("\\"): "\\\\",
    ord('"'): '\\"',
    ord("\n"): "\\n",
    ord("\r"): "\\r",
    ord("\t"): "\\t",
}


class Term(str):
    """An RDF term in N-Triples syntax (made by :func:`iri`, :func:`text` ...)."""

    __slots__ = ()


class IRI(Term):
    """An IRI, ``<...>``."""

    __slots__ = ()

    @property
    def value(self) -> str:
        """The IRI itself, without its angle brackets."""
        return self[1:-1]


class Literal(Term):
    """A literal: ``"..."``, ``"..."@lang`` or ``"..."^^<datatype>``."""

    __slots__ = ()


class Triple(NamedTuple):
    subject: IRI
    predicate: IRI
    object: Term

    def line(self) -> str:
        """The N-Triples line, without its final `` .``."""
        return f"{self.subject} {self.predicate} {self.object}"


def is_safe_iri(value: str) -> bool:
    """Whether text is an absolute IRI that needs no percent-encoding."""
    return value.isascii() and not _UNSAFE_IRI.search(value)


def is_absolute_iri(value: str) -> bool:
    """Whether text a user gave as an IRI is one with a scheme, safe to write in a query."""
    return ":" in value and is_safe_iri(value)


# An IRI is made for each statement's subject and most objects; the same few
# thousand (papers, institutions, classes) recur, so each is encoded once
# (``python bench/tricks.py --papers 10000``: 915,380 IRIs in 0.34 s, 1.82 s uncached).
@lru_cache(maxsize=1 << 16)
def iri(value: str | URIRef) -> IRI:
    """An IRI; characters IRIs may not hold are percent-encoded."""
    value = str(value)
    if _UNSAFE_IRI.search(value):
        value = _UNSAFE_IRI.sub(lambda m: "".join(f"%{b:02X}" for b in m.group().encode()), value)
    # one "#" starts the fragment; a page's "…/#boost#productivity" holds a second one
    head, mark, fragment = value.partition("#")
    value = head + mark + fragment.replace("#", "%23")
    return IRI(f"<{value}>")


def text(value: str, lang: str | None = None) -> Literal:
    """A string literal, language-tagged when ``lang`` is given."""
    quoted = '"' + value.translate(_ESCAPES) + '"'
    return Literal(f"{quoted}@{lang}" if lang else quoted)


def typed(lexical: str, datatype: IRI) -> Literal:
    """A literal of a datatype, from its lexical form."""
    return Literal('"' + lexical.translate(_ESCAPES) + '"^^' + datatype)


XSD = "http://www.w3.org/2001/XMLSchema#"
XSD_INTEGER = iri(XSD + "integer")
XSD_DECIMAL = iri(XSD + "decimal")
XSD_BOOLEAN = iri(XSD + "boolean")
XSD_ANY_URI = iri(XSD + "anyURI")


def integer(n: int) -> Literal:
    """A count, line or position, as xsd:integer."""
    return typed(str(n), XSD_INTEGER)


def decimal(x: float) -> Literal:
    """A number as xsd:decimal, written without exponent: 6.76, 16.0, 3000000000.0."""
    lexical = format(Decimal(repr(x)).normalize(), "f")
    if "." not in lexical:
        lexical += ".0"
    return typed(lexical, XSD_DECIMAL)


def boolean(value: bool) -> Literal:
    return typed("true" if value else "false", XSD_BOOLEAN)


def year(value: int) -> Literal:
    """A year, as an xsd:integer (xsd:gYear is not in OWL 2's datatype map: HermiT
    refuses it)."""
    return typed(str(value), XSD_INTEGER)
