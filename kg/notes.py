"""Step 1: notes files -> :class:`~kg.records.Corpus`.

The reader is a line-by-line state machine. It knows the shape of notes
(a header, sessions, papers with labelled fields, free text), not the words:
the labels come from ``kg/lexicons/labels.yaml``.

Nothing is dropped silently: whatever the reader cannot use becomes a
:class:`~kg.records.Problem` naming the file and line.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from .errors import NotesError
from .records import Conference, Corpus, NotesFile, Paper, Problem, Session, Span

NOTES_SUFFIXES = (".txt", ".md", ".markdown", ".notes")

DOI_RE = re.compile(r"\b(10\.\d{4,9}/[^\s\"'<>，。、；]+)", re.IGNORECASE)
URL_RE = re.compile(r"^<?(https?://\S+?)>?$", re.IGNORECASE)
NUMBERING_RE = re.compile(r"^[(（]?\d{1,3}\s*[,，.、)）:：]?$")
LEADING_MARKUP_RE = re.compile(r"^(?:#{1,6}\s+|[-*+]\s+|\d{1,3}\s*[.、)）]\s+|>\s*)+")
HEADING_RE = re.compile(r"^(#{1,6})\s+(.*?)\s*#*$")
CJK_RE = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
LATIN_RE = re.compile(r"[A-Za-z]")
YEAR_RE = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")
SHORT_YEAR_RE = re.compile(r"^(?P<name>[A-Za-z][A-Za-z\-]*?)\s*['’]?(?P<yy>\d\d)(?!\d)")


@dataclass(frozen=True)
class Labels:
    """The words that mark fields, sessions and the end of the notes."""

    fields: dict[str, tuple[str, ...]]
    conference: tuple[str, ...]
    ignored: tuple[str, ...]
    session: tuple[str, ...]
    end_of_notes: tuple[str, ...]
    _label_re: re.Pattern[str] = field(init=False, repr=False, compare=False)
    _bare_re: re.Pattern[str] = field(init=False, repr=False, compare=False)
    _session_re: re.Pattern[str] = field(init=False, repr=False, compare=False)
    _kind: dict[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        kind: dict[str, str] = {}
        for name, words in self.fields.items():
            for word in words:
                kind[word.casefold()] = name
        for word in self.conference:
            kind[word.casefold()] = "conference"
        for word in self.ignored:
            kind[word.casefold()] = "ignored"
        object.__setattr__(self, "_kind", kind)
        # longest first so that "Paper title" wins over "Paper"
        alternatives = "|".join(re.escape(w) for w in sorted(kind, key=len, reverse=True))
        label_re = re.compile(
            rf"^(?:\*\*|__)?(?P<label>{alternatives})(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*(?P<value>.*)$",
            re.IGNORECASE,
        )
        bare = "|".join(
            re.escape(w)
            for w in sorted(
                (*self.fields.get("abstract", ()), *self.fields.get("remarks", ())),
                key=len,
                reverse=True,
            )
        )
        bare_re = re.compile(
            rf"^(?:\*\*|__)?(?P<label>{bare})(?:\*\*|__)?\s*[:：]?$", re.IGNORECASE
        )
        words = "|".join(re.escape(w) for w in sorted(self.session, key=len, reverse=True))
        session_re = re.compile(
            rf"^(?:#{{1,6}}\s*)?(?:\*\*)?(?:{words})(?:\s*[:：\-–—]\s*|\s+)(?P<name>.+?)(?:\*\*)?$",
            re.IGNORECASE,
        )
        object.__setattr__(self, "_label_re", label_re)
        object.__setattr__(self, "_bare_re", bare_re)
        object.__setattr__(self, "_session_re", session_re)

    def label(self, line: str) -> tuple[str, str] | None:
        """``(kind, value)`` when the line starts with a known label."""
        m = self._label_re.match(line)
        if not m:
            return None
        return self._kind[m.group("label").casefold()], m.group("value").strip()

    def bare_label(self, line: str) -> str | None:
        """``"abstract"`` or ``"remarks"`` when the line is only such a label."""
        m = self._bare_re.match(line)
        return self._kind[m.group("label").casefold()] if m else None

    def session_name(self, line: str) -> str | None:
        m = self._session_re.match(line)
        return m.group("name").strip() if m else None

    def is_end(self, line: str) -> bool:
        folded = line.casefold()
        return any(folded.startswith(w.casefold()) for w in self.end_of_notes)


# --- public entry points ---------------------------------------------------------


def find_notes(paths: Iterable[str | Path]) -> list[Path]:
    """The notes files under the given files and folders, in a stable order."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(
                p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in NOTES_SUFFIXES
            )
        elif path.is_file():
            found.append(path)
        else:
            raise NotesError("no such file or folder", str(path))
    unique = {p.resolve(): p for p in found}
    return [unique[k] for k in sorted(unique, key=lambda p: p.as_posix())]


