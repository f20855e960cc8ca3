"""The README says what kg does today: its counts and its quick start's output."""

from __future__ import annotations

import re
from pathlib import Path

import kg
from kg.cli import main

from .conftest import ROOT, SC21

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_lexicon_counts_are_the_lexicons() -> None:
    lexicon = kg.load_lexicon()
    said = {
        "institutions": re.search(r"\| (\d+) institutions: names", README),
        "techniques": re.search(r"a SKOS scheme of (\d+) techniques", README),
        "entities": re.search(r"\| (\d+) systems, libraries, hardware", README),
    }
    assert all(said.values()), said
    counts = {k: int(m.group(1)) for k, m in said.items() if m}
    assert counts == {
        "institutions": len(lexicon.institutions),
        "techniques": len(lexicon.concepts),
        "entities": len(lexicon.entities),
    }


def test_the_quick_start_prints_what_the_readme_shows(tmp_path: Path, capfd) -> None:
    shown = re.search(r"^Graph: .+$", README, re.MULTILINE)
    assert shown is not None
    capfd.readouterr()
    assert main(["build", str(SC21), "-o", str(tmp_path / "out"), "--no-html"]) == 0
    printed = capfd.readouterr()
    assert shown.group(0) in (printed.out + printed.err).splitlines()
