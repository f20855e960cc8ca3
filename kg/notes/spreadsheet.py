"""Spreadsheets saved as text (``.csv``, ``.tsv``) as the Markdown the reader knows, line
for line.

A reference manager's export (Zotero's "Export Collection… → CSV") or a sheet of papers
kept by hand is a table: a header row naming the columns ("Title", "Author", "DOI",
"Abstract Note"), then a paper a row. Each record is written back on the line where it
starts, every cell quoted, so that the reader takes the file as one table pasted from a
spreadsheet (see ``markdown.parse``). A cell that runs over several lines (an abstract
with line breaks) is one record: its line breaks become spaces, and the lines it runs
over hold an empty record (``""``) that the reader passes over, so that line numbers
stay the file's.
"""

from __future__ import annotations

import csv
import io

SUFFIXES = (".csv", ".tsv")
EMPTY = '""'  # the record of a line inside a record that started above


class SpreadsheetError(ValueError):
    """A ``.csv`` or ``.tsv`` file that cannot be read as one: ``line`` is where."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


# the column a database export names its rows by (Notion's "Name"): their titles, when
# the sheet has no column headed as titles and names a field kg reads
_NAMES = frozenset({"name", "名称", "名字"})


def spreadsheet_to_markdown(
    text: str, tab: bool, titles: frozenset[str] = frozenset(), known: frozenset[str] = frozenset()
) -> tuple[str, list[str]]:
    """The file's records as quoted CSV lines, each at the line it starts on, and the
    header's names (the first record). ``titles`` and ``known`` are the header names of
    a title column and of the fields kg reads, case-folded: a sheet with neither a title
    column nor more than one "Name" column, and with a known field, has its "Name" column
    headed "Title" (a Notion database exported as CSV: "Name,Authors,URL,Tags")."""
    count = text.count("\n") + 1
    out = [""] * count
    reader = csv.reader(io.StringIO(text), delimiter="\t" if tab else ",", strict=True)
    header: list[str] = []
    start = 1  # the line the next record starts on
    while True:
        try:
            record = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            raise SpreadsheetError(f"not a spreadsheet: {exc}", reader.line_num) from exc
        if any(cell.strip() for cell in record):
            cells = [" ".join(cell.split()) for cell in record]
            if not header:
                cells = _titled(cells, titles, known)
                header, first = cells, start
            row = io.StringIO()
            csv.writer(row, quoting=csv.QUOTE_ALL, lineterminator="").writerow(cells)
            out[start - 1] = row.getvalue()
        start = reader.line_num + 1
    if header:  # no blank line may part the table below its header
        out[first:] = [line or EMPTY for line in out[first:]]
    return "\n".join(out), header


def _titled(header: list[str], titles: frozenset[str], known: frozenset[str]) -> list[str]:
    folded = [name.casefold() for name in header]
    named = [at for at, name in enumerate(folded) if name in _NAMES]
    if any(name in titles for name in folded) or len(named) != 1:
        return header
    if not any(name in known and name not in _NAMES for name in folded):
        return header
    return [*header[: named[0]], "Title", *header[named[0] + 1 :]]