def read_notes(paths: Iterable[str | Path], labels: Labels | None = None) -> Corpus:
    """Read notes files and folders into a :class:`Corpus`.

    Files are read in a stable order whatever order they are given in. A DOI
    seen twice keeps its first paper; the second is reported.
    """
    if labels is None:
        from .lexicon import load_labels

        labels = load_labels()
    corpus = Corpus()
    for path, name in notes_files(paths):
        corpus.files.append(read_file(path, labels, name=name))
    drop_duplicates(corpus)
    return corpus


def notes_files(paths: Iterable[str | Path]) -> list[tuple[Path, str]]:
    """The notes files under the given files and folders, each with its stable name
    (relative to the folder it was found under), in a stable order."""
    given = [Path(p) for p in paths]
    roots = [p if p.is_dir() else p.parent for p in given]
    return [(path, _stable_name(path, roots)) for path in find_notes(given)]


def read_file(
    path: str | Path, labels: Labels, name: str | None = None, data: bytes | None = None
) -> NotesFile:
    """Read one notes file (``data``: its bytes, when already read). Undecodable input
    is reported, not raised."""
    path = Path(path)
    shown = str(path)
    data = path.read_bytes() if data is None else data
    digest = hashlib.sha256(data).hexdigest()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        bad = data[exc.start : exc.start + 8]
        notes = NotesFile(shown, name or path.name, "", Conference("", None), sha256=digest)
        notes.problems.append(
            Problem("error", shown, line, "file is not UTF-8; nothing read from it", repr(bad))
        )
        return notes
    notes = parse_text(text, shown, labels, name=name or path.name)
    notes.sha256 = digest
    return notes


def parse_text(text: str, path: str, labels: Labels, name: str | None = None) -> NotesFile:
    """Parse the text of one notes file (the reader's core, used by the tests directly)."""
    return _Reader(path, name or Path(path).name, labels).read(text.lstrip("\ufeff").splitlines())


# --- the state machine -------------------------------------------------------------


@dataclass
class _Draft:
    """A paper being read."""

    line: int
    title: str = ""
    title_pending: bool = False  # "Title:" with the title on the next line
    link: str = ""
    link_line: int = 0
    institutions: str = ""
    abstract: list[str] = field(default_factory=list)
    abstract_lines: list[int] = field(default_factory=list)
    remarks: list[str] = field(default_factory=list)
    block: str = "header"  # header | abstract | remarks
    end_line: int = 0
    session: Session | None = None

    def add(self, number: int, text: str) -> None:
        if self.block == "remarks":
            self.remarks.append(text)
        else:
            self.abstract.append(text)
            self.abstract_lines.append(number)


