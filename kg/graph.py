"""Step 3: :class:`~kg.records.Knowledge` -> RDF.

Statements are made as pyoxigraph quads (fast to create, serialize and
query); :func:`to_graph` wraps them in an ``rdflib.Graph`` backed by Oxigraph
(oxrdflib), which is what users of the Python API get.

What each notes file says goes into a named graph of its own (for TriG and
N-Quads); shared descriptions (institutions, techniques, entities, units)
go into the ``lexicon`` graph. There are no blank nodes: everything has an IRI.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property

import pyoxigraph as ox
import rdflib
from rdflib.graph import DATASET_DEFAULT_GRAPH_ID

from . import __version__
from .iri import check_base, doi_path, slug
from .lexicon import Lexicon, load_lexicon
from .notes import guess_language
from .records import Conference, Knowledge, Metric, NotesFile, Paper, PaperFacts, Session
from .vocab import (
    BIBO,
    DCTERMS,
    DIRECTIONS,
    DOI,
    ENTITY_CLASSES,
    KG,
    ORG,
    OWL,
    PROV,
    QUALIFIERS,
    QUDT,
    RDF,
    RDFS,
    ROR,
    SCHEMA,
    SKOS,
    UNIT,
    WD,
    XSD,
    prefixes,
)

_UNSAFE_IRI = re.compile(r'[\x00-\x20<>"{}|^`\\\x7f]')
_WEB_IRI = re.compile(r"^https?://[!-~]+$", re.IGNORECASE)  # absolute, ASCII
_ESCAPES = {
    **{i: f"\\u{i:04X}" for i in [*range(0x20), 0x7F]},
    ord("\\"): "\\\\",
    ord('"'): '\\"',
    ord("\n"): "\\n",
    ord("\r"): "\\r",
    ord("\t"): "\\t",
}


_WRITTEN: dict[str, str] = {}


def _n(iri: str) -> str:
    """An IRI in N-Triples syntax; characters IRIs may not hold are percent-encoded."""
    written = _WRITTEN.get(iri)
    if written is None:
        safe = iri
        if _UNSAFE_IRI.search(iri):
            safe = _UNSAFE_IRI.sub(lambda m: "".join(f"%{b:02X}" for b in m.group().encode()), iri)
        written = f"<{safe}>"
        if len(_WRITTEN) < 500_000:
            _WRITTEN[str(iri)] = written
    return written


A = _n(str(RDF.type))
LABEL = _n(str(RDFS.label))
PREF = _n(str(SKOS.prefLabel))
ALT = _n(str(SKOS.altLabel))
SAME = _n(str(OWL.sameAs))
# terms of other vocabularies met once or more per paper, written once
_TITLE = _n(str(DCTERMS.title))
_ABSTRACT = _n(str(DCTERMS.abstract))
_DOI = _n(str(BIBO.doi))
_URL = _n(str(SCHEMA.url))
_ANY_URI = str(XSD.anyURI)
_DERIVED = _n(str(PROV.wasDerivedFrom))
_QUDT_UNIT = _n(str(QUDT.unit))
_AFFILIATED = _n(str(SCHEMA.affiliation))  # a person's institutions, on any paper
_MEMBER_OF = _n(str(ORG.memberOf))  # the same in W3C ORG
_SEE_ALSO = _n(str(RDFS.seeAlso))
_LINK_PROPERTIES = {  # a paper's other links, by what they are
    "video": _n(str(SCHEMA.video)),
    "code": _n(str(SCHEMA.codeRepository)),
}
_XSD_INT = str(XSD.integer)
_XSD_DEC = str(XSD.decimal)
_XSD_BOOL = str(XSD.boolean)
_XSD_YEAR = str(XSD.gYear)


class _K:
    """kg's own terms, written once in N-Triples syntax (DefinedNamespace lookups are slow)."""


for _name in KG.__annotations__:
    setattr(_K, _name, _n(str(KG[_name])))


def lit(text: str, lang: str | None = None) -> str:
    """A literal in N-Triples syntax, language-tagged when ``lang`` is given."""
    quoted = '"' + text.translate(_ESCAPES) + '"'
    return f"{quoted}@{lang}" if lang else quoted


def typed(lexical: str, datatype: str) -> str:
    return '"' + lexical.translate(_ESCAPES) + '"^^<' + datatype + ">"


def positive(n: int) -> str:
    """A line or position, as xsd:integer (Oxigraph folds xsd:positiveInteger into it)."""
    return typed(str(n), _XSD_INT)


