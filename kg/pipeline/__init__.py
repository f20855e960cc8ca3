"""Steps 1 to 3 for a whole corpus, one notes file at a time.

What a notes file says depends only on that file and the lexicons: it is
read (:func:`kg.notes.read_file`), understood (:func:`kg.extract.file_knowledge`)
and stated (:func:`kg.rdf.file_statements`) on its own. So large corpora are
shared out among worker processes, and each file's result is remembered in a
:class:`~.cache.Cache`: a rebuild redoes only the files that changed.

Then, in the main process and in file order, what crosses files: a DOI seen
in an earlier file drops the later copy (that file is redone without it), the
files' knowledge is merged, and the lexicon graph describes everything the
papers named.
"""

from __future__ import annotations

import multiprocessing as mp
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .. import collector
from ..errors import KgError, NotesError
from ..extract import Tables, file_knowledge, merge_knowledge, tables_for
from ..files import NotesPath, Settings, settings_for
from ..lexicon import Lexicon
from ..notes import Labels, drop_duplicates, labels_for, read_file
from ..rdf import (
    GraphPart,
    Iris,
    Statements,
    check_base,
    file_statements,
    lexicon_statements,
)
from ..rdf.statements import parse_triples
from ..rdf.terms import IRI
from ..records import Corpus, Knowledge, NotesFile, PaperFacts
from . import cache as cache_mod
from .cache import Cache, Facts, FileRecord, Part

__all__ = ["Cache", "build_statements"]

PARALLEL_FROM = 1_000_000  # bytes of notes to redo: below this one process is quicker
_MAX_WORKERS = 8


@dataclass(frozen=True)
class _Job:
    index: int
    path: Path
    name: str
    settings: Settings
    key: str
    data: bytes


@dataclass(frozen=True)
class _Work:
    """What each step needs, built once (worker processes inherit it when they fork)."""

    lexicon: Lexicon
    labels: Labels
    tables: Tables
    iris: Iris

    def file(self, job: _Job) -> FileRecord:
        """Steps 1 to 3 for one file."""
        notes = read_file(job.path, self.labels, job.name, job.data, job.settings)
        return self.state(notes)

    def state(self, notes: NotesFile) -> FileRecord:
        """Steps 2 and 3 for one file already read."""
        know = file_knowledge(notes, self.tables)
        part = file_statements(notes, know.papers, know, self.iris, self.lexicon, turtle=True)
        return _record(know, part, self.lexicon)


def build_statements(
    files: list[NotesPath],
    lexicon: Lexicon,
    base: str,
    cache: Cache | None = None,
    workers: int = 0,
    done: Callable[[int], None] | None = None,
    conference: str = "",
) -> tuple[Knowledge, Statements, list[str]]:
    """Read, understand and state the notes ``files``.

    ``workers`` processes share the files out (default: ``KG_WORKERS``, else the
    CPUs when there are more than :data:`PARALLEL_FROM` bytes of notes to read);
    ``done`` is called with each number of files finished. The result is the same
    whatever the number of workers and whatever the cache held; it says which files
    were read anew (the others came from the cache).
    """
    with collector.paused():  # bench/tricks.py --papers 10000: 23.7 s -> 22.7 s (1 process)
        return _build(files, lexicon, base, cache or Cache(None), workers, done, conference)


