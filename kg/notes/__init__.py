"""Step 1: notes files -> :class:`~kg.records.Corpus`.

- ``markdown``: the text as lines with their Markdown structure (markdown-it-py);
- ``reader``: papers and sessions found by that structure, with a small score;
- ``shapes``: what a line looks like (a title, an author line, prose, a link);
- ``conference``: which conference and year, and where that was found;
- ``labels``: the words it looks for, from ``kg/lexicon/data/labels.yaml``.

Nothing is dropped silently: whatever the reader cannot use becomes a
:class:`~kg.records.Problem` naming the file and line, and blocks that are
neither papers, sessions nor metadata are listed as skipped (``kg outline``).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import replace
from itertools import pairwise
from pathlib import Path

import regex

from ..files import Settings, notes_files, settings_for, shown_name
from ..lexicon import Lexicon, load_lexicon
from ..records import Conference, Corpus, NotesFile, Paper, Problem, Session, Skipped, Span
from ..text import fold, guess_language
from .anki import anki_to_sheet, is_anki
from .asciidoc import asciidoc_to_markdown, is_asciidoc
from .bibtex import bibtex_fields, bibtex_file
from .canvas import CanvasError, canvas_to_markdown
from .chat import chat_to_markdown, is_chat_export
from .conference import is_year, most_named, parse_conference, venue_in, venue_name
from .frontmatter import (
    bare_front_matter,
    bundled_notes,
    mail_headers,
    page_properties,
    read_front_matter,
)
from .labels import NUMBERED_SECTION, Labels, labels_for
from .latex import is_latex, latex_to_markdown
from .markdown import Headers, Line, parse, split_breaks
from .memo import forget
from .notebook import NotebookError, notebook_to_markdown
from .office import SUFFIXES as OFFICE
from .office import OfficeError, csv_text, docx_to_markdown, pptx_to_markdown, xlsx_sheets
from .org import is_org, org_to_markdown
from .reader import (
    NO_PAPER_UNDER,
    NOT_PART,
    Draft,
    Fields,
    Found,
    Structure,
    carries_fields,
    fields_of,
    tree,
)
from .ris import SUFFIX as RIS
from .ris import is_ris, ris_to_markdown
from .rst import is_rst, rst_to_markdown
from .shapes import (
    AUTHOR_LINE_LIMIT,
    DOI_RE,
    MAYBE_MARKED,
    TRAILING_BRACKETS,
    arxiv_of,
    author_line,
    award_only,
    doi_of,
    footnote_places,
    footnoted_authors,
    is_prose,
    is_question,
    marked_authors,
    normalize_doi,
    own_name,
    section_heading,
    strip_numbering,
    title_shape,
    unwrapped,
)
from .slack import SUFFIX as JSON
from .slack import SlackExportError, is_slack_export, slack_to_markdown
from .spreadsheet import SUFFIXES as SPREADSHEETS
from .spreadsheet import SpreadsheetError, spreadsheet_to_markdown
from .todotxt import is_todo_txt, todo_to_markdown
from .typst import typst_to_markdown
from .webpage import SUFFIXES as WEB_PAGES
from .webpage import webpage_to_markdown
from .wiki import wiki_kind, wiki_to_markdown
from .xmlnotes import (
    EVERNOTE_SUFFIXES,
    FEED_SUFFIXES,
    MINDMAP_SUFFIXES,
    XmlNotesError,
    evernote_to_markdown,
    feed_to_markdown,
    is_feed,
    mindmap_to_markdown,
)

__all__ = [
    "Labels",
    "drop_duplicates",
    "fold",
    "guess_language",
    "labels_for",
    "normalize_doi",
    "parse_conference",
    "parse_text",
    "read_file",
    "read_notes",
]


# --- reading ----------------------------------------------------------------------


def read_notes(
    paths: str | Path | Iterable[str | Path],
    lexicon: Lexicon | None = None,
    conference: str = "",
) -> Corpus:
    """Read notes files and folders into a :class:`Corpus`.

    Files are read in a stable order whatever order they are given in. A DOI
    seen twice keeps its first paper; the second is reported. ``conference``
    ("OSDI 2020") names the conference of notes that do not say it.
    """
    labels = labels_for(lexicon or load_lexicon())
    corpus = Corpus()
    for found in notes_files(paths):
        settings = settings_for(found.path, conference)
        corpus.files.append(read_file(found.path, labels, found.name, settings=settings))
    drop_duplicates(corpus)
    return corpus


def read_file(
    path: str | Path,
    labels: Labels,
    name: str | None = None,
    data: bytes | None = None,
    settings: Settings | None = None,
) -> NotesFile:
    """Read one notes file (``data``: its bytes, when already read). Undecodable input
    is reported, not raised."""
    path = Path(path)
    shown = shown_name(str(path))
    data = path.read_bytes() if data is None else data
    digest = hashlib.sha256(data).hexdigest()
    if path.suffix.lower() in OFFICE:
        notes = _read_office(path, shown, labels, name or path.name, data, settings)
        notes.sha256 = digest
        return notes
    try:
        if b"\x00" in data:  # UTF-16 without its mark decodes as UTF-8 full of NULs
            at = data.index(b"\x00")
            raise UnicodeDecodeError("utf-8", data, at, at + 1, "NUL byte: UTF-16?")
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        bad = data[exc.start : exc.start + 8]
        notes = NotesFile(shown, name or path.name, "", Conference("", None), sha256=digest)
        notes.problems.append(
            Problem("error", shown, line, "file is not UTF-8; nothing read from it", repr(bad))
        )
        return notes
    if path.suffix.lower() == ".canvas":
        notes = _read_canvas(text, shown, labels, name or path.name, settings)
        notes.sha256 = digest
        return notes
    try:
        notes = parse_text(text, shown, labels, name=name or path.name, settings=settings)
    except RecursionError:  # 5,000 nested quotes or list levels: no notes nest so deep
        notes = NotesFile(shown, name or path.name, "", Conference("", None), sha256=digest)
        notes.problems.append(
            Problem("error", shown, 1, "the notes nest too deeply to read; nothing read from it")
        )
        return notes
    notes.sha256 = digest
    return notes


def _read_office(
    path: Path, shown: str, labels: Labels, name: str, data: bytes, settings: Settings | None
) -> NotesFile:
    """A Word document or an Excel workbook (:mod:`.office`): its text, then the reader's."""
    found: list[Problem] = []
    origin: tuple[int, ...] = ()
    try:
        if path.suffix.lower() == ".docx":
            text = docx_to_markdown(data)
        elif path.suffix.lower() == ".pptx":
            text, origin = pptx_to_markdown(data)
        else:
            text = _workbook_text(xlsx_sheets(data), shown, labels, found)
    except OfficeError as exc:
        notes = NotesFile(shown, name, "", Conference("", None))
        notes.problems.append(Problem("error", shown, exc.line, f"{exc}; nothing read from it"))
        return notes
    notes = parse_text(text, shown, labels, name=name, settings=settings)
    notes.problems[:0] = found
    return _at_origin(notes, origin) if origin else notes


def _read_canvas(
    text: str, shown: str, labels: Labels, name: str, settings: Settings | None
) -> NotesFile:
    """An Obsidian Canvas board (:mod:`.canvas`): its text cards, each line named by the
    line of its card."""
    try:
        markdown, origin = canvas_to_markdown(text)
    except CanvasError as exc:
        notes = NotesFile(shown, name, "", Conference("", None))
        notes.problems.append(Problem("error", shown, exc.line, f"{exc}; nothing read from it"))
        return notes
    return _at_origin(parse_text(markdown, shown, labels, name=name, settings=settings), origin)


