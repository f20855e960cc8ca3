"""What a hostile or careless input, argument or machine does to kg: nothing runs,
nothing is lost, nothing crashes (each test is a defect a probe found)."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kg.cli import main

from .conftest import SC21


def _build(notes: Path | str, out: Path, *more: str) -> int:
    return main(["build", str(notes), "-o", str(out), "-q", *more])


class _Runs:
    """A pickle whose loading would create a file."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (Path.touch, (self.marker,))


def test_tampered_cache_entries_are_redone_not_trusted(tmp_path: Path, capfd) -> None:
    """A page entry holding a script was copied into graph.html; now every entry carries
    kg's mark and an HMAC under this user's key, and one that does not is redone, with a
    warning. A SHA-256 seal anyone can compute (the seal kg used before) is not enough."""
    import hashlib

    from kg.pipeline.cache import _MARK

    out = tmp_path / "out"
    assert _build(SC21, out) == 0
    clean = {name: (out / name).read_bytes() for name in ("graph.ttl", "graph.html")}
    entries = sorted((out / ".kg-cache").rglob("*.msgpack"))
    assert len(entries) == 2  # the notes file's record and the page
    marker = tmp_path / "ran"
    hostile = [
        b"<script>alert(1)</script>",
        pickle.dumps(_Runs(marker)),
        b"",
        entries[0].read_bytes()[:100],
        _MARK
        + hashlib.sha256(b"<script>alert(1)</script>").digest()
        + b"<script>alert(1)</script>",
    ]
    for payload in hostile:
        for entry in entries:
            entry.write_bytes(payload)
        capfd.readouterr()
        assert _build(SC21, out) == 0
        err = capfd.readouterr().err
        assert err.count("cache entry damaged or not kg's; redone") == 2
        assert {name: (out / name).read_bytes() for name in clean} == clean
        assert not marker.exists()


def test_an_entry_copied_under_another_files_name_is_redone(tmp_path: Path, capfd) -> None:
    """A validly sealed entry of one notes file, copied under another file's entry name,
    was trusted: the second file's paper vanished from the graph (exit 0). The seal now
    covers the entry's name."""
    import kg

    notes = tmp_path / "notes"
    notes.mkdir()
    for name, title in (("a.md", "Alpha: fast graphs"), ("b.md", "Beta: fast trees")):
        (notes / name).write_text(
            f"# OSDI 2020\n\n## S\n\n### {title}\n- Authors: Ann Lee (MIT)\n"
            f"- Abstract: {title.split(':')[0]} is 2x faster than Foo.\n",
            encoding="utf-8",
        )
    out = tmp_path / "out"
    assert _build(notes, out, "--no-html") == 0
    first, second = sorted((out / ".kg-cache").glob("*.msgpack"))
    second.write_bytes(first.read_bytes())
    capfd.readouterr()
    assert _build(notes, out, "--no-html") == 0
    assert "cache entry damaged or not kg's; redone" in capfd.readouterr().err
    count = "SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE { ?p a kg:Paper }"
    assert int(str(kg.query(out / "graph.ttl", count).rows[0][0])) == 2


@pytest.mark.parametrize("kind", ["pipe", "readable-by-others"])
def test_a_cache_key_that_is_not_a_private_file_is_not_used(
    tmp_path: Path, kind: str, monkeypatch, capfd
) -> None:
    """A key file that is a pipe made the build wait forever; one others may read lets
    them seal entries."""
    from kg.pipeline import cache

    key = tmp_path / "key"
    if kind == "pipe":
        os.mkfifo(key)
    else:
        key.write_bytes(b"k" * 32)
        key.chmod(0o644)
    monkeypatch.setenv(cache.KEY_FILE_ENV, str(key))
    cache._user_key.cache_clear()
    try:
        assert _build(SC21, tmp_path / "out", "--no-html") == 0
    finally:
        cache._user_key.cache_clear()
    assert f"{key}: the cache's key must be a file only you may read" in capfd.readouterr().err


def test_a_cache_key_that_cannot_be_kept_is_a_warning(tmp_path: Path, monkeypatch, capfd) -> None:
    from kg.pipeline import cache

    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(cache.KEY_FILE_ENV, str(blocker / "key"))
    cache._user_key.cache_clear()
    try:
        assert _build(SC21, tmp_path / "out") == 0
    finally:
        cache._user_key.cache_clear()
    err = capfd.readouterr().err
    assert f"{blocker / 'key'}: cannot keep the cache's key there" in err
    assert (tmp_path / "out" / "graph.ttl").stat().st_size > 100_000


def test_a_cache_that_cannot_be_written_is_a_warning(tmp_path: Path, capfd) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    out = tmp_path / "out"
    assert _build(SC21, out, "--cache", str(blocker)) == 0
    assert "cannot write the cache" in capfd.readouterr().err
    assert (out / "graph.ttl").stat().st_size > 100_000


@pytest.mark.parametrize("where", ["file", "inside-file"])
def test_an_output_folder_that_is_a_file_is_one_line_and_exit_2(
    tmp_path: Path, capfd, where: str
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    out = blocker if where == "file" else blocker / "sub"
    capfd.readouterr()
    assert _build(SC21, out) == 2
    err = capfd.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1 and "kg: error:" in err
    assert "a-file" in err
    assert blocker.read_text(encoding="utf-8") == "x"


@pytest.mark.parametrize("command", [["table", "claims"], ["html"]])
def test_a_full_disk_is_one_line_and_a_device_stays_a_device(
    sc21_out: Path, command: list[str], capfd
) -> None:
    """/dev/full answers every write with 'No space left on device'. kg wrote a file
    beside it and renamed it over it: as root, /dev/full (or /dev/stdout, a link) was
    replaced by a regular file, and the full disk went unnoticed."""
    import stat

    full = Path("/dev/full")
    assert stat.S_ISCHR(full.stat().st_mode)
    capfd.readouterr()
    assert main([*command, "--graph", str(sc21_out / "graph.ttl"), "-o", str(full)]) == 2
    err = capfd.readouterr().err
    assert "kg: error: /dev/full: No space left on device" in err
    assert "Traceback" not in err
    assert stat.S_ISCHR(full.stat().st_mode)


def test_o_names_a_folder_not_a_graph_file(tmp_path: Path, capfd) -> None:
    capfd.readouterr()
    assert _build(SC21, tmp_path / "out" / "graph.ttl") == 2
    assert "-o names the folder" in capfd.readouterr().err
    assert not (tmp_path / "out").exists()


def test_no_notes_is_an_error_that_keeps_the_last_build(tmp_path: Path, capfd) -> None:
    out = tmp_path / "out"
    assert _build(SC21, out) == 0
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "slides.pdf").write_bytes(b"%PDF")
    capfd.readouterr()
    assert _build(empty, out) == 2
    assert "no notes files" in capfd.readouterr().err
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()} == before
    assert len(list((out / ".kg-cache").rglob("*.msgpack"))) == 2