def _build(
    files: list[NotesPath],
    lexicon: Lexicon,
    base: str,
    cache: Cache,
    workers: int,
    done: Callable[[int], None] | None,
    conference: str,
) -> tuple[Knowledge, Statements, list[str]]:
    work = _Work(lexicon, labels_for(lexicon), tables_for(lexicon), Iris(base))
    config = cache_mod.key(cache_mod.code_fingerprint(), lexicon.fingerprint, base)
    results: list[tuple[NotesFile, Knowledge, GraphPart] | None] = [None] * len(files)
    keys: list[str] = []
    todo: list[_Job] = []
    for index, found in enumerate(files):
        try:
            data = found.path.read_bytes()
        except OSError as exc:
            raise NotesError(f"cannot read: {exc.strerror}", str(found.path)) from exc
        settings = settings_for(found.path, conference)
        keys.append(cache_mod.key(config, str(found.path), found.name, repr(settings), data))
        results[index] = _result(cache_mod.decode(cache.get(keys[index])), lexicon)
        if results[index] is not None:
            if done is not None:
                done(1)
        else:
            todo.append(_Job(index, found.path, found.name, settings, keys[index], data))
    redone = [job.name for job in todo]
    for job, record in _run(work, todo, workers, done):
        results[job.index] = _result(record, lexicon)
        if cache.directory is not None:
            cache.put(job.key, cache_mod.encode(record))
    done_files = [r for r in results if r is not None]
    if len(done_files) != len(files):
        raise NotesError("a notes file was not read (internal error)", "")
    corpus = Corpus(files=[notes for notes, _, _ in done_files])
    identity = Iris(check_base(base)).paper
    for index, positions in drop_duplicates(corpus, lambda p: identity(p).value).items():
        # a file that lost papers to an earlier file: its result without them
        notes = corpus.files[index]
        problems = notes.problems  # as reported now, naming the first copy
        again_key = cache_mod.key(keys[index], repr(positions))
        again = _result(cache_mod.decode(cache.get(again_key)), lexicon)
        if again is None:
            redone.append(notes.name)
            record = work.state(notes)
            if cache.directory is not None:
                cache.put(again_key, cache_mod.encode(record))
            again = _result(record, lexicon)
        if again is None:
            raise NotesError("a notes file's result could not be made (internal error)", "")
        again[0].problems = problems
        done_files[index] = again
        corpus.files[index] = again[0]
    know = Knowledge(corpus=corpus, concepts=dict(lexicon.concepts))
    graphs: dict[IRI, GraphPart] = {}
    for notes, part_know, part in done_files:
        merge_knowledge(know, part_know)
        graphs[work.iris.graph(notes)] = part
    graphs[work.iris.lexicon_graph()] = lexicon_statements(know, work.iris, lexicon)
    cache.forget_unused()
    statements = Statements({g: part for g, part in graphs.items() if part.lines or part.head})
    return know, statements, redone


def _run(
    work: _Work, todo: list[_Job], workers: int, done: Callable[[int], None] | None
) -> Iterator[tuple[_Job, FileRecord]]:
    """The records of the files to do, as they come, from worker processes when that pays."""
    chosen = workers or int(os.environ.get("KG_WORKERS", "0"))
    workers = min(chosen or os.cpu_count() or 1, _MAX_WORKERS, len(todo))
    if not chosen and sum(len(job.data) for job in todo) < PARALLEL_FROM:
        workers = 1  # a small corpus: starting processes costs more than they save
    if workers < 2 or "fork" not in mp.get_all_start_methods():
        for job in todo:
            yield job, work.file(job)
            if done is not None:
                done(1)
        return
    # the forked workers inherit the work from this module (nothing is pickled)
    global _WORK  # noqa: PLW0603
    _WORK = work
    try:
        with mp.get_context("fork").Pool(workers) as pool:
            jobs = {job.index: job for job in todo}
            for part in pool.imap_unordered(_work_on, _chunks(todo, workers * 4)):
                for index, data in part:
                    record = cache_mod.decode(data)
                    if record is None:
                        raise NotesError("a worker's result could not be read", str(index))
                    yield jobs[index], record
                if done is not None:
                    done(len(part))
    finally:
        _WORK = None


_WORK: _Work | None = None  # set while worker processes run (they inherit it)


def _work_on(jobs: list[_Job]) -> list[tuple[int, bytes]]:
    """In a worker process: some files, each as its encoded record."""
    if _WORK is None:
        raise RuntimeError("kg worker started without its work")
    return [(job.index, cache_mod.encode(_WORK.file(job))) for job in jobs]


