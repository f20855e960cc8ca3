"""Curated knowledge kg reads from YAML: labels, institutions, countries,
techniques, named entities and the words of quantitative claims.

The files ship in ``kg/lexicons/``. A user extends them without touching kg:
``kg build --lexicon mine.yaml`` (or ``load_lexicon(extra=[...])``) merges a
file with any of the same top-level keys; an entry with an existing ``id``
replaces the shipped one.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from . import resources
from .errors import LexiconError
from .notes.labels import Labels, fold
from .records import Concept, Country, Entity, Institution

# libyaml's loader when PyYAML has it (five times faster on the 10,000-line registry)
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

LEXICON_FILES = (
    "labels",
    "institutions",
    "countries",
    "people",
    "techniques",
    "entities",
    "metrics",
)


@dataclass
class Lexicon:
    labels: Labels
    institutions: dict[str, Institution] = field(default_factory=dict)
    not_institutions: tuple[str, ...] = ()
    countries: dict[str, Country] = field(default_factory=dict)
    concepts: dict[str, Concept] = field(default_factory=dict)
    scheme: dict[str, str] = field(default_factory=dict)
    entities: dict[str, Entity] = field(default_factory=dict)
    metrics: dict[str, Any] = field(default_factory=dict)
    abbreviations: dict[str, str] = field(default_factory=dict)  # exact short form -> id
    country_aliases: dict[str, str] = field(default_factory=dict)  # alias -> ISO code
    surnames_zh: tuple[str, ...] = ()
    not_systems: frozenset[str] = frozenset()
    fingerprint: str = ""  # SHA-256 of the files read: a build's results depend on them


def _read_yaml(path: Path) -> tuple[dict[str, Any], bytes]:
    """A lexicon file's mapping, and its bytes (which the lexicon's fingerprint hashes)."""
    try:
        raw = path.read_bytes()
        data = yaml.load(raw.decode("utf-8"), Loader=_LOADER) or {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark else str(path)
        raise LexiconError(f"{where}: not valid YAML: {getattr(exc, 'problem', exc)}") from exc
    except OSError as exc:
        raise LexiconError(f"{path}: cannot read: {exc.strerror}") from exc
    if not isinstance(data, dict):
        raise LexiconError(f"{path}: expected a mapping at the top level")
    return data, raw


def _tuple(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(str(v) for v in value)


def _entries(data: dict[str, Any], key: str, path: Path) -> list[dict[str, Any]]:
    entries = data.get(key) or []
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise LexiconError(f"{path}: '{key}' must be a list of mappings")
    return entries


def _need(entry: dict[str, Any], keys: Iterable[str], path: Path, what: str) -> None:
    for key in keys:
        if not entry.get(key):
            raise LexiconError(f"{path}: a {what} entry has no '{key}': {entry!r:.120}")


def _merge(lex: Lexicon, data: dict[str, Any], path: Path) -> None:
    if "fields" in data or "session" in data:
        lex.labels = _labels(lex.labels, data, path)
    for e in _entries(data, "institutions", path):
        _need(e, ("id", "name"), path, "institution")
        lex.institutions[e["id"]] = Institution(
            id=e["id"],
            name=e["name"],
            name_zh=e.get("name_zh", ""),
            country=e.get("country", ""),
            kind=e.get("kind", ""),
            wikidata=e.get("wikidata", ""),
            ror=e.get("ror", ""),
            aliases=_tuple(e.get("aliases")) + _tuple(e.get("abbreviations")),
            parent=e.get("parent", ""),
        )
        lex.abbreviations.update(dict.fromkeys(_tuple(e.get("abbreviations")), e["id"]))
    lex.not_institutions += _tuple(data.get("not_institutions"))
    lex.surnames_zh += _tuple(data.get("surnames_zh"))
    lex.not_systems |= frozenset(_tuple(data.get("not_systems")))
    for e in _entries(data, "countries", path):
        _need(e, ("code", "name"), path, "country")
        lex.countries[e["code"]] = Country(
            e["code"], e["name"], e.get("name_zh", ""), e.get("wikidata", "")
        )
        lex.country_aliases.update(dict.fromkeys(_tuple(e.get("aliases")), e["code"]))
    if isinstance(data.get("scheme"), dict):
        lex.scheme.update({k: str(v) for k, v in data["scheme"].items()})
    for e in _entries(data, "concepts", path):
        _need(e, ("id", "label"), path, "concept")
        lex.concepts[e["id"]] = Concept(
            id=e["id"],
            label=e["label"],
            label_zh=e.get("label_zh", ""),
            synonyms=_tuple(e.get("synonyms")),
            synonyms_zh=_tuple(e.get("synonyms_zh")),
            broader=_tuple(e.get("broader")),
            definition=e.get("definition", ""),
        )
    for e in _entries(data, "entities", path):
        _need(e, ("id", "name", "type"), path, "entity")
        lex.entities[e["id"]] = Entity(
            id=e["id"],
            name=e["name"],
            type=e["type"],
            aliases=_tuple(e.get("aliases")),
            description=e.get("description", ""),
            wikidata=e.get("wikidata", ""),
        )
    for key in (
        "number_words",
        "units",
        "measures",
        "qualifiers",
        "directions",
        "magnitudes",
        "comparisons",
        "labelled",
    ):
        if key in data:
            lex.metrics[key] = data[key]


_LABEL_LISTS = (
    "session",
    "end_of_notes",
    "session_chair",
    "weekdays",
    "title_prefixes",
    "author_phrases",
    "org_words",
    "venues",
    "talks",
    "not_sessions",
)


def _labels(old: Labels | None, data: dict[str, Any], path: Path) -> Labels:
    """The labels of ``old`` extended by a labels file's lists."""

    def strings(value: Any, where: str) -> tuple[str, ...]:
        if value is None:
            return ()
        if not isinstance(value, list) or not all(isinstance(v, str | int) for v in value):
            raise LexiconError(f"{path}: '{where}' must be a list of words")
        return tuple(str(v) for v in value)

    def more(existing: tuple[str, ...], extra: Any, where: str) -> tuple[str, ...]:
        return tuple(dict.fromkeys((*existing, *strings(extra, where))))

    fields = dict(old.fields) if old else {}
    for name, words in (data.get("fields") or {}).items():
        fields[name] = more(fields.get(name, ()), words, f"fields.{name}")
    header = data.get("header") or {}
    kinds = dict(old.link_kinds) if old else {}
    for kind, words in (data.get("link_kinds") or {}).items():
        kinds[kind] = more(kinds.get(kind, ()), words, f"link_kinds.{kind}")
    lists = {
        key: more(getattr(old, key) if old else (), data.get(key), key) for key in _LABEL_LISTS
    }
    return Labels(
        fields=fields,
        conference=more(old.conference if old else (), header.get("conference"), "header"),
        ignored=more(old.ignored if old else (), header.get("ignored"), "header"),
        link_kinds=kinds,
        **lists,
    )