def _at_origin(notes: NotesFile, origin: tuple[int, ...]) -> NotesFile:
    """The notes with each line number of the text read replaced by the place in the
    file that text came from (``origin``: a slide's number, a card's line, per line)."""

    def at(number: int) -> int:
        return origin[min(max(number, 1), len(origin)) - 1] if origin else number

    def span(where: Span) -> Span:
        return replace(where, line=at(where.line), end_line=at(where.end_line))

    def conference(conf: Conference) -> Conference:
        return replace(conf, span=span(conf.span)) if conf.span is not None else conf

    notes.conference = conference(notes.conference)
    notes.sessions = [replace(s, span=span(s.span)) for s in notes.sessions]
    notes.papers = [
        replace(
            p,
            span=span(p.span),
            abstract_lines=tuple(at(n) for n in p.abstract_lines),
            conference=conference(p.conference),
        )
        for p in notes.papers
    ]
    notes.problems = [replace(p, line=at(p.line)) for p in notes.problems]
    notes.skipped = [replace(s, span=span(s.span)) for s in notes.skipped]
    return notes


def _workbook_text(
    sheets: list[tuple[str, list[list[str]]]], shown: str, labels: Labels, found: list[Problem]
) -> str:
    """The sheets with a column of titles, each read as a ``.csv`` file is, one after
    another (an empty line between); the others are named in a warning. A sheet named
    after a conference ("OSDI 2022", "SOSP'23") with no column of venues gives its papers
    that venue, as a column of its own would."""
    parts: list[str] = []
    at = 1  # the line the next sheet starts on
    for title, cells in sheets:
        rows = cells
        first = next((k for k, row in enumerate(rows) if any(row)), None)
        if (
            first is not None
            and venue_in(title, labels) is not None
            and not any(cell.casefold() in labels.venue_columns for cell in rows[first])
        ):
            width = max(len(row) for row in rows)
            rows = [
                (row + [""] * (width - len(row)) + ["Venue" if k == first else title])
                if k >= first and any(row)
                else row
                for k, row in enumerate(rows)
            ]
        text, header = spreadsheet_to_markdown(
            csv_text(rows), False, labels.title_headers, labels.label_words
        )
        if not any(name.casefold() in labels.title_headers for name in header):
            message = f"sheet {title!r} has no column of titles (headed 'Title'); not read"
            found.append(Problem("warning", shown, at, message, ",".join(header)[:80]))
            text = "\n" * text.count("\n")  # its lines stay, empty
        parts.append(text)
        at += text.count("\n") + 2
    return "\n\n".join(parts)


def parse_text(
    text: str,
    path: str,
    labels: Labels,
    name: str | None = None,
    settings: Settings | None = None,
) -> NotesFile:
    """Parse the text of one notes file (the reader's core, used by the tests directly).
    Accents typed as a letter and a combining mark ("Gae\u0308l") are composed first (NFC),
    so that names and titles read and compare as they look."""
    text = unicodedata.normalize("NFC", text.lstrip("\ufeff"))
    broken = split_breaks(text) if path.lower().endswith(_MARKDOWN) else None
    if broken is not None:  # "**Title**<br>A, B (MIT)<br>…": a line each, named by its own
        notes = _read(broken[0], path, name or Path(path).name, labels, settings or Settings())
        return _at_origin(notes, broken[1])
    return _read(text, path, name or Path(path).name, labels, settings or Settings())


_MARKDOWN = (".md", ".markdown", ".mdown", ".mkd", ".mdx", ".qmd")


def _read(text: str, path: str, name: str, labels: Labels, settings: Settings) -> NotesFile:
    try:
        return _read_lines(text, path, name, labels, settings)
    finally:
        forget()  # what was remembered of this file's lines is of no use for the next


