"""Word (``.docx``), Excel (``.xlsx``) and PowerPoint (``.pptx``) notes as the text the
reader knows.

Many researchers keep their reading notes in Word or in a sheet of papers, and present
papers at group meetings with slides. All three are ZIP files of XML, read here by the
libraries made for them: python-docx for Word, openpyxl (with defusedxml guarding its XML
parser) for Excel, python-pptx for PowerPoint (see :func:`pptx_to_markdown`). Nothing in
them is run: macros, formulas and embedded objects are never evaluated, and a file that
would unpack to more than :data:`MAX_UNPACKED` bytes is refused before it is opened.

A Word document becomes Markdown, a line for each line Word shows: each paragraph starts
a line, and so does each manual line break in it (Shift+Enter), so that "line N" of a
Word document is its Nth such line. The Title style is a first-level heading and
"Heading N" (or a style based on one, "标题 N") a heading one level below it; list styles
("List Bullet 2", "List Number") are list items at their level; bold and italic runs keep
their emphasis; a hyperlink keeps its address ("[DOI](https://doi.org/…)"); a table's rows
are lines of cells parted by tabs, as a table pasted from a spreadsheet, with an empty
line before and after the table.

A workbook becomes the rows of its sheets as CSV text, a row a line (the first sheet's
row N on line N; each later sheet after an empty line), to be read as a ``.csv`` file is;
a sheet named after a conference ("OSDI 2022") with no column of venues gives its papers
that venue.
A cell's hyperlink is kept beside its text; a formula gives the value Excel last saved
for it (``=HYPERLINK("url", "text")`` gives both).
"""

from __future__ import annotations

import csv
import datetime
import functools
import io
import re
import zipfile
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from .shapes import goes_on

if TYPE_CHECKING:  # imported for real only when such a file is read
    from docx.styles.style import ParagraphStyle
    from docx.table import Table
    from docx.text.paragraph import Paragraph
    from docx.text.run import Run
    from openpyxl.workbook.workbook import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

SUFFIXES = (".docx", ".xlsx", ".pptx")
_T = TypeVar("_T")
# no notes document is this large unpacked; a ZIP bomb is (checked before any XML is read)
MAX_UNPACKED = 256 << 20


class OfficeError(ValueError):
    """A ``.docx``, ``.xlsx`` or ``.pptx`` file that cannot be read as one (``line`` is 1)."""

    line = 1


