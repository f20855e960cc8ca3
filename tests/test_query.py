"""SPARQL for people: named questions, safe parameters, result formats, engines, remote stores."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
import rdflib

import kg
from kg.cli import main
from kg.errors import QueryError
from kg.query import named_queries, query

QUESTIONS = sorted(named_queries())


def normal(rows: kg.Rows) -> list[tuple]:
    """Rows as comparable values: numbers as floats, GROUP_CONCAT lists sorted."""
    out = []
    for d in rows.to_dicts():
        items = []
        for k, value in d.items():
            v = value
            if isinstance(v, str) and "; " in v:
                v = "; ".join(sorted(v.split("; ")))
            elif v is not None and not isinstance(v, str | bool):
                v = round(float(v), 9)
            items.append((k, v))
        out.append(tuple(items))
    return sorted(out, key=repr)


def test_at_least_twelve_named_questions_with_headers() -> None:
    assert len(QUESTIONS) >= 12
    for q in named_queries().values():
        assert q.title and q.description, q.name
        for p in q.params:
            assert p.description, (q.name, p.name)


@pytest.mark.parametrize("name", QUESTIONS)
def test_both_engines_give_identical_answers(sc21_graph: rdflib.Graph, name: str) -> None:
    fast = query(sc21_graph, name, engine="oxigraph")
    slow = query(sc21_graph, name, engine="rdflib")
    assert fast.vars == slow.vars
    assert normal(fast) == normal(slow)


@pytest.mark.parametrize(
    ("name", "params", "expect"),
    [
        ("papers-per-session", {}, {"session": "云和边缘计算", "papers": 3}),
        ("institutions-on-technique", {"technique": "流水线并行"}, {"institution": "ETH Zurich"}),
        (
            "papers-of-institution",
            {"institution": "Georgia Tech"},
            {"title": "Parallel construction of module networks"},
        ),
        ("papers-of-country", {"country": "CH"}, {"institutions": "ETH Zurich"}),
        ("claims-above", {"threshold": "50"}, {"claim": "97倍 speedup"}),
        ("baselines-most-beaten", {}, {"baseline": "GraphM", "claims": 2}),
        ("system-claims", {"name": "krill"}, {"system": "Krill", "baseline": "GraphM"}),
        ("keyword-search", {"keyword": "稀疏"}, {"where": "abstract"}),
        ("claims-of-paper", {"doi": "10.1145/3458817.3476145"}, {"unit": "GPU node"}),
    ],
)
def test_named_questions_answer(
    sc21_graph: rdflib.Graph, name: str, params: dict, expect: dict
) -> None:
    rows = query(sc21_graph, name, **params).to_dicts()
    assert any(all(r.get(k) == v for k, v in expect.items()) for r in rows), rows


def test_techniques_include_narrower_ones(sc21_graph: rdflib.Graph) -> None:
    broad = {
        r["title"]
        for r in query(
            sc21_graph, "papers-using-technique", technique="model parallelism"
        ).to_dicts()
    }
    narrow = {
        r["title"]
        for r in query(
            sc21_graph, "papers-using-technique", technique="pipeline parallelism"
        ).to_dicts()
    }
    assert narrow and narrow <= broad


HOSTILE = [
    'He said "hi"',
    "} ; DROP ALL ; SELECT * WHERE { ?s ?p ?o",
    "line one\nline two",
    "back\\slash and 'single'",
    "中文机构 {大括号}",
    'x" } UNION { ?s ?p ?o } #',
]


@pytest.fixture(scope="module")
def hostile_graph(tmp_path_factory: pytest.TempPathFactory) -> rdflib.Graph:
    notes = ["会议/期刊:SC 2021"]
    for i, name in enumerate(HOSTILE):
        one_line = name.replace("\n", " ")
        notes += [
            f"论文题目:Paper {i} {one_line}",
            "作者背景:MIT",
            f"论文地址:https://doi.org/10.9999/{i}",
            "",
        ]
    path = tmp_path_factory.mktemp("hostile") / "notes.txt"
    path.write_text("\n".join(notes), encoding="utf-8")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return kg.build([path])


@pytest.mark.parametrize("i", range(len(HOSTILE)))
def test_parameters_are_bound_never_pasted(hostile_graph: rdflib.Graph, i: int) -> None:
    value = HOSTILE[i].replace("\n", " ")
    before = len(hostile_graph)
    for engine in ("oxigraph", "rdflib"):
        rows = query(hostile_graph, "keyword-search", keyword=value, engine=engine)
        assert [r["title"] for r in rows.to_dicts()] == [f"Paper {i} {value}"], (engine, value)
        # an ad hoc query binds the same way
        rows = query(
            hostile_graph,
            "SELECT ?p WHERE { ?p dcterms:title ?t FILTER(STR(?t) = ?want) }",
            want=f"Paper {i} {value}",
            engine=engine,
        )
        assert len(rows) == 1
        # and inside a nested SELECT, which does not see the bindings around it
        rows = query(
            hostile_graph,
            "SELECT ?p ?n WHERE { { SELECT ?p WHERE { ?p dcterms:title ?t"
            " FILTER(STR(?t) = ?want) } } BIND(?want AS ?n) }",
            want=f"Paper {i} {value}",
            engine=engine,
        )
        assert [str(r["n"]) for r in rows.to_dicts()] == [f"Paper {i} {value}"], engine
    # the raw value matches nothing and breaks nothing
    assert len(query(hostile_graph, "keyword-search", keyword=HOSTILE[i] + "!")) == 0
    assert len(hostile_graph) == before


@pytest.mark.parametrize(
    "update",
    [
        "INSERT DATA { <urn:a> <urn:b> <urn:c> }",
        "DELETE WHERE { ?s ?p ?o }",
        "LOAD <http://example.org/x>",
        "CLEAR ALL",
        "DROP ALL",
        "PREFIX x: <urn:x> delete { ?s ?p ?o } where { ?s ?p ?o }",
    ],
)
def test_updates_are_refused(sc21_graph: rdflib.Graph, update: str) -> None:
    before = len(sc21_graph)
    with pytest.raises(QueryError, match="read-only"):
        query(sc21_graph, update)
    assert len(sc21_graph) == before


def test_service_is_refused_unless_allowed(sc21_graph: rdflib.Graph) -> None:
    q = "SELECT * WHERE { SERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }"
    with pytest.raises(QueryError, match="SERVICE"):
        query(sc21_graph, q)
    # words inside strings and IRIs are not keywords
    rows = query(sc21_graph, 'SELECT ?t WHERE { ?p dcterms:title ?t FILTER(?t = "DROP SERVICE") }')
    assert len(rows) == 0


def test_syntax_errors_give_line_and_column(sc21_graph: rdflib.Graph) -> None:
    with pytest.raises(QueryError, match=r"2:\d+"):
        query(sc21_graph, "SELECT ?x\nWHERE { ?x ?y }")


def test_a_runaway_query_is_stopped_with_a_clear_message(sc21_out: Path) -> None:
    slow = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "kg",
            "query",
            "-g",
            str(sc21_out / "graph.ttl"),
            slow,
            "--timeout",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "no answer within 1 s" in done.stderr


def test_result_formats_follow_the_specifications(sc21_graph: rdflib.Graph) -> None:
    rows = query(sc21_graph, "claims-above", threshold="50")
    doc = json.loads(rows.serialize("json"))
    assert doc["head"]["vars"] == rows.vars
    first = doc["results"]["bindings"][0]
    assert first["title"]["type"] == "literal" and first["title"]["xml:lang"] == "en"
    assert first["value"]["datatype"] == "http://www.w3.org/2001/XMLSchema#decimal"
    assert "baseline" not in first  # unbound variables are left out
    text = rows.serialize("csv")
    assert text.startswith("title,claim,value,measures,baseline\r\n") and text.endswith("\r\n")
    assert list(csv.reader(io.StringIO(text)))[1][1] == "97倍 speedup"
    tsv = rows.serialize("tsv").splitlines()
    assert tsv[0] == "?title\t?claim\t?value\t?measures\t?baseline"
    assert tsv[1].startswith('"DistGNN') and '"97倍 speedup"' in tsv[1]
    md = rows.serialize("markdown").splitlines()
    assert (
        md[0] == "| title | claim | value | measures | baseline |"
        and md[1] == "|---|---|---|---|---|"
    )
    ask = query(sc21_graph, "ASK { ?p a kg:Paper }")
    assert json.loads(ask.serialize("json")) == {"head": {}, "boolean": True}


def test_sources_graph_file_and_rows_api(sc21_out: Path) -> None:
    for name in ("graph.ttl", "graph.nt", "graph.trig", "graph.nq"):
        rows = query(sc21_out / name, "papers-per-session")
        assert sum(r["papers"] for r in rows.to_dicts()) == 25, name


def test_cli_list_param_and_format(sc21_out: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["query", "--list"]) == 0
    listed = capsys.readouterr().out
    assert all(name in listed for name in QUESTIONS)
    code = main(
        [
            "query",
            "-g",
            str(sc21_out / "graph.ttl"),
            "institutions-on-technique",
            "--param",
            "technique=pipeline parallelism",
            "--format",
            "csv",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "institution,papers" and "ETH Zurich,1" in out
    assert main(["query", "-g", str(sc21_out / "graph.ttl"), "no-such-question"]) == 2
    assert "kg query --list" in capsys.readouterr().err


@pytest.mark.parametrize("unit", ["x", "X", "×", "倍", "times"])
def test_a_unit_is_asked_for_by_any_of_its_names(sc21_graph: rdflib.Graph, unit: str) -> None:
    rows = query(sc21_graph, "claims-above", unit=unit, threshold="50").to_dicts()
    assert {r["claim"] for r in rows} == {"97倍 speedup", "56.6倍 throughput gain vs 现有设计"}


@pytest.mark.parametrize(("unit", "count"), [("GPU", 2), ("GPUs", 2), ("nodes", 1), ("节点", 1)])
def test_claims_in_gpu_nodes_count_as_gpus_and_as_nodes(
    sc21_graph: rdflib.Graph, unit: str, count: int
) -> None:
    rows = query(sc21_graph, "claims-above", unit=unit, threshold="1000").to_dicts()
    assert "2048个GPU节点 (scale)" in {r["claim"] for r in rows} and len(rows) == count


def test_a_unit_that_names_nothing_is_explained(
    sc21_out: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    graph = str(sc21_out / "graph.ttl")
    assert main(["query", "-g", graph, "claims-above", "-p", "unit=furlongs"]) == 0
    err = capsys.readouterr().err
    assert (
        "unit='furlongs' names nothing in this graph" in err and "x (X, fold, times, ×, 倍)" in err
    )
    assert kg.unmatched(graph, "claims-above", {"unit": "倍"}) == []


@pytest.mark.store
def test_push_then_named_questions_on_the_endpoint(
    sc21_out: Path, oxigraph_server: str, capsys: pytest.CaptureFixture[str]
) -> None:
    graph_iri = "https://w3id.org/kg/id/graph/pushed"
    ttl = sc21_out / "graph.ttl"
    assert main(["push", f"{oxigraph_server}/store", str(ttl), "--graph-iri", graph_iri]) == 0
    assert main(["push", f"{oxigraph_server}/store", str(ttl), "--graph-iri", graph_iri]) == 0
    assert "Pushed" in capsys.readouterr().out
    local = kg.load(ttl)
    endpoint = f"{oxigraph_server}/query"
    for name in ("papers-per-session", "institutions-on-technique", "claims-above"):
        remote = query(endpoint, name, graph_iri=graph_iri)
        assert normal(remote) == normal(query(local, name)), name
    # PUT twice replaced the graph: still 25 papers, once each
    q = (
        "SELECT (COUNT(DISTINCT ?p) AS ?n) (COUNT(?p) AS ?all) "
        f"WHERE {{ GRAPH <{graph_iri}> {{ ?p a kg:Paper }} }}"
    )
    assert query(endpoint, q).to_dicts()[0] == {"n": 25, "all": 25}
    code = main(
        [
            "query",
            "--endpoint",
            endpoint,
            "--graph-iri",
            graph_iri,
            "claims-above",
            "-p",
            "threshold=90",
            "--format",
            "csv",
        ]
    )
    assert code == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("DistGNN")
