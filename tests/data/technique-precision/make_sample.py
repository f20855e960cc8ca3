"""A random sample of the (paper, technique) pairs kg gives on the extraction sets, for a
person to judge (precision of techniques): run from the repository's root, it writes
sample.yaml (what the judge sees) and key.yaml (each pair's kind: a concept of the
curated scheme or a discovered phrase) beside this script, or, given a seed and a folder
(``python tests/data/technique-precision/make_sample.py 20261130
tests/data/technique-precision-2``), with that seed into that folder."""

import random
import sys
import unicodedata
from pathlib import Path

import yaml

from kg.evaluate import match_papers
from kg.extract import extract
from kg.lexicon import load_lexicon
from kg.notes import read_notes

SIZE = 150
SEED = 20261129
NOTE = "(a concept of kg's curated scheme, named in the paper's notes)"


def pairs() -> list[dict[str, object]]:
    """Every (paper, technique) pair kg gives on the extraction sets' matched papers."""
    lexicon = load_lexicon([])
    rows: list[dict[str, object]] = []
    for gold_path in sorted(Path("tests/data/gold").glob("extract-*.yaml")):
        text = unicodedata.normalize("NFC", gold_path.read_text(encoding="utf-8"))
        gold = yaml.safe_load(text)
        notes = read_notes([gold_path.parent / p for p in gold["notes"]], lexicon)
        know = extract(notes, lexicon)
        for _, facts in match_papers(gold["papers"], know.papers):
            if facts is None:
                continue
            span = facts.paper.span
            where = Path(span.path).resolve().relative_to(Path.cwd())
            for cid in facts.techniques:
                concept = know.concepts[cid]
                rows.append(
                    {
                        "paper": facts.paper.title,
                        "notes": f"{where}:{span.line}-{span.end_line}",
                        "technique": concept.label or concept.label_zh,
                        "kind": "discovered" if concept.scheme else "scheme",
                        "sentence": (concept.example or NOTE)[:400],
                    }
                )
    return rows


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else SEED
    here = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(__file__).parent
    rows = pairs()
    sample = random.Random(seed).sample(rows, SIZE)  # noqa: S311 (a sample to judge, no secret)
    for number, row in enumerate(sample, 1):
        row["id"] = number
    shown = [{k: r[k] for k in ("id", "paper", "notes", "technique", "sentence")} for r in sample]
    dump = {"allow_unicode": True, "sort_keys": False, "width": 120}
    (here / "sample.yaml").write_text(yaml.safe_dump(shown, **dump), encoding="utf-8")
    keys = [{"id": r["id"], "kind": r["kind"]} for r in sample]
    (here / "key.yaml").write_text(yaml.safe_dump(keys, **dump), encoding="utf-8")
    sys.stdout.write(f"{len(rows)} pairs, {SIZE} in the sample\n")


if __name__ == "__main__":
    main()
