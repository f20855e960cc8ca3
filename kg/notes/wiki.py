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

Two more wikis' markup is read the same way. Redmine's Textile (``.textile``, or a text
file with ``h2.`` headings): ``h3. Title``, ``*bold*``, ``_italic_``, ``"text":url``,
``# item`` (a numbered item, never a heading), ``bq.`` quotes, ``|_. A |`` header cells.
TiddlyWiki's tiddlers (``.tid``): the fields above the first blank line (its ``title:``
the page's heading, the others no text), ``!! Title``, ``''bold''``, ``//italic//``,
``[[text|url]]``, ``@@highlight@@``, ``<<macros>>``, ``|A |B |h`` header rows. A table's
header row takes the blank line above it, so that its rule can stand where it was.
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
_TEXTILE_HEADING = regex.compile(
    r"^h(?P<level>[1-6])(?:\([^)]*\)|\{[^}]*\}|\[[^\]]*\]|[<>=]+)*\.[ \t]+(?P<title>.*)$"
)
_TEXTILE_BLOCK = regex.compile(r"^(?P<kind>p|bq|fn\d+)(?:\([^)]*\)|\{[^}]*\}|[<>=]+)*\.[ \t]+")
_TEXTILE_LIST = regex.compile(r"^(?P<marks>[*#]+)[ \t]+(?P<text>.*)$")
_TEXTILE_LINK = regex.compile(
    r'"(?P<text>[^"\n]+)":(?P<url>(?:https?|ftp)://[^\s<>"]*[^\s<>".,;:!?)\]])'
)
_TEXTILE_BOLD = regex.compile(r"(?<![\w*])\*{1,2}(?=\S)(?P<t>[^*\n]+?)(?<=\S)\*{1,2}(?![\w*])")
_TEXTILE_ITALIC = regex.compile(r"(?<![\w_])_{1,2}(?=\S)(?P<t>[^_\n]+?)(?<=\S)_{1,2}(?![\w_])")
_TEXTILE_CODE = regex.compile(r"(?<!\w)@(?=\S)([^@\n]+?)(?<=\S)@(?!\w)")
_TEXTILE_CELL = regex.compile(r"^(?P<head>_)?(?:[<>=^~]|\\\d+|/\d+|\([^)]*\)|\{[^}]*\})*\.[ \t]")
_TEXTILE_MARKS = regex.compile(r"(?m)^h[1-6]\.[ \t]+\p{Lu}")
_TIDDLER_FIELD = regex.compile(r"^(?P<key>[a-z][a-z0-9._-]*):[ \t]*(?P<value>.*)$")
_TIDDLER_TYPE = regex.compile(r"(?m)^type:[ \t]*text/vnd\.tiddlywiki[ \t]*$")
_TIDDLER_OTHER_TYPE = regex.compile(r"(?m)^type:[ \t]*(?!text/vnd\.tiddlywiki)\S+[ \t]*$")
_MARKDOWN_HEADING = regex.compile(r"(?m)^ {0,3}#{1,6}[ \t]+\S")
_TW_HEADING = regex.compile(r"^(?P<marks>!{1,6})[ \t]*(?P<title>\S.*)$")
_TW_LINK = regex.compile(r"\[\[(?P<text>[^\]|]+)(?:\|(?P<target>[^\]]+))?\]\]")
_TW_EXTERNAL = regex.compile(r"\[ext\[(?P<text>[^\]|]+)(?:\|(?P<target>[^\]]+))?\]\]")
_TW_MACRO = regex.compile(r"<<.*?>>")
_TW_HIGHLIGHT = regex.compile(r"@@(?:\.[\w-]+[ \t]+|[\w-]+:[^;@]*;[ \t]*)*(?P<t>.*?)@@")
_TW_BOLD = regex.compile(r"''(?=\S)(.+?)''")
_TW_ITALIC = regex.compile(r"(?<![:\w])//(?=\S)(.+?)(?<=\S)//")


def wiki_kind(path: str, text: str) -> str | None:
    """ "mediawiki" or "dokuwiki" when the notes are a wiki page's source: a page's
    suffix, or (in a text or Markdown file) a heading between runs of ``=`` beside two
    marks only that wiki writes, code blocks aside."""
    if path.endswith(_SUFFIXES):
        return "mediawiki"
    if path.endswith(".textile"):
        return "textile"
    if path.endswith(".tid"):
        # a tiddler of another type ("type: text/markdown") is what its type says
        other = _TIDDLER_OTHER_TYPE.search(text)
        return None if other else "tiddlywiki"
    if not path.endswith((".txt", ".md", ".markdown", ".notes")):
        return None
    if _TIDDLER_TYPE.search(text):
        return "tiddlywiki"
    plain = _FENCE.sub("", text)
    if len(_TEXTILE_MARKS.findall(plain)) >= 2 and not _MARKDOWN_HEADING.search(plain):
        return "textile"  # "h2. Title" lines and no "## Title" line
    if "==" not in text:
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
    if kind in ("textile", "tiddlywiki"):
        return _lines_to_markdown(text.split("\n"), kind)
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
        return _list_item(item["marks"], item["text"]), False
    return line, False


def _list_item(marks: str, text: str) -> str:
    """ "## item" (a numbered item two deep) or "* item" as Markdown's list item."""
    return "   " * (len(marks) - 1) + f"{'1.' if marks[-1] == '#' else '-'} {text}"


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