# --- queries: refused on what they are, values bound as terms --------------------------------


def test_service_and_updates_are_refused_on_the_parsed_query(tmp_path: Path, capfd) -> None:
    """An escape in a prefixed name (kg:a\\') made the old text check think a string
    started, and the SERVICE call after it went out."""
    import socket

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    listener.settimeout(0.5)
    port = listener.getsockname()[1]
    graph = str(tmp_path / "g.ttl")
    (tmp_path / "g.ttl").write_text(
        "<https://e.org/p> a <https://w3id.org/kg/ontology#Paper> .\n", encoding="utf-8"
    )
    tricks = [
        (
            "SELECT * WHERE { ?s a kg:Paper . OPTIONAL { ?s kg:a\\' ?o } "
            f"SERVICE <http://127.0.0.1:{port}/y> {{ ?a ?b ?c }} }}"
        ),
        f"SELECT * WHERE {{ SERVICE <http://127.0.0.1:{port}/z> {{ ?a ?b ?c }} }}",
        "INSERT DATA { <https://e.org/a> <https://e.org/b> <https://e.org/c> }",
        "PREFIX x: <https://e.org/> DELETE WHERE { ?s ?p ?o }",
    ]
    for sparql in tricks:
        capfd.readouterr()
        assert main(["query", "-g", graph, sparql]) == 2, sparql
        err = capfd.readouterr().err
        assert "refused" in err or "read-only" in err
        assert "Traceback" not in err
    with pytest.raises(socket.timeout):
        listener.accept()  # nothing called
    listener.close()


def test_a_bound_value_cannot_end_the_query(sc21_graph) -> None:
    """A literal's datatype IRI holding '>' was written into the query as it was."""
    import rdflib

    import kg

    evil = rdflib.Literal(
        "a", datatype=rdflib.URIRef("http://x> ) } SERVICE <http://127.0.0.1:9/> { ?a ?b ?c")
    )
    with pytest.raises(kg.QueryError, match="not an absolute IRI"):
        kg.query(sc21_graph, "SELECT * WHERE { ?s ?p ?o FILTER(?o = ?x) }", params={"x": evil})
    with pytest.raises(kg.QueryError, match="not an absolute IRI"):
        kg.query(sc21_graph, "SELECT * WHERE { ?s ?p ?x }", params={"x": rdflib.URIRef("a b")})


@pytest.mark.parametrize(
    "value", ["NaN", "Infinity", "-Infinity", "1e999999999", "1e-999999999", "abc"]
)
def test_numbers_a_question_takes_are_finite_and_bounded(sc21_out: Path, value: str, capfd) -> None:
    """1e999999999 cost 3 GB and 12 s before the timeout; -Infinity answered nothing."""
    graph = str(sc21_out / "graph.ttl")
    capfd.readouterr()
    assert main(["query", "-g", graph, "claims-above", "-p", f"threshold={value}"]) == 2
    err = capfd.readouterr().err
    assert "threshold wants a finite decimal" in err or "wants a decimal" in err


def test_a_question_says_which_defaults_it_used(sc21_out: Path, capfd) -> None:
    capfd.readouterr()
    assert main(["query", "-g", str(sc21_out / "graph.ttl"), "institutions-on-technique"]) == 0
    assert "technique = " in capfd.readouterr().err


def test_a_bad_iri_parameter_is_one_line(sc21_out: Path, capfd) -> None:
    graph = str(sc21_out / "graph.ttl")
    capfd.readouterr()
    assert main(["query", "-g", graph, "-p", "p=<http://x y>", "SELECT * { ?s ?p ?o }"]) == 2
    err = capfd.readouterr().err
    assert "Traceback" not in err and "not an absolute IRI" in err


def test_commands_say_which_graph_they_read(tmp_path: Path, monkeypatch, capfd) -> None:
    """With no ./out/graph.ttl, a question silently answered from kg's sample notes."""
    monkeypatch.chdir(tmp_path)
    capfd.readouterr()
    assert main(["query", "papers-per-session"]) == 0
    assert "reading the sample notes kg ships" in capfd.readouterr().err


# --- notes: no paper merged, none lost, no build aborted --------------------------------------

PAPERS = """# SC 2021

## Session A

### Zeta: Scalable Training Systems
- Authors: Alice Smith (MIT)
- Abstract: We present Zeta, which is 3.5x faster than Foo.

### Zeta Scalable Training Systems
- Authors: Bob Li (Tsinghua University)
- Abstract: Another paper on training.

### Alpha one: fast graph processing
- Authors: Carol Wu (MIT)
- DOI: 10.1145/abc/def
- Abstract: A paper.

### Alpha two: faster graph processing
- Authors: Dan Wu (MIT)
- DOI: 10.1145/abc-def
- Abstract: A paper.

### Beta: a system whose DOI has brackets
- Authors: Eve Wu (MIT)
- DOI: 10.1145/a[1]
- Abstract: A paper.

### Gamma: a system whose DOI has a stray percent
- Authors: Fay Wu (MIT)
- DOI: 10.1145/a%zz#b#c
- Abstract: A paper.
"""


