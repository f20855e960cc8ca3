"""Step 4a: ask the graph SPARQL questions.

- A source is an ``rdflib.Graph``, a graph file kg wrote, or a SPARQL endpoint URL.
- A question is SPARQL text or the name of a question shipped in ``kg/queries/``.
- Values are bound as RDF terms in a ``VALUES`` block written by rdflib's term
  serializer; they are never pasted into query text.
- Queries are read-only: updates and ``SERVICE`` calls are refused unless allowed.
- Local queries run on Oxigraph; rdflib's own engine is used only when asked for
  (or for a small plain rdflib graph), and both give the same answers.
"""

from __future__ import annotations

import csv
import io
import json
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

import pyoxigraph as ox
import rdflib
from rdflib.term import BNode, Identifier, Literal, Node, URIRef

from . import resources
from .errors import QueryError
from .vocab import DEFAULT_BASE, XSD, prefixes

FORMATS = ("table", "markdown", "csv", "tsv", "json")
SMALL_GRAPH = 20_000  # triples: below this a plain rdflib graph is queried in place


# --- answers -------------------------------------------------------------------------


@dataclass
class Rows:
    """The answer to a SELECT or ASK query: variables and rows of RDF terms."""

    vars: list[str]
    rows: list[tuple[Node | None, ...]] = field(default_factory=list)
    boolean: bool | None = None

    def __iter__(self) -> Iterator[tuple[Node | None, ...]]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def to_dicts(self) -> list[dict[str, Any]]:
        """Rows as dicts of Python values (``str``, ``int``, ``Decimal`` ...); unbound is None."""
        return [{v: python_value(t) for v, t in zip(self.vars, row, strict=True)} for row in self]

    def serialize(self, fmt: str = "table") -> str:
        """The answer as text: ``table``, ``markdown``, or the SPARQL 1.1 Query Results
        ``json``, ``csv`` and ``tsv`` formats exactly as the W3C specifications define them."""
        writers = {
            "table": self.table,
            "markdown": self.markdown,
            "csv": self.csv,
            "tsv": self.tsv,
            "json": self.json,
        }
        if fmt not in writers:
            raise QueryError(f"unknown result format {fmt!r}; choose from {', '.join(FORMATS)}")
        return writers[fmt]()

    def table(self) -> str:
        """A plain-text table for people."""
        if self.boolean is not None:
            return "yes" if self.boolean else "no"
        cells = [[display(t) for t in row] for row in self.rows]
        widths = [_width(v) for v in self.vars]
        for row in cells:
            widths = [max(w, _width(c)) for w, c in zip(widths, row, strict=True)]
        out = ["  ".join(_pad(v, w) for v, w in zip(self.vars, widths, strict=True))]
        out.append("  ".join("-" * w for w in widths))
        out += ["  ".join(_pad(c, w) for c, w in zip(row, widths, strict=True)) for row in cells]
        out.append(f"({len(self.rows)} row{'s' if len(self.rows) != 1 else ''})")
        return "\n".join(line.rstrip() for line in out)

    def markdown(self) -> str:
        if self.boolean is not None:
            return "yes" if self.boolean else "no"

        def cell(text: str) -> str:
            return text.replace("\\", "\\\\").replace("|", "\\|")

        out = ["| " + " | ".join(self.vars) + " |", "|" + "---|" * len(self.vars)]
        out += ["| " + " | ".join(cell(display(t)) for t in row) + " |" for row in self.rows]
        return "\n".join(out)

    def json(self) -> str:
        """SPARQL 1.1 Query Results JSON Format."""
        if self.boolean is not None:
            return json.dumps({"head": {}, "boolean": self.boolean}, ensure_ascii=False)
        bindings = [
            {v: _json_term(t) for v, t in zip(self.vars, row, strict=True) if t is not None}
            for row in self.rows
        ]
        doc = {"head": {"vars": self.vars}, "results": {"bindings": bindings}}
        return json.dumps(doc, ensure_ascii=False, indent=1)

    def csv(self) -> str:
        """SPARQL 1.1 Query Results CSV Format: lexical forms only, CRLF line ends."""
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\r\n")
        writer.writerow(self.vars)
        for row in self.rows:
            writer.writerow([_csv_term(t) for t in row])
        return buf.getvalue()

    def tsv(self) -> str:
        """SPARQL 1.1 Query Results TSV Format: terms in Turtle syntax, ``?var`` header."""
        lines = ["\t".join("?" + v for v in self.vars)]
        lines += ["\t".join(_tsv_term(t) for t in row) for row in self.rows]
        return "\n".join(lines) + "\n"