def _read_lines(text: str, path: str, name: str, labels: Labels, settings: Settings) -> NotesFile:
    problems: list[Problem] = []

    def problem(severity: str, line: int, message: str, excerpt: str = "") -> None:
        problems.append(Problem(severity, path, line, message, excerpt[:80]))

    said = False  # a problem says already why nothing is read from the file

    def exported(
        convert: Callable[[str], tuple[str, bool]], raw: str, shared: str, near: bool = True
    ) -> str:
        """The Markdown of an export kg converts (a Slack day, a feed, XML notes, a
        notebook): a file that is none is an error and gives no text; when the converter
        could not keep each line at its line, a warning says so (``shared``, "…: line
        numbers are near" with ``near``)."""
        try:
            markdown, exact = convert(raw)
        except (SlackExportError, XmlNotesError, NotebookError) as exc:
            problem("error", exc.line, f"{exc}; nothing read from it")
            return ""
        if not exact:
            problem("warning", 1, f"{shared}: line numbers are near" if near else shared)
        return markdown

    # line ends Python's splitlines knows but Markdown does not (U+2028, FF ...) stay spaces;
    # so does a lone CR in a file of LF lines (it cut a title in two, and the paper was
    # lost); only a file with no LF at all is one of classic Mac OS's CR lines
    text = text.replace("\r\n", "\n")
    text = text.replace("\r", " " if "\n" in text else "\n")
    for odd in ("\u0085", "\u2028", "\u2029", "\x0b", "\x0c"):
        text = text.replace(odd, " ")
    lower_path = path.lower()  # what the file is, by its name; else by its text
    anki = False
    if lower_path.endswith(".org") or is_org(text):
        # Org's headings, drawers and links, line for line; a drawer's fields the labels know
        text = org_to_markdown(text, lambda key: labels.label(f"{key}:") is not None)
    elif wiki := wiki_kind(lower_path, text):
        text = wiki_to_markdown(text, wiki)  # "=== Title ===", "; Authors", line for line
    elif lower_path.endswith(".txt") and is_todo_txt(text):
        text = todo_to_markdown(text)  # a task a line, its marks, dates and tags dropped
    elif lower_path.endswith(".txt") and is_chat_export(text):
        text = chat_to_markdown(text)  # a channel's messages, "📄 **Title**" a heading
    elif lower_path.endswith(".rst") or is_rst(text):
        text = rst_to_markdown(text)  # section underlines and field lists, line for line
    elif lower_path.endswith((".adoc", ".asciidoc")) or is_asciidoc(text):
        text = asciidoc_to_markdown(text)  # "== Section", "Authors:: A, B", line for line
    elif lower_path.endswith(".typ"):
        text = typst_to_markdown(text)  # "== Title", "*Authors:*", "#link(…)[…]", line for line
    elif lower_path.endswith(".tex") or is_latex(text):
        text = latex_to_markdown(text)  # "\\subsection{Title}", "\\textbf{Authors:}", line for line
    elif lower_path.endswith(JSON) and not is_slack_export(text):
        # "package.json", a tool's settings beside the notes: no messages, no notes
        problem("warning", 1, "not a Slack channel export (an array of messages); not read")
        text, said = "", True
    elif lower_path.endswith(JSON):
        # a day of a Slack channel's export: a paper a message; nothing in it is run
        text = exported(slack_to_markdown, text, "Slack messages sharing a line")
    elif lower_path.endswith(".txt") and is_anki(text):
        text, anki = anki_to_sheet(text), True  # a deck of cards, a note a line: a sheet
    elif lower_path.endswith(SPREADSHEETS):
        try:  # a reference manager's export or a sheet of papers: a table, line for line
            text, header = spreadsheet_to_markdown(
                text, lower_path.endswith(".tsv"), labels.title_headers, labels.label_words
            )
        except SpreadsheetError as exc:
            problem("error", exc.line, f"{exc}; nothing read from it")
            text, header = "", []
        if header and not any(name.casefold() in labels.title_headers for name in header):
            problem(
                "warning",
                1,
                "spreadsheet with no column of titles (headed 'Title'); not read",
                ",".join(header),
            )
            text, said = "", True
    elif lower_path.endswith(WEB_PAGES):
        text, exact = webpage_to_markdown(text)  # a saved blog post; nothing in it is run
        if not exact:
            problem("warning", 1, "web page with blocks sharing a line: line numbers are near")
    elif lower_path.endswith(RIS) or is_ris(text):
        text = ris_to_markdown(text)  # EndNote, Mendeley, NoteExpress exports, line for line
    elif lower_path.endswith(".bib"):
        text, crowded = bibtex_file(text)  # a reference manager's BibTeX export, line for line
        for number in crowded:
            problem("warning", number, "BibTeX entry on too few lines: some of its fields not read")
    elif lower_path.endswith(FEED_SUFFIXES) and not is_feed(text):
        # "pom.xml", a tool's settings beside the notes: no feed, no notes
        problem("warning", 1, "not a web feed kg reads (Atom or RSS); not read")
        text, said = "", True
    elif lower_path.endswith(FEED_SUFFIXES):
        # a blog's Atom or RSS feed: each post's title and body; nothing fetched or run
        text = exported(feed_to_markdown, text, "feed with posts sharing a line")
    elif lower_path.endswith(MINDMAP_SUFFIXES + EVERNOTE_SUFFIXES) and not text.lstrip(
        "\ufeff \t\n"
    ).startswith("<"):
        # "Bridge.mm", Objective-C++ source beside the notes: no mind map, no notes
        problem("warning", 1, "not a mind map or an export kg reads (no XML); not read")
        text, said = "", True
    elif lower_path.endswith(MINDMAP_SUFFIXES + EVERNOTE_SUFFIXES):
        # an outliner's mind map or an Evernote notebook; nothing in it is fetched or run
        evernote = lower_path.endswith(EVERNOTE_SUFFIXES)
        convert = evernote_to_markdown if evernote else mindmap_to_markdown
        text = exported(convert, text, "XML notes with blocks sharing a line")
    elif lower_path.endswith(".ipynb"):
        # a notebook's Markdown and raw cells, line for line; nothing in it is run
        text = exported(
            notebook_to_markdown,
            text,
            "notebook not written a line per source line: line numbers count its cells' text",
            near=False,
        )
    text = bibtex_fields(text)  # a pasted citation: its fields, line for line
    bundle = bundled_notes(text, lambda key: _paper_label(key, labels))
    if bundle is not None:
        text = bundle  # notes put into one file, each with its front matter
    bare = None if bundle else bare_front_matter(text)
    bare = bare or page_properties(text, lambda key: _paper_label(key, labels))
    bare = bare or mail_headers(text)
    if bare is not None:
        text = bare[1]
    sheet = lower_path.endswith((*SPREADSHEETS, ".xlsx")) or anki
    headers = Headers(
        labels.title_headers,
        labels.label_words,
        sheet,
        labels.people_columns,
        labels.place_columns,
        labels.venue_columns,
        labels.year_columns,
        labels.author_columns,
    )
    parsed = parse(text, headers)
    lines = _field_items(_heading_fields(list(parsed.lines), labels), labels)
    lines = _answers(_awards(_wrapped(lines, labels), labels))
    lines = _footnoted(_continued_fields(lines, labels), labels)
    open_fence = _unclosed_fence(text)
    if open_fence is not None:
        at, rest = open_fence
        if DOI_RE.search(rest) or any(labels.label(r.strip(" -*")) for r in rest.split("\n")):
            problem(
                "warning",
                at,
                "this code block is never closed: the rest of the file is read as code, "
                "and the papers in it are not read (close it with the same fence)",
            )
    end = next(
        (i for i, line in enumerate(lines) if labels.is_end(line.text) and _ends(lines, i, labels)),
        len(lines),
    )
    if bare is not None:
        front = read_front_matter(bare[0], 1, labels, problem)
    else:
        front = read_front_matter(parsed.front_matter, 2, labels, problem)
    if not parsed.front_matter_closed:
        problem(
            "warning",
            1,
            "front matter never closed (no '---' line after its fields); "
            "read up to the first blank line",
        )
    lines = [*front.lines, *lines[:end]]
    metadata = front.metadata
    title_line = _title_line(lines, labels)
    top = next((line for line in lines if line.number == title_line), None)
    if metadata.get("title") and top is not None and top.kind == "heading" and top.level > 1:
        title_line = 0  # the front matter titles the page: a lone "### Well Tested" is a part
    heading = next((line for line in lines if line.number == title_line), None)
    doc_title = metadata.get("title") or (heading.text if heading is not None else "")
    heading_title = title_shape(heading.text, labels).title if heading is not None else ""
    found = Structure(labels, title_line).read(tree(lines, labels))
    if front.paper and not found.papers:
        # a literature note: the paper is in its front matter, and the whole page is its
        # notes (its headings go one level down, under the paper's)
        lines = [*front.paper, *(_lower(line) for line in lines)]
        found = Structure(labels, title_line).read(tree(lines, labels))
    elif front.strong:  # the first of the records a page separates with "---" lines
        lines = [*front.record, *lines]
        found = Structure(labels, title_line).read(tree(lines, labels))
    elif title_line and not any(
        draft.title and fold(draft.title) != fold(heading_title) for draft in found.papers
    ):
        # a note about one paper (Obsidian, org-roam, Zotero): the heading at its top is
        # the paper's title, with its authors and sections below, not the notes' title
        # (only when that paper has fields of its own: "# Reading group: LLM serving" over
        # "## Week 1" is the notes' title, and no paper)
        whole = Structure(labels, 0).read(tree(lines, labels))
        titled = [draft for draft in whole.papers if draft.title]
        if [d.start.number for d in titled] == [title_line] and carries_fields(titled[0]):
            found, title_line = whole, 0
    _sections_of_one_paper(found, labels)
    _sections_of_papers(found, lines, labels)
    _sections_named_after_papers(found)
    skipped_lines = {line.number for block, _ in found.skipped for line in block}
    first = lines[0] if lines else None
    if (
        not title_line
        and first is not None
        and first.number in skipped_lines
        and (first.kind == "text" or first.level == 1)
    ):
        title_line = lines[0].number  # a first line that is no paper: the notes' title
        doc_title = doc_title or lines[0].text
    for severity, number, message, excerpt in found.problems:
        problem(severity, number, message, excerpt)

    sessions: list[Session] = []
    session_names: dict[str, str] = {}
    papers: list[Paper] = []
    conference = _conference(settings, metadata, found.conference, lines, title_line, labels, path)
    said = said or any(p.severity == "error" for p in problems)
    if not lines and not parsed.front_matter and not said:
        problem("error", 1, "empty file: no notes in it")  # unless it is said why already
    listed: dict[tuple[str, str | None, tuple[str, ...]], Paper] = {}
    rejected: set[int] = set()  # lines of drafts that were reported as no paper
    for draft in found.papers:
        paper = _paper(draft, path, labels, problem, len(papers) + 1, conference)
        if paper is None:  # reported by _paper
            rejected |= {draft.start.number, *(line.number for line in draft.body)}
            continue
        stub = papers[-1] if papers and _stub_of(papers[-1], paper) else None
        # a schedule's row "[Atoll](https://doi.org/…)", then "=== Atoll: A Scalable … ===":
        # the row only named the paper the section is about
        stub = stub or next((p for p in papers if _named_by(p, paper)), None)
        if stub is not None:  # "## AccMPEG", then "title:: AccMPEG: …" and its fields
            papers.remove(stub)
            listed = {k: v for k, v in listed.items() if v is not stub}
            paper = _joined(paper, stub)  # what the row said keeps: its link and DOI
        # the same paper written out again (a schedule listing it twice): kept once
        same = (fold(paper.title), paper.doi, tuple(fold(a.name) for a in paper.authors))
        if same in listed:
            again = listed[same].span.line
            problem("warning", paper.span.line, f"the paper of line {again} again; not used twice")
            continue
        twin = next((p for p in papers if _cites(p, paper)), None)
        if twin is not None:
            # a note's "## References" citing its own paper ("Jian Weng, …, Tony Nowatzki.
            # 2021. UNIT: …"): one paper; what the citation adds (authors, DOI) joins it
            problem(
                "warning",
                paper.span.line,
                f"the paper of line {twin.span.line} again; what it adds joins it",
            )
            papers[papers.index(twin)] = _joined(twin, paper)
            continue
        earlier = next((p for p in papers if _same_work(p, paper)), None)
        if earlier is not None:
            # "Epoch(SOSP'09)" in an overview, then "1. Epoch Persistency (SOSP'09)" with
            # its points: one work, named twice; the first mention keeps what the second says
            problem(
                "warning",
                paper.span.line,
                f"the work of line {earlier.span.line} again (same name and venue); "
                "its notes join it",
            )
            if not earlier.abstract and paper.abstract:
                at = papers.index(earlier)
                papers[at] = _replace(
                    earlier,
                    abstract=paper.abstract,
                    abstract_lang=paper.abstract_lang,
                    abstract_lines=paper.abstract_lines,
                    marked=paper.marked,
                )
            continue
        listed[same] = paper
        authors = [line for line in draft.body if _is_author_list(line, labels)]
        words = [labels.label_word(line.text) for line in authors]
        if len(words) > len(set(words)):  # "Authors:" twice: two papers read as one
            authors = [a for a, w in zip(authors, words, strict=True) if words.count(w) > 1]
            problem(
                "warning",
                authors[1].number,
                f"a second author list in the paper of line {paper.span.line}: two papers "
                "read as one? (a heading with no words is no title); kg outline shows it",
                authors[1].text,
            )
        if paper.session is not None and fold(paper.session) not in session_names:
            session_names[fold(paper.session)] = paper.session
            sessions.append(
                Session(
                    paper.session,
                    len(sessions) + 1,
                    Span(path, draft.session_line, draft.session_line),
                )
            )
        if paper.session is not None:
            paper = _replace(paper, session=session_names[fold(paper.session)])
        papers.append(paper)
    papers = _without_mentions_of(papers)
    # a session only of rows that named papers read again below (a schedule) is gone
    held = {p.session for p in papers}
    sessions = [
        replace(s, position=k) for k, s in enumerate((s for s in sessions if s.name in held), 1)
    ]
    conference, papers = _settle_conference(conference, papers)
    if lines and not papers and not any(p.severity == "error" for p in problems):
        problem("warning", 1, "no paper found (kg outline shows what kg read of this file)")
    if papers and not conference.name and any(p.conference.source != "paper" for p in papers):
        problem(
            "warning",
            1,
            "no conference found: give one with --conference 'NAME YEAR' or in a kg.yaml "
            "beside the notes ('conference: OSDI 2020')",
        )
    elif papers and conference.guessed:
        where = conference.span.line if conference.span else 1
        problem(
            "warning",
            where,
            f"conference guessed from the text: {conference.label}; "
            "give --conference or a kg.yaml to be sure",
        )
    blocks = _blocks(found.skipped)
    skipped = [
        Skipped(Span(path, block[0].number, block[-1].number), _excerpt(block), reason)
        for block, reason in blocks
    ]
    read_dois = {paper.doi for paper in papers if paper.doi}
    reported = rejected | {line.number for block, _ in blocks for line in block}
    for line in lines:  # a DOI field that went to no paper: its paper was lost or merged
        field = labels.label(line.text) if line.number not in reported else None
        doi = doi_of(field[1]) if field is not None and field[0] == "link" else None
        if doi is not None and doi not in read_dois and not _named_in(doi, problems):
            problem(
                "warning",
                line.number,
                f"DOI {doi} belongs to no paper kg read (a heading it could not read as a "
                "title?); kg outline shows what kg read here",
                line.text,
            )
    for block, _ in blocks:
        evidence = _paper_evidence(block, labels, read_dois)
        if evidence:  # every paper in the notes is in the graph or reported
            problem(
                "warning",
                block[0].number,
                f"looks like a paper ({evidence}) but was not read as one; "
                "kg outline shows what kg read here",
                _excerpt(block),
            )
    return NotesFile(
        path=path,
        name=name,
        title=doc_title,
        conference=conference,
        sessions=sessions,
        papers=papers,
        problems=problems,
        skipped=skipped,
        metadata=metadata,
    )


