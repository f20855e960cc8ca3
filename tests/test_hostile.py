"""What a hostile or careless input, argument or machine does to kg: nothing runs,
nothing is lost, nothing crashes (each test is a defect a probe found)."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

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
    kg's mark and its SHA-256, and one that does not is redone, with a warning."""
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
