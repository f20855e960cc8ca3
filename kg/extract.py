"""Step 2: :class:`~kg.records.Corpus` -> :class:`~kg.records.Knowledge`.

Reads the free text of each paper with the curated lexicons: institutions,
people and countries from the affiliation field; techniques, named entities,
presented systems, baselines and quantitative claims from the title and the
abstract. All the words come from ``kg/lexicons/*.yaml``; this module only
knows how to look for them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from .iri import slug
from .lexicon import Lexicon, load_lexicon
from .records import (
    Corpus,
    Entity,
    Institution,
    Knowledge,
    Metric,
    NotesFile,
    Paper,
    PaperFacts,
    Person,
    Problem,
)

_A = r"(?<![A-Za-z0-9])"  # an ASCII word boundary that also works next to Chinese
_Z = r"(?![A-Za-z0-9])"
_REGISTRY_MARK = "\x00"  # "\x00<k>" stands for the k-th registry name found in a field
# "哥伦比亚大学和 Google": 和/与/及 join two places after a word that ends a place's name
_SPLIT_AFFILIATIONS = re.compile(
    r"\s*(?:[,，、;；/|]|\band\b|&|\n"
    r"|(?:(?<=大学|学院|公司|中心|集团)|(?<=研究院|研究所|实验室)|(?<=[A-Za-z)）]))\s*(?:以及|和|与|及))\s*"
)
_BRACKETED = re.compile(r"[\[【(（]([^\]】)）]+)[\]】)）]")
_ORG_WORDS = re.compile(
    r"(?i)\b(univ|university|universit[äéà]|college|institute|institut|school|lab|labs|laboratory|"
    r"research|center|centre|inc|corp|corporation|ltd|llc|company|academy|foundation|group|"
    r"technologies|technology|systems|cloud|ai|national|department|dept)\b|大学|学院|研究|公司|实验室|"
    r"中心|科学院|所$|集团|科技"
)
_ACRONYM = re.compile(r"[A-Z0-9][A-Z0-9*&+\-.]*")  # "IPADS", "A*STAR": no person's name
_PERSON = re.compile(r"^[A-Z][a-z'’\-]+(?:\s+[A-Z]\.?)?(?:\s+[A-Z][a-z'’\-]+){1,2}$")
# a sentence ends after its mark (the match's end); led by the mark, so that the regex
# engine scans for the marks instead of trying a lookbehind at every position
_SENTENCE_END = re.compile(r"[。！？!?；;]|\.(?=\s+[A-Z\"“(])|\n")
_NUMBER = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
_CN_DIGITS = {
    "零": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_CN_UNITS = {"十": 10, "百": 100, "千": 1000}
_CN_NUMBER = r"[零一二两三四五六七八九十百千]+"
_CLAIM_START = r"(?<![A-Za-z0-9\-_/.·])"  # a claim's number does not continue a word or number
_CN_ONLY = re.compile(_CN_NUMBER)
_PRESENTS_ZH = re.compile(
    r"(?:名为|称为|叫做|命名为|提出了?|介绍了?|推出了?|呈现|系统|框架|工具包|工具|调度程序|调度器|方案|算法|库)\s*[:：]?\s*"
    r"(?P<name>[A-Z][A-Za-z0-9\-\.]*[A-Za-z0-9])"
)
_PRESENTS_EN = re.compile(
    r"\b(?:we (?:present|propose|introduce|design|develop|build|implement)(?:ed)?|this paper "
    r"(?:presents|proposes|introduces))\s+(?:a |an |the )?(?:[a-z\-]+ ){0,4}?"
    r"(?P<name>[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*)"
)
# a system name kg has not met: CamelCase (NeuGraph), or lower-then-upper (vLLM, cuSPARSE)
_SYSTEM_NAME = re.compile(
    r"(?<![A-Za-z0-9\-])(?:[A-Z][a-z]+[A-Z][A-Za-z0-9]*|[a-z]{1,3}[A-Z]{2,}[A-Za-z0-9]*|[A-Z]{4,}\d*)"
    r"(?:-[A-Za-z0-9]+)*(?![A-Za-z0-9])"
)
_SPELLED_OUT = [
    (re.compile(r"\bLab\b\.?"), "Laboratory"),
    (re.compile(r"\bLabs\b\.?"), "Laboratories"),
    (re.compile(r"\bUniv\b\.?"), "University"),
    (re.compile(r"\bInst\b\.?"), "Institute"),
    (re.compile(r"\bNatl\b\.?"), "National"),
    (re.compile(r"\bTech\b\.?"), "Technology"),
]
_TITLE_SYSTEM = re.compile(r"^(?P<name>[A-Z][\w\-\.]*(?:\s[A-Z][\w\-]*)?)\s*[:：]\s+\S")


@dataclass
class Extractor:
    """Finds institutions, techniques, entities and claims with a :class:`Lexicon`."""

    lexicon: Lexicon
    problems: list[Problem] = field(default_factory=list)

    # ---- lookup tables, built once -----------------------------------------

    @cached_property
    def _institution_names(self) -> dict[str, str]:
        table: dict[str, str] = {}
        for inst in self.lexicon.institutions.values():
            for name in (inst.name, inst.name_zh, *inst.aliases):
                if name:
                    table.setdefault(_fold(name), inst.id)
        return table

    @cached_property
    def _compound_institutions(self) -> Matcher:
        """Registry names and aliases with a comma, "and", "&" ... in them."""
        words: dict[str, str] = {}
        for inst in self.lexicon.institutions.values():
            for name in (inst.name, inst.name_zh, *inst.aliases):
                if name and _SPLIT_AFFILIATIONS.search(name):
                    words.setdefault(name, inst.id)
        return Matcher(words, ignore_case=True)

    @cached_property
    def _abbreviations(self) -> dict[str, str]:
        return dict(self.lexicon.abbreviations)

    @cached_property
    def _countries(self) -> dict[str, str]:
        table: dict[str, str] = {}
        for c in self.lexicon.countries.values():
            for name in (c.name, c.name_zh, c.code):
                if name:
                    table[_fold(name)] = c.code
        for alias, code in self.lexicon.country_aliases.items():
            table[_fold(alias)] = code
        return table

    @cached_property
    def _not_institutions(self) -> set[str]:
        return {_fold(n) for n in self.lexicon.not_institutions}

    @cached_property
    def _technique_patterns(self) -> Matcher:
        words: dict[str, str] = {}
        for c in self.lexicon.concepts.values():
            for w in (c.label, c.label_zh, *c.synonyms, *c.synonyms_zh):
                if w:
                    words.setdefault(w.casefold(), c.id)
        return Matcher(words, ignore_case=True)

    @cached_property
    def _entity_patterns(self) -> Matcher:
        words: dict[str, str] = {}
        for e in self.lexicon.entities.values():
            for w in (e.name, *e.aliases):
                words.setdefault(w, e.id)
        return Matcher(words, ignore_case=False)

    @cached_property
    def _units(self) -> list[tuple[str, re.Pattern[str]]]:
        units = self.lexicon.metrics.get("units", {})
        flat = [(code, p) for code, u in units.items() for p in u.get("patterns", [])]
        flat.sort(key=lambda cp: len(cp[1]), reverse=True)
        return [(code, re.compile(p, re.IGNORECASE)) for code, p in flat]

    @cached_property
    def _unit_re(self) -> re.Pattern[str]:
        units = self.lexicon.metrics.get("units", {})
        patterns = sorted(
            (p for u in units.values() for p in u.get("patterns", [])), key=len, reverse=True
        )
        mags = sorted(self.lexicon.metrics.get("magnitudes", {}), key=len, reverse=True)
        mag = "|".join(re.escape(m) for m in mags)
        unit = "|".join(f"(?:{p})" for p in patterns)
        words = sorted(self.lexicon.metrics.get("number_words", {}), key=len, reverse=True)
        spelled = "|".join(re.escape(w) for w in words) or "(?!)"
        num = rf"(?:{_NUMBER}|(?<![数几]){_CN_NUMBER}|\b(?:{spelled})\b)"
        rng = r"\s*(?P<lounit>[xX×倍%％])?\s*(?:-|–|—|~|～|to|至|到)\s*"
        return re.compile(
            rf"{_CLAIM_START}(?:(?P<lo>{num}){rng})?(?P<num>{num})(?P<odd>多|余)?"
            rf"(?:\s*(?P<mag>{mag})(?![A-Za-z]))?(?:\s*|-)(?P<unit>{unit})",
            re.IGNORECASE,
        )

    @cached_property
    def _has_number(self) -> re.Pattern[str]:
        words = "|".join(re.escape(w) for w in self.lexicon.metrics.get("number_words", {}))
        # where a claim may start: _unit_re's own lookbehind, tested first, rules out most
        # places at once (a digit inside a number or a word never starts one)
        return re.compile(
            rf"{_CLAIM_START}(?:[0-9零一二两三四五六七八九十百千]|\b(?:{words or '(?!)'})\b)", re.I
        )

    @cached_property
    def _measure_matcher(self) -> Matcher:
        words: dict[str, str] = {}
        for name, spec in self.lexicon.metrics.get("measures", {}).items():
            for w in spec.get("words", []):
                words.setdefault(w.casefold(), name)
        return Matcher(words, ignore_case=True)

    @cached_property
    def _direction_matcher(self) -> Matcher:
        words: dict[str, str] = {}
        for name, listed in self.lexicon.metrics.get("directions", {}).items():
            for w in listed:
                words.setdefault(w.casefold(), name)
        return Matcher(words, ignore_case=True)

    # ---- the whole step -----------------------------------------------------

    def extract(self, corpus: Corpus, done: Callable[[int], None] | None = None) -> Knowledge:
        """What kg understood of every paper, file by file (``done`` counts papers)."""
        know = Knowledge(corpus=corpus, concepts=dict(self.lexicon.concepts))
        for notes in corpus.files:
            merge_knowledge(know, self.file_facts(notes))
            if done is not None:
                done(len(notes.papers))
        return know

    def warm(self) -> None:
        """Build the lookup tables now (before worker processes fork, so that none redoes it)."""
        for name, attribute in vars(Extractor).items():
            if isinstance(attribute, cached_property):
                getattr(self, name)

    def file_facts(self, notes: NotesFile) -> Knowledge:
        """What kg understood of one notes file: its papers' facts, what they name, and
        the problems met. It depends on nothing but the file and the lexicon."""
        self.problems = []
        know = Knowledge(corpus=Corpus(files=[notes]))
        know.papers = [self.paper_facts(paper, know) for paper in notes.papers]
        know.problems, self.problems = self.problems, []
        return know

    def paper_facts(self, paper: Paper, know: Knowledge) -> PaperFacts:
        facts = PaperFacts(paper=paper)
        self.affiliations(paper, facts, know)
        text = f"{paper.title}\n{paper.abstract}"
        facts.techniques = self.techniques(text)
        named = self.entities(text)
        own = self.title_system(paper, know)
        facts.metrics, facts.baselines = self.metrics(paper, know, own)
        presented = [*own, *self.presented(paper, know)]
        facts.systems = list(dict.fromkeys(s for s in presented if s not in facts.baselines))
        facts.mentions = [e for e in named if e not in facts.systems and e not in facts.baselines]
        for eid in (*facts.systems, *facts.baselines, *facts.mentions):
            if eid in self.lexicon.entities:
                know.entities[eid] = self.lexicon.entities[eid]
        return facts

    # ---- affiliations ---------------------------------------------------------

    def affiliations(self, paper: Paper, facts: PaperFacts, know: Knowledge) -> None:
        """Institutions, people and countries from the affiliation field and the authors."""
        people: list[str] = []
        unresolved: dict[str, Institution] = {}
        # with authors, their affiliations and the institutions named for no one; without,
        # the affiliation text as written (people in it are found there)
        texts = paper.affiliations if paper.authors else (paper.institutions,)
        for text in texts:
            if text:
                self.affiliation_field(text, paper, facts, people, unresolved)
        authors: list[tuple[str, tuple[str, ...]]] = []
        for author in paper.authors:
            ids: list[str] = []
            for text in author.affiliations:
                for iid in self.affiliation_field(text, paper, facts, [], unresolved):
                    _add(ids, iid)
            pid = slug(author.name)
            know.people.setdefault(pid, Person(pid, author.name))
            authors.append((pid, tuple(ids)))
        for name in people:
            pid = slug(name)
            know.people.setdefault(pid, Person(pid, name))
            _add(facts.people, pid)
        for pid, _ in authors:
            _add(facts.people, pid)
        facts.authors = list(dict(authors).items())
        for iid in facts.institutions:
            inst = self.lexicon.institutions.get(iid) or unresolved[iid]
            if not inst.resolved:
                know.unresolved_at.setdefault(iid, str(paper.span))
            know.institutions.setdefault(iid, inst)
            if inst.country in self.lexicon.countries:
                know.countries[inst.country] = self.lexicon.countries[inst.country]
        for code in facts.countries:
            know.countries[code] = self.lexicon.countries[code]

    def affiliation_field(
        self,
        text: str,
        paper: Paper,
        facts: PaperFacts,
        people: list[str],
        unresolved: dict[str, Institution],
    ) -> list[str]:
        """The institutions of one affiliation text (also added to the paper's); people it
        names go to ``people``, places kg does not know to ``unresolved``."""
        found_ids: list[str] = []
        text = _BRACKETED.sub(lambda m: self._unbracket(m.group(1), people), text)
        # registry names that hold a separator ("Texas A&M University", "Hong Kong University
        # of Science and Technology") are taken whole before the field is split
        text = text.replace(_REGISTRY_MARK, "")  # notes text never plays the mark
        found = list(self._compound_institutions.finditer(text))
        for k, (a, b, _) in reversed(list(enumerate(found))):
            text = f"{text[:a]},{_REGISTRY_MARK}{k},{text[b:]}"
        tokens = [t.strip(" .。") for t in _SPLIT_AFFILIATIONS.split(text)]
        tokens = [t for t in tokens if t]
        before = set(facts.institutions)
        seen_before = list(facts.institutions)
        facts.institutions = []
        i = 0
        while i < len(tokens):
            if tokens[i].startswith(_REGISTRY_MARK):
                _add(facts.institutions, found[int(tokens[i][1:])][2])
                i += 1
                continue
            # "University of California, Berkeley": two tokens that name one place
            if i + 1 < len(tokens):
                joined = self.resolve(f"{tokens[i]}, {tokens[i + 1]}")
                if joined:
                    _add(facts.institutions, joined)
                    i += 2
                    continue
            if i > 0 and _LEGAL_FORM.match(tokens[i]):
                i += 1  # "Amazon Web Services, Inc": the legal form of the name before
                continue
            if i > 0 and self._campus(tokens[i - 1], tokens[i]):
                i += 1  # "University of Wisconsin, Madison": the campus of the place before
                continue
            name = self.affiliation_token(tokens[i], paper, facts, people)
            if name:
                iid = "unresolved-" + slug(name)
                unresolved[iid] = Institution(iid, name, resolved=False)
                _add(facts.institutions, iid)
            i += 1
        found_ids = list(facts.institutions)
        facts.institutions = seen_before
        for iid in found_ids:
            _add(facts.institutions, iid)
        del before
        return found_ids

    def _campus(self, before: str, token: str) -> bool:
        """ "Madison" after "University of Wisconsin": a town naming the campus of the
        university before it, not an institution of its own."""
        return (
            bool(_CAMPUS.match(token))
            and bool(_UNIVERSITY.search(before))
            and not self.resolve(token)
            and _fold(token) not in self._countries
        )

    def _unbracket(self, inner: str, people: list[str]) -> str:
        """What brackets in an affiliation field hold: people ("[Torsten Hoefler]"), a
        known institution or country ("(A*STAR)", "(China)"), given back as pieces of the
        field, or a lab or group of the place before them ("(IPADS)", "(Noah's Ark Lab)"),
        which counts as that place, as "清华大学 陈文光组" does. People are added to
        ``people``."""
        inner = inner.strip()
        if self.resolve(inner) or next(iter(self._compound_institutions.finditer(inner)), None):
            return f",{inner},"
        places = []
        for piece in _SPLIT_AFFILIATIONS.split(inner):
            piece = piece.strip(" .。")
            if not piece:
                continue
            if self.resolve(piece) or _fold(piece) in self._countries:
                places.append(piece)
            elif not (_ORG_WORDS.search(piece) or _ACRONYM.fullmatch(piece)):
                people.append(piece)
        return ",".join(["", *places, ""])

    def affiliation_token(
        self, token: str, paper: Paper, facts: PaperFacts, people: list[str]
    ) -> str | None:
        """Sort one piece of an affiliation field; returns it when it names an unknown place."""
        core = _ET_AL.sub("", token).strip()
        if not core:
            return None
        if _fold(core) in self._not_institutions or _fold(token) in self._not_institutions:
            self.problems.append(
                Problem(
                    "warning",
                    paper.span.path,
                    paper.span.line,
                    "affiliation names no institution; ignored",
                    token,
                )
            )
            return None
        found = self.resolve(core)
        if found:
            _add(facts.institutions, found)
            return None
        code = self._countries.get(_fold(core))
        if code:
            _add(facts.countries, code)
            return None
        if _PERSON.match(core) and not _ORG_WORDS.search(core):
            people.append(core)
            return None
        if self.chinese_person(core):
            people.append(core)
            return None
        found = self.resolve_prefix(core)
        if found:
            _add(facts.institutions, found)
            return None
        return core

    def institutions_of(self, text: str) -> list[str]:
        """The institution ids an affiliation text names (unknown ones as "unresolved-...")."""
        from .records import Conference, Span

        paper = Paper(
            "", None, None, text, "", "", (), "", None, 0, Span("", 0, 0), Conference("", None)
        )
        facts = PaperFacts(paper=paper)
        saved = self.problems
        try:
            return self.affiliation_field(text, paper, facts, [], {})
        finally:
            self.problems = saved

    def chinese_person(self, name: str) -> bool:
        """ "刘伟峰": two to four Chinese characters starting with a common surname, no org word."""
        surnames = self._surnames
        return (
            2 <= len(name) <= 4
            and all("\u4e00" <= c <= "\u9fff" for c in name)
            and (name[:1] in surnames or name[:2] in surnames)
            and not _ORG_WORDS.search(name)
        )

    @cached_property
    def _surnames(self) -> frozenset[str]:
        return frozenset(self.lexicon.surnames_zh)

    def resolve(self, name: str) -> str | None:
        """The registry id of an institution name, alias or abbreviation, if any."""
        name = name.strip()
        if name in self._abbreviations:
            return self._abbreviations[name]
        found = self._institution_names.get(_fold(name))
        if found:
            return found
        # "Tsinghua University (China)", "IBM 印度": drop a trailing country
        for sep in (" (", "（", " ", ","):
            head, _, tail = name.rpartition(sep)
            if head and _fold(tail.strip("()（）")) in self._countries:
                return self.resolve(head)
        # "Zhongguancun Lab" for "Zhongguancun Laboratory", "Univ." for "University"
        for short, full in _SPELLED_OUT:
            longer = short.sub(full, name)
            if longer != name:
                found = self._institution_names.get(_fold(longer))
                if found:
                    return found
        return None

    def resolve_prefix(self, name: str) -> str | None:
        """ "清华大学 陈文光组" (a group of Tsinghua): the longest leading words that resolve."""
        words = name.split()
        for n in range(len(words) - 1, 0, -1):
            found = self.resolve(" ".join(words[:n]))
            if found:
                return found
        return None

    # ---- techniques and entities -------------------------------------------------

    def techniques(self, text: str) -> list[str]:
        found: list[str] = []
        for _, _, cid in self._technique_patterns.finditer(text):
            _add(found, cid)
        return found

    def entities(self, text: str) -> list[str]:
        found: list[str] = []
        for _, _, eid in self._entity_patterns.finditer(text):
            _add(found, eid)
        return found

    def title_system(self, paper: Paper, know: Knowledge) -> list[str]:
        """The system a title announces: "Chimera: efficiently training ..."."""
        m = _TITLE_SYSTEM.match(paper.title)
        if m and len(m.group("name")) <= 30:
            return self._entity_ids([m.group("name").rstrip(".")], know)
        return []

    def _entity_ids(self, names: list[str], know: Knowledge) -> list[str]:
        ids: list[str] = []
        for name in names:
            eid = self._entity_patterns.get(name) or self._entity_by_fold.get(name.casefold())
            if eid is None:
                eid = slug(name)
                know.entities.setdefault(eid, self._new_entity(eid, name))
            _add(ids, eid)
        return ids

    def presented(self, paper: Paper, know: Knowledge) -> list[str]:
        """Systems the abstract says the paper presents ("我们提出Abacus", "we present X")."""
        names: list[str] = []
        for rx in (_PRESENTS_ZH, _PRESENTS_EN):
            for m in rx.finditer(paper.abstract):
                name = m.group("name").rstrip(".")
                if (len(name) >= 3 and any(c.isupper() for c in name[1:])) or name in names:
                    names.append(name)
        return self._entity_ids(names, know)

    @cached_property
    def _entity_by_fold(self) -> dict[str, str]:
        return {
            w.casefold(): e.id for e in self.lexicon.entities.values() for w in (e.name, *e.aliases)
        }

    # ---- quantitative claims --------------------------------------------------------

    def metrics(
        self, paper: Paper, know: Knowledge, own: Sequence[str] = ()
    ) -> tuple[list[Metric], list[str]]:
        metrics: list[Metric] = []
        baselines: list[str] = []
        seen: set[tuple[object, ...]] = set()
        for sentence, line in sentences(paper):
            comparisons = self.comparisons(sentence, know, own)
            candidates = list(self._claims_in(sentence))
            respectively = _respectively(sentence, comparisons, candidates)
            for comparison in comparisons:
                for eid in comparison.ids:
                    _add(baselines, eid)
            found = self.labelled(paper, sentence, line)
            taken = [span for span, _ in found]
            for m in candidates:
                if any(a < m.end() and m.start() < b for a, b in taken):
                    continue
                baseline = respectively.get(m.start()) or _baseline_for(sentence, m, comparisons)
                for metric in self.metric(paper, sentence, line, m, baseline):
                    found.append((m.span(), metric))
            for _, metric in sorted(found, key=lambda f: f[0]):
                key = (metric.unit, metric.value, metric.min, metric.max, metric.measures)
                if key in seen:
                    continue  # the same figure said twice
                seen.add(key)
                metrics.append(replace(metric, index=len(metrics) + 1))
        return metrics, baselines

    def _claims_in(self, sentence: str) -> Iterable[re.Match[str]]:
        """Number-and-unit matches, left to right. A claim starts with a number, so the
        large unit regex is tried only where a number starts (the same matches as
        ``finditer``, several times faster)."""
        pos = 0
        for start in self._has_number.finditer(sentence):
            if start.start() < pos:
                continue
            m = self._unit_re.match(sentence, start.start())
            if m is None:
                continue
            pos = m.end()
            after = sentence[m.end() : m.end() + 3]
            if m.group("unit").strip().lower() in ("x", "×") and _DIGIT_AHEAD.match(after):
                continue  # "512 X 512", "4x1": a shape, not a ratio
            yield m

    def metric(
        self,
        paper: Paper,
        sentence: str,
        line: int,
        m: re.Match[str],
        baseline: tuple[str, ...],
    ) -> list[Metric]:
        """The claim a number-and-unit match makes (two when a range mixes units: "11%–2.3x")."""
        mag = m.group("mag") or ""
        unit = self.unit_code(mag + m.group("unit")) if mag else None
        if unit is not None:
            mag = ""  # "千万亿次每秒" is one unit, not 千 x 万亿次每秒
        else:
            unit = self.unit_code(m.group("unit"))
        if unit is None:
            return []
        words = self.lexicon.metrics.get("number_words", {})
        scale = _magnitude(self.lexicon.metrics.get("magnitudes", {}), mag)
        value = _number(m.group("num"), words) * scale
        low = _number(m.group("lo"), words) * scale if m.group("lo") else None
        units = self.lexicon.metrics.get("units", {})
        if _CN_ONLY.fullmatch(m.group("num")) and unit != "x":
            return []  # "一台机器" is a phrase; "三倍" is a claim
        if m.group("num").casefold() in words and units.get(unit, {}).get("measures") == "scale":
            return []  # "one GPU", "two nodes": a setting, not a result
        extra: list[Metric] = []
        lounit = self.unit_code(m.group("lounit")) if m.group("lounit") else None
        if low is not None and lounit and lounit != unit:
            lo_text = m.group("lo") + m.group("lounit")
            extra.append(
                Metric(
                    paper.doi,
                    0,
                    lo_text,
                    sentence.strip(),
                    line,
                    lounit,
                    value=low,
                    measures=self.measure(sentence, m) or "other",
                    direction=self.direction(sentence, m, "other"),
                    qualifier=self.qualifier(sentence, m),
                    baselines=baseline,
                )
            )
            low = None
        spec = units.get(unit, {})
        measures = self.measure(sentence, m) if spec.get("context") else None
        measures = measures or spec.get("measures") or "other"
        direction = self.direction(sentence, m, measures)
        qualifier = self.qualifier(sentence, m) or ("more-than" if m.group("odd") else "")
        comparable = measures not in ("scale", "sparsity")
        text = m.group(0).strip()
        if extra:
            text = text[text.find(m.group("num"), len(extra[0].text)) :]
        return [
            *extra,
            Metric(
                paper_doi=paper.doi,
                index=0,
                text=text,
                sentence=sentence.strip(),
                line=line,
                unit=unit,
                value=None if low is not None else value,
                min=min(low, value) if low is not None else None,
                max=max(low, value) if low is not None else None,
                measures=measures,
                direction=direction,
                qualifier=qualifier,
                baselines=baseline if comparable else (),
            ),
        ]

    def labelled(
        self, paper: Paper, sentence: str, line: int
    ) -> list[tuple[tuple[int, int], Metric]]:
        """Values after a label that implies their unit: "MAPE: < 16%"."""
        out: list[tuple[tuple[int, int], Metric]] = []
        for spec, rx in self._labelled:
            for m in rx.finditer(sentence):
                q = _COMPARATORS.get(m.group("q") or "", "")
                out.append(
                    (
                        m.span(),
                        Metric(
                            paper_doi=paper.doi,
                            index=0,
                            text=m.group(0).strip(),
                            sentence=sentence.strip(),
                            line=line,
                            unit="%" if m.group("pct") else spec.get("unit", "ratio"),
                            value=_number(m.group("num")),
                            measures=spec["measures"],
                            direction=self.lexicon.metrics["measures"]
                            .get(spec["measures"], {})
                            .get("direction", "neutral"),
                            qualifier=q,
                        ),
                    )
                )
        return out

    @cached_property
    def _labelled(self) -> list[tuple[dict[str, Any], re.Pattern[str]]]:
        out = []
        for spec in self.lexicon.metrics.get("labelled", []):
            words = "|".join(re.escape(w) for w in spec["words"])
            rx = re.compile(
                rf"{_A}(?:{words}){_Z}\s*[:：=]?\s*(?P<q>[<>≤≥~≈]=?)?\s*(?P<num>{_NUMBER})(?P<pct>\s*%)?"
            )
            out.append((spec, rx))
        return out

    def unit_code(self, text: str) -> str | None:
        text = text.strip()
        if text not in self._unit_codes:
            self._unit_codes[text] = next(
                (code for code, rx in self._units if rx.fullmatch(text)), None
            )
        return self._unit_codes[text]

    @cached_property
    def _unit_codes(self) -> dict[str, str | None]:
        return {}  # unit text -> code, filled as texts are met

    def measure(self, sentence: str, m: re.Match[str]) -> str | None:
        """The measure word nearest to the number within its clause."""
        return _nearest(self._measure_matcher, *_clause(sentence, m))

    def direction(self, sentence: str, m: re.Match[str], measures: str) -> str:
        """The direction verb nearest to the number in its clause, else the measure's default."""
        spec = self.lexicon.metrics.get("measures", {}).get(measures, {})
        default = spec.get("direction")
        if spec.get("directional") is False:
            return default or "neutral"
        found = _nearest(self._direction_matcher, *_clause(sentence, m))
        return found or default or "neutral"

    def qualifier(self, sentence: str, m: re.Match[str]) -> str:
        before = sentence[max(0, m.start() - 14) : m.start()].rstrip().lower()
        after = sentence[m.end() : m.end() + 16].lstrip().lower()
        afters, befores = self._qualifier_words
        for name, w in afters:
            if after.startswith(w) or (w == "+" and "+" in m.group(0)):
                return name
        best = ""
        best_pos = -1
        for name, w in befores:
            pos = before.rfind(w)
            if pos >= 0 and pos + len(w) > best_pos and len(before) - pos - len(w) <= 6:
                best, best_pos = name, pos + len(w)
        return best

    @cached_property
    def _qualifier_words(self) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """(qualifier, lower-cased word) said after the number, and before it, in lexicon order."""
        qualifiers = self.lexicon.metrics.get("qualifiers", {}).items()
        return (
            [(name, w.lower()) for name, spec in qualifiers for w in spec.get("after", [])],
            [(name, w.lower()) for name, spec in qualifiers for w in spec.get("before", [])],
        )

    def comparisons(
        self, sentence: str, know: Knowledge, own: Sequence[str] = ()
    ) -> list[Comparison]:
        """Where the sentence compares with named things ("与 X 相比", "over X", "compared to X").

        Inside the phrase, known entities are taken from the lexicon; failing
        those, names that look like system names (CamelCase such as NeuGraph, or
        mixed case such as vLLM) are taken as systems kg has not met before.
        """
        matcher = self._entity_patterns
        found: list[Comparison] = []
        for rx in self._comparison_res:
            for m in rx.finditer(sentence):
                start = m.start("span")
                span = m.group("span")
                hits = list(matcher.finditer(span))
                named = [(start + a, eid) for a, _, eid in hits]
                taken = [(a, b) for a, b, _ in hits]
                for n in _SYSTEM_NAME.finditer(span):
                    if any(a < n.end() and n.start() < b for a, b in taken):
                        continue
                    if not self.could_be_system(n.group(0)):
                        continue
                    eid = self._entity_by_fold.get(n.group(0).casefold()) or slug(n.group(0))
                    know.entities.setdefault(eid, self._new_entity(eid, n.group(0)))
                    named.append((start + n.start(), eid))
                # what a paper is compared with is a system, not a model or dataset it ran
                named = sorted(
                    x
                    for x in named
                    if x[1] not in own and self._entity_type(x[1]) not in _WORKLOADS
                )
                if named:
                    found.append(Comparison(m.start(), m.end(), tuple(named)))
        return sorted(set(found))

    @cached_property
    def _comparison_res(self) -> list[re.Pattern[str]]:
        comps = self.lexicon.metrics.get("comparisons", {})
        patterns = (*comps.get("zh", []), *comps.get("en", []))
        return [re.compile(rx, re.IGNORECASE) for rx in patterns]

    def _new_entity(self, eid: str, name: str) -> Entity:
        """A system kg has not met, unless its id is one the lexicon knows."""
        return self.lexicon.entities.get(eid) or Entity(eid, name, "system")

    def _entity_type(self, eid: str) -> str:
        entity = self.lexicon.entities.get(eid)
        return entity.type if entity else "system"

    def could_be_system(self, name: str) -> bool:
        """A name in a comparison that is no institution, technique, unit or plain acronym."""
        folded = name.casefold()
        return not (
            self.resolve(name)
            or self._technique_patterns.get(name) is not None
            or folded in self._countries
            or name in self.lexicon.not_systems
        )


@dataclass(frozen=True, order=True)
class Comparison:
    """A comparison phrase in a sentence and the named things in it, with their positions."""

    start: int
    end: int
    named: tuple[tuple[int, str], ...]

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(eid for _, eid in self.named))


