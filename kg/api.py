"""The whole pipeline behind one call; the CLI and library users both use this."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import pyoxigraph as ox
import rdflib

from . import cache as cache_mod
from . import resources
from .cache import Cache
from .errors import KgError, NotesError
from .graph import Statements, oxigraph_graph, to_graph
from .html import DRAWING_LIBRARIES, HtmlOptions, shows_map, write_html
from .html import prepare as prepare_html
from .iri import check_base
from .lexicon import load_lexicon
from .notes import notes_files
from .pipeline import build_statements
from .progress import Stages, progress_bar
from .records import Knowledge, Problem
from .store import atomic_write
from .vocab import DEFAULT_BASE


class NotesWarning(UserWarning):
    """Something in the notes kg used with doubts, or could not use."""


@dataclass
class Build:
    """Everything one build produced: what was understood, and the statements."""

    knowledge: Knowledge
    statements: Statements
    base: str

    @property
    def problems(self) -> list[Problem]:
        return sorted(
            [*self.knowledge.corpus.all_problems, *self.knowledge.problems],
            key=lambda p: (p.path, p.line, p.message),
        )

    @property
    def graph(self) -> rdflib.Graph:
        return to_graph(self.statements)


def build_all(
    paths: Iterable[str | Path] | None = None,
    *,
    base: str = DEFAULT_BASE,
    lexicons: Sequence[str | Path] = (),
    stages: Stages | None = None,
    progress: bool = False,
    cache_dir: str | Path | None = None,
    workers: int = 0,
    conference: str = "",
) -> Build:
    """Read, understand and state: the three first steps of the pipeline.

    ``stages`` records the seconds each step takes; ``progress`` draws a
    progress bar on a terminal while the files are done. With ``cache_dir``,
    each file's result is remembered there and a rebuild redoes only the
    files that changed. ``workers`` processes share large corpora out
    (default: the CPUs, or ``KG_WORKERS``). ``conference`` ("OSDI 2020") names the
    conference of notes that do not say it (else a ``kg.yaml`` beside them may).
    """
    stages = stages or Stages()
    base = check_base(base)
    with stages("lexicon"):
        lexicon = load_lexicon(lexicons)
    paths = list(paths) if paths is not None else [resources.default_notes_dir()]
    files = notes_files(paths)
    with stages("notes"):
        done = progress_bar(len(files), progress, unit="files")
        knowledge, statements = build_statements(
            files, lexicon, base, Cache(cache_dir), workers, done, conference
        )
    return Build(knowledge, statements, base)


def start_page(
    build: Build, path: str | Path, cache_dir: str | Path | None = None
) -> Callable[[], Path]:
    """Begin writing ``graph.html`` for a build; call what it returns to finish it.

    Oxigraph loads the page's graph, and Python the drawing libraries, in the
    background (Oxigraph does not hold the GIL) while the caller writes other
    files. A large corpus opens on the institution-technique map, which needs
    only the outline of the graph. With ``cache_dir``, a page whose input did
    not change since the last build is taken from there instead of being drawn
    again.
    """
    statements = build.statements
    if shows_map(HtmlOptions(), len(build.knowledge.papers)):
        statements = statements.outline()
    cache = Cache(Path(cache_dir) / "pages" if cache_dir is not None else None)
    entry = cache_mod.key(cache_mod.code_fingerprint(), *_drawn_by(), statements.ntriples())
    html = cache.get(entry)
    if html is not None:
        drawn = html

        def copy() -> Path:
            cache.forget_unused()
            return atomic_write(path, lambda tmp: tmp.write_bytes(drawn))

        return copy
    background = ThreadPoolExecutor(max_workers=2)
    graph = background.submit(to_graph, statements)
    libraries = background.submit(prepare_html)
    background.shutdown(wait=False)

    def draw() -> Path:
        libraries.result()
        written = write_html(graph.result(), path)
        if cache.directory is not None:
            cache.put(entry, written.read_bytes())
        cache.forget_unused()
        return written

    return draw


def _drawn_by() -> list[str]:
    """What else a page depends on: the libraries that draw and lay it out."""
    return [f"{name} {metadata.version(name)}" for name in DRAWING_LIBRARIES]


def build(
    paths: Iterable[str | Path] | None = None,
    *,
    base: str = DEFAULT_BASE,
    lexicons: Sequence[str | Path] = (),
    strict: bool = False,
    conference: str = "",
) -> rdflib.Graph:
    """Build the knowledge graph of the notes under ``paths`` (default: kg's ``data/``).

    Problems in the notes are issued as :class:`NotesWarning` warnings; with
    ``strict=True`` the first one is raised as :class:`~kg.errors.NotesError`.
    """
    result = build_all(paths, base=base, lexicons=lexicons, conference=conference)
    for problem in result.problems:
        if strict:
            raise NotesError(problem.message, problem.path, problem.line, problem.excerpt)
        warnings.warn(str(problem), NotesWarning, stacklevel=2)
    return result.graph


def load(path: str | Path) -> rdflib.Graph:
    """Load a graph kg wrote (.ttl, .nt, .trig, .nq) into an Oxigraph-backed rdflib Graph."""
    path = Path(path)
    formats = {
        ".ttl": ox.RdfFormat.TURTLE,
        ".nt": ox.RdfFormat.N_TRIPLES,
        ".trig": ox.RdfFormat.TRIG,
        ".nq": ox.RdfFormat.N_QUADS,
    }
    if path.suffix not in formats:
        raise KgError(
            f"{path}: cannot load {path.suffix or 'this'} files; use .ttl, .nt, .trig or .nq"
        )
    graph, store = oxigraph_graph()
    rdf_format = formats[path.suffix]
    try:
        if rdf_format.supports_datasets:  # the union of the named graphs, as one graph
            quads = ox.parse(path=str(path), format=rdf_format)
            store.bulk_extend(ox.Quad(q.subject, q.predicate, q.object) for q in quads)
        else:  # loaded by Oxigraph without a Python loop
            store.bulk_load(path=str(path), format=rdf_format)
    except (OSError, SyntaxError) as exc:
        raise KgError(f"{path}: {exc}") from exc
    return graph
