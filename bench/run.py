"""Benchmark kg build against the speed limits of the RDF layer, measured in the same run.

    python bench/run.py                          # 1,000 and 10,000 papers
    python bench/run.py --sizes 1000,10000,30000,100000 --browser

For each size it generates (once, under bench/corpus/) a realistic notes corpus
(bench/generate.py), then measures:

- `kg build` as a whole process, from an empty cache: wall time, peak RSS (of
  the largest process), seconds per stage (`--timings`), writing Turtle +
  N-Triples + graph.html;
- rebuilds with the cache the first build left: with nothing changed, and
  after one notes file changed (one abstract edited; the file is restored
  afterwards);
- baseline (a), the speed limit of the RDF layer: pyoxigraph loading the
  produced N-Triples and serializing them as Turtle;
- baseline (b), the plain rdflib path: Graph.add of every triple, then
  rdflib's Turtle serializer (skipped above --rdflib-max papers);
- the latency of every named question (Oxigraph engine, median of 3 runs), in
  Python on a loaded graph, and as `kg query NAME` processes on the store `kg build`
  keeps (process start included), with `kg --help` and `kg query --list`;
- with --browser: the time graph.html takes to open and become interactive in
  headless Chromium (Debian's /usr/bin/chromium, driven by playwright).

It prints a Markdown table of numbers and ratios; nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def run_measured(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float, str]:
    """Run a command; return (wall seconds, peak RSS in MB, stderr)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    stderr = proc.stderr.read().decode("utf-8", "replace") if proc.stderr else ""
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise RuntimeError(f"{cmd[:4]} failed: {stderr[-2000:]}")
    return wall, usage.ru_maxrss / 1024, stderr


OXIGRAPH_BASELINE = """
import sys, time, pyoxigraph as ox
t = time.perf_counter()
store = ox.Store()
store.bulk_load(path=sys.argv[1], format=ox.RdfFormat.N_TRIPLES)
load = time.perf_counter() - t
t = time.perf_counter()
store.dump(output=sys.argv[2], format=ox.RdfFormat.TURTLE, from_graph=ox.DefaultGraph())
print(load, time.perf_counter() - t)
"""

RDFLIB_BASELINE = """
import sys, time, rdflib, pyoxigraph as ox
from oxrdflib._converter import from_ox
terms = [(from_ox(t.subject), from_ox(t.predicate), from_ox(t.object))
         for t in ox.parse(path=sys.argv[1], format=ox.RdfFormat.N_TRIPLES)]
t = time.perf_counter()
g = rdflib.Graph()
for triple in terms:
    g.add(triple)
add = time.perf_counter() - t
t = time.perf_counter()
g.serialize(sys.argv[2], format="turtle")
print(add, time.perf_counter() - t)
"""