def decimal(x: float) -> str:
    text = format(Decimal(repr(x)).normalize(), "f")
    if "." not in text:
        text += ".0"
    return typed(text, _XSD_DEC)


def boolean(value: bool) -> str:
    return typed("true" if value else "false", _XSD_BOOL)


@dataclass(frozen=True)
class Iris:
    """Where each kind of thing lives under the base IRI."""

    base: str

    def conference(self, c: Conference) -> str:
        return f"{self.base}conference/{slug(c.label)}"

    def session(self, c: Conference, s: Session | str) -> str:
        name = s if isinstance(s, str) else s.name
        return f"{self.base}session/{slug(c.label or 'unknown-conference')}/{slug(name)}"

    def paper(self, p: Paper) -> str:
        if p.doi:
            return f"{self.base}paper/{doi_path(p.doi)}"
        if p.arxiv:
            return f"{self.base}paper/arxiv-{slug(p.arxiv)}"
        conference = p.conference.label or "unknown-conference"
        return f"{self.base}paper/{slug(conference)}/{slug(p.title)}"

    def claim(self, paper_iri: str, m: Metric) -> str:
        return f"{paper_iri}/claim/{m.index}"

    def institution(self, iid: str) -> str:
        return f"{self.base}institution/{iid}"

    def person(self, pid: str) -> str:
        return f"{self.base}person/{pid}"

    def country(self, code: str) -> str:
        return f"{self.base}country/{code.lower()}"

    def technique(self, cid: str) -> str:
        return f"{self.base}technique/{cid}"

    def scheme(self) -> str:
        return f"{self.base}techniques"

    def entity(self, etype: str, eid: str) -> str:
        return f"{self.base}{etype}/{eid}"

    def unit(self, code: str) -> str:
        return f"{self.base}unit/{slug(code.replace('/', ' per ').replace('%', 'percent'))}"

    def measure(self, name: str) -> str:
        return f"{self.base}measure/{name}"

    def source(self, notes: NotesFile) -> str:
        return f"{self.base}source/{slug(notes.name)}"

    def graph(self, notes: NotesFile) -> str:
        return f"{self.base}graph/{slug(notes.name)}"

    def lexicon_graph(self) -> str:
        return f"{self.base}graph/lexicon"


class _Quads:
    """Collects statements, as N-Triples text, into one list at a time."""

    def __init__(self) -> None:
        self.graphs: dict[str, list[str]] = {}
        self.lines: list[str] = []

    def use(self, name: str) -> None:
        self.lines = self.graphs.setdefault(name, [])

    def add(self, s: str, p: str, o: str) -> None:
        """``s`` an IRI; ``p`` an IRI or a term from kg.vocab; ``o`` an IRI or a literal from
        :func:`lit`, :func:`typed` ... (anything starting with a quote or ``<`` is a term)."""
        pred = p if p[0] == "<" else _n(p)
        obj = o if o[0] in '"<' else _n(o)
        self.lines.append(f"{_n(s)} {pred} {obj}")


@dataclass
class GraphPart:
    """The statements of one named graph, kept in the form the writers need.

    ``head`` holds lines about things other graphs may describe too (a notes
    file's conference, sessions and source); the heads of all graphs are merged
    and de-duplicated. ``body`` holds the rest, about subjects no other graph
    describes (a file's papers and claims; the lexicon's institutions,
    techniques ...): N-Triples text, sorted, each line ending in `` .\n``, with
    its number of ``lines``, its ``subjects``, the number of subjects of each
    class, and the same statements as Turtle without prefixes. Bodies are
    written as they are, so a large graph is never handled line by line.
    """

    head: list[str]
    body: bytes = b""
    lines: int = 0
    subjects: tuple[str, ...] = ()
    classes: dict[str, int] = field(default_factory=dict)
    turtle: bytes | None = None  # None: not made yet
    outline: bytes = b""  # the body's lines that outline_of keeps


