"""Anki's "Notes in Plain Text" export as the spreadsheet the reader knows, line for line.

A reader who keeps a card per paper exports a deck as text: header lines that say how
the file is written (``#separator:tab``, ``#html:true``, ``#notetype column:1``,
``#deck column:2``, ``#tags column:5``), then one note a line, its fields apart by the
separator. The first field that is no note type, deck, tags or GUID is the card's front:
the paper's title. The others are its back, HTML when ``#html:true``: each paragraph
(``<br>``, ``<div>``, ``<p>``, a list item) that opens with a short label ("<b>作者</b>：…",
"DOI: …") is a field of that name, and the rest is the summary.

Each note becomes a record of a sheet with a header naming those fields, on the line
where the note is, so that the reader takes the file as one table (see
``markdown.parse``) and line numbers stay the file's; the header row stands on the last
header line. The standard library's HTML parser reads the fields; nothing in them is
fetched or run.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from html.parser import HTMLParser

import regex

from .spreadsheet import EMPTY

# a header line of the export: "#separator:tab", "#tags column:5"
_HEADER = regex.compile(r"^#(?P<key>[a-z]+(?: [a-z]+)?):(?P<value>[^\n]*)$")
_SEPARATORS = {
    "tab": "\t",
    "comma": ",",
    "semicolon": ";",
    "space": " ",
    "pipe": "|",
    "colon": ":",
}
_META = frozenset({"notetype column", "deck column", "tags column", "guid column"})
# a paragraph that opens with a label: "作者：A、B", "DOI: 10.1145/…"
_LABELLED = regex.compile(
    r"^(?P<label>[^\s:：,，。;；]{1,12}|[A-Za-z][A-Za-z ]{0,20}?)\s*[:：]\s*(?P<value>\S.*)$"
)
_BREAKS = frozenset({"br", "div", "p", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "hr"})


def is_anki(text: str) -> bool:
    """Whether the text is an Anki export: it opens with ``#separator:`` or ``#html:``
    header lines."""
    first = text.lstrip("\ufeff").split("\n", 1)[0].strip()
    return first.startswith(("#separator:", "#html:")) and _HEADER.match(first) is not None


def anki_to_sheet(text: str) -> str:
    """The export's notes as quoted CSV lines under a header, each on its own line."""
    lines = text.split("\n")
    settings: dict[str, str] = {}
    top = 0  # the header lines
    while top < len(lines) and (m := _HEADER.match(lines[top].strip())):
        settings[m["key"]] = m["value"].strip()
        top += 1
    mark = settings.get("separator", "tab").casefold()
    mark = _SEPARATORS.get(mark, mark[:1] or "\t")
    html = settings.get("html", "false").casefold() == "true"
    # "#deck column:2": where the note type, deck, tags and GUID stand (0-based)
    columns = {k: int(v) - 1 for k, v in settings.items() if k in _META and v.strip().isdigit()}
    meta = set(columns.values())
    deck = columns.get("deck column", -1)
    decks: list[str] = []
    notes: list[tuple[int, str, list[tuple[str, str]]]] = []
    for number in range(top, len(lines)):
        if not lines[number].strip():
            continue
        cells = next(csv.reader([lines[number]], delimiter=mark), [])
        if 0 <= deck < len(cells):
            decks.append(cells[deck].split("::")[-1].strip())
        free = [cell for at, cell in enumerate(cells) if at not in meta]
        if not free:
            continue
        title = " ".join(_paragraphs(free[0], html))
        fields: list[tuple[str, str]] = []
        for cell in free[1:]:
            for paragraph in _paragraphs(cell, html):
                labelled = _LABELLED.match(paragraph)
                if labelled:
                    fields.append((labelled["label"], labelled["value"]))
                else:
                    fields.append(("", paragraph))
        notes.append((number, title, fields))
    names = list(dict.fromkeys(label for _, _, fields in notes for label, _ in fields if label))
    header = ["Title", *names, ""]
    out = [""] * len(lines)
    out[max(top - 1, 0)] = _row(header)
    most = Counter(decks).most_common(1)
    if top >= 2 and most and most[0][0] and most[0][1] * 2 > len(decks):
        out[0] = f"# {most[0][0]}"  # the deck most notes are in ("论文精读::FAST18"): the title
    for number, title, fields in notes:
        said: dict[str, list[str]] = {name: [] for name in header}
        for label, value in fields:
            said[label].append(value)
        out[number] = _row([title, *(" ".join(said[name]) for name in header[1:])])
    out[top:] = [line or EMPTY for line in out[top:]]  # no blank line may part the table
    return "\n".join(out)


def _row(cells: list[str]) -> str:
    row = io.StringIO()
    csv.writer(row, quoting=csv.QUOTE_ALL, lineterminator="").writerow(cells)
    return row.getvalue()


def _paragraphs(cell: str, html: bool) -> list[str]:
    """A field's paragraphs as plain text: HTML's tags out (a block or a break ends a
    paragraph), its entities decoded."""
    if not html:
        return [" ".join(cell.split())] if cell.strip() else []
    reader = _Text()
    reader.feed(cell)
    reader.close()
    return [" ".join(p.split()) for p in "".join(reader.parts).split("\n") if p.strip()]


class _Text(HTMLParser):
    """The text of an HTML fragment, a line break for each block and ``<br>``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, _attrs: list[tuple[str, str | None]]) -> None:
        if tag in _BREAKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _BREAKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        self.parts.append(data)
