"""Notes text -> :class:`Line` records, with a CommonMark parser.

Markdown gives notes their structure: headings, list items and their
nesting, emphasis, links, tables, YAML front matter. This module asks a
CommonMark parser for the document's tree and flattens it into one
:class:`Line` per source line of text, carrying where it sits (heading level,
list depth, the item it starts), its plain text (markup removed, link text
kept), its links and whether it is wholly bold. Plain-text notes parse as
paragraphs, so they need no other path.

The parser is pulldown-cmark (the CommonMark parser rustdoc uses, compiled from
Rust; through pyromark), with GitHub's tables. Its events become a small tree
(:class:`_Node`) that one walk flattens. Parsing with markdown-it-py instead took
half the time kg spent reading notes (bench/README.md has the figures).
markdown-it-py stays for two things pulldown-cmark does not do: emphasis next to
Chinese (CommonMark does not let ``**`` close before Chinese text after punctuation,
"**作者：**张三"; a run of text where it stayed open is parsed again by markdown-it-py
with the CJK-friendly extension, mdit-py-cjk-friendly), and link addresses
percent-encoded the way markdown-it does. (markdown-it-pyrs, markdown-it compiled
from Rust, panics on ordinary text such as "[`", markdown-it-rust issue #40; it is
not used.)

Four leniencies: ``####1. Title`` (no space after the hashes) is not a heading in
CommonMark, but notes written for lenient renderers use it; such lines get the
space before parsing. In a file where a typographic bullet opens a line at its first
column ("• Title", then "\t◦ authors", as phone notes apps and word processors export
lists), each such bullet is a list item's mark, read as "-" at the same column. And
text indented by four spaces, code in CommonMark, is read as Markdown: notes indent
continuation lines and pasted bullets. An admonition of MkDocs ('!!! abstract "Title"'
over its indented body) is a heading with its title. A paragraph laid out as a plain-text outline
("I. Topic", "   A. Title", "      1. Point", nested by indentation alone, which Markdown
folds into one paragraph) is read as the nested list it is.
"""

from __future__ import annotations

import csv
import json
import sys
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, cast

import pyromark
import regex
from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_cjk_friendly import cjk_friendly

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

from ..text import LEADING_SYMBOLS
from .conference import YEAR_RE
from .htmltable import table_rows
from .shapes import is_prose

# the mark of a definition's line in a definition list (Pandoc, PHP Markdown Extra):
# "Title" then ":   authors", ":   summary"
_DEFINITION = regex.compile(r"^:[ \t]+(?=\S)")

# "• Title", "\t◦ authors": a typographic bullet opening a line, a list item's mark
_BULLET = regex.compile(r"^([ \t]*)[•◦▪‣●○](?=[ \t])", regex.MULTILINE)
_TOP_BULLET = regex.compile(r"^[•◦▪‣●○][ \t]", regex.MULTILINE)
# "####1. Title": a heading written without its space (lenient renderers accept it)
_TIGHT_HEADING = regex.compile(r"^( {0,3}#{1,6})(?=[^\s#])", regex.MULTILINE)
_TAGS_HEADING = regex.compile(r"^(?:tags|标签)\s*[:：]", regex.IGNORECASE)
# a line of tags ("#paper #stencil #gpu", "#to-read"): no heading, though it starts with "#"
_TAG_LINE = regex.compile(
    r"^ {0,3}#[^\s#]+(?:[ \t]+#[^\s#]+)+[ \t]*$|^ {0,3}#[\p{Ll}\d][\p{Ll}\d_\-/]*[ \t]*$"
)
# the fences of a Pandoc or Quarto div ('::: {.callout-note title="Title"}' ... ':::'): no
# text of the notes; a title the opening fence carries is a heading of the deepest level,
# under whatever heads the file (one line for one line: line numbers stay the file's)
_DIV_FENCE = regex.compile(
    r"^ {0,3}:{3,}[ \t]*(?:\{(?P<attrs>[^}\n]*)\}|[\w\-]+)?[ \t]*:*[ \t]*$", regex.MULTILINE
)
_DIV_TITLE = regex.compile(r"\btitle\s*=\s*\"(?P<title>[^\"\n]+)\"")
# an admonition of Python-Markdown and MkDocs Material ('!!! abstract "Title"', '??? note
# "Title"', '???+ tip'): its title, when it has one, is a heading of the deepest level over
# its body (indented below it), one line for one line
_ADMONITION = regex.compile(
    r"^ {0,3}(?:!!!|\?\?\?\+?)[ \t]+[\w\-]+(?:[ \t]+[\w\-]+)*"
    r"(?:[ \t]+\"(?P<title>[^\"\n]*)\")?[ \t]*$",
    regex.MULTILINE,
)
_TAG = regex.compile(r"<[^>]*>")
_TABLE_TAG = regex.compile(r"<table[\s>]", regex.IGNORECASE)
_TABLE_TAGS = regex.compile(rb"<(/?)table(?:[\s>]|$)", regex.IGNORECASE)  # opening and closing
_SPACES = regex.compile(r"[ \t\u00a0\u3000]+")
# a check box: "[ ]", "[x]"; Roam's "{{[[TODO]]}}" / "{{[[DONE]]}}" (its link already text)
_TASK = regex.compile(r"^(?:\[[ xX]\]|\{\{\s*(?:\[\[)?(?:TODO|DONE)?(?:\]\])?\s*\}\})\s+")
_HAN = regex.compile(r"\p{Han}")
_NEWLINE = regex.compile(rb"\n")
_WIKI_LINK = regex.compile(r"\[\[(?P<target>[^\]|]{1,200})(?:\|(?P<text>[^\]]{1,200}))?\]\]")
_TITLE_FIELD = regex.compile(r"^(?i:title|paper|论文题目|题目|标题)\s*[:：]\s*")


@dataclass(frozen=True)
class Link:
    """A link as written: its address and its text."""

    url: str
    text: str = ""


@dataclass(frozen=True)
class Line:
    """One line of text of a notes file, as the Markdown structure places it."""

    number: int  # 1-based line of the file
    text: str  # plain text: markup removed, link text kept, spaces folded
    # "heading" | "item" (first line of a list item) | "text" | "html"; the reader adds
    # "authors" for the author part of a line it split ("Title — A, B (MIT)") and "people"
    # for the people a paragraph names by handles ("@Charlie @李秀红 他们的 [Title](…)")
    kind: str
    level: int = 0  # heading level (1-6), 0 otherwise
    depth: int = 0  # list nesting: 0 outside lists, 1 in a top-level item ...
    item: int = 0  # the list item the line belongs to (its first line's number), 0 outside
    block: int = 0  # the paragraph (or heading, html block) the line belongs to
    strong: bool = False  # the whole line is bold (or inside an HTML tag)
    links: tuple[Link, ...] = ()
    lead: str = ""  # the bold or linked text the line starts with, when more text follows
    tags: tuple[str, ...] = ()  # the code spans the line starts with: "`G13P08` `2016-09-15`"
    # the bold or italic phrases inside a line that is not all bold: "the ''runtime''
    # overlaps …", "用 **warp shuffle** 减少访存"
    marks: tuple[str, ...] = ()


