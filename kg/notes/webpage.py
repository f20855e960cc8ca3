"""Web pages saved as notes (``.html``, ``.htm``) as the Markdown the reader knows, line
for line.

A blog post saved from the browser, or notes exported from a wiki as HTML, keeps its
structure in tags: ``<h2>`` per session, ``<h3>`` per paper, ``<p>`` and ``<li>`` for the
fields and the summary, ``<a href>`` for the DOI. Each block becomes the Markdown line it
means (``### Title``, ``- item``, ``[text](href)``, ``**bold**``) at the line of the file
where it starts, so that line numbers stay the file's; a ``<table>`` is kept as HTML,
which the reader reads as a table. What is no notes is left out: the page's head (but for
its ``<title>``), scripts, styles, navigation, asides, footers, forms and preformatted
code. Nothing in the page is run or fetched, and character references come out as text
(the standard library's HTML parser reads it).

A block that shares its line with the one before (``<p>A<br>B</p>``) goes on the next
free line, and the reader says that line numbers are near, not exact; a page with more
blocks than lines (minified HTML) is read as its blocks one after the other.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

SUFFIXES = (".html", ".htm", ".xhtml")

_SKIPPED = frozenset(
    {"script", "style", "nav", "footer", "aside", "noscript", "template", "svg"}
    | {"form", "button", "select", "pre", "iframe", "object", "canvas", "math"}
)
_HEADINGS = {f"h{n}": n for n in range(1, 7)}
_BLOCKS = frozenset(
    {"p", "div", "li", "dt", "dd", "tr", "blockquote", "section", "article", "header"}
    | {"main", "figure", "figcaption", "ul", "ol", "dl", "details", "summary", "hr", "br"}
    | {"title"}
    | set(_HEADINGS)
)
_MARKS = {"strong": "**", "b": "**", "em": "*", "i": "*", "code": "`"}
# a page's text that Markdown would read as markup: escaped, so it stays text
_MARKDOWN = re.compile(r"[\\`*_\[\]<>#|]")
_VOID = frozenset({"br", "hr", "img", "meta", "link", "input", "wbr", "source", "area"})


@dataclass
class _Block:
    line: int  # 1-based line of the file where its text starts
    lead: str  # "### ", "- ", "> " ...
    text: list[str] = field(default_factory=list)


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[_Block] = []
        self.skip: list[str] = []  # the open tags whose content is no notes
        self.lists: list[str] = []  # the open ul/ol
        self.quotes = 0
        self.heading = 0
        self.links: list[str] = []  # the open links' addresses
        self.table: tuple[int, int] | None = None  # (depth, first line) of an open <table>
        self.tables: list[tuple[int, int]] = []  # (first line, last line) of each table
        self.block: _Block | None = None
        self.pending: list[str] = []  # marks opened before the block's first text
        self.listed = False  # the next block is a list item's first

    # ---- blocks -------------------------------------------------------------------

    def open_block(self) -> None:
        """Start a block at the next text: the lead its open tags give it."""
        self.block = None
        self.pending.clear()

    def text(self, data: str) -> None:
        if self.block is None:
            if not data.strip():
                return
            line = self.getpos()[0] + data[: len(data) - len(data.lstrip())].count("\n")
            lead = "> " * self.quotes
            if self.heading:
                lead += "#" * self.heading + " "
            elif self.lists and self.listed:
                lead += "  " * (len(self.lists) - 1) + ("1. " if self.lists[-1] == "ol" else "- ")
            self.listed = False
            self.block = _Block(line, lead, [*self.pending])
            self.pending.clear()
            self.blocks.append(self.block)
        self.block.text.append(data)

    def inline(self, mark: str, opens: bool) -> None:
        """A mark around inline text ("**", "[", "](href)"); before a block's first text,
        an opening mark waits for it, and a closing one with nothing inside is dropped."""
        if self.block is not None:
            self.block.text.append(mark)
        elif opens:
            self.pending.append(mark)
        elif self.pending:
            self.pending.pop()

    # ---- the parser's calls ---------------------------------------------------------

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.table is not None:
            if tag == "table":
                self.table = (self.table[0] + 1, self.table[1])
            return
        if self.skip:
            if tag not in _VOID:
                self.skip.append(tag)
            return
        if tag in _SKIPPED:
            self.skip.append(tag)
            return
        if tag == "table":
            self.table = (1, self.getpos()[0])
            self.open_block()
            return
        if tag in ("ul", "ol"):
            self.lists.append(tag)
        elif tag == "li":
            self.listed = True
        elif tag == "blockquote":
            self.quotes += 1
        elif tag in _HEADINGS:
            self.heading = _HEADINGS[tag]
        if tag in _BLOCKS:
            self.open_block()
        elif tag in _MARKS:
            self.inline(_MARKS[tag], opens=True)
        elif tag == "a":
            self.links.append(dict(attrs).get("href") or "")
            self.inline("[", opens=True)

    def handle_endtag(self, tag: str) -> None:
        if self.table is not None:
            if tag == "table":
                depth, first = self.table
                if depth == 1:
                    self.tables.append((first, self.getpos()[0]))
                    self.table = None
                else:
                    self.table = (depth - 1, first)
            return
        if self.skip:
            if tag in self.skip:  # and the tags left open inside it ("<nav><li>…</nav>")
                while self.skip.pop() != tag:
                    pass
            return
        if tag in ("ul", "ol") and self.lists:
            self.lists.pop()
        elif tag == "blockquote" and self.quotes:
            self.quotes -= 1
        elif tag in _HEADINGS:
            self.heading = 0
        if tag in _BLOCKS:
            self.open_block()
        elif tag in _MARKS:
            self.inline(_MARKS[tag], opens=False)
        elif tag == "a" and self.links:
            href = self.links.pop()
            self.inline(f"]({href})" if href and " " not in href else "]", opens=False)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:  # noqa: ARG002
        if not self.skip and self.table is None and tag in _BLOCKS:
            self.open_block()  # <br/>, <hr/>

    def handle_data(self, data: str) -> None:
        if self.skip or self.table is not None:
            return
        if self.block is not None or data.strip():
            self.text(_MARKDOWN.sub(r"\\\g<0>", data))  # "a &lt;b&gt; c" stays text


def webpage_to_markdown(text: str) -> tuple[str, bool]:
    """The page's notes as Markdown, and whether each block is at the line of the file
    where it starts (False: a block that shares its line with the one before, as after a
    ``<br>``, is on the next free line, and the rest follow it)."""
    page = _Page()
    page.feed(text)
    page.close()
    lines = text.split("\n")
    out = [""] * len(lines)
    taken = [False] * (len(lines) + 1)  # by a table's lines, kept as they are
    for first, last in page.tables:
        out[first - 1 : last] = lines[first - 1 : last]
        taken[first - 1 : last] = [True] * (last - first + 1)
    exact, at = True, 0
    for block in page.blocks:
        shown = block.lead + " ".join("".join(block.text).split())
        if not shown.strip(" #->*1."):
            continue
        at = max(block.line - 1, at)
        while at < len(lines) and taken[at]:
            at += 1
        if at >= len(lines):
            break  # no line left: the page's last blocks shared lines
        exact = exact and at == block.line - 1
        out[at], taken[at] = shown, True
        at += 1
    else:
        return "\n".join(out), exact
    parts = [b.lead + " ".join("".join(b.text).split()) for b in page.blocks]
    parts += ["\n".join(lines[a - 1 : b]) for a, b in page.tables]
    return "\n\n".join(p for p in parts if p.strip()) + "\n", False