class _Reader:
    def __init__(self, path: str, name: str, labels: Labels) -> None:
        self.path = path
        self.name = name
        self.labels = labels
        self.problems: list[Problem] = []
        self.sessions: list[Session] = []
        self.papers: list[Paper] = []
        self.title = ""
        self.conference_text = ""
        self.conference_line = 0
        self.draft: _Draft | None = None
        self.session: Session | None = None
        self.seen_content = False

    def problem(self, severity: str, line: int, message: str, excerpt: str = "") -> None:
        self.problems.append(Problem(severity, self.path, line, message, excerpt[:80]))

    def read(self, lines: Sequence[str]) -> NotesFile:
        for number, raw in enumerate(lines, start=1):
            line = raw.strip()
            if not line:
                continue
            self.seen_content = True
            if self.labels.is_end(line):
                break
            self.step(number, line)
        self.close_paper()
        conference = self.make_conference()
        papers = [replace(p, conference=conference) for p in self.papers]
        if not self.seen_content:
            self.problem("error", 1, "empty file: no notes in it")
        elif not papers and not any(p.severity == "error" for p in self.problems):
            self.problem(
                "warning",
                1,
                "no paper found: a paper starts with a title label such as "
                f"{self.labels.fields['title'][0]!r} or 'Title:'",
            )
        return NotesFile(
            path=self.path,
            name=self.name,
            title=self.title,
            conference=conference,
            sessions=self.sessions,
            papers=papers,
            problems=self.problems,
        )

    def step(self, number: int, line: str) -> None:
        draft = self.draft
        plain = LEADING_MARKUP_RE.sub("", line) if not HEADING_RE.match(line) else line
        heading = HEADING_RE.match(line)

        # "Title:" alone: the title is on the next line
        if draft is not None and draft.title_pending:
            draft.title_pending = False
            if self.labels.label(plain) is None and self.labels.session_name(line) is None:
                draft.title = plain
                draft.end_line = number
                return

        found = self.labels.label(plain)
        if found is not None:
            self.field(number, line, *found)
            return
        bare = self.labels.bare_label(plain)
        if bare is not None:
            self.field(number, line, bare, "")
            return
        session = self.labels.session_name(line)
        if session is None and heading and len(heading.group(1)) >= 2:
            session = heading.group(2).strip() or None
        if session is not None:
            self.start_session(number, session)
            return
        if heading and len(heading.group(1)) == 1:
            if not self.title and draft is None:
                self.title = heading.group(2).strip()
            return
        if NUMBERING_RE.match(line):
            return  # stray numbering between papers: "1," "2" "3,"
        url = URL_RE.match(plain)
        if url:
            if draft is not None and not draft.link and DOI_RE.search(url.group(1)):
                draft.link, draft.link_line = url.group(1), number
                draft.end_line = number
                return
            if draft is not None:
                draft.block = "closed"  # a bare URL is page chrome: the source page
            return
        self.text(number, line)

    def field(self, number: int, line: str, kind: str, value: str) -> None:
        draft = self.draft
        if kind == "ignored":
            return
        if kind == "conference":
            if not self.conference_text:
                self.conference_text, self.conference_line = value, number
            return
        if kind == "title":
            self.close_paper()
            self.draft = _Draft(line=number, title=value, title_pending=not value)
            self.draft.session = self.session
            self.draft.end_line = number
            return
        if kind in ("institutions", "link"):
            if draft is None or draft.block != "header":
                self.close_paper()
                self.draft = draft = _Draft(line=number, session=self.session)
            current = draft.institutions if kind == "institutions" else draft.link
            if current:
                self.problem("warning", number, f"second {kind} field for one paper ignored", line)
                return
            if kind == "institutions":
                draft.institutions = value
            else:
                draft.link, draft.link_line = value, number
            draft.end_line = number
            return
        # abstract or remarks
        if draft is None or draft.block == "closed":
            self.problem("warning", number, f"{kind} label with no paper before it; ignored", line)
            return
        draft.block = kind
        if value:
            draft.add(number, value)
        draft.end_line = number

    def text(self, number: int, line: str) -> None:
        draft = self.draft
        if draft is None:
            if not self.title and not self.papers and not self.sessions:
                self.title = line  # the document's title line
            else:
                self.problem("warning", number, "text outside any paper ignored", line)
            return
        if draft.block == "closed":
            self.problem("warning", number, "text after the end of a paper ignored", line)
            return
        if draft.block == "header":
            draft.block = "abstract"  # free text after a paper's fields is its abstract
        draft.add(number, line)
        draft.end_line = number

    def start_session(self, number: int, name: str) -> None:
        self.close_paper()
        self.session = Session(name, len(self.sessions) + 1, Span(self.path, number, number))
        self.sessions.append(self.session)

    def close_paper(self) -> None:
        draft, self.draft = self.draft, None
        if draft is None:
            return
        span = Span(self.path, draft.line, max(draft.end_line, draft.line))
        excerpt = draft.title or draft.link or draft.institutions or " ".join(draft.abstract)
        if not draft.title:
            self.problem("error", draft.line, "paper with no title; not used", excerpt)
            return
        doi = None
        if draft.link:
            m = DOI_RE.search(draft.link)
            if m:
                doi = normalize_doi(m.group(1))
            else:
                self.problem(
                    "warning",
                    draft.link_line,
                    "link is not a DOI; paper kept without one",
                    draft.link,
                )
        else:
            self.problem("warning", draft.line, "paper has no link or DOI", draft.title)
        if not draft.institutions:
            self.problem("warning", draft.line, "paper names no institution", draft.title)
        abstract = "\n".join(draft.abstract).strip()
        self.papers.append(
            Paper(
                title=_clean_title(draft.title),
                doi=doi,
                url=draft.link or None,
                institutions=draft.institutions,
                abstract=abstract,
                abstract_lang=guess_language(abstract) if abstract else "",
                abstract_lines=tuple(draft.abstract_lines),
                remarks="\n".join(draft.remarks).strip(),
                session=draft.session.name if draft.session else None,
                position=len(self.papers) + 1,
                span=span,
                conference=Conference("", None),
            )
        )

    def make_conference(self) -> Conference:
        text, line = self.conference_text, self.conference_line
        if not text:
            text = self.title or Path(self.name).stem
            if self.papers:
                self.problem(
                    "warning",
                    1,
                    "no conference line (such as 'Conference: SC 2021'); "
                    f"guessed from {'the title' if self.title else 'the file name'}",
                    text,
                )
        name, year = parse_conference(text)
        return Conference(name, year, Span(self.path, line, line) if line else None)


