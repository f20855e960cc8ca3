"""The whole pipeline behind a few calls; the command line is a thin layer over these.

- :func:`build_all`: notes -> records -> knowledge -> statements (a :class:`Build`);
- :func:`write`: everything ``kg build`` writes for a build (RDF files, ``void.ttl``,
  ``graph.html``);
- :func:`build`: the graph of some notes, as an rdflib Graph, in one call.
"""

from __future__ import annotations

import shutil
import warnings
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

import rdflib

from . import files
from .errors import LimitWarning, NotesError
from .lexicon import load_lexicon
from .limits import BUILD_NEEDS, STORE_NEEDS, address_space, shown
from .output import staged, write_bytes, write_description, write_formats
from .pipeline import Cache, build_statements
from .pipeline import cache as cache_mod
from .rdf import OxigraphGraph, Statements, check_base, describe, to_graph, to_store
from .rdf.formats import FORMATS as RDF_FORMATS
from .rdf.prefixes import DEFAULT_LICENSE
from .rdf.vocab import DEFAULT_BASE
from .records import Knowledge, Problem
from .store import prepare_store, publish_store, store_root
from .timing import Stages, progress

CACHE_DIR_NAME = cache_mod.CACHE_DIR_NAME
# every file kg build may write in OUT: one it did not write this time is removed, for it
# would hold an older graph (a format asked for last time only, graph.html with --no-html)
OUTPUT_FILES = frozenset(
    {f.file_name for f in RDF_FORMATS.values()} | {"context.jsonld", "void.ttl", "graph.html"}
)


class NotesWarning(UserWarning):
    """Something in the notes kg used with doubts, or could not use."""


@dataclass
class Build:
    """Everything one build produced: what was understood, and the statements."""

    knowledge: Knowledge
    statements: Statements
    base: str
    redone: list[str] = field(default_factory=list)  # files read anew, not from the cache
    # text files under the notes folders that kg does not read (files.passed_over)
    passed_over: list[str] = field(default_factory=list)

    @property
    def problems(self) -> list[Problem]:
        unread = [Problem("warning", path, 1, _unread(path)) for path in self.passed_over]
        return sorted(
            [*self.knowledge.corpus.all_problems, *self.knowledge.problems, *unread],
            key=lambda p: (p.path, p.line, p.message),
        )

    @property
    def graph(self) -> OxigraphGraph:
        return to_graph(self.statements)


def _unread(path: str) -> str:
    suffix = Path(path).suffix.lower()
    if newer := files.SAVE_AS.get(suffix):
        return (
            f"a {suffix} document kg does not read: its papers are not in the graph; "
            f"save it as {newer} (kg reads Word .docx and Excel .xlsx)"
        )
    return (
        f"a text file kg does not read ({Path(path).suffix} is no notes suffix): "
        "its papers are not in the graph; give it one kg reads (.md, .txt …)"
    )


def build_all(
    paths: str | Path | Iterable[str | Path] | None = None,
    *,
    base: str = DEFAULT_BASE,
    lexicons: Sequence[str | Path] = (),
    stages: Stages | None = None,
    progress_bar: bool = False,
    cache_dir: str | Path | None = None,
    workers: int = 0,
    conference: str = "",
) -> Build:
    """Read, understand and state: the three first steps of the pipeline.

    ``paths`` are notes files and folders (default: kg's sample notes, ``data/``).
    ``stages`` records the seconds each step takes; ``progress_bar`` draws a bar on
    a terminal while the files are done. With ``cache_dir``, each file's result is
    remembered there and a rebuild redoes only the files that changed. ``workers``
    processes share large corpora out (default: the CPUs, or ``KG_WORKERS``).
    ``conference`` ("OSDI 2020") names the conference of notes that do not say it
    (else a ``kg.yaml`` beside them may).
    """
    stages = stages or Stages()
    base = check_base(base)
    room = address_space()
    if room is not None and room < BUILD_NEEDS:
        message = (
            f"the address space is limited to {shown(room)} (ulimit -v); a build may need "
            f"{shown(BUILD_NEEDS)} or more, and stops without a word from kg if it runs out"
        )
        warnings.warn(message, LimitWarning, stacklevel=2)
    with stages("lexicon"):
        lexicon = load_lexicon(lexicons)
    paths = files.given_paths(paths) if paths is not None else [files.default_notes_dir()]
    notes = files.notes_files(paths)
    with stages("notes"), progress(len(notes), progress_bar, unit="files") as done:
        knowledge, statements, redone = build_statements(
            notes, lexicon, base, Cache(cache_dir), workers, done, conference
        )
    unread = [files.shown_name(str(p)) for p in files.passed_over(paths)]
    return Build(knowledge, statements, base, redone, unread)


