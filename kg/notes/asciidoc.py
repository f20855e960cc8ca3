"""AsciiDoc notes (``.adoc``, Antora, Asciidoctor) as the Markdown the reader knows, line
for line.

AsciiDoc marks sections with runs of ``=`` (``= Document title``, ``== Session``,
``=== Paper``), fields as description lists (``Authors:: A, B``) and header attributes
(``:date: 2023-03-09``). Markdown reads all of these as plain text: every paper of such
notes was lost. Each line becomes one line of Markdown with the same meaning, so that
line numbers stay the file's:

- ``== Title`` -> ``## Title`` (a trailing run of ``=`` dropped); the author and revision
  lines right under the document's title, attribute entries (``:toc:``), block attribute
  lines (``[source,python]``), comments (``// …`` and ``////`` blocks) are no text;
- ``Term:: value`` (or ``;;``, ``:::``) -> ``Term: value``;
- ``* item``, ``** nested``, ``. step`` -> Markdown list items, nested by indentation;
- a listing or literal block (``----``, ``....``) is fenced code; the delimiters of
  example, sidebar, quote and open blocks (``====``, ``****``, ``____``, ``--``) are no
  text;
- ``https://…[text]`` and ``link:…[text]`` -> ``[text](https://…)``; a block title
  ``.Results`` -> ``Results``.
"""

from __future__ import annotations

import regex

_SECTION = regex.compile(r"^(?P<marks>={1,6})[ \t]+(?P<text>\S.*?)(?:[ \t]+=+)?[ \t]*$")
_ATTRIBUTE = regex.compile(r"^:!?[\w][\w\-]*!?:(?:[ \t].*)?$")
_BLOCK_ATTRIBUTES = regex.compile(r"^\[[\w#.%,=\"' \-]*\][ \t]*$")
_DESCRIPTION = regex.compile(r"^(?P<term>[^\s:;][^\n]{0,60}?)(?:::{1,2}|;;)(?:[ \t]+|$)")
_ITEM = regex.compile(r"^(?P<marks>\*{1,5}|\.{1,5}|-)[ \t]+(?=\S)")
_BLOCK_TITLE = regex.compile(r"^\.(?=[^\s.])")
_LINK = regex.compile(r"(?:link:)?(?P<url>https?://[^\s\[\]]+)\[(?P<text>[^\]\n]*)\]")
_CODE = frozenset({"----", "...."})
_PLAIN = frozenset({"====", "****", "____", "--", "++++"})


def is_asciidoc(text: str) -> bool:
    """Whether notes are written in AsciiDoc: the first line that says something is a
    document title ``= Title``, and a section ``== …`` follows."""
    for line in text.split("\n", 50)[:50]:
        if line.strip() and not line.startswith("//"):
            if not regex.match(r"^=[ \t]+\S", line):
                return False
            break
    else:
        return False
    return any(regex.match(r"^={2,6}[ \t]+\S", line) for line in text.split("\n"))


def asciidoc_to_markdown(text: str) -> str:
    """The Markdown of an AsciiDoc notes file, one line for one line."""
    lines = text.split("\n")
    out: list[str] = []
    block = ""  # the delimiter of the code or comment block the line is in
    header = False  # right under the document title: its author and revision lines
    for line in lines:
        bare = line.rstrip()
        if block:
            if bare == block:
                out.append("```" if block in _CODE else "")
                block = ""
            else:
                out.append("" if block == "////" else line)
            continue
        if bare in _CODE or bare == "////":
            block = bare
            out.append("```" if bare in _CODE else "")
            continue
        if not bare:
            header = False
            out.append("")
            continue
        if header and not _ATTRIBUTE.match(bare):
            out.append("")  # "L. Moreau", "v1.0, 2023-03-09": who kept the notes, when
            continue
        if (
            bare in _PLAIN
            or bare.startswith("//")
            or _BLOCK_ATTRIBUTES.match(bare)
            or _ATTRIBUTE.match(bare)
        ):
            out.append("")  # block delimiters, comments, "[source,python]", ":toc:"
            continue
        section = _SECTION.match(bare)
        if section is not None:
            level = len(section.group("marks"))
            header = level == 1 and all(not o.strip() for o in out)
            out.append("#" * level + " " + _links(section.group("text")))
            continue
        item = _ITEM.match(line)
        if item is not None:
            marks = item.group("marks")
            depth = 0 if marks == "-" else len(marks) - 1
            bullet = "1." if marks.startswith(".") else "-"
            out.append("  " * depth + bullet + " " + _links(line[item.end() :]))
            continue
        described = _DESCRIPTION.match(line)
        if described is not None and not line.startswith(("http:", "https:")):
            out.append(described.group("term").strip() + ": " + _links(line[described.end() :]))
            continue
        out.append(_links(_BLOCK_TITLE.sub("", line, count=1)))
    return "\n".join(out)


def _links(text: str) -> str:
    return _LINK.sub(lambda m: f"[{m.group('text') or m.group('url')}]({m.group('url')})", text)