# --- small helpers ------------------------------------------------------------------


def normalize_doi(doi: str) -> str:
    """Lower-case (DOIs are case-insensitive) without trailing punctuation."""
    return doi.rstrip(".,;:)]}>").lower()


def guess_language(text: str) -> str:
    if text.isascii():
        return "en" if LATIN_RE.search(text) else "zh"
    cjk = len(text) - len(CJK_RE.sub("", text))
    latin = len(text) - len(LATIN_RE.sub("", text))
    # a Chinese character carries about as much as a five-letter word
    return "zh" if cjk * 5 >= latin else "en"


def parse_conference(text: str) -> tuple[str, int | None]:
    """``"SC 2021"`` -> ``("SC", 2021)``; ``"OSDI '22"`` -> ``("OSDI", 2022)``; "SC21 ..." too."""
    text = text.strip()
    m = YEAR_RE.search(text)
    if m:
        name = (text[: m.start()] + text[m.end() :]).strip(" -–—,'’()[]")
        return (name or text), int(m.group(1))
    m = SHORT_YEAR_RE.match(text)
    if m:
        return m.group("name"), 2000 + int(m.group("yy"))
    return text, None


def _clean_title(title: str) -> str:
    return re.sub(r"\s+", " ", title).strip().strip("*").strip()


def _stable_name(path: Path, roots: Sequence[Path]) -> str:
    """The file's name relative to the folder it was found under (POSIX separators)."""
    resolved = path.resolve()
    for root in roots:
        try:
            return resolved.relative_to(root.resolve()).as_posix()
        except ValueError:
            continue
    return path.name


def drop_duplicates(corpus: Corpus) -> dict[int, tuple[int, ...]]:
    """Keep the first paper of each DOI; report the others and drop them from their files.

    Returns, for each file that lost papers, the positions (in its list of
    papers) of those dropped.
    """
    first: dict[str, Paper] = {}
    dropped: dict[int, tuple[int, ...]] = {}
    for index, notes in enumerate(corpus.files):
        kept = []
        for at, paper in enumerate(notes.papers):
            if paper.doi and paper.doi in first:
                seen = first[paper.doi]
                notes.problems.append(
                    Problem(
                        "error",
                        notes.path,
                        paper.span.line,
                        f"duplicate DOI {paper.doi} (first at {seen.span}); this copy not used",
                        paper.title,
                    )
                )
                dropped[index] = (*dropped.get(index, ()), at)
                continue
            if paper.doi:
                first[paper.doi] = paper
            kept.append(paper)
        notes.papers = kept
    return dropped
