"""Notes text -> :class:`Line` records, with a CommonMark parser.

Markdown gives notes their structure: headings, list items and their
nesting, emphasis, links, tables, YAML front matter. This module asks a
CommonMark parser for the document's tree and flattens it into one
:class:`Line` per source line of text, carrying where it sits (heading level,
list depth, the item it starts), its plain text (markup removed, link text
kept), its links and whether it is wholly bold. Plain-text notes parse as
paragraphs, so they need no other path.

The parser is markdown-it-py, with YAML front matter from mdit-py-plugins and
emphasis next to Chinese from mdit-py-cjk-friendly: CommonMark does not let
``**`` close before Chinese text after punctuation ("**作者：**张三"); the
extension does. (markdown-it-pyrs, the same parser compiled from Rust, read
notes in 30% less time but panics on ordinary text such as "[`", markdown-it-rust
issue #40, so it is not used; bench/README.md has the figures.)

One leniency: ``####1. Title`` (no space after the hashes) is not a heading in
CommonMark, but notes written for lenient renderers use it; such lines get
the space before parsing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import regex
from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode
from mdit_py_cjk_friendly import cjk_friendly
from mdit_py_plugins.front_matter import front_matter_plugin

# "####1. Title": a heading written without its space (lenient renderers accept it)
_TIGHT_HEADING = regex.compile(r"^( {0,3}#{1,6})(?=[^\s#])", regex.MULTILINE)
_TAG = regex.compile(r"<[^>]*>")
_SPACES = regex.compile(r"[ \t\u00a0\u3000]+")
_TASK = regex.compile(r"^\[[ xX]\]\s+")
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
    # "authors" for the author part of a line it split ("Title — A, B (MIT)")
    kind: str
    level: int = 0  # heading level (1-6), 0 otherwise
    depth: int = 0  # list nesting: 0 outside lists, 1 in a top-level item ...
    item: int = 0  # the list item the line belongs to (its first line's number), 0 outside
    block: int = 0  # the paragraph (or heading, html block) the line belongs to
    strong: bool = False  # the whole line is bold (or inside an HTML tag)
    links: tuple[Link, ...] = ()
    lead: str = ""  # the bold or linked text the line starts with, when more text follows
    tags: tuple[str, ...] = ()  # the code spans the line starts with: "`G13P08` `2016-09-15`"


@dataclass(frozen=True)
class Parsed:
    """A notes file as lines, and its YAML front matter (the text, unparsed)."""

    lines: tuple[Line, ...]
    front_matter: str = ""
    front_matter_line: int = 0


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    """CommonMark with GitHub's pipe tables (a table of papers is a list of papers) and
    YAML front matter; indented code is off: notes indent continuation lines, and a
    plain-text note indented by four spaces is still text, not code."""
    return (
        MarkdownIt("commonmark")
        .use(front_matter_plugin)
        .use(cjk_friendly)
        .enable("table")
        .disable("code")
    )


def parse(text: str, title_headers: frozenset[str] = frozenset()) -> Parsed:
    """The lines of a notes file (Markdown or plain text) with their structure.

    A table's rows become list items: the cell of the title column (its header in
    ``title_headers``, case-folded, else the first column of words) is the item's line,
    and each other cell a line of the item, "Header: cell"."""
    text = _TIGHT_HEADING.sub(r"\1 ", text)
    walk = _Walk(title_headers)
    walk.blocks(SyntaxTreeNode(_parser().parse(text)).children)
    return Parsed(tuple(walk.lines), walk.front, walk.front_line)


@dataclass(frozen=True)
class _Event:
    """One inline element: text, a break, a tag or a link's ends."""

    kind: str  # text | code_inline | softbreak | hardbreak | strong_open | strong_close |
    #            link_open | link_close | html_inline | image
    content: str = ""
    href: str = ""


