"""The per-file pipeline: worker processes and the cache change nothing but the time taken."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from kg.api import Build, build_all
from kg.errors import CacheWarning
from kg.extract import extract
from kg.lexicon import load_lexicon
from kg.notes import read_notes
from kg.output import serialize
from kg.rdf import to_statements

from .conftest import ROOT

BASE = "https://w3id.org/kg/id/"


def _generate(papers: int, out: Path) -> None:
    """The benchmark's generated corpus (bench/generate.py), as a user runs it."""
    generate = [sys.executable, str(ROOT / "bench" / "generate.py"), str(papers), str(out)]
    subprocess.run(generate, check=True, capture_output=True)


def _outputs(build: Build) -> dict[str, bytes]:
    return {fmt: serialize(build.statements, fmt, BASE) for fmt in ("ntriples", "turtle", "nquads")}


def _built_once(tmp_path: Path, papers: int) -> tuple[Path, Path]:
    """A generated notes folder, built once into a cache: (notes, cache)."""
    notes, cache = tmp_path / "notes", tmp_path / "cache"
    _generate(papers, notes)
    build_all([notes], cache_dir=cache)
    return notes, cache


def test_workers_and_cache_give_the_same_graph(tmp_path: Path) -> None:
    _generate(300, tmp_path / "notes")
    one = build_all([tmp_path / "notes"], workers=1)
    two = build_all([tmp_path / "notes"], workers=2)
    cold = build_all([tmp_path / "notes"], workers=2, cache_dir=tmp_path / "cache")
    warm = build_all([tmp_path / "notes"], workers=2, cache_dir=tmp_path / "cache")
    expected = _outputs(one)
    assert len(cold.redone) == len(one.knowledge.corpus.files) and warm.redone == []
    for other in (two, cold, warm):
        assert _outputs(other) == expected
        assert [f.metrics for f in other.knowledge.papers] == [
            f.metrics for f in one.knowledge.papers
        ]
        assert other.knowledge.institutions == one.knowledge.institutions
        assert other.knowledge.entities == one.knowledge.entities
        assert other.knowledge.countries == one.knowledge.countries
        assert other.problems == one.problems
    # what the lexicon describes comes back from the cache as the lexicon's own, not a copy
    lexicon = load_lexicon()
    shared = [i for i in warm.knowledge.institutions if i in lexicon.institutions]
    assert shared and all(warm.knowledge.institutions[i] is lexicon.institutions[i] for i in shared)
    unresolved = [i for i in warm.knowledge.institutions if i not in lexicon.institutions]
    assert unresolved  # and those kg met in the notes are kept whole
    # the step-by-step functions of the library give the same statements
    know = extract(read_notes([tmp_path / "notes"], lexicon), lexicon)
    assert to_statements(know, BASE, lexicon).ntriples() == expected["ntriples"]


def test_a_rebuild_redoes_only_the_changed_file(tmp_path: Path) -> None:
    notes, cache = _built_once(tmp_path, 120)
    assert build_all([notes], cache_dir=cache).redone == []
    changed = sorted(notes.glob("*.txt"))[1]
    changed.write_text(changed.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    again = build_all([notes], cache_dir=cache)
    assert again.redone == [changed.name]
    assert _outputs(again) == _outputs(build_all([notes]))
    # entries of files that are gone are removed after the next build
    entries = len(list(cache.iterdir()))
    changed.unlink()
    build_all([notes], cache_dir=cache)
    assert len(list(cache.iterdir())) == entries - 1


def test_a_new_lexicon_or_base_redoes_everything(tmp_path: Path) -> None:
    notes, cache = _built_once(tmp_path, 60)
    files = len(list(notes.glob("*.txt")))
    other_base = build_all([notes], cache_dir=cache, base="https://example.org/kg/")
    assert len(other_base.redone) == files
    extra = tmp_path / "mine.yaml"
    extra.write_text("not_systems: [Frobnicator]\n", encoding="utf-8")
    assert len(build_all([notes], cache_dir=cache, lexicons=[extra]).redone) == files


def test_a_damaged_cache_entry_is_redone(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    _generate(60, notes)
    cache = tmp_path / "cache"
    expected = _outputs(build_all([notes], cache_dir=cache))
    entries = sorted(cache.iterdir())
    entries[0].write_bytes(entries[0].read_bytes()[:100])  # cut short
    entries[1].write_bytes(b"\x80\x04K\x01.")  # a pickle: not kg's data, never loaded
    with pytest.warns(CacheWarning, match="damaged or not kg's") as said:
        again = build_all([notes], cache_dir=cache)
    assert len(said) == 2
    assert _outputs(again) == expected
    assert len(again.redone) == 2


PAPER = """\
Title: {title}
Institutions: Tsinghua University
Link: https://doi.org/10.1145/{doi}
Abstract: We present {title}, which is 2x faster than GraphM.
"""
HEAD = "Conference: SC 2021\n\n## Session A\n\n"


def test_a_duplicate_doi_across_files_stays_right_when_files_change(tmp_path: Path) -> None:
    """The second copy of a DOI is dropped and reported; once the first copy goes, it is used."""
    notes = tmp_path / "notes"
    notes.mkdir()
    cache = tmp_path / "cache"
    first = notes / "a.md"
    second = notes / "b.md"
    first.write_text(HEAD + PAPER.format(title="Alpha", doi="1.1"), encoding="utf-8")
    second.write_text(
        HEAD
        + PAPER.format(title="Beta", doi="2.2")
        + "\n"
        + PAPER.format(title="Alpha again", doi="1.1"),
        encoding="utf-8",
    )
    for _ in range(2):  # cold, then warm
        built = build_all([notes], cache_dir=cache)
        titles = sorted(f.paper.title for f in built.knowledge.papers)
        assert titles == ["Alpha", "Beta"]
        [problem] = [p for p in built.problems if "duplicate DOI" in p.message]
        assert problem.path.endswith("b.md") and "a.md:" in problem.message
        assert _outputs(built) == _outputs(build_all([notes]))
    # the first copy moves down two lines: the report follows it
    first.write_text(HEAD + "\n\n" + PAPER.format(title="Alpha", doi="1.1"), encoding="utf-8")
    built = build_all([notes], cache_dir=cache)
    [problem] = [p for p in built.problems if "duplicate DOI" in p.message]
    assert "a.md:7" in problem.message
    # the first copy is gone: the second is used
    first.write_text(HEAD + PAPER.format(title="Gamma", doi="3.3"), encoding="utf-8")
    built = build_all([notes], cache_dir=cache)
    titles = sorted(f.paper.title for f in built.knowledge.papers)
    assert titles == ["Alpha again", "Beta", "Gamma"]
    assert not [p for p in built.problems if "duplicate DOI" in p.message]
    assert _outputs(built) == _outputs(build_all([notes]))


def test_one_path_given_alone_is_one_path() -> None:
    # a folder's name as a string, not a list: its notes, not a walk of "/" (the first
    # character of the name), which had read the whole machine or failed on /dev
    folder = ROOT / "tests" / "data" / "cases" / "question-sheet"
    titles = [p.title for p in read_notes([folder]).papers]
    assert len(titles) == 4
    assert [p.title for p in read_notes(str(folder)).papers] == titles
    assert len(build_all(folder).knowledge.papers) == 4
