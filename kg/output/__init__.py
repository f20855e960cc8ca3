"""Step 4c: the graph in files, and in other stores.

- :mod:`.formats`: Turtle, N-Triples, JSON-LD, TriG and N-Quads, deterministic;
- :mod:`.jsonld`: kg's compact JSON-LD and its context;
- :mod:`.atomic`: files written whole or not at all, a build's files published together;
- :mod:`.push`: a graph file sent to a Graph Store Protocol endpoint.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ..rdf.statements import Statements
from .atomic import atomic_write, staged, write_bytes, write_text
from .formats import FORMATS, Format, format_named, serialize, serialize_chunks
from .jsonld import jsonld, jsonld_context
from .push import push

__all__ = [
    "FORMATS",
    "Format",
    "atomic_write",
    "format_named",
    "push",
    "serialize",
    "serialize_chunks",
    "staged",
    "write_bytes",
    "write_description",
    "write_formats",
    "write_text",
]


def write_formats(
    statements: Statements, out_dir: str | Path, formats: Iterable[str], base: str
) -> list[Path]:
    """Write ``out_dir/graph.<suffix>`` for each format (and ``context.jsonld`` with
    JSON-LD); returns the paths written."""
    import json

    written = []
    for name in dict.fromkeys(formats):
        fmt = format_named(name)
        chunks: Iterable[bytes]
        if name == "jsonld":  # the document and its context (written on its own for reuse)
            triples = list(statements.ox_triples())  # parsed once for both
            context = jsonld_context(triples, base)
            text = json.dumps(context, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
            written.append(write_text(Path(out_dir) / "context.jsonld", text))
            chunks = [jsonld(triples, base, context["@context"])]  # type: ignore[arg-type]
        else:
            chunks = serialize_chunks(statements, name, base)
        written.append(write_bytes(Path(out_dir) / fmt.file_name, chunks))
    return written


def write_description(description: Statements, out_dir: str | Path, base: str) -> Path:
    """Write the dataset's VoID/DCAT description to ``out_dir/void.ttl``."""
    return write_bytes(Path(out_dir) / "void.ttl", [serialize(description, "turtle", base)])