@dataclass(frozen=True)
class Parsed:
    """A notes file as lines, and its YAML front matter (the text, unparsed)."""

    lines: tuple[Line, ...]
    front_matter: str = ""
    front_matter_line: int = 0
    front_matter_closed: bool = True  # False: no "---" closed it; it ended at a blank line


# pulldown-cmark's options: GitHub's pipe tables (a table of papers is a list of papers).
# Front matter is cut off before parsing (see _front_matter): pulldown-cmark's metadata
# blocks may open at any "---" line, and notes draw such rules between papers.
_OPTIONS = pyromark.Options.ENABLE_TABLES


@dataclass
class _Node:
    """One element of the parsed document: its kind (pulldown-cmark's name: "Paragraph",
    "Heading", "Item", "Text", "SoftBreak" ...), its UTF-8 byte range in the source, its
    value (a heading's level, a link's address, a text's content) and its children."""

    kind: str
    start: int
    end: int
    value: Any = None
    children: list[_Node] = field(default_factory=list)


def _tree(text: str) -> list[_Node]:
    """The document's top-level blocks, from pulldown-cmark's stream of events."""
    root = _Node("Document", 0, 0)
    stack = [root]
    for event, span in pyromark.events_with_range(text, options=_OPTIONS):
        if isinstance(event, str):  # "SoftBreak", "HardBreak", "Rule"
            stack[-1].children.append(_Node(event, span["start"], span["end"]))
            continue
        ((what, detail),) = cast(dict[str, Any], event).items()
        if what == "Start":
            kind, value = (detail, None) if isinstance(detail, str) else next(iter(detail.items()))
            node = _Node(kind, span["start"], span["end"], value)
            stack[-1].children.append(node)
            stack.append(node)
        elif what == "End":
            stack.pop()
        else:  # "Text", "Code", "Html", "InlineHtml" ... with their content
            stack[-1].children.append(_Node(what, span["start"], span["end"], detail))
    return root.children


_YAML_FIELD = regex.compile(r"[^\s:#-][^:]*:(?:\s|$)")


def _front_matter(text: str) -> tuple[str, str, bool]:
    """YAML front matter (between a first line ``---`` and the next line ``---`` or
    ``...``) and the text with the front matter's lines left empty, so that line
    numbers stay those of the file; and whether a line closed it. Front matter never
    closed (a first ``---`` and then fields) ends at the first blank line or heading."""
    lines = text.split("\n")
    if lines and lines[0].rstrip() == "+++":
        return _toml_front_matter(lines, text)
    if not lines or lines[0].rstrip() != "---":
        return "", text, True
    for at in range(1, len(lines)):
        if lines[at].rstrip() in ("---", "..."):
            return "\n".join(lines[1:at]), "\n" * (at + 1) + "\n".join(lines[at + 1 :]), True
    if len(lines) < 2 or not _YAML_FIELD.match(lines[1]):
        return "", text, True  # a rule, then notes
    end = next(
        (at for at in range(1, len(lines)) if not lines[at].strip() or lines[at][:2] == "# "),
        len(lines),
    )
    return "\n".join(lines[1:end]), "\n" * end + "\n".join(lines[end:]), False


_TOML_KEY = regex.compile(r"\s*([A-Za-z0-9_\-]+)\s*=")


def _toml_front_matter(lines: list[str], text: str) -> tuple[str, str, bool]:
    """Hugo's TOML front matter (between ``+++`` lines), read by Python's ``tomllib`` and
    handed on as YAML line for line (each top-level key on its own line, its value as
    JSON, which YAML reads), so that line numbers stay those of the file. Tables
    (``[params]``) are left out; TOML that does not parse is read as notes."""
    end = next((at for at in range(1, len(lines)) if lines[at].rstrip() == "+++"), None)
    if end is None:
        return "", text, True
    try:
        data = tomllib.loads("\n".join(lines[1:end]))
    except tomllib.TOMLDecodeError:
        return "", text, True
    out: list[str] = []
    top = True  # before the first [table]
    for line in lines[1:end]:
        top = top and not line.lstrip().startswith("[")
        key = _TOML_KEY.match(line) if top else None
        value = data.get(key.group(1)) if key else None
        shown = json.dumps(value, ensure_ascii=False, default=str) if value is not None else ""
        out.append(f"{key.group(1)}: {shown}" if key and shown else "")
    return "\n".join(out), "\n" * (end + 1) + "\n".join(lines[end + 1 :]), True


@lru_cache(maxsize=1)
def _cjk_inline() -> MarkdownIt:
    """markdown-it-py with emphasis that works next to Chinese punctuation."""
    return MarkdownIt("commonmark").use(cjk_friendly)


@dataclass(frozen=True)
class Headers:
    """What the notes' labels make of a table's header, case-folded: the names of a title
    column, and the names of the fields kg reads (None: every column is read)."""

    titles: frozenset[str] = frozenset()
    known: frozenset[str] | None = None
    sheet: bool = False  # the whole text is a spreadsheet's records: its table is sure
    people: frozenset[str] = frozenset()  # the names of a column of authors' names
    places: frozenset[str] = frozenset()  # and of a column of their institutions
    venues: frozenset[str] = frozenset()  # the names of a column of venues ("Venue")
    years: frozenset[str] = frozenset()  # and of a column of years ("Year")
    authors: frozenset[str] = frozenset()  # a table of papers' column of authors ("Who")

    def with_years(self, header: list[str], rows: list[tuple[int, list[Cell]]]) -> None:
        """A venue's cell with the year of its row put after it ("| SIGMOD | 2018 |" is
        "SIGMOD 2018"), when the table has a column of venues and one of years."""
        folded = [name.casefold() for name in header]
        venue = next((at for at, name in enumerate(folded) if name in self.venues), None)
        year = next((at for at, name in enumerate(folded) if name in self.years), None)
        if venue is None or year is None:
            return
        for _, cells in rows:
            if max(venue, year) >= len(cells):
                continue
            (text, links, strong), said = cells[venue], cells[year][0].strip()
            has_year = YEAR_RE.search(text) or _SHORT_YEAR.search(text)
            if text and YEAR_RE.fullmatch(said) and not has_year:
                cells[venue] = (f"{text} {said}", links, strong)

    def authors_columns(self, header: list[str]) -> tuple[int, int] | None:
        """The columns of a table of authors ("姓名 | 单位", "Author | Affiliation"): of
        their names and of their places; None for a table of anything else."""
        folded = [name.casefold() for name in header]
        if any(name in self.titles for name in folded):
            return None
        people = next((at for at, name in enumerate(folded) if name in self.people), None)
        places = next((at for at, name in enumerate(folded) if name in self.places), None)
        if people is None or places is None or people == places:
            return None
        return people, places

    def lists_people(self, header: str, cell: str) -> bool:
        """Whether a cell under a column of authors ("Who") lists people or places them
        ("A (Toronto), B, C (Google)"): one name alone is who presents it ("| Jonas |")."""
        return header.casefold() in self.authors and _PEOPLE_LISTED.search(cell) is not None

    def reads(self, header: str, cell: str) -> bool:
        """Whether a cell under ``header`` is read: a field kg knows, or prose. "Publication
        Year: 2021" read as a line would be a title ("Name: subtitle") of a paper more."""
        known = self.known
        if header.casefold() in self.authors:
            return self.lists_people(header, cell)
        return known is None or not header or header.casefold() in known or is_prose(cell)