def graph_part(head: Iterable[str], body: Iterable[str], base: str | None = None) -> GraphPart:
    """A :class:`GraphPart` from N-Triples lines (without the final " ."); with ``base``,
    its Turtle is made now (in the worker process that made the lines)."""
    lines = sorted(set(body))
    text = (" .\n".join(lines) + " .\n").encode("utf-8") if lines else b""
    classes: dict[str, int] = {}
    for line in lines:
        if _TYPING in line and (cls := _class_of(line)):
            classes[cls] = classes.get(cls, 0) + 1
    sketch = outline_of(lines)
    part = GraphPart(
        head=sorted(set(head)),
        body=text,
        lines=len(lines),
        subjects=tuple(dict.fromkeys(line[: line.index(" ")] for line in lines)),
        classes=classes,
        outline=(" .\n".join(sketch) + " .\n").encode("utf-8") if sketch else b"",
    )
    if base is not None:
        part.turtle = turtle_body(text, base)
    return part


_TYPING = f" {A} <"

# the statements that sketch the graph, all a large graph.html needs: who works on what
# where (the links), what the linked things are, and the names of all but the papers
OUTLINE_LINKS = (KG.affiliation, KG.technique, KG.country)
OUTLINE_CLASSES = (KG.Paper, KG.Institution, KG.Technique, KG.Country)
_LINKS = tuple(_n(str(p)) + " " for p in OUTLINE_LINKS)  # predicates as lines hold them
_TYPES = frozenset(str(c) for c in OUTLINE_CLASSES)
_NAMED = _TYPES - {str(KG.Paper)}
_LABELLED = f" {LABEL} "


def outline_of(lines: list[str]) -> list[str]:
    """The N-Triples ``lines`` (without the final " .") that sketch the graph: the
    :data:`OUTLINE_LINKS`, the types in :data:`OUTLINE_CLASSES`, and the labels of the
    things of those classes other than papers. Types and labels are read from the same
    lines, so a part's outline depends on that part alone."""
    named: set[str] = set()
    out = []
    for line in lines:
        at = line.index(" ")
        if line.startswith(_LINKS, at + 1):
            out.append(line)
        elif _TYPING in line and (cls := _class_of(line)) in _TYPES:
            out.append(line)
            if cls in _NAMED:
                named.add(line[:at])
    return out + [line for line in lines if _LABELLED in line and line[: line.index(" ")] in named]


def _class_of(line: str) -> str:
    """The class IRI of an ``s rdf:type <C>`` line, else ""."""
    at = line.index(" ")
    return line[at + len(_TYPING) : -1] if line.startswith(_TYPING, at) else ""


def turtle_prefixes(base: str) -> dict[str, str]:
    """The prefixes kg's Turtle and TriG files declare, in a stable order."""
    return dict(sorted(prefixes(base).items()))


def turtle_header(base: str) -> bytes:
    return "".join(f"@prefix {k}: <{v}> .\n" for k, v in turtle_prefixes(base).items()).encode()


def turtle_body(ntriples: bytes, base: str) -> bytes:
    """N-Triples text as Turtle statements with kg's prefixes, without the prefix lines
    (Turtle is written as one header followed by the bodies of the graphs)."""
    if not ntriples:
        return b""
    names = turtle_prefixes(base)
    out = ox.serialize(
        ox.parse(ntriples, format=ox.RdfFormat.N_TRIPLES),
        format=ox.RdfFormat.TURTLE,
        prefixes=names,
    )
    cut = 0
    for _ in names:  # Oxigraph starts with one "@prefix" line per prefix given
        assert out.startswith(b"@prefix ", cut)
        cut = out.index(b"\n", cut) + 1
    return out[cut:]