_LEGAL_FORM = re.compile(r"(?i)^(?:inc|ltd|llc|co|corp|gmbh|limited|plc|s\.?a|ag|pte)\.?$")
_CAMPUS = re.compile(r"^[A-Z][a-z]+(?:[ \-][A-Z][a-z]+)?$")
_UNIVERSITY = re.compile(r"(?i)\buniversity\b|\buniv\b|大学")
_RESPECTIVELY = re.compile(r"分别|respectively")
_SCALE_UNIT = re.compile(r"GPU|节点|node|core|核|socket|插槽|参数|param", re.IGNORECASE)
_DIGIT_AHEAD = re.compile(r"\s*\d")
_SPACES = re.compile(r"\s+")
_ET_AL = re.compile(r"(等等|等|et al|etc)$", re.IGNORECASE)
_COMPARATORS = {
    "<": "less-than",
    "<=": "less-than",
    "≤": "less-than",
    ">": "more-than",
    ">=": "more-than",
    "≥": "more-than",
    "~": "about",
    "≈": "about",
}
_WORKLOADS = frozenset({"model", "dataset", "benchmark"})


def merge_knowledge(into: Knowledge, part: Knowledge) -> None:
    """Add what was understood of one file (:meth:`Extractor.file_facts`) to the whole;
    merging the files in order gives what reading them one after another gives."""
    into.papers.extend(part.papers)
    for name in ("institutions", "people", "countries", "entities", "unresolved_at"):
        mine = getattr(into, name)
        for key, value in getattr(part, name).items():
            mine.setdefault(key, value)
    into.problems.extend(part.problems)


