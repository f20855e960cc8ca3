"""Where questions are answered: Oxigraph, rdflib's own engine, or a SPARQL endpoint.

Local queries run on Oxigraph over the union of the graphs; rdflib's engine
is used only when asked for (or for a small plain rdflib graph), and both give
the same answers. Each engine's answer is SPARQL results JSON
(:mod:`.results` reads it).
"""

from __future__ import annotations

import contextlib
import faulthandler
import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import pyoxigraph as ox

from ..errors import QueryError
from ..limits import address_space, shown
from ..rdf.prefixes import DEFAULT_BASE, prefixes
from ..timing import within
from .binding import Term, code_of, to_rdflib, with_values
from .choices import ENGINES
from .results import Rows, from_results_json

if TYPE_CHECKING:
    import rdflib

    from ..rdf.graph import GraphOrStore

SMALL_GRAPH = 20_000  # triples: below this a plain rdflib graph is queried in place
_T = TypeVar("_T")


def run_local(graph: rdflib.Graph, sparql: str, bindings: Mapping[str, Term], engine: str) -> Rows:
    from ..rdf.graph import OxigraphGraph, oxigraph_store, plain_copy

    if engine not in ENGINES:
        raise QueryError(f"unknown engine {engine!r}: choose {', '.join(ENGINES)}")
    if engine == "auto":
        native = isinstance(graph, OxigraphGraph)
        engine = "oxigraph" if native or len(graph) > SMALL_GRAPH else "rdflib"
    if engine == "oxigraph":
        return run_store(oxigraph_store(graph), sparql, bindings)
    return _run_rdflib(plain_copy(graph), sparql, bindings)


def run_store(
    store: ox.Store, sparql: str, bindings: Mapping[str, Term], union: bool = True
) -> Rows:
    """A question answered by Oxigraph over a store's default graph, or with ``union``
    over the union of its graphs (a graph file kg loaded: the same)."""
    answer = ask_oxigraph(store, with_values(sparql, bindings), union)
    if isinstance(answer, ox.QueryTriples):
        raise QueryError("only SELECT and ASK queries give rows")
    return from_results_json(answer.serialize(format=ox.QueryResultsFormat.JSON) or b"")


def ask_oxigraph(
    store: ox.Store, sparql: str, union: bool = True
) -> ox.QuerySolutions | ox.QueryBoolean | ox.QueryTriples:
    """Oxigraph's answer to a query over the union of the graphs (or, without ``union``,
    the default graph), kg's prefixes declared."""
    try:
        return store.query(
            sparql, use_default_graph_as_union=union, prefixes=prefixes(DEFAULT_BASE)
        )
    except SyntaxError as exc:
        raise QueryError(f"SPARQL syntax error: {exc}{_form_hint(sparql)}") from exc
    except (OSError, RuntimeError, ValueError) as exc:
        raise QueryError(f"SPARQL error: {exc}") from exc


_FORMS = {"SELECT", "ASK", "CONSTRUCT", "DESCRIBE"}


def _form_hint(sparql: str) -> str:
    """When the query does not start with a query form ("SELEC * ..."), say so: the
    parser's own message names only the last form it tried ("expected CONSTRUCT")."""
    words = re.findall(r"[A-Za-z][\w-]*:?|:", code_of(sparql))  # IRIs are blanked out
    i = 0
    while i < len(words) and words[i].upper() in ("PREFIX", "BASE"):
        i += 2 if words[i].upper() == "PREFIX" else 1  # PREFIX p: <iri>, BASE <iri>
    first = words[i] if i < len(words) else ""
    if first.upper() in _FORMS:
        return ""
    return f" (a query starts with SELECT, ASK, CONSTRUCT or DESCRIBE, not {first!r})"


def values(graph: GraphOrStore, sparql: str) -> list[tuple[str | None, ...]]:
    """The rows of a SELECT query as plain strings (lexical forms), straight from Oxigraph.

    For kg's own fixed queries over large graphs (graph.html): no RDF terms are
    made in Python, which is what costs most for tens of thousands of rows. ``graph``
    may be a pyoxigraph Store.
    """
    from ..rdf.graph import oxigraph_store

    answer = ask_oxigraph(oxigraph_store(graph), sparql)
    if not isinstance(answer, ox.QuerySolutions):
        raise QueryError("only SELECT queries give values")
    return [tuple(None if t is None else t.value for t in row) for row in answer]


def _run_rdflib(graph: rdflib.Graph, sparql: str, bindings: Mapping[str, Term]) -> Rows:
    try:
        from rdflib.plugins.sparql import prepareQuery

        prepared = prepareQuery(sparql, initNs=prefixes(DEFAULT_BASE))
        initial = {k: to_rdflib(v) for k, v in bindings.items()}
        result = graph.query(prepared, initBindings=initial)
    except Exception as exc:  # rdflib's parser raises pyparsing errors with line and column
        raise QueryError(f"SPARQL syntax error: {exc}") from exc
    if result.type not in ("SELECT", "ASK"):
        raise QueryError("only SELECT and ASK queries give rows")
    return from_results_json(result.serialize(format="json") or b"")