def write(
    result: Build,
    out_dir: str | Path,
    *,
    formats: Sequence[str] = ("turtle",),
    html: bool = True,
    license_iri: str = DEFAULT_LICENSE,
    cache_dir: str | Path | None = None,
    stages: Stages | None = None,
    store: bool = True,
) -> list[Path]:
    """Write what ``kg build`` writes: ``graph.<suffix>`` in each format, ``void.ttl``
    (the dataset's description), with ``html`` ``graph.html``, and with ``store`` the
    on-disk store ``kg query`` reads (``store/``, :mod:`kg.store`), all published
    together (:func:`kg.output.staged`): an interrupted build leaves the last build's
    files, never some of each. The store is brought up to date, the page's graph
    loaded and its libraries imported in the background while the files are written;
    with ``cache_dir``, a page whose input did not change is copied from there. Returns
    the paths written."""
    stages = stages or Stages()
    room = address_space()
    if store and room is not None and room < STORE_NEEDS:
        message = (
            f"the address space is limited to {shown(room)} (ulimit -v) and the on-disk store "
            f"needs about {shown(STORE_NEEDS)}: no store written (kg query reads the graph file)"
        )
        warnings.warn(message, LimitWarning, stacklevel=2)
        store = False
    background = ThreadPoolExecutor(max_workers=1)
    stored = background.submit(prepare_store, result.statements, out_dir) if store else None
    background.shutdown(wait=False)
    with staged(out_dir, replaces=OUTPUT_FILES) as staging:
        page = None
        if html:
            with stages("html"):
                page = start_page(result, staging / "graph.html", cache_dir)
        with stages("write"):
            written = write_formats(result.statements, staging, formats, result.base)
            dates = files.dates_of(f.path for f in result.knowledge.corpus.files)
            description = describe(
                result.statements, result.knowledge, result.base, formats, license_iri, dates
            )
            written.append(write_description(description, staging, result.base))
        if page is not None:
            with stages("html"):
                written.append(page())
        if stored is not None:
            with stages("store"):
                generation = stored.result()
    if stored is None:  # a store of an earlier build would answer for this one: removed
        shutil.rmtree(store_root(out_dir), ignore_errors=True)
        return [Path(out_dir) / p.name for p in written]
    publish_store(generation)  # right after the files: readers of either see this build
    return [*(Path(out_dir) / p.name for p in written), store_root(out_dir)]


def start_page(
    result: Build, path: str | Path, cache_dir: str | Path | None = None
) -> Callable[[], Path]:
    """Begin writing ``graph.html`` for a build; call what it returns to finish it.

    Oxigraph loads the page's graph, and Python the drawing libraries, in the
    background (Oxigraph does not hold the GIL) while the caller writes other
    files.
    """
    from .html import DRAWING_LIBRARIES, prepare, write_page

    statements = result.statements
    drawn_by = [f"{name} {metadata.version(name)}" for name in DRAWING_LIBRARIES]
    cache = Cache(Path(cache_dir) / "pages" if cache_dir is not None else None)
    entry = cache_mod.key(cache_mod.code_fingerprint(), *drawn_by, statements.ntriples())
    html = cache.get(entry)
    if html is not None:
        drawn = html

        def copy() -> Path:
            cache.forget_unused()
            return write_bytes(path, [drawn])

        return copy
    background = ThreadPoolExecutor(max_workers=2)
    graph = background.submit(to_store, statements)
    libraries = background.submit(prepare)
    background.shutdown(wait=False)

    def draw() -> Path:
        libraries.result()
        written = write_page(graph.result(), path)
        if cache.directory is not None:
            cache.put(entry, written.read_bytes())
        cache.forget_unused()
        return written

    return draw


def build(
    paths: str | Path | Iterable[str | Path] | None = None,
    *,
    base: str = DEFAULT_BASE,
    lexicons: Sequence[str | Path] = (),
    strict: bool = False,
    conference: str = "",
) -> rdflib.Graph:
    """The knowledge graph of the notes under ``paths`` (default: kg's ``data/``), as an
    rdflib Graph backed by Oxigraph.

    Problems in the notes are issued as :class:`NotesWarning` warnings; with
    ``strict=True`` the first one is raised as :class:`~kg.errors.NotesError`.
    """
    result = build_all(paths, base=base, lexicons=lexicons, conference=conference)
    for problem in result.problems:
        if strict:
            raise NotesError(problem.message, problem.path, problem.line, problem.excerpt)
        warnings.warn(str(problem), NotesWarning, stacklevel=2)
    return result.graph
