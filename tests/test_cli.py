"""The command line, run in-process."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kg.cli import main

from .conftest import DATA, ROOT, SC21


def test_build_writes_turtle_and_html_and_prints_a_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["build", str(SC21), "-o", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "sc21-dl-gpu-cloud.txt: 25 papers, 8 sessions (SC 2021)" in out
    assert "Graph: 25 papers, 8 sessions," in out and " triples" in out
    for word in ("institutions", "techniques", "metrics"):
        assert word in out
    assert (tmp_path / "graph.ttl").stat().st_size > 10_000
    assert (tmp_path / "graph.html").stat().st_size > 10_000


def test_build_with_no_arguments_reads_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(ROOT)
    assert main(["build", "-o", str(tmp_path), "--no-html"]) == 0
    assert "25 papers" in capsys.readouterr().out


def test_unusable_notes_are_listed_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["build", str(DATA / "cases" / "no-title"), "-o", str(tmp_path), "--no-html"])
    captured = capsys.readouterr()
    assert code == 1
    assert "notes.txt:7: error: paper with no title" in captured.err
    assert "1 papers" in captured.out


def test_a_text_file_kg_does_not_read_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Papers kept in a file whose suffix kg does not read would be left out without a
    word: the build names the file. Images, data and code beside the notes are no notes."""
    notes = tmp_path / "notes"
    notes.mkdir()
    shutil.copy(DATA / "cases" / "heading-per-paper" / "notes.md", notes / "reading.md")
    (notes / "more.notebook").write_text("## Gavel: a scheduler for deep learning jobs\n" * 3)
    (notes / "figure.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 64)
    (notes / "settings.yaml").write_text("theme: dark and light and everything in between\n")
    code = main(["build", str(notes), "-o", str(tmp_path / "out"), "--no-html"])
    err = capsys.readouterr().err
    assert code == 0
    assert "more.notebook:1: warning: a text file kg does not read" in err
    assert "figure.png" not in err and "settings.yaml" not in err


def test_strict_turns_warnings_into_exit_1(tmp_path: Path) -> None:
    case = DATA / "cases" / "not-a-doi"
    assert main(["build", str(case), "-o", str(tmp_path), "--no-html"]) == 0
    assert main(["build", str(case), "-o", str(tmp_path), "--no-html", "--strict"]) == 1


def test_query_prints_a_table(sc21_out: Path, capsys: pytest.CaptureFixture[str]) -> None:
    graph = str(sc21_out / "graph.ttl")
    sparql = "SELECT (COUNT(?p) AS ?papers) WHERE { ?p a kg:Paper }"
    assert main(["query", "-g", graph, sparql]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].strip() == "papers" and out[2].strip() == "25" and out[3] == "(1 row)"


def test_query_from_file_with_a_bound_parameter(
    sc21_out: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rq = tmp_path / "q.rq"
    rq.write_text("SELECT ?title WHERE { ?p bibo:doi ?doi ; dcterms:title ?title }", "utf-8")
    code = main(
        [
            "query",
            "-g",
            str(sc21_out / "graph.ttl"),
            "-f",
            str(rq),
            "-p",
            "doi=10.1145/3458817.3476159",
        ]
    )
    assert code == 0
    assert "Krill: a compiler and runtime system" in capsys.readouterr().out


def test_bad_query_is_one_line_error_exit_2(
    sc21_out: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["query", "-g", str(sc21_out / "graph.ttl"), "SELEKT nonsense"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("kg: error: SPARQL syntax error") and "\n" not in err


def test_missing_notes_path_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", str(tmp_path / "nope"), "-o", str(tmp_path)]) == 2
    assert "nope" in capsys.readouterr().err


def test_stats_counts_classes(sc21_out: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(sc21_out / "graph.ttl")]) == 0
    lines = dict(line.split() for line in capsys.readouterr().out.splitlines())
    assert lines["Paper"] == "25" and lines["Session"] == "8" and int(lines["triples"]) > 1000


def test_python_dash_m_kg_works(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "kg", "build", str(SC21), "-o", str(tmp_path), "-q", "--no-html"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "graph.ttl").exists()


def test_progress_bar_on_a_terminal_only(tmp_path: Path) -> None:
    """A long build draws a progress bar on a terminal, and stays quiet otherwise."""
    import fcntl
    import os
    import pty
    import struct
    import termios

    notes = tmp_path / "notes"
    generate = [sys.executable, str(ROOT / "bench" / "generate.py"), "2400", str(notes)]
    subprocess.run(generate, check=True, capture_output=True)
    out = str(tmp_path / "o")
    # one process: long enough (over a second) for the bar to appear
    cmd = [sys.executable, "-m", "kg", "build", str(notes), "-o", out, "--no-html", "--no-cache"]
    env = {**os.environ, "KG_WORKERS": "1"}
    quiet = subprocess.run(cmd, capture_output=True, text=True, check=False, env=env)
    assert "%|" not in quiet.stderr
    leader, follower = pty.openpty()
    # a terminal 100 columns wide (a new pseudo-terminal has no size, and no bar fits)
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    proc = subprocess.Popen(
        cmd, stdin=follower, stdout=follower, stderr=follower, close_fds=True, env=env
    )
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    proc.wait()
    os.close(leader)
    text = seen.decode("utf-8", "replace")
    assert "%|" in text and " files" in text and "/80" in text, text[-500:]


def test_build_remembers_files_in_its_cache_and_says_where_time_goes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    out = tmp_path / "out"
    assert main(["build", str(SC21), "-o", str(out), "-q", "--timings"]) == 0
    timings = json.loads(capsys.readouterr().err.strip().splitlines()[-1])["timings"]
    assert list(timings) == ["lexicon", "notes", "write", "html", "store"]
    entries = sorted(p.name for p in (out / ".kg-cache").iterdir())
    assert "pages" in entries  # graph.html, remembered by what it shows
    assert all(name.endswith(".msgpack") for name in entries if name != "pages")
    first = (out / "graph.ttl").read_bytes()
    assert main(["build", str(SC21), "-o", str(out), "-q"]) == 0
    assert (out / "graph.ttl").read_bytes() == first
    assert sorted(p.name for p in (out / ".kg-cache").iterdir()) == entries
    other = tmp_path / "other"
    assert main(["build", str(SC21), "-o", str(other), "-q", "--no-cache"]) == 0
    assert not (other / ".kg-cache").exists()
    assert (other / "graph.ttl").read_bytes() == first


def test_a_rebuild_draws_the_page_again_only_when_what_it_shows_changed(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    text = SC21.read_text(encoding="utf-8")
    notes.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    build = ["build", str(notes), "-o", str(out), "-q"]
    assert main(build) == 0
    page = (out / "graph.html").read_bytes()
    # nothing changed: the remembered page is written, not drawn again (marked to tell,
    # and sealed as kg seals an entry: an unsealed one is not trusted)
    from kg.pipeline.cache import seal

    [remembered] = (out / ".kg-cache" / "pages").iterdir()
    remembered.write_bytes(seal(page + b"<!-- remembered -->", remembered.stem))
    (out / "graph.html").unlink()
    assert main(build) == 0
    assert (out / "graph.html").read_bytes() == page + b"<!-- remembered -->"
    title = re.search(r"(?m)^论文题目[:：]\s*(.+)$", text).group(1)  # type: ignore[union-attr]
    notes.write_text(text.replace(title, title + " (revised)"), encoding="utf-8")
    assert main(build) == 0
    drawn = (out / "graph.html").read_bytes()
    assert drawn != page and b"(revised)" in drawn and b"remembered" not in drawn
    other = tmp_path / "other"
    assert main([*build[:3], str(other), "-q", "--no-cache"]) == 0
    assert (other / "graph.html").read_bytes() == drawn
    assert len(list((out / ".kg-cache" / "pages").iterdir())) == 1  # the old page is gone
