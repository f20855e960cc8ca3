"""What each lexicon file may hold, as types.

Every top-level key of a lexicon file has a type here (:data:`SECTIONS`);
:mod:`kg.lexicon.load` converts the YAML to these types with msgspec, entry by
entry, so that a wrong or misspelt field is reported with its file and line.
Unknown fields are errors: a typo ("alises") must not be ignored silently.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec


class _Entry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


# --- institutions.yaml, countries.yaml -------------------------------------------------

InstitutionKind = Literal[
    "university", "company", "lab", "institute", "supercomputing-center", "government"
]


class InstitutionEntry(_Entry, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    name_zh: str = ""
    aliases: tuple[str, ...] = ()
    abbreviations: tuple[str, ...] = ()
    country: str = ""
    kind: InstitutionKind | Literal[""] = ""
    wikidata: str = ""
    ror: str = ""
    parent: str = ""


class CountryEntry(_Entry, frozen=True, forbid_unknown_fields=True):
    code: str
    name: str
    name_zh: str = ""
    aliases: tuple[str, ...] = ()
    wikidata: str = ""


# --- techniques.yaml, entities.yaml ------------------------------------------------------


class SchemeEntry(_Entry, frozen=True, forbid_unknown_fields=True):
    id: str
    label: str
    label_zh: str = ""


class ConceptEntry(_Entry, frozen=True, forbid_unknown_fields=True):
    id: str
    label: str
    label_zh: str = ""
    synonyms: tuple[str, ...] = ()
    synonyms_zh: tuple[str, ...] = ()
    broader: tuple[str, ...] = ()
    definition: str = ""
    # "topic": a research area or goal ("large language models", "tail latency"), linked to
    # papers with kg:topic rather than kg:technique
    kind: Literal["technique", "topic"] = "technique"


EntityType = Literal[
    "system",
    "library",
    "framework",
    "hardware",
    "platform",
    "supercomputer",
    "dataset",
    "model",
    "benchmark",
    "method",
]


class EntityEntry(_Entry, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    type: EntityType
    aliases: tuple[str, ...] = ()
    description: str = ""
    wikidata: str = ""
    technique: str = ""  # a method's concept: "2PL" is pessimistic-concurrency-control


# --- metrics.yaml ---------------------------------------------------------------------------

Direction = Literal["improvement", "reduction", "neutral"]


class UnitEntry(_Entry, frozen=True, forbid_unknown_fields=True):
    label: str
    patterns: tuple[str, ...]
    label_zh: str = ""
    qudt: str = ""
    qudt_match: Literal["exact", "broad"] = "exact"  # skos:exactMatch, or broadMatch
    measures: str = ""  # what a bare number of this unit measures
    # the words around the number say what it measures: any measure (true) or these ones
    context: bool | tuple[str, ...] = False
    aliases: tuple[str, ...] = ()  # other names a person asks with: "times", "倍", "GPUs"
    counts_as: tuple[
        str, ...
    ] = ()  # units a claim in this one also counts in ("GPU node": GPU, node)


class MeasureEntry(_Entry, frozen=True, forbid_unknown_fields=True):
    direction: Direction
    words: tuple[str, ...] = ()
    label_zh: str = ""
    directional: bool = True  # False: no verb changes its direction (a setting, a size)


class QualifierEntry(_Entry, frozen=True, forbid_unknown_fields=True):
    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()


class ComparisonPatterns(_Entry, frozen=True, forbid_unknown_fields=True):
    zh: tuple[str, ...] = ()
    en: tuple[str, ...] = ()


class LabelledEntry(_Entry, frozen=True, forbid_unknown_fields=True):
    words: tuple[str, ...]
    measures: str
    unit: str = "ratio"


# --- labels.yaml ------------------------------------------------------------------------------

FieldName = Literal["title", "institutions", "link", "abstract", "remarks", "system"]
LinkKind = Literal["paper", "video", "slides", "code"]


class HeaderEntry(_Entry, frozen=True, forbid_unknown_fields=True):
    conference: tuple[str, ...] = ()
    ignored: tuple[str, ...] = ()


Words = tuple[str, ...]

# every top-level key a lexicon file may have, and its type; a key whose type is a list of
# entries is converted entry by entry (each error names the entry's line)
SECTIONS: dict[str, Any] = {
    # institutions.yaml
    "institutions": list[InstitutionEntry],
    "not_institutions": Words,
    # countries.yaml
    "countries": list[CountryEntry],
    # techniques.yaml
    "scheme": SchemeEntry,
    "concepts": list[ConceptEntry],
    "denials": ComparisonPatterns,
    "discovery": ComparisonPatterns,
    "title_discovery": ComparisonPatterns,
    "technique_heads": Words,
    "technique_heads_zh": Words,
    # entities.yaml
    "entities": list[EntityEntry],
    # people.yaml
    "surnames_zh": Words,
    "not_systems": Words,
    # metrics.yaml
    "units": dict[str, UnitEntry],
    "magnitudes": dict[str, float],
    "number_words": dict[str, float],
    "measures": dict[str, MeasureEntry],
    "directions": dict[Direction, Words],
    "qualifiers": dict[str, QualifierEntry],
    "comparisons": ComparisonPatterns,
    "labelled": list[LabelledEntry],
    "vague_baselines": Words,
    # labels.yaml
    "fields": dict[FieldName, Words],
    "header": HeaderEntry,
    "session": Words,
    "session_chair": Words,
    "weekdays": Words,
    "title_prefixes": Words,
    "note_kinds": Words,
    "author_phrases": Words,
    "org_words": Words,
    "not_names": Words,
    "link_kinds": dict[LinkKind, Words],
    "end_of_notes": Words,
    "page_links": Words,
    "venues": Words,
    "not_sessions": Words,
    "talks": Words,
    "people_columns": Words,
    "place_columns": Words,
    "author_columns": Words,
    "year_columns": Words,
}

# qualifier names, as the graph knows them (kg:UpTo ...)
QUALIFIERS = ("up-to", "more-than", "at-least", "on-average", "less-than", "about")
