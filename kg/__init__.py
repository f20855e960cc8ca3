"""kg: turn notes about conference papers into an RDF knowledge graph.

The pipeline, a package per step, plain records between steps::

    notes files --notes--> Corpus --extract--> Knowledge --rdf--> Statements
        --> output (files, push) | query (SPARQL) | html (graph.html)

:func:`build_all` runs the first three steps (file by file, in processes, cached:
:mod:`kg.pipeline`) and :func:`write` writes what ``kg build`` writes; each step
also stands alone (:func:`read_notes`, :func:`extract`, :func:`to_statements`).
"""

from __future__ import annotations

from .api import Build, NotesWarning, build, build_all, start_page, write
from .errors import KgError, LexiconError, NotesError, QueryError, StoreError
from .extract import extract
from .lexicon import Lexicon, load_lexicon
from .notes import read_notes
from .query import NamedQuery, Rows, named_queries, query, unmatched
from .rdf import Statements, load, to_statements
from .rdf.vocab import DEFAULT_BASE, KG
from .records import Corpus, Knowledge, Problem
from .suggest import suggest_lexicon
from .tables import Table, table
from .validate import Validation, validate
from .version import __version__

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
    "query",
    "read_notes",
    "start_page",
    "suggest_lexicon",
    "table",
    "to_statements",
    "unmatched",
    "validate",
    "write",
]
