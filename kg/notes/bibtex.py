"""BibTeX entries pasted into notes, as the field lines the reader knows, line for line.

A reader who pastes a paper's citation into a fenced block (```bibtex) has written its
title, authors, venue and DOI there. Each field becomes a labelled line in its place
(``title = {X},`` -> ``Title: X``; ``author = {Zhong, Yinmin and Liu, Shengyu}`` ->
``Authors: Yinmin Zhong, Shengyu Liu``; ``booktitle`` or ``journal`` with ``year`` ->
``Venue: … 2024``; ``doi``; ``url``); the fences and the other lines are no text, so that
line numbers stay the file's. A block is BibTeX when its info string says so (``bib``,
``bibtex``, ``biblatex``) or, with no info string, when it holds ``@type{key,`` entries;
other code blocks, and a block never closed (reported as such), are left as they are.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

import regex

_FENCE = regex.compile(r"^ {0,3}(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\s`]*)")
_HEADING = regex.compile(r"^ {0,3}(?P<hashes>#{1,6})\s+(?P<text>.*)$")
_ENTRY = regex.compile(r"@(?P<type>[A-Za-z]+)\s*[{(]\s*(?:[^\s,{}()=\"]+\s*,)?")
_KEY = regex.compile(r"\s*,?\s*(?P<key>[A-Za-z][\w\-:.]*)\s*=\s*")
_NEXT = regex.compile(r"\s*(?:[A-Za-z][\w\-]*\s*=|@|\}\s*$)")  # a line that starts anew
_YEAR = regex.compile(r"(?<![\w'’])['’]\d\d(?!\d)|(?<!\d)(?:19|20)\d\d(?!\d)")
_INFO = frozenset({"bib", "bibtex", "biblatex"})
_SKIPPED = frozenset({"string", "comment", "preamble"})
_LABELS = {"title": "Title", "author": "Authors", "doi": "DOI", "url": "Link"}
# in a .bib file of its own, the entry's abstract and the reader's note on it are the notes
_SUMMARIES = {"abstract": "Abstract", "annote": "Notes", "note": "Notes"}
_VENUES = ("booktitle", "journal", "series")  # ACM's series: "SIGMOD '21"
_ORDER = ("Title", "Authors", "DOI", "Venue", "Link", "Abstract", "Notes")
# "{\"u}", "\'e": a letter and its accent, written in LaTeX
_ACCENT = regex.compile(r"\\([\"'`^~=.])\s*\{?([A-Za-z])\}?")
_MARKS = {'"': "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303"}
_MARKS |= {"=": "\u0304", ".": "\u0307"}


@dataclass(frozen=True)
class _Field:
    line: int  # index of the line the field starts on
    key: str
    value: str
    braced: bool  # written in braces or quotes, not a bare word (a @string macro)


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
        if end == len(lines):
            break  # never closed: left for the reader to report
        info = fence.group("info").casefold()
        body = "\n".join(lines[i + 1 : end])
        if info in _INFO or (not info and _ENTRY.search(body)):
            out[i] = out[end] = ""
            _write(lines, out, i + 1, end)
        i = end + 1
    return "\n".join(out)


def bibtex_file(text: str) -> tuple[str, list[int]]:
    """A ``.bib`` file, all of it BibTeX, as field lines, its abstracts and notes too; and
    the lines (1-based) of entries some of whose fields found no line of their own."""
    lines = text.split("\n")
    out = list(lines)
    crowded = _write(lines, out, 0, len(lines), summaries=True)
    return "\n".join(out), [k + 1 for k in crowded]


def _write(
    lines: list[str], out: list[str], start: int, end: int, summaries: bool = False
) -> list[int]:
    """Write the entries of ``lines[start:end]`` into ``out`` as field lines. One entry
    right under a heading deeper than the document's ("## DistServe") is the heading's
    paper: the heading is written with the entry's full title, when it is part of it."""
    for k in range(start, end):
        out[k] = ""
    entries = _entries(lines, start, end)
    crowded: list[int] = []  # the first line of each entry whose fields did not all fit
    above = next((k for k in range(start - 2, -1, -1) if out[k].strip()), None)
    heading = _HEADING.match(out[above]) if above is not None else None
    for n, fields in enumerate(entries):
        year = next((f.value for f in fields if f.key == "year"), "")
        written: list[tuple[int, str]] = []
        for field in fields:
            if not field.value or (field.key in _VENUES and not field.braced):
                continue  # an empty field, or a @string macro's name ("osdi")
            alone = field.key == "title" and len(entries) == 1
            if alone and above is not None and heading and _heads(heading, field.value):
                out[above] = f"{heading.group('hashes')} {field.value}"
                continue
            if field.key in _LABELS:
                shown = _authors(field.value) if field.key == "author" else field.value
                written.append((field.line, f"{_LABELS[field.key]}: {shown}"))
            elif summaries and field.key in _SUMMARIES:
                written.append((field.line, f"{_SUMMARIES[field.key]}: {field.value}"))
            elif field.key in _VENUES:
                written.append((field.line, f"Venue: {dated(field.value, year)}"))
        at = [line for line, _ in written]
        titles = [k for k, (_, shown) in enumerate(written) if shown.startswith("Title:")]
        if titles and titles[0] > 0 and len(set(at)) == len(at):
            # the title after other fields ("series = {SIGMOD '21}", then "title = …", as
            # reference managers write them): the title on the entry's first field line,
            # since it is the title that starts a paper, the fields above it one line down
            first = titles[0]
            written = [written[first], *written[:first], *written[first + 1 :]]
            at = [line for line, _ in written[1 : first + 1]] + at[first:]
        elif len(set(at)) < len(at):
            # fields on one line ("@inproceedings{a, title={…}, author={…}, …}"): the free
            # lines from the entry's (the opening fence's, for the first) down, in the order
            # title, authors, DOI, venue, link; what finds no line is left out
            first = max(start - 1, 0) if n == 0 else min(at)
            free = [k for k in range(first, min(end + 1, len(out))) if out[k] == ""]
            written.sort(key=lambda w: _ORDER.index(w[1].split(":", 1)[0]))
            at = free[: len(written)]
            if len(at) < len(written):
                crowded.append(min(line for line, _ in written))
        for line, (_, field_line) in zip(at, written, strict=False):
            out[line] = field_line
    return crowded


