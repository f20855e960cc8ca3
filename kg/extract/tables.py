"""The lookup tables extraction reads, built once from a lexicon and frozen.

Every function of step 2 takes a :class:`Tables` and the text it reads, and
returns what it found: nothing is remembered between calls. :func:`tables_for`
builds the tables of a lexicon once (per process; worker processes inherit
them when they fork).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from ..lexicon import Lexicon
from ..text import fold
from .inflection import other_number
from .matcher import Matcher

# "哥伦比亚大学和 Google": 和/与/及 join two places after a word that ends a place's name
SPLIT_AFFILIATIONS = re.compile(
    r"\s*(?:[,，、;；/|]|\band\b|&|\n|\s[—–]\s"
    r"|(?:(?<=大学|学院|公司|中心|集团)|(?<=研究院|研究所|实验室)|(?<=[A-Za-z)）]))\s*(?:以及|和|与|及))\s*"
)
NUMBER = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
CN_NUMBER = r"[零一二两三四五六七八九十百千]+"
CLAIM_START = r"(?<![A-Za-z0-9\-_/.·])"  # a claim's number does not continue a word or number
_A = r"(?<![A-Za-z0-9])"  # an ASCII word boundary that also works next to Chinese
_Z = r"(?![A-Za-z0-9])"


@dataclass(frozen=True, eq=False)
class Tables:
    """A lexicon's words arranged for finding them: name tables, matchers and patterns."""

    lexicon: Lexicon
    institution_names: Mapping[str, str]  # folded name, Chinese name or alias -> id
    compound_institutions: Matcher  # registry names with a comma, "and", "&" ... in them
    countries: Mapping[str, str]  # folded name, Chinese name, code or alias -> ISO code
    not_institutions: frozenset[str]  # folded
    surnames: frozenset[str]
    techniques: Matcher
    denials: tuple[re.Pattern[str], ...]  # spans that name a technique only to deny it
    discovery: tuple[re.Pattern[str], ...]  # spans that may name a technique no concept names
    title_discovery: tuple[re.Pattern[str], ...]  # the same in a title ("… via X and Y")
    heads_en: frozenset[str]  # lower-cased words an English technique's name ends with
    heads_zh: frozenset[str]  # words a Chinese technique's name ends with
    entities: Matcher
    entity_by_fold: Mapping[str, str]  # case-folded name or alias -> entity id
    units: tuple[tuple[str, re.Pattern[str]], ...]  # (code, pattern), longest pattern first
    claim: re.Pattern[str]  # a number, its magnitude and its unit
    number_start: re.Pattern[str]  # where a claim may start
    measure_words: Matcher
    direction_words: Matcher
    qualifiers_after: tuple[tuple[str, str], ...]  # (qualifier, lower-cased word)
    qualifiers_before: tuple[tuple[str, str], ...]
    comparisons: tuple[re.Pattern[str], ...]
    vague_baseline: re.Pattern[str]  # a word that makes a phrase an unnamed baseline
    labelled: tuple[tuple[str, str, re.Pattern[str]], ...]  # (measure, unit, pattern)


@lru_cache(maxsize=8)
def tables_for(lexicon: Lexicon) -> Tables:
    """The tables of a lexicon (built once per lexicon)."""
    metrics = lexicon.metrics
    institution_names: dict[str, str] = {}
    compound: dict[str, str] = {}
    for inst in lexicon.institutions.values():
        for name in (inst.name, inst.name_zh, *inst.aliases):
            if name:
                institution_names.setdefault(fold(name), inst.id)
                if SPLIT_AFFILIATIONS.search(name):
                    compound.setdefault(name, inst.id)
    countries: dict[str, str] = {}
    for c in lexicon.countries.values():
        for name in (c.name, c.name_zh, c.code):
            if name:
                countries[fold(name)] = c.code
    for alias, code in lexicon.country_aliases.items():
        countries[fold(alias)] = code
    techniques: dict[str, str] = {}
    for concept in lexicon.concepts.values():
        for w in (concept.label, concept.label_zh, *concept.synonyms, *concept.synonyms_zh):
            if w:
                techniques.setdefault(w.casefold(), concept.id)
    for concept in lexicon.concepts.values():  # after every written word, which wins
        for w in (concept.label, *concept.synonyms):
            for form in other_number(w):
                techniques.setdefault(form.casefold(), concept.id)
    entities: dict[str, str] = {}
    for e in lexicon.entities.values():
        for w in (e.name, *e.aliases):
            entities.setdefault(w, e.id)
    measures: dict[str, str] = {}
    for name, measure in metrics.measures.items():
        for w in measure.words:
            measures.setdefault(w.casefold(), name)
    directions: dict[str, str] = {}
    for name, listed in metrics.directions.items():
        for w in listed:
            directions.setdefault(w.casefold(), name)
    flat = [(code, p) for code, unit in metrics.units.items() for p in unit.patterns]
    flat.sort(key=lambda cp: len(cp[1]), reverse=True)
    qualifiers = metrics.qualifiers.items()
    return Tables(
        lexicon=lexicon,
        institution_names=institution_names,
        compound_institutions=Matcher(compound, ignore_case=True),
        countries=countries,
        not_institutions=frozenset(fold(n) for n in lexicon.not_institutions),
        surnames=frozenset(lexicon.surnames_zh),
        techniques=Matcher(techniques, ignore_case=True),
        denials=tuple(
            re.compile(rx, re.IGNORECASE | re.MULTILINE)
            for rx in (*lexicon.denials.zh, *lexicon.denials.en)
        ),
        discovery=tuple(
            re.compile(rx, re.IGNORECASE | re.MULTILINE)
            for rx in (*lexicon.discovery.zh, *lexicon.discovery.en)
        ),
        title_discovery=tuple(
            re.compile(rx, re.IGNORECASE)
            for rx in (*lexicon.title_discovery.zh, *lexicon.title_discovery.en)
        ),
        heads_en=frozenset(w.casefold() for w in lexicon.technique_heads),
        heads_zh=frozenset(lexicon.technique_heads_zh),
        entities=Matcher(entities, ignore_case=False),
        entity_by_fold={
            w.casefold(): e.id for e in lexicon.entities.values() for w in (e.name, *e.aliases)
        },
        units=tuple((code, re.compile(p, re.IGNORECASE)) for code, p in flat),
        claim=_claim_pattern(lexicon),
        number_start=_number_start(lexicon),
        measure_words=Matcher(measures, ignore_case=True),
        direction_words=Matcher(directions, ignore_case=True),
        qualifiers_after=tuple((n, w.lower()) for n, spec in qualifiers for w in spec.after),
        qualifiers_before=tuple((n, w.lower()) for n, spec in qualifiers for w in spec.before),
        comparisons=tuple(
            re.compile(rx, re.IGNORECASE)
            for rx in (*metrics.comparisons.zh, *metrics.comparisons.en)
        ),
        vague_baseline=_words_pattern(metrics.vague_baselines),
        labelled=tuple(
            (
                entry.measures,
                entry.unit,
                re.compile(
                    rf"{_A}(?:{'|'.join(re.escape(w) for w in entry.words)}){_Z}\s*[:：=]?\s*"
                    rf"(?P<q>[<>≤≥~≈]=?)?\s*(?P<num>{NUMBER})(?P<pct>\s*%)?"
                ),
            )
            for entry in metrics.labelled
        ),
    )


