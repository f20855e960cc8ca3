"""`kg lexicon suggest`: what the notes name that the lexicon does not, as a user lexicon."""

from __future__ import annotations

from pathlib import Path

import yaml

import kg

NOTES = """\
# OSDI 2024

## Caching

### Marconi: Prefix Caching for the Era of Hybrid LLMs
Rui Pan — Quokka Systems Institute

Marconi brings efficient state caching to hybrid models and is 34.4x faster than SGLangLite.
"""


def _knowledge(notes: Path, lexicons: list[Path]) -> kg.Knowledge:
    lexicon = kg.load_lexicon(lexicons)
    return kg.extract(kg.read_notes([notes], lexicon, "OSDI 2024"), lexicon)


def test_suggestions_are_a_lexicon_the_next_build_uses(tmp_path: Path) -> None:
    notes = tmp_path / "notes.md"
    notes.write_text(NOTES, encoding="utf-8")
    know = _knowledge(notes, [])
    text = kg.suggest_lexicon(know, kg.load_lexicon())
    suggested = yaml.safe_load(text)
    concepts = {c["label"]: c for c in suggested["concepts"]}
    assert concepts["state caching"]["broader"] == ["caching"]
    assert "# 1 paper; e.g. Marconi brings efficient state caching" in text
    assert [e["name"] for e in suggested["entities"]] == ["Marconi", "SGLangLite"]
    assert [i["name"] for i in suggested["institutions"]] == ["Quokka Systems Institute"]

    mine = tmp_path / "mine.yaml"
    mine.write_text(text, encoding="utf-8")
    again = _knowledge(notes, [mine])
    prefix = concepts["state caching"]["id"]
    assert prefix in again.papers[0].techniques
    assert again.concepts[prefix].scheme == ""  # discovered, now curated
    assert not again.unresolved
    assert kg.suggest_lexicon(again, kg.load_lexicon([mine])).count("\n  - id:") == 0


def test_the_command_writes_the_file_whole(tmp_path: Path) -> None:
    from kg.cli import main

    notes = tmp_path / "notes.md"
    notes.write_text(NOTES, encoding="utf-8")
    out = tmp_path / "suggested.yaml"
    assert (
        main(["lexicon", "suggest", str(notes), "--conference", "OSDI 2024", "-o", str(out)]) == 0
    )
    assert yaml.safe_load(out.read_text(encoding="utf-8"))["entities"][1]["name"] == "SGLangLite"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.md", "suggested.yaml"]