def check_package(data: bytes, kind: str) -> None:
    """Refuse what is no ZIP package or would unpack to more than :data:`MAX_UNPACKED`."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as package:
            size = sum(info.file_size for info in package.infolist())
    except (zipfile.BadZipFile, ValueError) as exc:
        raise OfficeError(f"not a {kind} file (no ZIP package: {exc})") from exc
    if size > MAX_UNPACKED:
        raise OfficeError(f"{kind} file unpacks to {size:,} bytes, over {MAX_UNPACKED:,}")


_IN_MEMORY = re.compile(r"file '<_io\.BytesIO object at 0x[0-9a-f]+>' ")


def _opened(opener: Callable[[io.BytesIO], _T], data: bytes, kind: str, what: str) -> _T:
    """The document a library opens from ``data``, once :func:`check_package` let the
    ``kind`` of file through, or an :class:`OfficeError` saying it is not ``what`` it
    should be. The libraries raise any error on a package of other parts (AttributeError,
    KeyError …); what they say keeps no address in memory, so that the same file gives the
    same message."""
    check_package(data, kind)
    try:
        return opener(io.BytesIO(data))
    except Exception as exc:
        said = _IN_MEMORY.sub("", str(exc)) or type(exc).__name__
        raise OfficeError(f"not {what}: {said}") from exc


# --- Word ------------------------------------------------------------------------------


_HEADING = re.compile(r"^(?:heading|标题)\s*(\d)$", re.IGNORECASE)
_TITLE = frozenset({"title", "标题"})
_LIST = re.compile(
    r"^(?:list (?:bullet|number|continue)|列表(?:项目符号|编号))(?:\s*(\d))?$", re.IGNORECASE
)
_LIST_PARAGRAPH = frozenset({"list paragraph", "列表段落", "列出段落"})


def docx_to_markdown(data: bytes) -> str:
    """A Word document as Markdown, a line for each line Word shows."""
    import docx  # python-docx: imported only when a Word document is read

    document = _opened(docx.Document, data, "Word", "a Word document")
    lines: list[str] = []
    for block in document.iter_inner_content():
        if isinstance(block, docx.table.Table):
            lines += ["", *_table_rows(block), ""]  # a block of its own
        else:
            lines += _paragraph_lines(block)
    return "\n".join(lines) + "\n"


def _paragraph_lines(paragraph: Paragraph) -> list[str]:
    style = _style_names(paragraph)
    heading = _heading_level(style)
    text = _inline(paragraph, emphasis=heading == 0)
    lines = [line.rstrip() for line in text.split("\n")]
    if not any(lines):
        return [""] * len(lines)
    if heading:
        first = next(i for i, line in enumerate(lines) if line.strip())
        lines[first] = "#" * heading + " " + lines[first].strip()
        return lines
    level = _list_level(style)
    if level:
        mark = "1." if any("number" in name or "编号" in name for name in style) else "-"
        lines = [("    " * (level - 1) + f"{mark} " + lines[0].strip()), *lines[1:]]
    return lines


def _style_names(paragraph: Paragraph) -> list[str]:
    """The paragraph's style name and those it is based on, case-folded."""
    names: list[str] = []
    style: ParagraphStyle | None = paragraph.style
    while style is not None and len(names) < 10:
        names.append((style.name or "").casefold())
        style = style.base_style
    return names


def _heading_level(style: list[str]) -> int:
    for name in style:
        if name in _TITLE:
            return 1
        if m := _HEADING.match(name):
            return min(int(m.group(1)) + 1, 6)
    return 0


def _list_level(style: list[str]) -> int:
    for name in style:
        if m := _LIST.match(name):
            return int(m.group(1) or 1)
        if name in _LIST_PARAGRAPH:
            return 1
    return 0


def _inline(paragraph: Paragraph, emphasis: bool) -> str:
    """The paragraph's text: runs with their emphasis, hyperlinks with their address."""
    from docx.text.hyperlink import Hyperlink

    pieces: list[tuple[str, bool, bool]] = []  # text, bold, italic
    for item in paragraph.iter_inner_content():
        if isinstance(item, Hyperlink):
            pieces.append((_markdown_link(item.text, item.url), False, False))
            continue
        bold = emphasis and _flag(item.bold, item, paragraph, "bold")
        italic = emphasis and _flag(item.italic, item, paragraph, "italic")
        pieces.append((item.text, bold, italic))
    merged: list[tuple[str, bool, bool]] = []
    for text, bold, italic in pieces:
        if merged and merged[-1][1:] == (bold, italic):
            merged[-1] = (merged[-1][0] + text, bold, italic)
        else:
            merged.append((text, bold, italic))
    return "".join(_emphasised(text, bold, italic) for text, bold, italic in merged)


def _markdown_link(text: str, url: str | None) -> str:
    """A hyperlink of a document as Markdown: "[text](url)", or the address alone when
    the text is empty or is the address; text with no address as it is."""
    if url and text.strip() and text.strip() != url:
        return f"[{text.strip()}]({url})"
    return url or text


def _flag(value: bool | None, run: Run, paragraph: Paragraph, name: str) -> bool:
    """Bold or italic as Word shows it: the run's own, else its character style's, else
    its paragraph style's."""
    if value is not None:
        return value
    for owner in (run, paragraph):
        style = getattr(owner, "style", None)
        while style is not None:
            font = getattr(style, "font", None)
            said = getattr(font, name, None) if font is not None else None
            if said is not None:
                return bool(said)
            style = style.base_style
    return False


