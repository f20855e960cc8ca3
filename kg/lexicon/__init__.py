"""Curated knowledge kg reads from YAML: labels, institutions, countries,
techniques, named entities and the words of quantitative claims.

- ``data/``: the files kg ships (``kg/lexicon/data/*.yaml``);
- :mod:`.schema`: what each file may hold, as types;
- :mod:`.load`: reading a file into typed sections, each with its file and line;
- :mod:`.checks`: the rules each file's header states, checked on load.

A user extends the lexicon without touching kg: ``kg build --lexicon mine.yaml``
(or ``load_lexicon(extra=[...])``) merges a file with any of the same sections.
An entry with an existing ``id`` (a country's ``code``, a unit's code, a
measure's name) replaces the shipped one; lists of words are extended.
The result is one frozen :class:`Lexicon`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import msgspec

from .. import files
from ..records import Concept, Country, Entity, Institution
from .checks import check
from .load import LexiconFile, Section, Where, read_file
from .schema import (
    ComparisonPatterns,
    LabelledEntry,
    MeasureEntry,
    QualifierEntry,
    SchemeEntry,
    UnitEntry,
)

__all__ = ["LEXICON_FILES", "LabelWords", "Lexicon", "Metrics", "load_lexicon"]

LEXICON_FILES = (
    "labels",
    "institutions",
    "countries",
    "people",
    "techniques",
    "entities",
    "metrics",
)

Words = tuple[str, ...]


def _frozen(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class LabelWords:
    """The words the reader looks for (``labels.yaml``): field labels, session words ..."""

    fields: Mapping[str, Words] = field(default_factory=dict)
    conference: Words = ()
    ignored: Words = ()
    session: Words = ()
    session_chair: Words = ()
    weekdays: Words = ()
    title_prefixes: Words = ()
    note_kinds: Words = ()
    author_phrases: Words = ()
    org_words: Words = ()
    not_names: Words = ()
    link_kinds: Mapping[str, Words] = field(default_factory=dict)
    end_of_notes: Words = ()
    page_links: Words = ()
    venues: Words = ()
    not_sessions: Words = ()
    talks: Words = ()
    people_columns: Words = ()
    place_columns: Words = ()
    author_columns: Words = ()
    year_columns: Words = ()


@dataclass(frozen=True)
class Metrics:
    """The words of quantitative claims (``metrics.yaml``)."""

    units: Mapping[str, UnitEntry] = field(default_factory=dict)
    magnitudes: Mapping[str, float] = field(default_factory=dict)
    number_words: Mapping[str, float] = field(default_factory=dict)
    measures: Mapping[str, MeasureEntry] = field(default_factory=dict)
    directions: Mapping[str, Words] = field(default_factory=dict)
    qualifiers: Mapping[str, QualifierEntry] = field(default_factory=dict)
    comparisons: ComparisonPatterns = field(default_factory=ComparisonPatterns)
    labelled: tuple[LabelledEntry, ...] = ()
    vague_baselines: Words = ()  # head words of an unnamed baseline: "existing systems", "现有方法"


@dataclass(frozen=True, eq=False)
class Lexicon:
    """Everything the lexicon files say, merged and checked. Frozen: build it once
    (:func:`load_lexicon`) and hand it to the steps of the pipeline; tables derived
    from it are cached per lexicon (it compares and hashes by identity)."""

    labels: LabelWords
    institutions: Mapping[str, Institution]
    abbreviations: Mapping[str, str]  # exact short form -> institution id
    not_institutions: Words
    countries: Mapping[str, Country]
    country_aliases: Mapping[str, str]  # alias -> ISO code
    scheme: SchemeEntry
    concepts: Mapping[str, Concept]
    denials: ComparisonPatterns  # where a technique is named only to be denied or contrasted
    discovery: ComparisonPatterns  # where a technique no concept names may be found
    title_discovery: ComparisonPatterns  # the same in a paper's title: "… via X and Y"
    technique_heads: Words  # words an English technique's name ends with ("scheduling")
    technique_heads_zh: Words  # words a Chinese technique's name ends with ("调度")
    entities: Mapping[str, Entity]
    metrics: Metrics
    surnames_zh: Words
    not_systems: frozenset[str]
    files: tuple[Path, ...]
    fingerprint: str  # SHA-256 of the files read: a build's results depend on them


def load_lexicon(extra: Sequence[str | Path] = ()) -> Lexicon:
    """The shipped lexicons, extended by the user's YAML files (later files win)."""
    return _load(tuple(Path(p).resolve() for p in extra))


@lru_cache(maxsize=8)
def _load(extra: tuple[Path, ...]) -> Lexicon:
    shipped = [files.lexicon_file(name) for name in LEXICON_FILES]
    read = [read_file(path) for path in [p for p in shipped if p.exists()] + list(extra)]
    lexicon = _merge(read)
    check(lexicon, _places(read))
    return lexicon


def _unique(*groups: Words) -> Words:
    return tuple(dict.fromkeys(w for group in groups for w in group))


