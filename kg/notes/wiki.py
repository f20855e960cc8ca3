"""Wiki pages (MediaWiki's wikitext, DokuWiki's markup) as the Markdown the reader knows,
line for line.

A lab's wiki keeps reading-group notes in its own markup, copied out of the edit box:
headings between runs of ``=`` ("=== Title ===", where MediaWiki counts up and DokuWiki
counts down from six), ``'''bold'''``, ``[https://… text]`` and ``[[url|text]]`` links,
``; Authors`` / ``: A, B`` definition lists, ``{| … |}`` tables, ``{{templates}}`` and
``<ref>`` footnotes. Markdown read none of it as structure: a page's papers were one
paragraph each with no title. Each line becomes one line of Markdown with the same
meaning, so that line numbers stay the file's:

- a heading -> ``## Title`` (MediaWiki: as many ``#`` as ``=``; DokuWiki: seven less);
- ``'''b'''`` -> ``**b**``, ``''i''`` -> ``*i*``; links -> ``[text](url)``, a link to a
  wiki page -> its text; footnotes (``<ref>…</ref>``, ``((…))``), templates, magic words
  and one-line comments are no text;
- ``; Term`` and the ``: value`` line under it -> ``Term: value`` (the value's line left
  empty); ``* item`` / ``# item`` -> ``- item`` / ``1. item``, nested by their marks
  (DokuWiki's by two spaces each);
- a MediaWiki table -> a pipe table: ``! A !! B`` the header, the ``|-`` after it the
  header's rule, ``| a || b`` a row (a ``|-`` between rows a row of empty cells).
"""

from __future__ import annotations

import regex

_HEADING = regex.compile(r"^(={1,6})[ \t]*(?P<title>[^=]*?\p{L}[^=]*?)[ \t]*\1[ \t]*$")
# marks only MediaWiki writes: bold in three quotes, a table's start, a magic word, a
# footnote, a definition line, a link with its text in single brackets
_MEDIAWIKI_MARKS = (
    regex.compile(r"'''[^'\n]+'''"),
    regex.compile(r"(?m)^\{\|"),
    regex.compile(r"(?m)^__[A-Z]+__[ \t]*$"),
    regex.compile(r"<ref[\s>/]"),
    regex.compile(r"(?m)^;[ \t]*\S"),
    regex.compile(r"\[https?://\S+ [^\]\n]+\]"),
)
# marks only DokuWiki writes: its magic words, a tag template, a header row, a link
# with its text after a bar inside double brackets
_DOKUWIKI_MARKS = (
    regex.compile(r"~~[A-Z]+~~"),
    regex.compile(r"\{\{tag>"),
    regex.compile(r"(?m)^\^.*\^[ \t]*$"),
    regex.compile(r"\[\[https?://[^\]|]+\|[^\]]*\]\]"),
)
_FENCE = regex.compile(r"(?ms)^[ \t]*(```|~~~).*?^[ \t]*\1[ \t]*$")
_MAGIC = regex.compile(r"^(?:__[A-Z]+__|~~[A-Z]+~~)[ \t]*$")
_COMMENT = regex.compile(r"<!--.*?-->")
_REF = regex.compile(r"<ref[^>/]*/>|<ref[^>]*>.*?</ref>|\(\(.*?\)\)")
_TEMPLATE = regex.compile(r"\{\{(?:[^{}]|(?R))*\}\}")
_EXTERNAL = regex.compile(r"\[(?P<url>https?://[^\s\]]+)(?:[ \t]+(?P<text>[^\]]+))?\]")
_INTERNAL = regex.compile(r"\[\[(?P<target>[^\]|]+)(?:\|(?P<text>[^\]]*))?\]\]")
_BOLD_ITALIC = regex.compile(r"'''''(.+?)'''''")
_BOLD = regex.compile(r"'''(.+?)'''")
_ITALIC = regex.compile(r"''(.+?)''")
_LIST = regex.compile(r"^(?P<marks>[*#]+)[ \t]*(?P<text>.*)$")
_DOKU_LIST = regex.compile(r"^(?P<indent>(?: {2})+)(?P<mark>[*-])[ \t]+(?P<text>.*)$")
_TERM = regex.compile(r"^;[ \t]*(?P<term>[^:]*?)[ \t]*(?::[ \t]*(?P<value>.*))?$")
_DEFINITION = regex.compile(r"^:+[ \t]*(?P<value>.*)$")
_SUFFIXES = (".wiki", ".mediawiki", ".wikitext")


def wiki_kind(path: str, text: str) -> str | None:
    """ "mediawiki" or "dokuwiki" when the notes are a wiki page's source: a page's
    suffix, or (in a text or Markdown file) a heading between runs of ``=`` beside two
    marks only that wiki writes, code blocks aside."""
    if path.endswith(_SUFFIXES):
        return "mediawiki"
    if not path.endswith((".txt", ".md", ".markdown", ".notes")) or "==" not in text:
        return None
    text = _FENCE.sub("", text)
    if not any(_HEADING.match(line) for line in text.split("\n") if line.startswith("==")):
        return None
    for kind, marks in (("dokuwiki", _DOKUWIKI_MARKS), ("mediawiki", _MEDIAWIKI_MARKS)):
        if sum(mark.search(text) is not None for mark in marks) >= 2:
            return kind
    return None


