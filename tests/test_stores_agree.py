"""The same SPARQL questions get the same answers in rdflib and in every real store."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import urllib.request
from pathlib import Path

import pyoxigraph as ox
import pytest
import rdflib

from .conftest import ROOT, need

KG = "https://w3id.org/kg/ontology#"
COUNT = "SELECT (COUNT(DISTINCT ?x) AS ?n) WHERE { ?x a <" + KG + "%s> }"
COUNTS = {
    "papers": COUNT % "Paper",
    "sessions": COUNT % "Session",
    "institutions": COUNT % "Institution",
    "claims": COUNT % "Metric",
    "affiliations": f"SELECT (COUNT(*) AS ?n) WHERE {{ ?p <{KG}affiliation> ?i }}",
    "triples": "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }",
    "over 5x": f"SELECT (COUNT(*) AS ?n) WHERE {{ ?m <{KG}value> ?v FILTER(?v > 5) }}",
}
GRAPH_IRI = "https://w3id.org/kg/id/graph/test"


def rdflib_counts(path: Path) -> dict[str, int]:
    g = rdflib.Graph().parse(path)  # rdflib's own store and SPARQL engine
    return {k: int(next(iter(g.query(q)))[0]) for k, q in COUNTS.items()}


@pytest.fixture(scope="module")
def expected(sc21_out: Path) -> dict[str, int]:
    counts = rdflib_counts(sc21_out / "graph.ttl")
    assert counts["papers"] == 25 and counts["sessions"] == 8
    return counts


def test_pyoxigraph_agrees(sc21_out: Path, expected: dict[str, int]) -> None:
    store = ox.Store()
    store.load(path=str(sc21_out / "graph.nt"), format=ox.RdfFormat.N_TRIPLES)
    got = {k: int(next(iter(store.query(q)))["n"].value) for k, q in COUNTS.items()}
    assert got == expected


def test_jsonld_agrees(sc21_out: Path, expected: dict[str, int]) -> None:
    g = rdflib.Graph().parse(sc21_out / "graph.jsonld", format="json-ld")
    assert {k: int(next(iter(g.query(q)))[0]) for k, q in COUNTS.items()} == expected


@pytest.mark.store
def test_oxigraph_server_agrees_after_a_graph_store_protocol_put(
    sc21_out: Path, expected: dict[str, int], oxigraph_server: str
) -> None:
    body = (sc21_out / "graph.ttl").read_bytes()
    put = urllib.request.Request(
        f"{oxigraph_server}/store?graph={GRAPH_IRI}",
        data=body,
        method="PUT",
        headers={"Content-Type": "text/turtle"},
    )
    with urllib.request.urlopen(put, timeout=30) as r:
        assert r.status in (201, 204)
    got = {}
    for key, count in COUNTS.items():
        q = count.replace("WHERE {", f"WHERE {{ GRAPH <{GRAPH_IRI}> {{", 1) + " }"
        req = urllib.request.Request(
            f"{oxigraph_server}/query",
            data=q.encode(),
            headers={
                "Content-Type": "application/sparql-query",
                "Accept": "application/sparql-results+json",
            },
        )
        with urllib.request.urlopen(req, timeout=30) as r:
            got[key] = int(json.load(r)["results"]["bindings"][0]["n"]["value"])
    assert got == expected


@pytest.mark.store
def test_jena_agrees(sc21_out: Path, expected: dict[str, int], tmp_path: Path) -> None:
    need(
        Path("/usr/share/java/jena-cmds.jar").exists(),
        "Apache Jena missing: apt-get install libapache-jena-java default-jre-headless",
    )
    got = {}
    for key, q in COUNTS.items():
        rq = tmp_path / "q.rq"
        rq.write_text(q, encoding="utf-8")
        done = subprocess.run(
            [
                str(ROOT / ".ci" / "riot"),
                "--data",
                str(sc21_out / "graph.ttl"),
                "--query",
                str(rq),
                "--results=CSV",
            ],
            env={"KG_JENA_MAIN": "arq.sparql", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
            capture_output=True,
            text=True,
            check=True,
        )
        got[key] = int(next(iter(csv.DictReader(io.StringIO(done.stdout))))["n"])
    assert got == expected
