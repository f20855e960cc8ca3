"""Org-mode notes (Emacs, org-roam) as the Markdown the reader knows, line for line.

Researchers who keep notes in Org write ``* Session`` and ``** Title`` headings, a
``:PROPERTIES:`` drawer of ``:AUTHORS:`` and ``:DOI:`` fields under a heading, links as
``[[url][text]]`` and ``#+TITLE:`` at the top. Each line becomes one line of Markdown
with the same meaning, so that line numbers stay the file's:

- ``#+TITLE: X`` -> ``# X`` (and the headings go one level down); other ``#+KEY:`` lines,
  ``# comments`` and planning lines (``SCHEDULED:``, ``CLOSED:``) are no text;
  ``#+BEGIN_SRC`` / ``#+END_SRC`` fence code;
- ``** TODO [#A] Title   :tag:`` -> ``### Title``;
- in a ``:PROPERTIES:`` drawer, a field the labels know (``:AUTHORS: A, B``) ->
  ``AUTHORS: A, B``; its other lines (``:ID:``, ``:CREATED:``) and every line of other
  drawers (``:LOGBOOK:``) are no text; a description item ``- Authors :: A, B`` ->
  ``- Authors: A, B``;
- ``[[https://…][text]]`` -> ``[text](https://…)``, ``[[https://…]]`` -> ``<https://…>``.
"""

from __future__ import annotations

from collections.abc import Callable

import regex

_KEYWORD = regex.compile(r"^[ \t]*#\+(?P<key>\w+)[ \t]*:[ \t]*(?P<value>.*)$")
_BLOCK = regex.compile(r"^[ \t]*#\+(?P<end>begin|end)_(?P<kind>\w+)\b.*$", regex.IGNORECASE)
_COMMENT = regex.compile(r"^[ \t]*#(?:[ \t]|$)")
_PLANNING = regex.compile(r"^[ \t]*(?:SCHEDULED|DEADLINE|CLOSED):")
_HEADING = regex.compile(
    r"^(?P<stars>\*+)[ \t]+(?:(?:TODO|DONE|NEXT|WAITING|READ|READING)[ \t]+)?"
    r"(?:\[#[A-Z]\][ \t]+)?(?P<text>.*?)(?:[ \t]+:[\w@#%:]+:)?[ \t]*$"
)
_DRAWER = regex.compile(r"^[ \t]*:(?P<name>[\w\-]+):[ \t]*$")
_END = regex.compile(r"^[ \t]*:END:[ \t]*$", regex.IGNORECASE)
_PROPERTY = regex.compile(r"^[ \t]*:(?P<key>[\w\-]+):[ \t]+(?P<value>\S.*)$")
_DESCRIPTION = regex.compile(r"^(?P<item>[ \t]*[-+][ \t]+)(?P<term>[^:\n]{1,60}?)[ \t]+::[ \t]+")
_LINK = regex.compile(r"\[\[(?P<url>[^\]\n]{1,2000})\](?:\[(?P<text>[^\]\n]{1,500})\])?\]")
_CODE = frozenset({"src", "example"})


def is_org(text: str) -> bool:
    """Whether a notes file is written in Org: it opens (after blank lines and an
    org-roam property drawer) with a ``#+TITLE:``-like keyword line."""
    drawer = False
    for line in text.split("\n", 200)[:200]:
        if drawer:
            drawer = not _END.match(line)
        elif _DRAWER.match(line):
            drawer = True
        elif _KEYWORD.match(line):
            return True
        elif line.strip():
            return False
    return False


def org_to_markdown(text: str, field: Callable[[str], bool]) -> str:
    """The Markdown of an Org notes file, one line for one line; ``field`` says which
    property keys are fields of a paper (the labels' words)."""
    lines = text.split("\n")
    out: list[str] = []
    titled = False  # a #+TITLE above: headings go one level down
    # org-roam puts the file's drawer (its ROAM_REFS link) above #+title: the title is
    # written at the drawer's first line, so that the drawer's fields are the paper's
    top, title_at = _header(lines)
    code = ""  # the kind of the source block we are in
    drawer = ""  # the drawer we are in
    for at, line in enumerate(lines):
        if top is not None and at in (top, title_at):
            header = _KEYWORD.match(lines[title_at])
            out.append(f"# {header.group('value').strip()}" if at == top and header else "")
            drawer = "properties" if at == top else drawer
            titled = True
            continue
        block = _BLOCK.match(line)
        if code:
            ends = block is not None and block.group("end").casefold() == "end"
            if ends and block is not None and block.group("kind").casefold() == code:
                out.append("```")
                code = ""
            else:
                out.append(line)
            continue
        if block is not None:
            kind = block.group("kind").casefold()
            opens = block.group("end").casefold() == "begin" and kind in _CODE
            out.append("```" if opens else "")
            code = kind if opens else ""
            continue
        if drawer:
            if _END.match(line):
                drawer = ""
                out.append("")
                continue
            prop = _PROPERTY.match(line) if drawer == "properties" else None
            if prop is not None and field(prop.group("key")):
                out.append(f"{prop.group('key')}: {_links(prop.group('value'))}")
            else:
                out.append("")
            continue
        opened = _DRAWER.match(line)
        if opened is not None:
            drawer = opened.group("name").casefold()
            out.append("")
            continue
        keyword = _KEYWORD.match(line)
        if keyword is not None:
            value = keyword.group("value").strip()
            title = keyword.group("key").casefold() == "title" and bool(value)
            titled = titled or title
            out.append(f"# {value}" if title else "")
            continue
        if _COMMENT.match(line) or _PLANNING.match(line):
            out.append("")
            continue
        heading = _HEADING.match(line)
        if heading is not None:
            level = min(len(heading.group("stars")) + (1 if titled else 0), 6)
            out.append("#" * level + " " + _links(heading.group("text")))
            continue
        out.append(_links(_DESCRIPTION.sub(r"\g<item>\g<term>: ", line)))
    return "\n".join(out)


def _header(lines: list[str]) -> tuple[int | None, int]:
    """Where a file-level property drawer opens and where the ``#+title`` after it is,
    when the file starts with both (org-roam); (None, 0) otherwise."""
    top: int | None = None
    drawer = False
    for at, line in enumerate(lines[:200]):
        if drawer:
            drawer = not _END.match(line)
        elif top is None and _DRAWER.match(line):
            top, drawer = at, True
        elif (keyword := _KEYWORD.match(line)) is not None:
            if keyword.group("key").casefold() == "title" and keyword.group("value").strip():
                return (top, at) if top is not None else (None, 0)
        elif line.strip():
            break
    return None, 0


def _links(text: str) -> str:
    return _LINK.sub(_link, text) if "[[" in text else text


def _link(link: regex.Match[str]) -> str:
    url, text = link.group("url").strip(), (link.group("text") or "").strip()
    if url.startswith("file:"):
        return text or url[5:]
    if text:
        return f"[{text}]({url.replace(' ', '%20')})"
    return f"<{url}>" if regex.match(r"(?i)https?://|doi:", url) else url
