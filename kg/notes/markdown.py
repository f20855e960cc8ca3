"""Notes text -> :class:`Line` records, with a CommonMark parser (markdown-it-py).

Markdown gives notes their structure: headings, list items and their
nesting, emphasis, links, YAML front matter. This module asks markdown-it-py
for the tokens and flattens them into one :class:`Line` per source line of
text, carrying where it sits (heading level, list depth, the item it starts),
its plain text (markup removed, link text kept), its links and whether it is
wholly bold. Plain-text notes parse as paragraphs, so they need no other path.

One leniency: ``####1. Title`` (no space after the hashes) is not a heading in
CommonMark, but notes written for lenient renderers use it; such lines get
the space before parsing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import regex
from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_cjk_friendly import cjk_friendly
from mdit_py_plugins.front_matter import front_matter_plugin

# "####1. Title": a heading written without its space (lenient renderers accept it)
_TIGHT_HEADING = regex.compile(r"^( {0,3}#{1,6})(?=[^\s#])", regex.MULTILINE)
_TAG = regex.compile(r"<[^>]*>")
_SPACES = regex.compile(r"[ \t\u00a0\u3000]+")
_TASK = regex.compile(r"^\[[ xX]\]\s+")


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
    # CommonMark, with YAML front matter and emphasis that works next to Chinese
    # punctuation ("**思考**："); indented code is off: notes indent continuation lines,
    # and a plain-text note indented by four spaces is still text, not code
    # tables (GitHub's pipe tables) are on: a table of papers is a list of papers
    return (
        MarkdownIt("commonmark")
        .use(front_matter_plugin)
        .use(cjk_friendly)
        .disable("code")
        .enable("table")
    )


def parse(text: str, title_headers: frozenset[str] = frozenset()) -> Parsed:
    """The lines of a notes file (Markdown or plain text) with their structure.

    A table's rows become list items: the cell of the title column (its header in
    ``title_headers``, case-folded, else the first column of words) is the item's line,
    and each other cell a line of the item, "Header: cell"."""
    text = _TIGHT_HEADING.sub(r"\1 ", text)
    tokens = _parser().parse(text)
    source = text.splitlines()
    lines: list[Line] = []
    front, front_line = "", 0
    depth = 0
    items: list[int] = []  # first line of each open list item
    item_first = False  # the next paragraph starts a list item
    level = 0
    block = 0
    table: _Table | None = None
    for at, token in enumerate(tokens):
        kind = token.type
        if table is not None:
            if kind == "table_close":
                block = table.emit(lines, depth, title_headers, block)
                table = None
            elif kind == "tr_open":
                table.row = (token.map[0] + 1) if token.map else 0
                table.cells = []
            elif kind == "tr_close" and table.row:
                (table.rows if table.rows or not table.head_open else table.head).append(
                    (table.row, table.cells)
                )
            elif kind == "thead_close":
                table.head_open = False
            elif kind == "inline":
                piece = _split_lines(token.children or [])[0]
                table.cells.append((piece.plain, piece.links, piece.strong))
            continue
        if kind == "front_matter":
            front, front_line = token.content, 1
        elif kind in ("bullet_list_open", "ordered_list_open"):
            depth += 1
        elif kind in ("bullet_list_close", "ordered_list_close"):
            depth -= 1
        elif kind == "list_item_open":
            items.append((token.map[0] + 1) if token.map else 0)
            item_first = True
        elif kind == "list_item_close":
            items.pop()
            item_first = False
        elif kind == "heading_open":
            level = int(token.tag[1:])
            if token.markup in ("-", "=") and not _setext_heading(tokens[at + 1]):
                level = 0  # "TITLE X / AUTHORS Y" then "-----": text, then a rule
        elif kind == "heading_close":
            level = 0
        elif kind == "inline" and token.map:
            block += 1
            first = token.map[0] + 1
            for offset, piece in enumerate(_split_lines(token.children or [])):
                plain = piece.plain
                if (item_first or level) and offset == 0:
                    plain = _TASK.sub("", plain)  # "- [x] Title", "## [ ] Title": a check box
                if not plain:
                    continue
                number = first + offset
                if level:
                    line_kind = "heading"
                elif item_first and offset == 0:
                    line_kind = "item"
                else:
                    line_kind = "text"
                lines.append(
                    Line(
                        number,
                        plain,
                        line_kind,
                        level=level,
                        depth=depth,
                        item=items[-1] if items else 0,
                        block=block,
                        strong=piece.strong,
                        links=piece.links,
                        lead=piece.lead,
                        tags=piece.tags,
                    )
                )
            item_first = False
        elif kind == "html_block" and token.map:
            block += 1
            start, end = token.map
            for number in range(start + 1, end + 1):
                raw = source[number - 1] if number - 1 < len(source) else ""
                plain = _fold(
                    _TAG.sub(lambda m: " " if _is_formatting(m.group()) else m.group(), raw)
                )
                if plain:
                    lines.append(
                        Line(
                            number,
                            plain,
                            "html",
                            depth=depth,
                            item=items[-1] if items else 0,
                            block=block,
                            strong=True,
                        )
                    )
        elif kind == "table_open":
            table = _Table()
        elif kind == "fence" and token.map:
            block += 1  # code in notes is not prose: skipped, but it ends a paragraph
    return Parsed(tuple(lines), front, front_line)


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
        """Each body row as a list item: the title cell, then the other cells."""
        header = [cell[0] for cell in self.head[0][1]] if self.head else []
        width = max((len(cells) for _, cells in self.rows), default=0)
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


def _setext_heading(inline: Token) -> bool:
    """Whether text underlined with ``---`` or ``===`` reads as a heading: one short line.
    Plain-text notes draw such rules under paragraphs that are no headings."""
    text = inline.content.strip()
    return "\n" not in text and len(text.split()) <= 12 and len(text) <= 100


def _split_lines(children: list[Token]) -> list[_Piece]:
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
        kind = child.type
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
            href = str(child.attrs.get("href", ""))
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