@dataclass
class Statements:
    """The graph as N-Triples text, one :class:`GraphPart` per named graph.

    The union of the graphs (Turtle, N-Triples) is the merged heads, then each
    graph's body in the order of the graph IRIs: the same input always gives
    the same bytes, and no statement appears twice.
    """

    graphs: dict[str, GraphPart]

    def __post_init__(self) -> None:
        self._separate()

    def _separate(self) -> None:
        """Keep bodies about subjects of their own: should two bodies (or a body and a
        head) describe one subject, its lines move to the heads, which are merged."""
        seen: set[str] = set()
        shared = {line[: line.index(" ")] for part in self.graphs.values() for line in part.head}
        for part in self.graphs.values():
            for subject in part.subjects:
                if subject in seen:
                    shared.add(subject)
                seen.add(subject)
        for g, part in self.graphs.items():
            if shared.isdisjoint(part.subjects):
                continue
            lines = [t[:-2] for t in part.body.decode("utf-8").splitlines()]
            moved = [t for t in lines if t[: t.index(" ")] in shared]
            kept = [t for t in lines if t[: t.index(" ")] not in shared]
            self.graphs[g] = graph_part([*part.head, *moved], kept)

    @cached_property
    def parts(self) -> list[tuple[str, GraphPart]]:
        return [(g, self.graphs[g]) for g in sorted(self.graphs)]

    @cached_property
    def heads(self) -> list[str]:
        """The merged heads: sorted, distinct lines."""
        return sorted({line for part in self.graphs.values() for line in part.head})

    def __len__(self) -> int:
        return len(self.heads) + sum(part.lines for part in self.graphs.values())

    def subjects(self) -> int:
        """How many distinct subjects the statements have."""
        heads = {line[: line.index(" ")] for line in self.heads}
        return len(heads) + sum(len(part.subjects) for part in self.graphs.values())

    def classes(self) -> dict[str, int]:
        """How many subjects each class (IRI) has."""
        typed: dict[str, set[str]] = {}
        for line in self.heads:
            cls = _class_of(line)
            if cls:
                typed.setdefault(cls, set()).add(line[: line.index(" ")])
        counts = {cls: len(subjects) for cls, subjects in typed.items()}
        for part in self.graphs.values():
            for cls, n in part.classes.items():
                counts[cls] = counts.get(cls, 0) + n
        return counts

    def ntriples_chunks(self) -> Iterator[bytes]:
        """The union as N-Triples, in pieces (written one after another)."""
        yield self._heads_text
        for _, part in self.parts:
            yield part.body

    @cached_property
    def _heads_text(self) -> bytes:
        return (" .\n".join(self.heads) + " .\n").encode("utf-8") if self.heads else b""

    def ntriples(self) -> bytes:
        return self._ntriples

    @cached_property
    def _ntriples(self) -> bytes:
        return b"".join(self.ntriples_chunks())

    def turtle_chunks(self, base: str) -> Iterator[bytes]:
        """The union as Turtle, in pieces: the prefixes, the heads, then each body."""
        yield turtle_header(base)
        yield turtle_body(self._heads_text, base)
        for _, part in self.parts:
            yield part.turtle if part.turtle is not None else turtle_body(part.body, base)

    def nquads(self) -> bytes:
        """Each graph (its head and body) in N-Quads, graph by graph."""
        chunks = []
        for g, part in self.parts:
            end = f" <{g}> .\n"
            chunks.append("".join(f"{line}{end}" for line in part.head).encode("utf-8"))
            chunks.append(part.body.replace(b" .\n", end.encode()))
        return b"".join(chunks)

    def ox_triples(self) -> Iterator[ox.Quad]:
        """The union, parsed by Oxigraph (quads in the default graph), in order."""
        return ox.parse(self.ntriples(), format=ox.RdfFormat.N_TRIPLES)

    def ox_quads(self) -> Iterator[ox.Quad]:
        return ox.parse(self.nquads(), format=ox.RdfFormat.N_QUADS)

    def outline(self) -> Statements:
        """Only the statements :func:`outline_of` keeps, as one graph (the bodies' share
        was picked out when they were made)."""
        heads = outline_of(self.heads)
        body = b"".join(
            [(" .\n".join(heads) + " .\n").encode("utf-8") if heads else b""]
            + [part.outline for _, part in self.parts]
        )
        return Statements({"": GraphPart(head=[], body=body, lines=body.count(b"\n"))})


def to_quads(know: Knowledge, base: str, lexicon: Lexicon | None = None) -> Statements:
    """Every statement of the graph, in named graphs, in a stable order, without duplicates."""
    base = check_base(base)
    lexicon = lexicon or load_lexicon()
    iris = Iris(base)
    graphs: dict[str, GraphPart] = {}
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
    q = _Quads()
    q.use("head")
    _notes_file(q, iris, notes)
    q.use("body")
    for paper, facts in zip(notes.papers, facts_list, strict=True):
        p = iris.paper(paper)
        _paper(q, iris, notes, paper, p)
        for iid in facts.institutions:
            q.add(p, _K.affiliation, iris.institution(iid))
        for pid in facts.people:
            q.add(p, _K.person, iris.person(pid))
        for n, (pid, institutions) in enumerate(facts.authors, start=1):
            a = f"{p}/author/{n}"
            q.add(p, _K.authorship, a)
            q.add(a, A, _K.Authorship)
            q.add(a, _K.author, iris.person(pid))
            q.add(a, _K.position, positive(n))
            for iid in institutions:
                q.add(a, _K.authorAffiliation, iris.institution(iid))
        for code in facts.countries:
            q.add(p, _K.country, iris.country(code))
        for cid in facts.techniques:
            q.add(p, _K.technique, iris.technique(cid))
        for rel, ids in (
            (_K.presents, facts.systems),
            (_K.comparesWith, facts.baselines),
            (_K.mentions, facts.mentions),
        ):
            for eid in ids:
                q.add(p, rel, _entity_iri(iris, know, eid))
        for metric in facts.metrics:
            _metric(q, iris, know, lexicon, p, metric)
    return graph_part(q.graphs["head"], q.graphs["body"], iris.base if turtle else None)


