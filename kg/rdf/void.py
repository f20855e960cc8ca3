"""A VoID and DCAT description of the dataset (``void.ttl``): its size, classes,
sources, licence, distributions and the software that made it."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from ..records import Knowledge
from ..text import slug
from ..version import __version__
from .formats import FORMATS
from .iris import Iris, check_base
from .knowledge import K_NOTES_FILE
from .prefixes import DEFAULT_LICENSE
from .statements import LABEL, A, Statements, graph_part
from .terms import XSD, Triple, integer, iri, text, typed
from .vocab import DCAT, DCTERMS, PROV, SCHEMA, VOID, prefixes

XSD_DATE = iri(XSD + "date")


def _short(cls: str, base: str) -> str:
    """``kg-Paper`` for kg:Paper: a readable IRI segment for a class."""
    for name, ns in prefixes(base).items():
        if cls.startswith(ns) and cls[len(ns) :].isidentifier():
            return f"{name}-{cls[len(ns) :]}"
    return slug(cls)


# namespaces of data, not of vocabularies: kg's own IRIs and the registries it links to
_DATA = ("http://www.wikidata.org/entity/",)


def vocabularies(statements: Statements, base: str) -> list[str]:
    """The namespaces of kg's prefixes, other than the data's own, that the statements
    use."""
    text = statements.ntriples()
    return sorted(
        ns
        for ns in prefixes(base).values()
        if not ns.startswith(base) and ns not in _DATA and b"<" + ns.encode() in text
    )


def version_of(statements: Statements) -> str:
    """A version of the dataset: the start of the SHA-256 of its N-Triples."""
    return "sha256-" + hashlib.sha256(statements.ntriples()).hexdigest()[:16]


def describe(
    statements: Statements,
    know: Knowledge,
    base: str,
    formats: Iterable[str] = ("turtle",),
    license_iri: str = DEFAULT_LICENSE,
    dates: tuple[str, str] | None = None,
) -> Statements:
    """The dataset's description, as statements of their own. ``dates``: the days it was
    created and last modified (:func:`kg.files.dates_of`), as ``dcterms:created`` and
    ``dcterms:modified``; its version is a digest of its statements, so that the same
    graph gives the same description."""
    iris = Iris(check_base(base))
    ds = iris.dataset()
    classes = statements.classes()
    papers, files = len(know.papers), len(know.corpus.files)
    out = [
        Triple(ds, A, iri(VOID.Dataset)),
        Triple(ds, A, iri(DCAT.Dataset)),
        Triple(ds, iri(DCTERMS.title), text("Knowledge graph of conference-paper notes", "en")),
        Triple(
            ds,
            iri(DCTERMS.description),
            text(f"{papers} papers read by kg from {files} notes file(s).", "en"),
        ),
        Triple(ds, iri(DCTERMS.license), iri(license_iri)),
        Triple(ds, iri(VOID.triples), integer(len(statements))),
        Triple(ds, iri(VOID.distinctSubjects), integer(statements.subjects())),
        Triple(ds, iri(VOID.classes), integer(len(classes))),
        Triple(ds, iri(VOID.uriSpace), text(iris.base)),
        Triple(ds, iri(DCAT.version), text(version_of(statements))),
    ]
    if dates is not None:
        out += [
            Triple(ds, iri(DCTERMS.created), typed(dates[0], XSD_DATE)),
            Triple(ds, iri(DCTERMS.modified), typed(dates[1], XSD_DATE)),
        ]
    out += [Triple(ds, iri(VOID.vocabulary), iri(v)) for v in vocabularies(statements, base)]
    for cls in sorted(classes):
        part = iri(f"{ds.value}/class/{_short(cls, base)}")
        out += [
            Triple(ds, iri(VOID.classPartition), part),
            Triple(part, iri(VOID["class"]), iri(cls)),
            Triple(part, iri(VOID.entities), integer(classes[cls])),
        ]
    build = iri(f"{ds.value}/build")
    agent = iri(f"{ds.value}/generator")
    for notes in know.corpus.files:
        src = iris.source(notes)
        out += [
            Triple(ds, iri(DCTERMS.source), src),
            Triple(src, A, K_NOTES_FILE),
            Triple(src, LABEL, text(notes.name)),
            Triple(build, iri(PROV.used), src),
        ]
        if notes.sha256:
            out.append(Triple(src, iri(SCHEMA.sha256), text(notes.sha256)))
    out += [
        Triple(ds, iri(PROV.wasGeneratedBy), build),
        Triple(build, A, iri(PROV.Activity)),
        Triple(build, iri(PROV.wasAssociatedWith), agent),
        Triple(agent, A, iri(PROV.SoftwareAgent)),
        Triple(agent, LABEL, text("kg")),
        Triple(agent, iri(SCHEMA.softwareVersion), text(__version__)),
        Triple(ds, iri(DCTERMS.creator), agent),
    ]
    for fmt in formats:
        name, media = FORMATS[fmt].file_name, FORMATS[fmt].media_type
        dist = iri(f"{ds.value}/distribution/{slug(name)}")
        dump = iri(f"{ds.value}/{name}")  # where the file is, published under the base
        out += [
            Triple(ds, iri(DCAT.distribution), dist),
            Triple(ds, iri(VOID.dataDump), dump),
            Triple(dist, iri(DCAT.downloadURL), dump),
            Triple(dist, A, iri(DCAT.Distribution)),
            Triple(dist, iri(DCTERMS.title), text(name)),
            Triple(
                dist,
                iri(DCAT.mediaType),
                iri(f"https://www.iana.org/assignments/media-types/{media}"),
            ),
            Triple(dist, iri(DCTERMS.license), iri(license_iri)),
        ]
    return Statements({ds: graph_part([], out)})
