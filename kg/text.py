"""Text helpers the steps share: how names are compared, which language a text is in,
and readable ids.

An id (:func:`slug`) depends only on the thing's own text (never on what else
is in the build), so it is the same in every build. Text that is not plain
ASCII is transliterated (anyascii) and gets a short hash of the original, so
that two different Chinese names never share an id.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from functools import lru_cache

import regex
from anyascii import anyascii

MAX_SLUG = 60
_NON_SLUG = re.compile(r"[^a-z0-9]+")
_SPACES = re.compile(r"\s+")
_HAN = regex.compile(r"\p{Han}")
_LATIN = regex.compile(r"[A-Za-z]")
_HAN_RUN = regex.compile(r"\p{Han}+")
_LATIN_RUN = regex.compile(r"[A-Za-z]+")
# pictographs and marks that decorate the start of a line ("📄 Title", "👥 A, B", "★ ")
LEADING_SYMBOLS = regex.compile(r"^[\p{So}\p{Sk}\p{Co}\uFE0F\u200D\s]+")
_DASHES = str.maketrans(dict.fromkeys("‐‑‒–—―−", "-"))


@lru_cache(maxsize=1 << 16)  # the same few thousand labels, folded again and again
def fold(text: str) -> str:
    """Text as names are compared: spaces folded, dashes plain, case folded."""
    return _SPACES.sub(" ", text.translate(_DASHES)).strip().casefold()


def display_width(text: str) -> int:
    """Columns a text takes on a terminal: Han and other wide characters count two."""
    if text.isascii():  # most cells: 4.0 -> 1.6 s for the 74,196 rows of a question
        return len(text)
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


# a part of an institution named before it ("Faculty of Informatics, TU Wien"): the reader
# takes such a line for an institutions line, the affiliations step passes the part over
# a term with its other name in brackets: "软错误（soft error）", "last level cache (LLC)"
GLOSSED = regex.compile(r"(?P<term>[^()（）]+?)\s*[(（](?P<gloss>[^()（）]+)[)）]")
INSTITUTION_PART = regex.compile(
    r"^(?:Department|Dept\.?|Faculty|School|Division|Chair)\s+(?:of|for)\s+\p{Lu}"
)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """Text for a terminal: control characters (an escape sequence in a title could
    retitle the window or clear the screen) shown as U+FFFD."""
    return _CONTROL.sub("\ufffd", text)


def plain_table(header: list[str] | tuple[str, ...], rows: list[list[str]]) -> str:
    """Rows of text as aligned columns under a header and a rule, and the row count;
    control characters in a cell are shown as U+FFFD (:func:`printable`)."""
    rows = [[printable(c) for c in row] for row in rows]
    sized = [[(c, display_width(c)) for c in row] for row in [list(header), *rows]]
    widths = [max(column) for column in zip(*([n for _, n in row] for row in sized), strict=True)]

    def line(cells: list[tuple[str, int]]) -> str:
        return "  ".join(c + " " * (w - n) for (c, n), w in zip(cells, widths, strict=True))

    rule = "  ".join("-" * w for w in widths)
    out = [line(sized[0]), rule] + [line(row) for row in sized[1:]]
    out.append(f"({len(rows)} row{'s' if len(rows) != 1 else ''})")
    return "\n".join(x.rstrip() for x in out)


def has_chinese(text: str) -> bool:
    """Whether a text holds Chinese characters."""
    return _HAN.search(text) is not None


def guess_language(text: str) -> str:
    """BCP 47 tag of a text, from its script: "zh" or "en"."""
    if text.isascii():
        return "en" if _LATIN.search(text) else "zh"
    cjk = sum(map(len, _HAN_RUN.findall(text)))  # counted by runs: fewer strings made
    latin = sum(map(len, _LATIN_RUN.findall(text)))
    # a Chinese character carries about as much as a five-letter word
    return "zh" if cjk * 5 >= latin else "en"


def name_language(name: str) -> str:
    """A title or name in ASCII is English (even "E.T." or "3D"); otherwise, guess."""
    return "en" if name.isascii() else guess_language(name)


def digest(text: str) -> str:
    """A short hash of a text (8 hexadecimal digits)."""
    return hashlib.sha1(text.encode("utf-8"), usedforsecurity=False).hexdigest()[:8]


def _ascii(char: str) -> str:
    if char.isascii():
        return char
    # ideographs and symbols are words of their own; accented letters are not
    spaced = unicodedata.category(char) in ("Lo", "So")
    return f" {anyascii(char)} " if spaced else anyascii(char)


# names recur (people, institutions, sessions): each is made once (``python bench/tricks.py
# --papers 10000``: 167,000 ids in 0.01 s, 0.35 s uncached)
@lru_cache(maxsize=1 << 16)
def slug(text: str) -> str:
    """``"Georgia Institute of Technology"`` -> ``"georgia-institute-of-technology"``;
    ``"云和边缘计算"`` -> ``"yun-he-bian-yuan-ji-suan-1a2b3c4d"``."""
    text = unicodedata.normalize("NFC", text).strip()
    ascii_text = "".join(_ascii(c) for c in text)
    out = _NON_SLUG.sub("-", ascii_text.lower()).strip("-")
    lossy = not text.isascii() or not out
    if len(out) > MAX_SLUG:
        out = out[:MAX_SLUG].rsplit("-", 1)[0] if "-" in out[:MAX_SLUG] else out[:MAX_SLUG]
        lossy = True
    if lossy:
        out = f"{out}-{digest(text)}" if out else digest(text)
    return out


YAML_DEPTH = 200  # nesting no real notes, lexicon or settings come near


_YAML_MARKS = re.compile(r"""[\[\]{}'"#]""")  # looking at these only: kg's lexicon 25 -> 10 ms


def yaml_too_deep(text: str, limit: int = YAML_DEPTH) -> int | None:
    """The line (1-based) where YAML text nests deeper than ``limit``, counting flow
    brackets (``[``, ``{``) outside quotes and block indentation; None when it does not.
    libyaml's parser recurses per level and crashes the process (50,000 ``[`` in a
    front matter's title was a segmentation fault), so text this deep is refused first."""
    depth = 0
    indents: list[int] = []
    for number, line in enumerate(text.split("\n"), 1):
        stripped = line.lstrip(" ")
        if stripped and not stripped.startswith("#") and depth == 0:
            indent = len(line) - len(stripped)
            while indents and indents[-1] >= indent:
                indents.pop()
            indents.append(indent)
            if len(indents) > limit:
                return number
        quote = ""
        for ch in _YAML_MARKS.findall(stripped):  # the other characters change nothing
            if quote:
                quote = "" if ch == quote else quote
            elif ch in "'\"":
                quote = ch
            elif ch in "[{":
                depth += 1
                if depth > limit:
                    return number
            elif ch in "]}":
                depth = max(depth - 1, 0)
            elif ch == "#":
                break
    return None
