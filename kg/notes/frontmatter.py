"""YAML front matter: the notes' metadata, and the papers some pages list in it.

Front matter (``---`` ... ``---`` at the top of a Markdown file) is metadata:
its scalar fields (title, date, tags, conference) describe the notes and are
never a paper. Some pages, though, keep their content there: a reading
group's schedule is a list of entries with ``title``, ``authors`` and
``link`` fields. Such a list, one whose entries have a field named like a
title label, gives one list item per entry (:class:`~kg.notes.markdown.Line`),
with its other labelled fields under it ("Authors: ..."), so that the reader
reads them as it reads any list of papers. Front matter that is itself one
paper's fields (a literature note: ``title``, ``authors``, ``doi``) gives that
paper's lines, a heading and its fields (:attr:`FrontMatter.paper`); the reader
uses them when they are a paper and not the page's own metadata. Line numbers
come from YAML's own marks. The YAML is read with PyYAML's safe loader: it builds plain data, never
objects.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

import regex
import yaml

from ..text import yaml_too_deep
from .conference import venue_in
from .labels import Labels
from .markdown import Line, Link
from .shapes import DOI_RE, URL_RE, title_shape

Report = Callable[[str, int, str], None]  # severity, line, message


@dataclass(frozen=True)
class FrontMatter:
    """The front matter's scalar fields as text, and the lines of the papers it lists."""

    metadata: dict[str, str]
    lines: tuple[Line, ...] = ()
    # the fields as one paper's lines (a heading, then "Key: value" lines), when they
    # name a title and a DOI or authors; ``record``: the same as one paragraph of
    # "Key: value" lines, as the records after it that "---" lines separate; ``strong``
    # when they cannot be a page's own metadata (a DOI, a label such as "论文题目")
    paper: tuple[Line, ...] = ()
    record: tuple[Line, ...] = ()
    strong: bool = False


# libyaml's parser when PyYAML has it (its wheels do), else PyYAML's own: both safe
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_NULL = "tag:yaml.org,2002:null"
_FIELDS = frozenset({"title", "date", "tags", "categories", "category", "layout", "author"})


def bare_front_matter(text: str) -> tuple[str, str] | None:
    """Front matter written without its opening ``---`` (Hexo accepts it): YAML fields
    at the top of the file up to a ``---`` line. Returns the YAML and the rest of the text
    with the front matter's lines left blank (so that line numbers stay), or None."""
    lines = text.split("\n")
    end = next((i for i, line in enumerate(lines[:80]) if line.strip() == "---"), None)
    if end is None or end == 0 or lines[0].startswith("---"):
        return None
    head = "\n".join(lines[:end])
    if yaml_too_deep(head) is not None:
        return None  # not read as front matter; its lines are read as notes
    try:
        data = yaml.load(head, Loader=_LOADER)  # noqa: S506 (a safe loader: plain data only)
    except yaml.YAMLError:
        return None
    if not isinstance(data, dict) or len(data) < 2 or not _FIELDS & {str(k) for k in data}:
        return None
    return head, "\n" * (end + 1) + "\n".join(lines[end + 1 :])


# Logseq's page properties and Dataview's inline fields: "alias:: sosp23" at the page's top
_PAGE_PROPERTY = regex.compile(r"^(?P<key>[A-Za-z][\w\-]{0,40})::[ \t]*(?P<value>.*?)\s*$")


def page_properties(text: str, paper_field: Callable[[str], bool]) -> tuple[str, str] | None:
    """A page's properties ("title:: SOSP 2023 reading", "tags:: papers") on the lines
    that open the file, up to a blank line, a bullet or a heading: the page's metadata,
    as front matter is. Returns them as YAML and the text with their lines left blank
    (line numbers stay), or None. Fields that ``paper_field`` says belong to a paper
    (authors, a DOI) make them a paper's fields, read as they are now: None."""
    lines = text.split("\n")
    found = [(m.group("key"), m.group("value")) for m in _leading(lines, _PAGE_PROPERTY)]
    end = len(found)
    if not found or any(paper_field(key) for key, _ in found):
        return None
    after = lines[end].lstrip() if end < len(lines) else ""
    if after and not after.startswith(("- ", "* ", "#")):
        return None
    head = "\n".join(f"{key}: {json.dumps(value, ensure_ascii=False)}" for key, value in found)
    return head, "\n" * end + "\n".join(lines[end:])


