"""What kg writes loads in real RDF tools, and is the same every time."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pyoxigraph as ox
import pytest
import rdflib
from rdflib.compare import graph_diff, isomorphic, to_isomorphic

from .conftest import ROOT, SC21, need, need_command

COUNT_PAPERS = "SELECT (COUNT(*) AS ?n) WHERE { ?p a <https://w3id.org/kg/ontology#Paper> }"


def test_turtle_and_ntriples_are_isomorphic(sc21_out: Path) -> None:
    ttl = rdflib.Graph().parse(sc21_out / "graph.ttl")
    nt = rdflib.Graph().parse(sc21_out / "graph.nt")
    if not isomorphic(ttl, nt):
        _, only_ttl, only_nt = graph_diff(to_isomorphic(ttl), to_isomorphic(nt))
        pytest.fail(f"only in ttl: {sorted(only_ttl)[:5]}\nonly in nt: {sorted(only_nt)[:5]}")


def test_pyoxigraph_loads_every_format_with_the_same_answers(sc21_out: Path) -> None:
    counts = {}
    for name, fmt in (
        ("graph.ttl", ox.RdfFormat.TURTLE),
        ("graph.nt", ox.RdfFormat.N_TRIPLES),
        ("graph.trig", ox.RdfFormat.TRIG),
        ("graph.nq", ox.RdfFormat.N_QUADS),
    ):
        store = ox.Store()
        store.load(path=str(sc21_out / name), format=fmt)  # no base IRI: relative IRIs would fail
        result = store.query(COUNT_PAPERS, use_default_graph_as_union=True)
        counts[name] = int(next(iter(result))["n"].value)
    assert set(counts.values()) == {25}, counts


def test_trig_has_one_named_graph_per_notes_file_plus_the_lexicon(sc21_out: Path) -> None:
    store = ox.Store()
    store.load(path=str(sc21_out / "graph.trig"), format=ox.RdfFormat.TRIG)
    names = sorted(g.value for g in store.named_graphs())
    assert names == [
        "https://w3id.org/kg/id/graph/lexicon",
        "https://w3id.org/kg/id/graph/sc21-dl-gpu-cloud-txt",
    ]


@pytest.mark.store
def test_rapper_parses_turtle_strictly(sc21_out: Path) -> None:
    rapper = need_command("rapper", "apt-get install raptor2-utils")
    done = subprocess.run(
        [
            rapper,
            "-q",
            "-i",
            "turtle",
            "-f",
            "strict",
            "-o",
            "ntriples",
            str(sc21_out / "graph.ttl"),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    expected = len(rdflib.Graph().parse(sc21_out / "graph.nt"))
    assert len(done.stdout.splitlines()) == expected


@pytest.mark.store
@pytest.mark.parametrize(
    ("name", "syntax"),
    [
        ("graph.ttl", "turtle"),
        ("graph.nt", "ntriples"),
        ("graph.jsonld", "jsonld"),
        ("graph.trig", "trig"),
        ("graph.nq", "nquads"),
        ("void.ttl", "turtle"),
    ],
)
def test_jena_riot_validates_with_no_warnings(sc21_out: Path, name: str, syntax: str) -> None:
    riot = ROOT / ".ci" / "riot"
    need(
        Path("/usr/share/java/jena-cmds.jar").exists(),
        "Apache Jena missing: apt-get install libapache-jena-java default-jre-headless",
    )
    done = subprocess.run(
        [str(riot), "--validate", f"--syntax={syntax}", str(sc21_out / name)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "WARN" not in done.stdout + done.stderr and "ERROR" not in done.stdout + done.stderr


def _build(out: Path, *paths: Path, seed: str) -> dict[str, bytes]:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    cmd = [
        sys.executable,
        "-m",
        "kg",
        "build",
        *map(str, paths),
        "-o",
        str(out),
        "-q",
        "--format",
        "all",
    ]
    subprocess.run(cmd, env=env, check=True, capture_output=True)
    return {
        p.name: p.read_bytes()
        for p in sorted(out.iterdir())
        if p.is_file() and not p.name.startswith(".")  # not the lock file builds share
    }


def test_two_builds_are_byte_identical_whatever_the_hash_seed(tmp_path: Path) -> None:
    first = _build(tmp_path / "a", SC21, seed="1")
    second = _build(tmp_path / "b", SC21, seed="2")
    assert first.keys() == second.keys()
    assert set(first) == {
        "context.jsonld",
        "graph.html",
        "graph.jsonld",
        "graph.nq",
        "graph.nt",
        "graph.trig",
        "graph.ttl",
        "void.ttl",
    }
    for name in first:
        assert first[name] == second[name], name


def test_order_of_notes_files_does_not_matter(tmp_path: Path) -> None:
    other = ROOT / "tests" / "data" / "cases" / "english-labels" / "notes.md"
    a = _build(tmp_path / "a", SC21, other, seed="3")
    b = _build(tmp_path / "b", other, SC21, seed="4")
    assert a == b
