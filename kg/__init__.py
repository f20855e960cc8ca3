"""kg: turn notes about conference papers into an RDF knowledge graph.

The pipeline, one module per step::

    notes.read_notes  ->  extract.extract  ->  graph.to_quads / to_graph  ->  query | html | store

:func:`build` runs the first three steps and returns an ``rdflib.Graph``.
"""

from __future__ import annotations

__version__ = "0.1.0"

from .api import Build, NotesWarning, build, build_all, load, start_page
from .errors import KgError, LexiconError, NotesError, QueryError, StoreError
from .extract import extract
from .lexicon import load_lexicon
from .notes import read_notes
from .query import NamedQuery, Rows, named_queries, query
from .records import Corpus, Knowledge, Problem
from .validate import Validation, validate
from .vocab import DEFAULT_BASE, KG

__all__ = [
    "DEFAULT_BASE",
    "KG",
    "Build",
    "Corpus",
    "KgError",
    "Knowledge",
    "LexiconError",
    "NamedQuery",
    "NotesError",
    "NotesWarning",
    "Problem",
    "QueryError",
    "Rows",
    "StoreError",
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
    "validate",
]