_PEOPLE_LISTED = regex.compile(r"[,;、，；(（\[]|\s(?:and|&)\s")
_INLINE_BREAK = regex.compile(r"<br\s*/?>(?=[ \t]*\S)", regex.IGNORECASE)
# what stands before a line's text: quote marks, a list item's mark and its check box
_LINE_LEAD = regex.compile(
    r"^(?P<quotes>(?:[ \t]*>)*)[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?)?"
)
_FENCE_LINE = regex.compile(r"^[ \t]{0,3}(?:`{3,}|~{3,})")


def split_breaks(text: str) -> tuple[str, tuple[int, ...]] | None:
    """The text with each ``<br>`` inside a line (a Kanban card "**Title**<br>A, B (MIT)<br>
    Summary…", a note pasted from a web editor) made a line break: the lines after it go
    on the line's list item or paragraph. Returned with the file line each line stands on;
    None when no line holds such a break (tables' cells and code keep theirs)."""
    if "<br" not in text and "<BR" not in text:
        return None
    out: list[str] = []
    origin: list[int] = []
    fenced = False
    changed = False
    for number, line in enumerate(text.split("\n"), start=1):
        if _FENCE_LINE.match(line):
            fenced = not fenced
        pieces = [] if fenced or line.lstrip().startswith("|") else _INLINE_BREAK.split(line)
        if len(pieces) < 2:
            out.append(line)
            origin.append(number)
            continue
        changed = True
        lead = _LINE_LEAD.match(pieces[0])  # (it matches any line, if only its start)
        quotes = lead.group("quotes") if lead else ""
        prefix = quotes + " " * (len(lead.group(0)) - len(quotes) if lead else 0)
        out.append(pieces[0].rstrip())
        out += [prefix + piece.strip() for piece in pieces[1:]]
        origin += [number] * len(pieces)
    return ("\n".join(out), tuple(origin)) if changed else None


def parse(text: str, headers: Headers = Headers(), front_matter: bool = True) -> Parsed:
    """The lines of a notes file (Markdown or plain text) with their structure.

    A table's rows become list items: the cell of the title column (its header in
    ``headers.titles``, else the first column of words) is the item's line, and each
    other cell a line of the item, "Header: cell"; a short cell under a header that names
    no field kg reads ("Item Type", "ISBN", "Pages") is left out. With ``front_matter``
    False, a first block between ``---`` lines is read as notes."""
    text = _DIV_FENCE.sub(_div_fence, _TIGHT_HEADING.sub(_tight_heading, text))
    if "!!!" in text or "???" in text:
        text = _ADMONITION.sub(_admonition, text)
    if _TOP_BULLET.search(text):  # a list of them, not bullets pasted under a paragraph
        text = _BULLET.sub(r"\1-", text)  # one character for one: columns stay
    front, text, closed = _front_matter(text) if front_matter else ("", text, True)
    walk = _Walk(text, headers)
    walk.blocks(_tree(text))
    return Parsed(tuple(walk.lines), front, 1 if front else 0, closed)


def _tight_heading(hashes: regex.Match[str]) -> str:
    """ "####1. Title" -> "#### 1. Title"; a line of tags stays as it is."""
    start = hashes.start()
    end = hashes.string.find("\n", start)
    line = hashes.string[start : end if end >= 0 else len(hashes.string)]
    return hashes.group() if _TAG_LINE.match(line) else hashes.group(1) + " "


def _admonition(box: regex.Match[str]) -> str:
    title = (box.group("title") or "").strip()
    return f"###### {title}" if title else ""


def _div_fence(fence: regex.Match[str]) -> str:
    title = _DIV_TITLE.search(fence.group("attrs") or "")
    return f"###### {title.group('title')}" if title else ""


@dataclass(frozen=True)
class _Event:
    """One inline element: text, a break, a tag or a link's ends."""

    kind: str  # text | code_inline | softbreak | hardbreak | strong_open | strong_close |
    #            link_open | link_close | html_inline | image
    content: str = ""
    href: str = ""


_INLINE = frozenset(
    {"Text", "Code", "InlineHtml", "SoftBreak", "HardBreak", "Strong", "Emphasis"}
    | {"Strikethrough", "Link", "Image", "InlineMath", "FootnoteReference", "TaskListMarker"}
)


