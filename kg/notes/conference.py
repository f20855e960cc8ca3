"""Which conference (and year) a notes file is about, and where kg found it.

In this order: ``--conference`` (or a folder's ``kg.yaml``), the front
matter, a conference label line, the first heading or title line, and last
the phrases of the text ("OSDI '22", "SOSP 2013", "Eurosys2021", "ATC'17"),
when kg has to guess and says so. A file name alone is never a conference.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import regex

from .labels import Labels
from .memo import memo

YEAR_RE = regex.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")
SHORT_YEAR_RE = regex.compile(r"^(?P<name>[A-Za-z][A-Za-z\-]*?)\s*['’]?(?P<yy>\d\d)(?!\d)")
_DIGIT = regex.compile(r"\d")
_PHRASE = regex.compile(
    r"(?<![A-Za-z0-9])(?P<name>[A-Za-z][A-Za-z\-]{1,11})\s*(?P<q>['’`]?)\s*"
    r"(?P<year>(?:19|20)\d\d|\d\d)(?![0-9])"
)


def parse_conference(text: str) -> tuple[str, int | None]:
    """``"SC 2021"`` -> ``("SC", 2021)``; ``"OSDI '22"`` -> ``("OSDI", 2022)``; "SC21 ..." too.

    For text that is labelled as the conference ("Conference: SC 2021")."""
    text = text.strip()
    m = YEAR_RE.search(text)
    if m:
        name = (text[: m.start()] + text[m.end() :]).strip(" -–—,'’()[]")
        return (name or text), int(m.group(1))
    m = SHORT_YEAR_RE.match(text)
    if m:
        return m.group("name"), 2000 + int(m.group("yy"))
    return text, None


@memo
def venue_in(text: str, labels: Labels) -> tuple[str, int] | None:
    """The first conference phrase of a text: a known venue followed by a year ("OSDI '22",
    "USENIX Security Symposium[2022]"), or a name in capitals followed by a four-digit
    year ("HOTOS 2023")."""
    if not _DIGIT.search(text):
        return None  # no year, no conference
    known = labels.venue_names
    found = [(m, True) for m in labels.venue_re.finditer(text)]
    found += [(m, False) for m in _PHRASE.finditer(text) if m.group("name").casefold() not in known]
    for m, is_known in sorted(found, key=lambda f: f[0].start()):
        name, year_text = m.group("name"), m.group("year")
        if is_known:
            canonical = known[name.casefold()]
        elif name.isupper() and len(name) >= 2 and len(year_text) == 4:
            canonical = name  # capitals and a full year; not "Session 2021" or "GPT 2"
        else:
            continue
        # "OSDI 22" without an apostrophe: too easily a count ("SC 25 papers")
        spaced = not (m.group("q") or m.start("year") == m.end("name"))
        if len(year_text) == 2 and spaced and not regex.match(r"\s*$|\s*[^\w]", text[m.end() :]):
            continue
        year = int(year_text) if len(year_text) == 4 else 2000 + int(year_text)
        if not 1970 <= year <= 2099:
            continue
        return canonical, year
    return None


# "all four papers … were published at USENIX ATC '16", "这几篇都发表在 OSDI 2022", "pick
# four FAST '13 papers", "OSDI 2022 的论文"
_PUBLISHED_AT = regex.compile(
    r"\b(?:papers?|they|all|both|each)\b[^.。;；]{0,60}\b(?:published|appeared|presented)\s+(?:at|in)\b"
    r"|(?:都|均|全部)[^。；]{0,10}(?:发表在|发表于|收录于|来自)"
    r"|(?:['’]\d{2}|\b(?:19|20)\d{2})\s*(?:papers\b|的?论文)",
    regex.I,
)


def most_named(lines: Iterable[tuple[int, str]], labels: Labels) -> tuple[str, int, int] | None:
    """The conference the text names most often, with the line it is first named on; or
    the only one it names, named in a sentence that says the papers appeared there."""
    counts: Counter[tuple[str, int]] = Counter()
    first: dict[tuple[str, int], int] = {}
    said: dict[tuple[str, int], int] = {}  # named once where the notes say it is theirs
    for number, text in lines:
        found = venue_in(text, labels)
        if found:
            counts[found] += 1
            first.setdefault(found, number)
            if _PUBLISHED_AT.search(text):
                said.setdefault(found, number)
    if not counts:
        return None
    best = max(counts, key=lambda k: (counts[k], -first[k]))
    if len(counts) == 1 and best in said:
        return best[0], best[1], said[best]  # "All four papers … were published at ATC '16"
    # a guess needs the text to keep naming it: twice at least, and two mentions in three
    # (one "SIGMOD 2018 best paper" in a reading list of many venues is no conference)
    if counts[best] < 2 or counts[best] * 3 < sum(counts.values()) * 2:
        return None
    return best[0], best[1], first[best]


def venue_name(text: str, labels: Labels) -> str | None:
    """The known venue a short heading names without a year: "SIGMOD", "OSDI notes"."""
    words = regex.findall(r"[A-Za-z][A-Za-z\-]*", text)
    if not words or len(text.split()) > 4:
        return None
    known = labels.venue_names

    def names(word: str) -> bool:
        # spelled as the venue is ("SC", "EuroSys"), or in capitals; in small letters only
        # as the whole heading ("## osdi"): "Fast storage" or "S0 sC" name no venue
        name = known.get(word.casefold())
        if name is None:
            return False
        return word == name or word.isupper() or (word.islower() and text.strip() == word)

    return next((known[w.casefold()] for w in words if names(w)), None)


def is_year(text: str) -> bool:
    """A heading that is only a year: "2022"."""
    return YEAR_RE.fullmatch(text.strip()) is not None