def lexicon_statements(know: Knowledge, iris: Iris, lexicon: Lexicon) -> GraphPart:
    """Shared descriptions: institutions, countries, people, techniques, entities, units."""
    q = _Quads()
    q.use("body")
    _lexicon(q, iris, know, lexicon)
    return graph_part([], q.lines)


def _notes_file(q: _Quads, iris: Iris, notes: NotesFile) -> None:
    src = iris.source(notes)
    q.add(src, A, _K.NotesFile)
    q.add(src, A, PROV.Entity)
    q.add(src, LABEL, lit(notes.name))
    if notes.title:
        q.add(src, DCTERMS.title, lit(notes.title))
    if notes.sha256:
        q.add(src, _n(str(SCHEMA.sha256)), lit(notes.sha256))
    for own in {p.conference.label: p.conference for p in notes.papers}.values():
        if own.name and own.label != notes.conference.label:  # a paper's own conference
            _conference(q, iris, own)
    conf = notes.conference
    if not conf.name:  # notes that never say their conference: no conference node
        for session in notes.sessions:
            s = iris.session(conf, session)
            q.add(s, A, _K.Session)
            q.add(s, LABEL, lit(session.name, guess_language(session.name)))
            q.add(s, _K.position, positive(session.position))
            q.add(s, _K.sourceFile, src)
            q.add(s, _K.sourceLine, positive(session.span.line))
        return
    c = _conference(q, iris, conf)
    for session in notes.sessions:
        s = iris.session(conf, session)
        q.add(s, A, _K.Session)
        q.add(s, LABEL, lit(session.name, guess_language(session.name)))
        q.add(s, _K.conference, c)
        q.add(s, _K.position, positive(session.position))
        q.add(s, _K.sourceFile, src)
        q.add(s, _K.sourceLine, positive(session.span.line))


def _conference(q: _Quads, iris: Iris, conf: Conference) -> str:
    c = iris.conference(conf)
    q.add(c, A, _K.Conference)
    q.add(c, LABEL, lit(conf.label))
    q.add(c, _n(str(SCHEMA.name)), lit(conf.label))
    if conf.year:
        q.add(c, _K.year, typed(str(conf.year), _XSD_YEAR))
    return c


def _paper(q: _Quads, iris: Iris, notes: NotesFile, paper: Paper, p: str) -> None:
    q.add(p, A, _K.Paper)
    q.add(p, _TITLE, lit(paper.title, _name_lang(paper.title)))
    q.add(p, LABEL, lit(paper.title))
    if paper.doi:
        q.add(p, _DOI, lit(paper.doi))
        q.add(p, SAME, str(DOI) + paper.doi)
    if paper.url:
        url_ok = paper.url.isascii() and not _UNSAFE_IRI.search(paper.url)
        q.add(p, _URL, typed(paper.url, _ANY_URI) if url_ok else lit(paper.url))
    if paper.arxiv:
        q.add(p, _K.arxiv, lit(paper.arxiv))
    for link in paper.links:
        if not _WEB_IRI.match(link.url) or _UNSAFE_IRI.search(link.url) or link.url == paper.url:
            continue  # a relative link ("../notes/x.md") or an odd one: not a resource
        q.add(p, _LINK_PROPERTIES.get(link.kind, _SEE_ALSO), link.url)
    if paper.conference.name:
        q.add(p, _K.conference, iris.conference(paper.conference))
    if paper.session:
        q.add(p, _K.session, iris.session(paper.conference, paper.session))
    if paper.institutions:
        q.add(p, _K.affiliationText, lit(paper.institutions, guess_language(paper.institutions)))
    if paper.abstract:
        q.add(p, _ABSTRACT, lit(paper.abstract, paper.abstract_lang or None))
    if paper.remarks:
        q.add(p, _K.remarks, lit(paper.remarks, guess_language(paper.remarks)))
    q.add(p, _K.position, positive(paper.position))
    src = iris.source(notes)
    q.add(p, _K.sourceFile, src)
    q.add(p, _DERIVED, src)
    q.add(p, _K.sourceLine, positive(paper.span.line))
    q.add(p, _K.sourceEndLine, positive(paper.span.end_line))