def extract(
    corpus: Corpus, lexicon: Lexicon | None = None, done: Callable[[int], None] | None = None
) -> Knowledge:
    """Step 2 of the pipeline: what kg understood of the notes (``done`` counts papers)."""
    return Extractor(lexicon or load_lexicon()).extract(corpus, done)


# --- helpers -------------------------------------------------------------------------


def sentences(paper: Paper) -> Iterable[tuple[str, int]]:
    """The abstract's sentences, each with the file line it starts on."""
    text = paper.abstract
    if not text:
        return
    start = 0
    for m in _SENTENCE_END.finditer(text):
        end = m.end()
        if end > start:
            piece = text[start:end]
            if piece.strip():
                yield piece, _line_of(paper, text, start + len(piece) - len(piece.lstrip()))
            start = end
    if text[start:].strip():
        yield text[start:], _line_of(paper, text, start)


def _line_of(paper: Paper, text: str, offset: int) -> int:
    index = text.count("\n", 0, offset)
    lines = paper.abstract_lines
    return lines[min(index, len(lines) - 1)] if lines else paper.span.line


_DASHES = str.maketrans(dict.fromkeys("‐‑‒–—―−", "-"))


def _fold(text: str) -> str:
    return _SPACES.sub(" ", text.translate(_DASHES)).strip().casefold()