def _claim_pattern(lexicon: Lexicon) -> re.Pattern[str]:
    metrics = lexicon.metrics
    patterns = sorted(
        (p for unit in metrics.units.values() for p in unit.patterns), key=len, reverse=True
    )
    mags = sorted(metrics.magnitudes, key=len, reverse=True)
    mag = "|".join(re.escape(m) for m in mags)
    unit = "|".join(f"(?:{p})" for p in patterns)
    words = sorted(metrics.number_words, key=len, reverse=True)
    spelled = "|".join(re.escape(w) for w in words) or "(?!)"
    num = rf"(?:{NUMBER}|(?<![数几]){CN_NUMBER}|\b(?:{spelled})\b)"
    # "2-4x", "2x to 4x", "44- to 64-GPU" (a hyphen held over to the second number),
    # "between 8.91x and 39.8x" ("and" only after "between")
    rng = (
        r"\s*(?P<lounit>[xX×倍%％])?\s*"
        r"(?:-|–|—|~|～|(?:-\s*)?to|至|到|(?(between)and|(?!)))\s*"
    )
    return re.compile(
        rf"{CLAIM_START}(?:(?:(?<=between )(?P<between>))?(?P<lo>{num}){rng})?(?P<num>{num})"
        r"(?P<odd>多|余)?"
        rf"(?:\s*(?P<mag>{mag})(?![A-Za-z]))?(?:\s*|-)(?P<unit>{unit})",
        re.IGNORECASE,
    )


def _number_start(lexicon: Lexicon) -> re.Pattern[str]:
    words = "|".join(re.escape(w) for w in lexicon.metrics.number_words)
    # where a claim may start: the claim pattern's own lookbehind, tested first, rules out
    # most places at once (a digit inside a number or a word never starts one)
    start = rf"{CLAIM_START}(?:[0-9零一二两三四五六七八九十百千]|\b(?:{words or '(?!)'})\b)"
    return re.compile(start, re.IGNORECASE)


@lru_cache(maxsize=4096)
def unit_code(tables: Tables, text: str) -> str | None:
    """The unit code a unit as written stands for ("GPUs" -> "GPU"), if any."""
    text = text.strip()
    return next((code for code, rx in tables.units if rx.fullmatch(text)), None)


def resolve(tables: Tables, name: str) -> str | None:
    """The registry id of an institution name, alias or abbreviation, if any."""
    name = name.strip()
    found = tables.lexicon.abbreviations.get(name) or tables.institution_names.get(fold(name))
    if found:
        return found
    # "Tsinghua University (China)", "IBM 印度": drop a trailing country
    for sep in (" (", "（", " ", ","):
        head, _, tail = name.rpartition(sep)
        if head and fold(tail.strip("()（）")) in tables.countries:
            return resolve(tables, head)
    # "Zhongguancun Lab" for "Zhongguancun Laboratory", "Univ." for "University"
    for short, full in _SPELLED_OUT:
        longer = short.sub(full, name)
        if longer != name:
            found = tables.institution_names.get(fold(longer))
            if found:
                return found
    return None


_SPELLED_OUT = [
    (re.compile(r"\bLab\b\.?"), "Laboratory"),
    (re.compile(r"\bLabs\b\.?"), "Laboratories"),
    (re.compile(r"\bUniv\b\.?"), "University"),
    (re.compile(r"\bInst\b\.?"), "Institute"),
    (re.compile(r"\bNatl\b\.?"), "National"),
    (re.compile(r"\bTech\b\.?"), "Technology"),
]


def _words_pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    """Any of the words, as a whole word where it is Latin ("SOTA", not "isotope"); longest
    first; a pattern that matches nothing when there are none."""
    if not words:
        return re.compile(r"(?!x)x")

    def one(word: str) -> str:
        start = r"(?<![A-Za-z])" if word[:1].isascii() else ""  # "GPU方案" holds 方案
        end = r"(?![A-Za-z])" if word[-1:].isascii() else ""
        return start + re.escape(word) + end

    alternatives = "|".join(one(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(f"(?:{alternatives})", re.IGNORECASE)
