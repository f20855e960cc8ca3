"""Results remembered per notes file, so that a rebuild redoes only what changed.

An entry is named by a SHA-256 of everything its result depends on: the
notes file's bytes, name and path, the lexicons, the base IRI and kg's own
code. A changed input gives a new name, so a stale entry is never used;
entries the last build did not use are removed after it. Entries are
pickles, written atomically: keep the cache in a folder of your own
(``out/.kg-cache`` by default), never one others can write to.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from functools import lru_cache
from pathlib import Path

from . import __version__

CACHE_DIR_NAME = ".kg-cache"
_SUFFIX = ".pickle"


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
            stale = path.suffix == ".tmp" or (
                path.suffix == _SUFFIX and path.name[: -len(_SUFFIX)] not in self.used
            )
            if stale:
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
    """A SHA-256 of kg's version and Python source: new code never reuses old results."""
    here = Path(__file__).parent
    sources = sorted(here.glob("*.py"))
    return key(__version__, *(p.name for p in sources), *(p.read_bytes() for p in sources))