def _add(items: list[str], item: str) -> None:
    if item not in items:
        items.append(item)


class Matcher:
    """Finds the longest lexicon words in a text, fast.

    One small trie-shaped regex per first character reads the longest word at
    a place where a word may start. (One regex for all words makes Python try
    every branch at every position: ten times slower on 2,000 words.) A word
    that starts (ends) with an ASCII letter or digit must not continue a
    longer ASCII word there ("MPI" is not found in "MPICH"), so it can only
    start at a run of ASCII letters and digits that is its own first run: those
    places are found with one regex and a set. Chinese words match anywhere.
    ``ignore_case`` folds ASCII letters only, so positions never shift.
    """

    def __init__(self, words: dict[str, str], ignore_case: bool) -> None:
        self.ignore_case = ignore_case
        self.words = {self.key(w): i for w, i in words.items()}  # key -> id
        tries: dict[str, dict[str, dict]] = {}
        for w in self.words:
            node = tries.setdefault(w[0], {})
            for ch in w[1:]:
                node = node.setdefault(ch, {})
            node[""] = {}
        self.rest = {ch: re.compile(re.escape(ch) + _trie_source(t)) for ch, t in tries.items()}
        self.first_runs = frozenset(
            _ASCII_RUN.match(w).group(0) for w in self.words if _ASCII_ALNUM(w[0])
        )
        other = "".join(re.escape(ch) for ch in sorted(tries) if not _ASCII_ALNUM(ch))
        self.other = re.compile(f"[{other}]") if other else None

    def key(self, word: str) -> str:
        return word.translate(_ASCII_LOWER) if self.ignore_case else word

    def get(self, word: str) -> str | None:
        return self.words.get(self.key(word))

    def finditer(self, text: str) -> Iterable[tuple[int, int, str]]:
        """``(start, end, id)`` of each word found, left to right."""
        folded = self.key(text)
        starts = []
        n = len(text)
        # the runs that begin a word, found by set (few), then placed with str.find
        for run in self.first_runs.intersection(_ASCII_RUN.findall(folded)):
            size = len(run)
            at = folded.find(run)
            while at >= 0:
                end = at + size
                if (at == 0 or not _ASCII_ALNUM(folded[at - 1])) and (
                    end == n or not _ASCII_ALNUM(folded[end])
                ):
                    starts.append(at)
                at = folded.find(run, end)
        starts.sort()
        if self.other is not None:
            others = [m.start() for m in self.other.finditer(folded)]
            if others:
                starts = sorted(starts + others)
        pos = 0
        for a in starts:
            if a < pos:
                continue
            hit = self.rest[folded[a]].match(folded, a)
            if hit is None:
                continue
            b = hit.end()
            if _ASCII_ALNUM(text[b - 1]) and b < n and _ASCII_ALNUM(text[b]):
                continue
            found = self.words.get(hit.group(0))
            if found is not None:
                yield a, b, found
            pos = b


