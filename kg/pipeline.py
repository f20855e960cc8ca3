"""Steps 1 to 3 for a whole corpus, one notes file at a time.

What a notes file says depends only on that file and the lexicons: it is
read (:func:`~kg.notes.read_file`), understood
(:meth:`~kg.extract.Extractor.file_facts`) and stated
(:func:`~kg.graph.file_statements`) on its own. So large corpora are shared
out among worker processes, and each file's result is remembered in a
:class:`~kg.cache.Cache`: a rebuild redoes only the files that changed.

Then, in the main process and in file order, what crosses files: a DOI seen
in an earlier file drops the later copy (that file is redone without it),
the files' knowledge is merged, and the lexicon graph describes everything
the papers named.
"""

from __future__ import annotations

import gc
import multiprocessing as mp
import os
import pickle
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

from . import cache as cache_mod
from .cache import Cache
from .errors import NotesError
from .extract import Extractor, merge_knowledge
from .graph import GraphPart, Iris, Statements, file_statements, lexicon_statements
from .lexicon import Lexicon
from .notes import Settings, drop_duplicates, read_file, settings_for
from .records import Corpus, Knowledge, NotesFile

PARALLEL_FROM = 1_000_000  # bytes of notes to redo: below this one process is quicker
_MAX_WORKERS = 8


@dataclass
class FileResult:
    """One notes file read, understood and stated."""

    notes: NotesFile
    knowledge: Knowledge  # of this file alone
    graph: GraphPart


@dataclass
class _Job:
    path: Path
    name: str
    settings: Settings = field(default_factory=Settings)
    key: str = ""
    data: bytes = b""


class _Work:
    """What each worker process needs (inherited when it forks, never pickled)."""

    def __init__(self, lexicon: Lexicon, base: str, cache: Cache) -> None:
        self.lexicon = lexicon
        self.extractor = Extractor(lexicon)
        self.iris = Iris(base)
        self.cache = cache

    def state(self, notes: NotesFile) -> FileResult:
        """Steps 2 and 3 for one file already read."""
        know = self.extractor.file_facts(notes)
        part = file_statements(notes, know.papers, know, self.iris, self.lexicon, turtle=True)
        return FileResult(notes, know, part)

    def file(self, job: _Job) -> tuple[FileResult, bytes]:
        """Steps 1 to 3 for one file, remembered: the result, and pickled when the cache
        keeps it (else ``b""``)."""
        notes = read_file(job.path, self.lexicon.labels, job.name, job.data, job.settings)
        result = self.state(notes)
        data = self.dumps(result) if self.cache.directory is not None else b""
        self.cache.put(job.key, data)
        return result, data

    # The institutions, countries and entities a file names are mostly the lexicon's own:
    # they are pickled as a mark (None) and taken back from the lexicon when loaded, so
    # that reading a result does not make a copy of each (the cache's key names the
    # lexicon, so the marks always refer to the lexicon they were made with).

    def dumps(self, result: FileResult) -> bytes:
        know = result.knowledge
        marked = replace(
            know,
            **{name: _marked(getattr(know, name), table) for name, table in self._tables()},
        )
        return pickle.dumps(replace(result, knowledge=marked), pickle.HIGHEST_PROTOCOL)

    def loads(self, data: bytes | None) -> FileResult | None:
        """A remembered result; ``None`` for none, or for an entry that cannot be read back
        (cut short, or written by another version of Python), which is then redone."""
        if not data:
            return None
        try:
            result = pickle.loads(data)
            if not isinstance(result, FileResult):
                return None
            for name, table in self._tables():
                found = getattr(result.knowledge, name)
                for key, value in found.items():
                    if value is None:
                        found[key] = table[key]
        except Exception:
            return None
        return result

    def _tables(self) -> list[tuple[str, Mapping[str, object]]]:
        lexicon = self.lexicon
        return [
            ("institutions", lexicon.institutions),
            ("countries", lexicon.countries),
            ("entities", lexicon.entities),
        ]


def _marked(found: dict[str, object], table: Mapping[str, object]) -> dict[str, object]:
    """``found`` with None for each value that is the lexicon's own."""
    return {key: None if table.get(key) is value else value for key, value in found.items()}


_WORK: _Work | None = None


def _work_on(jobs: list[tuple[int, _Job]]) -> list[tuple[int, bytes]]:
    """In a worker process: some files, each as its pickled result; ``b""`` for a result
    the cache holds (the main process reads it there: a file is cheaper than a pipe)."""
    assert _WORK is not None
    out = []
    for index, job in jobs:
        result, data = _WORK.file(job)
        out.append((index, b"" if data else _WORK.dumps(result)))
    return out


def build_statements(
    files: list[tuple[Path, str]],
    lexicon: Lexicon,
    base: str,
    cache: Cache | None = None,
    workers: int = 0,
    done: Callable[[int], None] | None = None,
    conference: str = "",
) -> tuple[Knowledge, Statements]:
    """Read, understand and state the notes ``files`` (each a path and its stable name).

    ``workers`` processes share the files out (default: the CPUs, or
    ``KG_WORKERS``); ``done`` is called with each number of files finished.
    The result is the same whatever the number of workers and whatever the
    cache held.
    """
    with _no_collection():
        return _build(files, lexicon, base, cache or Cache(None), workers, done, conference)