_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")


def _lower(line: Line) -> Line:
    """The line with its heading one level down."""
    return replace(line, level=min(line.level + 1, 6)) if line.kind == "heading" else line


def _unclosed_fence(text: str) -> tuple[int, str] | None:
    """The line of a top-level code fence that runs to the end of the file, and the text
    after it; None when every fence is closed (CommonMark: the same character, at least
    as many, nothing after)."""
    opened: tuple[int, str] | None = None
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        m = _FENCE.match(line)
        if m is None:
            continue
        fence, rest = m.group(1), m.group(2)
        if opened is None:
            if not (fence[0] == "`" and "`" in rest):
                opened = (number, fence)
        elif fence[0] == opened[1][0] and len(fence) >= len(opened[1]) and not rest.strip():
            opened = None
    if opened is None:
        return None
    return opened[0], "\n".join(lines[opened[0] :])


def _is_author_list(line: Line, labels: Labels) -> bool:
    found = labels.label(line.text)
    return found is not None and found[0] == "institutions" and bool(found[1])


def _named_in(doi: str, problems: list[Problem]) -> bool:  # a duplicate DOI, reported
    return any(doi in p.message for p in problems)


def _paper_evidence(block: list[Line], labels: Labels, read_dois: set[str]) -> str:
    """What makes a skipped block look like a paper: a DOI no paper was read with, or an
    author list. Empty when nothing does."""
    for line in block:
        doi = doi_of(line.text)
        if doi is not None and normalize_doi(doi) not in read_dois:
            return f"DOI {doi}"
    if any(_is_author_list(line, labels) for line in block):
        return "an author list"
    return ""


def _without_mentions_of(papers: list[Paper]) -> list[Paper]:
    """Papers only named in prose by a link ("I liked [Title](…)") that the file also
    writes out as papers of their own: the written-out paper is the one kept."""
    full = [p for p in papers if "mention" not in p.cues]
    titles = {fold(p.title) for p in full}
    dois = {p.doi for p in full if p.doi}
    return [
        p
        for p in papers
        if "mention" not in p.cues or not (fold(p.title) in titles or (p.doi and p.doi in dois))
    ]


def _same_work(first: Paper, later: Paper) -> bool:
    """Whether a later paper of a file is a work named before by a short name: both name
    the same venue and year for themselves, and the short name starts the other title or
    is a word of it or of its note ("Epoch" / "Epoch Persistency", "WSP" / "全系统持久化技术
    (WSP)")."""
    if first.conference.source != "paper" or later.conference.source != "paper":
        return False
    if (first.conference.name, first.conference.year) != (
        later.conference.name,
        later.conference.year,
    ):
        return False
    if first.doi and later.doi and first.doi != later.doi:
        return False
    short, long = sorted((first, later), key=lambda p: len(p.title.split()))
    name = fold(short.title)
    if len(name.split()) > 3 or len(name) < 3:
        return False
    words = fold(f"{long.title} {long.institutions}")
    return fold(long.title).split()[:1] == name.split()[:1] or bool(
        regex.search(rf"(?<![\w-]){regex.escape(name)}(?![\w-])", words)
    )