def wiki_to_markdown(text: str, kind: str) -> str:
    """The page's lines as Markdown, one for one."""
    lines = text.split("\n")
    out = list(lines)
    template = 0  # the depth of a template that spans lines ("{{Infobox" … "}}")
    columns = 0  # the columns of the table being read, 0 outside a table
    ruled = False  # the table's header has its rule
    taken = False  # the line is a definition said already on its term's line
    for at, raw in enumerate(lines):
        if taken:
            out[at], taken = "", False
            continue
        line = _COMMENT.sub("", raw)
        if template:
            template += line.count("{{") - line.count("}}")
            out[at] = ""
            continue
        line = _TEMPLATE.sub("", line)
        if "{{" in line:  # a template opened and not closed on its line
            template = line.count("{{") - line.count("}}")
            out[at] = line[: line.index("{{")].rstrip()
            continue
        line = _REF.sub("", line)
        if _MAGIC.match(line):
            out[at] = ""
            continue
        if kind == "mediawiki" and (line.startswith(("{|", "|", "!")) or columns):
            row, columns, ruled = _table_line(line, columns, ruled)
            if row is not None:
                out[at] = _inline(row, kind)
                continue
        heading = _HEADING.match(line)
        if heading:
            size = len(heading.group(1))
            level = 7 - size if kind == "dokuwiki" else size
            out[at] = "#" * max(1, min(level, 6)) + " " + _inline(heading.group("title"), kind)
            continue
        below = lines[at + 1] if at + 1 < len(lines) else ""
        text, took = _block(line, below, kind)
        out[at] = _inline(text, kind)
        taken = took
    return "\n".join(out)


def _block(line: str, below: str, kind: str) -> tuple[str, bool]:
    """A line's list or definition marks as Markdown's, and whether it took the line
    ``below`` as its value ("; Authors" over ": A, B" -> "Authors: A, B")."""
    if kind == "dokuwiki":
        item = _DOKU_LIST.match(line)
        if item is None:
            return line, False
        indent = "  " * (len(item.group("indent")) // 2 - 1)
        return f"{indent}{'-' if item.group('mark') == '*' else '1.'} {item.group('text')}", False
    term = _TERM.match(line)
    if term is not None:
        value, took = term.group("value"), False
        definition = _DEFINITION.match(below) if value is None else None
        if definition is not None:
            value, took = definition.group("value"), True
        return (f"{term.group('term')}: {value}" if value else f"{term.group('term')}:"), took
    definition = _DEFINITION.match(line)
    if definition is not None:
        return definition.group("value"), False
    item = _LIST.match(line)
    if item is not None:
        marks = item.group("marks")
        indent = "   " * (len(marks) - 1)
        return f"{indent}{'1.' if marks[-1] == '#' else '-'} {item.group('text')}", False
    return line, False


def _table_line(line: str, columns: int, ruled: bool) -> tuple[str | None, int, bool]:
    """A line of a MediaWiki table as a line of a pipe table (None: not a table's line
    after all), the table's columns, and whether its header has its rule."""
    stripped = line.strip()
    if stripped.startswith("{|"):
        return "", -1, False  # the table opens: its columns are not known yet
    if not columns:
        return None, 0, False
    if stripped.startswith("|}"):
        return "", 0, False
    if stripped.startswith("|+"):
        return "", columns, ruled  # a caption
    if stripped.startswith("!"):
        cells = [c.strip() for c in regex.split(r"!!|\|\|", stripped[1:])]
        return "| " + " | ".join(_cell(c) for c in cells) + " |", len(cells), False
    if stripped.startswith("|-"):
        if columns > 0 and not ruled:
            return "|" + " --- |" * columns, columns, True
        return ("|" + "  |" * columns) if columns > 0 else "", columns, ruled
    if stripped.startswith("|"):
        cells = [_cell(c.strip()) for c in stripped[1:].split("||")]
        return "| " + " | ".join(cells) + " |", columns, ruled
    return "", columns, ruled  # a cell's text going on: not kept


def _cell(cell: str) -> str:
    """A cell's text without its attributes ('style="…" | text')."""
    head, bar, text = cell.partition("|")
    if bar and "=" in head and "[" not in head:
        return text.strip()
    return cell


def _inline(text: str, kind: str) -> str:
    """Links, bold and italics as Markdown's."""

    def internal(m: regex.Match[str]) -> str:
        target, shown = m.group("target").strip(), m.group("text")
        if target.startswith(("http://", "https://")):
            return f"[{shown.strip() or target}]({target})" if shown else f"<{target}>"
        return (shown or target.rsplit(":", 1)[-1]).strip()

    text = _INTERNAL.sub(internal, text)
    if kind == "mediawiki":
        text = _EXTERNAL.sub(
            lambda m: (
                f"[{m.group('text').strip()}]({m.group('url')})"
                if m.group("text")
                else f"<{m.group('url')}>"
            ),
            text,
        )
        text = _BOLD_ITALIC.sub(r"***\1***", text)
        text = _BOLD.sub(r"**\1**", text)
        text = _ITALIC.sub(r"*\1*", text)
    return text
