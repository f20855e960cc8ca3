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

The standard library's expat parser reads the XML: it fetches nothing (no DTD, no
external entity) and refuses entities that expand without end; nothing in a file is run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from xml.parsers import expat

from .webpage import webpage_to_markdown

MINDMAP_SUFFIXES = (".mm", ".opml")
EVERNOTE_SUFFIXES = (".enex",)
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


def evernote_to_markdown(text: str) -> tuple[str, bool]:
    """An Evernote export's notes as Markdown, and whether each of a body's blocks has a
    line of its own within its note (False: some share one)."""
    parser = _parser()
    notes: list[_Note] = []
    inside: list[str] = []

    def start(name: str, _attrs: dict[str, str]) -> None:
        inside.append(name)
        if name == "note":
            notes.append(_Note(parser.CurrentLineNumber))
        elif name == "title" and notes:
            notes[-1].line = parser.CurrentLineNumber
        elif name == "content" and notes:
            notes[-1].body_line = parser.CurrentLineNumber

    def end(_name: str) -> None:
        if inside:
            inside.pop()

    def data(chars: str) -> None:
        if notes and inside and inside[-1] == "title" and "note" in inside:
            notes[-1].title.append(chars)
        elif notes and inside and inside[-1] == "content":
            notes[-1].body.append(chars)

    _parse(parser, text, start, end, data)
    lines = text.split("\n")
    out = [""] * len(lines)
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
            out[at] = block
    return "\n".join(out), exact


def _one_after_another(notes: list[_Note]) -> str:
    parts: list[str] = []
    for note in notes:
        body, _ = webpage_to_markdown("".join(note.body))
        parts.append(f"## {_one_line(''.join(note.title))}\n\n{body.strip()}\n")
    return "\n".join(parts)