def test_no_two_papers_share_an_iri_and_bad_dois_do_not_abort(tmp_path: Path, capfd) -> None:
    """DOIs 10.1145/abc/def and 10.1145/abc-def had one IRI, and so had two titles that
    differ only in punctuation: the graph held fewer papers than kg printed. A DOI with
    '[' or '%zz' stopped the build with a traceback and wrote nothing."""
    import kg

    notes = tmp_path / "n.md"
    notes.write_text(PAPERS, encoding="utf-8")
    out = tmp_path / "out"
    capfd.readouterr()
    assert _build(notes, out) == 1  # one paper reported, not merged
    err = capfd.readouterr().err
    assert "Traceback" not in err
    assert err.count("same identifier as 'Zeta: Scalable Training Systems'") == 1
    graph = kg.load(out / "graph.ttl")
    rows = kg.query(graph, "SELECT ?p ?t WHERE { ?p a kg:Paper ; dcterms:title ?t }")
    assert len(rows) == len({str(p) for p, _ in rows}) == 5
    dois = kg.query(graph, "SELECT ?d WHERE { ?p bibo:doi ?d }")
    assert {"10.1145/abc/def", "10.1145/abc-def", "10.1145/a[1]"} <= {str(d) for (d,) in dois}
    assert main(["validate", str(out / "graph.ttl")]) == 0


