"""Where each kind of thing lives under the base IRI: readable, stable, ASCII IRIs.

An IRI depends only on the thing's own text (its DOI, its name: see
:func:`kg.text.slug`), never on what else is in the build, so it is the same
in every build.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import quote, urlsplit

import pyoxigraph as ox

from ..errors import KgError
from ..records import Conference, Metric, NotesFile, Paper, Session
from ..text import digest, slug
from .terms import IRI, iri

_NON_SLUG = re.compile(r"[^a-z0-9]+")
_ENTITY_PATHS = {"framework": "system", "supercomputer": "platform"}


def doi_path(doi: str) -> str:
    """A DOI as a path segment: ``10.1145/3458817.3476164`` -> ``10.1145-3458817.3476164``.
    A DOI with a second "/" or a character a path cannot hold also gets a short hash of
    itself, so that no two DOIs share a segment (10.1145/a/b and 10.1145/a-b)."""
    cleaned = doi.lower().replace("/", "-")
    safe = quote(cleaned, safe="-._~")
    if safe == cleaned and doi.count("/") == 1:
        return cleaned
    return f"{_NON_SLUG.sub('-', cleaned).strip('-')}-{digest(doi.lower())}"


def check_base(base: str) -> str:
    """An absolute http(s) or urn base IRI that ends with '/' or '#'."""
    try:
        parts = urlsplit(base)
        _ = parts.port  # a port out of range ("http://x:99999/") raises here
    except ValueError as exc:  # "https://[::1/kg/": a bracket never closed
        raise KgError(f"base IRI must be an absolute http(s) IRI, got {base!r}: {exc}") from None
    ok = (parts.scheme in ("http", "https") and parts.netloc) or parts.scheme == "urn"
    if not ok or not base.isascii() or any(c in base for c in ' <>"{}|\\^`'):
        raise KgError(f"base IRI must be an absolute http(s) IRI in ASCII, got {base!r}")
    base = base if base.endswith(("/", "#", ":")) else base + "/"
    try:  # what the IRIs under it will be: Oxigraph's IRI parser says whether they are IRIs
        ox.NamedNode(base + "paper/x")
    except ValueError as exc:
        why = re.sub(r"[\x00-\x1f\x7f]", lambda m: f"\\x{ord(m.group()):02x}", str(exc))
        raise KgError(f"--base {base!r} gives no valid IRIs: {why}") from None
    return base


@dataclass(frozen=True)
class Iris:
    """The IRI of each thing, under one base IRI (checked: :func:`check_base`)."""

    base: str

    def conference(self, c: Conference) -> IRI:
        return iri(f"{self.base}conference/{slug(c.label)}")

    def session(self, c: Conference, s: Session | str) -> IRI:
        name = s if isinstance(s, str) else s.name
        return iri(f"{self.base}session/{slug(c.label or 'unknown-conference')}/{slug(name)}")

    def paper(self, p: Paper) -> IRI:
        if p.doi:
            return iri(f"{self.base}paper/{doi_path(p.doi)}")
        if p.arxiv:
            return iri(f"{self.base}paper/arxiv-{slug(p.arxiv)}")
        conference = p.conference.label or "unknown-conference"
        return iri(f"{self.base}paper/{slug(conference)}/{slug(p.title)}")

    def claim(self, paper: IRI, m: Metric) -> IRI:
        return iri(f"{paper.value}/claim/{m.index}")

    def authorship(self, paper: IRI, position: int) -> IRI:
        return iri(f"{paper.value}/author/{position}")

    def institution(self, iid: str) -> IRI:
        return iri(f"{self.base}institution/{iid}")

    def person(self, pid: str) -> IRI:
        return iri(f"{self.base}person/{pid}")

    def country(self, code: str) -> IRI:
        return iri(f"{self.base}country/{code.lower()}")

    def technique(self, cid: str) -> IRI:
        return iri(f"{self.base}technique/{cid}")

    def scheme(self) -> IRI:
        return iri(f"{self.base}techniques")

    def discovered_scheme(self) -> IRI:
        return iri(f"{self.base}techniques/discovered")

    def entity(self, etype: str, eid: str) -> IRI:
        if etype == "method":  # "method-2pl", kept apart from systems' ids: …/method/2pl
            eid = eid.removeprefix("method-")
        return iri(f"{self.base}{_ENTITY_PATHS.get(etype, etype)}/{eid}")

    def unit(self, code: str) -> IRI:
        return iri(f"{self.base}unit/{slug(code.replace('/', ' per ').replace('%', 'percent'))}")

    def measure(self, name: str) -> IRI:
        return iri(f"{self.base}measure/{name}")

    def source(self, notes: NotesFile) -> IRI:
        return iri(f"{self.base}source/{slug(notes.name)}")

    def graph(self, notes: NotesFile) -> IRI:
        return iri(f"{self.base}graph/{slug(notes.name)}")

    def lexicon_graph(self) -> IRI:
        return iri(f"{self.base}graph/lexicon")

    def dataset(self) -> IRI:
        return iri(f"{self.base}dataset")