class _Walk:
    """The walk over one document's tree, and the lines it has made so far."""

    def __init__(self, text: str, headers: Headers, first_line: int = 1) -> None:
        self.data = text.encode("utf-8")
        # byte offset of each line's start: the tree's positions are bytes
        self.starts = [0, *(m.end() for m in _NEWLINE.finditer(self.data))]
        self.first_line = first_line  # the file's line of the text's first line
        self.headers = headers
        self.lines: list[Line] = []
        self.depth = 0
        self.items: list[int] = []  # first line of each open list item
        self.item_first = False  # the next run of text starts a list item
        self.block = 0
        self.read_up_to = 0  # byte offset: what lies before it was read already (an HTML table)
        self.letters: dict[int, frozenset[str]] | None = None  # see _outline_letters

    def line_of(self, offset: int) -> int:
        return bisect_right(self.starts, offset) + self.first_line - 1

    def blocks(self, nodes: Sequence[_Node]) -> None:
        for node in nodes:
            if node.start < self.read_up_to:
                continue  # inside an HTML table read as a whole
            kind = node.kind
            if kind == "Paragraph":
                if not (self.outline(node) or self.delimited(node)):
                    self.inline(node.children)
            elif kind == "Heading":
                level = int(node.value["level"][1:])
                setext = not self.data[node.start : node.end].lstrip(b" ").startswith(b"#")
                if setext and not _setext_heading(node.children):
                    level = 0  # "TITLE X / AUTHORS Y" then "-----": text, then a rule
                self.inline(node.children, level)
            elif kind == "List":
                self.depth += 1
                self.blocks(node.children)
                self.depth -= 1
            elif kind == "Item":
                self.list_item(node)
            elif kind == "BlockQuote":
                self.blocks(node.children)
            elif kind == "Table":
                self.table(node)
            elif kind == "HtmlBlock":
                self.html_block(node)
            elif kind == "CodeBlock" and node.value == "Indented":
                self.indented(node)
            elif kind == "CodeBlock":
                self.fence(node)

    def indented(self, node: _Node) -> None:
        """Text indented by four spaces is code in CommonMark; in notes it is text
        (continuation lines, bullets pasted with their indent): read as Markdown."""
        self.markdown(node.children)

    def markdown(self, pieces: Sequence[_Node]) -> None:
        """Read the text of ``pieces`` (lines of a block the parser did not read as
        Markdown) as Markdown, with the lines they stand on."""
        if pieces:
            self.read_again("".join(str(c.value) for c in pieces), self.line_of(pieces[0].start))

    def outline(self, node: _Node) -> bool:
        """A paragraph of plain text laid out as an outline, its points marked and nested
        by indentation ("I. Topic", "   A. Title", "      1. Authors -- ..."), read as the
        nested list it is; False for any other paragraph."""
        if self.data.count(b"\n", node.start, node.end) < 2:
            return False  # fewer than three lines: no outline (most paragraphs stop here)
        start = self.starts[bisect_right(self.starts, node.start) - 1]  # with its indent
        raw = self.data[start : node.end].decode("utf-8").rstrip("\n").split("\n")
        if self.letters is None:
            self.letters = _outline_letters(self.data.decode("utf-8"))
        nested = _outline_as_list(raw, self.letters)
        if nested is None:
            return False
        self.block += 1
        self.read_again(nested, self.line_of(node.start))
        return True

    def read_again(self, text: str, first_line: int) -> None:
        """Read ``text``, which stands from ``first_line`` on, as Markdown, into these lines."""
        walk = _Walk(text, self.headers, first_line)
        walk.lines, walk.items = self.lines, self.items
        walk.depth, walk.block = self.depth, self.block
        walk.blocks(_tree(walk.data.decode("utf-8")))
        self.block = walk.block

    def fence(self, node: _Node) -> None:
        """Code in notes is not prose: skipped, but it ends a paragraph. Two exceptions: a
        block right under a heading that restates the heading as its first line's name
        ("### CXL-ANNS", then "CXL-ANNS: Software-Hardware Collaborative ..."), which holds
        the paper's full title and facts, not code; and a block with no language (or
        "text") whose lines are sentences: notes kept in a fence to keep their layout."""
        self.block += 1
        content = "".join(str(c.value) for c in node.children).split("\n")
        heading = self.lines[-1] if self.lines else None
        if heading is None or not content:
            return
        if heading.kind != "heading" and not _prose(content):
            return
        first_line = _TITLE_FIELD.sub("", content[0].strip())  # "Title: DiskANN: ..."
        info = node.value.get("Fenced", "") if isinstance(node.value, dict) else ""
        restated = first_line.casefold().startswith(heading.text.casefold() + ":")
        if not restated and not (info.strip().casefold() in _NOTE_FENCES and _prose(content)):
            return
        first = self.line_of(node.start) + 1  # the line after the opening fence
        self.block += 1  # notes in a fence: one paragraph (a restated title: a line each)
        for offset, raw in enumerate(content):
            plain = _fold(raw)
            if plain:
                self.block += 1 if restated else 0
                self.lines.append(
                    Line(first + offset, plain, "text", depth=self.depth, block=self.block)
                )

    def list_item(self, node: _Node) -> None:
        """A list item: its own text (a run of inline nodes when the list is tight, or its
        first paragraph) and what is nested in it."""
        # the line of its first child: with tabs, an item's range can start a line early
        self.items.append(self.line_of(node.children[0].start if node.children else node.start))
        self.item_first = True
        run: list[_Node] = []
        for child in node.children:
            if child.kind in _INLINE:
                run.append(child)
                continue
            if run:
                self.inline(run)
                run = []
            self.blocks([child])
            self.item_first = False
        if run:
            self.inline(run)
        self.items.pop()
        self.item_first = False

    def inline(self, nodes: Sequence[_Node], level: int = 0) -> None:
        """The lines of a run of inline nodes (a paragraph, a heading, an item's text)."""
        if not nodes:
            self.item_first = False
            return
        start = min(n.start for n in nodes)
        end = max(n.end for n in nodes)
        events = _events(nodes)
        if _unpaired(events):
            source = self.data[start:end].decode("utf-8", errors="replace")
            tokens = _cjk_inline().parseInline(source)
            events = _token_events(tokens[0].children or []) if tokens else events
        self.block += 1
        first = self.line_of(start)
        last = self.line_of(max(end - 1, start))
        item_first = self.item_first
        for offset, piece in enumerate(_split_lines(events)):
            plain = piece.plain
            if (item_first or level) and offset == 0:
                plain = _TASK.sub("", plain)  # "- [x] Title", "## [ ] Title": a check box
            if not plain or first + offset > last + 1 or _navigation(piece):
                continue
            if _ELEMENT.fullmatch(plain) and self.attributes(plain, first + offset):
                continue
            if _TEMPLATE_TAG.fullmatch(plain):
                continue  # "{% include JB/setup %}": a site generator's tag, no text
            if _POST_CHROME.fullmatch(plain):
                continue
            if _POST_COUNTER.fullmatch(plain):
                self.block += 1  # a thread's next post: what follows starts a paragraph
                continue
            # kramdown (Jekyll's Markdown): '{: style="width: 30%"}' sets attributes, and a
            # line ending in "\\" breaks there; Pandoc's "{#sec-x}" names a heading: no text
            plain = _KRAMDOWN_TAIL.sub("", plain)
            if not plain:
                continue
            banner = _BANNER.fullmatch(plain)
            if banner:  # "==== SESSION: Caching ====": a plain-text banner's words
                plain = banner["text"]
            said = _CHAT_MESSAGE.match(plain)
            if said and plain[said.end() :].strip():
                # "[10:02] alice: today's paper: …": a chat export's message, a paragraph of
                # its own, without the time and who wrote it
                plain = plain[said.end() :]
                self.block += 1
            if level and _TAGS_HEADING.match(plain):
                level = 0  # HackMD's "###### tags: `a` `b`": the page's tags, a line of text
            if level:
                kind = "heading"
            elif item_first and offset == 0:
                kind = "item"
            else:
                kind = "text"
            self.lines.append(
                Line(
                    first + offset,
                    plain,
                    kind,
                    level=level,
                    depth=self.depth,
                    item=self.items[-1] if self.items else 0,
                    block=self.block,
                    strong=piece.strong,
                    links=piece.links,
                    lead=piece.lead,
                    tags=piece.tags,
                    marks=piece.marks,
                )
            )
        self.item_first = False

    def attributes(self, element: str, number: int) -> bool:
        """A paper's card: a component whose attributes name two fields kg reads, one of
        them more than a title ('<PaperCard doi=… authors=… />', not '<Admonition
        title="Aside">'), as fields, a line "name: value" each, in a paragraph of their own.
        False, and nothing read, for any other component."""
        known = self.headers.known
        fields = [
            (m.start(), m.group("name"), _fold(m.group("double") or m.group("single") or ""))
            for m in _ATTRIBUTE.finditer(element)
            if known is None or m.group("name").casefold() in known
        ]
        fields = [f for f in fields if f[2]]
        if len(fields) < 2 or all(name.casefold() in self.headers.titles for _, name, _ in fields):
            return False
        self.block += 1
        for at, name, value in fields:
            line = number + element.count("\n", 0, at)
            self.lines.append(
                Line(line, f"{name}: {value}", "text", depth=self.depth, block=self.block)
            )
        return True

    def html_block(self, node: _Node) -> None:
        """An HTML block: its tag lines are read as text (``<summary>2025</summary>``); runs of
        lines that do not start with a tag are Markdown written inside the block (a
        ``<details>`` toggle holding a list) and read as such. Script, style and comments
        are not notes: skipped."""
        self.block += 1
        head = str(node.children[0].value).lstrip().casefold() if node.children else ""
        if head.startswith(("<style", "<script", "<!--", "<?")):
            return
        run: list[_Node] = []
        for child in [*node.children, None]:
            if child is not None and child.start < self.read_up_to:
                continue
            if child is not None and _TABLE_TAG.search(str(child.value)):
                if run:
                    self.markdown(run)
                    run = []
                self.html_table(child.start, node.end)
                continue
            if child is not None and not str(child.value).lstrip().startswith("<"):
                run.append(child)
                continue
            if run:
                self.markdown(run)
                self.block += 1
                run = []
            if child is None:
                break
            raw = str(child.value).rstrip("\n")
            element = raw.strip()
            if _ELEMENT.fullmatch(element) and self.attributes(element, self.line_of(child.start)):
                continue
            plain = _fold(_TAG.sub(lambda m: " " if _is_formatting(m.group()) else m.group(), raw))
            if plain:
                self.lines.append(
                    Line(
                        self.line_of(child.start),
                        plain,
                        "html",
                        depth=self.depth,
                        item=self.items[-1] if self.items else 0,
                        block=self.block,
                        strong=True,
                    )
                )

    def html_table(self, start: int, block_end: int) -> None:
        """An HTML table, from the line of its ``<table>`` to its ``</table>`` (blank lines
        inside end CommonMark's HTML block, not the table), read as a pipe table is. A
        table never closed ends with its HTML block."""
        end, depth = block_end, 0
        for tag in _TABLE_TAGS.finditer(self.data, start):
            depth += -1 if tag.group(1) else 1
            if depth == 0:
                end = tag.end()
                break
        self.read_up_to = end
        table = _Table()
        for row in table_rows(self.data[start:end].decode("utf-8"), self.line_of(start)):
            cells = [
                (
                    _fold("; ".join(cell.lines)),
                    tuple(Link(url, text) for url, text in cell.links),
                    cell.strong,
                )
                for cell in row.cells
            ]
            (table.head if row.head and not table.rows else table.rows).append((row.line, cells))
        self.block = table.emit(self.lines, self.depth, self.headers, self.block)

    def delimited(self, node: _Node) -> bool:
        """A paragraph of comma- or tab-separated lines pasted from a spreadsheet, its first
        line a header that names a title column ("Title,Authors,DOI"), read as a pipe table
        is; False when the paragraph is no such table."""
        raw = self.data[node.start : node.end].decode("utf-8").rstrip("\n").split("\n")
        aligned = _aligned_columns(raw)
        if len(raw) < 2 or not (aligned or any(mark in raw[0] for mark in ",\t")):
            return False
        tabbed = raw[0].split("\t")  # two columns by a tab: only a table of authors
        two = len(tabbed) == 2 and self.headers.authors_columns([t.strip() for t in tabbed])
        mark = "\t" if raw[0].count("\t") >= 2 or two else ","
        try:
            rows = aligned or [next(csv.reader([line], delimiter=mark), []) for line in raw]
        except csv.Error:  # a NUL byte, an unterminated quote in strict mode
            return False
        header = [name.strip() for name in rows[0]]
        authors = self.headers.authors_columns(header)  # "姓名\t单位", a table of authors
        # columns lined up by spaces are a table by their shape; a comma is in any sentence
        least = 2 if aligned or (authors and mark == "\t") else 3
        shaped = len(header) >= least and all(0 < len(name.split()) <= 4 for name in header)
        if not (shaped or self.headers.sheet):
            return False  # pasted lines: only a header shaped like one makes them a table
        if not (authors or any(name.casefold() in self.headers.titles for name in header)):
            return False
        # a line '""' is no row: the line of a spreadsheet's record that began above it
        records = [(offset, row) for offset, row in enumerate(rows[1:], 1) if row != [""]]
        if self.headers.sheet:  # a row short of cells, or with more: as the header has them
            records = [(k, (row + [""] * len(header))[: len(header)]) for k, row in records]
        if any(len(row) != len(header) for _, row in records):
            return False
        table = _Table()
        first = self.line_of(node.start)
        table.head.append((first, [(name, (), False) for name in header]))
        for offset, row in records:
            table.rows.append((first + offset, [(_fold(cell.strip()), (), False) for cell in row]))
        self.block = table.emit(self.lines, self.depth, self.headers, self.block)
        return True

    def table(self, node: _Node) -> None:
        table = _Table()
        for part in node.children:  # the head (its cells), then each row
            cells = [_cell(_split_lines(_events(cell.children), br=True)) for cell in part.children]
            entry = (self.line_of(part.start), [(c.plain, c.links, c.strong) for c in cells])
            (table.head if part.kind == "TableHead" else table.rows).append(entry)
        self.block = table.emit(self.lines, self.depth, self.headers, self.block)


