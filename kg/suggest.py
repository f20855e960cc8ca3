"""What the lexicon could learn from the notes, as a user lexicon to review and pass back.

``kg lexicon suggest`` lists the techniques kg found that its scheme has no concept
for, the institutions it could not resolve, and the systems it met that the lexicon
does not hold: each as an entry in the lexicon's own format, with how many papers
name it and a sentence that does, as a comment. Reviewed (kept, corrected or
deleted), the file is a lexicon: ``kg build --lexicon suggested.yaml`` uses it, and
what was discovered becomes curated.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import yaml

from .extract import sentences
from .lexicon import Lexicon
from .records import Knowledge

_EXAMPLE = 160  # characters of an example sentence kept in a comment
_HEADER = """\
# Suggested by `kg lexicon suggest`: what the notes name that kg's lexicon does not.
# Review it: keep, correct (ids, labels, `broader`, types) or delete entries, add
# translations and aliases; then build with `kg build --lexicon THIS_FILE`.
"""


def suggest_lexicon(know: Knowledge, lexicon: Lexicon) -> str:
    """A user lexicon (YAML text) of what ``know`` holds that ``lexicon`` does not."""
    uses: Counter[str] = Counter()
    for facts in know.papers:
        uses.update(
            {*facts.techniques, *facts.topics, *facts.systems, *facts.baselines, *facts.mentions}
        )
    parts = [_HEADER]
    concepts = [c for c in know.concepts.values() if c.scheme]
    if concepts:
        parts.append("\n# techniques found in the notes that no concept of the scheme names\n")
        parts.append("concepts:\n")
        for c in sorted(concepts, key=lambda c: (-uses[c.id], c.id)):
            entry: dict[str, Any] = {"id": c.id, "label": c.label}
            if c.label_zh:
                entry["label_zh"] = c.label_zh
            if c.synonyms:
                entry["synonyms"] = list(c.synonyms)
            if c.broader:
                entry["broader"] = list(c.broader)
            parts.append(_entry(entry, _papers(uses[c.id]), c.example))
    entities = [e for eid, e in know.entities.items() if eid not in lexicon.entities]
    if entities:
        parts.append("\n# systems and other named things the lexicon does not hold\n")
        parts.append("entities:\n")
        for e in sorted(entities, key=lambda e: (-uses[e.id], e.id)):
            entry = {"id": e.id, "name": e.name, "type": e.type}
            parts.append(_entry(entry, _papers(uses[e.id]), _sentence_naming(know, e.name)))
    unresolved = know.unresolved
    if unresolved:
        people: Counter[str] = Counter(
            i for facts in know.papers for i in dict.fromkeys(facts.institutions)
        )
        parts.append(
            "\n# institutions kg could not resolve: add the country, ROR and Wikidata ids\n"
        )
        parts.append("institutions:\n")
        for inst in sorted(unresolved, key=lambda i: (-people[i.id], i.id)):
            entry = {"id": inst.id, "name": inst.name}
            if inst.country:
                entry["country"] = inst.country
            where = know.unresolved_at.get(inst.id, "")
            note = _papers(people[inst.id]) + (f"; first at {where}" if where else "")
            parts.append(_entry(entry, note, ""))
    return "".join(parts)


def _papers(n: int) -> str:
    return f"{n} paper" + ("" if n == 1 else "s")


def _entry(entry: dict[str, Any], count: str, example: str) -> str:
    """One list item of a lexicon section, with its count and example as comments."""
    comment = f"  # {count}"
    if example:
        comment += f"; e.g. {_one_line(example)}"
    text = yaml.safe_dump(
        [entry], allow_unicode=True, sort_keys=False, default_flow_style=False, width=10_000
    )
    return comment + "\n" + "".join(f"  {line}\n" for line in text.splitlines())


def _one_line(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= _EXAMPLE else flat[: _EXAMPLE - 1] + "…"


def _sentence_naming(know: Knowledge, name: str) -> str:
    """The first sentence of an abstract that names ``name``, and where it is."""
    for facts in know.papers:
        for sentence, line in sentences(facts.paper):
            if name in sentence:
                return f"{sentence.strip()} ({facts.paper.span.path}:{line})"
    return ""