def baseline(code: str, nt: Path, out: Path) -> tuple[float, float, float]:
    """(part one seconds, part two seconds, peak RSS MB) of a baseline script."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", code, str(nt), str(out)], stdout=subprocess.PIPE, text=True
    )
    _, _, usage = os.wait4(proc.pid, 0)
    first, second = (float(x) for x in proc.stdout.read().split())  # type: ignore[union-attr]
    del start
    return first, second, usage.ru_maxrss / 1024


def question_latencies(nt: Path) -> dict[str, float]:
    import kg
    from kg.query import named_queries, query

    graph = kg.load(nt)
    times = {}
    for name in named_queries():
        runs = []
        for _ in range(3):
            t = time.perf_counter()
            query(graph, name)
            runs.append(time.perf_counter() - t)
        times[name] = statistics.median(runs)
    return times


def command_latencies(out: Path) -> dict[str, object]:
    """Wall time of `kg` commands as a user runs them, process start included (median of
    3): `--help`, `query --list`, and each named question on the store `kg build` keeps
    (the default since the store came) and, for comparison, on the N-Triples file (how
    `kg query` answered before: the file parsed for every question)."""

    def wall(*argv: str) -> float:
        runs = []
        for _ in range(3):
            t = time.perf_counter()
            subprocess.run([sys.executable, "-m", "kg", *argv], capture_output=True, check=True)
            runs.append(time.perf_counter() - t)
        return round(statistics.median(runs), 3)

    from kg.query import named_queries

    names = list(named_queries())
    store = {name: wall("query", name, "-g", str(out)) for name in names}
    t = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "kg", "query", names[0], "-g", str(out / "graph.nt")],
        capture_output=True,
        check=True,
    )
    return {
        "help_s": wall("--help"),
        "list_s": wall("query", "--list"),
        "store_questions_s": store,
        "file_question_s": round(time.perf_counter() - t, 3),
    }


def browser_open(html: Path) -> tuple[float, float | None] | None:
    """Seconds from navigation until the page has drawn its graph and answers a search,
    and (on a large corpus's overview) from choosing the busiest technique whose papers
    can be drawn until they are drawn."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    if not Path("/usr/bin/chromium").exists():
        return None
    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        page = b.new_page(viewport={"width": 1400, "height": 900})
        page.route("http*://**", lambda route, _: route.abort())
        start = time.perf_counter()
        page.goto(html.resolve().as_uri())
        page.wait_for_function("window.kgDrawn === true && window.kgStabilized", timeout=120_000)
        page.fill("#search", "a")  # interactive: the page answers input
        page.evaluate("() => window.kgNetwork.getSelectedNodes().length")
        elapsed = time.perf_counter() - start
        drill = None
        wanted = page.evaluate(
            """() => {
              const index = window.kgFilter.index(), k = index.kinds.indexOf("technique");
              const counts = index.facets[k].map(() => 0);
              index.papers.forEach(p => p[5][k].forEach(i => { counts[i] += 1; }));
              let best = -1;
              counts.forEach((n, i) => {
                if (n <= 300 && (best < 0 || n > counts[best])) best = i;
              });
              return best;
            }"""
        )
        if page.evaluate("() => document.getElementById('filter-technique') !== null") and (
            wanted >= 0
        ):
            page.fill("#search", "")
            start = time.perf_counter()
            page.select_option("#filter-technique", str(wanted))
            page.wait_for_function("window.kgDrawn === true", timeout=120_000)
            drill = time.perf_counter() - start
        b.close()
    return elapsed, drill


def bench_size(papers: int, args: argparse.Namespace) -> dict[str, object]:
    from generate import generate

    corpus = HERE / "corpus" / str(papers)
    if not (corpus / "notes-00000.txt").exists():
        generate(papers, corpus)
    out = HERE / "results" / str(papers)
    out.mkdir(parents=True, exist_ok=True)
    cmd = [
        sys.executable,
        "-m",
        "kg",
        "build",
        str(corpus),
        "-o",
        str(out),
        "-q",
        "--format",
        "turtle",
        "--format",
        "ntriples",
        "--timings",
    ]
    shutil.rmtree(out / ".kg-cache", ignore_errors=True)
    wall, rss, stderr = run_measured(cmd)
    timings = json.loads(
        next(line for line in stderr.splitlines() if line.startswith('{"timings"'))
    )["timings"]
    unchanged, _, _ = run_measured(cmd)
    files = sorted(corpus.glob("notes-*.txt"))
    changed = files[len(files) // 2]
    text = changed.read_bytes()
    try:
        label = b"Abstract: " if b"Abstract: " in text else "摘要:".encode()
        edited = text.replace(label, label + "In short, 简言之，".encode(), 1)
        if edited == text:
            sys.exit(f"{changed}: found no abstract to edit")
        changed.write_bytes(edited)
        one_changed, _, _ = run_measured(cmd)
    finally:
        changed.write_bytes(text)
    run_measured(cmd)  # leave the cache and outputs as the corpus says
    nt = out / "graph.nt"
    triples = sum(1 for _ in nt.open("rb"))
    ox_load, ox_write, _ = baseline(OXIGRAPH_BASELINE, nt, out / "baseline-oxigraph.ttl")
    result: dict[str, object] = {
        "papers": papers,
        "triples": triples,
        "build_s": round(wall, 2),
        "peak_rss_mb": round(rss),
        "stages_s": timings,
        "files": len(files),
        "rebuild_unchanged_s": round(unchanged, 2),
        "rebuild_one_file_changed_s": round(one_changed, 2),
        "oxigraph_load_s": round(ox_load, 2),
        "oxigraph_turtle_s": round(ox_write, 2),
    }
    if papers <= args.rdflib_max:
        add, ser, _ = baseline(RDFLIB_BASELINE, nt, out / "baseline-rdflib.ttl")
        result.update(rdflib_add_s=round(add, 2), rdflib_turtle_s=round(ser, 2))
    result["questions_s"] = {k: round(v, 3) for k, v in question_latencies(nt).items()}
    result.update(command_latencies(out))
    if args.browser:
        opened = browser_open(out / "graph.html")
        if opened is not None:
            result["html_open_s"] = round(opened[0], 2)
            result["html_drill_s"] = round(opened[1], 2) if opened[1] is not None else None
    return result


def table(results: list[dict[str, object]]) -> str:
    lines = [
        (
            "| papers | triples | kg build (s) | peak RSS (MB) | oxigraph load+Turtle (s) | "
            "build / oxigraph | rdflib add+Turtle (s) | rdflib / build | "
            "slowest question (s) | graph.html interactive (s) | drill-down drawn (s) | files | "
            "rebuild, 1 file changed (s) |"
        ),
        "|" + "---|" * 13,
    ]
    for r in results:
        build = float(r["build_s"])  # type: ignore[arg-type]
        ox_total = float(r["oxigraph_load_s"]) + float(r["oxigraph_turtle_s"])  # type: ignore[arg-type]
        rdf = r.get("rdflib_add_s")
        rdf_total = float(rdf) + float(r["rdflib_turtle_s"]) if rdf is not None else None  # type: ignore[arg-type]
        questions: dict[str, float] = r["questions_s"]  # type: ignore[assignment]
        slowest = max(questions.items(), key=lambda kv: kv[1])
        lines.append(
            f"| {r['papers']:,} | {r['triples']:,} | {build} | {r['peak_rss_mb']} | "
            f"{ox_total:.2f} | {build / ox_total:.1f}x | "
            f"{f'{rdf_total:.1f}' if rdf_total else 'skipped'} | "
            f"{f'{rdf_total / build:.1f}x' if rdf_total else '-'} | "
            f"{slowest[1]} ({slowest[0]}) | {r.get('html_open_s', '-')} | "
            f"{r.get('html_drill_s') or '-'} | "
            f"{r['files']:,} | {r['rebuild_one_file_changed_s']} |"
        )
    lines += [
        "",
        (
            "`kg` as a process, wall time with start-up (s): `kg query NAME` on the store "
            "(median question, slowest), the same on graph.nt (before the store), "
            "`kg --help`, `kg query --list`:"
        ),
        "",
        "| papers | question on the store, median | slowest | on graph.nt | --help | --list |",
        "|---|---|---|---|---|---|",
    ]
    for r in results:
        asked: dict[str, float] = r["store_questions_s"]  # type: ignore[assignment]
        slowest = max(asked.items(), key=lambda kv: kv[1])
        lines.append(
            f"| {r['papers']:,} | {statistics.median(asked.values()):.2f} | "
            f"{slowest[1]:.2f} ({slowest[0]}) | {r['file_question_s']} | {r['help_s']} | "
            f"{r['list_s']} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000", help="comma-separated paper counts")
    parser.add_argument(
        "--rdflib-max",
        type=int,
        default=30000,
        help="skip the rdflib baseline above this many papers",
    )
    parser.add_argument("--browser", action="store_true", help="also time graph.html in Chromium")
    parser.add_argument("--json", type=Path, help="also write the raw results here")
    args = parser.parse_args()
    print(
        f"# kg benchmark: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}",
        flush=True,
    )
    results = []
    for size in (int(s) for s in args.sizes.split(",")):
        r = bench_size(size, args)
        results.append(r)
        print(json.dumps(r), flush=True)
    print()
    print(table(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
