"""Org-mode notes (Emacs, org-roam) as the Markdown the reader knows, line for line.

Researchers who keep notes in Org write ``* Session`` and ``** Title`` headings, a
``:PROPERTIES:`` drawer of ``:AUTHORS:`` and ``:DOI:`` fields under a heading, links as
``[[url][text]]`` and ``#+TITLE:`` at the top. Each line becomes one line of Markdown
with the same meaning, so that line numbers stay the file's:

- ``#+TITLE: X`` -> ``# X`` (and the headings go one level down); other ``#+KEY:`` lines
  and ``# comments`` are no text; ``#+BEGIN_SRC`` / ``#+END_SRC`` fence code;
- ``** TODO [#A] Title   :tag:`` -> ``### Title``;
- a drawer's ``:KEY: value`` -> ``KEY: value`` (a field the labels know), its
  ``:PROPERTIES:`` and ``:END:`` lines no text; a description item ``- Authors :: A, B``
  -> ``- Authors: A, B``;
- ``[[https://…][text]]`` -> ``[text](https://…)``, ``[[https://…]]`` -> ``<https://…>``.
"""

from __future__ import annotations

import regex

# an Org file: "#+TITLE:" and friends, or a property drawer
_ORG = regex.compile(
    r"^(?:#\+(?i:title|author|date|options|startup|filetags|setupfile|roam_\w+)\s*:|"
    r"[ \t]*:PROPERTIES:[ \t]*$)",
    regex.MULTILINE,
)
_KEYWORD = regex.compile(r"^[ \t]*#\+(?P<key>\w+)\s*:?\s*(?P<value>.*)$")
_BLOCK = regex.compile(r"^[ \t]*#\+(?P<end>begin|end)_(?P<kind>\w+)\b.*$", regex.IGNORECASE)
_COMMENT = regex.compile(r"^[ \t]*#(?:\s|$)")
_HEADING = regex.compile(
    r"^(?P<stars>\*+)[ \t]+(?:(?:TODO|DONE|NEXT|WAITING|READ|READING)[ \t]+)?"
    r"(?:\[#[A-Z]\][ \t]+)?(?P<text>.*?)(?:[ \t]+:[\w@#%:]+:)?[ \t]*$"
)
_DRAWER = regex.compile(r"^[ \t]*:(?:PROPERTIES|END|LOGBOOK):[ \t]*$", regex.IGNORECASE)
_PROPERTY = regex.compile(r"^[ \t]*:(?P<key>[\w\-]+):[ \t]+(?P<value>\S.*)$")
_DESCRIPTION = regex.compile(r"^(?P<item>[ \t]*[-+][ \t]+)(?P<term>[^:\n]{1,60}?)[ \t]+::[ \t]+")
_LINK = regex.compile(r"\[\[(?P<url>[^\]\n]{1,2000})\](?:\[(?P<text>[^\]\n]{1,500})\])?\]")


def is_org(text: str) -> bool:
    """Whether a notes file is written in Org: a ``#+TITLE:``-like keyword at the start of
    a line, or a property drawer."""
    return _ORG.search(text) is not None


def org_to_markdown(text: str) -> str:
    """The Markdown of an Org notes file, one line for one line."""
    lines = text.split("\n")
    titled = any(
        (m := _KEYWORD.match(line)) is not None and m.group("key").casefold() == "title"
        for line in lines
    )
    out: list[str] = []
    in_code = False
    for line in lines:
        block = _BLOCK.match(line)
        if block is not None:
            code = block.group("kind").casefold() in ("src", "example")
            out.append("```" if code else "")
            in_code = code and block.group("end").casefold() == "begin"
            continue
        if in_code:
            out.append(line)
            continue
        keyword = _KEYWORD.match(line)
        if keyword is not None:
            title = keyword.group("key").casefold() == "title" and keyword.group("value").strip()
            out.append(f"# {keyword.group('value').strip()}" if title else "")
            continue
        if _COMMENT.match(line) or _DRAWER.match(line):
            out.append("")
            continue
        heading = _HEADING.match(line)
        if heading is not None:
            level = min(len(heading.group("stars")) + (1 if titled else 0), 6)
            out.append("#" * level + " " + _links(heading.group("text")))
            continue
        field = _PROPERTY.match(line)
        if field is not None:
            out.append(f"{field.group('key')}: {_links(field.group('value'))}")
            continue
        out.append(_links(_DESCRIPTION.sub(r"\g<item>\g<term>: ", line)))
    return "\n".join(out)


def _links(text: str) -> str:
    return _LINK.sub(_link, text) if "[[" in text else text


def _link(link: regex.Match[str]) -> str:
    url, text = link.group("url").strip(), (link.group("text") or "").strip()
    if url.startswith("file:"):
        return text or url[5:]
    if text:
        return f"[{text}]({url.replace(' ', '%20')})"
    return f"<{url}>" if regex.match(r"(?i)https?://|doi:", url) else url
