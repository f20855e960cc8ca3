"""Measure extraction against a hand-written gold annotation (``kg eval GOLD.yaml``).

The gold file names its notes (``notes:``, relative to the gold file) and,
per paper (by DOI), the institutions, techniques, baselines and claims a
person found. Scores are micro-averaged over papers:

- institutions: precision, recall and F1 of (paper, institution) pairs;
- claims: precision, recall and F1 of (paper, unit, value or range) matches;
- baselines: precision, recall and F1 of (paper, baseline) pairs, and the share
  of gold claims that name a baseline whose matched claim links that baseline;
- techniques: recall of (paper, technique) pairs (finding a narrower concept counts), over
  all the gold's techniques and over those kg's scheme has a concept for.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import KgError
from .extract import Extractor, _fold
from .lexicon import Lexicon, load_lexicon
from .notes import read_notes
from .records import Knowledge, Metric


@dataclass
class Score:
    """Counts of one kind of item, and the scores they give."""

    name: str
    true_pos: int = 0
    false_pos: int = 0
    false_neg: int = 0
    misses: list[str] = field(default_factory=list)
    extras: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        found = self.true_pos + self.false_pos
        return self.true_pos / found if found else 1.0

    @property
    def recall(self) -> float:
        wanted = self.true_pos + self.false_neg
        return self.true_pos / wanted if wanted else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def add(self, gold: set[str], found: set[str], where: str) -> None:
        self.true_pos += len(gold & found)
        self.false_neg += len(gold - found)
        self.false_pos += len(found - gold)
        self.misses += [f"{where}: {x}" for x in sorted(gold - found)]
        self.extras += [f"{where}: {x}" for x in sorted(found - gold)]


@dataclass
class Report:
    gold: str
    papers: int
    scores: dict[str, Score]
    linked: tuple[int, int]  # gold claims naming a baseline: (linked right, all)

    def table(self, details: bool = False) -> str:
        lines = [
            f"{self.gold}: {self.papers} papers",
            f"{'':<18}{'precision':>10}{'recall':>8}{'F1':>7}{'gold':>6}{'found':>7}",
        ]
        for s in self.scores.values():
            recall_only = s.name.endswith("techniques")
            p = "-" if recall_only else f"{s.precision:.3f}"
            f1 = "-" if recall_only else f"{s.f1:.3f}"
            lines.append(
                f"{s.name:<18}{p:>10}{s.recall:>8.3f}{f1:>7}"
                f"{s.true_pos + s.false_neg:>6}{s.true_pos + s.false_pos:>7}"
            )
        right, total = self.linked
        share = right / total if total else 1.0
        lines.append(f"claims naming a baseline, linked to it: {right}/{total} = {share:.3f}")
        lines.append("(known techniques: the gold's techniques that kg's scheme has a concept for)")
        if details:
            for s in self.scores.values():
                for label, items in (("missed", s.misses), ("extra", s.extras)):
                    if items and not (s.name.endswith("techniques") and label == "extra"):
                        lines.append(f"\n{s.name} {label} ({len(items)}):")
                        lines += [f"  {x}" for x in items]
        return "\n".join(lines)


def _close(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is b
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9)


def _claim_matches(gold: dict[str, Any], m: Metric) -> bool:
    if str(gold.get("unit")) != m.unit:
        return False
    if "min" in gold or "max" in gold:
        return _close(float(gold["min"]), m.min) and _close(float(gold["max"]), m.max)
    return _close(float(gold["value"]), m.value)


def _claim_text(c: dict[str, Any] | Metric) -> str:
    if isinstance(c, Metric):
        v = f"{c.min:g}-{c.max:g}" if c.value is None else f"{c.value:g}"
        return f"{v} {c.unit} ({c.text})"
    v = f"{c['min']:g}-{c['max']:g}" if "value" not in c else f"{float(c['value']):g}"
    return f"{v} {c['unit']} ({c.get('text', '')})"


class _Names:
    """Maps the names a person wrote in the gold to kg's ids."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.extractor = Extractor(lexicon)
        self.entities = {
            _fold(w): e.id for e in lexicon.entities.values() for w in (e.name, *e.aliases)
        }
        self.concepts: dict[str, str] = {}
        for c in lexicon.concepts.values():
            for w in (c.label, c.label_zh, *c.synonyms, *c.synonyms_zh):
                if w:
                    self.concepts.setdefault(_fold(w), c.id)
        self.broader = {c.id: c.broader for c in lexicon.concepts.values()}
        self.parents = {i.id: i.parent for i in lexicon.institutions.values() if i.parent}

    def institution(self, name: str) -> str:
        found = self.extractor.resolve(name)
        return self.top(found) if found else "?" + _fold(name)

    def top(self, iid: str) -> str:
        """The organisation a lab belongs to (Google Brain -> Google): the gold's convention."""
        seen = {iid}
        while (parent := self.parents.get(iid)) and parent not in seen:
            seen.add(parent)
            iid = parent
        return iid

    def entity(self, name: str) -> str:
        return self.entities.get(_fold(name)) or "?" + _fold(name)

    def concept(self, name: str) -> str:
        return self.concepts.get(_fold(name)) or "?" + _fold(name)

    def ancestors(self, cid: str) -> set[str]:
        seen: set[str] = set()
        stack = [cid]
        while stack:
            for b in self.broader.get(stack.pop(), ()):
                if b not in seen:
                    seen.add(b)
                    stack.append(b)
        return seen