def _metric(q: _Quads, iris: Iris, know: Knowledge, lexicon: Lexicon, p: str, m: Metric) -> None:
    node = iris.claim(p, m)
    q.add(node, A, _K.Metric)
    q.add(p, _K.claim, node)
    q.add(node, _K.paper, p)
    q.add(node, LABEL, lit(m.text))
    if m.value is not None:
        q.add(node, _K.value, decimal(m.value))
    if m.min is not None and m.max is not None:
        q.add(node, _K.minValue, decimal(m.min))
        q.add(node, _K.maxValue, decimal(m.max))
    q.add(node, _K.unit, iris.unit(m.unit))
    qudt_unit = lexicon.metrics.get("units", {}).get(m.unit, {}).get("qudt")
    if qudt_unit:
        q.add(node, _QUDT_UNIT, UNIT + qudt_unit)
    q.add(node, _K.measures, iris.measure(m.measures))
    q.add(node, _K.direction, DIRECTIONS[m.direction])
    if m.qualifier:
        q.add(node, _K.qualifier, QUALIFIERS[m.qualifier])
    for eid in m.baselines:
        q.add(node, _K.baseline, _entity_iri(iris, know, eid))
    lang = guess_language(m.sentence)
    q.add(node, _K.claimText, lit(m.text, lang))
    q.add(node, _K.sourceSentence, lit(m.sentence, lang))
    q.add(node, _K.sourceLine, positive(m.line))


def _entity_iri(iris: Iris, know: Knowledge, eid: str) -> str:
    entity = know.entities[eid]
    return iris.entity(_entity_path(entity.type), eid)


def _entity_path(etype: str) -> str:
    return {"framework": "system", "supercomputer": "platform"}.get(etype, etype)


def _lexicon(q: _Quads, iris: Iris, know: Knowledge, lexicon: Lexicon) -> None:
    """Descriptions of the shared things the papers point at."""
    for iid in sorted(know.institutions):
        inst = know.institutions[iid]
        node = iris.institution(iid)
        q.add(node, A, _K.Institution)
        q.add(node, PREF, lit(inst.name, _name_lang(inst.name)))
        q.add(node, LABEL, lit(inst.name))
        if inst.name_zh:
            q.add(node, PREF, lit(inst.name_zh, "zh"))
        for alias in inst.aliases:
            q.add(node, ALT, lit(alias, guess_language(alias)))
        q.add(node, _K.resolved, boolean(inst.resolved))
        if inst.country:
            q.add(node, _K.country, iris.country(inst.country))
        if inst.wikidata:
            q.add(node, SAME, WD + inst.wikidata)
        if inst.ror:
            q.add(node, SAME, ROR + inst.ror)
        if inst.parent:
            q.add(
                node,
                _n("http://www.w3.org/ns/org#subOrganizationOf"),
                iris.institution(inst.parent),
            )
            if inst.parent not in know.institutions and inst.parent in lexicon.institutions:
                parent = lexicon.institutions[inst.parent]
                pnode = iris.institution(parent.id)
                q.add(pnode, A, _K.Institution)
                q.add(pnode, PREF, lit(parent.name, "en"))
                q.add(pnode, LABEL, lit(parent.name))
                q.add(pnode, _K.resolved, boolean(True))
    countries = dict(know.countries)
    for inst in know.institutions.values():
        if inst.country and inst.country in lexicon.countries:
            countries.setdefault(inst.country, lexicon.countries[inst.country])
    for code in sorted(countries):
        c = countries[code]
        node = iris.country(code)
        q.add(node, A, _K.Country)
        q.add(node, PREF, lit(c.name, "en"))
        q.add(node, LABEL, lit(c.name))
        if c.name_zh:
            q.add(node, PREF, lit(c.name_zh, "zh"))
        q.add(node, _n(str(SCHEMA.identifier)), lit(code))
        if c.wikidata:
            q.add(node, SAME, WD + c.wikidata)
    affiliated: dict[str, set[str]] = {}
    for f in know.papers:
        for pid, institutions in f.authors:
            affiliated.setdefault(pid, set()).update(institutions)
    for pid in sorted(know.people):
        node = iris.person(pid)
        q.add(node, A, _K.Person)
        for iid in sorted(affiliated.get(pid, ())):
            q.add(node, _AFFILIATED, iris.institution(iid))
            q.add(node, _MEMBER_OF, iris.institution(iid))
        q.add(node, LABEL, lit(know.people[pid].name))
        q.add(node, _n("http://xmlns.com/foaf/0.1/name"), lit(know.people[pid].name))
    _techniques(q, iris, know)
    for eid in sorted(know.entities):
        e = know.entities[eid]
        node = _entity_iri(iris, know, eid)
        q.add(node, A, ENTITY_CLASSES.get(e.type, _K.System))
        q.add(node, LABEL, lit(e.name))
        q.add(node, PREF, lit(e.name))
        for alias in e.aliases:
            q.add(node, ALT, lit(alias))
        if e.description:
            q.add(node, _n(str(DCTERMS.description)), lit(e.description, "en"))
        if e.wikidata:
            q.add(node, SAME, WD + e.wikidata)
    units = lexicon.metrics.get("units", {})
    measures = lexicon.metrics.get("measures", {})
    used_units = sorted({m.unit for f in know.papers for m in f.metrics})
    used_measures = sorted({m.measures for f in know.papers for m in f.metrics})
    for code in used_units:
        spec = units.get(code, {})
        node = iris.unit(code)
        q.add(node, A, _K.Unit)
        q.add(node, PREF, lit(spec.get("label", code), "en"))
        q.add(node, LABEL, lit(spec.get("label", code)))
        if spec.get("label_zh"):
            q.add(node, PREF, lit(spec["label_zh"], "zh"))
        q.add(node, _n(str(SKOS.notation)), lit(code))
        if spec.get("qudt"):
            q.add(node, _n(str(SKOS.exactMatch)), UNIT + spec["qudt"])
    for name in used_measures:
        spec = measures.get(name, {})
        node = iris.measure(name)
        q.add(node, A, _K.Measure)
        q.add(node, PREF, lit(name, "en"))
        q.add(node, LABEL, lit(name))
        if spec.get("label_zh"):
            q.add(node, PREF, lit(spec["label_zh"], "zh"))


