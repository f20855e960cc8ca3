"""Step 3: :class:`~kg.records.Knowledge` -> :class:`~kg.rdf.statements.Statements`.

What each notes file says goes into a named graph of its own (for TriG and
N-Quads); shared descriptions (institutions, countries, people, techniques,
entities, units) go into the ``lexicon`` graph. There are no blank nodes:
everything has an IRI (:mod:`.iris`). Every term is a typed value of
:mod:`.terms`.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Iterable

from ..lexicon import Lexicon, load_lexicon
from ..records import Conference, Knowledge, Metric, NotesFile, Paper, PaperFacts
from ..text import guess_language, name_language
from .iris import Iris, check_base
from .statements import LABEL, A, GraphPart, Statements, graph_part
from .terms import (
    IRI,
    Literal,
    Term,
    Triple,
    boolean,
    decimal,
    integer,
    iri,
    is_safe_iri,
    text,
    year,
)
from .vocab import (
    BIBO,
    DCTERMS,
    DIRECTIONS,
    DOI,
    ENTITY_CLASSES,
    FOAF,
    KG,
    ORG,
    PROV,
    QUALIFIERS,
    QUDT,
    RDFS,
    ROR,
    SCHEMA,
    SKOS,
    UNIT,
    WD,
)

# The terms written for every paper, claim or lexicon entry, made once (a lookup in
# rdflib's DefinedNamespace costs more than writing the statement).
PREF = iri(SKOS.prefLabel)
ALT = iri(SKOS.altLabel)
# the same thing elsewhere (doi.org, ROR, Wikidata): schema:sameAs, as ROR and dblp link
# identifiers; owl:sameAs would make a reasoner merge everything said of both
SAME = iri(SCHEMA.sameAs)
TITLE = iri(DCTERMS.title)
ABSTRACT = iri(DCTERMS.abstract)
DOI_PROPERTY = iri(BIBO.doi)
URL = iri(SCHEMA.url)
DERIVED = iri(PROV.wasDerivedFrom)
QUDT_UNIT = iri(QUDT.hasUnit)  # QUDT 2025 dropped qudt:unit
AFFILIATED = iri(SCHEMA.affiliation)  # a person's institutions, on any paper
MEMBER_OF = iri(ORG.memberOf)  # the same in W3C ORG
SEE_ALSO = iri(RDFS.seeAlso)
LINK_PROPERTIES = {"video": iri(SCHEMA.video), "code": iri(SCHEMA.codeRepository)}
K_CONFERENCE = iri(KG.Conference)
K_SESSION = iri(KG.Session)
K_PAPER = iri(KG.Paper)
K_METRIC = iri(KG.Metric)
K_INSTITUTION = iri(KG.Institution)
K_PERSON = iri(KG.Person)
K_COUNTRY = iri(KG.Country)
K_TECHNIQUE = iri(KG.Technique)
K_UNIT = iri(KG.Unit)
K_MEASURE = iri(KG.Measure)
K_NOTES_FILE = iri(KG.NotesFile)
K_AUTHORSHIP = iri(KG.Authorship)
conference_p = iri(KG.conference)
session_p = iri(KG.session)
affiliation_p = iri(KG.affiliation)
person_p = iri(KG.person)
country_p = iri(KG.country)
technique_p = iri(KG.technique)
topic_p = iri(KG.topic)
claim_p = iri(KG.claim)
paper_p = iri(KG.paper)
unit_p = iri(KG.unit)
measures_p = iri(KG.measures)
direction_p = iri(KG.direction)
qualifier_p = iri(KG.qualifier)
baseline_p = iri(KG.baseline)
source_file_p = iri(KG.sourceFile)
authorship_p = iri(KG.authorship)
author_p = iri(KG.author)
author_affiliation_p = iri(KG.authorAffiliation)
year_p = iri(KG.year)
position_p = iri(KG.position)
affiliation_text_p = iri(KG.affiliationText)
arxiv_p = iri(KG.arxiv)
remarks_p = iri(KG.remarks)
resolved_p = iri(KG.resolved)
value_p = iri(KG.value)
min_value_p = iri(KG.minValue)
max_value_p = iri(KG.maxValue)
claim_text_p = iri(KG.claimText)
baseline_text_p = iri(KG.baselineText)
source_sentence_p = iri(KG.sourceSentence)
source_line_p = iri(KG.sourceLine)
source_end_line_p = iri(KG.sourceEndLine)
RELATIONS = (
    ("systems", iri(KG.presents)),
    ("baselines", iri(KG.comparesWith)),
    ("mentions", iri(KG.mentions)),
)
DIRECTION_TERMS = {k: iri(v) for k, v in DIRECTIONS.items()}
QUALIFIER_TERMS = {k: iri(v) for k, v in QUALIFIERS.items()}
ENTITY_CLASS_TERMS = {k: iri(v) for k, v in ENTITY_CLASSES.items()}
K_SYSTEM = iri(KG.System)


def to_statements(know: Knowledge, base: str, lexicon: Lexicon | None = None) -> Statements:
    """Every statement of the graph, in named graphs, in a stable order, without duplicates."""
    lexicon = lexicon or load_lexicon()
    iris = Iris(check_base(base))
    graphs: dict[IRI, GraphPart] = {}
    by_paper = {id(f.paper): f for f in know.papers}
    for notes in know.corpus.files:
        facts = [by_paper[id(p)] for p in notes.papers]
        graphs[iris.graph(notes)] = file_statements(notes, facts, know, iris, lexicon)
    graphs[iris.lexicon_graph()] = lexicon_statements(know, iris, lexicon)
    return Statements({g: part for g, part in graphs.items() if part.lines or part.head})


def file_statements(
    notes: NotesFile,
    facts_list: list[PaperFacts],
    know: Knowledge,
    iris: Iris,
    lexicon: Lexicon,
    turtle: bool = False,
) -> GraphPart:
    """What one notes file says, as its named graph (with its Turtle when ``turtle``)."""
    head = _notes_file(iris, notes)
    body: list[Triple] = []
    for paper, facts in zip(notes.papers, facts_list, strict=True):
        body += _paper(iris, notes, paper, facts, know, lexicon)
    return graph_part(head, body, iris.base if turtle else None)


def lexicon_statements(know: Knowledge, iris: Iris, lexicon: Lexicon) -> GraphPart:
    """Shared descriptions: institutions, countries, people, techniques, entities, units."""
    return graph_part(
        [],
        [
            *_institutions(iris, know, lexicon),
            *_countries(iris, know, lexicon),
            *_people(iris, know),
            *_techniques(iris, know),
            *_entities(iris, know),
            *_units(iris, know, lexicon),
        ],
    )


def _notes_file(iris: Iris, notes: NotesFile) -> list[Triple]:
    src = iris.source(notes)
    out = [
        Triple(src, A, K_NOTES_FILE),
        Triple(src, A, iri(PROV.Entity)),
        Triple(src, LABEL, text(notes.name)),
    ]
    if notes.title:
        out.append(Triple(src, TITLE, _tagged(notes.title)))
    if notes.sha256:
        out.append(Triple(src, iri(SCHEMA.sha256), text(notes.sha256)))
    for own in {p.conference.label: p.conference for p in notes.papers}.values():
        if own.name and own.label != notes.conference.label:  # a paper's own conference
            out += _conference(iris, own)
    conf = notes.conference
    c = None
    if conf.name:  # notes that never say their conference: no conference node
        out += _conference(iris, conf)
        c = iris.conference(conf)
    for session in notes.sessions:
        s = iris.session(conf, session)
        out += [
            Triple(s, A, K_SESSION),
            Triple(s, LABEL, text(session.name, guess_language(session.name))),
            Triple(s, position_p, integer(session.position)),
            Triple(s, source_file_p, src),
            Triple(s, source_line_p, integer(session.span.line)),
        ]
        if c is not None:
            out.append(Triple(s, conference_p, c))
    return out


def _conference(iris: Iris, conf: Conference) -> list[Triple]:
    c = iris.conference(conf)
    out = [
        Triple(c, A, K_CONFERENCE),
        Triple(c, LABEL, text(conf.label)),
        Triple(c, iri(SCHEMA.name), text(conf.label)),
    ]
    if conf.year:
        out.append(Triple(c, year_p, year(conf.year)))
    return out


def _paper(
    iris: Iris,
    notes: NotesFile,
    paper: Paper,
    facts: PaperFacts,
    know: Knowledge,
    lexicon: Lexicon,
) -> list[Triple]:
    p = iris.paper(paper)
    out = [
        Triple(p, A, K_PAPER),
        Triple(p, TITLE, text(paper.title, name_language(paper.title))),
        Triple(p, LABEL, text(paper.title)),
    ]
    if paper.doi:
        # the DOI percent-encoded as doi.org expects it ("10.1145/a[1]" has no IRI of its own)
        doi_iri = iri(DOI + _doi_path(paper.doi))
        out += [Triple(p, DOI_PROPERTY, text(paper.doi)), Triple(p, SAME, doi_iri)]
    if paper.url:
        url = web_iri(paper.url)
        if url is not None:  # schema:url is an IRI, not a string
            out.append(Triple(p, URL, url))
    if paper.arxiv:
        out.append(Triple(p, arxiv_p, text(paper.arxiv)))
    for link in paper.links:
        if not _web_address(link.url) or link.url == paper.url:
            continue  # a relative link ("../notes/x.md") or an odd one: not a resource
        out.append(Triple(p, LINK_PROPERTIES.get(link.kind, SEE_ALSO), iri(link.url)))
    if paper.conference.name:
        out.append(Triple(p, conference_p, iris.conference(paper.conference)))
    if paper.session:
        out.append(Triple(p, session_p, iris.session(paper.conference, paper.session)))
    if paper.institutions:
        lang = guess_language(paper.institutions)
        out.append(Triple(p, affiliation_text_p, text(paper.institutions, lang)))
    if paper.abstract:
        out.append(Triple(p, ABSTRACT, text(paper.abstract, paper.abstract_lang or None)))
    if paper.remarks:
        out.append(Triple(p, remarks_p, text(paper.remarks, guess_language(paper.remarks))))
    src = iris.source(notes)
    out += [
        Triple(p, position_p, integer(paper.position)),
        Triple(p, source_file_p, src),
        Triple(p, DERIVED, src),
        Triple(p, source_line_p, integer(paper.span.line)),
        Triple(p, source_end_line_p, integer(paper.span.end_line)),
    ]
    out += [Triple(p, affiliation_p, iris.institution(i)) for i in facts.institutions]
    out += [Triple(p, person_p, iris.person(pid)) for pid in facts.people]
    for n, (pid, institutions) in enumerate(facts.authors, start=1):
        a = iris.authorship(p, n)
        out += [
            Triple(p, authorship_p, a),
            Triple(a, A, K_AUTHORSHIP),
            Triple(a, author_p, iris.person(pid)),
            Triple(a, position_p, integer(n)),
        ]
        out += [Triple(a, author_affiliation_p, iris.institution(i)) for i in institutions]
    out += [Triple(p, country_p, iris.country(code)) for code in facts.countries]
    out += [Triple(p, technique_p, iris.technique(cid)) for cid in facts.techniques]
    out += [Triple(p, topic_p, iris.technique(cid)) for cid in facts.topics]
    for field, relation in RELATIONS:
        out += [Triple(p, relation, _entity(iris, know, eid)) for eid in getattr(facts, field)]
    for metric in facts.metrics:
        out += _metric(iris, know, lexicon, p, metric)
    return out


_WEB_ADDRESS = re.compile(r"^https?://[!-~]+$", re.IGNORECASE)


def _web_address(url: str) -> bool:
    """An absolute http(s) address in ASCII: a resource of its own."""
    return bool(_WEB_ADDRESS.match(url)) and is_safe_iri(url)


def _tagged(value: str) -> Literal:
    """Text kg writes from the notes' words ("6.76倍 speedup over GraphM"), tagged with the
    language of its script."""
    return text(value, guess_language(value))


def _doi_path(doi: str) -> str:
    """A DOI as a path under https://doi.org/, percent-encoded; a segment that is "." or
    ".." is encoded too, for IRI resolution would remove it ("10.1145/../../x" is not
    https://doi.org/x)."""
    segments = urllib.parse.quote(doi, safe="/").split("/")
    return "/".join(s.replace(".", "%2E") if s in (".", "..") else s for s in segments)


def web_iri(url: str) -> IRI | None:
    """A web address as an IRI: characters an IRI cannot hold percent-encoded; None when
    it is no http(s) address (a bare DOI in a link field is the paper's bibo:doi)."""
    encoded = urllib.parse.quote(url, safe=":/?#[]@!$&'()*+,;=%~")
    return iri(encoded) if _web_address(encoded) else None


def _metric(iris: Iris, know: Knowledge, lexicon: Lexicon, p: IRI, m: Metric) -> list[Triple]:
    node = iris.claim(p, m)
    out = [
        Triple(node, A, K_METRIC),
        Triple(p, claim_p, node),
        Triple(node, paper_p, p),
        Triple(node, LABEL, _tagged(claim_label(m, know))),
    ]
    if m.value is not None:
        out.append(Triple(node, value_p, decimal(m.value)))
    if m.min is not None and m.max is not None:
        out += [
            Triple(node, min_value_p, decimal(m.min)),
            Triple(node, max_value_p, decimal(m.max)),
        ]
    out.append(Triple(node, unit_p, iris.unit(m.unit)))
    unit = lexicon.metrics.units.get(m.unit)
    if unit is not None and unit.qudt:
        out.append(Triple(node, QUDT_UNIT, iri(UNIT + unit.qudt)))
    out += [
        Triple(node, measures_p, iris.measure(m.measures)),
        Triple(node, direction_p, DIRECTION_TERMS[m.direction]),
    ]
    if m.qualifier:
        out.append(Triple(node, qualifier_p, QUALIFIER_TERMS[m.qualifier]))
    out += [Triple(node, baseline_p, _entity(iris, know, eid)) for eid in m.baselines]
    lang = guess_language(m.sentence)
    if m.compared_with:
        out.append(Triple(node, baseline_text_p, text(m.compared_with, lang)))
    out += [
        Triple(node, claim_text_p, text(m.text, lang)),
        Triple(node, source_sentence_p, text(m.sentence, lang)),
        Triple(node, source_line_p, integer(m.line)),
    ]
    return out


_LEVELS = frozenset({"utilization", "accuracy", "error", "correlation", "other"})


def claim_label(m: Metric, know: Knowledge) -> str:
    """A claim as a person reads it: the figure, what it measures and which way, and what
    it is compared with ("6.76倍 speedup over GraphM", "8.5倍 communication reduction vs
    现有设计", "2048个GPU节点 (scale)"). A direction is named for a change: a ratio, a
    comparison, or a share of something that is not a level ("52% utilization" is not a gain).
    """
    compared = bool(m.baselines or m.compared_with)
    change = m.unit == "x" or compared or (m.unit == "%" and m.measures not in _LEVELS)
    if m.direction == "neutral" or not change:
        label = m.text + (f" ({m.measures})" if m.measures != "other" else "")
    elif m.measures == "speedup":
        label = f"{m.text} speedup"
    else:
        measure = "" if m.measures == "other" else f" {m.measures}"
        label = m.text + measure + (" reduction" if m.direction == "reduction" else " gain")
    if m.baselines:
        label += " over " + ", ".join(know.entities[e].name for e in m.baselines)
    elif m.compared_with:
        label += f" vs {m.compared_with}"
    return label


def _entity(iris: Iris, know: Knowledge, eid: str) -> IRI:
    return iris.entity(know.entities[eid].type, eid)


def _labels(node: IRI, name: str, lang: str, zh: str = "") -> list[Triple]:
    """A thing's preferred label (in English, and in Chinese when it has one) and rdfs:label."""
    out = [Triple(node, PREF, text(name, lang)), Triple(node, LABEL, text(name))]
    if zh:
        out.append(Triple(node, PREF, text(zh, "zh")))
    return out


def _institutions(iris: Iris, know: Knowledge, lexicon: Lexicon) -> Iterable[Triple]:
    for iid in sorted(know.institutions):
        inst = know.institutions[iid]
        node = iris.institution(iid)
        yield Triple(node, A, K_INSTITUTION)
        yield from _labels(node, inst.name, name_language(inst.name), inst.name_zh)
        for alias in inst.aliases:
            yield Triple(node, ALT, text(alias, guess_language(alias)))
        yield Triple(node, resolved_p, boolean(inst.resolved))
        if inst.country:
            yield Triple(node, country_p, iris.country(inst.country))
        if inst.wikidata:
            yield Triple(node, SAME, iri(WD + inst.wikidata))
        if inst.ror:
            yield Triple(node, SAME, iri(ROR + inst.ror))
        if inst.parent:
            yield Triple(node, iri(ORG.subOrganizationOf), iris.institution(inst.parent))
            if inst.parent not in know.institutions and inst.parent in lexicon.institutions:
                parent = lexicon.institutions[inst.parent]
                pnode = iris.institution(parent.id)
                yield Triple(pnode, A, K_INSTITUTION)
                yield from _labels(pnode, parent.name, "en")
                yield Triple(pnode, resolved_p, boolean(True))


def _countries(iris: Iris, know: Knowledge, lexicon: Lexicon) -> Iterable[Triple]:
    countries = dict(know.countries)
    for inst in know.institutions.values():
        if inst.country and inst.country in lexicon.countries:
            countries.setdefault(inst.country, lexicon.countries[inst.country])
    for code in sorted(countries):
        c = countries[code]
        node = iris.country(code)
        yield Triple(node, A, K_COUNTRY)
        yield from _labels(node, c.name, "en", c.name_zh)
        yield Triple(node, iri(SCHEMA.identifier), text(code))
        if c.wikidata:
            yield Triple(node, SAME, iri(WD + c.wikidata))


def _people(iris: Iris, know: Knowledge) -> Iterable[Triple]:
    affiliated: dict[str, set[str]] = {}
    for f in know.papers:
        for pid, institutions in f.authors:
            affiliated.setdefault(pid, set()).update(institutions)
    for pid in sorted(know.people):
        node = iris.person(pid)
        yield Triple(node, A, K_PERSON)
        for iid in sorted(affiliated.get(pid, ())):
            yield Triple(node, AFFILIATED, iris.institution(iid))
            yield Triple(node, MEMBER_OF, iris.institution(iid))
        yield Triple(node, LABEL, text(know.people[pid].name))
        yield Triple(node, iri(FOAF.name), text(know.people[pid].name))


def _techniques(iris: Iris, know: Knowledge) -> Iterable[Triple]:
    """The technique scheme: the concepts papers use and everything broader."""
    used: set[str] = set()
    stack = [c for f in know.papers for c in (*f.techniques, *f.topics)]
    stack += [e.technique for e in know.entities.values() if e.technique]  # of methods
    while stack:
        cid = stack.pop()
        if cid in used or cid not in know.concepts:
            continue
        used.add(cid)
        stack.extend(know.concepts[cid].broader)
    if not used:
        return
    curated, found = iris.scheme(), iris.discovered_scheme()
    if any(not know.concepts[c].scheme for c in used):
        yield Triple(curated, A, iri(SKOS.ConceptScheme))
        yield from _labels(curated, "Techniques", "en", "技术")
    if any(know.concepts[c].scheme for c in used):
        # techniques the notes point at that the curated scheme has no concept for
        yield Triple(found, A, iri(SKOS.ConceptScheme))
        yield from _labels(found, "Techniques found in the notes", "en", "笔记中发现的技术")
    for cid in sorted(used):
        c = know.concepts[cid]
        node = iris.technique(cid)
        scheme = found if c.scheme else curated
        yield Triple(node, A, K_TECHNIQUE)
        yield Triple(node, A, iri(SKOS.Concept))
        yield Triple(node, iri(SKOS.inScheme), scheme)
        if c.scheme:
            label = c.label_zh or c.label
            lang = "zh" if c.label_zh else "en"
            yield Triple(node, PREF, text(label, lang))
            yield Triple(node, LABEL, text(label))
            for s in c.synonyms:  # the acronym it was defined with
                yield Triple(node, ALT, text(s, "en"))
            yield Triple(node, iri(SKOS.example), text(c.example, guess_language(c.example)))
            yield Triple(node, iri(SKOS.topConceptOf), scheme)
            for b in c.broader:  # "prefix caching" under the curated "caching"
                yield Triple(node, iri(SKOS.broader), iris.technique(b))
            continue
        yield from _labels(node, c.label, "en", c.label_zh)
        for s in c.synonyms:
            yield Triple(node, ALT, text(s, "en"))
        for s in c.synonyms_zh:
            yield Triple(node, ALT, text(s, "zh"))
        if c.definition:
            yield Triple(node, iri(SKOS.definition), text(c.definition, "en"))
        if not c.broader:
            yield Triple(node, iri(SKOS.topConceptOf), scheme)
        for b in c.broader:
            yield Triple(node, iri(SKOS.broader), iris.technique(b))


def _entities(iris: Iris, know: Knowledge) -> Iterable[Triple]:
    for eid in sorted(know.entities):
        e = know.entities[eid]
        node = _entity(iris, know, eid)
        yield Triple(node, A, ENTITY_CLASS_TERMS.get(e.type, K_SYSTEM))
        yield Triple(node, LABEL, text(e.name))
        yield Triple(node, PREF, text(e.name, name_language(e.name)))
        for alias in e.aliases:
            yield Triple(node, ALT, text(alias, name_language(alias)))
        if e.description:
            yield Triple(node, iri(DCTERMS.description), text(e.description, "en"))
        if e.wikidata:
            yield Triple(node, SAME, iri(WD + e.wikidata))
        if e.technique:  # "2PL", a method of pessimistic concurrency control
            yield Triple(node, iri(KG.instanceOf), iris.technique(e.technique))


def _units(iris: Iris, know: Knowledge, lexicon: Lexicon) -> Iterable[Triple]:
    units = lexicon.metrics.units
    measures = lexicon.metrics.measures
    used = {m.unit for f in know.papers for m in f.metrics}
    used |= {c for u in used if u in units for c in units[u].counts_as}
    for code in sorted(used):
        spec = units.get(code)
        node = iris.unit(code)
        yield Triple(node, A, K_UNIT)
        label = spec.label if spec else code
        yield from _labels(node, label, "en", spec.label_zh if spec else "")
        yield Triple(node, iri(SKOS.notation), text(code))
        if spec is None:
            continue
        for alias in spec.aliases:
            yield Triple(node, ALT, text(alias, guess_language(alias)))
        for other in spec.counts_as:  # a claim in GPU nodes counts in GPUs and in nodes
            yield Triple(node, iri(SKOS.broader), iris.unit(other))
        if spec.qudt:  # a broad match, unlike exactMatch, makes no two kg units one
            match = SKOS.broadMatch if spec.qudt_match == "broad" else SKOS.exactMatch
            yield Triple(node, iri(match), iri(UNIT + spec.qudt))
    for name in sorted({m.measures for f in know.papers for m in f.metrics}):
        measure = measures.get(name)
        node = iris.measure(name)
        yield Triple(node, A, K_MEASURE)
        yield from _labels(node, name, "en", measure.label_zh if measure else "")


__all__ = ["Term", "file_statements", "lexicon_statements", "to_statements"]
