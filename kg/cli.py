"""The ``kg`` command: a thin layer over the Python API.

Exit codes (also in the README):
  0  done; every paper in the notes is in the graph; `validate`: the graph conforms
  1  done, but some notes could not be used (listed), or a warning under --strict;
     `validate`: the graph has violations (listed)
  2  nothing done: bad arguments, unreadable files, a bad query, lexicon or graph
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

# Only light modules here: `kg --help` and `kg query` start in a tenth of a second; each
# command imports what it needs (the extraction, rdflib and drawing libraries) itself.
from .errors import KgError, KgWarning, QueryError
from .files import CACHE_DIR_NAME
from .html.options import DEFAULT_MAX_NODES, VIEWS
from .query import ENGINES, FORMATS
from .rdf.formats import FORMATS as RDF_FORMATS
from .rdf.prefixes import DEFAULT_BASE, DEFAULT_LICENSE
from .rdf.terms import is_absolute_iri
from .tables import FORMATS as TABLE_FORMATS
from .tables import TABLES
from .timing import Stages
from .version import __version__

if TYPE_CHECKING:
    import pyoxigraph as ox
    import rdflib

    from .api import Build
    from .records import Knowledge

OK, PROBLEMS, FAILED = 0, 1, 2
DEFAULT_OUT = Path("out")


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return FAILED
    with warnings.catch_warnings():  # kg's warnings as one line each, only while kg runs
        warnings.showwarning = _show_warning
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    try:
        return int(args.run(args) or OK)
    except KgError as exc:
        print(f"kg: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except FileNotFoundError as exc:
        print(f"kg: error: {exc.filename or exc}: no such file", file=sys.stderr)
        return FAILED
    except BrokenPipeError:  # `kg query ... | head`
        sys.stderr.close()
        return OK
    except OSError as exc:  # a folder that is a file, no permission, a full disk ...
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"kg: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return FAILED
    except KeyboardInterrupt:
        print("kg: interrupted", file=sys.stderr)
        return 130


def _show_warning(message, category, filename, lineno, file=None, line=None):  # type: ignore[no-untyped-def]  # noqa: ARG001
    """kg's own warnings as one line each; others as Python prints them."""
    if issubclass(category, KgWarning):
        print(f"kg: warning: {message}", file=sys.stderr)
    else:
        sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="kg", description="Build an RDF knowledge graph from notes on conference papers."
    )
    p.add_argument("--version", action="version", version=f"kg {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    def common_build(sp: argparse.ArgumentParser) -> None:
        sp.add_argument(
            "--base", default=DEFAULT_BASE, help="base IRI of the data (default: %(default)s)"
        )
        sp.add_argument(
            "--lexicon",
            action="append",
            default=[],
            metavar="YAML",
            help="extra lexicon file (institutions, techniques, ...); repeatable",
        )
        sp.add_argument(
            "--conference",
            default="",
            metavar="'NAME YEAR'",
            help="the conference of the notes, e.g. 'OSDI 2020' (else a kg.yaml beside them, "
            "their front matter, title or text)",
        )

    b = sub.add_parser("build", help="read notes, write out/graph.ttl and out/graph.html")
    b.add_argument("paths", nargs="*", type=Path, help="notes files or folders (default: data/)")
    b.add_argument(
        "-o", "--out", type=_folder, default=DEFAULT_OUT, help="output folder (default: out/)"
    )
    b.add_argument(
        "--format",
        action="append",
        choices=[*sorted(RDF_FORMATS), "all"],
        default=None,
        help="RDF format to write; repeatable, or 'all' (default: turtle)",
    )
    b.add_argument(
        "--license",
        default=DEFAULT_LICENSE,
        metavar="IRI",
        help="licence of the data, stated in void.ttl (default: CC BY 4.0)",
    )
    b.add_argument("--no-html", action="store_true", help="do not write graph.html")
    b.add_argument(
        "--no-store", action="store_true", help="do not keep the store kg query reads (OUT/store)"
    )
    b.add_argument("--strict", action="store_true", help="exit 1 on warnings too")
    b.add_argument("-q", "--quiet", action="store_true", help="print only problems, no progress")
    b.add_argument("--timings", action="store_true", help="print seconds per stage (JSON)")
    b.add_argument(
        "--cache",
        type=Path,
        metavar="DIR",
        help="where each file's result is remembered for the next build "
        f"(default: OUT/{CACHE_DIR_NAME})",
    )
    b.add_argument("--no-cache", action="store_true", help="redo every file; remember nothing")
    common_build(b)
    b.set_defaults(run=cmd_build)

    o = sub.add_parser(
        "outline",
        help="show what kg understood of notes files: papers, sessions, authors, skipped text",
        description="Print, for each notes file, the conference (and where it came from), the "
        "sessions, and each paper with its line, title, authors, institutions, DOI and the cues "
        "that made it a paper; then what was skipped, with file:line. Writes nothing.",
    )
    o.add_argument("paths", nargs="*", type=Path, help="notes files or folders (default: data/)")
    common_build(o)
    o.set_defaults(run=cmd_outline)

    q = sub.add_parser(
        "query",
        help="ask a SPARQL question, or a named one (kg query --list)",
        description="Run SPARQL text, a .rq file, or a question shipped with kg, on a graph file "
        "or a SPARQL endpoint. Values are bound as RDF terms, never pasted into the query.",
    )
    q.add_argument("sparql", nargs="?", metavar="QUERY", help="SPARQL text, or a question's name")
    q.add_argument("-f", "--file", type=Path, help="read the query from a .rq file")
    q.add_argument("--list", action="store_true", help="list the named questions and exit")
    source = q.add_mutually_exclusive_group()
    source.add_argument(
        "-g", "--graph", type=Path, help="graph file (default: out/graph.ttl, else build data/)"
    )
    source.add_argument("--endpoint", metavar="URL", help="a SPARQL 1.1 query endpoint")
    q.add_argument(
        "--graph-iri",
        metavar="IRI",
        help="with --endpoint: query this named graph (e.g. the one kg push wrote)",
    )
    q.add_argument(
        "-p",
        "--param",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="bind ?NAME to VALUE (a literal, or an IRI given as <...>); repeatable",
    )
    q.add_argument("--format", choices=FORMATS, default="table", help="output format")
    q.add_argument("--engine", choices=ENGINES, default="auto")
    q.add_argument(
        "--timeout",
        type=_seconds,
        default=60.0,
        metavar="SECONDS",
        help="stop a query that has not answered in time (default: 60)",
    )
    q.add_argument("--allow-service", action="store_true", help="allow SERVICE calls")
    q.set_defaults(run=cmd_query)

    pu = sub.add_parser(
        "push",
        help="send a graph to a SPARQL Graph Store Protocol endpoint",
        description="Replace a named graph of a triple store (Oxigraph, Fuseki, GraphDB ...) "
        "with a graph file, in one HTTP PUT (SPARQL 1.1 Graph Store Protocol).",
    )
    pu.add_argument("url", help="the store's Graph Store Protocol endpoint, e.g. .../store")
    pu.add_argument("graph", nargs="?", type=Path, help="graph file (default: out/graph.ttl)")
    pu.add_argument(
        "--timeout",
        type=_seconds,
        default=300,
        metavar="SECONDS",
        help="give up when the store has not answered in this long (default: 300)",
    )
    pu.add_argument(
        "--graph-iri",
        default=DEFAULT_BASE + "graph/kg",
        metavar="IRI",
        help="the named graph to replace (default: %(default)s)",
    )
    pu.set_defaults(run=cmd_push)

    sv = sub.add_parser(
        "serve",
        help="answer SPARQL questions over HTTP on this machine, from the store",
        description="Run a SPARQL 1.1 endpoint on 127.0.0.1 over the store kg build keeps "
        "(Oxigraph's server, read-only). Other programs, notebooks and kg query --endpoint "
        "can ask it; it follows the store when a build changes it. Ctrl-C stops it.",
    )
    sv.add_argument("out", nargs="?", type=Path, default=DEFAULT_OUT, help="kg build's folder")
    sv.add_argument("--port", type=int, default=7878, help="port (default: %(default)s)")
    sv.set_defaults(run=cmd_serve)

    h = sub.add_parser(
        "html",
        help="write the interactive page of a graph (and GraphML/GEXF)",
        description="Write an interactive page of the graph that works offline. Large graphs "
        "open on an overview of their sessions, institutions, techniques and countries; --view "
        "and --focus choose another view.",
    )
    h.add_argument("graph", nargs="?", type=Path, help="graph file (default: out/graph.ttl)")
    h.add_argument("-o", "--out", type=Path, default=DEFAULT_OUT / "graph.html")
    h.add_argument(
        "--view",
        choices=VIEWS,
        default="auto",
        help="auto (default: full up to 300 papers, else overview), full, papers, overview, "
        "techniques",
    )
    h.add_argument(
        "--focus",
        metavar="NODE",
        help="show only the neighbourhood of a node (its IRI or label, e.g. Krill or 'ETH Zurich')",
    )
    h.add_argument("--depth", type=int, default=1, help="with --focus: how many links away")
    h.add_argument(
        "--max-nodes",
        type=int,
        default=DEFAULT_MAX_NODES,
        help="the overview shows at most this many groups, those with most papers",
    )
    h.add_argument("--graphml", type=Path, metavar="PATH", help="also write the view as GraphML")
    h.add_argument("--gexf", type=Path, metavar="PATH", help="also write the view as GEXF")
    h.set_defaults(run=cmd_html)

    v = sub.add_parser("validate", help="check a graph against kg's SHACL shapes")
    v.add_argument("graph", nargs="?", type=Path, help="graph file (default: out/graph.ttl)")
    v.set_defaults(run=cmd_validate)

    e = sub.add_parser("eval", help="score extraction against a hand-written gold file")
    e.add_argument(
        "gold", nargs="+", type=Path, help="gold YAML file(s), e.g. tests/data/gold/sc21.yaml"
    )
    e.add_argument("--details", action="store_true", help="list every miss and extra")
    e.add_argument("--lexicon", action="append", default=[], metavar="YAML")
    e.set_defaults(run=cmd_eval)

    lx = sub.add_parser("lexicon", help="what the lexicon could learn from the notes")
    lsub = lx.add_subparsers(dest="lexicon_command", metavar="SUBCOMMAND", required=True)
    sg = lsub.add_parser(
        "suggest",
        help="discovered techniques, unresolved institutions and unknown systems, as YAML",
        description="Print (or write with -o) a user lexicon of what the notes name that the "
        "lexicon does not: discovered techniques, systems kg had not met, institutions it could "
        "not resolve; each with how many papers name it and an example, as comments. Review it, "
        "then build with --lexicon FILE.",
    )
    sg.add_argument("paths", nargs="*", type=Path, help="notes files or folders (default: data/)")
    sg.add_argument("-o", "--out", type=Path, help="write the YAML here instead of printing it")
    common_build(sg)
    sg.set_defaults(run=cmd_lexicon_suggest)

    t = sub.add_parser(
        "table",
        help="write the claims, papers or institutions of a graph as a table",
        description="A table to sort, filter and paste: every claim (paper, system, session, "
        "measure, direction, qualifier, value or range, unit, baseline, sentence), every paper, "
        "or every institution.",
    )
    t.add_argument("name", choices=TABLES, help="claims, papers or institutions")
    t.add_argument(
        "-g", "--graph", type=Path, help="graph file (default: out/graph.ttl, else build data/)"
    )
    t.add_argument(
        "--format", choices=TABLE_FORMATS, default="table", help="output format (default: table)"
    )
    t.add_argument("-o", "--out", type=Path, help="write the table to this file")
    t.set_defaults(run=cmd_table)

    s = sub.add_parser("stats", help="count what the graph holds")
    s.add_argument("graph", nargs="?", type=Path, help="graph file (default: out/graph.ttl)")
    s.set_defaults(run=cmd_stats)
    return p


# --- commands ----------------------------------------------------------------------


def cmd_build(args: argparse.Namespace) -> int:
    from .api import build_all, write

    if not is_absolute_iri(args.license):
        raise KgError(f"--license {args.license!r}: not an absolute IRI")
    _check_out_folder(Path(args.out))
    stages = Stages(order=("lexicon", "notes", "write", "html", "store"))
    cache_dir = None if args.no_cache else (args.cache or args.out / CACHE_DIR_NAME)
    result = build_all(
        args.paths or None,
        base=args.base,
        lexicons=args.lexicon,
        stages=stages,
        progress_bar=not args.quiet and sys.stderr.isatty(),
        cache_dir=cache_dir,
        conference=args.conference,
    )
    if not result.knowledge.papers:  # an empty graph over the last build's: no
        _report(result, [], quiet=True)
        raise KgError(
            "no paper found in the notes (see above); nothing written, the last build's "
            "files are kept"
        )
    formats = args.format or ["turtle"]
    formats = list(RDF_FORMATS) if "all" in formats else list(dict.fromkeys(formats))
    written = write(
        result,
        args.out,
        formats=formats,
        html=not args.no_html,
        license_iri=args.license,
        cache_dir=cache_dir,
        stages=stages,
        store=not args.no_store,
    )
    _report(result, written, quiet=args.quiet)
    if args.timings:
        print(json.dumps({"timings": stages.as_dict()}), file=sys.stderr)
    problems = result.problems
    if any(p.severity == "error" for p in problems):
        return PROBLEMS
    if args.strict and problems:
        return PROBLEMS
    return OK


def _check_out_folder(out: Path) -> None:
    """``-o`` names a folder: not an existing file, nor a new graph file's name."""
    existing = next((p for p in (out, *out.parents) if p.exists()), None)
    if existing is not None and not existing.is_dir():
        raise KgError(f"-o {out}: {existing} is a file; -o names the folder kg writes into")
    graph_files = {f.file_name for f in RDF_FORMATS.values()} | {"graph.html", "void.ttl"}
    if not out.exists() and out.name in graph_files:
        raise KgError(
            f"-o {out}: names a file; -o names the folder kg writes {out.name} into "
            f"(-o {out.parent})"
        )


LISTED_FILES = 20  # kg build names this many notes files, then counts the rest


def cmd_outline(args: argparse.Namespace) -> int:
    from . import files
    from .extract import extract
    from .lexicon import load_lexicon
    from .notes import read_notes
    from .outline import outline_text

    lexicon = load_lexicon(args.lexicon)
    paths = args.paths or [files.default_notes_dir()]
    know = extract(read_notes(paths, lexicon, args.conference), lexicon)
    sys.stdout.write(outline_text(know))
    return PROBLEMS if any(p.severity == "error" for p in know.corpus.all_problems) else OK


def _report(result: Build, written: list[Path], quiet: bool) -> None:
    know = result.knowledge
    out = sys.stdout
    if not quiet:
        for notes in know.corpus.files[:LISTED_FILES]:
            print(
                f"{notes.path}: {len(notes.papers)} papers, {len(notes.sessions)} sessions"
                f" ({notes.conference.label})",
                file=out,
            )
        more = len(know.corpus.files) - LISTED_FILES
        if more > 0:
            print(f"... and {more} more notes files", file=out)
    problems = result.problems
    if problems:
        print(f"\n{len(problems)} problem(s) in the notes:", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
    unused = [p for p in problems if p.severity == "error"]
    if unused:
        print(f"{len(unused)} item(s) could not be used (see errors above).", file=sys.stderr)
    if quiet:
        return
    if know.unresolved:
        print(
            f"\nInstitutions not in the registry, kept as unresolved ({len(know.unresolved)}):",
            file=out,
        )
        for inst in know.unresolved:
            print(f"  {inst.name}  ({know.unresolved_at.get(inst.id, '')})", file=out)
    counts = summary(know)
    print(
        "\nGraph: "
        + ", ".join(f"{v} {k}" for k, v in counts.items())
        + f", {len(result.statements)} triples",
        file=out,
    )
    print("Wrote " + ", ".join(str(p) for p in written), file=out)


def summary(know: Knowledge) -> dict[str, int]:
    return {
        "papers": len(know.papers),
        "sessions": sum(len(f.sessions) for f in know.corpus.files),
        "institutions": len(know.institutions),
        "techniques": len({c for f in know.papers for c in f.techniques}),
        "metrics": sum(len(f.metrics) for f in know.papers),
    }


def _graph_for(path: Path | None) -> rdflib.Graph:
    """The graph a command reads: the one given (a build's folder: its graph.ttl), else
    ./out/graph.ttl, else (saying so) the graph of the notes kg ships."""
    from .api import build_all
    from .rdf import load

    if path is not None:
        if path.is_dir() and (path / "graph.ttl").is_file():
            path = path / "graph.ttl"  # a build's folder (-g out), as kg query takes it
        return load(path)
    default = DEFAULT_OUT / "graph.ttl"
    if default.exists():
        print(f"kg: reading {default}", file=sys.stderr)
        return load(default)
    print(
        f"kg: no {default} here (kg build writes it; -g FILE reads another): "
        "reading the sample notes kg ships",
        file=sys.stderr,
    )
    return build_all().graph


def _source_for(path: Path | None) -> rdflib.Graph | Path:
    """What ``kg query`` reads: a store (the folder given, else ./out's), else a graph
    file as :func:`_graph_for` finds one."""
    from .store import find_store

    if path is not None and path.is_dir() and find_store(path) is None:
        graph = path / "graph.ttl"  # a build with --no-store (or too little memory for one)
        if graph.exists():
            print(f"kg: no store in {path}: reading {graph}", file=sys.stderr)
            return _graph_for(graph)
    if path is not None:
        return path if path.is_dir() else _graph_for(path)
    store = find_store(DEFAULT_OUT)
    if store is not None:
        print(f"kg: reading {DEFAULT_OUT / 'store'}", file=sys.stderr)
        return DEFAULT_OUT
    return _graph_for(None)


def _folder(text: str) -> Path:
    """An output folder: ``-o ''`` wrote into the current folder."""
    if not text.strip():
        raise argparse.ArgumentTypeError("give a folder's name (default: out)")
    return Path(text)


def _seconds(text: str) -> float:
    """A timeout in seconds: finite, positive, at most a day."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value <= 86_400:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"seconds between 0 and 86400, not {text!r}")
    return value


def _parse_param(text: str) -> tuple[str, object]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise QueryError(f"--param wants NAME=VALUE, got {text!r}")
    if value.startswith("<") and value.endswith(">"):
        if not is_absolute_iri(value[1:-1]):
            raise QueryError(f"--param {name}: {value} is not an absolute IRI")
        import pyoxigraph as ox

        return name, ox.NamedNode(value[1:-1])
    return name, value  # a named question converts it to its parameter's type


def cmd_query(args: argparse.Namespace) -> int:
    from .query import named_queries

    if args.list:
        for q in named_queries().values():
            listed = ", ".join(f"{p.name}={p.default}" for p in q.params)
            print(f"{q.name}\n    {q.title}{'  [' + listed + ']' if listed else ''}")
            print(f"    {q.description}")
        return OK
    from .query import query, unmatched

    if args.file:
        try:
            text = args.file.read_bytes().decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise QueryError(
                f"{args.file}: not UTF-8 (byte {exc.start}); save it as UTF-8"
            ) from None
    elif args.sparql:
        text = args.sparql
    else:
        raise QueryError("give a query, a question's name (kg query --list), or -f FILE.rq")
    if not text.strip():
        raise QueryError(f"{args.file or 'the query'} is empty")
    if args.endpoint:
        from .http import check_url

        check_url(args.endpoint, QueryError)
    params = dict(_parse_param(p) for p in args.param)
    named = named_queries().get(text)
    for param in named.params if named else ():
        if param.name not in params:  # say so: a default may not be the question meant
            print(f"kg query: {param.name} = {param.default} (its default)", file=sys.stderr)
    source: rdflib.Graph | ox.Store | Path | str = args.endpoint or _source_for(args.graph)
    rows = query(
        source,
        text,
        engine=args.engine,
        timeout=args.timeout,
        allow_service=args.allow_service,
        graph_iri=args.graph_iri,
        params=params,
    )
    out = rows.serialize(args.format)
    sys.stdout.write(out if out.endswith("\n") else out + "\n")
    if not len(rows) and not (args.file or args.endpoint):
        for why in unmatched(source, text, params, timeout=args.timeout):
            print(f"kg query: {why}", file=sys.stderr)
    return OK


def cmd_table(args: argparse.Namespace) -> int:
    from .output.atomic import write_bytes
    from .tables import table

    text = table(_graph_for(args.graph), args.name).text(args.format)
    if args.out:
        write_bytes(args.out, [text.encode("utf-8")])
        print(f"Wrote {args.out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return OK


def cmd_push(args: argparse.Namespace) -> int:
    from .output.push import push

    path = args.graph or DEFAULT_OUT / "graph.ttl"
    status = push(path, args.url, args.graph_iri, timeout=args.timeout)
    print(f"Pushed {path} to <{args.graph_iri}> at {args.url} (HTTP {status})")
    return OK


def cmd_serve(args: argparse.Namespace) -> int:
    from .store import serve

    def started(generation: Path, url: str) -> None:
        print(
            f"Serving {generation} at {url}\n"
            f"  SPARQL query:         {url}/query   (kg query --endpoint {url}/query NAME)\n"
            f"  Graph Store Protocol: {url}/store   (read-only)\n"
            "Ctrl-C stops it.",
            flush=True,
        )

    try:
        code = serve(args.out, args.port, on_start=started)
    except KeyboardInterrupt:
        return OK
    if code:
        raise KgError(f"the server stopped (exit {code}); is port {args.port} in use?")
    return OK


def cmd_html(args: argparse.Namespace) -> int:
    from .html.drawing import render, to_network
    from .html.export import write_gexf, write_graphml
    from .html.options import HtmlOptions
    from .html.views import page_graph
    from .output.atomic import write_text

    graph = _graph_for(args.graph)
    options = HtmlOptions(
        view=args.view, focus=args.focus, depth=args.depth, max_nodes=args.max_nodes
    )
    page = page_graph(graph, options)
    written = [write_text(args.out, render(to_network(page, options), page))]
    if args.graphml:
        written.append(write_graphml(page, args.graphml))
    if args.gexf:
        written.append(write_gexf(page, args.gexf))
    print(
        f"{len(page.graph)} nodes, {page.graph.number_of_edges()} links. "
        "Wrote " + ", ".join(map(str, written))
    )
    return OK


def cmd_validate(args: argparse.Namespace) -> int:
    from .validate import validate

    result = validate(_graph_for(args.graph))
    print(result.text())
    return OK if result.conforms else PROBLEMS


def cmd_eval(args: argparse.Namespace) -> int:
    from .evaluate import combined, evaluate

    reports = []
    for i, gold in enumerate(args.gold):
        if i:
            print()
        reports.append(evaluate(gold, args.lexicon))
        print(reports[-1].table(details=args.details))
    if len(reports) > 1:
        print()
        print(combined(reports, f"all {len(reports)} gold files").table())
    return OK


def cmd_lexicon_suggest(args: argparse.Namespace) -> int:
    from . import files
    from .extract import extract
    from .lexicon import load_lexicon
    from .notes import read_notes
    from .output.atomic import write_bytes
    from .suggest import suggest_lexicon

    lexicon = load_lexicon(args.lexicon)
    paths = args.paths or [files.default_notes_dir()]
    text = suggest_lexicon(extract(read_notes(paths, lexicon, args.conference), lexicon), lexicon)
    if args.out is None:
        sys.stdout.write(text)
    else:
        write_bytes(args.out, [text.encode("utf-8")])
        print(f"wrote {args.out}")
    return OK


def cmd_stats(args: argparse.Namespace) -> int:
    from .query import query

    graph = _graph_for(args.graph)
    rows = query(
        graph,
        "SELECT ?class (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s a ?class "
        "FILTER(STRSTARTS(STR(?class), STR(kg:))) } GROUP BY ?class ORDER BY DESC(?n) ?class",
    )
    counts = Counter({str(r[0]).rsplit("#", 1)[-1]: int(str(r[1])) for r in rows})
    for name, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"{name:<14}{n:>8}")
    print(f"{'triples':<14}{len(graph):>8}")
    return OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
