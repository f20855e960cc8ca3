"""BibTeX entries pasted into notes, as the field lines the reader knows, line for line.

A reader who pastes a paper's citation into a fenced block (```bibtex) has written its
title, authors, venue and DOI there. Each field becomes a labelled line in its place
(``title = {X},`` -> ``Title: X``; ``author = {Zhong, Yinmin and Liu, Shengyu}`` ->
``Authors: Yinmin Zhong, Shengyu Liu``; ``booktitle`` and ``year`` -> ``Venue: … 2024``;
``doi``; ``url``), the fences and the other lines no text, so that line numbers stay
the file's. Other code blocks are left as they are.
"""

from __future__ import annotations

import regex

_FENCE = regex.compile(r"^ {0,3}(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\s`]*)")
_ENTRY = regex.compile(r"^\s*@(?P<type>[A-Za-z]+)\s*[{(]")
_FIELD = regex.compile(r"^\s*(?P<key>[A-Za-z]+)\s*=\s*(?P<value>.*)$")
_HEADING = regex.compile(r"^ {0,3}#{1,6}\s")
_INFO = frozenset({"bib", "bibtex", "biblatex"})
_LABELS = {"title": "Title", "author": "Authors", "doi": "DOI", "url": "Link"}
_VENUES = ("booktitle", "journal")


def bibtex_fields(text: str) -> str:
    """``text`` with every fenced BibTeX entry written as field lines."""
    if "@" not in text:
        return text
    lines = text.split("\n")
    out = list(lines)
    i = 0
    while i < len(lines):
        fence = _FENCE.match(lines[i])
        if fence is None:
            i += 1
            continue
        end = i + 1
        while end < len(lines) and not lines[end].lstrip().startswith(fence.group("fence")):
            end += 1
        body = range(i + 1, end)
        bib = fence.group("info").casefold() in _INFO or any(_ENTRY.match(lines[k]) for k in body)
        if bib and any(_ENTRY.match(lines[k]) for k in body):
            out[i] = ""
            if end < len(lines):
                out[end] = ""
            above = next((k for k in range(i - 1, -1, -1) if out[k].strip()), None)
            heading = above if above is not None and _HEADING.match(out[above]) else None
            _entry(lines, out, i + 1, end, heading)
        i = end + 1
    return "\n".join(out)


def _entry(lines: list[str], out: list[str], start: int, end: int, heading: int | None) -> None:
    """Write the fields of the entries in ``lines[start:end]`` into ``out``. Right under a
    heading ("## DistServe", line ``heading``) the entry is the heading's paper: its title
    is the heading's, written out in full."""
    fields: dict[str, tuple[int, str]] = {}
    k = start
    while k < end:
        out[k] = ""
        field = _FIELD.match(lines[k])
        if field is None:
            k += 1
            continue
        value, first = field.group("value"), k
        while _depth(value) > 0 and k + 1 < end:  # a value over several lines
            k += 1
            out[k] = ""
            value += " " + lines[k].strip()
        fields[field.group("key").casefold()] = (first, _clean(value))
        k += 1
    year = fields.get("year", (0, ""))[1]
    for key, (at, value) in fields.items():
        if key == "title" and value and heading is not None:
            hashes = _HEADING.match(out[heading])
            out[heading] = f"{hashes.group(0) if hashes else '## '}{value}"
        elif key in _LABELS and value:
            shown = _authors(value) if key == "author" else value
            out[at] = f"{_LABELS[key]}: {shown}"
        elif key in _VENUES and value:
            out[at] = f"Venue: {value}" + (f" {year}" if year and year not in value else "")


def _depth(value: str) -> int:
    return value.count("{") - value.count("}")


def _clean(value: str) -> str:
    """``{DistServe: {D}isaggregating ...},`` -> ``DistServe: Disaggregating ...``."""
    value = value.strip().rstrip(",").strip()
    if value[:1] in ('"', "{") and value[-1:] in ('"', "}"):
        value = value[1:-1]
    value = value.replace("\\&", "&").replace("--", "–").replace("{", "").replace("}", "")
    return " ".join(value.split())


def _authors(value: str) -> str:
    """``Zhong, Yinmin and Liu, Shengyu`` -> ``Yinmin Zhong, Shengyu Liu``."""
    names = []
    for name in regex.split(r"\s+and\s+", value):
        last, comma, first = name.partition(",")
        names.append(f"{first.strip()} {last.strip()}" if comma else name.strip())
    return ", ".join(n for n in names if n and n.casefold() != "others")
