"""Step 4c: write the graph to files, atomically.

Turtle and N-Triples hold the union of all named graphs; TriG and N-Quads
keep one named graph per notes file. Serialization is pyoxigraph's, fed
with quads in a stable order, so the same input gives byte-identical files.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

import pyoxigraph as ox

from .errors import KgError
from .graph import Statements, turtle_prefixes
from .vocab import prefixes

FORMATS: dict[str, tuple[str, ox.RdfFormat]] = {
    "turtle": ("ttl", ox.RdfFormat.TURTLE),
    "ntriples": ("nt", ox.RdfFormat.N_TRIPLES),
    "jsonld": ("jsonld", ox.RdfFormat.JSON_LD),
    "trig": ("trig", ox.RdfFormat.TRIG),
    "nquads": ("nq", ox.RdfFormat.N_QUADS),
}


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


def write_description(description: Statements, out_dir: str | Path, base: str) -> Path:
    """Write the dataset's VoID/DCAT description to ``out_dir/void.ttl``."""
    data = serialize(description, "turtle", base)
    return atomic_write(Path(out_dir) / "void.ttl", lambda t: t.write_bytes(data))


def serialize(statements: Statements, fmt: str, base: str) -> bytes:
    """The statements in one of :data:`FORMATS`."""
    return b"".join(serialize_chunks(statements, fmt, base))


def serialize_chunks(statements: Statements, fmt: str, base: str) -> Iterable[bytes]:
    """The statements in one of :data:`FORMATS`, in pieces to write one after another.

    kg writes N-Triples, N-Quads and Turtle itself from sorted lines (Turtle
    from each graph's Turtle, made by Oxigraph when the graph was made);
    Oxigraph reads N-Quads back in that order to write TriG. Every format is
    deterministic.
    """
    try:
        _, rdf_format = FORMATS[fmt]
    except KeyError:
        raise KgError(f"unknown format {fmt!r}; choose from {', '.join(FORMATS)}") from None
    if fmt == "ntriples":
        return statements.ntriples_chunks()
    if fmt == "turtle":
        return statements.turtle_chunks(base)
    if fmt == "nquads":
        return [statements.nquads()]
    if fmt == "jsonld":
        return [jsonld(statements.ox_triples(), base)]
    return [ox.serialize(statements.ox_quads(), format=rdf_format, prefixes=turtle_prefixes(base))]


def jsonld_context(base: str) -> dict[str, object]:
    """The JSON-LD context of kg's output: its prefixes (also written as ``context.jsonld``)."""
    return {"@context": turtle_prefixes(base)}


def jsonld(items: Iterable[ox.Triple | ox.Quad], base: str) -> bytes:
    """Compact JSON-LD: one node object per subject, IRIs as prefixed names of the context.

    Written by kg (not rdflib, which is slow on large graphs): the graph has no
    blank nodes and only IRIs and literals, so compacting is a prefix lookup.
    """
    table = sorted(prefixes(base).items(), key=lambda kv: len(kv[1]), reverse=True)

    def curie(iri: str) -> str:
        for name, ns in table:
            if iri.startswith(ns) and len(iri) > len(ns) and not iri[len(ns) :].startswith("/"):
                return f"{name}:{iri[len(ns) :]}"
        return iri

    nodes: dict[str, dict[str, object]] = {}
    for t in items:
        node = nodes.setdefault(t.subject.value, {"@id": curie(t.subject.value)})
        p, o = t.predicate.value, t.object
        if p == RDF_TYPE and isinstance(o, ox.NamedNode):
            node.setdefault("@type", []).append(curie(o.value))  # type: ignore[union-attr]
            continue
        if isinstance(o, ox.NamedNode):
            value: dict[str, str] = {"@id": curie(o.value)}
        elif o.language:
            value = {"@value": o.value, "@language": o.language}
        elif o.datatype.value == XSD_STRING:
            value = {"@value": o.value}
        else:
            value = {"@value": o.value, "@type": curie(o.datatype.value)}
        node.setdefault(curie(p), []).append(value)  # type: ignore[union-attr]
    document = {**jsonld_context(base), "@graph": [nodes[k] for k in sorted(nodes)]}
    return (json.dumps(document, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode()


RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"


def write_outputs(
    statements: Statements,
    out_dir: str | Path,
    formats: Iterable[str],
    base: str,
    stem: str = "graph",
) -> list[Path]:
    """Write ``out_dir/graph.<ext>`` for each format; returns the paths written."""
    written = []
    if "jsonld" in formats:
        context = json.dumps(jsonld_context(base), indent=1, sort_keys=True) + "\n"
        written.append(atomic_write_text(Path(out_dir) / "context.jsonld", context))
    for fmt in formats:
        ext, _ = FORMATS[fmt]
        chunks = serialize_chunks(statements, fmt, base)
        written.append(atomic_write(Path(out_dir) / f"{stem}.{ext}", partial(_write, chunks)))
    return written


def _write(chunks: Iterable[bytes], path: Path) -> None:
    with path.open("wb") as f:
        f.writelines(chunks)


_CONTENT_TYPES = {
    ".ttl": "text/turtle",
    ".nt": "application/n-triples",
    ".jsonld": "application/ld+json",
    ".rdf": "application/rdf+xml",
}


def push(path: str | Path, url: str, graph_iri: str, timeout: float = 300) -> int:
    """Replace the named graph ``graph_iri`` at a SPARQL 1.1 Graph Store Protocol endpoint
    with the triples of ``path``, in one HTTP PUT. Returns the HTTP status."""
    import urllib.error
    import urllib.parse
    import urllib.request

    from .errors import StoreError

    path = Path(path)
    ctype = _CONTENT_TYPES.get(path.suffix)
    if ctype is None:
        raise StoreError(f"{path}: push takes a graph file (.ttl, .nt, .jsonld), not {path.suffix}")
    separator = "&" if "?" in url else "?"
    target = f"{url}{separator}graph={urllib.parse.quote(graph_iri, safe='')}"
    request = urllib.request.Request(
        target, data=path.read_bytes(), method="PUT", headers={"Content-Type": ctype}
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        detail = exc.read().decode("utf-8", "replace").strip()
        raise StoreError(f"{url}: HTTP {exc.code}: {detail[:500]}") from exc
    except (urllib.error.URLError, OSError) as exc:
        raise StoreError(f"{url}: {getattr(exc, 'reason', exc)}") from exc
