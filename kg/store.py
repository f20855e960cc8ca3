"""Step 4c: write the graph to files, atomically.

Turtle and N-Triples hold the union of all named graphs; TriG and N-Quads
keep one named graph per notes file. Serialization is pyoxigraph's, fed
with quads in a stable order, so the same input gives byte-identical files.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import pyoxigraph as ox

from .errors import KgError
from .graph import triples
from .vocab import prefixes

FORMATS: dict[str, tuple[str, ox.RdfFormat]] = {
    "turtle": ("ttl", ox.RdfFormat.TURTLE),
    "ntriples": ("nt", ox.RdfFormat.N_TRIPLES),
    "trig": ("trig", ox.RdfFormat.TRIG),
    "nquads": ("nq", ox.RdfFormat.N_QUADS),
}
_DATASET_FORMATS = {"trig", "nquads"}


def atomic_write(path: str | Path, write: Callable[[Path], None]) -> Path:
    """Call ``write(tmp)`` on a temporary file beside ``path``, then rename it over ``path``.

    A build interrupted at any point leaves the previous file intact.
    """
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


def atomic_write_text(path: str | Path, text: str) -> Path:
    return atomic_write(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))


def serialize(quads: Sequence[ox.Quad], fmt: str, base: str) -> bytes:
    """The quads in one of :data:`FORMATS`."""
    try:
        _, rdf_format = FORMATS[fmt]
    except KeyError:
        raise KgError(f"unknown format {fmt!r}; choose from {', '.join(FORMATS)}") from None
    items: Iterable[ox.Quad | ox.Triple] = quads if fmt in _DATASET_FORMATS else triples(quads)
    if rdf_format in (ox.RdfFormat.TURTLE, ox.RdfFormat.TRIG):
        return ox.serialize(items, format=rdf_format, prefixes=_used_prefixes(quads, base))
    return ox.serialize(items, format=rdf_format)


def _used_prefixes(quads: Sequence[ox.Quad], base: str) -> dict[str, str]:
    return dict(sorted(prefixes(base).items()))


def write_outputs(
    quads: Sequence[ox.Quad],
    out_dir: str | Path,
    formats: Iterable[str],
    base: str,
    stem: str = "graph",
) -> list[Path]:
    """Write ``out_dir/graph.<ext>`` for each format; returns the paths written."""
    written = []
    for fmt in formats:
        ext, _ = FORMATS[fmt]
        data = serialize(quads, fmt, base)
        written.append(
            atomic_write(Path(out_dir) / f"{stem}.{ext}", lambda t, d=data: t.write_bytes(d))
        )
    return written
