"""kg: turn notes about conference papers into an RDF knowledge graph.

The pipeline, a package per step, plain records between steps::

    notes files --notes--> Corpus --extract--> Knowledge --rdf--> Statements
        --> output (files, push) | query (SPARQL) | html (graph.html)

:func:`build_all` runs the first three steps (file by file, in processes, cached:
:mod:`kg.pipeline`) and :func:`write` writes what ``kg build`` writes; each step
also stands alone (:func:`read_notes`, :func:`extract`, :func:`to_statements`).
"""

from __future__ import annotations

import sys
import types

from .lazy import exports
from .version import __version__

# not typing's: importing typing takes ~24 ms, inside the moment before ``kg`` can answer
# a Ctrl-C with one line (``python -X importtime -c "import kg"``: 26 ms -> 3 ms)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .api import Build, NotesWarning, build, build_all, start_page, write
    from .errors import KgError, LexiconError, NotesError, QueryError, StoreError
    from .extract import extract
    from .lexicon import Lexicon, load_lexicon
    from .notes import read_notes
    from .query import NamedQuery, Rows, named_queries, query, unmatched
    from .rdf import Statements, load, to_statements
    from .rdf.vocab import DEFAULT_BASE, KG
    from .records import Corpus, Knowledge, Problem
    from .store import open_store, serve
    from .suggest import suggest_lexicon
    from .tables import Table, table
    from .validate import Validation, validate

__all__ = [
    "DEFAULT_BASE",
    "KG",
    "Build",
    "Corpus",
    "KgError",
    "Knowledge",
    "Lexicon",
    "LexiconError",
    "NamedQuery",
    "NotesError",
    "NotesWarning",
    "Problem",
    "QueryError",
    "Rows",
    "Statements",
    "StoreError",
    "Table",
    "Validation",
    "__version__",
    "build",
    "build_all",
    "extract",
    "load",
    "load_lexicon",
    "named_queries",
    "open_store",
    "query",
    "read_notes",
    "serve",
    "start_page",
    "suggest_lexicon",
    "table",
    "to_statements",
    "unmatched",
    "validate",
    "write",
]


# Where each name lives: imported on first use (PEP 562), so that `kg --help` and a query
# on the store do not pay for the extraction and drawing libraries.
_HOMES = {
    "Build": "api",
    "NotesWarning": "api",
    "build": "api",
    "build_all": "api",
    "start_page": "api",
    "write": "api",
    "KgError": "errors",
    "LexiconError": "errors",
    "NotesError": "errors",
    "QueryError": "errors",
    "StoreError": "errors",
    "extract": "extract",
    "Lexicon": "lexicon",
    "load_lexicon": "lexicon",
    "read_notes": "notes",
    "NamedQuery": "query",
    "Rows": "query",
    "named_queries": "query",
    "query": "query",
    "unmatched": "query",
    "Statements": "rdf",
    "load": "rdf",
    "to_statements": "rdf",
    "DEFAULT_BASE": "rdf.vocab",
    "KG": "rdf.vocab",
    "Corpus": "records",
    "Knowledge": "records",
    "Problem": "records",
    "open_store": "store",
    "serve": "store",
    "suggest_lexicon": "suggest",
    "Table": "tables",
    "table": "tables",
    "Validation": "validate",
    "validate": "validate",
}


class _Package(types.ModuleType):
    """``kg.query``, ``kg.extract`` and ``kg.validate`` are functions that share their
    names with the modules they live in. Python binds a module to its package's name
    when it first imports it; here the function keeps the name (the module is still
    ``sys.modules["kg.query"]``), as it did when everything was imported up front."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _HOMES and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


__getattr__ = exports(__name__, _HOMES)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
