"""Sending a graph file to a triple store (SPARQL 1.1 Graph Store Protocol)."""

from __future__ import annotations

import urllib.parse
import urllib.request
from pathlib import Path

import pyoxigraph as ox

from ..errors import StoreError
from ..http import check_url, send
from ..rdf.formats import BY_SUFFIX
from ..rdf.terms import is_absolute_iri

# graph files push sends: those that hold one graph
GRAPH_FILES = {s: f for s, f in BY_SUFFIX.items() if s in (".ttl", ".nt", ".jsonld")}


def push(path: str | Path, url: str, graph_iri: str, timeout: float = 300) -> int:
    """Replace the named graph ``graph_iri`` at a Graph Store Protocol endpoint with the
    triples of ``path``, in one HTTP PUT. Returns the HTTP status."""
    path = Path(path)
    found = GRAPH_FILES.get(path.suffix)
    if found is None:
        raise StoreError(f"{path}: push takes a graph file (.ttl, .nt, .jsonld), not {path.suffix}")
    check_url(url, StoreError)
    if not is_absolute_iri(graph_iri):
        raise StoreError(f"--graph-iri {graph_iri!r}: not an absolute IRI")
    data = path.read_bytes()
    try:  # what the store would refuse after the upload, or worse, half accept
        for _ in ox.parse(data, format=found.oxigraph):
            pass
    except (SyntaxError, ValueError) as exc:
        raise StoreError(f"{path}: not {found.name} kg can send: {exc}") from None
    separator = "&" if "?" in url else "?"
    target = f"{url}{separator}graph={urllib.parse.quote(graph_iri, safe='')}"
    request = urllib.request.Request(  # noqa: S310 (kg.http.send takes http(s) only)
        target, data=data, method="PUT", headers={"Content-Type": found.media_type}
    )
    status, _ = send(request, timeout, StoreError)
    return status