# a mail's header fields: "Subject: [sys-reading] digest #14", "From: …", "Date: …"
_MAIL_HEADER = regex.compile(
    r"^(?P<key>From|To|Cc|Subject|Date|Reply-To|Sender|Message-ID|List-Id):"
    r"[ \t]*(?P<value>.*?)\s*$",
    regex.I,
)


def _leading(lines: list[str], pattern: regex.Pattern[str]) -> list[regex.Match[str]]:
    """The matches of ``pattern`` on the lines that open a text, up to the first it misses."""
    out = []
    for line in lines:
        m = pattern.match(line)
        if m is None:
            break
        out.append(m)
    return out


def mail_headers(text: str) -> tuple[str, str] | None:
    """A mail saved as text, its header fields first (From, Date, Subject …) up to a blank
    line: its subject is the notes' title, and the fields are no part of the notes. Returns
    the title as YAML and the text with the fields' lines left blank, or None."""
    lines = text.split("\n")
    found = [(m.group("key").casefold(), m.group("value")) for m in _leading(lines, _MAIL_HEADER)]
    end = len(found)
    subject = dict(found).get("subject")
    if end < 2 or not subject or (end < len(lines) and lines[end].strip()):
        return None
    return f"title: {json.dumps(subject, ensure_ascii=False)}", "\n" * end + "\n".join(lines[end:])


def read_front_matter(text: str, first_line: int, labels: Labels, report: Report) -> FrontMatter:
    """Read front matter whose first line is ``first_line`` of the file."""
    if not text:
        return FrontMatter({})
    deep = yaml_too_deep(text)
    if deep is not None:
        report("warning", first_line + deep - 1, "front matter nests too deeply; ignored")
        return FrontMatter({})
    try:
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.YAMLError as exc:
        # "论文题目: CrossFS: A ..." is no YAML, yet plainly a paper's fields
        fields = [
            (key.strip(), value.strip(), first_line + at, False)
            for at, line in enumerate(text.split("\n"))
            for key, colon, value in [line.partition(":")]
            if colon and key.strip()
        ]
        paper, record, strong = _paper(fields, labels)
        if paper:
            return FrontMatter({}, (), paper, record, strong)
        mark = getattr(exc, "problem_mark", None)
        where = first_line + mark.line if mark else max(first_line - 1, 1)
        report("warning", where, "front matter is not valid YAML; ignored")
        return FrontMatter({})
    if not isinstance(node, yaml.MappingNode):
        return FrontMatter({})
    metadata: dict[str, str] = {}
    for key, value in node.value:
        if not isinstance(key, yaml.ScalarNode):
            continue
        if (
            isinstance(value, yaml.SequenceNode)
            and all(isinstance(v, yaml.ScalarNode) for v in value.value)
        ) or (isinstance(value, yaml.ScalarNode) and value.tag != _NULL):
            metadata[str(key.value)] = _text(value)
    lines: list[Line] = []
    for _, value in node.value:
        if isinstance(value, yaml.SequenceNode):
            lines += _entries(value, first_line, labels, lines)
    fields = [
        (str(k.value), _text(v), first_line + v.start_mark.line, isinstance(v, yaml.SequenceNode))
        for k, v in node.value
        if isinstance(k, yaml.ScalarNode) and not isinstance(v, yaml.MappingNode)
    ]
    paper, record, strong = _paper(fields, labels)
    return FrontMatter(metadata, tuple(lines), paper, record, strong)


Field = tuple[str, str, int, bool]  # key, value as text, line, whether a list