def _replace(paper: Paper, **changes: object) -> Paper:
    return replace(paper, **changes)  # type: ignore[arg-type]


def _sections_of_one_paper(found: Found, labels: Labels) -> None:
    """A note about one paper, given by labels at its top ("**论文**：Title", "**作者**：…"),
    then sections ("## 背景", "## 方法", "## 效果") or a reading group's discussion points:
    what follows the paper is its notes, not text that is part of no paper. A block with
    fields of its own (authors, a DOI) is a paper kg could not read, and stays reported."""
    if len(found.papers) != 1 or found.papers[0].form != "label" or not found.papers[0].title:
        return
    paper = found.papers[0]
    end = max(line.number for line in [paper.start, *paper.body])
    taken: list[int] = []  # the skipped blocks that follow the paper, one after another
    for k, (block, reason) in sorted(enumerate(found.skipped), key=lambda e: e[1][0][0].number):
        if block[0].number <= end:
            continue
        if block[0].number - end > _GAP or reason not in (NO_PAPER_UNDER, NOT_PART):
            break
        if any(_field(line, labels) for line in block):
            break
        taken.append(k)
        end = block[-1].number
    for k in taken:
        paper.body.extend(line for line in found.skipped[k][0] if line.kind != "heading")
    found.skipped = [entry for k, entry in enumerate(found.skipped) if k not in taken]


_GAP = 3  # lines between a paper and the section that follows it: blank lines and a heading


def _sections_of_papers(found: Found, lines: list[Line], labels: Labels) -> None:
    """Headings of the parts of a paper's note ("## Context", "## Contributions", "##
    Clarity" of a review template, under a title written as a line) right after a paper:
    what they hold is that paper's notes, not text that is part of no paper. So is the
    text right under such a heading when a paper follows it in its section."""
    titled = sorted((p for p in found.papers if p.title), key=lambda p: p.start.number)
    if not titled:
        return
    before = {line.number: previous for previous, line in pairwise(lines)}
    ends = {id(p): max(line.number for line in [p.start, *p.body]) for p in titled}
    rest: dict[int, list[Line]] = {}  # what is left of each block a paper took lines of
    for k, (block, reason) in sorted(enumerate(found.skipped), key=lambda e: e[1][0][0].number):
        first = block[0]
        paper = next((p for p in reversed(titled) if p.start.number < first.number), None)
        if paper is None or first.number - ends[id(paper)] > _GAP:
            continue
        heading = first if first.kind == "heading" else before.get(first.number)
        if (
            heading is None
            or heading.kind != "heading"
            or reason not in (NO_PAPER_UNDER, NOT_PART)
            or not section_heading(heading.text, labels)
            or any(_field(line, labels) for line in block)
        ):
            continue
        end = ends[id(paper)]
        near = 0  # the lines of the block that follow on the paper's (a rule, a name after)
        while near < len(block) and block[near].number - end <= _GAP:
            end = block[near].number
            near += 1
        paper.body.extend(line for line in block[:near] if line.kind != "heading")
        ends[id(paper)] = end
        rest[k] = block[near:]
    found.skipped = [
        (rest.get(k, block), reason)
        for k, (block, reason) in enumerate(found.skipped)
        if rest.get(k, block)
    ]


def _sections_named_after_papers(found: Found) -> None:
    """A table of papers, then a section per paper headed by its short name ("| 2 | WiscKey:
    Separating Keys from Values … |" above "### 2. WiscKey" and a paragraph): what the
    section says is that paper's notes. Only for a paper with no prose of its own, and a
    heading that names one paper alone (the name before its title's colon, or the title's
    first words)."""
    bare = [p for p in found.papers if p.title and not any(is_prose(b.text) for b in p.body)]
    if not bare:
        return
    kept: list[tuple[list[Line], str]] = []
    for block, reason in found.skipped:
        if reason not in (NO_PAPER_UNDER, NOT_PART):
            kept.append((block, reason))
            continue
        left: list[Line] = []
        paper = None
        for line in block:
            if line.kind == "heading":
                named = [p for p in bare if _heading_names(line.text, p.title)]
                paper = named[0] if len(named) == 1 else None
                if paper is None:
                    left.append(line)
            elif paper is not None:
                paper.body.append(line)
            else:
                left.append(line)
        if left:
            kept.append((left, reason))
    found.skipped = kept


def _heading_names(heading: str, title: str) -> bool:
    """Whether a section's heading names a paper by its short name ("2. WiscKey" of
    "WiscKey: Separating Keys from Values …") or its first words ("1. Flash reliability" of
    "Flash Reliability in Production: …"), three letters or more."""
    said = fold(strip_numbering(heading)).strip(" .:：")
    if len(said) < 3:
        return False
    name = fold(title.split(":", 1)[0].split("：", 1)[0]).strip()
    words = fold(title).split()
    return said == name or (len(said.split()) >= 2 and words[: len(said.split())] == said.split())


def _heading_fields(lines: list[Line], labels: Labels) -> list[Line]:
    """A GitHub issue form's answers: each field a heading ("### Paper title", "### Authors")
    with its value in the paragraph below. When a heading names the title field, every
    heading that names a field becomes a field line in its value's place ("Authors: A, B")."""
    named = {line.number: labels.label(line.text + ":") for line in lines if line.kind == "heading"}
    fields = {n: label[0] for n, label in named.items() if label is not None and not label[1]}
    if "title" not in fields.values():
        return lines
    out: list[Line] = []
    pending: Line | None = None
    for line in lines:
        if line.number in fields:
            pending = line
            continue
        answered = pending is not None and line.kind != "heading"
        field = f"{pending.text}: {line.text}" if pending is not None else line.text
        out.append(replace(line, text=field, kind="text", level=0) if answered else line)
        pending = None
    return out


def _field_items(lines: list[Line], labels: Labels) -> list[Line]:
    """A paper's fields written as a flat list ("- 论文：Title", "- 作者：A, B", "- 链接：…"):
    a run of items at one depth whose first names the title field and whose others name
    fields too is one card of labelled lines, as it would be without the bullets."""
    out = list(lines)
    at = 0
    while at < len(out):
        first = out[at]
        label = labels.label(first.text) if first.kind == "item" else None
        if label is None or label[0] != "title":
            at += 1
            continue
        end = at + 1
        while end < len(out) and out[end].depth == first.depth and out[end].item:
            end += 1
        items = [line for line in out[at:end] if line.kind == "item"]
        if sum(labels.label(line.text) is not None for line in items) < 2:
            at = end
            continue
        for k in range(at, end):
            out[k] = replace(out[k], kind="text", depth=0, item=0, block=first.block)
        at = end
    return out