def _emphasised(text: str, bold: bool, italic: bool) -> str:
    if not (bold or italic):
        return text
    mark = "**" if bold and not italic else "*" if italic and not bold else "***"
    out = []
    for line in text.split("\n"):  # emphasis never runs over a line break
        core = line.strip()
        if not core:
            out.append(line)
            continue
        lead = line[: len(line) - len(line.lstrip())]
        tail = line[len(line.rstrip()) :]
        out.append(f"{lead}{mark}{core}{mark}{tail}")
    return "\n".join(out)


def _table_rows(table: Table) -> list[str]:
    """A table's rows, a line each, cells parted by tabs (a cell's lines joined)."""
    rows = []
    for row in table.rows:
        cells: list[str] = []
        for cell in row.cells:
            text = " ".join(" ".join(p.text.split()) for p in cell.paragraphs).strip()
            if cells and cells[-1] == text and text:
                continue  # a merged cell is given once for every column it spans
            cells.append(text)
        rows.append("\t".join(cells).rstrip())
    return rows


# --- PowerPoint ------------------------------------------------------------------------


def pptx_to_markdown(data: bytes) -> tuple[str, tuple[int, ...]]:
    """A PowerPoint deck as Markdown, and the slide each line of it comes from: a slide's
    title a heading (the first slide's, when it is a title slide, the deck's title), the
    points of its body list items at their level, other text boxes lines, a table a
    Markdown table, its speaker notes lines after it. A slide whose title goes on with the
    paper of the slides before it ("Heracles · 要点") adds to that paper: its title is no
    heading."""
    import pptx  # python-pptx: imported only when a deck is read

    deck = _opened(pptx.Presentation, data, "PowerPoint", "a PowerPoint deck")
    out: list[str] = []
    origin: list[int] = []
    paper = ""  # the title of the slide the points of the slides after it may go on with
    for number, slide in enumerate(deck.slides, start=1):
        lines: list[str] = []
        title = _slide_title(slide)
        if title and paper and goes_on(title, paper):
            pass  # "Heracles · 要点": more of the paper above
        elif title:
            lines.append(("#" if number == 1 and _title_slide(slide) else "##") + " " + title)
            paper = title
        for shape in _shapes(slide.shapes):
            if shape.has_text_frame and not _is_title(shape):
                lines += ["", *_frame_lines(shape)]
            elif getattr(shape, "has_table", False):
                lines += ["", *_pipe_table(shape.table), ""]
        if slide.has_notes_slide:
            notes = slide.notes_slide.notes_text_frame
            if notes is not None and notes.text.strip():
                lines += ["", *(" ".join(line.split()) for line in notes.text.split("\n"))]
        lines.append("")
        out += lines
        origin += [number] * len(lines)
    return "\n".join(out) + "\n", tuple(origin)


def _slide_title(slide: Any) -> str:
    title = slide.shapes.title
    return " ".join(title.text_frame.text.split()) if title is not None else ""


def _title_slide(slide: Any) -> bool:
    from pptx.enum.shapes import PP_PLACEHOLDER

    title = slide.shapes.title
    return title is not None and title.placeholder_format.type == PP_PLACEHOLDER.CENTER_TITLE


def _is_title(shape: Any) -> bool:
    from pptx.enum.shapes import PP_PLACEHOLDER

    if not getattr(shape, "is_placeholder", False):
        return False
    kind = shape.placeholder_format.type
    return kind in (PP_PLACEHOLDER.TITLE, PP_PLACEHOLDER.CENTER_TITLE)


def _shapes(shapes: Any) -> Iterator[Any]:
    """The shapes of a slide, those inside groups too, in their order."""
    from pptx.shapes.group import GroupShape

    for shape in shapes:
        if isinstance(shape, GroupShape):
            yield from _shapes(shape.shapes)
        else:
            yield shape