def python_value(term: Node | None) -> Any:
    if term is None:
        return None
    if isinstance(term, Literal):
        value = term.toPython()
        return value if not isinstance(value, Literal) else str(value)
    return str(term)


def display(term: Node | None) -> str:
    if term is None:
        return ""
    if isinstance(term, Literal):
        value = term.toPython()
        if isinstance(value, Decimal | float) and not isinstance(value, bool):
            text = format(value, "f")
            return text.rstrip("0").rstrip(".") if "." in text else text
        return str(term).replace("\n", " ")
    return str(term)


def _json_term(t: Node) -> dict[str, str]:
    if isinstance(t, URIRef):
        return {"type": "uri", "value": str(t)}
    if isinstance(t, BNode):
        return {"type": "bnode", "value": str(t)}
    assert isinstance(t, Literal)
    out = {"type": "literal", "value": str(t)}
    if t.language:
        out["xml:lang"] = t.language
    elif t.datatype and t.datatype != XSD.string:
        out["datatype"] = str(t.datatype)
    return out


def _csv_term(t: Node | None) -> str:
    if t is None:
        return ""
    if isinstance(t, BNode):
        return "_:" + str(t)
    return str(t)


_TSV_NUMERIC = {XSD.integer: r"[+-]?\d+", XSD.decimal: r"[+-]?\d*\.\d+", XSD.double: r".*[eE].*"}


def _tsv_term(t: Node | None) -> str:
    if t is None:
        return ""
    if isinstance(t, Literal):
        if t.datatype in _TSV_NUMERIC and re.fullmatch(_TSV_NUMERIC[t.datatype], str(t)):
            return str(t)
        if t.datatype == XSD.string:
            t = Literal(str(t))
    return t.n3().replace("\t", "\\t")


def _width(text: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _width(text))


# --- named questions -----------------------------------------------------------------


@dataclass(frozen=True)
class Param:
    name: str
    type: str  # string | integer | decimal | iri
    default: str
    description: str

    def term(self, value: Any) -> Identifier:
        """The RDF term for a value given by a user (text from the command line, or Python)."""
        if isinstance(value, Identifier):
            return value
        text = str(value)
        try:
            if self.type == "integer":
                return Literal(int(text))
            if self.type == "decimal":
                return Literal(Decimal(text))
        except (ValueError, ArithmeticError):
            raise QueryError(f"parameter {self.name} wants a {self.type}, got {text!r}") from None
        if self.type == "iri":
            return URIRef(text.strip("<>"))
        return Literal(text)


@dataclass(frozen=True)
class NamedQuery:
    name: str
    title: str
    description: str
    params: tuple[Param, ...]
    text: str

    def bindings(self, given: Mapping[str, Any]) -> dict[str, Identifier]:
        known = {p.name: p for p in self.params}
        unknown = sorted(set(given) - set(known))
        if unknown:
            names = ", ".join(known) or "none"
            raise QueryError(f"{self.name} has no parameter {', '.join(unknown)} (it has: {names})")
        return {n: p.term(given.get(n, _default(p))) for n, p in known.items()}


def _default(p: Param) -> str:
    return p.default[1:-1] if p.default[:1] == p.default[-1:] == '"' else p.default


