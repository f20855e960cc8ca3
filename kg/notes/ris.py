"""RIS files (``.ris``: EndNote, Mendeley, Zotero and NoteExpress exports, and the
"Export citation" of most publishers) as the field lines the reader knows, line for line.

A RIS record is a run of tagged lines, ``TY  - CONF`` to ``ER  -``: ``TI`` its title,
``AU`` one author a line ("Zhou, Jingyu"), ``DO`` its DOI, ``UR`` a link, ``AB`` the
abstract, ``N1`` a note, ``AD`` an affiliation, ``T2``/``BT``/``JO``/``T3``/``C3`` where
it appeared, ``PY`` its year.
Each record becomes a title line at its first line, then its fields, each at the line
of its tag when it can be ("Authors: Jingyu Zhou, Meng Xu" at the first ``AU`` line, the
others left blank); a line that goes on without a tag goes on the field above. Tags kg
reads nothing from (``SN``, ``SP``, ``KW`` ...) become blank lines.
"""

from __future__ import annotations

import regex

from .bibtex import dated, turned

SUFFIX = ".ris"

_TAG = regex.compile(r"^(?P<tag>[A-Z][A-Z0-9])  - ?(?P<value>.*)$")
_TITLES = ("TI", "T1", "CT")
# each a "Venue:" line: the reader takes the one that names a conference ("SIGMOD '21"
# over "Proceedings of the 2021 International Conference on Management of Data")
_VENUES = ("T2", "BT", "JO", "JF", "J2", "T3", "C3")
_LABELS = {
    "DO": "DOI",
    "UR": "Link",
    "L1": "Link",
    "AB": "Abstract",
    "N2": "Abstract",
    "N1": "Notes",
    "AD": "Affiliation",
}
_AUTHORS = ("AU", "A1", "A2")


def is_ris(text: str) -> bool:
    """Whether text reads as RIS: its first line with text is a record's type (``TY  -``)."""
    return text.lstrip().startswith("TY  -")


def ris_to_markdown(text: str) -> str:
    """The records of a RIS file as field lines, each record's title at its ``TY`` line."""
    lines = text.split("\n")
    out = [""] * len(lines)
    record: list[tuple[int, str, str]] = []  # (line index, tag, value) of the open record
    for at, line in enumerate(lines):
        tagged = _TAG.match(line.rstrip("\r"))
        if tagged is None:
            if record and line.strip():  # a value that runs over the next line
                k, tag, value = record[-1]
                record[-1] = (k, tag, f"{value} {line.strip()}")
            continue
        tag, value = tagged["tag"], tagged["value"].strip()
        if tag == "TY":
            _write(record, out)
            record = [(at, tag, value)]
        elif tag == "ER":
            _write(record, out)
            record = []
        elif record:
            record.append((at, tag, value))
    _write(record, out)
    return "\n".join(out)


def _write(record: list[tuple[int, str, str]], out: list[str]) -> None:
    """One record's fields into ``out``: the title at the record's first line, the others
    at their own lines (the authors together at the first author's)."""
    if not record:
        return
    first = record[0][0]
    title = next((v for _, t, v in record if t in _TITLES and v), "")
    year = next((v[:4] for _, t, v in record if t in ("PY", "Y1", "DA") and v[:4].isdigit()), "")
    authors = [turned(v) for _, t, v in record if t in _AUTHORS and v]
    fields: list[tuple[int, str]] = []
    if title:
        fields.append((first, f"Title: {title}"))
    if authors:
        at = next(k for k, t, v in record if t in _AUTHORS and v)
        fields.append((at, f"Authors: {', '.join(authors)}"))
    for k, t, v in record:
        if t in _VENUES and v:
            fields.append((k, f"Venue: {dated(v, year)}"))
    for k, t, v in record:
        if t in _LABELS and v:
            fields.append((k, f"{_LABELS[t]}: {v}"))
    for k, shown in fields:
        out[k] = shown