def _frame_lines(shape: Any) -> list[str]:
    """A text box's paragraphs, a line each: the points of a body placeholder as list
    items at their level, with each run's link."""
    from pptx.enum.shapes import PP_PLACEHOLDER

    body = getattr(shape, "is_placeholder", False) and shape.placeholder_format.type in (
        PP_PLACEHOLDER.BODY,
        PP_PLACEHOLDER.OBJECT,
    )
    lines = []
    for paragraph in shape.text_frame.paragraphs:
        pieces = (_markdown_link(run.text, run.hyperlink.address) for run in paragraph.runs)
        text = " ".join("".join(pieces).split())
        if not text:
            continue
        lines.append(("  " * paragraph.level + "- " + text) if body else text)
    return lines


def _pipe_table(table: Any) -> list[str]:
    """A slide's table as a Markdown table, its first row the header."""
    rows = [
        [" ".join(cell.text.split()).replace("|", "\\|") for cell in row.cells]
        for row in table.rows
    ]
    if not rows:
        return []
    out = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
    return out + ["| " + " | ".join(row) + " |" for row in rows[1:]]


# --- Excel -----------------------------------------------------------------------------


_HYPERLINK = re.compile(
    r'^=\s*HYPERLINK\(\s*"(?P<url>[^"]*)"\s*(?:[,;]\s*"(?P<text>[^"]*)"\s*)?\)\s*$',
    re.IGNORECASE,
)


def xlsx_sheets(data: bytes) -> list[tuple[str, list[list[str]]]]:
    """Each sheet of a workbook that holds anything: its name, and its rows from the first
    (row N is the Nth), each a list of its cells' text."""
    import openpyxl  # imported only when a workbook is read

    opener = functools.partial(openpyxl.load_workbook, data_only=False)
    formulas = _opened(opener, data, "Excel", "an Excel workbook")
    values: list[Workbook] = []  # the values Excel saved: read only when a formula needs one

    def saved(title: str, row: int, column: int) -> object:
        if not values:
            values.append(openpyxl.load_workbook(io.BytesIO(data), data_only=True))
        return values[0][title].cell(row=row, column=column).value

    sheets = []
    for sheet in formulas.worksheets:
        rows = list(_rows(sheet, functools.partial(saved, sheet.title)))
        if any(any(cell for cell in row) for row in rows):
            sheets.append((sheet.title, rows))
    return sheets


def csv_text(rows: list[list[str]]) -> str:
    """Rows as CSV text, a row a line (a cell's line breaks are spaces already)."""
    out = io.StringIO()
    csv.writer(out, quoting=csv.QUOTE_MINIMAL, lineterminator="\n").writerows(rows)
    return out.getvalue()


def _rows(sheet: Worksheet, saved: Callable[[int, int], object]) -> Iterator[list[str]]:
    """The sheet's rows from the first, each cell as its text (a line break a space); a
    formula's cell gives the value ``saved(row, column)``."""
    # from the first row and column, whatever the sheet's first used cell: row N on line N
    for r, row in enumerate(sheet.iter_rows(min_row=1, min_col=1), start=1):
        texts = []
        for c, cell in enumerate(row, start=1):
            value: object = cell.value
            if isinstance(value, str) and value.startswith("="):
                link = _HYPERLINK.match(value)
                value = saved(r, c)
                if link:
                    value = _linked(link.group("text") or "", link.group("url"))
            text = _text(value)
            if cell.hyperlink is not None and cell.hyperlink.target:
                text = _linked(text, cell.hyperlink.target)
            texts.append(" ".join(text.split()))
        while texts and not texts[-1]:
            texts.pop()
        yield texts


def _linked(text: str, url: str) -> str:
    text = text.strip()
    if not text or text == url:
        return url
    return f"{text} {url}" if url not in text else text


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime.datetime):
        return value.date().isoformat() if value.time() == datetime.time() else value.isoformat()
    if isinstance(value, datetime.date):
        return value.isoformat()
    return str(value)