def _wrapped(lines: list[Line], labels: Labels) -> list[Line]:
    """A list item's title hard-wrapped onto the next line ("- DeepXplore: Automated
    Whitebox Testing" then "of Deep Learning Systems (Added: 2017-10-18)"): a short line in
    the same item that goes on in lower case, and is no author line or prose, is the rest
    of the title."""

    def join(before: Line, line: Line) -> Line | None:
        if not (
            before.kind == "item"
            and line.kind == "text"
            and line.item == before.item
            and line.block == before.block
            and _GOES_ON_LOWER.match(line.text)
            and not _FIELD_LIKE.match(line.text)
            and not _ENDS_SENTENCE.search(before.text)
            and len(line.text.split()) <= 8
            and labels.label(before.text) is None
            and not is_prose(line.text)
            and author_line(line.text, labels) is None
            and title_shape(before.text, labels).ok
        ):
            return None
        joined = f"{before.text} {line.text.strip()}"
        if not title_shape(joined, labels).ok:
            return None
        return replace(before, text=joined, links=before.links + line.links)

    return _onto_previous(lines, join)


def _onto_previous(lines: list[Line], join: Callable[[Line, Line], Line | None]) -> list[Line]:
    """The lines, each that ``join`` takes into the line before it (returning what the two
    make, or the line before alone to drop it) folded in; the others as they are."""
    out: list[Line] = []
    for line in lines:
        joined = join(out[-1], line) if out else None
        if joined is None:
            out.append(line)
        else:
            out[-1] = joined
    return out


# a title's next words in lower case, not "by" its authors: "of Deep Learning Systems"
_GOES_ON_LOWER = regex.compile(r"\s*(?!by\b|with\b|and\b|et\b|via\b)[a-z]")
_ENDS_SENTENCE = regex.compile(r"[.:：;；。!?！？]\s*$")
_FIELD_LIKE = regex.compile(r"\s*[\w\- ]{1,30}?\s*(?:::|[:：])")  # "type:: paper", a field


def _awards(lines: list[Line], labels: Labels) -> list[Line]:
    """A line that only says the paper above won an award ("NSDI'15 最佳论文", "Best Paper
    Award"), right under its title: left out, not a line of its own between the title and
    its fields (it had become the paper's title, or cut the title off its authors)."""

    def join(before: Line, line: Line) -> Line | None:
        award = (
            line.kind == "text"
            and before.kind in ("text", "heading")
            and line.block == before.block
            and award_only(line.text, labels)
            and labels.label(before.text) is None
        )
        return before if award else None  # the award is no part of the paper kg states

    return _onto_previous(lines, join)


def _answers(lines: list[Line]) -> list[Line]:
    """A question's answer ("Q. Who wrote it?", then "A. Andrew Baumann, … (MSR)") without
    its mark, which would read as the first author's initial; what the answer says stays."""
    out = lines[:1]
    for before, line in pairwise(lines):
        m = _ANSWER.match(line.text) if is_question(before.text) else None
        out.append(replace(line, text=line.text[m.end() :]) if m else line)
    return out


_ANSWER = regex.compile(r"^(?:A\d{0,2}\s*[.:：)]|答\s*[:：])\s*(?=\S)")


def _continued_fields(lines: list[Line], labels: Labels) -> list[Line]:
    """An authors' or places' field goes on over the next lines of its paragraph that are
    no field of their own, and those lines are read into it:
    - after a value that ends with a list's separator (a reStructuredText field list:
      ":Affiliations: A (Wu);", then "B (Ni)" on an indented line);
    - after the label alone ("Authors:", then the names on lines below, as typed in Word
      with Shift+Enter), a line of names, a place's line ("Shanghai Jiao Tong University
      (all five)" is the place of the names before it) or a line all in brackets ("(all
      Microsoft Research)").
    (A summary's lines stay lines: a line break ends what a comparison opening a clause
    holds for.)"""

    def join(before: Line, line: Line) -> Line | None:
        field = labels.label(before.text)
        if not (
            field is not None
            and field[0] == "institutions"
            and line.kind == "text"
            and line.block == before.block
            and labels.label(line.text) is None
        ):
            return None
        joined = _field_goes_on(field[1], line.text, labels)
        if joined is None:
            return None
        text = before.text[: len(before.text) - len(field[1])] + joined
        return replace(before, text=text, links=before.links + line.links)

    return _onto_previous(lines, join)


_LIST_GOES_ON = regex.compile(r"[,;，；、]$")
_BRACKETED = regex.compile(r"^[(（][^()（）]+[)）]$")
_CLAUSES = regex.compile(r"[,，;；。]")  # "(only three were listed, left the rest blank)"


def _field_goes_on(value: str, line: str, labels: Labels) -> str | None:
    """An authors' field's value with the next line read into it, or None when that line
    is no part of it."""
    value, line = value.strip(), line.strip()
    if _LIST_GOES_ON.search(value):
        return f"{value} {line}"
    if is_prose(line):
        return None
    if not value:
        people = author_line(line, labels, labelled=True)
        return line if people is not None and people.authors else None
    if _BRACKETED.match(line) and len(line.split()) <= 6 and not _CLAUSES.search(line):
        return f"{value} {line}"  # the place of the names before it, not a remark
    place = TRAILING_BRACKETS.sub("", line)  # "(all five)"
    if labels.is_known(place):
        return f"{value} ({place})"
    people = author_line(line, labels, labelled=True)
    if people is not None and people.authors and value.endswith((")", "）")):
        return f"{value}; {line}"  # the next group of names, after one with its place
    return None


def _footnoted(lines: list[Line], labels: Labels) -> list[Line]:
    """Authors marked with footnotes, their institutions on the lines below, as on a paper's
    first page ("Ziheng Jiang¹, Haibin Lin¹,²" then "¹ByteDance ²Peking University"): the
    author line names each author's institutions in brackets, and the institutions' lines
    are dropped (they are read into it)."""
    out: list[Line] = []
    dropped: set[int] = set()
    for at, line in enumerate(lines):
        if at in dropped:
            continue
        if line.kind == "heading" or not MAYBE_MARKED.search(line.text):
            out.append(line)
            continue
        label = labels.label(line.text)  # "Authors:" and "Affiliations:" are one kind
        value = label[1] if label is not None and label[0] == "institutions" else line.text
        authors = label is None or label[0] == "institutions"
        names = marked_authors(value, labels) if authors else None
        places: dict[str, str] = {}
        below = []
        for later in range(at + 1, min(at + 4, len(lines))) if names else ():
            if lines[later].kind == "heading":
                break
            text = lines[later].text
            field = labels.label(text)
            found = footnote_places(field[1] if field and field[0] == "institutions" else text)
            if found is None:
                break
            places.update(found)
            below.append(later)
        written = footnoted_authors(names, places, labels) if names and places else None
        if written is None:
            out.append(line)
            continue
        prefix = line.text[: len(line.text) - len(value)]
        out.append(replace(line, text=prefix + written))
        dropped.update(below)
    return out


def _paper_label(key: str, labels: Labels) -> bool:
    """A field name that only a paper has: its authors, institutions, link or DOI."""
    label = labels.label(f"{key}: x")
    return label is not None and label[0] in ("institutions", "link")  # a DOI's is "link"


def _field(line: Line, labels: Labels) -> bool:
    """A line that gives a paper's own fields: its title, authors, institutions or link."""
    label = labels.label(line.text)
    return (label is not None and label[0] not in ("abstract", "remarks")) or any(
        doi_of(link.url) for link in line.links
    )