_ASCII_RUN = re.compile(r"[A-Za-z0-9]+")
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _ASCII_ALNUM(ch: str) -> bool:  # noqa: N802
    return ch.isascii() and ch.isalnum()


def _trie_source(node: dict[str, dict]) -> str:
    """A regex for the words of a trie; at each step the longer word is tried first."""
    ends = "" in node
    branches = [re.escape(ch) + _trie_source(child) for ch, child in sorted(node.items()) if ch]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if ends:
        return f"(?:{body})?"
    return body


def _magnitude(table: dict[str, Any], word: str) -> float:
    """The multiplier of a magnitude word: exact ("M", "亿"), or any case for words ("Billion")."""
    if not word:
        return 1.0
    if word in table:
        return float(table[word])
    for key, value in table.items():
        if len(key) > 1 and key.casefold() == word.casefold():
            return float(value)
    return 1.0


def _number(text: str, words: dict[str, Any] | None = None) -> float:
    if words and text.casefold() in words:
        return float(words[text.casefold()])
    text = text.replace(",", "")
    if _CN_ONLY.fullmatch(text):
        return float(_chinese_number(text))
    return float(text)


def _chinese_number(text: str) -> int:
    total, current = 0, 0
    for ch in text:
        if ch in _CN_DIGITS:
            current = _CN_DIGITS[ch]
        elif ch in _CN_UNITS:
            total += (current or 1) * _CN_UNITS[ch]
            current = 0
    return total + current


