"""Results remembered per notes file, so that a rebuild redoes only what changed.

An entry is named by a SHA-256 of everything its result depends on: the notes
file's bytes, name and path, the lexicons, the base IRI and kg's own code (all
of its Python files). A changed input gives a new name, so a stale entry is
never used; entries the last build did not use are removed after it.

An entry is data, never code: a :class:`FileRecord` encoded with msgspec
(MessagePack), decoded only into kg's own record types, and sealed with a key only
this user holds (:func:`seal`). An entry that is not sealed so, or cannot be decoded
(cut short, written by another version, or not kg's at all) is a miss: the file is
read again. Entries are written atomically.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import re
import secrets
import stat
import tempfile
import warnings
from functools import lru_cache
from pathlib import Path

import msgspec

from .. import files
from ..errors import CacheWarning
from ..records import Concept, Entity, Institution, Metric, NotesFile, Person, Problem
from ..version import __version__

CACHE_DIR_NAME = files.CACHE_DIR_NAME
_SUFFIX = ".msgpack"
FORMAT = 5  # the layout of an entry; a new layout gives new keys (5: seals bind the name)


class Facts(msgspec.Struct, frozen=True):
    """What kg understood of one paper (:class:`~kg.records.PaperFacts` without the paper,
    which the file's record holds)."""

    institutions: list[str]
    people: list[str]
    authors: list[tuple[str, tuple[str, ...]]]
    countries: list[str]
    techniques: list[str]
    topics: list[str]
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


_TMP_PREFIX = ".kg-entry-"  # an entry being written
# kg's entries (and those of its old layouts, pickles); nothing else in the folder is kg's
_ENTRY_NAME = re.compile(r"([0-9a-f]{64})\.(?:msgpack|pickle)")
MAX_ENTRY = 1 << 30  # bytes: no record of one notes file comes near


def _read_plain_file(path: Path) -> bytes:
    """A regular file's bytes, opened without following a link and without waiting on a
    pipe; anything else raises OSError."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(f.fileno())
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_ENTRY:
            raise OSError(f"{path}: not a cache entry")
        return f.read()


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
        if self.directory is not None:
            _user_key()  # made (or its warning given) here, not in a worker process

    def get(self, key: str) -> bytes | None:
        """The entry's bytes, or None: no entry, or one whose seal (:func:`seal`) does
        not hold, or that is not a plain file of a sane size (a pipe would block, a link
        to /dev/zero never end), which is ignored with a warning and redone."""
        self.used.add(key)
        if self.directory is None:
            return None
        path = self.directory / f"{key}{_SUFFIX}"
        try:
            raw = _read_plain_file(path)
        except FileNotFoundError:
            return None
        except OSError:
            raw = b""
        data = unseal(raw, key)
        if data is None:
            warnings.warn(f"{path}: cache entry damaged or not kg's; redone", CacheWarning, 2)
        return data

    def put(self, key: str, data: bytes) -> None:
        """Store an entry (sealed); a folder that cannot be written turns the cache off
        for the rest of the build, with a warning."""
        self.used.add(key)
        if self.directory is None:
            return
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=_TMP_PREFIX, suffix=".tmp", dir=self.directory)
        except OSError as exc:
            self._off(exc)
            return
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(seal(data, key))
            Path(tmp).replace(self.directory / f"{key}{_SUFFIX}")
        except OSError as exc:
            Path(tmp).unlink(missing_ok=True)
            self._off(exc)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def _off(self, exc: OSError) -> None:
        warnings.warn(
            f"{self.directory}: cannot write the cache ({exc.strerror or exc}); "
            "going on without it",
            CacheWarning,
            3,
        )
        self.directory = None

    def forget_unused(self) -> None:
        """Remove the entries (and leftover temporary files) this build did not use: only
        files named as kg names them (``--cache`` may name a folder that holds the user's
        own files too)."""
        if self.directory is None or not self.directory.is_dir():
            return
        with contextlib.suppress(OSError):  # a cache that cannot be tidied is still a cache
            for path in self.directory.iterdir():
                entry = _ENTRY_NAME.fullmatch(path.name)
                stale = (entry is not None and entry.group(1) not in self.used) or (
                    path.name.startswith(_TMP_PREFIX) and path.suffix == ".tmp"
                )
                if stale and path.is_file() and not path.is_symlink():
                    path.unlink(missing_ok=True)


# An entry on disk: kg's mark, an HMAC-SHA-256 of its name and data, the data. The HMAC's
# key is this user's, kept outside the output folder (:func:`_user_key`), so a damaged
# entry, a file of another program, one written by hand or by someone else into a shared
# folder (a page holding a script, with a correct SHA-256), or an entry copied under
# another entry's name (another file's record) is redone, not trusted.
_MARK = b"kg-cache-entry\x00" + bytes([FORMAT])
KEY_FILE_ENV = "KG_CACHE_KEY_FILE"


def seal(data: bytes, name: str) -> bytes:
    """The entry to store under ``name``."""
    return _MARK + _mac(data, name) + data


def unseal(raw: bytes, name: str) -> bytes | None:
    """The data of the entry stored under ``name``, or None if it is not sealed for it."""
    if not raw.startswith(_MARK):
        return None
    digest, data = raw[len(_MARK) : len(_MARK) + 32], raw[len(_MARK) + 32 :]
    return data if hmac.compare_digest(digest, _mac(data, name)) else None


def _mac(data: bytes, name: str) -> bytes:
    mac = hmac.new(_user_key(), name.encode("ascii") + b"\x00", hashlib.sha256)
    mac.update(data)
    return mac.digest()


@lru_cache(maxsize=1)
def _user_key() -> bytes:
    """32 random bytes made once per user, in ``$KG_CACHE_KEY_FILE`` or
    ``$XDG_CACHE_HOME/kg/cache-key`` (``~/.cache/kg/cache-key``), readable by the user
    only. Without a place to keep it, a key for this process: entries are then not
    reused by the next build (a warning says so)."""
    home = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    path = Path(os.environ.get(KEY_FILE_ENV) or Path(home) / "kg" / "cache-key")
    made = secrets.token_bytes(32)
    try:
        mode = path.stat().st_mode
    except OSError:
        mode = None
    if mode is not None and (not stat.S_ISREG(mode) or mode & 0o077):
        # a pipe would block the build; a key others may read or write is no one's own
        warnings.warn(
            f"{path}: the cache's key must be a file only you may read and write; "
            "this build's cache entries will not be reused",
            CacheWarning,
            3,
        )
        return made
    try:
        data = path.read_bytes()
        if len(data) == 32:
            return data
    except OSError:
        pass
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(made)
        return made
    except FileExistsError:  # another build made it first, or it is damaged
        with contextlib.suppress(OSError):
            data = path.read_bytes()
            if len(data) == 32:
                return data
    except OSError:
        pass
    warnings.warn(
        f"{path}: cannot keep the cache's key there; this build's cache entries will not "
        f"be reused (set {KEY_FILE_ENV} to a file kg may write)",
        CacheWarning,
        3,
    )
    return made


def key(*parts: str | bytes) -> str:
    """A SHA-256 of the parts, each length-prefixed (so no two lists give one key)."""
    digest = hashlib.sha256()
    for part in parts:
        # a file name the system gave as bytes that are not UTF-8 holds surrogates
        data = part.encode("utf-8", "surrogateescape") if isinstance(part, str) else part
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
