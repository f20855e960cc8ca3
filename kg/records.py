"""Plain records that flow between the steps of the pipeline.

``notes`` produces :class:`Corpus` (what the notes say), ``extract`` adds
:class:`Knowledge` (what kg understood), ``graph`` turns that into RDF.
Nothing here knows about RDF, files or YAML.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# --- step 1: what the notes say -------------------------------------------------


@dataclass(frozen=True)
class Span:
    """Where something was written: a notes file and a 1-based line range."""

    path: str
    line: int
    end_line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass(frozen=True)
class Problem:
    """Something in the notes kg could not use as written."""

    severity: str  # "error" (something was not used) or "warning" (used, but doubtful)
    path: str
    line: int
    message: str
    excerpt: str = ""

    def __str__(self) -> str:
        text = f"{self.path}:{self.line}: {self.severity}: {self.message}"
        if self.excerpt:
            text += f": {self.excerpt!r}"
        return text


@dataclass(frozen=True)
class Conference:
    name: str  # short name as written, e.g. "SC"
    year: int | None
    span: Span | None = None
    source: str = (
        ""  # where kg found it: "option", "kg.yaml", "front matter", "label", "heading", "text"
    )
    guessed: bool = False  # True when kg had to guess (from phrases in the text)

    @property
    def label(self) -> str:
        return f"{self.name} {self.year}" if self.year else self.name


@dataclass(frozen=True)
class Session:
    name: str
    position: int  # 1-based order within its notes file
    span: Span


@dataclass(frozen=True)
class Author:
    """A person named as an author of a paper, with the affiliations written for them."""

    name: str
    affiliations: tuple[str, ...] = ()  # as written: "Technical University of Munich, Germany"


@dataclass(frozen=True)
class PaperLink:
    """A link kept on a paper: the address, what it is, and its text."""

    url: str
    kind: str  # paper | video | slides | code | other
    text: str = ""


@dataclass(frozen=True)
class Paper:
    title: str
    doi: str | None  # lower-case, without resolver prefix
    url: str | None  # the link as written
    institutions: str  # the authors and affiliations as written (labelled field, author lines)
    abstract: str
    abstract_lang: str  # BCP 47 tag guessed from the script: "zh" or "en"
    abstract_lines: tuple[int, ...]  # the file line of each line of the abstract
    remarks: str  # the note-taker's own remarks
    session: str | None  # name of the session, None before the first session line
    position: int  # 1-based order within its notes file
    span: Span
    conference: Conference
    authors: tuple[Author, ...] = ()  # in author order, when the notes name people
    affiliations: tuple[str, ...] = ()  # institutions named for no author in particular
    links: tuple[PaperLink, ...] = ()  # every link in the paper's block
    arxiv: str | None = None  # an arXiv id ("2006.06762") from a link
    # the names the notes give the paper's system beside its title ("Title（vLLM）")
    names: tuple[str, ...] = ()
    cues: tuple[
        str, ...
    ] = ()  # why kg read this block as a paper ("heading", "authors", "doi" ...)
    # the phrases its summary sets in bold or italics ("''vertex parallelism''")
    marked: tuple[str, ...] = ()


@dataclass(frozen=True)
class Skipped:
    """A block of the notes that is no paper, no session and no metadata: not used."""

    span: Span
    excerpt: str
    reason: str


@dataclass
class NotesFile:
    path: str  # as shown to the user
    name: str  # stable name relative to the input root, used in IRIs and provenance
    title: str  # the document's own title line, if any
    conference: Conference
    sessions: list[Session] = field(default_factory=list)
    papers: list[Paper] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    sha256: str = ""
    skipped: list[Skipped] = field(default_factory=list)
    metadata: dict[str, str] = field(default_factory=dict)  # front matter: title, date, tags ...


@dataclass
class Corpus:
    files: list[NotesFile] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)  # problems across files

    @property
    def papers(self) -> list[Paper]:
        return [p for f in self.files for p in f.papers]

    @property
    def all_problems(self) -> list[Problem]:
        found = [p for f in self.files for p in f.problems] + self.problems
        return sorted(found, key=lambda p: (p.path, p.line, p.message))


# --- step 2: what kg understood ---------------------------------------------------


@dataclass(frozen=True)
class Country:
    code: str  # ISO 3166-1 alpha-2
    name: str
    name_zh: str = ""
    wikidata: str = ""


@dataclass(frozen=True)
class Institution:
    id: str
    name: str
    name_zh: str = ""
    country: str = ""  # ISO code
    kind: str = ""
    wikidata: str = ""
    ror: str = ""
    aliases: tuple[str, ...] = ()
    parent: str = ""
    resolved: bool = True  # False: named in the notes, not in the registry


@dataclass(frozen=True)
class Person:
    id: str
    name: str


@dataclass(frozen=True)
class Concept:
    """A technique in the SKOS concept scheme."""

    id: str
    label: str
    label_zh: str = ""
    synonyms: tuple[str, ...] = ()
    synonyms_zh: tuple[str, ...] = ()
    broader: tuple[str, ...] = ()
    definition: str = ""
    scheme: str = ""  # "" for the curated scheme; "discovered" for one kg found in the text
    example: str = ""  # a discovered technique's evidence: the sentence it was found in
    kind: str = "technique"  # or "topic": a research area or goal, not a technique


@dataclass(frozen=True)
class Entity:
    """A named thing: a system, library, hardware, platform, dataset or model; or a
    method, an approach known by its name ("2PL", "Paxos", "ECMP") that a paper compares
    with, an instance of the scheme's ``technique``."""

    id: str
    name: str
    type: str
    aliases: tuple[str, ...] = ()
    description: str = ""
    wikidata: str = ""
    technique: str = ""  # a method's concept in kg's technique scheme


