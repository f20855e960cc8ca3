"""Jupyter notebooks (``.ipynb``) as the Markdown the reader knows, line for line.

A notebook is JSON, and Jupyter writes each line of a cell's source as a string on a line
of its own. The lines of Markdown and raw cells are read in their place; code cells, their
outputs and the JSON around them become blank lines, so that line numbers stay the file's
and cells stay apart. Nothing in a notebook is run, and no output is read.

A notebook written another way (a cell's source as one string on one line) is read as its
cells' text, one after the other; its line numbers are then those of that text, and the
reader says so.
"""

from __future__ import annotations

import json
from typing import Any

_READ = ("markdown", "raw")  # the cells that hold notes; code and outputs are no notes


class NotebookError(ValueError):
    """A file named ``.ipynb`` that is no notebook: ``line`` is where it stops being one."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


def notebook_to_markdown(text: str) -> tuple[str, bool]:
    """The notebook's Markdown and raw cells as Markdown, and whether each line is at its
    line in the file (False: the cells' text one after the other)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotebookError(f"not a Jupyter notebook: {exc.msg}", exc.lineno) from exc
    sources = [_lines(cell.get("source", "")) for cell in _cells(data)]
    raw = text.split("\n")
    out = [""] * len(raw)
    at = 0
    for source in sources:
        for piece in source:
            while at < len(raw) and _string(raw[at]) != piece:
                at += 1
            if at == len(raw) or "\n" in piece.rstrip("\n"):
                return "\n\n".join("".join(s).rstrip("\n") for s in sources) + "\n", False
            out[at] = piece.rstrip("\n")
            at += 1
    return "\n".join(out), True


def _cells(data: Any) -> list[dict[str, Any]]:
    """The notebook's Markdown and raw cells (nbformat 4, or 3's worksheets)."""
    if not isinstance(data, dict):
        raise NotebookError("not a Jupyter notebook: no cells", 1)
    cells = data.get("cells")
    if cells is None:  # nbformat 3
        cells = [c for sheet in data.get("worksheets") or [] for c in sheet.get("cells") or []]
    if not isinstance(cells, list):
        raise NotebookError("not a Jupyter notebook: no cells", 1)
    return [c for c in cells if isinstance(c, dict) and c.get("cell_type") in _READ]


def _lines(source: object) -> list[str]:
    if isinstance(source, list):
        return [s for s in source if isinstance(s, str)]
    return str(source).splitlines(keepends=True)


def _string(line: str) -> str | None:
    """The string a line of the notebook's JSON holds, when it holds only a string."""
    text = line.strip().removesuffix(",")
    if not text.startswith('"'):
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, str) else None
