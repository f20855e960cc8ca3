"""The RDF formats kg writes, and the statements in each.

Turtle and N-Triples hold the union of all named graphs; TriG and N-Quads keep
one named graph per notes file. Every format is deterministic: the same input
gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterable

import pyoxigraph as ox

from ..errors import KgError
from ..rdf.formats import FORMATS, Format
from ..rdf.statements import Statements, plain_names, turtle_prefixes
from .jsonld import jsonld

__all__ = ["FORMATS", "Format", "format_named", "serialize", "serialize_chunks"]


def format_named(name: str) -> Format:
    try:
        return FORMATS[name]
    except KeyError:
        raise KgError(f"unknown format {name!r}; choose from {', '.join(FORMATS)}") from None


def serialize(statements: Statements, fmt: str, base: str) -> bytes:
    """The statements in one of :data:`FORMATS`."""
    return b"".join(serialize_chunks(statements, fmt, base))


def serialize_chunks(statements: Statements, fmt: str, base: str) -> Iterable[bytes]:
    """The statements in one of :data:`FORMATS`, in pieces to write one after another.

    N-Triples and Turtle are written from each graph's sorted statements (Turtle
    from each graph's Turtle, made by Oxigraph when the graph was made); Oxigraph
    writes N-Quads and TriG from the graphs' quads in that order, and kg the
    compact JSON-LD."""
    rdf_format = format_named(fmt).oxigraph
    if fmt == "ntriples":
        return statements.ntriples_chunks()
    if fmt == "turtle":
        return statements.turtle_chunks(base)
    if fmt == "jsonld":
        return [jsonld(list(statements.ox_triples()), base)]
    if fmt == "trig":
        names = turtle_prefixes(base)
        text = ox.serialize(statements.ox_quads(), format=rdf_format, prefixes=names) or b""
        return [plain_names(text, names)]
    return [ox.serialize(statements.ox_quads(), format=rdf_format) or b""]