@pytest.mark.store
def test_noncharacters_in_the_notes_give_files_rapper_accepts(tmp_path: Path) -> None:
    """A title holding U+FFFE or U+FFFF made graph.ttl and graph.trig fail rapper -f strict."""
    import shutil
    import subprocess

    from .conftest import need

    need(shutil.which("rapper") is not None, "rapper missing: apt-get install raptor2-utils")
    notes = tmp_path / "n.md"
    notes.write_text(
        "# SC 2021\n\n## S\n\n### Omega\ufffe: a system\uffff for \ufdd0graphs\n"
        "- Authors: Alice Smith (MIT)\n- DOI: 10.1145/1234567.1234567\n"
        "- Abstract: We present Omega\ufffe, 3x faster.\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    assert _build(notes, out, "--format", "turtle", "--format", "trig") == 0
    for name, syntax in (("graph.ttl", "turtle"), ("graph.trig", "trig")):
        done = subprocess.run(
            ["rapper", "-q", "-i", syntax, "-f", "strict", "-c", str(out / name)],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
    assert "Omega\ufffd: a system\ufffd for \ufffdgraphs" in (out / "graph.ttl").read_text(
        encoding="utf-8"
    )


def test_a_field_of_many_names_reads_them_all_in_order() -> None:
    """32,000 names in one affiliation field took 15 s (a list searched for each name):
    now an ordered set. Every name is kept, once, in order."""
    import kg
    from kg.extract.affiliations import institutions_of
    from kg.extract.tables import tables_for

    tables = tables_for(kg.load_lexicon())
    names = [f"University of Place{i}" for i in range(5000)]
    found = institutions_of(", ".join(names + names[:100]), tables)
    assert len(found) == len(set(found)) == 5000


# --- arguments: one line and exit 2 -----------------------------------------------------------


@pytest.mark.parametrize(
    "base",
    [
        "https://e.org/%zz/",
        "https://e.org/a#b#",
        "https://e.org/a[1]/",
        "https://e.org/a\tb/",
        "https://e.org/a\nb/",
        "https://e.org/a\x7fb/",
        "https://e.org/a\x01b/",
    ],
)
def test_a_base_that_makes_no_iris_is_refused(tmp_path: Path, base: str, capfd) -> None:
    capfd.readouterr()
    assert _build(SC21, tmp_path / "out", "--base", base) == 2
    err = capfd.readouterr().err
    assert "Traceback" not in err and "--base" in err and err.count("\n") == 1
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("url", ["not a url", "http://x\ny/store", "ftp://x/store", "http:///s"])
def test_a_push_to_something_that_is_not_a_store_address(sc21_out: Path, url: str, capfd) -> None:
    capfd.readouterr()
    assert main(["push", url, str(sc21_out / "graph.ttl")]) == 2
    err = capfd.readouterr().err
    assert "not an http(s) address" in err and "Traceback" not in err


def test_a_server_error_page_is_one_readable_line() -> None:
    from kg.http import readable

    page = "<html><body><h1>Internal Error</h1>\x1b[31mRED\x1b[0m\r line2\x07" + "x" * 900
    line = readable(page)
    assert "\x1b" not in line and "\r" not in line and "\x07" not in line and "<h1>" not in line
    assert line.startswith("Internal Error [31mRED [0m line2") and len(line) <= 300


# --- any text in the notes gives files every parser takes -------------------------------------

# hostile text: any code point but surrogates, weighted towards the troublesome ones
_ODD = st.sampled_from(
    [
        *"\ufffe\uffff\ufdd0\x85\u2028\u2029\x0b\x0c\x00\x1b\u202e\u200b\ufeff\\\"'<>&{}",
        "\U0001fffe",
        "\U0010ffff",
        "\U000e0001",
    ]
)
_TEXT = st.text(
    alphabet=st.one_of(_ODD, st.characters(blacklist_categories=("Cs",))), min_size=1, max_size=40
)


@pytest.mark.store
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(title=_TEXT, abstract=_TEXT)
def test_any_text_gives_turtle_every_parser_takes(
    tmp_path: Path, capfd, title: str, abstract: str
) -> None:
    import shutil
    import subprocess

    import pyoxigraph as ox

    from .conftest import need

    need(shutil.which("rapper") is not None, "rapper missing: apt-get install raptor2-utils")
    notes = tmp_path / "n.md"
    notes.write_text(
        f"# SC 2021\n\n## S\n\n### Omega {title}: a system\n- Authors: Alice Smith (MIT)\n"
        f"- DOI: 10.1145/1234567.1234567\n- Abstract: We present Omega. {abstract} 3x faster.\n",
        encoding="utf-8",
    )
    import tempfile

    out = Path(tempfile.mkdtemp(dir=tmp_path)) / "out"  # hypothesis reuses tmp_path
    capfd.readouterr()
    code = main(["build", str(notes), "-o", str(out), "--no-html", "--no-cache", "--format", "all"])
    said = capfd.readouterr().err
    if code == 2:  # no paper at all (a line break in its title): said, and nothing written
        assert "no paper found in the notes" in said, said
        assert not (out / "graph.nt").exists()
        return
    assert code in (0, 1)
    # the paper is in the graph, or kg said why not (a lone CR once lost it silently)
    papers = [q for q in ox.parse(path=str(out / "graph.nt")) if q.object.value.endswith("#Paper")]
    assert len(papers) == 1 or "no paper found" in said or "error:" in said, said
    for name, syntax in (("graph.ttl", "turtle"), ("graph.nt", "ntriples"), ("graph.trig", "trig")):
        path = out / name
        assert sum(1 for _ in ox.parse(path=str(path))) > 0
        done = subprocess.run(
            ["rapper", "-q", "-i", syntax, "-f", "strict", "-c", str(path)],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, (name, done.stderr)


def test_a_lone_carriage_return_does_not_lose_the_paper(tmp_path: Path) -> None:
    """A lone CR in a title cut it in two, and the paper was gone without a word."""
    import kg

    notes = tmp_path / "n.md"
    notes.write_bytes(
        b"# SC 2021\n\n## S\n\n### Alpha\rBeta: a system for graphs\n- Authors: Alice Smith (MIT)\n"
        b"- DOI: 10.1145/1234567.1234567\n- Abstract: We present AlphaBeta, 3x faster.\n"
    )
    out = tmp_path / "out"
    assert _build(notes, out) == 0
    rows = kg.query(
        kg.load(out / "graph.ttl"), "SELECT ?t WHERE { ?p a kg:Paper ; dcterms:title ?t }"
    )
    assert [str(t) for (t,) in rows] == ["Alpha Beta: a system for graphs"]


# --- a query stops for real at its timeout, within its memory ---------------------------------

CROSS = "SELECT * WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"


def test_a_runaway_query_is_stopped_by_its_memory_cap(sc21_graph, monkeypatch, capfd) -> None:
    """A cross product reached 20.8 GB before its 60 s timeout: a query now runs in a
    forked process whose added memory is capped, and is stopped when it needs more,
    with kg's one line (not the engine's allocation failure and backtrace)."""
    import kg

    monkeypatch.setenv("KG_QUERY_MEMORY", str(200 << 20))
    monkeypatch.setenv("RUST_BACKTRACE", "1")
    capfd.readouterr()
    with pytest.raises(kg.QueryError, match=r"more than 0\.2 GB of memory"):
        kg.query(sc21_graph, CROSS, timeout=120)
    err = capfd.readouterr().err
    assert "memory allocation" not in err and "backtrace" not in err


def test_a_query_past_its_timeout_stops_working(sc21_graph) -> None:
    """The query thread went on after the timeout error; now the process running the
    query is gone when the caller hears it stopped."""
    import multiprocessing

    import kg

    with pytest.raises(kg.QueryError, match="no answer within 1 s"):
        kg.query(sc21_graph, CROSS, timeout=1)
    assert multiprocessing.active_children() == []
    # and an ordinary question still answers, the same way
    rows = kg.query(sc21_graph, "papers-per-session", timeout=30)
    assert sum(int(n) for *_, n in rows) == 25


def test_a_misspelt_query_form_is_named(sc21_out: Path, capfd) -> None:
    """'SELEC' gave only "expected CONSTRUCT", the last form the parser tried."""
    capfd.readouterr()
    assert main(["query", "-g", str(sc21_out / "graph.ttl"), "SELEC * WHERE { ?s ?p ?o }"]) == 2
    err = capfd.readouterr().err
    assert "a query starts with SELECT, ASK, CONSTRUCT or DESCRIBE, not 'SELEC'" in err
    assert main(["query", "-g", str(sc21_out / "graph.ttl"), "SELECT * WHERE { ?s ?p }"]) == 2
    assert "a query starts with" not in capfd.readouterr().err


def test_a_build_that_cannot_publish_one_file_publishes_none(tmp_path: Path, capfd) -> None:
    """A folder where graph.ttl goes stopped the renames half-way: graph.html and the
    rest of the new build sat beside the old void.ttl."""
    out = tmp_path / "out"
    assert _build(SC21, out, "--format", "all", "--no-cache") == 0
    (out / "graph.ttl").unlink()
    (out / "graph.ttl").mkdir()
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    notes = tmp_path / "n.txt"
    notes.write_text(SC21.read_text(encoding="utf-8").replace("Krill", "Krull"), encoding="utf-8")
    capfd.readouterr()
    assert _build(notes, out, "--format", "all", "--no-cache") == 2
    err = capfd.readouterr().err
    assert err.strip() == f"kg: error: {out / 'graph.ttl'}: is a folder; kg writes a file there"
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()} == before
    assert not list(out.glob(".kg-staging-*"))


def test_a_store_that_answers_a_byte_at_a_time_is_timed_out(sc21_out: Path, capfd) -> None:
    """urllib's timeout bounds each read: a server sending a byte a second held kg push
    past its --timeout. Now the timeout bounds the whole exchange."""
    import socket
    import threading
    import time

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    port = server.getsockname()[1]
    stop = threading.Event()

    def drip() -> None:
        conn, _ = server.accept()
        conn.recv(1 << 20)
        for byte in b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n" + b"x" * 100:
            if stop.is_set():
                break
            try:
                conn.send(bytes([byte]))
            except OSError:
                break
            time.sleep(0.5)
        conn.close()

    thread = threading.Thread(target=drip, daemon=True)
    thread.start()
    capfd.readouterr()
    url = f"http://127.0.0.1:{port}/store"
    assert main(["push", url, str(sc21_out / "graph.ttl"), "--timeout", "2"]) == 2
    assert "timed out after 2 s" in capfd.readouterr().err
    stop.set()
    server.close()


def test_an_author_list_too_long_to_read_is_reported(tmp_path: Path, capfd) -> None:
    """An authors line over 2,000 characters gave no institutions and said nothing."""
    names = ", ".join(f"Person{i} Smith (University of Place{i % 50})" for i in range(200))
    notes = tmp_path / "n.md"
    notes.write_text(
        f"# SC 2021\n\n## S\n\n### Omega: a system\n- Authors: {names}\n"
        "- DOI: 10.1145/1234567.1234567\n- Abstract: We present Omega, 3x faster.\n",
        encoding="utf-8",
    )
    capfd.readouterr()
    assert _build(notes, tmp_path / "out", "--no-html") == 0
    assert "n.md:5: warning: author list of 8,048 characters" in capfd.readouterr().err
    assert _build(notes, tmp_path / "out", "--no-html", "--strict") == 1


# --- linear in the size of a field -------------------------------------------------------------

_PAPER = "# SC 2021\n\n## S\n\n### Omega: a system\n- Authors: Ann Lee (MIT)\n- Abstract: {}\n"


def _clauses(n: int) -> list[str]:
    """n clauses, each with three claims of its own."""
    return [
        f"pipeline parallelism and RDMA on {i + 8} GPUs give a {i}.5x speedup over GraphM"
        f" and save {i % 90 + 1}.{i % 7}% of cost"
        for i in range(n)
    ]


def _calls_to_extract(abstract: str, tmp_path: Path) -> int:
    """How many Python and C functions extracting one paper with this abstract calls: a
    count of work that, unlike a timing, is the same on every machine."""
    import sys

    import kg

    notes = tmp_path / "n.md"
    notes.write_text(_PAPER.format(abstract), encoding="utf-8")
    corpus = kg.read_notes([notes])
    assert len(corpus.papers) == 1
    calls = 0

    def count(_frame, event, _arg):  # type: ignore[no-untyped-def]
        nonlocal calls
        calls += event in ("call", "c_call")

    sys.setprofile(count)
    try:
        kg.extract(corpus)
    finally:
        sys.setprofile(None)
    return calls


@pytest.mark.parametrize(
    "shape",
    [
        pytest.param(lambda n: " and ".join(_clauses(n)) + ".", id="one-long-sentence"),
        pytest.param(
            lambda n: " ".join(c.capitalize() + "." for c in _clauses(n)), id="many-sentences"
        ),
    ],
)
def test_work_grows_linearly_with_the_size_of_an_abstract(shape, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A one-sentence abstract of 34 KB took 16 s, of 137 KB 200 s: each claim was related
    to every comparison of its sentence. Four times the text may cost about four times
    the calls (a quadratic step costs sixteen)."""
    small, large = _calls_to_extract(shape(100), tmp_path), _calls_to_extract(shape(400), tmp_path)
    assert large / small < 5, (small, large)


def test_a_long_sentence_finishes_in_a_time_only_a_linear_step_allows(tmp_path: Path) -> None:
    """Steps inside C (a string searched from its start for every sentence) make no
    extra Python calls. A 400 KB one-sentence abstract takes about 3 s when each step
    is linear; the quadratic code needed 46 s for 136 KB and did not finish this one in
    120 s. The generous limit guards against a hang; it does not measure speed."""
    import subprocess
    import sys

    notes = tmp_path / "n.md"
    text = " and ".join(_clauses(4000))
    notes.write_text(_PAPER.format(text), encoding="utf-8")
    script = f"import kg; print(len(kg.extract(kg.read_notes([{str(notes)!r}])).papers[0].metrics))"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    assert int(done.stdout) >= 2 * 4000  # repeated figures are one claim


def test_a_build_that_runs_out_of_space_keeps_the_last_build(tmp_path: Path) -> None:
    """A write refused by the system half-way (here a file-size limit, as a full disk
    refuses it) is one line naming the output folder, exit 2, and the last build's files
    stay as they were, with no staging folder left."""
    import resource
    import signal
    import subprocess
    import sys

    out = tmp_path / "out"
    assert _build(SC21, out) == 0
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}

    def small_files() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))

    done = subprocess.run(
        [sys.executable, "-m", "kg", "build", str(SC21), "-o", str(out), "-q", "--no-cache"],
        preexec_fn=small_files,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == f"kg: error: {out}: File too large"
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()} == before
    assert sorted(p.name for p in out.iterdir() if p.is_dir()) == [".kg-cache", "store"]


# --- found by the second probe (a helper's 463 probes) -------------------------------------

_ONE = (
    "# OSDI 2020\n\n## Storage\n\n### CrossFS: a cross-layered file system\n"
    "- Authors: Yujie Ren (Rutgers University)\n- DOI: 10.1145/3458817.3476145\n"
    "- Abstract: It reports up to 4.87x higher throughput than ext4-DAX.\n"
)


@pytest.mark.parametrize("kind", ["pipe", "link-to-dev-zero"])
def test_a_cache_entry_that_is_no_plain_file_is_redone_not_read(
    tmp_path: Path, kind: str, capfd
) -> None:
    """A pipe in place of an entry made kg build wait forever; a link to /dev/zero was
    read until memory ran out."""
    notes = tmp_path / "n.md"
    notes.write_text(_ONE, encoding="utf-8")
    out = tmp_path / "out"
    assert _build(notes, out, "--no-html") == 0
    [entry] = (out / ".kg-cache").glob("*.msgpack")
    entry.unlink()
    if kind == "pipe":
        os.mkfifo(entry)
    else:
        entry.symlink_to("/dev/zero")
    capfd.readouterr()
    assert _build(notes, out, "--no-html") == 0
    assert "cache entry damaged or not kg's; redone" in capfd.readouterr().err
    assert entry.is_file() and not entry.is_symlink()  # written anew


def test_kg_removes_only_the_files_it_made(tmp_path: Path) -> None:
    """`--cache mine/` deleted the user's model.pickle and draft.tmp there, and `-o`
    deleted the user's .session.tmp: kg now removes only names it gives."""
    notes = tmp_path / "n.md"
    notes.write_text(_ONE, encoding="utf-8")
    mine, out = tmp_path / "mine", tmp_path / "out"
    mine.mkdir()
    out.mkdir()
    theirs = [
        mine / "model.pickle",
        mine / "data.msgpack",
        mine / "draft.tmp",
        out / ".session.tmp",
    ]
    for path in theirs:
        path.write_text("the user's", encoding="utf-8")
    assert _build(notes, out, "--no-html", "--cache", str(mine)) == 0
    assert _build(notes, out, "--no-html", "--cache", str(mine)) == 0
    assert all(p.read_text(encoding="utf-8") == "the user's" for p in theirs)


def test_files_of_an_earlier_build_that_this_one_did_not_write_are_removed(
    tmp_path: Path,
) -> None:
    """After --format all, a plain build left graph.nt, .trig, .nq and .jsonld holding the
    earlier graph; --no-html left the earlier page."""
    notes = tmp_path / "n.md"
    notes.write_text(_ONE, encoding="utf-8")
    out = tmp_path / "out"
    assert _build(notes, out, "--format", "all") == 0
    assert (out / "graph.trig").exists() and (out / "graph.html").exists()
    assert _build(notes, out, "--no-html") == 0
    kept = sorted(p.name for p in out.iterdir() if p.is_file() and not p.name.startswith("."))
    assert kept == ["graph.ttl", "void.ttl"]


def test_builds_into_one_folder_at_once_all_succeed(tmp_path: Path) -> None:
    """Three builds at once: one removed another's staging folder, which then failed."""
    import subprocess
    import sys

    notes = tmp_path / "n.md"
    notes.write_text(_ONE, encoding="utf-8")
    out = tmp_path / "out"
    cmd = [sys.executable, "-m", "kg", "build", str(notes), "-o", str(out), "-q", "--no-html"]
    runs = [subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True) for _ in range(3)]
    errors = [run.communicate(timeout=120)[1] for run in runs]
    assert [run.returncode for run in runs] == [0, 0, 0], errors


def test_notes_behind_a_link_and_with_a_name_that_is_not_utf8_are_read(tmp_path: Path) -> None:
    import kg

    notes, elsewhere = tmp_path / "notes", tmp_path / "elsewhere"
    notes.mkdir()
    elsewhere.mkdir()
    (elsewhere / "b.md").write_text(
        _ONE.replace("CrossFS", "OtherFS").replace("3476145", "3476146"), encoding="utf-8"
    )
    (notes / "linked").symlink_to(elsewhere)
    (notes / "up").symlink_to(notes)  # a loop: each real folder is read once
    with open(os.fsencode(notes) + b"/caf\xe9.md", "wb") as f:  # noqa: PTH123 (a Latin-1 name)
        f.write(_ONE.encode("utf-8"))
    out = tmp_path / "out"
    assert _build(notes, out, "--no-html") == 0
    count = "SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE { ?p a kg:Paper }"
    assert int(str(kg.query(out / "graph.ttl", count).rows[0][0])) == 2


def test_a_notes_folder_kg_cannot_read_is_an_error(tmp_path: Path) -> None:
    """An unreadable subfolder was skipped in silence, its papers missing, exit 0. (Run
    without the right to override file modes, which root has.)"""
    import shutil
    import subprocess
    import sys

    notes = tmp_path / "notes"
    (notes / "locked").mkdir(parents=True)
    (notes / "a.md").write_text(_ONE, encoding="utf-8")
    (notes / "locked").chmod(0)
    cmd = [sys.executable, "-m", "kg", "build", str(notes), "-o", str(tmp_path / "out"), "-q"]
    if os.geteuid() == 0:
        assert shutil.which("setpriv"), "setpriv (util-linux) drops root's file-mode override"
        cmd = ["setpriv", "--inh-caps=-all", "--bounding-set=-dac_override,-dac_read_search"]
        cmd += [sys.executable, "-m", "kg", "build", str(notes), "-o", str(tmp_path / "out")]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    finally:
        (notes / "locked").chmod(0o755)
    assert done.returncode == 2, done.stderr
    assert "locked: cannot read this folder (Permission denied)" in done.stderr


@pytest.mark.parametrize(
    ("second", "says"),
    [
        ("### Summary: A System for Storage\n", "looks like a paper (DOI 10.5555/zephyr.1)"),
        ("### \U0001f600\U0001f600\U0001f600\n", "DOI 10.5555/zephyr.1 belongs to no paper"),
        ("```python\nunclosed\n\n### Zephyr: Another System\n", "this code block is never closed"),
    ],
    ids=["title-like-a-label", "emoji-title", "unclosed-fence"],
)
def test_a_paper_kg_cannot_read_is_reported_not_lost_in_silence(
    tmp_path: Path, second: str, says: str, capfd
) -> None:
    notes = tmp_path / "n.md"
    notes.write_text(
        _ONE + "\n" + second + "\n- Authors: Bob Smith (Stanford University)\n"
        "- DOI: 10.5555/zephyr.1\n- Abstract: It gives a 2x speedup over Foo on 8 GPUs.\n",
        encoding="utf-8",
    )
    capfd.readouterr()
    _build(notes, tmp_path / "out", "--no-html")
    assert says in capfd.readouterr().err


@pytest.mark.parametrize("where", ["front-matter", "lexicon", "settings"])
def test_yaml_nested_too_deeply_is_refused_not_a_crash(tmp_path: Path, where: str, capfd) -> None:
    """50,000 '[' in a front matter's title crashed the process (libyaml recursion: a
    segmentation fault, no message); in kg.yaml it was a RecursionError traceback."""
    deep = "title: " + "[" * 50_000 + "]" * 50_000 + "\n"
    notes = tmp_path / "notes"
    notes.mkdir()
    more: list[str] = []
    text = _ONE
    if where == "front-matter":
        text = "---\n" + deep + "---\n" + _ONE
    elif where == "lexicon":
        (tmp_path / "lex.yaml").write_text(deep, encoding="utf-8")
        more = ["--lexicon", str(tmp_path / "lex.yaml")]
    else:
        (notes / "kg.yaml").write_text(deep, encoding="utf-8")
    (notes / "n.md").write_text(text, encoding="utf-8")
    capfd.readouterr()
    code = _build(notes, tmp_path / "out", "--no-html", *more)
    err = capfd.readouterr().err
    assert "Traceback" not in err
    assert "nests too deeply" in err
    assert code == (0 if where == "front-matter" else 2)  # the paper itself is read


@pytest.mark.parametrize(
    "deep", [">" * 5000 + " deep", "\n".join("  " * i + "- x" for i in range(3000))]
)
def test_markdown_nested_too_deeply_is_reported_not_a_traceback(
    tmp_path: Path, deep: str, capfd
) -> None:
    notes = tmp_path / "n.md"
    notes.write_text(_ONE + "\n" + deep + "\n", encoding="utf-8")
    capfd.readouterr()
    assert _build(notes, tmp_path / "out", "--no-html") == 2  # no paper: nothing written
    err = capfd.readouterr().err
    assert "n.md:1: error: the notes nest too deeply to read" in err
    assert "Traceback" not in err


def test_a_doi_with_dot_segments_keeps_them_in_its_iri(tmp_path: Path) -> None:
    """DOI 10.1145/../../x became <https://doi.org/10.1145/../../x>, which resolves to
    https://doi.org/x."""
    notes = tmp_path / "n.md"
    notes.write_text(_ONE.replace("10.1145/3458817.3476145", "10.1145/../../x"), encoding="utf-8")
    out = tmp_path / "out"
    assert _build(notes, out, "--no-html") == 0
    assert "<https://doi.org/10.1145/%2E%2E/%2E%2E/x>" in (out / "graph.ttl").read_text()


def test_terminal_escapes_in_the_notes_do_not_reach_the_terminal(tmp_path: Path, capfd) -> None:
    """A title holding ESC ]0;pwned BEL ESC [2J retitled the window and cleared the screen
    through kg table, kg query and kg outline."""
    notes = tmp_path / "n.md"
    notes.write_text(
        _ONE.replace("CrossFS: a", "CrossFS\x1b]0;pwned\x07\x1b[2J: a"), encoding="utf-8"
    )
    out = tmp_path / "out"
    assert _build(notes, out, "--no-html") == 0
    capfd.readouterr()
    graph = str(out / "graph.ttl")
    assert main(["table", "papers", "--graph", graph]) == 0
    assert main(["query", "SELECT ?t WHERE { ?p dcterms:title ?t }", "-g", graph]) == 0
    assert main(["query", "SELECT ?t WHERE { ?p dcterms:title ?t }", "-g", graph, "--format",
                 "markdown"]) == 0  # fmt: skip
    assert main(["outline", str(notes)]) == 0
    shown = capfd.readouterr().out
    assert "CrossFS" in shown
    assert "\x1b" not in shown and "\x07" not in shown


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["build", "N", "--base", "https://[::1/kg/"], "base IRI must be an absolute"),
        (["build", "N", "--base", "http://x:99999/kg/"], "base IRI must be an absolute"),
        (["build", "N", "--license", "not an iri"], "--license 'not an iri': not an absolute"),
        (["build", "N", "-o", ""], "give a folder's name"),
        (["query", "papers-per-session", "--timeout", "nan"], "seconds between 0 and 86400"),
        (["query", "papers-per-session", "--timeout", "1e999"], "seconds between 0 and 86400"),
        (["push", "http://127.0.0.1:9/s", "G", "--timeout", "inf"], "seconds between 0"),
        (["push", "http://127.0.0.1:9/s", "G", "--graph-iri", "rel"], "not an absolute IRI"),
        (["push", "http://127.0.0.1:9/s", "BAD"], "not turtle kg can send"),
        (["query", "-f", "LATIN1"], "not UTF-8 (byte"),
        (["query", "-f", "EMPTY"], "is empty"),
        (["query", "-f", "DEEP"], "the query nests deeper than 200"),
        (["query", "papers-per-session", "--endpoint", "not a url"], "not an http(s) address"),
        (["query", "papers-per-session", "-g", "FOLDER"], "a folder with no kg store in it"),
        (["build", "PDF"], "no paper found in the notes"),
        (["build", "UTF16"], "file is not UTF-8"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(
    sc21_out: Path, tmp_path: Path, argv: list[str], says: str, capfd
) -> None:
    """Each was a traceback (exit 1), an answer from the wrong thing, or an empty graph
    written over the last build."""
    notes = tmp_path / "n.md"
    notes.write_text(_ONE, encoding="utf-8")
    files = {
        "N": str(notes),
        "G": str(sc21_out / "graph.ttl"),
        "BAD": str(tmp_path / "bad.ttl"),
        "LATIN1": str(tmp_path / "latin1.rq"),
        "EMPTY": str(tmp_path / "empty.rq"),
        "DEEP": str(tmp_path / "deep.rq"),
        "FOLDER": str(tmp_path),
        "PDF": str(tmp_path / "paper.pdf"),
        "UTF16": str(tmp_path / "u16.md"),
    }
    (tmp_path / "bad.ttl").write_text("not rdf", encoding="utf-8")
    (tmp_path / "latin1.rq").write_bytes('SELECT * WHERE { ?s ?p "café" }'.encode("latin-1"))
    (tmp_path / "empty.rq").write_text("\n", encoding="utf-8")
    (tmp_path / "deep.rq").write_text("SELECT * {" + "(" * 5000 + "1" + ")" * 5000 + "}")
    (tmp_path / "paper.pdf").write_bytes(b"%PDF-1.7\n\x00\xff\xfe binary")
    (tmp_path / "u16.md").write_bytes(_ONE.encode("utf-16-le"))
    out = tmp_path / "out"
    out.mkdir()
    (out / "graph.ttl").write_text("the last build's", encoding="utf-8")
    argv = [files.get(a, a) for a in argv]
    if argv[0] == "build":
        argv += ["-o", str(out)] if "-o" not in argv else []
    capfd.readouterr()
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse refuses a value of the wrong kind
        code = exc.code  # type: ignore[assignment]
    assert code == 2
    err = capfd.readouterr().err
    assert says in err
    assert "Traceback" not in err
    assert (out / "graph.ttl").read_text(encoding="utf-8") == "the last build's"


@pytest.mark.parametrize("after", [0.05, 0.15, 0.4])
def test_ctrl_c_at_any_moment_is_one_line(tmp_path: Path, after: float) -> None:
    """Ctrl-C in the first ~0.3 s (while kg was being imported) printed a traceback."""
    import signal
    import subprocess
    import sys
    import time

    notes = tmp_path / "n.md"
    notes.write_text(_ONE, encoding="utf-8")
    cmd = [sys.executable, "-m", "kg", "build", str(notes), "-o", str(tmp_path / "out")]
    run = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    time.sleep(after)
    run.send_signal(signal.SIGINT)
    _, err = run.communicate(timeout=60)
    assert "Traceback" not in err, err
    # 130 when kg was interrupted; 0 if it had finished; -2 before Python itself had started
    assert run.returncode in (130, 0, -2), (run.returncode, err)


def test_csv_cells_that_look_like_formulas_do_not_run_in_a_spreadsheet() -> None:
    """A title or claim starting with '=' (=HYPERLINK(...)) was written as it was: a
    spreadsheet opening the CSV would run it."""
    import csv
    import io

    from kg.tables import Table

    cells = ['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", "@SUM(A1)", "-20", "plain"]
    table = Table(name="t", columns=("cell",), rows=tuple((c,) for c in cells))
    read = [row[0] for row in csv.reader(io.StringIO(table.text("csv")))][1:]
    assert read == ["'" + c for c in cells[:3]] + ["-20", "plain"]


@pytest.mark.parametrize(
    "headings", [("\U0001f600\U0001f600", "\U0001f601\U0001f601"), ("!!! ???", "??? !!!")]
)
def test_two_papers_under_headings_with_no_words_are_not_merged_in_silence(
    tmp_path: Path, headings: tuple[str, str], capfd
) -> None:
    """Two papers without DOIs under headings of only emoji or punctuation became one
    paper named after their session, with both author lists, exit 0 and nothing said."""
    notes = tmp_path / "n.md"
    notes.write_text(
        "# OSDI 2020\n\n## Storage Systems\n\n"
        f"### {headings[0]}\n\n- Authors: Ann Lee (MIT)\n- Abstract: 2x faster.\n\n"
        f"### {headings[1]}\n\n- Authors: Bob Smith (Stanford University)\n- Abstract: 3x.\n",
        encoding="utf-8",
    )
    capfd.readouterr()
    _build(notes, tmp_path / "out", "--no-html")
    assert "n.md:12: warning: a second author list in the paper of line 3" in capfd.readouterr().err


def test_front_matter_never_closed_is_no_paper(tmp_path: Path, capfd) -> None:
    """A first '---' and a field, never closed: the field became a paper of its own
    ("title: [unclosed"), three papers counted for two, nothing said."""
    notes = tmp_path / "n.md"
    notes.write_text("---\ntitle: [unclosed\n" + _ONE, encoding="utf-8")
    capfd.readouterr()
    assert _build(notes, tmp_path / "out", "--no-html") == 0
    err = capfd.readouterr().err
    assert "n.md:1: warning: front matter never closed" in err
    import pyoxigraph

    store = pyoxigraph.Store()
    store.load(path=str(tmp_path / "out" / "graph.ttl"), format=pyoxigraph.RdfFormat.TURTLE)
    papers = store.query(
        "PREFIX kg: <https://w3id.org/kg/ontology#> PREFIX dcterms: <http://purl.org/dc/terms/> "
        "SELECT ?t { ?p a kg:Paper ; dcterms:title ?t }"
    )
    assert [str(row["t"].value) for row in papers] == ["CrossFS: a cross-layered file system"]


@pytest.mark.parametrize("kind", ["pipe", "broken-link"])
def test_a_notes_file_kg_cannot_read_in_a_folder_is_an_error(
    tmp_path: Path, kind: str, capfd
) -> None:
    """A pipe or a link to nothing named like notes inside a notes folder was skipped in
    silence (its papers missing, exit 0); given by name it was already an error."""
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "a.md").write_text(_ONE, encoding="utf-8")
    odd = notes / "b.md"
    if kind == "pipe":
        os.mkfifo(odd)
    else:
        odd.symlink_to(tmp_path / "gone.md")
    capfd.readouterr()
    assert _build(notes, tmp_path / "out", "--no-html") == 2
    err = capfd.readouterr().err
    assert "b.md" in err and "kg cannot read notes from it" in err
    assert not (tmp_path / "out" / "graph.ttl").exists()


def test_mdx_and_other_markdown_suffixes_are_notes(tmp_path: Path) -> None:
    """A Docusaurus blog's .mdx notes were not read at all."""
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "post.mdx").write_text(_ONE, encoding="utf-8")
    assert _build(notes, tmp_path / "out", "--no-html") == 0
    assert "CrossFS" in (tmp_path / "out" / "graph.ttl").read_text(encoding="utf-8")


def test_too_little_address_space_for_the_store_leaves_it_out(tmp_path: Path) -> None:
    """Under `ulimit -v` of 1 GB (HPC login nodes set such limits) RocksDB, under the
    store, could not map its cache and stopped the process: exit -6, a Rust backtrace,
    nothing written. Now the store is left out with a warning, and kg query reads the
    graph file of that folder."""
    import resource
    import subprocess
    import sys

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    out = tmp_path / "out"
    kg = [sys.executable, "-m", "kg"]
    done = subprocess.run(
        [*kg, "build", str(SC21), "-o", str(out), "-q", "--no-html"],
        capture_output=True,
        text=True,
        check=False,
        preexec_fn=limit,
    )
    assert done.returncode == 0, done.stderr
    assert "limited to 1,024 MB (ulimit -v)" in done.stderr and "no store written" in done.stderr
    assert (out / "graph.ttl").exists() and not (out / "store").exists()
    asked = subprocess.run(
        [*kg, "query", "papers-per-session", "-g", str(out)],
        capture_output=True,
        text=True,
        check=False,
        preexec_fn=limit,
    )
    assert asked.returncode == 0, asked.stderr
    assert "大规模深度神经网络训练" in asked.stdout


def test_a_ctrl_c_inside_a_del_is_delivered_again_not_printed() -> None:
    """Ctrl-C landing in the ``regex`` module's ``__del__`` printed "Exception ignored in"
    and a traceback, and the build went on (seen once in a clean-clone run)."""
    import subprocess
    import sys

    code = (
        "import sys, time, kg.__main__ as m\n"
        "sys.unraisablehook = m._interrupt_again\n"
        "class D:\n"
        "    def __del__(self): raise KeyboardInterrupt\n"
        "try:\n"
        "    D()\n"
        "    time.sleep(5)\n"
        "    print('went on')\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted')\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert run.stdout == "interrupted\n"
    assert "Traceback" not in run.stderr, run.stderr


def test_a_link_with_two_hashes_does_not_stop_the_build(tmp_path: Path, capfd) -> None:
    """The eleventh held-out set: a link to 'https://motherduck.com/product/data-teams/
    #boost#productivity' stopped kg build with a traceback (an IRI holds one '#')."""
    import kg

    notes = tmp_path / "n.md"
    notes.write_text(
        "## Orca: A Distributed Serving System for Transformer-Based Generative Models\n\n"
        "Authors: Gyeong-In Yu, Joo Seong Jeong\n\n"
        "Link: https://www.usenix.org/conference/osdi22/presentation/yu\n\n"
        "It batches per iteration; see [the dialect](https://example.org/product/#boost#more).\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    capfd.readouterr()
    assert _build(notes, out) == 0
    assert "Traceback" not in capfd.readouterr().err
    links = kg.query(kg.load(out / "graph.ttl"), "SELECT ?l WHERE { ?p rdfs:seeAlso ?l }")
    assert "https://example.org/product/#boost%23more" in {str(x) for (x,) in links}