def _title_line(lines: list[Line], labels: Labels) -> int:
    """The line of the document's title: the one heading of the highest level, first of
    all headings ("# OSDI notes", or "### 阅读目录" above "####" sections), or a first line
    of plain text that is no label, paper or session."""
    headings = [line for line in lines if line.kind == "heading"]
    highest = min((h.level for h in headings), default=1)
    top = [h for h in headings if h.level == highest]
    before = [line for line in lines if line.number < top[0].number] if top else []
    if (
        len(top) == 1
        and headings[0] is top[0]
        and (highest == 1 or (not before and not labels.session_name(top[0].text)))
        and not NUMBERED_SECTION.match(top[0].text)  # "12.1.2.3 …": a part of a longer text
    ):
        return top[0].number  # a lower heading is the title only at the top of the notes
    for at, line in enumerate(lines):
        if line.kind != "text" or labels.label(line.text) or labels.bare_label(line.text):
            if line.kind == "text" and labels.label(line.text):
                continue  # header labels ("当前位置: ...", "Date: ...") before the title
            return 0
        alone = at + 1 == len(lines) or lines[at + 1].block != line.block
        if not is_prose(line.text) and not labels.session_name(line.text) and alone:
            return line.number
        return 0
    return 0


def _conference(
    settings: Settings,
    metadata: dict[str, str],
    labelled: list[tuple[int, str]],
    lines: list[Line],
    title_line: int,
    labels: Labels,
    path: str,
) -> Conference:
    """The conference, from the first source that names one."""
    if settings.conference:
        name, year = parse_conference(settings.conference)
        return Conference(name, year, None, settings.source)
    for key in ("conference", "venue", "会议"):
        if metadata.get(key):
            # a known venue in a long name ("Proceedings of … (POMACS / ACM SIGMETRICS) 2019"),
            # else the field as written ("venue: HotStorage 2024")
            known = venue_in(metadata[key], labels)
            if known is not None:
                return Conference(known[0], known[1], None, "front matter")
            name, year = parse_conference(metadata[key])
            if year is None and str(metadata.get("year", "")).strip().isdigit():
                year = int(str(metadata["year"]).strip())  # "venue: OSDI", "year: 2025"
            return Conference(name, year, None, "front matter")
    for key in ("title", "alias", "aliases", "tags", "categories", "category"):
        found = venue_in(metadata.get(key, ""), labels)
        if found:
            return Conference(found[0], found[1], None, "front matter")
    if labelled:
        number, value = labelled[0]
        # "ICPP 2023，第 52 届 International Conference …": a known venue and year said first
        known = venue_in(value, labels)
        name, year = known if known is not None else parse_conference(value)
        return Conference(name, year, Span(path, number, number), "label")
    for line in lines:
        if line.number == title_line or (line.kind == "heading" and line is _first_heading(lines)):
            found = venue_in(line.text, labels)
            if found:
                return Conference(
                    found[0], found[1], Span(path, line.number, line.number), "heading"
                )
    # "# SIGMOD" then "## 2022": the venue heads the notes, a heading of its own gives the year
    top = next((ln for ln in lines if ln.number == title_line), None) or _first_heading(lines)
    venue = venue_name(top.text, labels) if top is not None else None
    year_line = next((ln for ln in lines if ln.kind == "heading" and is_year(ln.text)), None)
    if top is not None and venue and year_line is not None:
        span = Span(path, top.number, year_line.number)
        return Conference(venue, int(year_line.text.strip()), span, "heading")
    named = most_named(((line.number, line.text) for line in lines), labels)
    if named:
        return Conference(named[0], named[1], Span(path, named[2], named[2]), "text", guessed=True)
    return Conference("", None)


def _first_heading(lines: list[Line]) -> Line | None:
    return next((line for line in lines if line.kind == "heading"), None)


def _stub_of(earlier: Paper, paper: Paper) -> bool:
    """The earlier paper only named this one: the same title, and nothing else of its own
    (a heading "## AccMPEG" right above the fields of "AccMPEG: Optimizing ...")."""
    return (
        fold(earlier.title) == fold(paper.title)
        and not (earlier.doi or earlier.authors or earlier.abstract or earlier.links)
        and paper.span.line - earlier.span.line <= 2
    )


def _joined(paper: Paper, other: Paper) -> Paper:
    """One paper said twice: ``paper`` with what only ``other`` says (its DOI, links,
    authors, places) and both summaries."""
    both = bool(paper.abstract and other.abstract)
    return _replace(
        paper,
        abstract="\n".join(a for a in (paper.abstract, other.abstract) if a),
        abstract_lang=paper.abstract_lang if paper.abstract else other.abstract_lang,
        abstract_lines=(*paper.abstract_lines, *other.abstract_lines)
        if both
        else (paper.abstract_lines or other.abstract_lines),
        links=(*paper.links, *(k for k in other.links if k not in paper.links)),
        marked=tuple(dict.fromkeys((*paper.marked, *other.marked))),
        authors=paper.authors or other.authors,
        institutions=paper.institutions or other.institutions,
        affiliations=paper.affiliations or other.affiliations,
        doi=paper.doi or other.doi,
        url=paper.url or other.url,
        arxiv=paper.arxiv or other.arxiv,
    )


def _cites(earlier: Paper, paper: Paper) -> bool:
    """The later paper is the earlier one again: the same title (and no other DOI), the
    later adding what the earlier lacks, as a citation of it does (its authors)."""
    return (
        fold(earlier.title) == fold(paper.title)
        and not (earlier.doi and paper.doi and earlier.doi != paper.doi)
        and bool(paper.authors or paper.doi)
        and not (earlier.authors and paper.authors)
    )


def _ends(lines: list[Line], at: int, labels: Labels) -> bool:
    """Whether a line that ends the notes ("Related posts", "See also") ends them here: not
    a heading with a paper's title in a heading above its level after it ("## See also"
    inside one note of several, each under its "# Title"; not a sidebar's "## Archives"),
    nor a sentence that starts with those words with a paper's title in any heading after
    it; the words alone on their line end the notes."""
    line = lines[at]
    if line.kind == "heading":
        level = line.level
    elif labels.is_end(line.text.strip(" \t:：*_")) and len(line.text.strip(" \t:：*_")) <= 24:
        return True  # "See also:", "相关文章" alone on their line
    elif line.text.rstrip().endswith((":", "：")):
        return True  # "See also my other posts from this conference:", a list after it
    else:
        level = 7  # "See also [[X]] and issue #412": a sentence, not the notes' end
    return not any(
        later.kind == "heading" and later.level < level and title_shape(later.text, labels).strong
        for later in lines[at + 1 :]
    )


def _named_by(earlier: Paper, paper: Paper) -> bool:
    """The earlier paper is this one named by its short name, with nothing else of its own
    but its link: a name of three words at most that starts the title, and the same DOI or
    link, or the name before the title's colon ("Shenango", then "Shenango: Achieving …")."""
    name, title = fold(earlier.title), fold(paper.title)
    if earlier.authors or earlier.abstract or len(name.split()) > 3 or title == name:
        return False
    if not title.startswith(name):
        return False
    if earlier.doi or paper.doi:
        return earlier.doi == paper.doi
    return (bool(earlier.url) and earlier.url == paper.url) or title.startswith(f"{name}:")


