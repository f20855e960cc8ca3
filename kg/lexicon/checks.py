"""The rules the lexicon files' headers state, checked on every load.

A broken rule is a :class:`~kg.errors.LexiconError` naming the file and line of
the entry at fault, so that a user who extends a lexicon learns at once what to
fix. The rules:

- ids are slugs (``^[a-z0-9]+(-[a-z0-9]+)*$``) and unique; country codes are two
  capital letters;
- institutions: every name, Chinese name and alias unique across the registry
  (case-insensitive), every abbreviation unique (exact); ``country`` is a listed
  country, ``parent`` a listed institution; Wikidata ids look like ``Q123``;
- countries: every alias unique (case-insensitive);
- techniques: every label and synonym unique (English case-insensitive, Chinese
  exact); every ``broader`` id exists, and broader links have no cycle;
- entities: every name and alias unique (exact); a technique named is a concept, and a
  method names one;
- metrics: every pattern compiles; a comparison pattern has a ``span`` group; the
  measures a unit or a labelled value names exist, and so does a labelled
  value's unit; a unit's ``qudt`` is a unit of QUDT (``ontology/qudt-units.txt``);
  qualifiers are kg's six;
- labels: author phrases hold only ``{people}`` and ``{institutions}``.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from typing import TYPE_CHECKING

import regex

from ..errors import LexiconError
from ..files import qudt_units
from .schema import QUALIFIERS

if TYPE_CHECKING:
    from . import Lexicon
    from .load import Where

_SLUG = regex.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_CODE = regex.compile(r"^[A-Z]{2}$")
_QID = regex.compile(r"^Q[1-9][0-9]*$")
QUDT_UNITS = "http://qudt.org/vocab/unit/"

Places = dict[tuple[str, str], "Where"]


def check(lexicon: Lexicon, places: Places) -> None:
    """Raise :class:`LexiconError` at the first broken rule."""

    def fail(section: str, key: str, message: str) -> None:
        where = places.get((section, key)) or places.get((section, ""))
        raise LexiconError(f"{where or section}: {message}")

    _ids(lexicon, fail)
    _institutions(lexicon, fail)
    _countries(lexicon, fail)
    _concepts(lexicon, fail)
    _entities(lexicon, fail)
    _metrics(lexicon, fail)
    _labels(lexicon, fail)


def _ids(lexicon: Lexicon, fail) -> None:  # type: ignore[no-untyped-def]
    for section, ids in (
        ("institutions", lexicon.institutions),
        ("concepts", lexicon.concepts),
        ("entities", lexicon.entities),
    ):
        for key in ids:
            if not _SLUG.match(key):
                fail(section, key, f"id {key!r} is not a slug (lower-case words joined by '-')")
    for code in lexicon.countries:
        if not _CODE.match(code):
            fail("countries", code, f"country code {code!r} is not two capital letters")


def _distinct(section: str, named: Iterable[tuple[str, str]], fail, fold: bool = True) -> None:  # type: ignore[no-untyped-def]
    """Each name belongs to one entry: ``named`` gives (entry id, name) pairs."""
    owner: dict[str, str] = {}
    for key, name in named:
        folded = name.casefold() if fold else name
        if owner.setdefault(folded, key) != key:
            fail(section, key, f"{name!r} already names {owner[folded]!r}")


def _institutions(lexicon: Lexicon, fail) -> None:  # type: ignore[no-untyped-def]
    institutions = lexicon.institutions
    _distinct(
        "institutions",
        (
            (i.id, n)
            for i in institutions.values()
            for n in (i.name, i.name_zh, *i.aliases)
            if n and n not in lexicon.abbreviations
        ),
        fail,
    )
    for inst in institutions.values():
        if inst.country and inst.country not in lexicon.countries:
            fail("institutions", inst.id, f"country {inst.country!r} is not in countries.yaml")
        if inst.parent and inst.parent not in institutions:
            fail("institutions", inst.id, f"parent {inst.parent!r} is not an institution")
        if inst.wikidata and not _QID.match(inst.wikidata):
            fail("institutions", inst.id, f"wikidata {inst.wikidata!r} is not a Q-id")


def _countries(lexicon: Lexicon, fail) -> None:  # type: ignore[no-untyped-def]
    _distinct("countries", ((code, a) for a, code in lexicon.country_aliases.items()), fail)


def _concepts(lexicon: Lexicon, fail) -> None:  # type: ignore[no-untyped-def]
    concepts = lexicon.concepts
    _distinct(
        "concepts",
        ((c.id, w) for c in concepts.values() for w in (c.label, *c.synonyms) if w),
        fail,
    )
    _distinct(
        "concepts",
        ((c.id, w) for c in concepts.values() for w in (c.label_zh, *c.synonyms_zh) if w),
        fail,
        fold=False,
    )
    for c in concepts.values():
        for b in c.broader:
            if b not in concepts:
                fail("concepts", c.id, f"broader {b!r} is not a technique")
    # no cycle: walking up from any concept never comes back to it
    state: dict[str, int] = {}  # 1 on the current path, 2 done

    def visit(cid: str, path: list[str]) -> None:
        if state.get(cid) == 2:
            return
        if state.get(cid) == 1:
            fail("concepts", cid, "broader links make a cycle: " + " -> ".join([*path, cid]))
        state[cid] = 1
        for b in concepts[cid].broader:
            visit(b, [*path, cid])
        state[cid] = 2

    for cid in concepts:
        visit(cid, [])


def _entities(lexicon: Lexicon, fail) -> None:  # type: ignore[no-untyped-def]
    for e in lexicon.entities.values():
        if e.technique and e.type != "method":
            fail("entities", e.id, "only a method names a technique (type: method)")
        if e.technique and e.technique not in lexicon.concepts:
            fail("entities", e.id, f"technique {e.technique!r} is not a concept")
        if e.type == "method" and not e.technique:
            fail("entities", e.id, "a method names its technique (technique: <concept id>)")
    _distinct(
        "entities",
        ((e.id, n) for e in lexicon.entities.values() for n in (e.name, *e.aliases)),
        fail,
        fold=False,
    )


def _compiles(section: str, key: str, pattern: str, fail) -> re.Pattern[str] | None:  # type: ignore[no-untyped-def]
    """The pattern compiled as the extractor compiles it (Python's ``re``, which, unlike
    the ``regex`` module, refuses a look-behind of varying width)."""
    try:
        return re.compile(pattern, re.IGNORECASE)
    except re.error as exc:
        fail(section, key, f"pattern {pattern!r} does not compile: {exc}")
    return None


def _metrics(lexicon: Lexicon, fail) -> None:  # type: ignore[no-untyped-def]
    metrics = lexicon.metrics
    for code, unit in metrics.units.items():
        for pattern in unit.patterns:
            _compiles("units", code, pattern, fail)
        if unit.measures and unit.measures not in metrics.measures:
            fail("units", code, f"measures {unit.measures!r} is not a measure")
        for word in unit.context if isinstance(unit.context, tuple) else ():
            if word not in metrics.measures:
                fail("units", code, f"context {word!r} is not a measure")
        for other in unit.counts_as:
            if other not in metrics.units or other == code:
                fail("units", code, f"counts_as {other!r} is not another unit")
        if unit.qudt and QUDT_UNITS + unit.qudt not in qudt_units():
            fail("units", code, f"qudt {unit.qudt!r} is not a unit of QUDT (unit:{unit.qudt})")
    for name in metrics.qualifiers:
        if name not in QUALIFIERS:
            fail("qualifiers", name, f"qualifier {name!r} is not one of {', '.join(QUALIFIERS)}")
    spans = [
        ("comparisons", metrics.comparisons),
        ("denials", lexicon.denials),
        ("discovery", lexicon.discovery),
        ("title_discovery", lexicon.title_discovery),
    ]
    for section, patterns in spans:
        for pattern in (*patterns.zh, *patterns.en):
            compiled = _compiles(section, "", pattern, fail)
            if compiled is not None and "span" not in compiled.groupindex:
                fail(section, "", f"pattern {pattern!r} has no (?P<span>...) group")
    for entry in metrics.labelled:
        if entry.measures not in metrics.measures:
            fail("labelled", "", f"measures {entry.measures!r} is not a measure")
        if entry.unit not in metrics.units:
            fail("labelled", "", f"unit {entry.unit!r} is not a unit")


def _labels(lexicon: Lexicon, fail) -> None:  # type: ignore[no-untyped-def]
    for phrase in lexicon.labels.author_phrases:
        names = {name for _, name, _, _ in string.Formatter().parse(phrase) if name is not None}
        if not names or not names <= {"people", "institutions"}:
            fail("author_phrases", "", f"{phrase!r} must hold {{people}} or {{institutions}}")
