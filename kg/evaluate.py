"""Measure extraction against a hand-written gold annotation (``kg eval GOLD.yaml``).

The gold file names its notes (``notes:``, relative to the gold file) and,
per paper (by DOI), the institutions, techniques, baselines and claims a
person found. Scores are micro-averaged over papers:

- institutions: precision, recall and F1 of (paper, institution) pairs;
- claims: precision, recall and F1 of (paper, unit, value or range) matches;
- baselines: precision, recall and F1 of (paper, baseline) pairs, and the share
  of gold claims that name a baseline whose matched claim links that baseline;
- techniques: recall of (paper, technique) pairs (finding a narrower concept counts), over
  all the gold's techniques and over those kg's scheme has a concept for; names are
  compared singular, without a generic last word ("strategies"), and a gold term glossed
  in brackets ("软错误（soft error）") is found by either of its names;
- denied techniques: the share of techniques the notes deny or contrast ("unlike
  asynchronous training") that kg keeps off the paper;
- systems: precision, recall and F1 of (paper, presented system) pairs;
- unnamed baselines: claims compared with something the notes do not name ("existing
  systems"), for gold that marks them (``vague_baselines`` on its papers).
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import regex
import yaml

from .errors import KgError
from .extract import extract, institutions_of, phrase_key, tables_for
from .extract.tables import resolve
from .lexicon import Lexicon, load_lexicon
from .notes import read_notes
from .records import Knowledge, Metric, PaperFacts
from .text import GLOSSED, yaml_too_deep
from .text import fold as _fold


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
            if s.true_pos + s.false_neg + s.false_pos == 0 and s.name != "claims":
                continue  # nothing in the gold, nothing found: no row
            # "denied techniques": the share kept off; "claim measures": the share right
            recall_only = s.name.endswith(("techniques", "measures", "directions"))
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
                missed = "wrong" if s.name.startswith("claim ") else "missed"
                for label, items in ((missed, s.misses), ("extra", s.extras)):
                    if items and not (s.name.endswith("techniques") and label == "extra"):
                        lines.append(f"\n{s.name} {label} ({len(items)}):")
                        lines += [f"  {x}" for x in items]
        return "\n".join(lines)


def _close(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is b
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9)


def _claim_matches(gold: dict[str, Any], m: Metric, lexicon: Lexicon) -> bool:
    unit = lexicon.metrics.units.get(m.unit)
    counts_as = unit.counts_as if unit is not None else ()
    if str(gold.get("unit")) not in (m.unit, *counts_as):  # "GPU node" counts as "node"
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
        self.tables = tables_for(lexicon)
        self.entities = {
            _fold(w): e.id for e in lexicon.entities.values() for w in (e.name, *e.aliases)
        }
        self.concepts: dict[str, str] = {}
        for c in lexicon.concepts.values():
            for w in (c.label, c.label_zh, *c.synonyms, *c.synonyms_zh):
                if w:
                    self.concepts.setdefault(_fold(w), c.id)
                    self.concepts.setdefault(phrase_key(w), c.id)  # "radix tree": "radix trees"
        self.broader = {c.id: c.broader for c in lexicon.concepts.values()}
        self.parents = {i.id: i.parent for i in lexicon.institutions.values() if i.parent}

    def institution(self, name: str) -> str:
        found = resolve(self.tables, name)
        if not found:  # "Huawei Technologies Co. Ltd": read as kg reads an affiliation
            ids = [i for i in institutions_of(name, self.tables) if not i.startswith("unres")]
            found = ids[0] if len(ids) == 1 else None
        return self.top(found) if found else "?" + _fold(name)

    def top(self, iid: str) -> str:
        """The organisation a lab belongs to (Google Brain -> Google): the gold's convention."""
        seen = {iid}
        while (parent := self.parents.get(iid)) and parent not in seen:
            seen.add(parent)
            iid = parent
        return iid

    def entity(self, name: str) -> str:
        found = self.entities.get(_fold(name))
        if found:
            return found
        # "NVIDIA FasterTransformer", "Microsoft DeepSpeed-Inference": the maker, an
        # organisation kg knows, written before the system's own name
        maker, _, rest = name.strip().partition(" ")
        if rest and resolve(self.tables, maker):
            return self.entity(rest)
        return "?" + _fold(name)

    def concept(self, name: str) -> str:
        key = phrase_key(name)
        return self.concepts.get(_fold(name)) or self.concepts.get(key) or "?" + key

    def concept_forms(self, name: str) -> set[str]:
        """The names a gold technique gives: itself and, when it glosses a term in brackets
        ("软错误（soft error）", "last level cache (LLC)"), each of the two names."""
        forms = {self.concept(name)}
        m = GLOSSED.fullmatch(name.strip())
        if m:
            forms |= {self.concept(m.group("term")), self.concept(m.group("gloss"))}
        return forms | {_without_generic_head(f) for f in forms}

    def ancestors(self, cid: str) -> set[str]:
        seen: set[str] = set()
        stack = [cid]
        while stack:
            for b in self.broader.get(stack.pop(), ()):
                if b not in seen:
                    seen.add(b)
                    stack.append(b)
        return seen