def _paper(fields: list[Field], labels: Labels) -> tuple[tuple[Line, ...], tuple[Line, ...], bool]:
    """The front matter's fields as one paper's lines, and whether they are surely a
    paper (a DOI, or a paper-title label such as "论文题目") rather than perhaps the
    page's own metadata ("title" and a list of authors)."""
    titles = labels.title_headers
    title = next((f for f in fields if f[0].casefold() in titles and f[1]), None)
    cited = next((c for f in fields if (c := _citation(f, labels)) is not None), None)
    if cited is not None and not (title and DOI_RE.search(" ".join(f[1] for f in fields))):
        # "source: 'Yu et al., "Orca: A Distributed ...", OSDI 2022'": the page's paper,
        # cited in one field; the page's own title is a headline of the note
        return cited, cited, False
    if title is None:
        return (), (), False
    kinds = {k: label[0] for k, v, _, _ in fields if v and (label := labels.label(f"{k}: {v}"))}
    doi = any(DOI_RE.search(v) for _, v, _, _ in fields)
    # "authors:" (the label kind of author lines is "institutions"); a blog post's
    # "author: me" is its writer
    authors = any(
        kinds.get(k) == "institutions" and (k.casefold() != "author" or many)
        for k, _, _, many in fields
    )
    if not (doi or authors):
        return (), (), False
    used = [
        f for f in fields if f[0] != title[0] and f[1] and kinds.get(f[0], "ignored") != "ignored"
    ]
    paper = [Line(title[2], title[1], "heading", level=1, block=-10_000)]
    paper += [
        Line(n, f"{k}: {v}", "text", block=-10_001 - at) for at, (k, v, n, _) in enumerate(used)
    ]
    record = [Line(n, f"{k}: {v}", "text", block=-10_000) for k, v, n, _ in [title, *used]]
    return tuple(paper), tuple(record), doi or title[0].casefold() != "title"


# "Yu et al., "Orca: A Distributed Serving System ...", OSDI 2022": who, the title in
# quotes, and where
_CITATION = regex.compile(
    r"^(?P<by>[^\"“”]{2,200}?)[,.，]?\s*[\"“](?P<title>[^\"“”]{12,300}?)[,.]?[\"”][,.，]?\s*(?P<where>.*)$"
)
_ET_AL = regex.compile(r"\bet\s+al\b\.?|等人?$|\band\b|,|、")  # names, not a word
_SHORT = regex.compile(r"\bet\s+al\b\.?|等人?$")


def _citation(field: Field, labels: Labels) -> tuple[Line, ...] | None:
    """A field whose value cites a paper (its authors, its title in quotes, its venue) as
    that paper's lines: a heading with the title, its authors and its venue."""
    _key, value, number, _ = field
    m = _CITATION.match(value.strip())
    if m is None or not _ET_AL.search(m["by"]):
        return None
    lines = [Line(number, m["title"].strip(), "heading", level=1, block=-10_000)]
    if len(_SHORT.sub("", m["by"]).split()) >= 2:  # "Yu et al.": a surname, no author
        lines.append(Line(number, f"Authors: {m['by'].strip()}", "text", block=-10_001))
    if venue_in(m["where"], labels):
        lines.append(Line(number, f"Venue: {m['where'].strip()}", "text", block=-10_002))
    return tuple(lines)