def _chunks(todo: list[_Job], parts: int) -> list[list[_Job]]:
    """Consecutive runs of files holding about the same number of bytes."""
    total = sum(len(job.data) for job in todo) or 1
    chunks: list[list[_Job]] = [[]]
    acc = 0
    for job in todo:
        if chunks[-1] and acc >= total * len(chunks) / parts:
            chunks.append([])
        chunks[-1].append(job)
        acc += len(job.data)
    return chunks


# --- records: a file's result as data, and back ----------------------------------------


def _record(know: Knowledge, part: GraphPart, lexicon: Lexicon) -> FileRecord:
    (notes,) = know.corpus.files
    return FileRecord(
        notes=notes,
        facts=[
            Facts(
                institutions=f.institutions,
                people=f.people,
                authors=f.authors,
                countries=f.countries,
                techniques=f.techniques,
                topics=f.topics,
                systems=f.systems,
                baselines=f.baselines,
                mentions=f.mentions,
                metrics=f.metrics,
            )
            for f in know.papers
        ],
        institutions=list(know.institutions),
        unresolved=[i for i in know.institutions.values() if not i.resolved],
        people=list(know.people.values()),
        countries=list(know.countries),
        entities=list(know.entities),
        new_entities=[e for k, e in know.entities.items() if lexicon.entities.get(k) is not e],
        new_concepts=[c for c in know.concepts.values() if c.scheme],
        unresolved_at=know.unresolved_at,
        problems=know.problems,
        graph=Part(
            head=_head_text(part),
            body=part.body,
            lines=part.lines,
            subjects=[str(s) for s in part.subjects],
            classes=part.classes,
            turtle=part.turtle,
        ),
    )


def _head_text(part: GraphPart) -> bytes:
    lines = [t.line() for t in part.head]
    return (" .\n".join(lines) + " .\n").encode("utf-8") if lines else b""


def _result(
    record: FileRecord | None, lexicon: Lexicon
) -> tuple[NotesFile, Knowledge, GraphPart] | None:
    """A record back as the file's records, its knowledge and its named graph; None for
    none, or for one that does not fit (names what the lexicon does not hold, holds
    facts for papers it does not have, or statements that are no N-Triples)."""
    if record is None:
        return None
    try:
        return _unpack(record, lexicon)
    except (KeyError, ValueError, SyntaxError, KgError):
        return None


def _unpack(record: FileRecord, lexicon: Lexicon) -> tuple[NotesFile, Knowledge, GraphPart]:
    notes = record.notes
    unresolved = {i.id: i for i in record.unresolved}
    new = {e.id: e for e in record.new_entities}
    know = Knowledge(
        corpus=Corpus(files=[notes]),
        papers=[
            PaperFacts(
                paper=paper,
                institutions=list(f.institutions),
                people=list(f.people),
                authors=list(f.authors),
                countries=list(f.countries),
                techniques=list(f.techniques),
                topics=list(f.topics),
                systems=list(f.systems),
                baselines=list(f.baselines),
                mentions=list(f.mentions),
                metrics=list(f.metrics),
            )
            for paper, f in zip(notes.papers, record.facts, strict=True)
        ],
        institutions={i: unresolved.get(i) or lexicon.institutions[i] for i in record.institutions},
        people={p.id: p for p in record.people},
        countries={c: lexicon.countries[c] for c in record.countries},
        entities={e: new.get(e) or lexicon.entities[e] for e in record.entities},
        concepts={c.id: c for c in record.new_concepts},
        problems=list(record.problems),
        unresolved_at=dict(record.unresolved_at),
    )
    g = record.graph
    part = GraphPart(
        head=tuple(parse_triples(g.head)),
        body=g.body,
        lines=g.lines,
        subjects=tuple(IRI(s) for s in g.subjects),
        classes=dict(g.classes),
        turtle=g.turtle,
    )
    return notes, know, part