class _Walk:
    """The walk over one document's tree, and the lines it has made so far."""

    def __init__(self, title_headers: frozenset[str]) -> None:
        self.title_headers = title_headers
        self.lines: list[Line] = []
        self.front, self.front_line = "", 0
        self.depth = 0
        self.items: list[int] = []  # first line of each open list item
        self.item_first = False  # the next run of text starts a list item
        self.block = 0

    def blocks(self, nodes: Sequence[SyntaxTreeNode]) -> None:
        for node in nodes:
            kind = node.type
            if kind == "paragraph":
                self.inline(node)
            elif kind == "heading":
                level = int(node.tag[1:])
                if node.markup in ("=", "-") and not _setext_heading(node):
                    level = 0  # "TITLE X / AUTHORS Y" then "-----": text, then a rule
                self.inline(node, level)
            elif kind in ("bullet_list", "ordered_list"):
                self.depth += 1
                self.blocks(node.children)
                self.depth -= 1
            elif kind == "list_item":
                self.list_item(node)
            elif kind == "blockquote":
                self.blocks(node.children)
            elif kind == "table":
                self.table(node)
            elif kind == "html_block":
                self.html_block(node)
            elif kind == "front_matter":
                self.front = node.content.removesuffix("\n")
                self.front_line = 1
            elif kind in ("fence", "code_block"):
                self.fence(node)

    def fence(self, node: SyntaxTreeNode) -> None:
        """Code in notes is not prose: skipped, but it ends a paragraph. One exception: a
        block right under a heading that restates the heading as its first line's name
        ("### CXL-ANNS", then "CXL-ANNS: Software-Hardware Collaborative ..."), which holds
        the paper's full title and facts, not code."""
        self.block += 1
        content = node.content.split("\n")
        heading = self.lines[-1] if self.lines else None
        if heading is None or heading.kind != "heading" or not content:
            return
        first_line = _TITLE_FIELD.sub("", content[0].strip())  # "Title: DiskANN: ..."
        if not first_line.casefold().startswith(heading.text.casefold() + ":"):
            return
        first = _first_line(node) + 1  # the line after the opening fence
        for offset, raw in enumerate(content):
            plain = _fold(raw)
            if plain:
                self.block += 1
                self.lines.append(
                    Line(first + offset, plain, "text", depth=self.depth, block=self.block)
                )

    def list_item(self, node: SyntaxTreeNode) -> None:
        """A list item: its own text (its first paragraph) and what is nested in it."""
        self.items.append(_first_line(node))
        self.item_first = True
        for child in node.children:
            self.blocks([child])
            self.item_first = False
        self.items.pop()

    def inline(self, node: SyntaxTreeNode, level: int = 0) -> None:
        """The lines of a paragraph or a heading."""
        events = _events(node.children[0].children) if node.children else []
        if not events:
            self.item_first = False
            return
        self.block += 1
        first = _first_line(node)
        last = node.map[1] if node.map else first
        item_first = self.item_first
        for offset, piece in enumerate(_split_lines(events)):
            plain = piece.plain
            if (item_first or level) and offset == 0:
                plain = _TASK.sub("", plain)  # "- [x] Title", "## [ ] Title": a check box
            if not plain or first + offset > last + 1:
                continue
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
                )
            )
        self.item_first = False

    def html_block(self, node: SyntaxTreeNode) -> None:
        self.block += 1
        first = _first_line(node)
        for offset, raw in enumerate(node.content.split("\n")):
            plain = _fold(_TAG.sub(lambda m: " " if _is_formatting(m.group()) else m.group(), raw))
            if plain:
                self.lines.append(
                    Line(
                        first + offset,
                        plain,
                        "html",
                        depth=self.depth,
                        item=self.items[-1] if self.items else 0,
                        block=self.block,
                        strong=True,
                    )
                )

    def table(self, node: SyntaxTreeNode) -> None:
        table = _Table()
        for part in node.children:  # thead, tbody
            for row in part.children:
                cells = [_split_lines(_cell_events(cell))[0] for cell in row.children]
                entry = (_first_line(row), [(c.plain, c.links, c.strong) for c in cells])
                (table.head if part.type == "thead" else table.rows).append(entry)
        self.block = table.emit(self.lines, self.depth, self.title_headers, self.block)


def _first_line(node: SyntaxTreeNode) -> int:
    """The 1-based line a block starts on."""
    return node.map[0] + 1 if node.map else 0


def _cell_events(cell: SyntaxTreeNode) -> list[_Event]:
    return _events(cell.children[0].children) if cell.children else []


def _events(nodes: Iterable[SyntaxTreeNode]) -> list[_Event]:
    """Inline nodes as events."""
    out: list[_Event] = []
    for node in nodes:
        kind = node.type
        if kind == "text":
            out += _wiki_links(node.content)
        elif kind in ("softbreak", "hardbreak"):
            out.append(_Event(kind))
        elif kind in ("code_inline", "html_inline"):
            out.append(_Event(kind, node.content))
        elif kind == "strong":
            out += [_Event("strong_open"), *_events(node.children), _Event("strong_close")]
        elif kind == "link":
            href = str(node.attrs.get("href", ""))
            out += [_Event("link_open", href=href), *_events(node.children), _Event("link_close")]
        elif kind == "image":
            out.append(_Event("image"))
        else:  # emphasis and anything else: its text
            out += _events(node.children)
    return out


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