def _tiddler_link(m: regex.Match[str]) -> str:
    """TiddlyWiki's ``[[text|target]]``: a link when the target is an address, else the
    text (a link to another tiddler)."""
    text, target = m["text"].strip(), (m["target"] or "").strip()
    if target.startswith(("http://", "https://")):
        return f"[{text}]({target})"
    if not target and text.startswith(("http://", "https://")):
        return f"<{text}>"
    return text


def _inline(text: str, kind: str) -> str:
    """Links, bold and italics as Markdown's."""

    def internal(m: regex.Match[str]) -> str:
        target, shown = m.group("target").strip(), m.group("text")
        if target.startswith(("http://", "https://")):
            return f"[{shown.strip() or target}]({target})" if shown else f"<{target}>"
        return (shown or target.rsplit(":", 1)[-1]).strip()

    if kind == "textile":
        text = _TEXTILE_LINK.sub(lambda m: f"[{m['text']}]({m['url']})", text)
        text = _INTERNAL.sub(internal, text)
        text = _TEXTILE_CODE.sub(r"`\1`", text)
        text = _TEXTILE_BOLD.sub(lambda m: f"**{m['t']}**", text)
        return _TEXTILE_ITALIC.sub(lambda m: f"*{m['t']}*", text)
    if kind == "tiddlywiki":
        text = _TW_EXTERNAL.sub(_tiddler_link, text)
        text = _TW_LINK.sub(_tiddler_link, text)
        text = _TW_HIGHLIGHT.sub(lambda m: m["t"], text)
        text = _TW_BOLD.sub(r"**\1**", text)
        return _TW_ITALIC.sub(r"*\1*", text)
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


def _lines_to_markdown(lines: list[str], kind: str) -> str:
    """A Textile page's or a tiddler's lines as Markdown, one for one."""
    out = list(lines)
    start = _tiddler_fields(lines, out) if kind == "tiddlywiki" else 0
    below_title = 1 if start and any(line.startswith("# ") for line in out[:start]) else 0
    taken = False
    table_at = -1  # the line of the open table's first row, -1 outside a table
    for at in range(start, len(lines)):
        if taken:
            out[at], taken = "", False
            continue
        line = _COMMENT.sub("", lines[at])
        line = _TEMPLATE.sub("", line) if kind == "textile" else _TW_MACRO.sub("", line)
        row = _pipe_row(line, kind)
        if row is not None:
            cells, header = row
            shown = "| " + " | ".join(_inline(c, kind) for c in cells) + " |"
            if table_at < 0 and header and at > start and not out[at - 1].strip():
                out[at - 1] = shown  # the header goes up a line, its rule where it was
                out[at] = "|" + " --- |" * len(cells)
            else:
                out[at] = shown
            table_at = at if table_at < 0 else table_at
            continue
        table_at = -1
        heading = (_TEXTILE_HEADING if kind == "textile" else _TW_HEADING).match(line)
        if heading is not None:
            level = int(heading["level"]) if kind == "textile" else len(heading["marks"])
            level = min(level + below_title, 6)  # a tiddler's "!" is a heading under its title
            out[at] = "#" * level + " " + _inline(heading["title"], kind)
            continue
        if kind == "textile":
            block = _TEXTILE_BLOCK.match(line)
            if block is not None:
                lead = "> " if block["kind"] == "bq" else ""
                out[at] = lead + _inline(line[block.end() :], kind)
                continue
            item = _TEXTILE_LIST.match(line)
            if item is not None:
                out[at] = _list_item(item["marks"], _inline(item["text"], kind))
                continue
            out[at] = _inline(line, kind)
            continue
        below = lines[at + 1] if at + 1 < len(lines) else ""
        shown, taken = _block(line, below, kind)
        out[at] = _inline(shown, kind)
    return "\n".join(out)


def _tiddler_fields(lines: list[str], out: list[str]) -> int:
    """A tiddler's fields, above its first blank line: its ``title:`` becomes the page's
    heading, the others no text. Where its text starts (0: the file has no fields)."""
    end = next((at for at, line in enumerate(lines) if not line.strip()), 0)
    if not end or any(_TIDDLER_FIELD.match(line) is None for line in lines[:end]):
        return 0
    for k in range(end):
        field = _TIDDLER_FIELD.match(lines[k])
        out[k] = f"# {field['value']}" if field and field["key"] == "title" else ""
    return end


def _pipe_row(line: str, kind: str) -> tuple[list[str], bool] | None:
    """A table row's cells and whether it is a header row (``|_. A |``, ``|!A|``,
    ``|A|B|h``), or None for a line that is no table row."""
    stripped = line.strip()
    if kind == "textile" and stripped.startswith("table"):
        return None
    if not stripped.startswith("|"):
        return None
    marker = ""
    if kind == "tiddlywiki" and regex.search(r"\|[hfck]$", stripped):
        marker, stripped = stripped[-1], stripped[:-1]
    if not stripped.endswith("|") or len(stripped) < 2:
        return None
    cells = [c.strip() for c in stripped[1:-1].split("|")]
    header = marker == "h"
    shown: list[str] = []
    for cell in cells:
        attrs = _TEXTILE_CELL.match(cell) if kind == "textile" else None
        if attrs is not None:
            header = header or bool(attrs["head"])
            shown.append(cell[attrs.end() :].strip())
        elif kind == "tiddlywiki" and cell.startswith("!"):
            header = True
            shown.append(cell[1:].strip())
        else:
            shown.append(cell)
    return shown, header
