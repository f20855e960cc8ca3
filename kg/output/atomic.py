"""Files written whole or not at all: a build interrupted at any point leaves the
previous file intact."""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import tempfile
from collections.abc import Callable, Collection, Iterable, Iterator
from pathlib import Path

from ..errors import naming

STAGING = ".kg-staging-"  # the prefix of the folder a build writes its outputs into first
TMP_PREFIX = ".kg-"  # of a file being written; only such files are kg's to remove
LOCK = ".kg-lock"  # builds into one folder publish in turn


def atomic_write(path: str | Path, write: Callable[[Path], None]) -> Path:
    """Call ``write(tmp)`` on a temporary file beside ``path``, then rename it over ``path``.

    A link is followed (the file it names is replaced, not the link), and what is not a
    file (``/dev/stdout``, a pipe, a device) is written into directly: renaming over it
    would put a file where the device was."""
    shown = path = Path(path)
    if path.exists() and not path.is_file():
        with naming(shown):  # "No space left on device" says which device
            write(path)
        return shown
    if path.is_symlink():
        path = path.resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=f"{TMP_PREFIX}{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    tmp = Path(name)
    try:
        write(tmp)
        with tmp.open("rb") as f:
            os.fsync(f.fileno())
        tmp.chmod(0o644)
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return shown


def write_bytes(path: str | Path, chunks: Iterable[bytes]) -> Path:
    """Write ``chunks`` one after another to ``path``, atomically."""

    def write(tmp: Path) -> None:
        with tmp.open("wb") as f:
            f.writelines(chunks)

    return atomic_write(path, write)


def write_text(path: str | Path, text: str) -> Path:
    return write_bytes(path, [text.encode("utf-8")])


@contextlib.contextmanager
def staged(out_dir: str | Path, replaces: Collection[str] = ()) -> Iterator[Path]:
    """A folder inside ``out_dir`` to write a build's outputs into; when the block ends
    they are moved into ``out_dir`` one after another (renames on one file system: a
    few microseconds for all of them, where writing them takes seconds), so that an
    interrupted build leaves the last build's files, not a mix of two. The files named
    in ``replaces`` that this build did not make (a format asked for last time only)
    are removed then: they would describe an older graph. Builds into one folder take
    turns (a lock file), and staging folders and temporary files an interrupted build
    left are removed first: only names kg gives, never a user's own file."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    with (out / LOCK).open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        for stale in out.iterdir():  # what a killed build left
            if stale.name.startswith(STAGING) and stale.is_dir() and not stale.is_symlink():
                shutil.rmtree(stale, ignore_errors=True)
            elif (
                stale.name.startswith(TMP_PREFIX)
                and stale.suffix == ".tmp"
                and stale.is_file()
                and not stale.is_symlink()
            ):
                stale.unlink(missing_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=STAGING, dir=out))
        try:
            with naming(out):  # "No space left on device" says which folder
                yield staging
            made = sorted(p for p in staging.iterdir() if p.is_file())
            # anything that would stop a rename half-way (a folder where a file goes) stops
            # the build before the first one, so that no file of this build is published
            for path in made:
                target = out / path.name
                if target.is_dir() and not target.is_symlink():
                    raise IsADirectoryError(21, "is a folder; kg writes a file there", str(target))
            for path in made:
                path.replace(out / path.name)
            names = {p.name for p in made}
            for name in sorted(set(replaces) - names):
                old = out / name
                if old.is_file() or old.is_symlink():
                    old.unlink()
        finally:
            shutil.rmtree(staging, ignore_errors=True)