def _entries(
    sequence: yaml.SequenceNode, first_line: int, labels: Labels, before: list[Line]
) -> list[Line]:
    """The lines of a list of entries that have a title field (none when they have not).
    Their paragraphs (``Line.block``) are numbered -1, -2 ...: they never share one with
    the text below the front matter."""
    titles = labels.title_headers
    out: list[Line] = []
    block = -len(before)
    for entry in sequence.value:
        if not isinstance(entry, yaml.MappingNode):
            continue
        fields = [
            (str(k.value), _text(v), first_line + v.start_mark.line)
            for k, v in entry.value
            if isinstance(k, yaml.ScalarNode)
        ]
        title = next(((v, n, k) for k, v, n in fields if k.casefold() in titles and v), None)
        if title is None:
            continue
        number = title[1]
        block -= 1
        # the entry's key says it is a title ("- title: …"), and its value reads as a paper's
        # (not "ML 与 LLM 系统", a theme): the line says so too
        head = title[2]
        shape = title_shape(title[0], labels)
        paper = shape.strong and len(shape.title.split()) >= 4
        said = f"{head}: {title[0]}" if paper and labels.label(f"{head}: {title[0]}") else title[0]
        out.append(Line(number, said, "item", depth=1, item=number, block=block))
        for key, value, at in fields:
            if key.casefold() in titles or not value:
                continue
            if URL_RE.fullmatch(value):  # "repository_url: https://github.com/…": a link
                block -= 1
                link = Link(value, key.replace("_", " "))
                out.append(
                    Line(at, value, "text", depth=1, item=number, block=block, links=(link,))
                )
                continue
            label = labels.label(f"{key}: {value}")
            if label is None or label[0] == "ignored":
                continue  # a date, a presenter: the page's own bookkeeping
            block -= 1
            out.append(Line(at, f"{key}: {value}", "text", depth=1, item=number, block=block))
    return out


def _text(node: yaml.Node) -> str:
    """A field's value as one line of text: a scalar, or a list of scalars joined."""
    if isinstance(node, yaml.ScalarNode):
        return " ".join(str(node.value).split())
    if isinstance(node, yaml.SequenceNode):
        return ", ".join(_text(v) for v in node.value if isinstance(v, yaml.ScalarNode))
    return ""


# a block of front matter inside a file: "---", "key: value" lines, "---"
# (a field's value may go on over indented lines: "tags:" then "  - paper")
_BLOCK = regex.compile(
    r"^---[ \t]*\n(?P<body>(?:[A-Za-z_][\w\-]*:[^\n]*\n(?:[ \t]+\S[^\n]*\n)*)+)---[ \t]*$", regex.M
)
_TITLE_KEY = regex.compile(r"(?mi)^title:")
_KEY = regex.compile(r"^(?P<key>[A-Za-z_][\w\-]*):[ \t]*(?P<value>.*)$")
# a Zettelkasten note's id before its title: "202103011015 UNIT: …"
_NOTE_ID = regex.compile(r"^\d{8,14}[ \t]+")


def bundled_notes(text: str, paper_field: Callable[[str], bool]) -> str | None:
    """Notes that each open with their own front matter, put into one file ("cat *.md"
    of a Zettelkasten or an Obsidian vault): two or more blocks of "key: value" lines
    between "---" lines, each with a title. Returns the text with each block's lines
    blank but for its title, as a heading when the note has none of its own ("title:
    '202103011015 UNIT: …'" -> "# UNIT: …", its id dropped), and the fields that belong
    to a paper (``paper_field``: authors, a DOI), kept as labelled lines; None when the
    text is no such bundle (one block at the top is the page's front matter)."""
    lines = text.split("\n")
    blocks = []
    for block in _BLOCK.finditer(text):
        first = text.count("\n", 0, block.start())
        size = block.group(0).count("\n") + 1
        below = next((ln for ln in lines[first + size :] if ln.strip()), "")
        # a note: its fields, then its text; records of fields only that "---" lines keep
        # apart ("title: A", "authors: …", "---", "title: B") are no bundle
        if _TITLE_KEY.search(block.group("body")) and below and not _KEY.match(below):
            blocks.append((first, size, below))
    if len(blocks) < 2:
        return None
    for first, size, below in blocks:
        for at in range(first, first + size):
            field = _KEY.match(lines[at])
            if field is None or lines[at][:1].isspace():
                lines[at] = ""  # "---", or a value going on ("  - paper")
                continue
            key, value = field.group("key"), field.group("value").strip().strip("'\"")
            if key.casefold() == "title" and not below.startswith("#"):
                lines[at] = "# " + _NOTE_ID.sub("", value)
            elif key.casefold() != "title" and paper_field(key) and value:
                lines[at] = f"{key}: {value}"
            else:
                lines[at] = ""
    return "\n".join(lines)
