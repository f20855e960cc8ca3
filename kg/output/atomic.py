"""Files written whole or not at all: a build interrupted at any point leaves the
previous file intact."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path


def atomic_write(path: str | Path, write: Callable[[Path], None]) -> Path:
    """Call ``write(tmp)`` on a temporary file beside ``path``, then rename it over ``path``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
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
    return path


def write_bytes(path: str | Path, chunks: Iterable[bytes]) -> Path:
    """Write ``chunks`` one after another to ``path``, atomically."""

    def write(tmp: Path) -> None:
        with tmp.open("wb") as f:
            f.writelines(chunks)

    return atomic_write(path, write)


def write_text(path: str | Path, text: str) -> Path:
    return write_bytes(path, [text.encode("utf-8")])