# a point of a plain-text outline: its indent, its mark ("I.", "A.", "b)", "12.", "-", "•")
_OUTLINE_POINT = regex.compile(
    r"(?m)^(?P<indent>[ \t]*)"
    r"(?:(?P<mark>[IVXivx]{1,4}|[A-Za-z]|\d{1,3})[.)]|[-*+•◦▪‣●○])[ \t]+(?=\S)"
)
_ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")


def _outline_letters(text: str) -> dict[int, frozenset[str]]:
    """The letters marking outline points in a document, by indent ("I.", "A.", "b)"):
    "A." starts a run of points only where a "B." stands at its indent too."""
    letters: dict[int, set[str]] = {}
    for point in _OUTLINE_POINT.finditer(text):
        mark = point.group("mark")
        if mark and mark.isalpha():
            width = len(point.group("indent").expandtabs(4))
            letters.setdefault(width, set()).add(mark.casefold())
    return {width: frozenset(marks) for width, marks in letters.items()}


def _outline_as_list(raw: list[str], letters: dict[int, frozenset[str]]) -> str | None:
    """The lines of a paragraph as a Markdown list, one point an item, nested as the
    points' indents are, when they form an outline: three points or more at two indents
    or more. A letter is a point's mark only in a run of marks at one indent ("A." then
    "B.", "I." then "II."), so an initial ("J. Dean, S. Ghemawat") stays a name. Line for
    line, so line numbers stay the file's; None for no outline."""
    indents: list[int] = []  # the indent of each open point, outermost first
    last: dict[int, str] = {}  # the last mark at each indent, folded
    out: list[str] = []
    points = 0
    widths: set[int] = set()
    for line in raw:
        point = _OUTLINE_POINT.match(line)
        mark = point.group("mark") if point else None
        width = len(point.group("indent").expandtabs(4)) if point else 0
        # "J. Dean, S. Ghemawat (Google)", "I. Stoica (UC Berkeley)": initials, no marks
        initial = bool(mark and mark.isalpha()) and not _in_run(
            str(mark).casefold(), last.get(width), letters.get(width, frozenset())
        )
        if point is None or initial:
            depth = len(indents)  # text of the point above (or before the first point)
            out.append("  " * depth + line.strip())
            continue
        while indents and indents[-1] >= width:
            indents.pop()
        for deeper in [w for w in last if w > width]:
            del last[deeper]  # a new parent: its points count from the start again
        if mark:
            last[width] = mark.casefold()
        out.append("  " * len(indents) + "- " + line[point.end() :].strip())
        indents.append(width)
        points += 1
        widths.add(width)
    if points < 3 or len(widths) < 2:
        return None
    return "\n".join(out) + "\n"


def _in_run(mark: str, before: str | None, marks: frozenset[str]) -> bool:
    """Whether the letter ``mark`` goes on from the one ``before`` it at its indent, and
    when it is the first, whether the one after it stands at that indent too."""
    if not _goes_on(before, mark):
        return False
    return before is not None or any(_goes_on(mark, other) for other in marks)