_PARAM = re.compile(
    r"^(?P<name>[A-Za-z_]\w*)\s*(?:\((?P<type>\w+)\))?\s*(?:=\s*(?P<default>\"[^\"]*\"|\S+))?"
    r"\s*(?:--\s*(?P<desc>.*))?$"
)


def parse_named(name: str, text: str) -> NamedQuery:
    """Read a named question: ``# title:``, ``# description:`` and ``# param:`` header lines."""
    title = description = ""
    params: list[Param] = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        key, _, value = line[1:].strip().partition(":")
        value = value.strip()
        if key == "title":
            title = value
        elif key == "description":
            description = value
        elif key == "param":
            m = _PARAM.match(value)
            if not m:
                raise QueryError(f"{name}.rq: cannot read parameter line {line!r}")
            ptype = m.group("type") or "string"
            if ptype not in ("string", "integer", "decimal", "iri"):
                raise QueryError(f"{name}.rq: unknown parameter type {ptype!r}")
            params.append(
                Param(m.group("name"), ptype, m.group("default") or '""', m.group("desc") or "")
            )
    return NamedQuery(name, title or name, description, tuple(params), text)


@cache
def named_queries() -> dict[str, NamedQuery]:
    """The questions shipped with kg, by name."""
    found = {}
    for path in sorted(resources.queries_dir().glob("*.rq")):
        found[path.stem] = parse_named(path.stem, path.read_text(encoding="utf-8"))
    return found


# --- safety ----------------------------------------------------------------------------

_IRI_AT = re.compile(r"<[^<>\"{}|^`\\\x00-\x20]*>")
_VAR = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_UPDATE = re.compile(
    r"(?<![?$\w:])(INSERT|DELETE|LOAD|CLEAR|CREATE|DROP|COPY|MOVE|ADD)(?![\w:])", re.IGNORECASE
)
_SERVICE = re.compile(r"(?<![?$\w:])SERVICE(?![\w:])", re.IGNORECASE)


def _code(sparql: str) -> str:
    """The query with strings, IRIs and comments blanked out (same length)."""
    out = list(sparql)
    i, n = 0, len(sparql)
    while i < n:
        c = sparql[i]
        if c == "#":
            end = sparql.find("\n", i)
            end = n if end < 0 else end
            out[i:end] = " " * (end - i)
            i = end
            continue
        if c in "\"'":
            quote = c * 3 if sparql.startswith(c * 3, i) else c
            j = i + len(quote)
            while j < n and not sparql.startswith(quote, j):
                j += 2 if sparql[j] == "\\" else 1
            end = min(n, j + len(quote))
            out[i:end] = " " * (end - i)
            i = end
            continue
        if c == "<":
            m = _IRI_AT.match(sparql, i)
            if m:
                out[i : m.end()] = " " * (m.end() - i)
                i = m.end()
                continue
        i += 1
    return "".join(out)


def check_read_only(sparql: str, allow_update: bool = False, allow_service: bool = False) -> None:
    code = _code(sparql)
    m = _UPDATE.search(code)
    if m and not allow_update:
        raise QueryError(
            f"{m.group(1).upper()} changes data; kg queries are read-only (allow_update=True)"
        )
    if _SERVICE.search(code) and not allow_service:
        raise QueryError("SERVICE calls another endpoint; refused (allow_service=True to allow)")


