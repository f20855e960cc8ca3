"""Asking a question: a source, SPARQL text or a named question, values bound as terms
(see :mod:`kg.query`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pyoxigraph as ox

from ..errors import QueryError
from ..store import find_store, open_store
from .binding import Term, as_term, check_nesting, check_read_only
from .engines import endpoint_query, run_local, run_store, with_timeout
from .named import named_queries
from .results import Rows

if TYPE_CHECKING:
    import rdflib

__all__ = ["query", "unmatched"]


def query(
    source: rdflib.Graph | ox.Store | str | Path,
    query_or_name: str,
    /,
    *,
    engine: str = "auto",
    timeout: float | None = None,
    graph_iri: str | None = None,
    allow_update: bool = False,
    allow_service: bool = False,
    params: Mapping[str, Any] | None = None,
    **more: Any,
) -> Rows:
    """Ask ``source`` a SPARQL SELECT or ASK question.

    ``source`` is the folder ``kg build`` wrote (``"out"``: its store is read, the
    fastest way), a pyoxigraph Store, an rdflib Graph, a graph file kg wrote (.ttl,
    .nt, .jsonld, .trig, .nq), or a SPARQL endpoint URL. ``query_or_name`` is SPARQL
    text or the name of a shipped question (see :func:`named_queries`). Keyword
    arguments (and ``params``, for names that are also keywords here) bind
    variables as RDF terms: strings become literals, or pass ``URIRef``/``Literal``
    (rdflib) or ``NamedNode``/``Literal`` (pyoxigraph) yourself. The usual prefixes
    are predeclared. ``engine`` is ``"auto"``, ``"oxigraph"`` or ``"rdflib"`` (for
    graphs and files); ``timeout`` (seconds) stops the question with a
    :class:`~kg.errors.QueryError`; ``graph_iri`` asks an endpoint to query that
    named graph as its default graph.
    """
    text, bindings = _resolve(query_or_name, {**(params or {}), **more})
    check_nesting(text)
    check_read_only(text, allow_update, allow_service)
    if isinstance(source, str) and re.match(r"https?://", source):
        return endpoint_query(source, text, bindings, timeout=timeout, graph_iri=graph_iri)
    if isinstance(source, ox.Store):
        store = source
        return with_timeout(lambda: run_store(store, text, bindings, union=False), timeout)
    if isinstance(source, str | Path):
        found = find_store(source) if Path(source).is_dir() else None
        if found is not None:  # opened where it is asked (a forked child, with a timeout)
            return with_timeout(
                lambda: run_store(open_store(found), text, bindings, union=False), timeout
            )
        from ..rdf.graph import load

        graph: rdflib.Graph = load(Path(source))
    else:
        graph = source
    return with_timeout(lambda: run_local(graph, text, bindings, engine), timeout)


def unmatched(
    source: rdflib.Graph | ox.Store | str | Path,
    name: str,
    params: Mapping[str, Any] | None = None,
    *,
    timeout: float | None = None,
) -> list[str]:
    """Why a named question may have answered nothing: each parameter whose value names
    nothing the graph holds (a unit no claim is in), with the values the graph does hold.
    Empty when the question declares no ``# values:`` or every value is known."""
    named = named_queries().get(name.strip())
    if named is None:
        return []
    out: list[str] = []
    for param, select in named.values.items():
        given = named.given(param, params or {})
        words: dict[str, set[str]] = {}
        for row in query(source, select, timeout=timeout).to_dicts():
            words.setdefault(str(row["value"]), set()).add(str(row["word"]))
        if not any(given.casefold() == w.casefold() for ws in words.values() for w in ws):
            known = "; ".join(
                f"{v} ({', '.join(sorted(ws - {v}))})" if ws - {v} else v
                for v, ws in sorted(words.items())
            )
            out.append(
                f"{param}={given!r} names nothing in this graph; it holds: {known or 'none'}"
            )
    return out


def _resolve(query_or_name: str, params: dict[str, Any]) -> tuple[str, dict[str, Term]]:
    named = named_queries().get(query_or_name.strip())
    if named is not None:
        return named.text, named.bindings(params)
    if re.fullmatch(r"[\w\-]+", query_or_name.strip()):
        raise QueryError(f"no named question {query_or_name!r}; `kg query --list` shows them")
    return query_or_name, {k: as_term(v) for k, v in params.items()}
