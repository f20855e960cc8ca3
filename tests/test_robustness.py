"""Hostile text makes valid IRIs everywhere; an interrupted build leaves the old outputs."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyoxigraph as ox
import pytest
import rdflib

from kg.cli import main

from .conftest import ROOT, SC21, need, need_command

HOSTILE = """会议/期刊:ODD 2024

Session a/b "quoted" session 😀 <script>alert(1)</script>

论文题目:A "quoted" title with spaces/slashes\\back and 中文 and emoji 🚀
作者背景:Université Paris-Saclay 🚀, "Quote Lab", A/B Institute, 某某研究所
论文地址:https://example.org/not-a-doi?x=1&y=<2>

论文题目:{long}
作者背景:MIT
论文地址:https://doi.org/10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0
摘要:Text with a tab\tand a backslash \\ and "quotes" and 3.5x speedup over GraphM.

论文题目:{{ "json": true }} </script><img src=x onerror=alert(1)>
作者背景:Intel
论文地址:https://doi.org/10.1145/1234567.7654321
""".replace("{long}", "Very long title " * 40)


@pytest.fixture(scope="module")
def hostile_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    notes = tmp_path_factory.mktemp("notes") / "odd.txt"
    notes.write_text(HOSTILE, encoding="utf-8")
    out = tmp_path_factory.mktemp("out")
    assert (
        main(
            [
                "build",
                str(notes),
                "-o",
                str(out),
                "-q",
                "--format",
                "all",
                "--base",
                "http://example.org/base/",
            ]
        )
        == 0
    )
    return out


def test_every_iri_is_absolute_ascii_and_under_the_base(hostile_out: Path) -> None:
    quads = list(ox.parse(path=str(hostile_out / "graph.nq"), format=ox.RdfFormat.N_QUADS))
    papers = {
        q.subject.value
        for q in quads
        if q.object == ox.NamedNode("https://w3id.org/kg/ontology#Paper")
    }
    assert len(papers) == 3
    for q in quads:
        for term in (q.subject, q.predicate, q.object, q.graph_name):
            if isinstance(term, ox.NamedNode):
                assert term.value.isascii() and re.match(r"^[a-z]+:", term.value), term
                assert not re.search(r'[\s<>"{}|\\^`]', term.value), term
        assert q.subject.value.startswith("http://example.org/base/") or q.subject.value.startswith(
            "https://w3id.org/kg/ontology"
        )
    assert all(len(p) < 200 for p in papers)


def test_hostile_outputs_parse_everywhere(hostile_out: Path) -> None:
    ttl = rdflib.Graph().parse(hostile_out / "graph.ttl")
    nt = rdflib.Graph().parse(hostile_out / "graph.nt")
    jl = rdflib.Graph().parse(hostile_out / "graph.jsonld", format="json-ld")
    assert len(ttl) == len(nt) == len(jl) > 50
    titles = {str(o) for o in ttl.objects(None, rdflib.URIRef("http://purl.org/dc/terms/title"))}
    assert 'A "quoted" title with spaces/slashes\\back and 中文 and emoji 🚀' in titles


@pytest.mark.store
def test_hostile_turtle_passes_rapper_and_riot(hostile_out: Path) -> None:
    rapper = need_command("rapper", "apt-get install raptor2-utils")
    done = subprocess.run(
        [rapper, "-q", "-i", "turtle", "-f", "strict", "-c", str(hostile_out / "graph.ttl")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    need(Path("/usr/share/java/jena-cmds.jar").exists(), "Apache Jena missing")
    for name in ("graph.ttl", "graph.nt", "graph.trig", "graph.jsonld"):
        done = subprocess.run(
            [str(ROOT / ".ci" / "riot"), "--validate", str(hostile_out / name)],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0 and "WARN" not in done.stderr, (name, done.stderr)


def big_notes(folder: Path, copies: int) -> Path:
    """Many copies of the SC21 notes, each with DOIs of its own."""
    text = SC21.read_text(encoding="utf-8")
    folder.mkdir(parents=True, exist_ok=True)
    for k in range(copies):
        (folder / f"copy{k:03d}.txt").write_text(
            text.replace("10.1145/3458817.", f"10.5555/{k:07d}."), encoding="utf-8"
        )
    return folder


def test_a_build_killed_at_any_moment_leaves_one_build(tmp_path: Path) -> None:
    """kill -9 while the outputs are being written: the folder then holds the last
    build's files, all of them, never some of each (graph.nt new and void.ttl old, as an
    interrupted build used to leave them). A later build removes what the killed one
    left behind."""
    out = tmp_path / "out"
    cmd_all = ["--format", "all", "--no-cache", "-q"]
    assert main(["build", str(SC21), "-o", str(out), *cmd_all]) == 0
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    notes = big_notes(tmp_path / "big", 16)
    full = tmp_path / "full"
    assert main(["build", str(notes), "-o", str(full), *cmd_all]) == 0
    after = {p.name: p.read_bytes() for p in full.iterdir() if p.is_file()}
    assert set(after) == set(before)
    cmd = [sys.executable, "-m", "kg", "build", str(notes), "-o", str(out), *cmd_all]
    killed_during: set[str] = set()  # the outputs a kill landed on while they were written
    for target in range(8):
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        seen: list[str] = []  # files in the staging folder, in the order they appeared
        while proc.poll() is None:
            try:  # the build may remove its staging folder while this looks into it
                staged = [p.name for p in out.glob(".kg-staging-*/*")]
            except FileNotFoundError:
                staged = []
            seen += [name for name in staged if name not in seen]
            if len(seen) > target % 7:
                proc.send_signal(signal.SIGKILL)
                killed_during.add(seen[-1])
                break
            time.sleep(0.0005)
        proc.wait()
        now = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
        assert now in (before, after), sorted(n for n in now if now[n] != before.get(n))
        if now == after:  # it finished: start again from the old build
            for name, data in before.items():
                (out / name).write_bytes(data)
    # the kills did land while outputs were being written
    assert len(killed_during) >= 3, killed_during
    # the next build leaves no staging folder or temporary file behind
    assert main(["build", str(SC21), "-o", str(out), *cmd_all]) == 0
    # nothing a build leaves behind but the lock file builds take turns on
    assert sorted(p.name for p in out.iterdir() if p.name.startswith(".")) == [".kg-lock"]