def evaluate(gold_path: str | Path, lexicons: Sequence[str | Path] = ()) -> Report:
    """Score kg's extraction of the gold file's notes against the gold."""
    gold_path = Path(gold_path)
    try:
        gold = yaml.safe_load(gold_path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise KgError(f"{gold_path}: cannot read gold file: {exc}") from exc
    notes = [gold_path.parent / p for p in gold.get("notes", [])]
    if not notes:
        raise KgError(f"{gold_path}: the gold file names no notes (a top-level 'notes:' list)")
    lexicon = load_lexicon(lexicons)
    know = Extractor(lexicon).extract(read_notes(notes, lexicon.labels))
    return score(gold, know, lexicon, str(gold_path))


def score(gold: dict[str, Any], know: Knowledge, lexicon: Lexicon, name: str) -> Report:
    names = _Names(lexicon)
    found = {f.paper.doi: f for f in know.papers if f.paper.doi}
    kinds = ("institutions", "claims", "baselines", "techniques", "known techniques")
    scores = {k: Score(k) for k in kinds}
    linked_right = linked_total = 0
    for paper in gold["papers"]:
        doi = str(paper["doi"]).lower()
        facts = found.get(doi)
        where = doi
        if facts is None:
            scores["institutions"].add(
                {names.institution(i) for i in paper.get("institutions", [])}, set(), where
            )
            scores["claims"].false_neg += len(paper.get("claims") or [])
            continue
        gold_inst = {names.institution(i) for i in paper.get("institutions") or []}
        got_inst = {
            names.top(i) if inst.resolved else "?" + _fold(inst.name)
            for i in facts.institutions
            if (inst := know.institutions[i])
        }
        scores["institutions"].add(gold_inst, got_inst, where)

        gold_base = {names.entity(b) for b in paper.get("baselines") or []}
        got_base = {
            b if b in lexicon.entities else "?" + _fold(know.entities[b].name)
            for b in facts.baselines
        }
        scores["baselines"].add(gold_base, got_base, where)

        found_concepts = set(facts.techniques)
        reached = found_concepts | {a for c in found_concepts for a in names.ancestors(c)}
        gold_tech = {names.concept(t) for t in paper.get("techniques") or []}
        t = scores["techniques"]
        t.true_pos += len(gold_tech & reached)
        t.false_neg += len(gold_tech - reached)
        t.misses += [f"{where}: {x}" for x in sorted(gold_tech - reached)]
        known = {c for c in gold_tech if not c.startswith("?")}
        k = scores["known techniques"]
        k.true_pos += len(known & reached)
        k.false_neg += len(known - reached)
        k.misses += [f"{where}: {x}" for x in sorted(known - reached)]

        unmatched = list(facts.metrics)
        c = scores["claims"]
        for claim in paper.get("claims") or []:
            match = next((m for m in unmatched if _claim_matches(claim, m)), None)
            base = claim.get("baseline")
            if base:
                linked_total += 1
                wanted = {names.entity(b) for b in ([base] if isinstance(base, str) else base)}
                got = {
                    b if b in lexicon.entities else "?" + _fold(know.entities[b].name)
                    for b in (match.baselines if match is not None else ())
                }
                if match is not None and wanted <= got:
                    linked_right += 1
            if match is None:
                c.false_neg += 1
                c.misses.append(f"{where}: {_claim_text(claim)}")
            else:
                c.true_pos += 1
                unmatched.remove(match)
        c.false_pos += len(unmatched)
        c.extras += [f"{where}: {_claim_text(m)}" for m in unmatched]
    return Report(name, len(gold["papers"]), scores, (linked_right, linked_total))


def evaluate_all(paths: Iterable[str | Path], lexicons: Sequence[str | Path] = ()) -> list[Report]:
    return [evaluate(p, lexicons) for p in paths]
