"""Results remembered per notes file, so that a rebuild redoes only what changed.

An entry is named by a SHA-256 of everything its result depends on: the notes
file's bytes, name and path, the lexicons, the base IRI and kg's own code (all
of its Python files). A changed input gives a new name, so a stale entry is
never used; entries the last build did not use are removed after it.

An entry is data, never code: a :class:`FileRecord` encoded with msgspec
(MessagePack), decoded only into kg's own record types. An entry that cannot be
decoded (cut short, written by another version, or not kg's at all) is a miss:
the file is read again. Entries are written atomically.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from functools import lru_cache
from pathlib import Path

import msgspec

from .. import files
from ..records import Concept, Entity, Institution, Metric, NotesFile, Person, Problem
from ..version import __version__

CACHE_DIR_NAME = ".kg-cache"
_SUFFIX = ".msgpack"
FORMAT = 2  # the layout of an entry; a new layout gives new keys


class Facts(msgspec.Struct, frozen=True):
    """What kg understood of one paper (:class:`~kg.records.PaperFacts` without the paper,
    which the file's record holds)."""

    institutions: list[str]
    people: list[str]
    authors: list[tuple[str, tuple[str, ...]]]
    countries: list[str]
    techniques: list[str]
    systems: list[str]
    baselines: list[str]
    mentions: list[str]
    metrics: list[Metric]


class Part(msgspec.Struct, frozen=True):
    """A file's named graph (:class:`~kg.rdf.statements.GraphPart`), as text."""

    head: bytes  # N-Triples
    body: bytes  # N-Triples, sorted
    lines: int
    subjects: list[str]
    classes: dict[str, int]
    turtle: bytes | None


class FileRecord(msgspec.Struct, frozen=True):
    """One notes file read, understood and stated: what a cache entry holds."""

    notes: NotesFile
    facts: list[Facts]
    institutions: list[str]  # every institution named, in order
    unresolved: list[Institution]  # those kg does not know
    people: list[Person]
    countries: list[str]
    entities: list[str]  # every entity named, in order
    new_entities: list[Entity]  # those the lexicon does not hold
    unresolved_at: dict[str, str]
    problems: list[Problem]
    graph: Part
    new_concepts: list[Concept] = msgspec.field(default_factory=list)  # discovered techniques


_ENCODER = msgspec.msgpack.Encoder()
_DECODER = msgspec.msgpack.Decoder(FileRecord)


def encode(record: FileRecord) -> bytes:
    return _ENCODER.encode(record)


def decode(data: bytes | None) -> FileRecord | None:
    """A record, or None for no entry or one that is not a record of this version."""
    if not data:
        return None
    try:
        return _DECODER.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None


class Cache:
    """A folder of entries, or nothing at all (``directory=None``: every lookup misses)."""

    def __init__(self, directory: str | Path | None) -> None:
        self.directory = Path(directory) if directory is not None else None
        self.used: set[str] = set()

    def get(self, key: str) -> bytes | None:
        self.used.add(key)
        if self.directory is None:
            return None
        try:
            return (self.directory / f"{key}{_SUFFIX}").read_bytes()
        except OSError:
            return None

    def put(self, key: str, data: bytes) -> None:
        self.used.add(key)
        if self.directory is None:
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".", suffix=".tmp", dir=self.directory)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            Path(tmp).replace(self.directory / f"{key}{_SUFFIX}")
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def forget_unused(self) -> None:
        """Remove the entries (and leftover temporary files) this build did not use."""
        if self.directory is None or not self.directory.is_dir():
            return
        for path in self.directory.iterdir():
            stale = path.suffix in (".tmp", ".pickle") or (
                path.suffix == _SUFFIX and path.name[: -len(_SUFFIX)] not in self.used
            )
            if stale and path.is_file():
                path.unlink(missing_ok=True)


def key(*parts: str | bytes) -> str:
    """A SHA-256 of the parts, each length-prefixed (so no two lists give one key)."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """A SHA-256 of kg's version, the entry layout and its code: new code never reuses
    old results."""
    sources = files.code_files()
    return key(
        __version__,
        str(FORMAT),
        *(p.name for p in sources),
        *(p.read_bytes() for p in sources),
    )
