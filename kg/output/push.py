"""Sending a graph file to a triple store (SPARQL 1.1 Graph Store Protocol)."""

from __future__ import annotations

import urllib.parse
import urllib.request
from pathlib import Path

from ..errors import StoreError
from ..http import send

# graph files push sends, by suffix, with their media types
CONTENT_TYPES = {
    ".ttl": "text/turtle",
    ".nt": "application/n-triples",
    ".jsonld": "application/ld+json",
    ".rdf": "application/rdf+xml",
}


def push(path: str | Path, url: str, graph_iri: str, timeout: float = 300) -> int:
    """Replace the named graph ``graph_iri`` at a Graph Store Protocol endpoint with the
    triples of ``path``, in one HTTP PUT. Returns the HTTP status."""
    path = Path(path)
    ctype = CONTENT_TYPES.get(path.suffix)
    if ctype is None:
        raise StoreError(f"{path}: push takes a graph file (.ttl, .nt, .jsonld), not {path.suffix}")
    separator = "&" if "?" in url else "?"
    target = f"{url}{separator}graph={urllib.parse.quote(graph_iri, safe='')}"
    request = urllib.request.Request(  # noqa: S310 (kg.http.send takes http(s) only)
        target, data=path.read_bytes(), method="PUT", headers={"Content-Type": ctype}
    )
    status, _ = send(request, timeout, StoreError)
    return status
