"""The exceptions kg raises, all derived from :class:`KgError`.

The command line turns each into a one-line message and an exit code
(see ``kg/cli.py`` and the README's "Exit codes").
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path


class KgError(Exception):
    """Base class of every error kg raises on purpose."""

    exit_code = 2


class NotesError(KgError):
    """Notes that cannot be read: carries the file, the line and an excerpt."""

    def __init__(self, message: str, path: str, line: int = 0, excerpt: str = "") -> None:
        self.message = message
        self.path = path
        self.line = line
        self.excerpt = excerpt
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        text = f"{where}: {self.message}"
        if self.excerpt:
            text += f": {self.excerpt!r}"
        return text


class LexiconError(KgError):
    """A YAML lexicon (institutions, techniques, ...) that is malformed."""


class QueryError(KgError):
    """A SPARQL query that cannot be parsed or run, or a refused operation."""


class StoreError(KgError):
    """A triple store (kg's own, or a remote one) that refused or failed a request."""


class KgWarning(UserWarning):
    """Something kg left out or redid, and the build went on: shown as one line."""


class CacheWarning(KgWarning):
    """A cache entry that was damaged or not kg's (ignored and redone), or a cache folder
    that cannot be written (the build goes on without it)."""


class LimitWarning(KgWarning):
    """Too little address space (``ulimit -v``) for all of a build: the on-disk store is
    left out, or the build may not finish."""


@contextlib.contextmanager
def naming(path: str | Path) -> Iterator[None]:
    """A system error without a file name ("No space left on device") inside the block
    is raised again naming ``path``, so that the one-line message says where."""
    try:
        yield
    except OSError as exc:
        if exc.filename is None:
            raise OSError(exc.errno, exc.strerror, str(path)) from exc
        raise