# a technique's generic last word, which kg leaves out of a name it finds ("memory reusing
# strategies" is found as "memory reusing"); phrase_key's singular of "strategies" included
_GENERIC_HEADS = regex.compile(
    r"(?<=\S)\s*(?:\s(?:approache?|method|technique|strategy|strategie|scheme|mechanism|framework"
    r"|algorithm|design|system)|算法|策略|方法|机制|技术|方案|框架)$"
)


def _without_generic_head(key: str) -> str:
    """A gold technique's key without a generic last word: "?runtime scheduling algorithm"
    -> "?runtime scheduling" (unchanged if nothing would be left of it but one word)."""
    cut = _GENERIC_HEADS.sub("", key)
    name = cut.removeprefix("?")
    return cut if len(name.split()) >= 2 or (len(name) >= 3 and not name.isascii()) else key


def _discovered(know: Knowledge, cid: str) -> bool:
    concept = know.concepts.get(cid)
    return concept is not None and bool(concept.scheme)


def evaluate(gold_path: str | Path, lexicons: Sequence[str | Path] = ()) -> Report:
    """Score kg's extraction of the gold file's notes against the gold."""
    gold_path = Path(gold_path)
    try:
        # in the form kg reads notes in: "Universita\u0308t" copied from a page is "Universität"
        text = unicodedata.normalize("NFC", gold_path.read_text(encoding="utf-8"))
        deep = yaml_too_deep(text)
        if deep is not None:
            raise KgError(f"{gold_path}:{deep}: nests too deeply to be a gold file")
        gold = yaml.safe_load(text)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise KgError(f"{gold_path}: cannot read gold file: {exc}") from exc
    if not isinstance(gold, dict):
        raise KgError(f"{gold_path}: a gold file is a mapping with 'notes:' and 'papers:'")
    notes = [gold_path.parent / p for p in gold.get("notes", [])]
    if not notes:
        raise KgError(f"{gold_path}: the gold file names no notes (a top-level 'notes:' list)")
    lexicon = load_lexicon(lexicons)
    know = extract(read_notes(notes, lexicon), lexicon)
    return score(gold, know, lexicon, str(gold_path))


def _title_key(title: str) -> str:
    """A title as matched: case, spaces, punctuation and markup ignored."""
    return "".join(ch for ch in title.casefold() if ch.isalnum())


def match_papers(
    gold: list[dict[str, Any]], found: list[PaperFacts]
) -> list[tuple[dict[str, Any], PaperFacts | None]]:
    """Each gold paper with the paper kg found for it: by DOI when both have one, else by
    title (in the same notes file when the gold names it)."""
    by_doi = {f.paper.doi: f for f in found if f.paper.doi}
    by_title: dict[tuple[str, str], PaperFacts] = {}
    for f in found:
        by_title.setdefault((Path(f.paper.span.path).name, _title_key(f.paper.title)), f)
        by_title.setdefault(("", _title_key(f.paper.title)), f)
    out = []
    taken: set[int] = set()
    for paper in gold:
        match = None
        doi = str(paper.get("doi") or "").lower()
        if doi and doi in by_doi:
            match = by_doi[doi]
        if match is None and paper.get("title"):
            key = _title_key(str(paper["title"]))
            where = Path(str(paper.get("notes_file") or "")).name
            match = by_title.get((where, key)) or by_title.get(("", key))
        if match is not None and id(match) in taken:
            match = None
        if match is not None:
            taken.add(id(match))
        out.append((paper, match))
    return out