def with_values(sparql: str, bindings: Mapping[str, Identifier]) -> str:
    """The query with a VALUES block binding each variable, first in its outer group, and
    first in each nested SELECT that mentions it (a nested SELECT does not see the
    bindings around it, so a question may narrow down early, where it is fast).

    Each value is written as an RDF term by rdflib (quotes, newlines and
    backslashes escaped), so no value can change the query around it.
    """
    if not bindings:
        return sparql
    for name in bindings:
        if not _VAR.fullmatch(name):
            raise QueryError(f"not a SPARQL variable name: {name!r}")
    code = _code(sparql)
    at = code.find("{")
    if at < 0:
        raise QueryError("SPARQL error: the query has no { ... } group to bind values in")
    inserts = {at + 1: sorted(bindings)}
    for m in _NESTED_SELECT.finditer(code, at):
        start = code.find("{", m.end())
        if start < 0:
            continue
        text = code[start : _group_end(code, start)]
        names = [k for k in sorted(bindings) if re.search(rf"[?$]{k}(?![A-Za-z0-9_])", text)]
        if names:
            inserts[start + 1] = names
    out = sparql
    for place in sorted(inserts, reverse=True):
        names = inserts[place]
        values = " ".join(bindings[k].n3() for k in names)
        block = f" VALUES ({' '.join('?' + k for k in names)}) {{ ({values}) }} "
        out = out[:place] + block + out[place:]
    return out


_NESTED_SELECT = re.compile(r"\bSELECT\b", re.IGNORECASE)


def _group_end(code: str, start: int) -> int:
    """The end of the ``{ ... }`` group opening at ``start`` (the end of the text if open)."""
    depth = 0
    for i in range(start, len(code)):
        if code[i] == "{":
            depth += 1
        elif code[i] == "}":
            depth -= 1
            if depth == 0:
                return i + 1
    return len(code)


def as_term(value: Any) -> Identifier:
    """A Python value as an RDF term for binding: strings become plain literals."""
    if isinstance(value, Identifier):
        return value
    if isinstance(value, bool | int | float | Decimal | str):
        return Literal(value)
    raise QueryError(f"cannot bind {type(value).__name__} {value!r}: pass an RDF term")


# --- running -----------------------------------------------------------------------------


def query(
    source: rdflib.Graph | str | Path,
    query_or_name: str,
    /,
    *,
    engine: str = "auto",
    timeout: float | None = None,
    graph_iri: str | None = None,
    allow_update: bool = False,
    allow_service: bool = False,
    **params: Any,
) -> Rows:
    """Ask ``source`` a SPARQL SELECT or ASK question.

    ``source`` is an rdflib Graph, a graph file kg wrote (.ttl, .nt, .jsonld,
    .trig, .nq), or a SPARQL endpoint URL. ``query_or_name`` is SPARQL text or
    the name of a shipped question (see :func:`named_queries`). Keyword
    arguments bind variables as RDF terms: strings become literals, or pass
    ``URIRef``/``Literal`` yourself. The usual prefixes are predeclared.
    ``engine`` is ``"auto"``, ``"oxigraph"`` or ``"rdflib"``; ``timeout``
    (seconds) stops waiting with a :class:`~kg.errors.QueryError`; ``graph_iri``
    asks an endpoint to query that named graph as its default graph.
    """
    text, bindings = _resolve(query_or_name, params)
    check_read_only(text, allow_update, allow_service)
    sparql = with_values(text, bindings)
    if isinstance(source, str) and re.match(r"https?://", source):
        return endpoint_query(source, _with_prefixes(sparql), timeout=timeout, graph_iri=graph_iri)
    graph = source if isinstance(source, rdflib.Graph) else _load(Path(source))
    return _with_timeout(lambda: _run_local(graph, sparql, engine), timeout)


def _resolve(query_or_name: str, params: Mapping[str, Any]) -> tuple[str, dict[str, Identifier]]:
    named = named_queries().get(query_or_name.strip())
    if named is not None:
        return named.text, named.bindings(params)
    if re.fullmatch(r"[\w\-]+", query_or_name.strip()):
        raise QueryError(f"no named question {query_or_name!r}; `kg query --list` shows them")
    return query_or_name, {k: as_term(v) for k, v in params.items()}


def _with_prefixes(sparql: str) -> str:
    """Declare kg's usual prefixes the query does not declare itself (on its first line, so
    that an endpoint's error messages keep the query's own line numbers)."""
    declared = {m.group(1) for m in re.finditer(r"(?i)PREFIX\s+([\w\-]*):", _code(sparql))}
    head = " ".join(
        f"PREFIX {p}: <{iri}>" for p, iri in prefixes(DEFAULT_BASE).items() if p not in declared
    )
    return head + " " + sparql