@contextmanager
def _no_collection() -> Iterator[None]:
    """Python's cycle collector paused: the statements are made of many objects that live
    on, and collecting them again and again as they pile up costs a tenth of the build.
    Worker processes inherit the pause; they make no lasting cycles and exit.

    Afterwards the objects made meanwhile join the oldest generation: left in the
    youngest, the first allocation after the pause would walk all of them at once."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if gc.get_freeze_count() == 0:  # unfreeze would release what others froze
            gc.freeze()  # every tracked object to the permanent generation,
            gc.unfreeze()  # and from there to the oldest one
        if was:
            gc.enable()


def _build(
    files: list[tuple[Path, str]],
    lexicon: Lexicon,
    base: str,
    cache: Cache,
    workers: int,
    done: Callable[[int], None] | None,
    conference: str = "",
) -> tuple[Knowledge, Statements]:
    work = _Work(lexicon, base, cache)
    config = cache_mod.key(cache_mod.code_fingerprint(), lexicon.fingerprint, base)
    jobs = [_Job(path, name, settings_for(path, conference)) for path, name in files]
    results: list[FileResult | None] = [None] * len(jobs)
    todo: list[tuple[int, _Job]] = []
    for index, job in enumerate(jobs):
        try:
            data = job.path.read_bytes()
        except OSError as exc:
            raise NotesError(f"cannot read: {exc.strerror}", str(job.path)) from exc
        job.key = cache_mod.key(config, str(job.path), job.name, repr(job.settings), data)
        results[index] = work.loads(cache.get(job.key))
        if results[index] is not None:
            if done is not None:
                done(1)
        else:
            job.data = data  # read once: the worker parses these bytes
            todo.append((index, job))
    for index, result in _run(work, todo, workers, done):
        results[index] = result
    found = [r for r in results if r is not None]
    assert len(found) == len(jobs)
    corpus = Corpus(files=[r.notes for r in found])
    for index, positions in drop_duplicates(corpus).items():
        # a file that lost papers to an earlier file: its result without them
        problems = found[index].notes.problems  # as reported now, naming the first copy
        again_key = cache_mod.key(jobs[index].key, repr(positions))
        again = work.loads(cache.get(again_key))
        if again is not None:
            found[index] = again
        else:
            found[index] = work.state(found[index].notes)
            if cache.directory is not None:
                cache.put(again_key, work.dumps(found[index]))
        found[index].notes.problems = problems
        corpus.files[index] = found[index].notes
    know = Knowledge(corpus=corpus, concepts=dict(lexicon.concepts))
    iris = work.iris
    graphs: dict[str, GraphPart] = {}
    for result in found:
        merge_knowledge(know, result.knowledge)
        graphs[iris.graph(result.notes)] = result.graph
    graphs[iris.lexicon_graph()] = lexicon_statements(know, iris, lexicon)
    cache.forget_unused()
    return know, Statements({g: part for g, part in graphs.items() if part.lines or part.head})


def _run(
    work: _Work, todo: list[tuple[int, _Job]], workers: int, done: Callable[[int], None] | None
) -> Iterator[tuple[int, FileResult]]:
    """The results of the files to do, as they come, from worker processes when that pays."""
    workers = workers or int(os.environ.get("KG_WORKERS", "0")) or (os.cpu_count() or 1)
    workers = min(workers, _MAX_WORKERS, len(todo))
    size = sum(len(job.data) for _, job in todo)
    if workers < 2 or size < PARALLEL_FROM or "fork" not in mp.get_all_start_methods():
        for index, job in todo:
            yield index, work.file(job)[0]
            if done is not None:
                done(1)
        return
    global _WORK
    _WORK = work
    work.extractor.warm()  # build the lookup tables once, before forking
    try:
        with mp.get_context("fork").Pool(workers) as pool:
            jobs = dict(todo)
            for part in pool.imap_unordered(_work_on, _chunks(todo, workers * 4)):
                for index, data in part:
                    result = work.loads(data or work.cache.get(jobs[index].key))
                    if result is None:  # its entry is gone (another build tidied the cache)
                        result = work.file(jobs[index])[0]
                    yield index, result
                if done is not None:
                    done(len(part))
    finally:
        _WORK = None


def _chunks(todo: list[tuple[int, _Job]], parts: int) -> list[list[tuple[int, _Job]]]:
    """Consecutive runs of files holding about the same number of bytes."""
    total = sum(len(job.data) for _, job in todo) or 1
    chunks: list[list[tuple[int, _Job]]] = [[]]
    acc = 0
    for item in todo:
        if chunks[-1] and acc >= total * len(chunks) / parts:
            chunks.append([])
        chunks[-1].append(item)
        acc += len(item[1].data)
    return chunks