def _techniques(q: _Quads, iris: Iris, know: Knowledge) -> None:
    """The technique scheme: the concepts papers use and everything broader."""
    used: set[str] = set()
    stack = [c for f in know.papers for c in f.techniques]
    while stack:
        cid = stack.pop()
        if cid in used or cid not in know.concepts:
            continue
        used.add(cid)
        stack.extend(know.concepts[cid].broader)
    if not used:
        return
    scheme = iris.scheme()
    q.add(scheme, A, SKOS.ConceptScheme)
    q.add(scheme, PREF, lit("Techniques", "en"))
    q.add(scheme, LABEL, lit("Techniques"))
    q.add(scheme, PREF, lit("技术", "zh"))
    for cid in sorted(used):
        c = know.concepts[cid]
        node = iris.technique(cid)
        q.add(node, A, _K.Technique)
        q.add(node, A, SKOS.Concept)
        q.add(node, _n(str(SKOS.inScheme)), scheme)
        q.add(node, PREF, lit(c.label, "en"))
        q.add(node, LABEL, lit(c.label))
        if c.label_zh:
            q.add(node, PREF, lit(c.label_zh, "zh"))
        for s in c.synonyms:
            q.add(node, ALT, lit(s, "en"))
        for s in c.synonyms_zh:
            q.add(node, ALT, lit(s, "zh"))
        if c.definition:
            q.add(node, _n(str(SKOS.definition)), lit(c.definition, "en"))
        if not c.broader:
            q.add(node, _n(str(SKOS.topConceptOf)), scheme)
        for b in c.broader:
            q.add(node, _n(str(SKOS.broader)), iris.technique(b))


def _name_lang(name: str) -> str:
    """A title or name in ASCII is English (even "E.T." or "3D"); otherwise, guess."""
    return "en" if name.isascii() else guess_language(name)


def oxigraph_graph() -> tuple[rdflib.Graph, ox.Store]:
    """An empty rdflib Graph backed by Oxigraph (oxrdflib), and its pyoxigraph store."""
    graph = rdflib.Graph(store="Oxigraph", identifier=DATASET_DEFAULT_GRAPH_ID)
    return graph, graph.store._inner