def _load(path: Path) -> rdflib.Graph:
    from .api import load

    return load(path)


def _oxigraph_store(graph: rdflib.Graph) -> ox.Store:
    store = getattr(graph.store, "_inner", None)
    if isinstance(store, ox.Store):
        return store
    from oxrdflib._converter import to_ox

    copy = ox.Store()
    copy.bulk_extend(ox.Quad(to_ox(s), to_ox(p), to_ox(o)) for s, p, o in graph)  # type: ignore[arg-type]
    return copy


def _run_local(graph: rdflib.Graph, sparql: str, engine: str) -> Rows:
    if engine == "auto":
        native = isinstance(getattr(graph.store, "_inner", None), ox.Store)
        engine = "oxigraph" if native or len(graph) > SMALL_GRAPH else "rdflib"
    if engine == "oxigraph":
        return _run_oxigraph(_oxigraph_store(graph), sparql)
    if engine == "rdflib":
        return _run_rdflib(graph, sparql)
    raise QueryError(f"unknown engine {engine!r}: choose auto, oxigraph or rdflib")


def _from_oxigraph(t: object) -> Node:
    """An Oxigraph term as rdflib's parsers make it: a plain string literal has no
    datatype (RDF 1.1 gives it xsd:string), as in the answers of rdflib's engine."""
    if isinstance(t, ox.Literal):
        if t.language:
            return Literal(t.value, lang=t.language)
        datatype = t.datatype.value
        if datatype == _XSD_STRING:
            return Literal(t.value)
        return Literal(t.value, datatype=URIRef(datatype))
    if isinstance(t, ox.NamedNode):
        return URIRef(t.value)
    if isinstance(t, ox.BlankNode):
        return BNode(t.value)
    if isinstance(t, ox.Triple):  # RDF-star
        return (_from_oxigraph(t.subject), _from_oxigraph(t.predicate), _from_oxigraph(t.object))  # type: ignore[return-value]
    raise QueryError(f"an answer kg cannot read: {t!r}")


_XSD_STRING = str(XSD.string)


def _ask_oxigraph(
    store: ox.Store, sparql: str
) -> ox.QuerySolutions | ox.QueryBoolean | ox.QueryTriples:
    """Oxigraph's answer to a query over the union of the graphs, kg's prefixes declared."""
    try:
        return store.query(sparql, use_default_graph_as_union=True, prefixes=prefixes(DEFAULT_BASE))
    except SyntaxError as exc:
        raise QueryError(f"SPARQL syntax error: {exc}") from exc
    except (OSError, RuntimeError, ValueError) as exc:
        raise QueryError(f"SPARQL error: {exc}") from exc


def _run_oxigraph(store: ox.Store, sparql: str) -> Rows:
    result = _ask_oxigraph(store, sparql)
    if isinstance(result, ox.QueryBoolean):
        return Rows(vars=[], boolean=bool(result))
    if not isinstance(result, ox.QuerySolutions):
        raise QueryError("only SELECT and ASK queries give rows")
    names = [v.value for v in result.variables]
    seen: dict[object, Node] = {}  # answers repeat terms (labels, units): convert each once

    def term(t: object) -> Node | None:
        if t is None:
            return None
        found = seen.get(t)
        if found is None:
            found = seen[t] = _from_oxigraph(t)
        return found

    rows = [tuple(term(t) for t in solution) for solution in result]
    return Rows(vars=names, rows=rows)


def values(graph: rdflib.Graph, sparql: str) -> list[tuple[str | None, ...]]:
    """The rows of a SELECT query as plain strings (lexical forms), straight from Oxigraph.

    For kg's own fixed queries over large graphs (graph.html): no RDF terms are
    made in Python, which is what costs most for tens of thousands of rows.
    """
    result = _ask_oxigraph(_oxigraph_store(graph), sparql)
    return [tuple(None if t is None else t.value for t in row) for row in result]  # type: ignore[union-attr]