def endpoint_query(
    url: str,
    sparql: str,
    bindings: Mapping[str, Term],
    timeout: float | None = None,
    graph_iri: str | None = None,
) -> Rows:
    """Run a query on a SPARQL 1.1 endpoint (results as SPARQL JSON); ``graph_iri``
    becomes the protocol's ``default-graph-uri``. kg's usual prefixes are declared.

    The query is POSTed URL-encoded (the protocol's "query via URL-encoded POST"), which
    every store answers: Virtuoso 7.2 hangs on a POST of ``application/sparql-query``."""
    import urllib.parse
    import urllib.request

    from ..http import check_url, send

    check_url(url, QueryError)
    form = [("query", _with_prefixes(with_values(sparql, bindings)))]
    if graph_iri:
        form.append(("default-graph-uri", graph_iri))
    request = urllib.request.Request(  # noqa: S310 (kg.http.send takes http(s) only)
        url,
        data=urllib.parse.urlencode(form).encode("ascii"),
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Accept": "application/sparql-results+json",
        },
    )
    _, body = send(request, timeout or 60, QueryError)
    return from_results_json(body)


def _with_prefixes(sparql: str) -> str:
    """Declare kg's usual prefixes the query does not declare itself (on its first line, so
    that an endpoint's error messages keep the query's own line numbers)."""
    declared = {m.group(1) for m in re.finditer(r"(?i)PREFIX\s+([\w\-]*):", code_of(sparql))}
    head = " ".join(
        f"PREFIX {p}: <{iri}>" for p, iri in prefixes(DEFAULT_BASE).items() if p not in declared
    )
    return head + " " + sparql


MEMORY_LIMIT = 4 << 30  # bytes a query may add to kg's process (KG_QUERY_MEMORY overrides)


def with_timeout(run: Callable[[], _T], timeout: float | None) -> _T:
    """``run()`` in a forked process that shares the loaded graph and is killed at the
    timeout, with its memory capped (:data:`MEMORY_LIMIT`): a runaway query (a cross
    product) stops for real, instead of a thread that goes on filling memory after the
    caller was told it stopped. Where fork is missing, a thread (no cap)."""
    if not timeout:
        return run()
    import multiprocessing as mp

    if "fork" not in mp.get_all_start_methods():
        return _in_thread(run, timeout)
    limit = int(os.environ.get("KG_QUERY_MEMORY", MEMORY_LIMIT))
    context = mp.get_context("fork")
    receive, send_end = context.Pipe(duplex=False)
    child = context.Process(target=_answer, args=(run, send_end, limit), daemon=True)
    child.start()
    send_end.close()
    try:
        if not receive.poll(timeout):
            raise QueryError(f"query stopped: no answer within {timeout:g} s (raise the timeout)")
        try:
            ok, value = receive.recv()
        except EOFError:  # the child died: out of its memory, most likely
            room = address_space()
            if room is not None and room < limit:
                raise QueryError(
                    f"query stopped: it needed more memory than the {shown(room)} of address "
                    "space this process may use (ulimit -v)"
                ) from None
            raise QueryError(
                f"query stopped: it needed more than {limit / 2**30:.1f} GB of memory "
                "(KG_QUERY_MEMORY sets the limit, in bytes)"
            ) from None
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receive.close()
    if not ok:
        raise value
    answer: _T = value
    return answer


def _answer(run: Callable[[], Any], pipe: Any, limit: int) -> None:
    """In the forked child: cap the memory it may add, run, send back the answer or the
    error (kg's own objects, over a pipe between the two processes)."""
    # the engine's own words when it runs out of memory (Rust's allocation message and
    # backtrace) are not for the user: the parent says what happened in one line
    faulthandler.disable()
    with contextlib.suppress(OSError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 2)
    with contextlib.suppress(ValueError, OSError):  # no cap where the OS has none
        import resource

        in_use = int(Path("/proc/self/statm").read_text().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        resource.setrlimit(resource.RLIMIT_AS, (in_use + limit, in_use + limit))
    try:
        pipe.send((True, run()))
    except BaseException as exc:  # noqa: BLE001 (handed to the parent)
        error = exc if isinstance(exc, QueryError) else QueryError(str(exc))
        with contextlib.suppress(Exception):  # a parent gone: nothing to tell
            pipe.send((False, error))
    finally:
        pipe.close()


def _in_thread(run: Callable[[], _T], timeout: float) -> _T:
    return within(
        run,
        timeout,
        lambda: QueryError(f"query stopped: no answer within {timeout:g} s (raise the timeout)"),
    )
