"""Notes that outliners and notebook apps keep as XML, as the Markdown the reader knows.

- A mind map or an outline (FreeMind's and Freeplane's ``.mm``, which 幕布, XMind and
  MindManager export too; OPML's ``.opml`` from Workflowy, Dynalist, OmniOutliner): each
  node is one line, line for line: the root ``# text``, every other node a list item
  nested as deep as the node (``- Title`` over ``  - 作者：A, B``), so that the reader
  reads a paper's node with its fields and summary below it as it reads nested bullets.
  A node's rich text and its note (FreeMind's ``richcontent``, OPML's ``_note``) are text
  too.
- An Evernote (印象笔记) notebook (``.enex``): each note's ``<title>`` a heading
  ``## Title`` on its line, and its body, ENML's HTML, the Markdown :mod:`.webpage` makes
  of it, on the lines after the title's within the note (a body is usually one long
  line); when a body has more blocks than its note has lines, the last ones share a line
  and the reader says that line numbers are near.

- A blog's web feed (Atom's ``<entry>``, RSS's ``<item>``): each post's title a heading on
  its line and its body's HTML below it, as an Evernote note's; the feed's own title the
  notes' title.

The standard library's expat parser reads the XML: it fetches nothing (no DTD, no
external entity) and refuses entities that expand without end; nothing in a file is run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from xml.parsers import expat

import regex

from .webpage import webpage_to_markdown

MINDMAP_SUFFIXES = (".mm", ".opml")
EVERNOTE_SUFFIXES = (".enex",)
FEED_SUFFIXES = (".xml", ".atom", ".rss")
_NODES = {"node": "TEXT", "outline": "text"}  # FreeMind/Freeplane, OPML
_NOTES = ("_note", "note")  # OPML's note of a node


class XmlNotesError(ValueError):
    """A file named as XML notes that is no well-formed XML: ``line`` is where it breaks."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


def _parser() -> expat.XMLParserType:
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def entity(*_: object) -> None:
        raise XmlNotesError("an entity declaration: notes declare none", parser.CurrentLineNumber)

    parser.EntityDeclHandler = entity  # no entity is expanded, however little
    return parser


def _parse(
    parser: expat.XMLParserType,
    text: str,
    start: Callable[[str, dict[str, str]], None],
    end: Callable[[str], None],
    data: Callable[[str], None],
) -> None:
    """Read ``text`` with the handlers given; a file that is no well-formed XML raises
    :class:`XmlNotesError` with the line where it breaks."""
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    try:
        parser.Parse(text, True)
    except XmlNotesError:
        raise
    except expat.ExpatError as exc:
        message = f"not XML kg can read: {expat.errors.messages[exc.code]}"
        raise XmlNotesError(message, exc.lineno) from None


def _one_line(text: str) -> str:
    return " ".join(text.split())


@dataclass
class _Node:
    line: int
    depth: int
    text: str
    rich: list[str] = field(default_factory=list)  # the text of its rich content, if any
    note: str = ""


def mindmap_to_markdown(text: str) -> tuple[str, bool]:
    """A mind map's or an outline's nodes as Markdown, and whether each is on its own line
    of the file (False: nodes that share a line go on the next free lines)."""
    parser = _parser()
    nodes: list[_Node] = []
    open_nodes: list[_Node] = []
    rich: list[tuple[str, list[str]]] = []  # the open richcontent's type and its text

    def start(name: str, attrs: dict[str, str]) -> None:
        if name in _NODES:
            node = _Node(parser.CurrentLineNumber, len(open_nodes), attrs.get(_NODES[name], ""))
            node.note = next((attrs[k] for k in _NOTES if attrs.get(k)), "")
            nodes.append(node)
            open_nodes.append(node)
        elif name == "richcontent":
            rich.append((attrs.get("TYPE", "NODE").upper(), []))
        elif rich and name in ("p", "br", "li", "div", "tr"):
            rich[-1][1].append(" ")

    def end(name: str) -> None:
        if name in _NODES and open_nodes:
            open_nodes.pop()
        elif name == "richcontent" and rich:
            kind, parts = rich.pop()
            if open_nodes:
                node = open_nodes[-1]
                said = _one_line("".join(parts))
                if kind == "NODE" and not node.text:
                    node.text = said
                elif said:
                    node.rich.append(said)

    def data(chars: str) -> None:
        if rich:
            rich[-1][1].append(chars)

    _parse(parser, text, start, end, data)
    lines = text.split("\n")
    out = [""] * len(lines)
    exact, free = True, 0
    for node in nodes:
        said = [_one_line(node.text), *node.rich, _one_line(node.note)]
        shown = [s for s in said if s]
        if not shown:
            continue
        if node.depth == 0:
            items = [f"# {shown[0]}", *shown[1:]]
        else:
            indent = "  " * (node.depth - 1)
            items = [f"{indent}- {shown[0]}", *(f"{indent}  - {s}" for s in shown[1:])]
        for k, item in enumerate(items):
            at = max(node.line - 1 + k, free)
            exact = exact and at == node.line - 1 + k
            if at >= len(out):  # more nodes than lines (a map on one line): one a line
                return "\n".join(_one_a_line(nodes)), False
            out[at], free = item, at + 1
    return "\n".join(out), exact


def _one_a_line(nodes: list[_Node]) -> list[str]:
    """The nodes of a map written on fewer lines than it has nodes, one a line."""
    out: list[str] = []
    for node in nodes:
        shown = [s for s in (_one_line(node.text), *node.rich, _one_line(node.note)) if s]
        indent = "  " * max(node.depth - 1, 0)
        for k, said in enumerate(shown):
            if node.depth == 0 and k == 0:
                out.append(f"# {said}")
            else:
                out.append(f"{indent}{'  ' if k else ''}- {said}")
    return out


