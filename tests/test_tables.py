"""The claims, papers and institutions tables: what they hold, and each format they come in."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

import kg
from kg.cli import main
from kg.query import values

NOTES = """\
# MLSys 2031

## Serving | fast

### Pipe|Line: serving with a `pipe`

Authors: Ada Lovelace (ETH Zurich)

DOI: 10.5555/table.1

We present PipeLine, a serving system. It is 3.1x faster than vLLM and cuts memory by
40% compared to existing systems.
"""


@pytest.fixture(scope="module")
def small_graph(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("notes")
    (folder / "notes.md").write_text(NOTES, encoding="utf-8")
    return kg.build_all([folder]).graph


def test_the_claims_table_has_a_row_per_claim_of_the_graph(sc21_graph) -> None:  # type: ignore[no-untyped-def]
    claims = kg.table(sc21_graph, "claims")
    count = values(sc21_graph, "SELECT (COUNT(?m) AS ?n) WHERE { ?m a kg:Metric }")[0][0]
    assert len(claims) == int(count or 0) > 40
    records = claims.records()
    assert all(r["paper"] and r["unit"] and r["sentence"] for r in records)
    assert {r["direction"] for r in records} <= {"improvement", "reduction", "neutral"}
    assert any(r["baseline_kind"] == "unnamed" for r in records)


def test_the_papers_and_institutions_tables_count_what_the_graph_holds(sc21_graph) -> None:  # type: ignore[no-untyped-def]
    papers = kg.table(sc21_graph, "papers").records()
    assert len(papers) == 25
    assert sum(int(p["claims"] or 0) for p in papers) == len(kg.table(sc21_graph, "claims"))
    assert all(str(p["doi"]).startswith("10.") for p in papers)
    institutions = kg.table(sc21_graph, "institutions").records()
    assert institutions[0]["papers"] >= institutions[-1]["papers"]  # type: ignore[operator]
    assert any(str(i["ror"]).startswith("https://ror.org/") for i in institutions)


def test_a_claim_row_says_what_it_measures_and_what_it_beats(small_graph) -> None:  # type: ignore[no-untyped-def]
    rows = kg.table(small_graph, "claims").records()
    assert [(r["value"], r["unit"], r["baseline"], r["baseline_kind"]) for r in rows] == [
        (3.1, "x", "vLLM", "named"),
        (40, "%", "existing systems", "unnamed"),
    ]
    first = rows[0]
    assert first["system"] == "PipeLine"
    assert first["session"] == "Serving | fast"
    assert first["institutions"] == "ETH Zurich"
    assert first["countries"] == "Switzerland"
    assert first["measure"] == "speedup" and first["direction"] == "improvement"
    assert rows[1]["direction"] == "reduction"


def test_every_format_reads_back_to_the_same_cells(small_graph) -> None:  # type: ignore[no-untyped-def]
    claims = kg.table(small_graph, "claims")
    records = claims.records()
    back = list(csv.DictReader(io.StringIO(claims.text("csv"), newline="")))
    assert [r["baseline"] for r in back] == [r["baseline"] for r in records]
    assert back[0]["session"] == "Serving | fast"
    assert json.loads(claims.text("json")) == records
    markdown = claims.text("markdown").splitlines()
    assert len(markdown) == len(records) + 2
    # a "|" from the notes is escaped: every row has as many cells as the header
    cells = [line.replace("\\|", "").count("|") for line in markdown]
    assert len(set(cells)) == 1
    assert "Serving \\| fast" in markdown[2]


def test_the_same_graph_gives_the_same_bytes(sc21_graph) -> None:  # type: ignore[no-untyped-def]
    for name in kg.tables.TABLES:
        assert kg.table(sc21_graph, name).text("csv") == kg.table(sc21_graph, name).text("csv")


def test_kg_table_writes_each_table_in_each_format(tmp_path: Path, sc21_out: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    graph = sc21_out / "graph.ttl"
    assert main(["table", "papers", "-g", str(graph), "--format", "json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 25
    out = tmp_path / "claims.csv"
    assert main(["table", "claims", "-g", str(graph), "--format", "csv", "-o", str(out)]) == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8", newline="")))
    assert len(rows) == len(kg.table(kg.load(graph), "claims"))
    assert main(["table", "institutions", "-g", str(graph), "--format", "markdown"]) == 0
    assert capsys.readouterr().out.startswith("| institution | country |")
    with pytest.raises(SystemExit):
        main(["table", "people", "-g", str(graph)])


def test_kg_table_reads_a_builds_folder_as_kg_query_does(sc21_out: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """`kg query -g out` read the store; `kg table -g out` said "a folder with no kg store"."""
    assert main(["table", "papers", "-g", str(sc21_out), "--format", "json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 25