@dataclass
class _Table:
    """A pipe table while it is read: its header row and its body rows."""

    head: list[tuple[int, list[Cell]]] = field(default_factory=list)
    rows: list[tuple[int, list[Cell]]] = field(default_factory=list)
    head_open: bool = True
    row: int = 0
    cells: list[Cell] = field(default_factory=list)

    def emit(self, lines: list[Line], depth: int, title_headers: frozenset[str], block: int) -> int:
        """Each body row as a list item: the title cell, then the other cells. A table of
        two columns whose first holds short names ("Authors | Cong Guo, ...") is a card
        of fields: each row a line "Name: value"."""
        header = [cell[0] for cell in self.head[0][1]] if self.head else []
        width = max((len(cells) for _, cells in self.rows), default=0)
        titled = any(name.casefold() in title_headers for name in header)
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
        column = self.title_column(header, title_headers)
        for number, cells in self.rows:
            if column >= len(cells) or not cells[column][0]:
                continue
            plain, links, strong = cells[column]
            block += 1
            lines.append(Line(number, plain, "item", 0, depth + 1, number, block, strong, links))
            for at, (text, cell_links, cell_strong) in enumerate(cells):
                if at == column or not text:
                    continue
                block += 1
                shown = f"{header[at]}: {text}" if header[at] else text
                lines.append(
                    Line(
                        number, shown, "text", 0, depth + 1, number, block, cell_strong, cell_links
                    )
                )
        return block

    def title_column(self, header: list[str], title_headers: frozenset[str]) -> int:
        """The column of titles: named so in the header, else the first column of words."""
        for at, name in enumerate(header):
            if name.casefold() in title_headers:
                return at
        for at in range(len(header)):
            cells = [cells[at][0] for _, cells in self.rows if at < len(cells)]
            if cells and sum(len(c.split()) >= 3 for c in cells) * 2 >= len(cells):
                return at
        return 0


@dataclass(frozen=True)
class _Piece:
    """One line of an inline token (see :func:`_split_lines`)."""

    plain: str
    links: tuple[Link, ...] = ()
    strong: bool = False
    lead: str = ""
    tags: tuple[str, ...] = ()


def _setext_heading(node: SyntaxTreeNode) -> bool:
    """Whether text underlined with ``---`` or ``===`` reads as a heading: one short line.
    Plain-text notes draw such rules under paragraphs that are no headings."""
    events = _events(node.children[0].children) if node.children else []
    if any(e.kind in ("softbreak", "hardbreak") for e in events):
        return False
    text = "".join(e.content for e in events if e.kind == "text").strip()
    return len(text.split()) <= 12 and len(text) <= 100


def _split_lines(children: Sequence[_Event]) -> list[_Piece]:
    """An inline token's children cut at line breaks: per line, its plain text, its links,
    whether all of its text is bold (or wrapped in an HTML tag such as ``<font>``), the
    bold or linked text it starts with when more text follows ("**Title** was presented
    by ...", "[Title](...) : 摘要"), and the code spans it starts with ("`G13P08`")."""
    out: list[_Piece] = []
    text: list[str] = []
    lead: list[str] = []
    tags: list[str] = []
    stage = "start"  # start | lead (in the leading bold or link) | after
    links: list[Link] = []
    bold_chars = plain_chars = 0
    strong = 0
    tagged = 0
    href: str | None = None
    link_text: list[str] = []

    def flush() -> None:
        nonlocal bold_chars, plain_chars, stage
        plain = _fold("".join(text))
        whole = bool(plain) and plain_chars == 0 and bold_chars > 0
        first = _fold("".join(lead))
        rest = plain[len(" ".join(tags)) :].strip() if tags else plain
        follows = bool(first) and not whole and len(rest) > len(first)
        out.append(_Piece(plain, tuple(links), whole, first if follows else "", tuple(tags)))
        text.clear()
        lead.clear()
        tags.clear()
        links.clear()
        bold_chars = plain_chars = 0
        stage = "start"

    for child in children:
        kind = child.kind
        if kind in ("softbreak", "hardbreak"):
            flush()
        elif kind in ("text", "code_inline"):
            content = child.content
            text.append(content)
            if href is not None:
                link_text.append(content)
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
        elif kind == "strong_open":
            strong += 1
            stage = "lead" if stage == "start" else stage
        elif kind == "strong_close":
            strong -= 1
            stage = "after" if stage == "lead" and not strong and href is None else stage
        elif kind == "html_inline":
            tag = child.content
            if not _is_formatting(tag):
                text.append(tag)  # not a formatting tag: text the note-taker wrote
                plain_chars += len(tag)
                stage = "after"
            elif tag.startswith("</"):
                tagged = max(0, tagged - 1)
            elif not tag.endswith("/>") and not tag.lower().startswith("<br"):
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


# tags that only format text (pasted programs wrap titles in <font>, <b>, <span>): markup;
# any other tag ("<img ...>", "<script>") is text the notes hold, kept as written
_FORMATTING = frozenset(
    "a b big br center code div em font i mark p small span strong sub sup u".split()  # noqa: SIM905
)
_TAG_NAME = regex.compile(r"^</?\s*([A-Za-z][A-Za-z0-9]*)")


def _is_formatting(tag: str) -> bool:
    m = _TAG_NAME.match(tag)
    return m is not None and m.group(1).lower() in _FORMATTING


def _fold(text: str) -> str:
    return _SPACES.sub(" ", text).strip()
