"""Readable, stable, ASCII IRIs for anything the notes name.

An IRI depends only on the thing's own text (never on what else is in the
build), so it is the same in every build. Text that is not plain ASCII is
transliterated (anyascii) and gets a short hash of the original, so that
two different Chinese names never share an IRI.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from functools import lru_cache
from urllib.parse import quote, urlsplit

from anyascii import anyascii

from .errors import KgError

MAX_SLUG = 60
_NON_SLUG = re.compile(r"[^a-z0-9]+")


def _digest(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]


def _ascii(char: str) -> str:
    if char.isascii():
        return char
    # ideographs and symbols are words of their own; accented letters are not
    spaced = unicodedata.category(char) in ("Lo", "So")
    return f" {anyascii(char)} " if spaced else anyascii(char)


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
        out = f"{out}-{_digest(text)}" if out else _digest(text)
    return out


def doi_path(doi: str) -> str:
    """A DOI as a path segment: ``10.1145/3458817.3476164`` -> ``10.1145-3458817.3476164``."""
    cleaned = doi.lower().replace("/", "-")
    safe = quote(cleaned, safe="-._~")
    return safe if safe == cleaned else f"{_NON_SLUG.sub('-', cleaned).strip('-')}-{_digest(doi)}"


def check_base(base: str) -> str:
    """An absolute http(s) or urn base IRI that ends with '/' or '#'."""
    parts = urlsplit(base)
    ok = (parts.scheme in ("http", "https") and parts.netloc) or parts.scheme == "urn"
    if not ok or not base.isascii() or any(c in base for c in ' <>"{}|\\^`'):
        raise KgError(f"base IRI must be an absolute http(s) IRI in ASCII, got {base!r}")
    return base if base.endswith(("/", "#", ":")) else base + "/"