def _respectively(
    sentence: str, comparisons: list[Comparison], claims: list[re.Match[str]]
) -> dict[int, tuple[str, ...]]:
    """ "优于A、B和C，分别取得1倍、2倍和3倍" / "over A, B and C by 1x, 2x and 3x respectively":
    the claims after a comparison that names as many things take them in order."""
    if not _RESPECTIVELY.search(sentence):
        return {}
    for c in comparisons:
        ids = c.ids
        after = [m for m in claims if m.start() > c.start and not _is_scale(m)]
        if len(ids) >= 2 and len(after) == len(ids):
            return {m.start(): (eid,) for m, eid in zip(after, ids, strict=True)}
    return {}


def _is_scale(m: re.Match[str]) -> bool:
    return bool(_SCALE_UNIT.search(m.group("unit")))


def _baseline_for(
    sentence: str, m: re.Match[str], comparisons: list[Comparison]
) -> tuple[str, ...]:
    """What a claim is compared with.

    Inside a comparison that names several things ("such as DGL (3x) and NeuGraph
    (4x)"), the name just before the claim; otherwise the last comparison before
    the claim, or one later in its own clause ("1.22x faster than GPU servers").
    """
    for c in comparisons:
        inside = [eid for pos, eid in c.named if c.start <= pos < m.start()]
        if c.start < m.start() < c.end and inside and len(c.ids) > 1:
            return (inside[-1],)
    # "4.10x faster than NeuGraph": a comparison right after the claim is its own
    for c in comparisons:
        between = sentence[m.end() : c.start]
        if c.start >= m.end() and len(between) <= 24 and not any(p in between for p in "，,；;。"):
            return c.ids
    before = [c.ids for c in comparisons if c.start < m.start()]
    if before:
        return before[-1]
    clause_end = min(
        [i for i in (sentence.find(c, m.end()) for c in "，,；;。") if i >= 0] or [len(sentence)]
    )
    after = [c.ids for c in comparisons if m.end() <= c.start < clause_end]
    return after[0] if after else ()


def _clause(sentence: str, m: re.Match[str]) -> tuple[str, str]:
    """The lower-cased words before and after a match, within its clause."""
    start = max(sentence.rfind(c, 0, m.start()) for c in "，,；;。:：") + 1
    ends = [i for i in (sentence.find(c, m.end()) for c in "，,；;。") if i >= 0]
    end = min(ends) if ends else len(sentence)
    return sentence[start : m.start()].lower(), sentence[m.end() : end].lower()


def _nearest(matcher: Matcher, before: str, after: str) -> str | None:
    """The id of the lexicon word closest to the number: first after it, or last before it."""
    ahead = next(iter(matcher.finditer(after)), None)
    behind = None
    for hit in matcher.finditer(before):
        behind = hit
    best: tuple[int, str] | None = None
    if ahead is not None:
        best = (ahead[0], ahead[2])
    if behind is not None and (best is None or len(before) - behind[1] < best[0]):
        best = (len(before) - behind[1], behind[2])
    return best[1] if best else None