def to_graph(statements: Statements) -> rdflib.Graph:
    """An rdflib Graph, backed by Oxigraph, holding the union of the named graphs."""
    graph, store = oxigraph_graph()
    store.bulk_load(statements.ntriples(), format=ox.RdfFormat.N_TRIPLES)
    return graph


DCAT = "http://www.w3.org/ns/dcat#"
VOID = "http://rdfs.org/ns/void#"
MEDIA_TYPES = {
    "turtle": ("graph.ttl", "text/turtle"),
    "ntriples": ("graph.nt", "application/n-triples"),
    "jsonld": ("graph.jsonld", "application/ld+json"),
    "trig": ("graph.trig", "application/trig"),
    "nquads": ("graph.nq", "application/n-quads"),
}


def _short(iri: str, base: str) -> str:
    """``kg-Paper`` for kg:Paper: a readable IRI segment for a class."""
    for name, ns in prefixes(base).items():
        if iri.startswith(ns) and iri[len(ns) :].isidentifier():
            return f"{name}-{iri[len(ns) :]}"
    return slug(iri)


def describe(
    statements: Statements,
    know: Knowledge,
    base: str,
    formats: Iterable[str] = ("turtle",),
    license_iri: str = "https://creativecommons.org/licenses/by/4.0/",
) -> Statements:
    """A VoID and DCAT description of the dataset: size, classes, sources, licence, generator."""
    iris = Iris(check_base(base))
    ds = f"{iris.base}dataset"
    q = _Quads()
    q.use(ds)
    classes = statements.classes()
    q.add(ds, A, _n(VOID + "Dataset"))
    q.add(ds, A, _n(DCAT + "Dataset"))
    q.add(ds, DCTERMS.title, lit("Knowledge graph of conference-paper notes", "en"))
    q.add(
        ds,
        DCTERMS.description,
        lit(
            f"{len(know.papers)} papers read by kg from {len(know.corpus.files)} notes file(s).",
            "en",
        ),
    )
    q.add(ds, DCTERMS.license, license_iri)
    q.add(ds, VOID + "triples", typed(str(len(statements)), _XSD_INT))
    q.add(ds, VOID + "distinctSubjects", typed(str(statements.subjects()), _XSD_INT))
    q.add(ds, VOID + "classes", typed(str(len(classes)), _XSD_INT))
    q.add(ds, _n(VOID + "uriSpace"), lit(iris.base))
    q.add(ds, _n(VOID + "vocabulary"), _n(str(KG._NS)))
    for cls in sorted(classes):
        part = f"{ds}/class/{_short(cls, base)}"
        q.add(ds, _n(VOID + "classPartition"), part)
        q.add(part, _n(VOID + "class"), cls)
        q.add(part, VOID + "entities", typed(str(classes[cls]), _XSD_INT))
    for notes in know.corpus.files:
        src = iris.source(notes)
        q.add(ds, DCTERMS.source, src)
        q.add(src, A, _K.NotesFile)
        q.add(src, LABEL, lit(notes.name))
        if notes.sha256:
            q.add(src, _n(str(SCHEMA.sha256)), lit(notes.sha256))
    build = f"{ds}/build"
    agent = f"{ds}/generator"
    q.add(ds, PROV.wasGeneratedBy, build)
    q.add(build, A, PROV.Activity)
    for notes in know.corpus.files:
        q.add(build, PROV.used, iris.source(notes))
    q.add(build, PROV.wasAssociatedWith, agent)
    q.add(agent, A, PROV.SoftwareAgent)
    q.add(agent, LABEL, lit("kg"))
    q.add(agent, _n(str(SCHEMA.softwareVersion)), lit(__version__))
    q.add(ds, DCTERMS.creator, agent)
    for fmt in formats:
        name, media = MEDIA_TYPES[fmt]
        dist = f"{ds}/distribution/{slug(name)}"
        q.add(ds, _n(DCAT + "distribution"), dist)
        q.add(dist, A, _n(DCAT + "Distribution"))
        q.add(dist, DCTERMS.title, lit(name))
        q.add(dist, _n(DCAT + "mediaType"), f"https://www.iana.org/assignments/media-types/{media}")
        q.add(dist, DCTERMS.license, license_iri)
    return Statements({ds: graph_part([], q.lines)})


__all__ = ["Iris", "Statements", "describe", "to_graph", "to_quads"]
