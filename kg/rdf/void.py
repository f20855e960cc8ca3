"""A VoID and DCAT description of the dataset (``void.ttl``): its size, classes,
sources, licence, distributions and the software that made it."""

from __future__ import annotations

from collections.abc import Iterable

from ..records import Knowledge
from ..text import slug
from ..version import __version__
from .formats import FORMATS
from .iris import Iris, check_base
from .knowledge import K_NOTES_FILE
from .statements import LABEL, A, Statements, graph_part
from .terms import Triple, integer, iri, text
from .vocab import DCAT, DCTERMS, KG, PROV, SCHEMA, VOID, prefixes

DEFAULT_LICENSE = "https://creativecommons.org/licenses/by/4.0/"


def _short(cls: str, base: str) -> str:
    """``kg-Paper`` for kg:Paper: a readable IRI segment for a class."""
    for name, ns in prefixes(base).items():
        if cls.startswith(ns) and cls[len(ns) :].isidentifier():
            return f"{name}-{cls[len(ns) :]}"
    return slug(cls)


def describe(
    statements: Statements,
    know: Knowledge,
    base: str,
    formats: Iterable[str] = ("turtle",),
    license_iri: str = DEFAULT_LICENSE,
) -> Statements:
    """The dataset's description, as statements of their own."""
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
        Triple(ds, iri(VOID.vocabulary), iri(KG._NS)),
    ]
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
        out += [
            Triple(ds, iri(DCAT.distribution), dist),
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