def _check(lex: Lexicon) -> None:
    for concept in lex.concepts.values():
        for b in concept.broader:
            if b not in lex.concepts:
                raise LexiconError(f"technique {concept.id!r} has unknown broader {b!r}")
    for inst in lex.institutions.values():
        if inst.parent and inst.parent not in lex.institutions:
            raise LexiconError(f"institution {inst.id!r} has unknown parent {inst.parent!r}")


@lru_cache(maxsize=8)
def _load(extra: tuple[Path, ...]) -> Lexicon:
    lex = Lexicon(labels=None)  # type: ignore[arg-type]
    digest = hashlib.sha256()
    shipped = [resources.lexicon_file(name) for name in LEXICON_FILES]
    for path in [p for p in shipped if p.exists()] + list(extra):
        data, raw = _read_yaml(path)
        _merge(lex, data, path)
        digest.update(f"{path.name}\0".encode() + raw + b"\0")
    _check(lex)
    known = {
        fold(n) for i in lex.institutions.values() for n in (i.name, i.name_zh, *i.aliases) if n
    }
    known |= {fold(n) for c in lex.countries.values() for n in (c.name, c.name_zh, c.code) if n}
    known |= {fold(a) for a in (*lex.abbreviations, *lex.country_aliases)}
    lex.labels = replace(
        lex.labels, known_names=frozenset(known), surnames_zh=frozenset(lex.surnames_zh)
    )
    lex.fingerprint = digest.hexdigest()
    return lex


def load_lexicon(extra: Sequence[str | Path] = ()) -> Lexicon:
    """The shipped lexicons, extended by the user's YAML files (later files win)."""
    return _load(tuple(Path(p).resolve() for p in extra))


def load_labels(extra: Sequence[str | Path] = ()) -> Labels:
    return load_lexicon(extra).labels
