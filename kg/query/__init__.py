"""Step 4a: ask the graph SPARQL questions.

- A source is kg's store (an output folder such as ``out``: :mod:`kg.store`), an
  ``rdflib.Graph``, a graph file kg wrote, or a SPARQL endpoint URL.
- A question is SPARQL text or the name of a question shipped in ``named/``
  (:mod:`.named`).
- Values are bound as RDF terms (:mod:`.binding`); they are never pasted into
  query text.
- Queries are read-only: updates and ``SERVICE`` calls are refused unless allowed.
- Answers are :class:`~.results.Rows`, written in the W3C result formats by Oxigraph.

A question on the store loads neither rdflib nor the graph file: ``kg query`` answers
in a few tenths of a second at any size.
"""

from __future__ import annotations

from ..lazy import exports
from .choices import ENGINES, FORMATS

TYPE_CHECKING = False  # typing is not imported at run time: see kg/__init__.py
if TYPE_CHECKING:
    from typing import Any

    from .ask import query, unmatched
    from .binding import as_term, with_values
    from .engines import values
    from .named import NamedQuery, Param, named_queries
    from .results import Rows

__all__ = [
    "ENGINES",
    "FORMATS",
    "NamedQuery",
    "Param",
    "Rows",
    "as_term",
    "named_queries",
    "query",
    "unmatched",
    "values",
    "with_values",
]

# imported on first use (PEP 562): `kg --help` and `kg query --list` load neither
# pyoxigraph's store nor the result writers
_HOMES = {
    "query": "ask",
    "unmatched": "ask",
    "as_term": "binding",
    "with_values": "binding",
    "values": "engines",
    "NamedQuery": "named",
    "Param": "named",
    "named_queries": "named",
    "Rows": "results",
}
__getattr__: Any = exports(__name__, _HOMES)