@dataclass
class _Note:
    line: int  # the line of its <title>
    title: list[str] = field(default_factory=list)
    body: list[str] = field(default_factory=list)
    body_line: int = 0
    bodies: dict[str, list[str]] = field(default_factory=dict)  # the text of each body field


def evernote_to_markdown(text: str) -> tuple[str, bool]:
    """An Evernote export's notes as Markdown, and whether each of a body's blocks has a
    line of its own within its note (False: some share one)."""
    return _titled_notes(text, "note", ("content",))


def is_feed(text: str) -> bool:
    """Whether XML text is a web feed: an Atom ``<feed>`` or an RSS ``<rss>`` document."""
    return _FEED_ROOT.match(text) is not None


def feed_to_markdown(text: str) -> tuple[str, bool]:
    """A blog's web feed (Atom's ``<entry>``, RSS's ``<item>``; Hexo's, Jekyll's and Hugo's
    ``atom.xml``/``rss.xml``) as Markdown: the feed's title ``# Title`` on its line, each
    post's title ``## Title`` on its line and its body, the HTML of its ``<content>`` (or
    ``<content:encoded>``, ``<description>``, ``<summary>``), on the lines after it within
    the post; and whether each block of a body has a line of its own."""
    post = "entry" if regex.search(r"<feed[\s>]", text[:2000]) else "item"
    return _titled_notes(text, post, _FEED_BODIES, whole=("feed", "channel"))


# a post's body, in the order a feed's fields are preferred (a summary only when no content)
_FEED_BODIES = ("content", "content:encoded", "description", "summary")
_FEED_ROOT = regex.compile(
    r"^\ufeff?\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*|<\?[^>]*>\s*)*<(?:feed|rss)[\s>]", regex.S
)


def _titled_notes(
    text: str, note_tag: str, body_tags: tuple[str, ...], whole: tuple[str, ...] = ()
) -> tuple[str, bool]:
    """XML of notes each with a ``<title>`` and a body of HTML (Evernote's notes, a feed's
    posts) as Markdown: the title ``## Title`` on its line, the body's blocks on the lines
    after it within the note; ``whole``: the elements whose own ``<title>`` is the
    document's, ``# Title`` on its line."""
    parser = _parser()
    notes: list[_Note] = []
    inside: list[str] = []
    heading: list[tuple[int, list[str]]] = []  # the document's own title, if any

    def start(name: str, _attrs: dict[str, str]) -> None:
        inside.append(name)
        if name == note_tag:
            notes.append(_Note(parser.CurrentLineNumber))
        elif name == "title" and note_tag in inside and notes:
            notes[-1].line = parser.CurrentLineNumber
        elif name == "title" and len(inside) >= 2 and inside[-2] in whole and not heading:
            heading.append((parser.CurrentLineNumber, []))
        elif name in body_tags and notes and note_tag in inside:
            notes[-1].bodies.setdefault(name, [])
            notes[-1].body_line = notes[-1].body_line or parser.CurrentLineNumber

    def end(_name: str) -> None:
        if inside:
            inside.pop()

    def data(chars: str) -> None:
        if not inside:
            return
        if notes and inside[-1] == "title" and note_tag in inside:
            notes[-1].title.append(chars)
        elif notes and inside[-1] in body_tags and note_tag in inside:
            notes[-1].bodies[inside[-1]].append(chars)
        elif heading and inside[-1] == "title" and len(inside) >= 2 and inside[-2] in whole:
            heading[0][1].append(chars)

    _parse(parser, text, start, end, data)
    for note in notes:  # the first body field the note has, in the order preferred
        note.body = next((note.bodies[t] for t in body_tags if "".join(note.bodies.get(t, []))), [])
    lines = text.split("\n")
    out = [""] * len(lines)
    if heading and 0 < heading[0][0] <= len(out) and _one_line("".join(heading[0][1])):
        out[heading[0][0] - 1] = f"# {_one_line(''.join(heading[0][1]))}"
    exact = True
    for k, note in enumerate(notes):
        # the title on its line; the body's blocks on the lines after it, within the note
        title = note.line - 1
        stop = notes[k + 1].line - 1 if k + 1 < len(notes) else len(out)
        body, _ = webpage_to_markdown("".join(note.body))
        blocks = [b for b in body.split("\n") if b.strip()]
        room = list(range(title + 1, max(stop, title + 1)))
        if (blocks and not room) or title < 0 or out[title]:
            # notes that share a line (an export written on one line): one after the other
            return _one_after_another(notes), False
        out[title] = f"## {_one_line(''.join(note.title))}"
        if len(blocks) > len(room):  # more blocks than lines: the last ones share a line
            exact = False
            keep = len(room) - 1
            blocks = [*blocks[:keep], " ".join(blocks[keep:])]
        for at, block in zip(room, blocks, strict=False):
            out[at] = _below_title(block)
    return "\n".join(out), exact


def _one_after_another(notes: list[_Note]) -> str:
    parts: list[str] = []
    for note in notes:
        body, _ = webpage_to_markdown("".join(note.body))
        inner = "\n".join(_below_title(line) for line in body.strip().split("\n"))
        parts.append(f"## {_one_line(''.join(note.title))}\n\n{inner}\n")
    return "\n".join(parts)


_HEADING = regex.compile(r"^(#{1,5})(?=[ \t])")


def _below_title(block: str) -> str:
    """A heading inside a note's body one level below the note's own title ("## 背景" of
    a post under its "## Title" is "### 背景"), so that it is a part of that note."""
    return _HEADING.sub(lambda m: "#" + m.group(1) if len(m.group(1)) >= 2 else "###", block)