def score(gold: dict[str, Any], know: Knowledge, lexicon: Lexicon, name: str) -> Report:
    names = _Names(lexicon)
    kinds = (
        "papers",
        "sessions",
        "conference",
        "people",
        "institutions",
        "claims",
        "baselines",
        "unnamed baselines",
        "systems",
        "techniques",
        "known techniques",
        "denied techniques",
        "claim measures",
        "claim directions",
    )
    scores = {k: Score(k) for k in kinds}
    linked_right = linked_total = 0
    pairs = match_papers(gold["papers"], know.papers)
    matched = {id(f) for _, f in pairs if f is not None}
    p = scores["papers"]
    for paper, facts in pairs:
        where = str(paper.get("doi") or paper.get("title"))
        if facts is None:
            p.false_neg += 1
            p.misses.append(f"{paper.get('notes_file', '')}:{paper.get('line', '?')}: {where}")
        else:
            p.true_pos += 1
    extra = [f for f in know.papers if id(f) not in matched]
    p.false_pos += len(extra)
    p.extras += [f"{f.paper.span}: {f.paper.title}" for f in extra]
    _score_files(gold, know, scores)
    for paper, facts in pairs:
        where = str(paper.get("doi") or paper.get("title"))
        gold_inst = {names.institution(i) for i in paper.get("institutions") or []}
        if facts is None:
            scores["institutions"].add(gold_inst, set(), where)
            scores["people"].add(
                {_fold(a["name"]) for a in paper.get("authors") or []}, set(), where
            )
            scores["claims"].false_neg += len(paper.get("claims") or [])
            continue
        got_inst = {
            names.top(i) if inst.resolved else names.institution(inst.name)
            for i in facts.institutions
            if (inst := know.institutions[i])
        }
        scores["institutions"].add(gold_inst, got_inst, where)
        if "authors" in paper or facts.paper.authors:
            scores["people"].add(
                {_fold(str(a["name"])) for a in paper.get("authors") or []},
                {_fold(a.name) for a in facts.paper.authors},
                where,
            )

        gold_base = {names.entity(b) for b in paper.get("baselines") or []}
        got_base = {_entity_key(b, know, lexicon, names) for b in facts.baselines}
        if "baselines" in paper:
            scores["baselines"].add(gold_base, got_base, where)
        if "systems" in paper:
            scores["systems"].add(
                {names.entity(x) for x in paper.get("systems") or []},
                {
                    x if x in lexicon.entities else names.entity(know.entities[x].name)
                    for x in facts.systems
                },
                where,
            )

        # a discovered technique is matched by its name, as the gold's unknown ones are
        # (or by the concept the gold's names give it: "static analyses" is static analysis)
        found_concepts = {
            names.concept(name) if _discovered(know, c) else c
            for c in facts.techniques
            for name in (know.concepts[c].label, *know.concepts[c].synonyms)
        }
        topics = set(facts.topics)  # a gold technique the scheme calls a topic is found
        reached = found_concepts | topics
        reached |= {a for c in reached for a in names.ancestors(c)}
        forms = {names.concept(t): names.concept_forms(t) for t in paper.get("techniques") or []}
        gold_tech = set(forms)
        reached |= {g for g, named in forms.items() if named & reached}
        t = scores["techniques"]
        t.true_pos += len(gold_tech & reached)
        t.false_neg += len(gold_tech - reached)
        t.misses += [f"{where}: {x}" for x in sorted(gold_tech - reached)]
        denied = {names.concept(t) for t in paper.get("denied_techniques") or []}
        d = scores["denied techniques"]  # kept off the paper: right; given to it: a miss
        d.true_pos += len(denied - found_concepts)
        d.false_neg += len(denied & found_concepts)
        d.misses += [f"{where}: given {x}" for x in sorted(denied & found_concepts)]
        known = {c for c in gold_tech if not c.startswith("?")}
        k = scores["known techniques"]
        k.true_pos += len(known & reached)
        k.false_neg += len(known - reached)
        k.misses += [f"{where}: {x}" for x in sorted(known - reached)]

        unmatched = list(facts.metrics)
        c = scores["claims"]
        for claim in paper.get("claims") or []:
            match = next((m for m in unmatched if _claim_matches(claim, m, lexicon)), None)
            base = claim.get("baseline")
            if base:
                linked_total += 1
                wanted = {names.entity(b) for b in ([base] if isinstance(base, str) else base)}
                got = {
                    _entity_key(b, know, lexicon, names)
                    for b in (match.baselines if match is not None else ())
                }
                if match is not None and wanted <= got:
                    linked_right += 1
            if "vague_baselines" in paper:  # gold that marks unnamed baselines throughout
                _score_vague(scores["unnamed baselines"], claim, match, where)
            if match is None:
                c.false_neg += 1
                c.misses.append(f"{where}: {_claim_text(claim)}")
            else:
                c.true_pos += 1
                unmatched.remove(match)
                _score_said(scores, claim, match, where)
        c.false_pos += len(unmatched)
        c.extras += [f"{where}: {_claim_text(m)}" for m in unmatched]
        for m in unmatched if "vague_baselines" in paper else ():
            _score_vague(scores["unnamed baselines"], {}, m, where)
    for f in extra:  # claims of papers the gold does not have are extras too
        scores["claims"].false_pos += len(f.metrics)
    return Report(name, len(gold["papers"]), scores, (linked_right, linked_total))


