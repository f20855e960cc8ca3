"""Step 2: :class:`~kg.records.Corpus` -> :class:`~kg.records.Knowledge`.

Reads the free text of each paper with the curated lexicons:

- :mod:`.affiliations`: institutions, people and countries from the authors and
  the affiliation text;
- :mod:`.mentions`: techniques and named things in the title and abstract, and
  the systems the paper presents;
- :mod:`.comparisons` and :mod:`.claims`: quantitative claims and what they are
  compared with.

All the words come from the lexicon, arranged once in :class:`.tables.Tables`;
every function here is pure: it reads a paper and the tables and returns what it
found. What a notes file says depends on nothing but the file and the lexicon
(:func:`file_knowledge`), which lets the pipeline share files out among processes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from ..lexicon import Lexicon, load_lexicon
from ..records import (
    Concept,
    Corpus,
    Entity,
    Institution,
    Knowledge,
    NotesFile,
    Paper,
    PaperFacts,
    Person,
    Problem,
)
from ..text import slug
from .affiliations import affiliations, institutions_of
from .claims import claims, sentences
from .discover import defined, discovered, emphasized, keyphrases, phrase_key, titled
from .mentions import entities, presented, techniques, title_system
from .tables import Tables, tables_for

_V = TypeVar("_V")

__all__ = [
    "PaperKnowledge",
    "Tables",
    "extract",
    "file_knowledge",
    "institutions_of",
    "merge_knowledge",
    "paper_facts",
    "phrase_key",
    "sentences",
    "tables_for",
]


def extract(
    corpus: Corpus, lexicon: Lexicon | None = None, done: Callable[[int], None] | None = None
) -> Knowledge:
    """Step 2 of the pipeline: what kg understood of the notes (``done`` counts papers)."""
    lexicon = lexicon or load_lexicon()
    tables = tables_for(lexicon)
    know = Knowledge(corpus=corpus, concepts=dict(lexicon.concepts))
    for notes in corpus.files:
        merge_knowledge(know, file_knowledge(notes, tables))
        if done is not None:
            done(len(notes.papers))
    return know


def file_knowledge(notes: NotesFile, tables: Tables) -> Knowledge:
    """What kg understood of one notes file: its papers' facts, what they name, and the
    problems met. It depends on nothing but the file and the lexicon."""
    lexicon = tables.lexicon
    know = Knowledge(corpus=Corpus(files=[notes]))
    for paper in notes.papers:
        found = paper_facts(paper, tables)
        facts = found.facts
        know.papers.append(facts)
        for entity in found.entities:
            know.entities.setdefault(entity.id, entity)
        for concept in found.concepts:
            know.concepts.setdefault(concept.id, concept)
        for person in found.people:
            know.people.setdefault(person.id, person)
        unresolved = {inst.id: inst for inst in found.unresolved}
        for iid in facts.institutions:
            inst = lexicon.institutions.get(iid) or unresolved[iid]
            if not inst.resolved:
                know.unresolved_at.setdefault(iid, str(paper.span))
            know.institutions.setdefault(iid, inst)
            if inst.country in lexicon.countries:
                know.countries[inst.country] = lexicon.countries[inst.country]
        for code in facts.countries:
            know.countries[code] = lexicon.countries[code]
        know.problems.extend(found.problems)
    return know


def merge_knowledge(into: Knowledge, part: Knowledge) -> None:
    """Add what was understood of one file (:func:`file_knowledge`) to the whole; merging
    the files in order gives what reading them one after another gives."""
    into.papers.extend(part.papers)
    _first_wins(into.institutions, part.institutions)
    _first_wins(into.people, part.people)
    _first_wins(into.countries, part.countries)
    _first_wins(into.entities, part.entities)
    _first_wins(into.concepts, part.concepts)
    _first_wins(into.unresolved_at, part.unresolved_at)
    into.problems.extend(part.problems)


def _first_wins(into: dict[str, _V], part: dict[str, _V]) -> None:
    for key, value in part.items():
        into.setdefault(key, value)


@dataclass(frozen=True)
class PaperKnowledge:
    """What kg understood of one paper, and what it named along the way."""

    facts: PaperFacts
    entities: tuple[Entity, ...]  # every entity named, the lexicon's and new ones, as met
    people: tuple[Person, ...]
    unresolved: tuple[Institution, ...]  # institutions kg does not know
    problems: tuple[Problem, ...]
    concepts: tuple[Concept, ...] = ()  # techniques found in the text that no concept names


def paper_facts(paper: Paper, tables: Tables) -> PaperKnowledge:
    """What kg understood of one paper."""
    found = affiliations(paper, tables)
    text = f"{paper.title}\n{paper.abstract}"
    named = entities(text, tables)
    own, own_new = title_system(paper, tables)
    metrics, baselines, compared_new = claims(paper, tables, tuple(own))
    shown, shown_new = presented(paper, tables)
    systems = list(dict.fromkeys(s for s in (*own, *shown) if s not in baselines))
    mentions = [e for e in named if e not in systems and e not in baselines]
    known = tables.lexicon.entities
    touched = [*own_new, *compared_new, *shown_new]
    touched += [known[e] for e in (*systems, *baselines, *mentions) if e in known]
    concepts = tables.lexicon.concepts
    named_concepts = techniques(text, tables)
    topics = [c for c in named_concepts if concepts[c].kind == "topic"]
    known_techniques = [c for c in named_concepts if concepts[c].kind != "topic"]
    new_techniques = discovered_concepts(text, tables, paper.marked, paper.title)
    facts = PaperFacts(
        paper=paper,
        institutions=list(found.institutions),
        people=[p.id for p in found.people],
        authors=list(found.authors),
        countries=list(found.countries),
        techniques=list(
            dict.fromkeys([*known_techniques, *(c.id for c in new_techniques if c.kind != "topic")])
        ),
        topics=topics,
        systems=systems,
        baselines=baselines,
        mentions=mentions,
        metrics=metrics,
    )
    return PaperKnowledge(
        facts,
        tuple(touched),
        found.people,
        found.unresolved,
        found.problems,
        tuple(c for c in new_techniques if c.scheme),
    )


def discovered_concepts(
    text: str, tables: Tables, marked: tuple[str, ...] = (), title: str = ""
) -> list[Concept]:
    """The techniques the text points at (or sets in bold or italics: ``marked``; or the
    ``title`` names as its means: "… via X") that the scheme has no concept for, as
    concepts of the discovered scheme (a concept of the scheme whose id the slug is, if
    any)."""
    out: list[Concept] = []
    seen: set[str] = set()
    every = [*defined(text, tables), *discovered(text, tables), *keyphrases(text, tables)]
    every += emphasized(marked, text, tables) + titled(title, tables)
    chinese = [(f.label, f.evidence) for f in every if f.lang == "zh"]
    for found in every:
        # "感知负载" cut from "稀疏感知负载均衡" in the same sentence: the longer one names it
        if (
            found.lang == "zh"
            and not found.alias
            and any(
                found.label in z and found.label != z and e == found.evidence for z, e in chinese
            )
        ):
            continue
        if found.key in seen:
            continue
        seen.add(found.key)
        cid = slug(found.label)
        known = tables.lexicon.concepts.get(cid)
        if known is not None:
            out.append(known)
            continue
        en, zh = (found.label, "") if found.lang == "en" else ("", found.label)
        out.append(
            Concept(
                cid,
                en or zh,
                zh,
                synonyms=(found.alias,) if found.alias else (),
                broader=found.broader,
                scheme="discovered",
                example=found.evidence,
            )
        )
    return out
