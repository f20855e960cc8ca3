"""Notes that outliners and notebook apps keep as XML, as the Markdown the reader knows.

- A mind map or an outline (FreeMind's and Freeplane's ``.mm``, which 幕布, XMind and
  MindManager export too; OPML's ``.opml`` from Workflowy, Dynalist, OmniOutliner): each
  node is one line, line for line: the root ``# text``, every other node a list item
  nested as deep as the node (``- Title`` over ``  - 作者：A, B``), so that the reader
  reads a paper's node with its fields and summary below it as it reads nested bullets.
  A node's rich text and its note (FreeMind's ``richcontent``, OPML's ``_note``) are text
  too.
- An Evernote (印象笔记) notebook (``.enex``): each note's ``<title>`` a heading
  ``## Title`` and its body, ENML's HTML, the Markdown :mod:`.webpage` makes of it. A body
  is usually one long line, so its blocks go on the lines after the title's, and the
  reader says that line numbers are near.

The standard library's expat parser reads the XML: it fetches nothing (no DTD, no
external entity) and refuses entities that expand without end; nothing in a file is run.
"""

from __future__ import annotations

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
    return parser


def _parse(parser: expat.XMLParserType, text: str) -> None:
    try:
        parser.Parse(text, True)
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

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    _parse(parser, text)
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
            if at >= len(out):
                out.append("")
            exact = exact and at == node.line - 1 + k
            out[at], free = item, at + 1
    return "\n".join(out), exact


@dataclass
class _Note:
    line: int  # the line of its <title>
    title: list[str] = field(default_factory=list)
    body: list[str] = field(default_factory=list)
    body_line: int = 0


def evernote_to_markdown(text: str) -> tuple[str, bool]:
    """An Evernote export's notes as Markdown, and whether each block is on the line of
    the file where it starts (False: a body's blocks follow its title's line)."""
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

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    _parse(parser, text)
    lines = text.split("\n")
    out = [""] * len(lines)
    exact, free = True, 0
    for note in notes:
        body, _ = webpage_to_markdown("".join(note.body))
        blocks = [f"## {_one_line(''.join(note.title))}", ""]
        for b in body.split("\n"):
            if b.strip():
                blocks += [b, ""]  # each block a paragraph of its own
        for k, block in enumerate(blocks):
            wanted = note.line - 1 if k == 0 else max(note.body_line - 1, note.line) + k - 1
            at = max(wanted, free)
            if at >= len(out):
                out.append("")
            exact = exact and at == wanted
            out[at], free = block, at + 1
    return "\n".join(out), exact
