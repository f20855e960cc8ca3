"""The store kg build keeps in OUT/store: kg query reads it, a rebuild rewrites only what
changed, a reader sees one build or the other, and kg serve answers over HTTP from it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pyoxigraph as ox
import pytest

import kg
from kg.cli import main
from kg.query.named import named_queries
from kg.store import MANIFEST, find_store, open_store

PAPER = """# OSDI 2024

## {session}

### {name}: a system for {topic}
- Authors: Ann Lee (MIT), Bo Chen (Tsinghua University)
- DOI: 10.5555/{doi}
- Abstract: {name} uses pipeline parallelism and is {x}x faster than GraphM on 64 GPUs.
"""


def _notes(folder: Path, n: int, x: int = 2) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        (folder / f"day{i}.md").write_text(
            PAPER.format(session=f"Session {i}", name=f"Sys{i}", topic="graphs", doi=i, x=x + i),
            encoding="utf-8",
        )
    return folder


def _build(notes: Path, out: Path, *more: str) -> int:
    return main(["build", str(notes), "-o", str(out), "-q", "--no-html", *more])


def _quads(store: ox.Store) -> set[str]:
    return {str(q) for q in store.quads_for_pattern(None, None, None)}


def test_every_named_question_answers_the_same_from_the_store_and_the_file(sc21_out: Path):
    """The store holds the graph of graph.ttl: every shipped question, with its default
    parameters, gives the same rows from both (the union of the store's graphs counts a
    statement once, so counts agree too)."""
    graph = kg.load(sc21_out / "graph.ttl")
    assert find_store(sc21_out) is not None
    for name in named_queries():
        from_store = kg.query(sc21_out, name)
        from_file = kg.query(graph, name)
        assert from_store.vars == from_file.vars, name
        assert sorted(map(repr, from_store.rows)) == sorted(map(repr, from_file.rows)), name
    count = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
    assert int(str(kg.query(sc21_out, count).rows[0][0])) == len(graph)


def test_kg_query_reads_the_store_of_out_by_default(sc21_out: Path, monkeypatch, capfd) -> None:
    monkeypatch.chdir(sc21_out.parent)
    (sc21_out.parent / "out").unlink(missing_ok=True)
    (sc21_out.parent / "out").symlink_to(sc21_out.name)
    capfd.readouterr()
    assert main(["query", "institutions-on-technique", "--format", "csv"]) == 0
    out, err = capfd.readouterr()
    assert "kg: reading out/store" in err
    assert "Microsoft" in out
    # a graph file given is read as before
    assert main(["query", "institutions-on-technique", "-g", "out/graph.ttl"]) == 0
    assert "Microsoft" in capfd.readouterr().out


@pytest.mark.parametrize("anew", [1.0, 0.0], ids=["graphs-replaced", "loaded-anew"])
def test_a_rebuild_rewrites_only_the_graphs_that_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, anew: float
) -> None:
    """Three notes files, one changed: the new generation's manifest differs in that
    file's graph and the shared default graph (which describes each notes file) only,
    and its statements equal a store made from nothing, whether the changed graphs are
    replaced in a copy of the last generation or everything is loaded anew (as when
    much changed). The generation before is kept for readers that opened it; older ones
    go."""
    monkeypatch.setattr(kg.store, "ANEW", anew)
    notes, out = _notes(tmp_path / "notes", 3), tmp_path / "out"
    assert _build(notes, out) == 0
    first = find_store(out)
    assert first is not None
    import json

    before = json.loads((first / MANIFEST).read_text())["graphs"]
    (notes / "day1.md").write_text(
        PAPER.format(session="Session 1", name="Sys1", topic="trees", doi=1, x=9), encoding="utf-8"
    )
    assert _build(notes, out) == 0
    second = find_store(out)
    assert second is not None and second != first
    after = json.loads((second / MANIFEST).read_text())["graphs"]
    changed = {g for g in after if after[g] != before.get(g)}
    assert changed == {"", "https://w3id.org/kg/id/graph/day1-md"}, changed
    fresh = tmp_path / "fresh"
    assert _build(notes, fresh, "--no-cache") == 0
    assert _quads(open_store(out)) == _quads(open_store(fresh))
    # a third build: the first generation is removed, the second kept
    (notes / "day2.md").unlink()
    assert _build(notes, out) == 0
    generations = sorted(p.name for p in (out / "store").iterdir() if p.name.startswith("g-"))
    assert generations == sorted({second.name, find_store(out).name})  # type: ignore[union-attr]
    assert not first.exists()


def test_a_question_asked_during_a_build_sees_one_build_not_a_mix(tmp_path: Path) -> None:
    notes, out = _notes(tmp_path / "notes", 2), tmp_path / "out"
    assert _build(notes, out) == 0
    count = "SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE { ?p a kg:Paper }"
    opened = open_store(out)  # a reader that opened the store before the build
    _notes(notes, 4)
    assert _build(notes, out) == 0
    assert int(str(kg.query(opened, count).rows[0][0])) == 2
    assert int(str(kg.query(out, count).rows[0][0])) == 4


def test_no_store_and_a_damaged_store(tmp_path: Path) -> None:
    notes = _notes(tmp_path / "notes", 1)
    assert _build(notes, tmp_path / "plain", "--no-store") == 0
    assert not (tmp_path / "plain" / "store").exists()
    out = tmp_path / "out"
    assert _build(notes, out) == 0
    assert _build(notes, out, "--no-store") == 0  # the earlier store would be stale: gone
    assert not (out / "store").exists()
    assert _build(notes, out) == 0
    generation = find_store(out)
    assert generation is not None
    (generation / MANIFEST).unlink()  # not a store kg made: not read
    assert find_store(out) is None
    with pytest.raises(kg.KgError, match="no kg store here"):
        open_store(out)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for(url: str, child: subprocess.Popen[str]) -> None:
    for _ in range(100):
        assert child.poll() is None, child.communicate()
        try:
            with urllib.request.urlopen(url + "?query=ASK%7B%7D", timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"{url} did not answer")


def test_kg_serve_answers_over_http_and_follows_a_rebuild(tmp_path: Path) -> None:
    """`kg serve` prints its URLs, answers the named questions as the store does, serves
    the new graph after a rebuild, and stops cleanly on Ctrl-C."""
    notes, out = _notes(tmp_path / "notes", 2), tmp_path / "out"
    assert _build(notes, out) == 0
    port = _free_port()
    url = f"http://127.0.0.1:{port}/query"
    child = subprocess.Popen(
        [sys.executable, "-m", "kg", "serve", str(out), "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        _wait_for(url, child)
        for name in named_queries():
            served, local = kg.query(url, name), kg.query(out, name)
            assert sorted(map(repr, served.rows)) == sorted(map(repr, local.rows)), name
        count = "SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE { ?p a kg:Paper }"
        assert int(str(kg.query(url, count).rows[0][0])) == 2
        _notes(notes, 3)
        assert _build(notes, out) == 0
        for _ in range(600):  # the server moves on within a second or so; more on a busy machine
            try:
                if int(str(kg.query(url, count).rows[0][0])) == 3:
                    break
            except kg.KgError:
                pass  # restarting
            time.sleep(0.1)
        else:
            raise AssertionError("kg serve did not follow the rebuild")
    finally:
        child.send_signal(signal.SIGINT)
        stdout, stderr = child.communicate(timeout=20)
    assert child.returncode == 0, stderr
    assert f"SPARQL query:         {url}" in stdout
    assert f"Graph Store Protocol: http://127.0.0.1:{port}/store" in stdout
    assert "Traceback" not in stderr


def test_kg_serve_without_a_store_is_one_line(tmp_path: Path, capfd) -> None:
    assert main(["serve", str(tmp_path)]) == 2
    assert "no kg store here" in capfd.readouterr().err


def test_help_and_the_list_of_questions_load_no_heavy_library() -> None:
    """`kg --help` and `kg query --list` start fast because they import neither rdflib
    nor the extraction and drawing libraries (counted, not timed)."""
    heavy = ("rdflib", "networkx", "pyvis", "rjieba", "wordfreq", "kg.extract", "kg.api")
    # nor the store, the SPARQL engines and the result writers, nor the `regex` module
    heavy += ("kg.store", "kg.query.engines", "kg.query.results", "kg.tables.rows", "regex")
    for argv in (["--help"], ["query", "--list"]):
        code = (
            "import sys; from kg.cli import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            f"print([m for m in {heavy!r} if m in sys.modules])"
        )
        done = subprocess.run(
            [sys.executable, "-c", code, *argv],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONWARNINGS": "ignore"},
        )
        assert done.stdout.strip().splitlines()[-1] == "[]", (argv, done.stdout[-300:])


def test_a_question_on_the_store_loads_no_rdflib(sc21_out: Path) -> None:
    code = (
        "import sys; from kg.cli import main\n"
        f"main(['query', 'institutions-on-technique', '-g', {str(sc21_out)!r}])\n"
        "print('rdflib' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "Microsoft" in done.stdout
    assert done.stdout.strip().splitlines()[-1] == "False"


def test_the_store_holds_the_named_graphs_of_the_trig_and_their_union(tmp_path: Path) -> None:
    """Each notes file's graph is as in graph.trig (GRAPH patterns see it), and the
    default graph is the union of graph.ttl and graph.nt: every statement once."""
    notes, out = _notes(tmp_path / "notes", 3), tmp_path / "out"
    assert _build(notes, out, "--format", "all") == 0
    store = open_store(out)
    trig = ox.Store()
    trig.load(path=str(out / "graph.trig"), format=ox.RdfFormat.TRIG)
    named = {
        str(q)
        for q in store.quads_for_pattern(None, None, None)
        if q.graph_name != ox.DefaultGraph()
    }
    assert named == {str(q) for q in trig.quads_for_pattern(None, None, None)}
    union = {
        str(ox.Triple(q.subject, q.predicate, q.object))
        for q in store.quads_for_pattern(None, None, None, ox.DefaultGraph())
    }
    ttl = ox.Store()  # a store keeps a decimal's value ("2.0" and "2" are one): compare so
    ttl.load(path=str(out / "graph.ttl"), format=ox.RdfFormat.TURTLE)
    assert union == {str(q) for q in ttl.quads_for_pattern(None, None, None)}