# what the gold says a claim measures; kg's finer measures (bandwidth, violations …) are
# "other" to it
_GOLD_MEASURES = frozenset(
    "speedup throughput latency time cost memory accuracy scale energy utilization other".split()  # noqa: SIM905
)


# kg's measures the gold writes with another word: an error rate is said of accuracy, and
# energy efficiency of energy
_AS_GOLD = {"error": "accuracy", "energy-efficiency": "energy"}


def _score_said(scores: dict[str, Score], claim: dict[str, Any], m: Metric, where: str) -> None:
    """Whether a claim kg found says what the gold's claim measures, and which way."""
    measures = _AS_GOLD.get(m.measures, m.measures)
    measures = measures if measures in _GOLD_MEASURES else "other"
    for kind, wanted, got in (
        ("claim measures", claim.get("measures"), measures),
        ("claim directions", claim.get("direction"), m.direction),
    ):
        if not wanted:
            continue
        if wanted == got:
            scores[kind].true_pos += 1
        else:
            scores[kind].false_neg += 1
            scores[kind].misses.append(f"{where}: {_claim_text(claim)}: {got}, not {wanted}")


def _entity_key(eid: str, know: Knowledge, lexicon: Lexicon, names: _Names) -> str:
    """How the gold names an entity kg found: the lexicon's id, else its name."""
    return eid if eid in lexicon.entities else names.entity(know.entities[eid].name)


def _score_vague(score: Score, claim: dict[str, Any], match: Metric | None, where: str) -> None:
    """An unnamed baseline ("existing systems", "现有设计") of a gold claim, against the
    phrase kg kept on the claim it matched: found when either phrase holds the other."""
    want = _fold(str(claim.get("compared_with") or ""))
    got = _fold(match.compared_with) if match is not None else ""
    same = bool(want and got and (want in got or got in want))
    if same:
        score.true_pos += 1
    elif want:
        score.false_neg += 1
        score.misses.append(f"{where}: {claim.get('compared_with')} ({claim.get('text', '')})")
    if got and not same and not claim.get("baseline"):
        score.false_pos += 1
        score.extras.append(f"{where}: {match.compared_with if match else ''}")


def _score_files(gold: dict[str, Any], know: Knowledge, scores: dict[str, Score]) -> None:
    """Sessions and conference, per notes file, when the gold describes its files."""
    by_name = {Path(f.path).name: f for f in know.corpus.files}
    for spec in gold.get("files") or []:
        notes = by_name.get(Path(str(spec["file"])).name)
        where = str(spec["file"])
        if "sessions" in spec:
            wanted = {_fold(str(s)) for s in spec.get("sessions") or []}
            got = {_fold(s.name) for s in notes.sessions} if notes else set()
            scores["sessions"].add(wanted, got, where)
        if "conference" in spec:
            want = spec.get("conference")
            wanted_conf = {_fold(str(want))} if want else set()
            got_conf = {_fold(notes.conference.label)} if notes and notes.conference.name else set()
            scores["conference"].add(wanted_conf, got_conf, where)


def evaluate_all(paths: Iterable[str | Path], lexicons: Sequence[str | Path] = ()) -> list[Report]:
    return [evaluate(p, lexicons) for p in paths]


def combined(reports: Sequence[Report], name: str = "all") -> Report:
    """The reports of several gold files as one: counts added up (micro-averaged)."""
    scores: dict[str, Score] = {}
    for report in reports:
        for kind, s in report.scores.items():
            total = scores.setdefault(kind, Score(kind))
            total.true_pos += s.true_pos
            total.false_pos += s.false_pos
            total.false_neg += s.false_neg
            total.misses += s.misses
            total.extras += s.extras
    linked = (sum(r.linked[0] for r in reports), sum(r.linked[1] for r in reports))
    return Report(name, sum(r.papers for r in reports), scores, linked)