def _paper(
    draft: Draft,
    path: str,
    labels: Labels,
    problem: Callable[..., None],
    position: int,
    conference: Conference,
) -> Paper | None:
    fields = fields_of(draft, labels)
    end = max(fields.end_line, draft.start.number)
    long = next((t for t in fields.written if len(t) > AUTHOR_LINE_LIMIT), None)
    if long is not None:  # kept as written (kg:affiliationText), but not read: say so
        problem(
            "warning",
            draft.start.number,
            f"author list of {len(long):,} characters, over {AUTHOR_LINE_LIMIT:,}: "
            "its people and institutions are not read",
            long[:60],
        )
    if not draft.title.strip():
        excerpt = " ".join(fields.written) or (fields.link_field or ("", 0))[0]
        problem("error", draft.start.number, "paper with no title; not used", excerpt)
        return None
    doi = None
    arxiv = None
    for link in fields.links:
        # an artifact's DOI ("artifact_url: https://doi.org/10.5281/zenodo…") is no paper's: a
        # link whose own words say it is code or an artifact (not "…Encoder-Decoder…")
        if labels.named_kind(link.text) != "code":
            doi = doi or doi_of(link.url)
        arxiv = arxiv or arxiv_of(link.url)
    if fields.link_field is not None:
        value, number = fields.link_field
        paper_page = any(link.kind == "paper" for link in fields.links)
        arxiv = arxiv or (None if doi_of(value) else arxiv_of(value))  # "arXiv:1910.04940"
        if doi_of(value) is None and arxiv is None and not paper_page:
            problem("warning", number, "link is not a DOI; paper kept without one", value)
    primary = next((link.url for link in fields.links if link.kind == "paper"), None)
    if fields.link_field is not None:
        primary = fields.link_field[0] or primary
    abstract_lines = [line.number for line in fields.abstract]
    abstract = "\n".join(line.text for line in fields.abstract).strip()
    institutions = "\n".join(dict.fromkeys(i for i in fields.written if i))
    cues = tuple(draft.cues) + ((f"prefix: {draft.prefix}",) if draft.prefix else ())
    said = (
        fields.conference or draft.note or draft.prefix
    )  # a venue field, "(OSDI'24)", "[NSDI'24]"
    own = _own_conference(said, labels, Span(path, end, end))
    named = venue_name(draft.prefix, labels) if own is None and draft.prefix else None
    if named is not None and fold(named) != fold(conference.name):
        # "ATC / FaaSNet: …" in a list of many venues: the paper's venue, its year unsaid
        own = Conference(named, None, Span(path, end, end), "paper")
    if own is None and draft.venue is not None:
        own = Conference(draft.venue[0], draft.venue[1], Span(path, end, end), "paper")
    return Paper(
        # "论文：《Title》": a labelled title in book-title marks is the title inside them
        title=unwrapped(" ".join(draft.title.split()).strip("*_ ")),
        doi=doi,
        url=primary,
        institutions=institutions,
        abstract=abstract,
        abstract_lang=guess_language(abstract) if abstract else "",
        abstract_lines=tuple(abstract_lines),
        remarks="\n".join(fields.remarks).strip(),
        session=draft.session,
        position=position,
        span=Span(path, draft.start.number, end),
        conference=own or conference,
        authors=tuple(dict.fromkeys(fields.authors)),
        affiliations=tuple(dict.fromkeys(i for i in fields.institutions if i)),
        links=tuple(fields.links),
        arxiv=arxiv,
        names=_own_names(draft, fields, labels),
        cues=cues,
        marked=tuple(dict.fromkeys(m for line in fields.abstract for m in line.marks)),
    )


def _own_names(draft: Draft, fields: Fields, labels: Labels) -> tuple[str, ...]:
    """The names the notes give the paper's system: beside its title ("Title（vLLM）"), or
    in bold opening a line of its summary ("- **cuSync** synchronizes tiles …")."""
    said = [n for n in draft.note.split("; ") if n]
    # the first bold word with a capital inside it ("cuSync", "QLM"; not a handle such as
    # "hwang-ds"), on a line that compares with nothing ("**vLLM** is the baseline …")
    bold = next((line for line in fields.abstract if line.lead.strip()), None)
    lead = bold.lead.strip() if bold is not None else ""
    named = " " not in lead and any(c.isupper() for c in lead[1:])
    if named and bold is not None and not _COMPARING.search(bold.text):
        said.append(lead)
    # a system field says what the paper presents: its names need no other proof ("Sinbad")
    own = [n.strip() for n in said if own_name(n, labels)]
    return tuple(dict.fromkeys([*own, *fields.systems]))


_COMPARING = regex.compile(r"(?i:baseline|compar|\bthan\b|\bvs\.?|\bover\b)|相比|基线|对比|比较")


def _settle_conference(
    conference: Conference, papers: list[Paper]
) -> tuple[Conference, list[Paper]]:
    """The file's conference when its papers name their own: theirs when they all name the
    same one and the file said none for sure; none when they name several (a reading list
    of OSDI and SOSP papers is of no one conference). A paper that names the file's own
    conference names no other."""
    own = {p.conference.label for p in papers if p.conference.source == "paper"}
    said = conference.name and conference.source not in ("heading", "text")
    if own and not said:
        if len(own) == 1 and (
            conference.label in own or all(p.conference.source == "paper" for p in papers)
        ):
            first = next(p.conference for p in papers if p.conference.source == "paper")
            if conference.label not in own:
                conference = replace(first, source="papers")
        else:  # several conferences: the file has none of its own
            conference = Conference("", None)
            papers = [
                p if p.conference.source == "paper" else replace(p, conference=conference)
                for p in papers
            ]
            return conference, papers
    if conference.name:
        papers = [
            replace(p, conference=conference) if p.conference.label == conference.label else p
            for p in papers
        ]
    return conference, papers


def _own_conference(text: str, labels: Labels, span: Span) -> Conference | None:
    """The conference a paper names for itself: a venue field ("venue: OSDI '24") or a
    venue after its title ("Title (OSDI'24)")."""
    found = venue_in(text, labels) if text else None
    return Conference(found[0], found[1], span, "paper") if found else None


def _blocks(skipped: list[tuple[list[Line], str]]) -> list[tuple[list[Line], str]]:
    """Skipped lines, one entry per paragraph or heading section."""
    out: list[tuple[list[Line], str]] = []
    for lines, reason in skipped:
        if lines and lines[0].kind == "heading":
            out.append((lines, reason))  # a heading's section is one block
            continue
        current: list[Line] = []
        for line in lines:
            if current and line.block != current[-1].block:
                out.append((current, reason))
                current = []
            current.append(line)
        if current:
            out.append((current, reason))
    return sorted(out, key=lambda b: b[0][0].number)


def _excerpt(lines: list[Line]) -> str:
    text = " / ".join(line.text for line in lines[:3])
    return text if len(text) <= 80 else text[:77] + "..."


def drop_duplicates(
    corpus: Corpus, identity: Callable[[Paper], str] | None = None
) -> dict[int, tuple[int, ...]]:
    """Keep the first paper of each DOI, and of each ``identity`` (the IRI the next step
    gives a paper: "Zeta: Scalable …" and "Zeta Scalable …" without DOIs, or DOIs
    10.1/a-b and 10.1/a/b, would be one resource); report the others and drop them
    from their files.

    Returns, for each file that lost papers, the positions (in its list of
    papers) of those dropped.
    """
    first: dict[str, Paper] = {}
    named: dict[str, Paper] = {}
    dropped: dict[int, tuple[int, ...]] = {}
    for index, notes in enumerate(corpus.files):
        kept = []
        for at, paper in enumerate(notes.papers):
            key = identity(paper) if identity is not None else ""
            message = ""
            if paper.doi and paper.doi in first:
                seen = first[paper.doi]
                message = f"duplicate DOI {paper.doi} (first at {seen.span}); this copy not used"
            elif key and key in named:
                seen = named[key]
                message = (
                    f"same identifier as {seen.title!r} (at {seen.span}): <{key}>; this paper "
                    "not used (give it its DOI, or a title of its own)"
                )
            if message:
                notes.problems.append(
                    Problem("error", notes.path, paper.span.line, message, paper.title)
                )
                dropped[index] = (*dropped.get(index, ()), at)
                continue
            if paper.doi:
                first[paper.doi] = paper
            if key:
                named[key] = paper
            kept.append(paper)
        notes.papers = kept
    return dropped


# re-exported for the other steps
_ = (normalize_doi, guess_language)
