"""An HTML ``<table>`` pasted into notes -> its rows of cells, with their lines.

Notion, Confluence, 飞书 and web pages copy tables as HTML, and Markdown keeps HTML
as it is. Such a table is read like a pipe table (see :mod:`kg.notes.markdown`): a
row per paper, a cell per field. The standard library's HTML parser reads it; it
never runs what the table holds, and character references come out as text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass(frozen=True)
class HtmlCell:
    """One ``<td>`` or ``<th>``: its lines of text (cut at ``<br>`` and block tags),
    its links (address, text) and whether all of its text is bold."""

    lines: tuple[str, ...]
    links: tuple[tuple[str, str], ...]
    strong: bool
    header: bool  # a <th>
    line: int  # 1-based line of the file where the cell starts


@dataclass(frozen=True)
class HtmlRow:
    line: int  # the line of its first cell with text (its <tr> when none has)
    head: bool  # in <thead>, or every cell a <th>
    cells: tuple[HtmlCell, ...]


# tags that end a line of a cell's text
_BREAKS = frozenset({"br", "p", "div", "li", "ul", "ol", "tr", "h1", "h2", "h3", "h4", "h5", "h6"})


def table_rows(html: str, first_line: int) -> list[HtmlRow]:
    """The rows of the tables in ``html`` (text starting at line ``first_line`` of its
    file); cells of a table inside a cell are read as that cell's text."""
    parser = _Parser(first_line)
    parser.feed(html)
    parser.close()
    parser.end_row()
    return parser.rows


@dataclass
class _Cell:
    line: int
    header: bool
    lines: list[str] = field(default_factory=lambda: [""])
    links: list[tuple[str, str]] = field(default_factory=list)
    chars: int = 0
    bold_chars: int = 0


class _Parser(HTMLParser):
    def __init__(self, first_line: int) -> None:
        super().__init__(convert_charrefs=True)
        self.first_line = first_line
        self.rows: list[HtmlRow] = []
        self.row: list[HtmlCell] | None = None
        self.row_line = 0
        self.cell: _Cell | None = None
        self.in_head = False
        self.bold = 0
        self.link: tuple[str, list[str]] | None = None
        self.nested = 0  # tables open inside a cell

    def line(self) -> int:
        return self.getpos()[0] + self.first_line - 1

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.cell is not None and tag == "table":
            self.nested += 1
        if self.nested:
            self.break_line(tag)
            return
        if tag == "thead":
            self.in_head = True
        elif tag in ("tbody", "tfoot"):
            self.in_head = False
        elif tag == "tr":
            self.end_row()
            self.row, self.row_line = [], self.line()
        elif tag in ("td", "th"):
            self.end_cell()
            if self.row is None:
                self.row, self.row_line = [], self.line()
            self.cell = _Cell(self.line(), tag == "th")
        elif tag in ("b", "strong"):
            self.bold += 1
        elif tag == "a" and self.cell is not None:
            href = dict(attrs).get("href") or ""
            self.link = (href.strip(), [])
        else:
            self.break_line(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.nested:
            if tag == "table":
                self.nested -= 1
            self.break_line(tag)
            return
        if tag == "thead":
            self.in_head = False
        elif tag in ("td", "th"):
            self.end_cell()
        elif tag in ("tr", "table"):
            self.end_row()
        elif tag in ("b", "strong"):
            self.bold = max(self.bold - 1, 0)
        elif tag == "a" and self.link is not None:
            href, text = self.link
            if href and self.cell is not None:
                self.cell.links.append((href, " ".join("".join(text).split())))
            self.link = None
        else:
            self.break_line(tag)

    def handle_data(self, data: str) -> None:
        if self.cell is None:
            return
        self.cell.lines[-1] += data
        if self.link is not None:
            self.link[1].append(data)
        visible = len(data.strip())
        self.cell.chars += visible
        if self.bold:
            self.cell.bold_chars += visible

    def break_line(self, tag: str) -> None:
        if self.cell is not None and tag in _BREAKS and self.cell.lines[-1].strip():
            self.cell.lines.append("")

    def end_cell(self) -> None:
        cell, self.cell = self.cell, None
        if cell is None or self.row is None:
            return
        lines = tuple(text for text in (" ".join(t.split()) for t in cell.lines) if text)
        strong = cell.chars > 0 and cell.bold_chars == cell.chars
        self.row.append(HtmlCell(lines, tuple(cell.links), strong, cell.header, cell.line))

    def end_row(self) -> None:
        self.end_cell()
        row, self.row = self.row, None
        if not row:
            return
        line = next((cell.line for cell in row if cell.lines), self.row_line)
        head = self.in_head or all(cell.header for cell in row)
        self.rows.append(HtmlRow(line, head, tuple(row)))