def _heads(heading: regex.Match[str] | None, title: str) -> bool:
    """Whether a heading names the entry's paper: deeper than a document's title, and its
    words in the title ("## DistServe" over "DistServe: Disaggregating ...")."""
    if heading is None or len(heading.group("hashes")) < 2:
        return False
    words = regex.findall(r"\w+", heading.group("text").casefold())
    return bool(words) and all(w in title.casefold() for w in words)


def _entries(lines: list[str], start: int, end: int) -> list[list[_Field]]:
    """The fields of each entry in ``lines[start:end]``, with the line each starts on."""
    text = "\n".join(lines[start:end])
    entries: list[list[_Field]] = []
    for entry in _ENTRY.finditer(text):
        if entry.group("type").casefold() in _SKIPPED:
            continue
        fields: list[_Field] = []
        at = entry.end()
        while (key := _KEY.match(text, at)) is not None:
            value, braced, at = _value(text, key.end())
            line = start + text.count("\n", 0, key.start("key"))
            fields.append(_Field(line, key.group("key").casefold(), value, braced))
        entries.append(fields)
    return entries


def _value(text: str, at: int) -> tuple[str, bool, int]:
    """A field's value from ``at``: in braces (nested), in quotes, or a bare word; its
    cleaned text, whether it was braced or quoted, and where it ends."""
    if at < len(text) and text[at] in '{"':
        quoted, depth, k = text[at] == '"', 0, at
        while k < len(text):
            c = text[k]
            depth += (c == "{") - (c == "}")
            if depth == 0 and k > at and (c == '"' if quoted else c == "}"):
                return _clean(text[at + 1 : k]), True, k + 1
            if c == "\n" and _NEXT.match(text, k + 1):  # a brace never closed: the line ends it
                return _clean(text[at + 1 : k].rstrip(" ,")), True, k
            k += 1
        return _clean(text[at + 1 :]), True, len(text)
    bare = regex.match(r"[^,}\s]*", text[at:])
    word = bare.group(0) if bare else ""
    return word, False, at + len(word)


def _clean(value: str) -> str:
    """``{DistServe}: {\"U}ber --- a test`` -> ``DistServe: Über — a test``."""
    value = _ACCENT.sub(lambda m: m.group(2) + _MARKS[m.group(1)], value)
    value = value.replace("\\&", "&").replace("\\_", "_").replace("\\%", "%")
    value = value.replace("---", "—").replace("{", "").replace("}", "")
    return unicodedata.normalize("NFC", " ".join(value.split()))


def _authors(value: str) -> str:
    """``Zhong, Yinmin and Smith, Jr., John`` -> ``Yinmin Zhong, John Smith Jr.``."""
    names = [turned(name) for name in regex.split(r"\s+and\s+", value)]
    return ", ".join(n for n in names if n and n.casefold() != "others")


def turned(name: str) -> str:
    """A name as a reference manager writes it, turned round: ``Zhou, Jingyu`` -> ``Jingyu
    Zhou``; ``Smith, Jr., John`` -> ``John Smith Jr.`` (BibTeX's "von Last, Jr, First")."""
    parts = [p.strip() for p in name.split(",") if p.strip()]
    if len(parts) >= 3:
        return f"{parts[2]} {parts[0]} {parts[1]}"
    if len(parts) == 2:
        return f"{parts[1]} {parts[0]}"
    return name.strip()


def dated(venue: str, year: str) -> str:
    """A venue with the entry's year after it, unless it names its year already ("SIGMOD
    '21", "OSDI 2022")."""
    named = year in venue or _YEAR.search(venue)
    return f"{venue} {year}" if year and not named else venue