@dataclass(frozen=True)
class Metric:
    """A quantitative claim found in an abstract."""

    paper_doi: str | None
    index: int  # 1-based order within its paper
    text: str  # the phrase the number came from
    sentence: str  # the whole source sentence
    line: int
    unit: str  # unit code, see kg/lexicons/metrics.yaml
    value: float | None = None
    min: float | None = None
    max: float | None = None
    measures: str = "other"
    direction: str = "neutral"  # improvement | reduction | neutral
    qualifier: str = ""  # up-to | more-than | at-least | on-average | less-than | about
    baselines: tuple[str, ...] = ()  # entity ids the claim is compared with
    compared_with: str = ""  # an unnamed baseline, as written: "existing systems", "现有设计"


@dataclass
class PaperFacts:
    paper: Paper
    institutions: list[str] = field(default_factory=list)  # Institution ids
    people: list[str] = field(default_factory=list)  # Person ids
    # in author order: (Person id, the Institution ids given for that person on this paper)
    authors: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    countries: list[str] = field(default_factory=list)  # ISO codes named in the field
    techniques: list[str] = field(default_factory=list)  # Concept ids
    topics: list[str] = field(default_factory=list)  # Concept ids of kind "topic"
    systems: list[str] = field(default_factory=list)  # entity ids the paper presents
    baselines: list[str] = field(default_factory=list)  # entity ids compared against
    mentions: list[str] = field(default_factory=list)  # other entity ids named
    metrics: list[Metric] = field(default_factory=list)


@dataclass
class Knowledge:
    corpus: Corpus
    papers: list[PaperFacts] = field(default_factory=list)
    institutions: dict[str, Institution] = field(default_factory=dict)
    people: dict[str, Person] = field(default_factory=dict)
    countries: dict[str, Country] = field(default_factory=dict)
    concepts: dict[str, Concept] = field(default_factory=dict)  # the whole scheme
    entities: dict[str, Entity] = field(default_factory=dict)  # only those named
    problems: list[Problem] = field(default_factory=list)
    unresolved_at: dict[str, str] = field(default_factory=dict)  # id -> "file:line" first named

    @property
    def unresolved(self) -> list[Institution]:
        return sorted((i for i in self.institutions.values() if not i.resolved), key=lambda i: i.id)
