"""The RDF formats kg writes and reads: one table, used by the writers, the reader of
graph files, ``kg push`` and the dataset description."""

from __future__ import annotations

from dataclasses import dataclass

import pyoxigraph as ox


@dataclass(frozen=True)
class Format:
    name: str  # as the command line names it: "turtle"
    suffix: str  # of the file kg writes: ".ttl"
    media_type: str
    oxigraph: ox.RdfFormat

    @property
    def file_name(self) -> str:
        return f"graph{self.suffix}"


FORMATS = {
    f.name: f
    for f in (
        Format("turtle", ".ttl", "text/turtle", ox.RdfFormat.TURTLE),
        Format("ntriples", ".nt", "application/n-triples", ox.RdfFormat.N_TRIPLES),
        Format("jsonld", ".jsonld", "application/ld+json", ox.RdfFormat.JSON_LD),
        Format("trig", ".trig", "application/trig", ox.RdfFormat.TRIG),
        Format("nquads", ".nq", "application/n-quads", ox.RdfFormat.N_QUADS),
    )
}
BY_SUFFIX = {f.suffix: f for f in FORMATS.values()}