def _run_rdflib(graph: rdflib.Graph, sparql: str) -> Rows:
    if isinstance(getattr(graph.store, "_inner", None), ox.Store):
        plain = rdflib.Graph()
        for t in graph:
            plain.add(t)
        graph = plain
    try:
        from rdflib.plugins.sparql import prepareQuery

        prepared = prepareQuery(sparql, initNs=prefixes(DEFAULT_BASE))
        result = graph.query(prepared)
    except Exception as exc:  # rdflib's parser raises pyparsing errors with line and column
        raise QueryError(f"SPARQL syntax error: {exc}") from exc
    if result.type == "ASK":
        return Rows(vars=[], boolean=bool(result.askAnswer))
    if result.type != "SELECT":
        raise QueryError("only SELECT and ASK queries give rows")
    return Rows(vars=[str(v) for v in result.vars or []], rows=[tuple(r) for r in result])


def _with_timeout(run: Any, timeout: float | None) -> Rows:
    if not timeout:
        return run()
    box: dict[str, Any] = {}

    def work() -> None:
        try:
            box["rows"] = run()
        except BaseException as exc:  # handed to the caller below
            box["error"] = exc

    worker = threading.Thread(target=work, daemon=True, name="kg-query")
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        raise QueryError(f"query stopped: no answer within {timeout:g} s (raise the timeout)")
    if "error" in box:
        raise box["error"]
    return box["rows"]


# --- remote stores --------------------------------------------------------------------------


def endpoint_query(
    url: str, sparql: str, timeout: float | None = None, graph_iri: str | None = None
) -> Rows:
    """Run a query on a SPARQL 1.1 endpoint (POST, results as SPARQL JSON); ``graph_iri``
    becomes the protocol's ``default-graph-uri``."""
    if graph_iri:
        sep = "&" if "?" in url else "?"
        url = f"{url}{sep}default-graph-uri={urllib.parse.quote(graph_iri, safe='')}"
    request = urllib.request.Request(
        url,
        data=sparql.encode("utf-8"),
        headers={
            "Content-Type": "application/sparql-query; charset=utf-8",
            "Accept": "application/sparql-results+json",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout or 60) as response:
            doc = json.load(response)
    except urllib.error.HTTPError as exc:
        detail = exc.read().decode("utf-8", "replace").strip()
        raise QueryError(f"{url}: HTTP {exc.code}: {detail[:500]}") from exc
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        raise QueryError(f"{url}: {getattr(exc, 'reason', exc)}") from exc
    if "boolean" in doc:
        return Rows(vars=[], boolean=bool(doc["boolean"]))
    names = doc["head"]["vars"]
    rows = [
        tuple(_from_json(b.get(v)) for v in names)
        for b in doc.get("results", {}).get("bindings", [])
    ]
    return Rows(vars=names, rows=rows)


def _from_json(term: dict[str, str] | None) -> Node | None:
    if term is None:
        return None
    kind = term["type"]
    if kind == "uri":
        return URIRef(term["value"])
    if kind == "bnode":
        return BNode(term["value"])
    if "xml:lang" in term:
        return Literal(term["value"], lang=term["xml:lang"])
    if "datatype" in term and term["datatype"] != _XSD_STRING:
        return Literal(term["value"], datatype=URIRef(term["datatype"]))
    return Literal(term["value"])


def query_file(source: rdflib.Graph | str | Path, path: str | Path, **params: Any) -> Rows:
    return query(source, Path(path).read_text(encoding="utf-8"), **params)


__all__ = [
    "FORMATS",
    "NamedQuery",
    "Param",
    "Rows",
    "as_term",
    "endpoint_query",
    "named_queries",
    "query",
    "query_file",
    "values",
    "with_values",
]