def _goes_on(before: str | None, mark: str) -> bool:
    """Whether the letter ``mark`` (folded) follows ``before`` in an outline: "a" or "i"
    first; then the next letter, or the next Roman numeral."""
    if before is None:
        return mark in ("a", "i")
    if before in _ROMAN and mark in _ROMAN and _ROMAN.index(mark) == _ROMAN.index(before) + 1:
        return True
    return len(before) == 1 and len(mark) == 1 and ord(mark) == ord(before) + 1


_CELL = regex.compile(r"\S+(?: \S+)*")  # words apart by one space: a cell of a column


def _aligned_columns(raw: list[str]) -> list[list[str]] | None:
    """Lines whose cells stand apart by two spaces or more, each cell starting where its
    column's header does (a program copied from a PDF, "Paper    Speaker"): each line's
    cells; None for lines not so lined up, or fewer than three."""
    if len(raw) < 3 or any("\t" in line for line in raw):
        return None
    starts = [m.start() for m in _CELL.finditer(raw[0])]
    if len(starts) < 2:
        return None
    rows = []
    for line in raw:
        cells = list(_CELL.finditer(line))
        if [m.start() for m in cells] != starts:
            return None
        rows.append([m.group() for m in cells])
    return rows


def _events(nodes: Iterable[_Node]) -> list[_Event]:
    """Inline nodes as events; adjacent pieces of text joined."""
    out: list[_Event] = []
    text: list[str] = []

    def flush() -> None:
        if text:
            out.extend(_wiki_links("".join(text)))
            text.clear()

    for node in nodes:
        kind = node.kind
        if kind == "Text":
            text.append(str(node.value))
            continue
        flush()
        if kind in ("SoftBreak", "HardBreak"):
            out.append(_Event(kind.lower()))
        elif kind == "Code":
            out.append(_Event("code_inline", str(node.value)))
        elif kind == "InlineHtml":
            out.append(_Event("html_inline", str(node.value)))
        elif kind == "Strong":
            out += [_Event("strong_open"), *_events(node.children), _Event("strong_close")]
        elif kind == "Link":
            # percent-encoded as markdown-it does ("[2022]" -> "%5B2022%5D")
            href = _cjk_inline().normalizeLink(str(node.value.get("dest_url", "")))
            out += [_Event("link_open", href=href), *_events(node.children), _Event("link_close")]
        elif kind == "Image":
            out.append(_Event("image"))
        elif kind == "Emphasis":
            out += [_Event("em_open"), *_events(node.children), _Event("em_close")]
        else:  # anything else: its text
            out += _events(node.children)
    flush()
    return out


_MARKS = frozenset(
    {"softbreak", "hardbreak", "strong_open", "strong_close", "em_open", "em_close", "link_close"}
)


def _token_events(tokens: Iterable[Token]) -> list[_Event]:
    """markdown-it-py's inline tokens as events."""
    out: list[_Event] = []
    for token in tokens:
        kind = token.type
        if kind == "link_open":
            out.append(_Event("link_open", href=str(token.attrs.get("href", ""))))
        elif kind in ("text", "code_inline", "html_inline"):
            out.append(_Event(kind, token.content))
        elif kind in _MARKS:
            out.append(_Event(kind))
        elif kind == "image":
            out.append(_Event("image"))
    return out


def _unpaired(events: list[_Event]) -> bool:
    """Emphasis markers CommonMark left open in Chinese text: "**作者：**张三"."""
    texts = [e.content for e in events if e.kind == "text"]
    return any("*" in t or "_" in t for t in texts) and any(_HAN.search(t) for t in texts)


def _wiki_links(text: str) -> list[_Event]:
    """Text with wiki links ("[[WaferLLM-OSDI25|WaferLLM]]", "[[PagedAttention]]", as
    Obsidian, MkDocs and GitHub wikis write them; no part of CommonMark) as links."""
    if "[[" not in text:
        return [_Event("text", text)]
    out: list[_Event] = []
    at = 0
    for m in _WIKI_LINK.finditer(text):
        if m.start() > at:
            out.append(_Event("text", text[at : m.start()]))
        target, shown = m.group("target"), m.group("text") or m.group("target")
        out += [_Event("link_open", href=target), _Event("text", shown), _Event("link_close")]
        at = m.end()
    if at < len(text):
        out.append(_Event("text", text[at:]))
    return out


Cell = tuple[str, tuple[Link, ...], bool]


# a line that is only a Jekyll/Liquid or Hugo tag ("{% include JB/setup %}", "{{< toc >}}")
# or a GitHub alert's marker ("> [!NOTE]"): markup, no text
# a line framed by a run of one mark on each side, as plain-text mail and programs set off
# their sections: "==== SESSION: Caching ====", "*** Keynotes ***"
_BANNER = regex.compile(
    r"(?P<mark>[=*~#\-_+])(?P=mark){2,}\s*(?P<text>[^=*~#\-_+\s].*?)\s*(?P=mark){3,}"
)
_CHAT_MESSAGE = regex.compile(
    r"^\[\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp][Mm])?\]\s+[\w.\-]{1,32}:\s+"
)
# a post's counts and its place in a thread, pasted with it: "♡ 212   ⇄ 41   💬 17",
# "👍 2 🎉 1", "Replying to @kernel_kat", "@kernel_kat · Jul 15"
_POST_CHROME = regex.compile(
    r"(?:\d[\d,.]*[KkMm万]?\s*)?(?:[\p{So}\p{Sm}\uFE0F]+\s*\d[\d,.]*[KkMm万]?\s*)+"
    r"|Replying to\s+@\w+(?:\s+and\s+@\w+)*|@\w{1,30}\s+·\s+\S.{0,20}"
)
# a component written with attributes, as MDX and HTML pages write a paper's card:
# '<PaperCard title="…" doi="…" authors="…" />', over one line or several; so do a Hugo
# shortcode ('{{< paper title="…" doi="…" >}}') and a Jekyll include ('{% include
# paper.html title="…" %}')
_ATTRIBUTES = r"(?:\s+[\w\-:]+=(?:\"[^\"]*\"|'[^']*')){2,}\s*"
_ELEMENT = regex.compile(
    rf"<[A-Za-z][\w.\-]*{_ATTRIBUTES}/?>"
    rf"|\{{\{{[<%]\s*[\w\-/.]+{_ATTRIBUTES}/?[>%]\}}\}}"
    rf"|\{{%-?\s*include\s+[\w\-/.]+{_ATTRIBUTES}-?%\}}",
    regex.DOTALL,
)
_ATTRIBUTE = regex.compile(r"(?P<name>[\w\-:]+)=(?:\"(?P<double>[^\"]*)\"|'(?P<single>[^']*)')")
# "🧵 2/14", "(3/14)": a thread's post counter on a line of its own
_POST_COUNTER = regex.compile(
    r"[\p{So}\uFE0F\s]*[(（]?\d{1,3}\s*/\s*\d{1,3}[)）]?[\p{So}\uFE0F\s]*"
)
# kramdown's '{: style="…"}' and a line-ending "\\"; the attributes Pandoc and Quarto give
# a heading: an anchor "{#sec-x}", classes "{.unnumbered}", or "{-}"
_KRAMDOWN_TAIL = regex.compile(
    r"(?:\s*\{:[^{}]*\}|\s*\{[#.][\w\-:.]+(?:\s+[^{}\s]+)*\}|\s*\{-\}|\s*\\+)+$"
)
_TEMPLATE_TAG = regex.compile(r"\{[%{][^{}]*[%}]\}|\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]")
# fences whose text may be the note-taker's prose: no language, or plain text
_NOTE_FENCES = frozenset({"", "text", "txt", "plain", "plaintext", "markdown", "md"})
_CODE_MARKS = regex.compile(
    r"[;{}]\s*$|\(\)|==|!=|->|=>|\$\s"
    r"|^\s*(?:#include|//|import |def |from \S+ import|class |return )"
)
_WORDS = regex.compile(r"[\p{L}]{2,}|\p{Han}")


