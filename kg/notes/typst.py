"""Typst notes (``.typ``) as the Markdown the reader knows, line for line.

Typst marks headings with runs of ``=`` (``= Topic``, ``== Title``), strong text with one
``*`` (``*Authors:*``), links as function calls (``#link("https://…")[text]``) and its
set-up as code (``#import``, ``#set``, ``#show: template.with(...)``). Markdown reads the
headings and links as plain text, so every paper of such notes was lost. Each line
becomes one line of Markdown with the same meaning, so that line numbers stay the file's:

- ``== Title`` -> ``## Title`` (a label ``<intro>`` after it dropped);
- ``*strong*`` -> ``**strong**``, ``#strong[…]`` and ``#emph[…]`` likewise;
- ``#link("url")[text]`` -> ``[text](url)``, ``#link("url")`` -> the address;
- ``+ step`` stays a list item, ``/ Term: text`` -> ``Term: text``;
- code lines (``#import``, ``#set``, ``#let``, ``#show``, ``#figure(…)``, ``#image(…)``
  and the lines of their arguments), ``// comments`` and ``/* block comments */`` are
  no text; the ``title:`` a template or ``#set document(…)`` is given is the notes'
  title, a line of text on its line.

Nothing in the file is run: Typst code is read as text and dropped.
"""

from __future__ import annotations

import regex

_HEADING = regex.compile(r"^(?P<marks>={1,6})[ \t]+(?P<text>\S.*?)(?:[ \t]*<[\w\-:.]+>)?[ \t]*$")
# a line of code: "#import …", "#set …", "#show: note.with(", "#figure(", "#let x = …"
_CODE = regex.compile(r"^[ \t]*#(?:import|include|set|show|let|figure|image|pagebreak|v|h|place)\b")
_TITLE_ARG = regex.compile(
    r"^[ \t]*title[ \t]*:[ \t]*(?:\"(?P<quoted>[^\"\n]*)\"|\[(?P<content>[^\]\n]*)\])"
)
_LINK = regex.compile(r"#link\(\s*\"(?P<url>[^\"\n]+)\"\s*\)(?:\[(?P<text>[^\]\n]*)\])?")
_MARKUP_CALL = regex.compile(r"#(?P<kind>strong|emph)\[(?P<text>[^\]\n]*)\]")
_STRONG = regex.compile(r"(?<![\\*\w])\*(?=\S)(?P<text>[^*\n]*?\S)\*(?![*\w])")
_TERM = regex.compile(r"^(?P<indent>[ \t]*)/[ \t]+(?P<term>[^:\n]{1,60}):[ \t]*")


def typst_to_markdown(text: str) -> str:
    """The Markdown of a Typst notes file, one line for one line."""
    out: list[str] = []
    depth = 0  # open brackets of a code line's arguments that go on below it
    comment = False  # inside /* … */
    for raw in text.split("\n"):
        line = raw
        if comment:
            if "*/" in line:
                comment = False
            out.append("")
            continue
        if depth > 0 and not _HEADING.match(line):  # (a bracket never closed ends there)
            out.append(_title(line))
            depth = max(0, depth + _balance(line))
            continue
        depth = 0
        stripped = line.strip()
        if stripped.startswith("/*"):
            comment = "*/" not in stripped[2:]
            out.append("")
            continue
        if stripped.startswith("//"):
            out.append("")
            continue
        if _CODE.match(line):
            depth = max(0, _balance(line))
            out.append(_title(line))
            continue
        line = _line_comment(raw)
        heading = _HEADING.match(line)
        if heading is not None:
            out.append("#" * len(heading.group("marks")) + " " + _inline(heading.group("text")))
            continue
        term = _TERM.match(line)
        if term is not None:  # "/ Term: text", a term list's item
            line = term.group("indent") + term.group("term").strip() + ": " + line[term.end() :]
        out.append(_inline(line))
    return "\n".join(out)


def _title(line: str) -> str:
    """A template's or a document's ``title:`` argument: the notes' title, a line of text
    (Typst's own headings start at ``=``, which Markdown reads as ``#``)."""
    m = _TITLE_ARG.search(line.split("(", 1)[-1]) if "title" in line else None
    if m is None:
        return ""
    return (m.group("quoted") or m.group("content") or "").strip()


def _balance(line: str) -> int:
    """How many more brackets a line opens than it closes (strings left out)."""
    bare = regex.sub(r"\"(?:[^\"\\]|\\.)*\"", "", line)
    return bare.count("(") + bare.count("[") - bare.count(")") - bare.count("]")


def _line_comment(line: str) -> str:
    """A line without the comment closing it ("text // aside"); an address keeps its //."""
    m = regex.search(r"(?<![:\w/])//", line)
    return line[: m.start()].rstrip() if m else line


def _inline(text: str) -> str:
    text = _LINK.sub(
        lambda m: f"[{m.group('text')}]({m.group('url')})" if m.group("text") else m.group("url"),
        text,
    )
    text = _MARKUP_CALL.sub(
        lambda m: (
            f"**{m.group('text')}**" if m.group("kind") == "strong" else f"*{m.group('text')}*"
        ),
        text,
    )
    return _STRONG.sub(lambda m: f"**{m.group('text')}**", text)