def _merge(read: list[LexiconFile]) -> Lexicon:
    """The files' sections merged in order: entries by id (later wins), words appended."""
    entries: dict[str, dict[str, Any]] = {
        k: {} for k in ("institutions", "countries", "concepts", "entities")
    }
    words: dict[str, Words] = {}
    word_maps: dict[str, dict[str, Words]] = {"fields": {}, "link_kinds": {}, "directions": {}}
    maps: dict[str, dict[str, Any]] = {
        k: {} for k in ("units", "magnitudes", "number_words", "measures", "qualifiers")
    }
    header: dict[str, Words] = {"conference": (), "ignored": ()}
    by_language: dict[str, dict[str, Words]] = {
        k: {"zh": (), "en": ()} for k in ("comparisons", "denials", "discovery", "title_discovery")
    }
    labelled: list[LabelledEntry] = []
    scheme = SchemeEntry("techniques", "Techniques")
    digest = hashlib.sha256()
    for lexicon_file in read:
        digest.update(f"{lexicon_file.path.name}\0".encode() + lexicon_file.raw + b"\0")
        for section in lexicon_file.sections:
            name, value = section.name, section.value
            if name in entries:
                key = "code" if name == "countries" else "id"
                entries[name].update((getattr(e, key), e) for e in value)
            elif name in word_maps:
                for kind, listed in value.items():
                    word_maps[name][kind] = _unique(word_maps[name].get(kind, ()), listed)
            elif name in maps:
                maps[name].update(value)
            elif name == "header":
                header = {k: _unique(header[k], getattr(value, k)) for k in header}
            elif name in by_language:
                known = by_language[name]
                by_language[name] = {k: _unique(known[k], getattr(value, k)) for k in known}
            elif name == "labelled":
                labelled.extend(value)
            elif name == "scheme":
                scheme = value
            else:  # a list of words
                words[name] = _unique(words.get(name, ()), value)
    institutions = entries["institutions"].values()
    countries = entries["countries"].values()
    return Lexicon(
        labels=LabelWords(
            fields=_frozen(word_maps["fields"]),
            conference=header["conference"],
            ignored=header["ignored"],
            link_kinds=_frozen(word_maps["link_kinds"]),
            **{
                k: words.get(k, ())
                for k in (
                    "session",
                    "session_chair",
                    "weekdays",
                    "title_prefixes",
                    "note_kinds",
                    "author_phrases",
                    "org_words",
                    "not_names",
                    "end_of_notes",
                    "page_links",
                    "venues",
                    "not_sessions",
                    "talks",
                    "people_columns",
                    "place_columns",
                    "author_columns",
                    "year_columns",
                )
            },
        ),
        institutions=_frozen(
            {
                e.id: Institution(
                    id=e.id,
                    name=e.name,
                    name_zh=e.name_zh,
                    country=e.country,
                    kind=e.kind,
                    wikidata=e.wikidata,
                    ror=e.ror,
                    aliases=e.aliases + e.abbreviations,
                    parent=e.parent,
                )
                for e in institutions
            }
        ),
        abbreviations=_frozen({a: e.id for e in institutions for a in e.abbreviations}),
        not_institutions=words.get("not_institutions", ()),
        countries=_frozen(
            {e.code: Country(e.code, e.name, e.name_zh, e.wikidata) for e in countries}
        ),
        country_aliases=_frozen({a: e.code for e in countries for a in e.aliases}),
        scheme=scheme,
        concepts=_frozen(
            {
                e.id: Concept(**msgspec.structs.asdict(e))  # the same fields
                for e in entries["concepts"].values()
            }
        ),
        denials=ComparisonPatterns(**by_language["denials"]),
        discovery=ComparisonPatterns(**by_language["discovery"]),
        title_discovery=ComparisonPatterns(**by_language["title_discovery"]),
        technique_heads=words.get("technique_heads", ()),
        technique_heads_zh=words.get("technique_heads_zh", ()),
        entities=_frozen(
            {
                e.id: Entity(
                    e.id, e.name, e.type, e.aliases, e.description, e.wikidata, e.technique
                )
                for e in entries["entities"].values()
            }
        ),
        metrics=Metrics(
            units=_frozen(maps["units"]),
            magnitudes=_frozen(maps["magnitudes"]),
            number_words=_frozen(maps["number_words"]),
            measures=_frozen(maps["measures"]),
            directions=_frozen(word_maps["directions"]),
            qualifiers=_frozen(maps["qualifiers"]),
            comparisons=ComparisonPatterns(**by_language["comparisons"]),
            labelled=tuple(labelled),
            vague_baselines=words.get("vague_baselines", ()),
        ),
        surnames_zh=words.get("surnames_zh", ()),
        not_systems=frozenset(words.get("not_systems", ())),
        files=tuple(f.path for f in read),
        fingerprint=digest.hexdigest(),
    )


def _places(read: list[LexiconFile]) -> dict[tuple[str, str], Where]:
    """Where each entry (by section and id) and each section was last written."""
    found: dict[tuple[str, str], Where] = {}
    for lexicon_file in read:
        for section in lexicon_file.sections:
            found[(section.name, "")] = section.where
            found.update(_entry_places(section))
    return found


def _entry_places(section: Section) -> dict[tuple[str, str], Where]:
    value = section.value
    if isinstance(value, list) and section.places:
        key = "code" if section.name == "countries" else "id"
        return {
            (section.name, str(getattr(e, key, i))): w
            for i, (e, w) in enumerate(zip(value, section.places, strict=True))
        }
    if isinstance(value, dict) and section.places:
        return {(section.name, str(k)): w for k, w in zip(value, section.places, strict=True)}
    return {}