def _prose(content: list[str]) -> bool:
    """Lines of sentences, not code: most lines hold four words or more and no code marks."""
    lines = [line for line in content if line.strip()]
    if len(lines) < 2:
        return False
    worded = sum(len(_WORDS.findall(line)) >= 4 and not _CODE_MARKS.search(line) for line in lines)
    return worded * 5 >= len(lines) * 4


@dataclass
class _Table:
    """A pipe table while it is read: its header row and its body rows."""

    head: list[tuple[int, list[Cell]]] = field(default_factory=list)
    rows: list[tuple[int, list[Cell]]] = field(default_factory=list)

    def emit(self, lines: list[Line], depth: int, headers: Headers, block: int) -> int:
        """Each body row as a list item: the title cell, then the other cells. A table of
        two columns whose first holds short names ("Authors | Cong Guo, ...") is a card
        of fields: each row a line "Name: value"."""
        header = [cell[0] for cell in self.head[0][1]] if self.head else []
        width = max((len(cells) for _, cells in self.rows), default=0)
        headers.with_years(header, self.rows)
        if (columns := headers.authors_columns(header)) is not None:
            return self.authors(lines, depth, block, *columns)
        titled = any(name.casefold() in headers.titles for name in header)
        if width == 2 and not titled and all(len(c[0][0].split()) <= 3 for _, c in self.rows):
            for number, cells in self.rows:
                (name, _, _), (value, links, strong) = cells[0], cells[1]
                if name and value:
                    block += 1
                    lines.append(
                        Line(number, f"{name}: {value}", "text", 0, depth, 0, block, strong, links)
                    )
            return block
        header += [""] * (width - len(header))
        if not titled and self.of_results(header, headers):
            # "| compared with | speedup |" over "| OuterSPACE | 4x |": each row one line of
            # the summary it stands in, its cells with their headers ("compared with:
            # OuterSPACE, speedup 4x;"), so that a figure keeps what it measures and against what
            for number, cells in self.rows:
                said = [
                    (f"{name}{' ' if _FIGURE.match(text) else ': '}{text}" if name else text, ks)
                    for name, (text, ks, _) in zip(header, cells, strict=False)
                    if text
                ]
                if said:
                    block += 1
                    text = ", ".join(t for t, _ in said) + ";"  # a row ends a sentence
                    links = tuple(k for _, ks in said for k in ks)
                    lines.append(Line(number, text, "text", 0, depth, 0, block, False, links))
            return block
        column = self.title_column(header, headers.titles)
        named = column < len(header) and header[column].casefold() in headers.titles
        venue = next((at for at, n in enumerate(header) if n.casefold() in headers.venues), None)
        # "| Paper Title | … | Venue |" with venues in it: a table of papers, each row one
        # ("Using the BSP cost model …, Future Generation Computer Systems" had been lost)
        of_papers = (
            named
            and venue is not None
            and any(venue < len(c) and _SAID.search(c[venue][0]) for _, c in self.rows)
        )
        inner = depth + 1  # the rows' depth: one deeper under a group row
        for number, cells in self.rows:
            filled = [cell for cell in cells if cell[0]]
            if width >= 3 and len(filled) == 1 and not filled[0][1]:
                # "| | <center>数据表示</center> | |": a row of one cell names the rows below
                block += 1
                lines.append(Line(number, filled[0][0], "item", 0, depth + 1, number, block))
                inner = depth + 2
                continue
            if column >= len(cells) or not cells[column][0]:
                continue
            plain, links, strong = cells[column]
            block += 1
            if of_papers:  # its title labelled so, as a paper's for sure
                plain = f"{header[column]}: {plain}"
            lines.append(Line(number, plain, "item", 0, inner, number, block, strong, links))
            for at, (text, cell_links, cell_strong) in enumerate(cells):
                if at == column or not text or not headers.reads(header[at], text):
                    continue
                block += 1
                name = "Authors" if headers.lists_people(header[at], text) else header[at]
                shown = f"{name}: {text}" if name else text
                lines.append(
                    Line(number, shown, "text", 0, inner, number, block, cell_strong, cell_links)
                )
        return block

    def authors(self, lines: list[Line], depth: int, block: int, people: int, places: int) -> int:
        """A table of authors, a row each ("| Lianmin Zheng | UC Berkeley |"): one line of
        the paper's authors on the first row's line, "Authors: A (X); B (Y)"."""
        named = []
        for _, cells in self.rows:
            name = cells[people][0] if people < len(cells) else ""
            place = cells[places][0] if places < len(cells) else ""
            if name:
                named.append(f"{name} ({place})" if place else name)
        if named:
            block += 1
            text = "Authors: " + "; ".join(named)
            lines.append(Line(self.rows[0][0], text, "text", 0, depth, 0, block))
        return block

    def of_results(self, header: list[str], headers: Headers) -> bool:
        """A table of results: a column after the first whose every cell is a figure
        relative to something ("4x", "2.64 倍", "15%"), under a header that names no field
        kg reads (a paper's "Year" is no result)."""
        known = headers.known or frozenset()
        if any(name.casefold() in known for name in header):
            return False  # "| Paper | Venue | Speedup |": a table of papers
        if any(_TITLE_LIKE.search(c[0]) for _, cells in self.rows for c in cells):
            return False  # "| Orca: A Distributed Serving System … | 36.9x |": papers' titles
        for at in range(1, len(header)):
            cells = [c[at][0] for _, c in self.rows if at < len(c) and c[at][0]]
            if cells and header[at].casefold() not in known and all(map(_FIGURE.match, cells)):
                return True
        return False

    def title_column(self, header: list[str], title_headers: frozenset[str]) -> int:
        """The column of titles: named so in the header ("Title", or one of its parts:
        "论文 / 链接", "Paper/Link"), else the first column of words."""
        for at, name in enumerate(header):
            if name.casefold() in title_headers:
                return at
        for at, name in enumerate(header):
            if any(part.strip().casefold() in title_headers for part in _HEADER_PARTS.split(name)):
                return at
        for at in range(len(header)):
            cells = [cells[at][0] for _, cells in self.rows if at < len(cells)]
            if cells and sum(len(c.split()) >= 3 for c in cells) * 2 >= len(cells):
                return at
        return 0


_HEADER_PARTS = regex.compile(r"\s*[/／|&]\s*")
_SAID = regex.compile(r"\w")  # a cell that says something ("-" does not)
_SHORT_YEAR = regex.compile(r"['’]\d\d\b")  # "SOSP'23"
# a cell that reads as a paper's title: "Name: subtitle", or five words and more
_TITLE_LIKE = regex.compile(r"\S[:：]\s*\S|(?:\S+\s+){4}\S")
# a figure relative to something, alone in a cell: "4x", "1285×", "2.64 倍", "15%" (not a
# size or a time, "25 GB", "3.6 s": a dataset's or a system's own figures, no result of the paper)
_FIGURE = regex.compile(r"^[~≈<>≤≥+\-]?\s*\d[\d,.]*\s*[xX×倍%％]$")


@dataclass(frozen=True)
class _Piece:
    """One line of an inline token (see :func:`_split_lines`)."""

    plain: str
    links: tuple[Link, ...] = ()
    strong: bool = False
    lead: str = ""
    tags: tuple[str, ...] = ()
    marks: tuple[str, ...] = ()


def _setext_heading(nodes: Sequence[_Node]) -> bool:
    """Whether text underlined with ``---`` or ``===`` reads as a heading: one short line.
    Plain-text notes draw such rules under paragraphs that are no headings."""
    events = _events(nodes)
    if any(e.kind in ("softbreak", "hardbreak") for e in events):
        return False
    text = "".join(e.content for e in events if e.kind == "text").strip()
    return len(text.split()) <= 12 and len(text) <= 100


def _split_lines(children: Sequence[_Event], br: bool = False) -> list[_Piece]:
    """An inline token's children cut at line breaks: per line, its plain text, its links,
    whether all of its text is bold (or wrapped in an HTML tag such as ``<font>``), the
    bold or linked text it starts with when more text follows ("**Title** was presented
    by ...", "[Title](...) : 摘要"), and the code spans it starts with ("`G13P08`").
    With ``br``, a ``<br>`` tag breaks a line too (a table cell has no other way to)."""
    out: list[_Piece] = []
    text: list[str] = []
    lead: list[str] = []
    tags: list[str] = []
    stage = "start"  # start | lead (in the leading bold or link) | after
    links: list[Link] = []
    bold_chars = plain_chars = 0
    strong = 0
    em = 0
    italic = False  # the lead is in italics ("*Title* (A et al., MIT) ...")
    tagged = 0
    href: str | None = None
    link_text: list[str] = []
    marks: list[str] = []  # the line's bold or italic phrases
    marked: list[str] = []  # the text of the one open

    def flush() -> None:
        nonlocal bold_chars, plain_chars, stage, italic
        plain = _fold("".join(text))
        whole = bool(plain) and plain_chars == 0 and bold_chars > 0
        first = _fold("".join(lead))
        rest = plain[len(" ".join(tags)) :].strip() if tags else plain
        follows = bool(first) and not whole and len(rest) > len(first)
        if italic and follows:
            # italics lead a title only as "*Name: Subtitle*" or "*Title* (authors ...)"
            after = rest[len(first) :].lstrip() if rest.startswith(first) else ""
            follows = ":" in first or after.startswith(("(", "（"))
        italic = False
        shown = () if whole else tuple(_fold(m) for m in marks if m.strip())
        out.append(_Piece(plain, tuple(links), whole, first if follows else "", tuple(tags), shown))
        marks.clear()
        text.clear()
        lead.clear()
        tags.clear()
        links.clear()
        bold_chars = plain_chars = 0
        stage = "start"

    for child in children:
        kind = child.kind
        if kind in ("em_open", "strong_open") and not (em or strong):
            marked.clear()  # a bold or italic phrase opens
        elif kind in ("em_close", "strong_close") and em + strong == 1:
            marks.append("".join(marked))  # and closes
        if kind in ("softbreak", "hardbreak"):
            flush()
        elif kind in ("text", "code_inline"):
            content = child.content
            if kind == "text" and stage == "start" and not (strong or tagged or href):
                mark = LEADING_SYMBOLS.match(content) or _DEFINITION.match(content)
                if mark and mark.group().strip():  # "📄 **Title**", ":   text": a bullet of sorts
                    content = content[mark.end() :]
            text.append(content)
            if href is not None:
                link_text.append(content)
            elif strong or em:
                marked.append(content)
            if not content.strip():
                continue
            if kind == "code_inline" and stage == "start" and not (strong or tagged or href):
                tags.append(content)
                continue
            if stage == "lead":
                lead.append(content)
            elif stage == "start":
                stage = "after"
            if strong or tagged:
                bold_chars += len(content.strip())
            else:
                plain_chars += len(content.strip())
        elif kind == "em_open":
            em += 1
            italic = italic or stage == "start"
            stage = "lead" if stage == "start" else stage
        elif kind == "em_close":
            em = max(0, em - 1)
            stage = "after" if stage == "lead" and not (em or strong) and href is None else stage
        elif kind == "strong_open":
            strong += 1
            stage = "lead" if stage == "start" else stage
        elif kind == "strong_close":
            strong = max(0, strong - 1)
            stage = "after" if stage == "lead" and not (strong or em) and href is None else stage
        elif kind == "html_inline":
            tag = child.content
            if br and _is_break(tag):
                flush()
            elif not _is_formatting(tag):
                text.append(tag)  # not a formatting tag: text the note-taker wrote
                plain_chars += len(tag)
                stage = "after"
            elif tag.startswith("</"):
                tagged = max(0, tagged - 1)
            elif not tag.endswith("/>") and not _is_break(tag):
                tagged += 1
        elif kind == "link_open":
            href = child.href
            link_text = []
            stage = "lead" if stage == "start" else stage
        elif kind == "link_close":
            if href:
                links.append(Link(href, _fold("".join(link_text))))
            href = None
            stage = "after" if stage == "lead" and not strong else stage
        elif kind == "image":
            continue
    flush()
    return out


def _navigation(piece: _Piece) -> bool:
    """A line that only links to places in the same page ("* [Mesos](#mesos)" of a table
    of contents): it repeats the headings, it says nothing of its own."""
    return (
        bool(piece.links)
        and all(link.url.startswith("#") for link in piece.links)
        and _fold(" ".join(link.text for link in piece.links)) == piece.plain
    )


def _cell(pieces: list[_Piece]) -> _Piece:
    """A table cell's lines (cut at ``<br>``) as one: "A, Inst<br>B, Inst" -> "A, Inst; B,
    Inst", the form of an author line that names each author's institution."""
    if len(pieces) == 1:
        return pieces[0]
    kept = [p for p in pieces if p.plain] or pieces[:1]
    return _Piece(
        "; ".join(p.plain for p in kept),
        tuple(link for p in kept for link in p.links),
        all(p.strong for p in kept),
    )


# tags that only format text (pasted programs wrap titles in <font>, <b>, <span>): markup;
# any other tag ("<img ...>", "<script>") is text the notes hold, kept as written
_FORMATTING = frozenset(
    {"a", "b", "big", "br", "center", "code", "details", "div", "em", "font", "i", "mark", "p"}
    | {"small", "span", "strong", "sub", "summary", "sup", "u"}
)
_TAG_NAME = regex.compile(r"^</?\s*([A-Za-z][A-Za-z0-9]*)")


def _is_break(tag: str) -> bool:
    m = _TAG_NAME.match(tag)
    return m is not None and m.group(1).lower() == "br"


def _is_formatting(tag: str) -> bool:
    m = _TAG_NAME.match(tag)
    return m is not None and m.group(1).lower() in _FORMATTING


def _fold(text: str) -> str:
    return _SPACES.sub(" ", text).strip()
