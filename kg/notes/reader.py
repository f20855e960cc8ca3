"""The lines of one notes file -> its sessions and papers, by structure.

The lines (``kg/notes/markdown.py``) are arranged in a tree: headings hold
what follows them down to the next heading of their level or above; list
items hold their nested items and continuation lines; text lines are leaves.

A heading, list item, bold line or bare line is a **paper** when its text is
shaped like a title and its block carries what papers carry. Each cue adds to
a small score (``CUES``), and a block is a paper at ``PAPER_SCORE`` or more:

- ``label``   a title label ("论文题目:", "Title:")                       3
- ``authors`` an author line (or an institution in brackets after it)  2
- ``link``    a DOI, arXiv or paper link                               2
- ``summary`` prose under it                                           1
- ``title``   a strong title shape ("Name: subtitle", Title Case)      0.5
- ``tag``     a venue or award before the title ("OSDI '20 / ", "[Best Paper]") 0.5
- ``venue``   a venue and its year after the title ("Title (MICRO'14)")   1.5
- ``form``    a heading, list item or bold line                        0.5
- ``peers``   its siblings of the same form are papers                 1
- ``named``   a short heading whose first line is the paper's full title 1
- ``mention`` named in prose by a link to its page (with ``link``: a paper) 0

A **session** is the level above papers: the nearest heading or list item
above a paper that is not a paper itself, or a session line ("Session 3:
Storage, Chair: ..."). A heading with no papers under it is not a session;
neither is the document's title or a heading that names the conference.
Whatever is neither is listed as skipped, once per block.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import TypeVar

import regex

from ..records import Author, PaperLink
from ..text import fold
from .conference import is_year, venue_in, venue_name
from .labels import NUMBERED_SECTION, Labels
from .markdown import Line, Link
from .memo import memo
from .shapes import (
    ARXIV_RE,
    DOI_RE,
    ET_AL,
    SPLIT_PEOPLE,
    TRAILING_BRACKETS,
    URL_RE,
    TitleShape,
    arxiv_of,
    author_line,
    author_phrases,
    doi_of,
    is_chinese,
    is_institution,
    is_person,
    is_prose,
    is_question,
    is_stray_number,
    placed,
    point_of,
    section_heading,
    strip_numbering,
    title_shape,
    venue_only,
    venue_tag,
    venue_tail,
)

CUES = {
    "label": 3.0,
    "authors": 2.0,
    "link": 2.0,
    "summary": 1.0,
    "title": 0.5,
    "tag": 0.5,
    "venue": 1.5,
    "form": 0.5,
    "peers": 1.0,
    "named": 1.0,
    "mention": 0.0,
}
PAPER_SCORE = 2.0
STRONG_SCORE = 3.0  # papers this sure make the heading or item above them a session
_SYSTEM_NAME = regex.compile(
    r"(?:\p{Lu}[\p{Ll}\d]+\p{Lu}[\w\-]*|\p{Lu}{3,}[\d\-\p{Lu}]*|[\p{Lu}\d]+(?:-[\p{Lu}\d]+)+)"
)
# "Mnemosyne(ASPLOS'11)", "Strand Consistency (ISCA'14)": a name and its venue tag
_TAGGED_WORK = regex.compile(
    r"(?:^|(?<=[,，、;；:：]))\s*(?P<name>[^\s,，、;；:：()（）\[\]][^,，、;；:：()（）\[\]]{0,40}?)"
    r"\s*[(（](?P<tag>[^()（）]{2,24})[)）](?=\s*(?:[,，、;；]|$))"
)
# a DOI or an arXiv id written as text: "10.1145/3600006.3613165", "arXiv:2309.06180"
_PAPER_ID = regex.compile(r"\b10\.\d{4,9}/|\b\d{4}\.\d{4,5}\b")
# a date and nothing else: "Tuesday, August 2, 2022", "2022-08-02", "2022年8月2日 星期二"
_DATE_ONLY = regex.compile(
    r"(?i)(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s*)?"
    r"(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s*\d{4}"
    r"|\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?,?\s+\d{4}"
    r"|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{4}\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*日)"
    r"(?:\s*(?:星期|周)[一二三四五六日天])?"
)
_ID_LINE = regex.compile(r"\s*(?:arxiv|doi)\b", regex.I)  # a line that opens with an id
_BRACKETED = regex.compile(r"\s*[(（\[]([^()（）\[\]]{2,24})[)）\]]")  # "(SOSP 2019)"
_FIELD_BARS = regex.compile(r"\s+[|｜]\s+")
_FIELD_END = regex.compile(r"\s*[；;]\s*")  # a field's value ends at a semicolon
# an English title and its bracketed note, then Chinese words about it
_TAGGED_THEN_HAN = regex.compile(r"^([^\p{Han}]{8,}?[)）])\s*(?=\p{Han})")
_DASHED = regex.compile(r"^\s*[—–\-:：]\s*\S")
# after a title, a sentence about it going on in lower case ("… keeps serving …"), or a colon
_GOES_ON = regex.compile(r"^\s+\p{Ll}{2,}\s+\p{Ll}")
_COLON_THEN = regex.compile(r"^\s*[:：]\s*")
_DASH_THEN = regex.compile(r"^\s+(?:[—–]|--?)\s+\S")
# between a title and its authors: a spaced dash or bar, or the Chinese dash "——"
_TILDES = ("~", "～")
# a family name as a short list writes it: "Rosenblum and Ousterhout", "Corbett et al."
_SURNAME = regex.compile(r"\p{Lu}[\p{L}'’\-]+")
_TITLE_SEPARATOR = regex.compile(r"\s+[—–|｜~～]\s+|\s+-{1,2}\s+|\s*——\s*")
_NICKNAME = regex.compile(r"[\"“”'‘’][^\"“”'‘’]{1,20}[\"“”'‘’]")
# "名称：Title", "Name: Title": a field whose label kg does not know
_LISTED_PEOPLE = regex.compile(r"[,;，；、]|\bet al\b")
# a name that may lead a title before its colon: one capitalised Latin word ("Mojim", "PolyMage")
_NAME_LEAD = regex.compile(r"\p{Lu}[\p{L}\d\-+]*")
_UNKNOWN_LABEL = regex.compile(
    r"^\s*(?P<label>[^\s:：]{1,12}(?: [^\s:：]{1,12})?)\s*[:：]\s*(?P<value>\S.*)$"
)
# a title in quotes first, then its authors and remarks
_QUOTED_FIRST = regex.compile(r"^[“\"](?P<title>[^“”\"]{8,300}?)[.,]?[”\"]\s*(?P<rest>.*)$")
# a few words and a colon before a title in quotes: "today's paper: "Title" (SC20) by …"
_QUOTED_AFTER_LEAD = regex.compile(
    r"^(?:[^“\"：:]{1,24}[:：]|(?i:(?:re-?)?read(?:ing)?|skim(?:med)?|finish(?:ed)?(?: reading)?"
    r"|读完?|精读|泛读|重读))"  # or a reading log's verb: 'Read "Title" -- A, B (MIT). …'
    r"\s*[“\"](?P<title>[^“”\"]{8,300}?)[.,]?[”\"]\s*(?P<rest>.*)$"
)
_BY = regex.compile(r"^(?:\s*(?:[—–\-,:：]|by\b))+\s*", regex.I)
# a title in quotes inside a trip report's prose, then who wrote it: '... opened with "Title"
# by A, B and C, all at Google (DOI ...)', 'came "Title" from IBM Research (A, B et al.)'
_QUOTED_BY = regex.compile(
    r"[“\"](?P<title>[^“”\"]{8,300}?)[.,]?[”\"]\s*,?\s*(?:by|from)\s+(?=\p{Lu})(?P<who>.*)$"
)
# a group's name in black lenticular brackets, a line of its own: "【存储系统】"
_BRACKET_GROUP = regex.compile(r"【([^【】\n]{1,30})】")
# a title in book-title marks in a paragraph that says it is a paper's ("本周分享的论文是
# 《Title》，作者来自…"): a Chinese note's way of naming the paper it is about
_BOOK_TITLE = regex.compile(r"《(?P<title>[^《》\n]{8,300})》")
# a title in book-title marks opening a line, then a pause: "《Title》，作者：…"
_BOOK_FIRST = regex.compile(r"《(?P<title>[^《》\n]{8,300})》\s*[，,、:：]?\s*(?P<rest>.*)$")
# a tag in black brackets before it ("【USENIX ATC 2012】《Title》…"), a year after the
# authors ("… [MIT CSAIL] (2012)"), and a place in square brackets after them
_LEAD_TAG = regex.compile(r"^\s*【([^【】\n]{1,40})】\s*")
_YEAR_TAIL = regex.compile(r"\s*[(（](?:19|20)\d\d[)）]\s*$")
_SQUARE_PLACE = regex.compile(r"\[([^\[\]\d][^\[\]]*)\]\s*$")
_PAPER_WORDS = regex.compile(r"论文|文章|作者|一作|paper|DOI|doi\.org|arXiv", regex.I)
_TAGS_ONLY = regex.compile(r"(?:\s*<[^<>]*>)+\s*")
_HANDLE = regex.compile(r"(?<![\w@])@\w{2,30}\b\s*")
_CONTENTS = regex.compile(
    r"^\s*(?:@?\[?TOC\]?(?:\(.*\))?|\**(?:文章目录|目录|Contents|Table of Contents)\**)\s*$",
    regex.I,
)
_GATHERING = regex.compile(
    r"\b(?:reading|study|discussion)\s+groups?\b|\bseminar\b|\bjournal club\b"
    r"|读书会|组会|讨论班|研讨班",
    regex.I,
)
_SAID_DOI = regex.compile(r"\bdoi\s*[:：]?\s*(?=10\.)", regex.I)
_ALL_AT = regex.compile(r",?\s+(?:all\s+)?(?:at|from)\s+(?=\p{Lu})")
_BRACKET_PART = regex.compile(r"\(([^()]*)\)")
_BY_WORD = regex.compile(r"^\s*[,，]?\s*by\s+(?=\p{Lu})")
_ET_AL_END = regex.compile(r"^(.+?)\s+et\s+al(?![a-z])\.?\s*\d*(.*)$")
_DASHES = ("-", "–", "—")  # between a linked title and its authors
NO_PAPER_UNDER = "no paper under this heading"  # why a heading's block was skipped
NOT_PART = "not part of a paper"  # why other text was
_FIRST_SENTENCE = regex.compile(r"(?<!\bal|\b\p{Lu})\.\s+(?=\p{Lu}|\d)")
_ANY_SENTENCE = regex.compile(r"(?<!\bal|\b\p{Lu})\.\s+(?=\w)")  # also "... Stoica. vLLM"
# authors, then a title in quotes: "A and B for “Title” in ...", 'A, B. "Title." OSDI'
_CITATION = regex.compile(
    r"^(?P<authors>[^“”\"]{3,400}?)[\s.,:;]*(?:\bfor\s+)?[“\"](?P<title>[^“”\"]{8,300}?)[.,]?[”\"]"
)
# an APA reference: "Surname, I., Surname, I. J., & Surname, I. (2020). Title. Venue"
# a full stop that ends a part of a reference, not an initial's ("Gregory R. Ganger")
# ("e.g. ", "i.e. ": no end either)
_REFERENCE_STOP = regex.compile(
    r"(?<![\s.]\p{Lu})(?<!\.\p{Ll})(?<!\b(?:al|vs|et|Jr|Sr|St))\.\s+(?=\S)"
)
_YEAR_ONLY = regex.compile(r"\s*(?:19|20)\d\d[a-z]?\s*")
_APA_NAME = regex.compile(
    r"(\p{Lu}[\p{L}'’\-]+(?: \p{Lu}[\p{L}'’\-]+)?), ((?:\p{Lu}\.(?:-\p{Lu}\.)?\s?){1,3})"
)
_APA = regex.compile(
    r"^(?P<authors>(?:" + _APA_NAME.pattern + r",?\s*(?:&\s*|and\s+)?)+)"
    r"(?:\((?:19|20)\d\d[a-z]?\)\.?\s*)?(?P<title>[^.?!]{8,300}[.?!]?)(?:\s+(?P<venue>\S.*))?$"
)
# stray marks at a line's end: empty brackets ("Title []"), bars, a bracket left open or shut
_TRAILING_MARKS = regex.compile(r"(?:\s*(?:\[\s*\]|【\s*】|[|｜]|^[^\[]*\K\]|^[^【]*\K】))+$")
_SPACE_RUN = regex.compile(r"\s+")
_DOT_FIELD = regex.compile(r"^\S{1,12}\s+[·•]\s")
_LINK_WORDS = frozenset(
    "paper pdf link doi here arxiv acm usenix ieee full text 论文 链接 原文 全文 地址".split()  # noqa: SIM905
)
_SENTENCE_MARKS = regex.compile(r"[:：.。!！?？,，;；]")
_SMALL_WORDS = frozenset("and of for the in on at to with & - – /".split())  # noqa: SIM905
_WHERE_PUBLISHED = regex.compile(
    r"\b(?:accepted|to appear|appears?|published|camera[- ]ready|presented)\b|录用|发表", regex.I
)
_BARS = regex.compile(r"\s*[|｜]\s*")
_NOTE_SPLIT = regex.compile(r"[,，;；、/]|\band\b|&")
_LINK_TEXT = regex.compile(r"^[\[【(（]*[^\]】)）]*[\]】)）]*$")
_JOINED = regex.compile(r"^(?:[\s,，、;；]|\band\b|和|与|&)*$")
_NOT_PAPERS = frozenset({"video", "slides", "code"})
# what is left of a line of links to videos or slides: separators, perhaps a label first
_SEPARATORS = regex.compile(r"^[\s|｜/·•,，;；:：\-–—\[\]【】()（）]*$")
_LINK_LABEL = regex.compile(r"^\s*([\w\s]{1,20}[:：])?" + _SEPARATORS.pattern[1:])


@dataclass
class Node:
    """A line and what it holds (a heading's section, an item's nested content)."""

    line: Line | None  # None for the root of the file
    children: list[Node] = field(default_factory=list)

    @property
    def is_container(self) -> bool:
        return self.line is None or self.line.kind in ("heading", "item")

    def flatten(self) -> list[Line]:
        out: list[Line] = []
        for child in self.children:
            if child.line is not None:
                out.append(child.line)
            out.extend(child.flatten())
        return out


def tree(lines: list[Line], labels: Labels) -> Node:
    """Arrange lines by headings (by level) and list items (by nesting)."""
    root = Node(None)
    headings: list[tuple[int, Node]] = [(0, root)]
    items: list[tuple[int, Node]] = []
    by_item: dict[int, Node] = {}
    for line in lines:
        node = Node(line)
        if line.kind == "heading":
            while headings[-1][0] >= line.level:
                headings.pop()
            headings[-1][1].children.append(node)
            headings.append((line.level, node))
            items = []
            continue
        if line.kind == "item":
            while items and items[-1][0] >= line.depth:
                items.pop()
            parent = items[-1][1] if items else headings[-1][1]
            parent.children.append(node)
            items.append((line.depth, node))
            by_item[line.number] = node
            continue
        if line.depth > 0 and line.item in by_item and not _lazy_session(line, by_item, labels):
            by_item[line.item].children.append(node)
            continue
        items = []
        headings[-1][1].children.append(node)
    return root


@dataclass
class Draft:
    """A block read as a paper."""

    start: Line  # the line that gives its title
    title: str
    body: list[Line]
    cues: list[str]
    form: str  # "heading2", "item1", "bold", "line", "label", "quoted" (a title in quotes)
    note: str = ""  # bracketed text after the title: "(Institution, a remark)"
    prefix: str = ""  # an award prefix removed from the title
    session: str | None = None
    session_line: int = 0
    place: tuple[str, ...] = ()  # the forms of its container and those above it
    venue: tuple[str, int] | None = None  # the conference of the heading above it
    by_item: bool = False  # its session is named by a list item (a heading above may rename)
    more: list[Draft] = field(default_factory=list)  # other papers its line links to

    @property
    def score(self) -> float:
        return sum(CUES[c] for c in self.cues)


@dataclass
class Entry:
    """One sibling of a list: a container (with its reading as a paper, if any, and what it
    holds), or a run of text lines (``node`` None); ``session`` is the session line above."""

    node: Node | None
    draft: Draft | None
    inner: Found
    session: tuple[str, int] | None


@dataclass
class Found:
    """What a part of the file holds: papers, sessions and skipped blocks, in order."""

    papers: list[Draft] = field(default_factory=list)
    skipped: list[tuple[list[Line], str]] = field(default_factory=list)
    problems: list[tuple[str, int, str, str]] = field(default_factory=list)
    conference: list[tuple[int, str]] = field(default_factory=list)  # labelled conference lines

    def add(self, other: Found) -> None:
        self.papers += other.papers
        self.skipped += other.skipped
        self.problems += other.problems
        self.conference += other.conference


class Structure:
    """Reads the tree of one file. Holds only the labels and the document's title line."""

    def __init__(
        self, labels: Labels, title_line: int, peer_places: frozenset[tuple[str, ...]] = frozenset()
    ) -> None:
        self.labels = labels
        self.title_line = title_line
        # places in the document (the forms of a container and of those above it) where
        # other papers were found: a title there is a paper too ("### 3. Title" with no
        # summary yet, under a session of its own)
        self.peer_places = peer_places
        self.undecided: list[Draft] = []
        self.entries: dict[int, bool] = {}  # line number -> is a one-line paper entry

    # ---- containers --------------------------------------------------------

    def read(self, node: Node) -> Found:
        found = Found()
        self.run(node.children, found, ())
        if self.peer_places:
            return found
        counts = Counter(p.place for p in found.papers if p.place)
        places = frozenset(place for place, n in counts.items() if n >= 2)
        if any(d.place in places for d in self.undecided):
            return Structure(self.labels, self.title_line, places).read(node)
        return found

    def run(self, nodes: list[Node], found: Found, place: tuple[str, ...]) -> None:
        """A list of siblings: containers, and runs of text lines between them; ``place``
        is the forms of the containers above them."""
        session: tuple[str, int] | None = None
        entries: list[Entry] = []
        i = 0
        while i < len(nodes):
            node = nodes[i]
            line = _present(node.line)
            if node.is_container and self.labels.is_talks(line.text):
                found.skipped.append(([line, *node.flatten()], "talks, not papers"))
                i += 1
                continue
            if node.is_container:
                named = self.labels.session_name(line.text)
                inner = Found()
                self.run(node.children, inner, (*place, _form(line)))
                points = self.points_below(node, {p.start.number for p in inner.papers})
                if points:  # "- Problem: …", "- Who -- A (MIT)" under a title: its notes
                    inner.papers = [p for p in inner.papers if p.start.number not in points]
                # papers this sure below make this line their session; a labelled field
                # with no title ("作者：..." under a paper's heading) is part of this paper
                # a paper citing itself below its heading ("## 参考", a link) is that heading's
                own_title = self.title_of(line)[0]
                titled = [p for p in inner.papers if p.title and not _same_title(p, own_title)]
                # a title that leads its own paragraph ("*Title* (A et al.) showed ...") is
                # a paper as sure: the heading above it names its session ("## Day 2")
                strong = [
                    p
                    for p in titled
                    if p.score >= STRONG_SCORE
                    or p.form == "label"
                    or (p.form == "bold" and p.start.lead)
                ]
                # two papers under it make it a session; points of a summary ("- Non-blocking:
                # ...") that read as papers only by their shape and their peers do not count
                own = self.own_summary(node)
                carried = [p for p in titled if _stands(p, own)]
                if len(carried) >= 2 and not own:
                    strong = carried
                if self.named_title(line, node.flatten()) is not None:
                    strong = []  # "### BANG" then "BANG: Billion-Scale ...": a paper's heading
                if strong and self.own_fields(node, strong):
                    strong = []  # its own authors and link, then its peers (comments of a thread)
                draft = None if strong or named else self.candidate(node)
                if draft is not None:
                    draft.place = (*place, draft.form)
                    if points and "summary" not in draft.cues:
                        draft.cues.append("summary")  # its points are its notes
                entries.append(Entry(node, draft, inner, session))
                i += 1
                continue
            # a run of text lines up to the next container, and on over the list items a
            # paper of the run holds ("Contributions:" then "1. ...", then "Results: ...")
            j = i
            while j < len(nodes) and not nodes[j].is_container:
                j += 1
            run = [n.line for n in nodes[i:j] if n.line]
            start = 0  # where the paper the items may continue starts in the run
            while j < len(nodes) and run and _present(nodes[j].line).kind == "item":
                at = self.open_paper(run, start, session)
                if at < 0 and self.bare_title(run, len(run) - 1):
                    # a title line alone, then its fields as a list ("Title", "- 讲者：…",
                    # "- 作者：…", "- DOI：…"): the paper is found with its first items
                    at, j = self.title_over_items(run, nodes, j, start, session, place)
                if at < 0 or not self.plain_item(nodes[j], place):
                    break
                start = at
                run += [_present(nodes[j].line), *nodes[j].flatten()]
                j += 1
                while j < len(nodes) and not nodes[j].is_container:
                    run.append(_present(nodes[j].line))
                    j += 1
            run_found = Found()
            session = self.text_run(run, run_found, session)
            entries.append(Entry(None, None, run_found, session))
            i = j
        self.settle(entries, found)

    def open_paper(self, run: list[Line], start: int, session: tuple[str, int] | None) -> int:
        """Where in ``run`` (from ``start`` on) the paper whose block reaches its last line
        starts; -1 when its last line is no paper's."""
        scratch = Found()
        self.text_run(run[start:], scratch, session)
        if not scratch.papers:
            return -1
        last = max(scratch.papers, key=lambda d: d.start.number)
        end = max([last.start.number, *(b.number for b in last.body)])
        if end < run[-1].number:
            return -1
        return next(k for k in range(start, len(run)) if run[k].number >= last.start.number)

    def title_over_items(
        self,
        run: list[Line],
        nodes: list[Node],
        j: int,
        start: int,
        session: tuple[str, int] | None,
        place: tuple[str, ...],
    ) -> tuple[int, int]:
        """Where the paper a title line closing ``run`` starts, read with the first few
        plain items after it (up to three), and the item that paper's block reaches: the
        items before it join ``run``. (-1, j) when the items make no paper of it."""
        items: list[Line] = []
        for k in range(j, min(j + 3, len(nodes))):
            if _present(nodes[k].line).kind != "item" or not self.plain_item(nodes[k], place):
                break
            items += [_present(nodes[k].line), *nodes[k].flatten()]
            at = self.open_paper([*run, *items], start, session)
            if at >= 0:
                run += items[: -1 - len(nodes[k].flatten())]
                return at, k
        return -1, j

    def plain_item(self, node: Node, place: tuple[str, ...]) -> bool:
        """Whether a list item holds no paper, names no session and is not shaped like a
        title: a point of the paper above it."""
        line = _present(node.line)
        if line.kind != "item" or self.labels.session_name(line.text):
            return False
        inner = Found()
        self.run(node.children, inner, (*place, _form(line)))
        if inner.papers:
            return False
        draft = self.candidate(node)
        # shaped like a title and no sentence, it may be one of a list of papers, as
        # "[SOSP'03-The Google File System](…)" is
        return draft is None or (
            draft.score < PAPER_SCORE and ("title" not in draft.cues or is_prose(line.text))
        )

    def settle(self, entries: list[Entry], found: Found) -> None:
        """Decide the containers of one sibling list: papers, or the sessions above papers."""
        forms: dict[str, list[Draft]] = {}
        for entry in entries:
            if entry.draft is not None:
                forms.setdefault(entry.draft.form, []).append(entry.draft)
        for drafts in forms.values():
            decided = [d for d in drafts if d.score >= PAPER_SCORE]
            likely = [d for d in drafts if d.score >= CUES["form"] + CUES["title"]]
            if len(decided) >= 2 or (len(likely) >= 3 and len(likely) * 5 >= len(drafts) * 4):
                for d in drafts:
                    if d.score < PAPER_SCORE and d.score + CUES["peers"] >= PAPER_SCORE:
                        d.cues.append("peers")
            # a sibling whose block opens with the same field as a paper's ("### FIFO queues
            # are all you need …" then "会议+年份：SOSP 2023 ｜ …", as under the paper beside it)
            openings = {f for d in decided if (f := _first_field(d))}
            for d in drafts:
                if (
                    d.score < PAPER_SCORE
                    and d.score + CUES["peers"] >= PAPER_SCORE
                    and "peers" not in d.cues
                    and _first_field(d) in openings
                ):
                    d.cues.append("peers")
        for drafts in forms.values():
            for d in drafts:
                if d.score < PAPER_SCORE and "peers" not in d.cues:
                    if d.place in self.peer_places:
                        d.cues.append("peers")
                    elif d.score + CUES["peers"] >= PAPER_SCORE:
                        self.undecided.append(d)
        # bare titles among the siblings ("- [x] Title" in a list of title lines): a
        # container shaped like a title is one more of them
        bare = sum(len(e.inner.papers) for e in entries if e.node is None)
        if bare >= 2:
            for drafts in forms.values():
                for d in drafts:
                    if d.score < PAPER_SCORE and "title" in d.cues and "peers" not in d.cues:
                        d.cues.append("peers")
        # a line in lower case among titles in capitals is a to-do or a remark ("find a DOI
        # for UCNN and Euphrates"), not one more of them
        sure = [
            d
            for ds in forms.values()
            for d in ds
            if "peers" not in d.cues and d.score >= PAPER_SCORE
        ]
        if sure and not any(_opens_lower(d.title) for d in sure):
            for drafts in forms.values():
                for d in drafts:
                    if "peers" in d.cues and _opens_lower(d.title):
                        d.cues.remove("peers")
        heading_session: tuple[str, int] | None = None  # "### Session 1: Storage", empty
        for entry in entries:
            node, draft, inner, session = entry.node, entry.draft, entry.inner, entry.session
            if node is None or node.line is None:  # a run of text lines, already read
                found.add(inner)
                continue
            named = self.labels.session_name(node.line.text)
            if named and not inner.papers and node.line.kind == "heading":
                # a session heading with nothing under it: the papers that follow at its
                # level are its own ("### Session 1: Storage", then "### Paper")
                heading_session = (named, node.line.number)
                continue
            if heading_session is not None and (session is None or session[1] < heading_session[1]):
                session = heading_session
            if draft is not None and draft.score >= PAPER_SCORE:
                if session is not None and draft.session is None:
                    draft.session, draft.session_line = session
                found.papers.append(draft)  # a conference named in it is the paper's own
                for other in draft.more:
                    other.session, other.session_line = draft.session, draft.session_line
                    found.papers.append(other)
                # a deeper heading that is a paper too ("### A" then "#### B"), or an item
                # nested under it that carries a paper's things: B is no part of A
                own = self.own_summary(node)
                fields = self.has_field_items(node)
                # the line under a short heading that restates it in full ("## Gemini", then
                # "Gemini: Fast Failure Recovery ...") is this paper's title, not another paper
                under = node.flatten()
                first_under = under[0].number if under else None
                restated = first_under if "named" in draft.cues and not self.titled(under) else None
                # its title cited again further down ("## 参考", a link), or its other link
                # ("- code [Title](repo)", then "paper [Title](….pdf)") is no second paper;
                # right under it, labelled ("title:: …"), it is the paper's own line
                own_line = first_under if self.titled(under) else None
                nested = [
                    p
                    for p in inner.papers
                    if p.title
                    and p.form != "mention"
                    and p.start.number != restated
                    and not (_same_title(p, draft.title) and p.start.number != own_line)
                    and not _said_of(p, draft)
                    and (_stands(p, own, fields) or _peer_of(p, draft))
                ]
                if nested:
                    first = nested[0].start.number
                    draft.body = [b for b in draft.body if b.number < first]
                    for paper in inner.papers:
                        if paper.start.number >= first and paper.session is None:
                            paper.session, paper.session_line = draft.session, draft.session_line
                        if paper.start.number >= first:
                            found.papers.append(paper)
                continue
            name = self.session_of(node) if inner.papers and not _own_heading(node, inner) else None
            venue = self.venue_of(node) if inner.papers else None
            for paper in inner.papers:
                if venue is not None and paper.venue is None:
                    paper.venue = venue  # "## [SIGCOMM 2021](...)": the papers below are of it
                # a topic bullet names a session until a heading above it does: "### LLMs"
                # then "* LoRA serving" then the papers is the session "LLMs"
                heading = node.line.kind == "heading"
                if name is not None and (paper.session is None or (heading and paper.by_item)):
                    paper.session, paper.session_line = name, node.line.number
                    paper.by_item = not heading
                elif paper.session is None and session is not None:
                    paper.session, paper.session_line = session
            if not inner.papers:
                lines = [node.line, *node.flatten()]
                reason = NO_PAPER_UNDER if node.line.kind == "heading" else ""
                found.skipped.append((lines, reason or NOT_PART))
                inner.skipped = []
            found.add(inner)

    def titled(self, under: list[Line]) -> bool:
        """Whether the first line under a heading is a labelled title ("title:: FlashAttention:
        ..." under "## FlashAttention": the paper's own line, not a restatement of it)."""
        label = self.labels.label(under[0].text) if under else None
        return label is not None and label[0] == "title"

    def own_fields(self, node: Node, papers: list[Draft]) -> bool:
        """Whether a heading over papers has an author line and a paper's link of its own
        before the first of them ("### FZ-GPU: …", "Boyuan Zhang, … (Indiana University)",
        "DOI: …", then "**Rapidgzip: …**" in the next comment of a thread): a paper, and
        those below it its peers, not its session's papers."""
        first = min(p.start.number for p in papers)
        head = [b for b in node.flatten() if b.number < first]
        kinds = [_label_kind(b.text, self.labels) for b in head]
        # or its fields: a card's 'authors="…"' and 'doi="…"' under "### HyGCN: …"
        authors = "institutions" in kinds or any(author_line(b.text, self.labels) for b in head[:3])
        urls = [u for b in head for u in (*(k.url for k in b.links), *URL_RE.findall(b.text))]
        said = any(k == "link" and _says_id(b.text) for k, b in zip(kinds, head, strict=True))
        return authors and (said or any(self.is_paper_link(u) for u in urls))

    def points_below(self, node: Node, papers: set[int]) -> set[int]:
        """The lines of the items right under a paper's title (a heading or list item,
        "Orca: A Distributed Serving System …") that are its points ("- Problem: …", "-
        Numbers: 36.9x …", "- Who -- A (MIT)"): most of its items, read by :func:`point_of`.
        Empty under anything not shaped as a title (a session: "Training at scale"), or
        over papers (``papers``: the lines of those found below it)."""
        line = _present(node.line)
        shape = title_shape(line.text, self.labels)
        if not (shape.ok and shape.strong) or self.labels.session_name(line.text):
            return set()
        if ":" not in shape.title and "：" not in shape.title and len(shape.title.split()) < 5:
            return set()  # "Machine Learning Systems": a session's name in Title Case
        if point_of(line.text, self.labels) is not None:
            return set()  # "- Challenges: guessing which …": a point itself, over its own
        items = [c.line for c in node.children if c.line is not None and c.line.kind == "item"]
        points = {i.number for i in items if point_of(i.text, self.labels) is not None}
        if len(points) * 2 < len(items) or any(
            i.number not in points and i.number in papers for i in items
        ):
            return set()  # a paper among them ("- [The Google File System](…)"): a session
        return points

    def has_field_items(self, node: Node) -> bool:
        """Whether a list item's own fields are list items nested in it (a Logseq or
        Workflowy outline: "- Title", then "- authors:: ...", "- doi:: ..."); then a point
        nested beside them is a part of its paper unless it carries a paper's things."""
        line = node.line
        return (
            line is not None
            and line.kind == "item"
            and any(
                c.line is not None and c.line.kind == "item" and self.labels.label(c.line.text)
                for c in node.children
            )
        )

    def own_summary(self, node: Node) -> bool:
        """Whether a list item or heading says something of its own before what is nested
        in it: a paragraph about it ("* Title<br>" then prose, then "* Next title<br>"
        nested by a careless indent), or fields ("### Title: X", "Institution: ...", then
        "##### Key Point"). Then it is a paper of its own, not the session of those below."""
        line = node.line
        if line is None or line.kind not in ("item", "heading"):
            return False
        own = [c.line for c in node.children if c.line is not None and c.line.kind == "text"]
        if self.named_title(line, [c.line for c in node.children if c.line is not None]):
            return True  # "### BANG" then "BANG: Billion-Scale ...": the paper's own heading
        if line.kind == "heading" and not self.labels.label(line.text):
            # a heading's own prose only counts beside fields of its own
            return any(self.labels.label(text.text) for text in own)
        return any(is_prose(text) for text in paragraphs(own)) or any(
            self.labels.label(text.text) for text in own
        )

    def venue_of(self, node: Node) -> tuple[str, int] | None:
        """The conference a heading names on its own ("SIGCOMM 2021"), if any."""
        line = _present(node.line)
        if line.kind != "heading" or len(line.text.split()) > 4:
            return None
        shape = title_shape(line.text, self.labels)
        if shape.strong and venue_tag(shape.note, self.labels):
            return None  # "pVM: 持久化虚拟内存管理 (Eurosys'16)": a work and its venue
        # ("二、论文阅读（SoCC 2024）": a section of the notes and the venue of its papers)
        return venue_in(line.text, self.labels)

    def session_of(self, node: Node) -> str | None:
        """The session a heading or list item above papers names, if it names one."""
        line = _present(node.line)
        if line.number == self.title_line:
            return None
        text = line.text
        named = self.labels.session_name(text)
        if named:
            return named
        shape = title_shape(text, self.labels)
        tagged = shape.ok and bool(shape.title) and venue_tag(shape.note, self.labels)
        if venue_in(text, self.labels) and len(text.split()) <= 4 and not tagged:
            return None  # "OSDI 2020": the conference, not a session ("Caching (ATC 2020)" is)
        if len(text.split()) <= 2 and venue_name(text, self.labels):
            return None  # "## SOSP": a venue, its papers' years on each of them
        if is_year(text) or is_year(text.split()[-1]):
            return None  # "## 2022", "Dijkstra Prize 2021": the year of what follows
        if self.labels.is_generic(text):
            return None  # "# 论文", "## Papers": only says that papers follow
        if section_heading(text, self.labels):
            return None  # "## Clarity": a part of the note on the paper above, not a session
        name = self.labels.clean_session(text)
        return name or None

    def candidate(self, node: Node) -> Draft | None:
        """A heading or list item as a paper: its text, and its section as its body."""
        line = _present(node.line)
        if line.number == self.title_line:
            return None
        works = self.tagged_works(line, node.flatten())
        if works:
            # "- 接口：Mnemosyne(ASPLOS'11), NV-Heaps(ASPLOS'11)": works named on one line
            works[0].more = works[1:]
            return works[0]
        label = self.labels.label(line.text)
        if label is not None and label[0] == "title" and label[1]:
            # "### Title: Llumnix: ...": a heading or item that is a labelled title
            shape = title_shape(label[1], self.labels)
            if shape.ok:
                draft = self.cues(
                    line, shape.title, shape.note, shape.prefix, node.flatten(), _form(line)
                )
                draft.cues.insert(0, "label")
                return draft
        if label is not None or self.labels.bare_label(line.text):
            return None
        if self.venue_of(node) is not None:
            return None  # "OSDI 2021": a conference, never a paper
        if line.text.rstrip().endswith((":", "：")) and node.children and not line.links:
            return None  # "- 以什么形式交给应用程序：" then its points: a lead-in, no title
        form = _form(line)
        body = node.flatten()
        if author_line(line.text, self.labels) is not None and not self.title_then_authors(line):
            # authors first, then the title (dblp): "A, B:" then "Title. 3-17"; not "Title
            # — by A, B (MIT)", whose title a loose author line would swallow
            nxt = body[0] if body else None
            if nxt is None or nxt.block != line.block or author_line(nxt.text, self.labels):
                return None
            title, note, prefix = self.title_of(nxt)
            if title is None:
                return None
            return self.cues(nxt, title, note, prefix, [line, *body[1:]], form)
        if self.runs_on(line, body):
            return None  # "- The hard part is that CPUs … give you nothing" / "secure outside …"
        dated = self.label_then_link(line)
        if dated is not None:  # "**Week 3 (Sep 20):** [fTPM: A Software-Only …](…)"
            return self.cues(line, dated, "", "", body, form)
        cited = self.citation(line) or self.title_then_authors(line)
        if cited is not None:
            return self.cited(line, cited, body, form)
        quoted = self.quoted_title(line) or self.linked_citation(line)
        if quoted is not None:
            title, rest, venue = quoted
            return self.cues(line, title, venue, "", [*rest, *body], form)
        named = self.named_title(line, body)
        if named is not None:
            # the title line's links are the paper's ("#### Mesos", then "[Mesos: A ...](pdf)")
            titled = replace(line, links=(*line.links, *body[0].links))
            draft = self.cues(titled, named.title, named.note, named.prefix, body[1:], form)
            draft.cues.append("named")
            return draft
        summed = self.title_then_summary(line)
        if summed is not None:
            shape, summary = summed
            return self.cues(line, shape.title, shape.note, shape.prefix, [summary, *body], form)
        linked = self.linked_titles(line)
        if linked:
            # "* [kvm: the Linux ...](a.pdf), [KVM/ARM: The Design ...](b.pdf) (remark)":
            # one line, several papers, each with its own link
            first, *others = (self.cues(one, one.text, "", "", body, form) for one in linked)
            first.more = others
            return first
        title, note, prefix = self.title_of(line)
        if title is not None and line.lead and self.lead_then_words(line):
            title = None  # "[Orca: …](…) schedules at iteration level …": the link is the title
        if title is None and len(line.links) == 1 and self.paper_name(line.links[0]):
            left = line.text.replace(line.links[0].text, "", 1)
            if TRAILING_BRACKETS.sub("", left).strip() == "":
                # "* [Meltdown](….pdf) (TBD)": a paper's name, linked to the paper
                return self.cues(line, line.links[0].text.strip(), "", "", body, form)
        if line.lead and self.by_authors(line, line.text[len(line.lead) :]):
            title = None  # "[VectorVisor](…) by Samuel Ginzburg et al. …": the link is the title
        if title is None and line.lead:
            # "- [Occlum: ...](https://...) : 在一个 SGX enclave 里……": the linked or bold
            # title, then the note-taker's words about it
            shape = title_shape(line.lead, self.labels)
            after = line.text[len(line.lead) :]
            by = self.by_authors(line, after)
            a_name = _system_name(line.lead) or self.named_lead(line)
            if not shape.ok and a_name and (_DASHED.match(after) or by):
                # "- [[WaferLLM-OSDI25|WaferLLM]] — 第一个在晶圆级芯片上……", "* [VectorVisor](…)
                # by Samuel Ginzburg et al. ...": a system's name stands for its paper
                shape = TitleShape(True, line.lead.strip())
            if shape.ok:
                after = after.strip(" :：-–—|")
                more = by or ([replace(line, text=after, lead="", tags=())] if after else [])
                return self.cues(line, shape.title, shape.note, shape.prefix, [*more, *body], form)
        badged = self.badged_name(line) if title is None else None
        if badged is not None:
            return self.cues(line, badged, "", "", body, form)
        if title is None:
            return None
        return self.cues(line, title, note, prefix, body, form)

    def runs_on(self, line: Line, body: list[Line]) -> bool:
        """Whether a list item's first line is the start of a sentence wrapped onto the next
        line, which goes on in small letters: a point of prose, no title. So it is when the
        line stops after a comma or a word no title ends with ("…, for TPM commands that"),
        or when it is no title in form and the sentence it starts is prose."""
        nxt = body[0] if body else None
        if (
            line.kind != "item"
            or nxt is None
            or nxt.kind != "text"
            or nxt.item != line.item
            or not nxt.text[:1].islower()
        ):
            return False
        last = line.text.rstrip().rsplit(" ", 1)[-1]
        if line.text.rstrip().endswith((",", "，")) or last in _RUNS_ON_WORDS:
            return True
        return not title_shape(line.text, self.labels).strong and is_prose(
            line.text + " " + nxt.text
        )

    def label_then_link(self, line: Line) -> str | None:
        """The title of a line that is a bold label of the note-taker's, then a link whose
        text is the title, and nothing else ("**Week 3 (Sep 20):** [Title](…)", "**Day 2:**
        [Title](…)"): the link's text; None for any other line."""
        lead = line.lead.strip()
        if not lead.endswith((":", "：")) or len(line.links) != 1:
            return None
        rest = line.text[len(line.lead) :].strip()
        linked = line.links[0].text.strip()
        if rest != linked or not title_shape(linked, self.labels).strong:
            return None
        return linked

    def mentioned(self, line: Line) -> list[Draft]:
        """Papers named in prose that is part of no paper, by links to their pages ("I liked
        [VectorVisor](…/presentation/ginzburg)", "[Metastable Failures in the Wild](…)"):
        a link to a paper whose text is a name or a title. In a paragraph of prose, what
        the paragraph says after a paper's link is about that paper (:func:`_about`)."""
        out = []
        # "**OSDI'20:** [Do OS abstractions make sense on FPGAs?](…) by …": a bold venue
        # before a link to a paper: the link's text is that paper's title, in any case
        venue = line.lead.strip().rstrip(":：").strip()
        if not (venue and line.text.startswith(line.lead) and venue_tag(venue, self.labels)):
            venue = ""
        for k, link in enumerate(line.links):
            cited = (
                k == 0
                and bool(venue)
                and self.is_paper_link(link.url)
                and title_shape(link.text, self.labels).ok
            )
            if cited or self.paper_name(link):
                one = replace(line, text=link.text.strip(), links=(link,), lead="", tags=())
                note = venue if cited else ""
                out.append(Draft(one, link.text.strip(), [], ["link", "mention"], "mention", note))
        if out and is_prose(line.text):
            about = _about(line, [d.title for d in out], self.labels)
            for draft, body in zip(out, about, strict=True):
                draft.body.extend(body)
        return out

    def paper_name(self, link: Link) -> bool:
        """A link to a paper's page whose text names the paper: a title, or one word written
        as a name ("Catapult", "MELF", "Ensō"), not "paper", "PDF" or "here"."""
        text = link.text.strip()
        if not text or not self.is_paper_link(link.url) or self.labels.named_kind(text) != "other":
            return False
        if self.labels.is_known(text):
            return False
        if self.labels.label(f"{text}:") is not None:
            return False  # "[Source](…)", "[原文](…)": a field's name, no paper's
        shape = title_shape(text, self.labels)
        if shape.ok and shape.strong and len(text.split()) >= 3:
            return True
        return (
            len(text.split()) == 1 and (text[:1].isupper() or _system_name(text)) and len(text) >= 3
        )

    def lead_then_words(self, line: Line) -> bool:
        """A line that starts with a title, linked or bold, and goes on in the note-taker's
        words about it: "[SpotServe: Serving … Instances](…) keeps serving when …", "**Title**:
        pages the KV cache; …" (a sentence going on in lower case, or one after a colon)."""
        after = line.text[len(line.lead) :] if line.text.startswith(line.lead) else ""
        if not after.strip():
            return False
        colon = _COLON_THEN.match(after)
        said = colon is not None and is_prose(after[colon.end() :])
        if self.named_lead(line):
            return said  # "[Orca](…/presentation/yu): listed again, …": a name for its paper
        shape = title_shape(line.lead, self.labels)
        if not (shape.ok and shape.strong and len(shape.title.split()) >= 3):
            return False
        # "**DistServe: …** — arXiv 2401.09670, DOI 10.5555/…": what follows a spaced dash
        return said or _GOES_ON.match(after) is not None or _DASH_THEN.match(after) is not None

    def badged_name(self, line: Line) -> str | None:
        """A bold name, then only a short link to the paper's PDF or page (and a date): the
        name ("**Cyclosa** <sup>[#02](./Cyclosa.pdf)</sup><sub>2023.08.04</sub>")."""
        papers = [k for k in line.links if self.is_paper_link(k.url) and len(k.text.split()) <= 2]
        if not (line.strong or line.lead) or not papers or not papers[0].text:
            return None
        if self.labels.named_kind(papers[0].text) != "other" or fold(papers[0].text) in _LINK_WORDS:
            return None  # "**Handout** [pdf](…)": the link says what it is, the name is no paper's
        name, _, rest = line.text.partition(papers[0].text)
        name = name.strip(" *_")
        if len(name.split()) != 1 or len(name) < 3 or not name[:1].isupper():
            return None
        if self.labels.label(f"{name}:") is not None or self.labels.is_known(name):
            return None
        if is_prose(rest) or len(rest.split()) > 3:
            return None
        return name

    def named_lead(self, line: Line) -> bool:
        """The line starts with a link to a paper whose text is one name ("[Orca](…)")."""
        return bool(
            line.links
            and line.links[0].text.strip() == line.lead.strip()
            and len(line.lead.split()) == 1
            and self.paper_name(line.links[0])
        )

    def by_authors(self, line: Line, after: str) -> list[Line]:
        """ "[Title](…) by Audrey Cheng et al. The key insight is ...": what follows a title
        names its authors: their line, then the rest as text."""
        m = _BY_WORD.match(after)
        if m is None:
            return []
        rest = after[m.end() :]
        et_al = _ET_AL_END.match(rest)
        parts = [et_al[1], et_al[2]] if et_al else _FIRST_SENTENCE.split(rest, maxsplit=1)
        who = parts[0].strip(" .")
        if not who or author_line(who, self.labels, labelled=True) is None:
            return []
        out = [replace(line, text=who, kind="authors", links=(), lead="", tags=())]
        if len(parts) > 1 and parts[1].strip():
            out.append(replace(line, text=parts[1].strip(), kind="text", lead="", tags=()))
        return out

    def linked_titles(self, line: Line) -> list[Line]:
        """The papers of a line that is two or more links to papers whose texts are titles,
        joined by commas or "and" (a remark in brackets may follow): a line for each."""
        if len(line.links) < 2:
            return []
        rest = line.text
        for link in line.links:
            rest = rest.replace(link.text, " ", 1)
        rest = TRAILING_BRACKETS.sub("", rest)
        if not _JOINED.match(rest):
            return []
        out = []
        for link in line.links:
            shape = title_shape(link.text, self.labels)
            if shape.ok and shape.strong and self.is_paper_link(link.url):
                out.append(replace(line, text=shape.title, links=(link,), lead="", tags=()))
            elif self.paper_name(link):
                # a list of names linked to their papers: "Catapult (pdf), Enzian, AmorphOS"
                out.append(replace(line, text=link.text.strip(), links=(link,), lead="", tags=()))
        return out if len(out) >= 2 else []

    def tagged_works(self, line: Line, body: list[Line]) -> list[Draft]:
        """ "接口：Mnemosyne(ASPLOS'11), NV-Heaps(ASPLOS'11), NVML[Intel], Heapo(TOS'14)":
        works named by a short name and a venue tag, two or more on a line, after a colon
        or alone: a paper for each (the tag its note), its siblings on the line its peers."""
        text = line.text
        if line.links or text.count("(") + text.count("（") < 2:
            return []  # two tags at least: no need for the pattern
        head, colon, tail = text.partition("：" if "：" in text else ":")
        out = []
        for m in _TAGGED_WORK.finditer(tail if colon else head):
            if venue_tag(m.group("tag"), self.labels):
                one = replace(line, text=m.group("name").strip(), lead="", tags=())
                draft = self.cues(one, one.text, m.group("tag"), "", body, "works")
                draft.cues.append("peers")
                out.append(draft)
        return out if len(out) >= 2 else []

    def cited(self, line: Line, cited: tuple[str, Line], body: list[Line], form: str) -> Draft:
        """A paper whose authors and title one line gives, in a known order: the line's
        shape is the authors cue, even for one name ("Leslie Lamport. "Time, ..."")."""
        title, authors = cited
        draft = self.cues(line, title, self.venue_after(line, title), "", [authors, *body], form)
        if "authors" not in draft.cues:
            draft.cues.insert(0, "authors")
        return draft

    def named_title(self, line: Line, body: list[Line]) -> TitleShape | None:
        """A heading that is a short name, and its first line the name with the full title
        ("### CXL-ANNS", then "CXL-ANNS: Software-Hardware Collaborative ..."): that title."""
        if not body:
            return None
        name = line.text
        # "二、FPRaker：加速神经网络训练的处理单元": a name, then the note-taker's translation
        head, colon, rest = strip_numbering(name).partition("：")
        if colon and is_chinese(rest) and head.isascii() and len(head.split()) <= 3:
            name = head.strip()
        elif len(name.split()) > 3 or NUMBERED_SECTION.match(name):
            return None  # "12.1.2.3 硬件驱动的冷热页识别": a section of a longer text, no name
        if (
            line.kind == "item"
            and sum(b.kind == "item" and b.depth == body[0].depth for b in body) > 1
        ):
            return None  # "- 数据表示" over several items: a group, its first item no title of it
        first = body[0].text
        label = self.labels.label(first)
        if label is not None and label[0] == "title":
            first = label[1]  # "Title: DiskANN: ..."
        restated = first.casefold().startswith(name.casefold() + ":")
        # "#### Borg", then "[Large-scale cluster management at Google with Borg](….pdf)":
        # the line is one link to the paper, its text the title; a heading of its own
        # ("## ML serving", then "### [Orca: …](…)") is a paper under a session
        linked = (
            body[0].kind != "heading"
            and len(body[0].links) == 1
            and body[0].links[0].text == first.strip()
            and self.is_paper_link(body[0].links[0].url)
            and not self.labels.names_page(first)  # "## Links", then "[USENIX page](…)"
            # one such line, not the first of a list of them ("### Well Tested", then
            # "- [Hydra: …](…)", "- [P4Testgen: …](…)": a session's papers); a link to the
            # code beside it is no other paper ("#### mbox", the paper, then its GitHub)
            and sum(
                b.kind == "item"
                and b.depth == body[0].depth
                and any(self.is_paper_link(k.url) for k in b.links)
                for b in body
            )
            <= 1
        )
        if not (restated or linked):
            return None
        shape = title_shape(first, self.labels)
        return shape if shape.ok else None

    def title_then_summary(self, line: Line) -> tuple[TitleShape, Line] | None:
        """ "Title：字节跳动万卡训练的实战总结……": an English title, a colon, then Chinese words
        about it: the title, and the words as a line of their own."""
        text = line.text
        at = text.find("：")
        bracketed = _TAGGED_THEN_HAN.match(text)
        if bracketed is not None and (at < 0 or at > bracketed.end()):
            # a title, its venue in brackets, then words about it: "MQBench Towards …
            # Benchmark (NIPS 2021 workshop) 做了一套 Benchmark……"
            shape = title_shape(bracketed.group(1), self.labels)
            rest = text[bracketed.end() :].strip()
            if shape.ok and shape.strong and venue_tag(shape.note, self.labels):
                return shape, replace(line, text=rest, lead="", tags=())
            return None  # "Fully Sharded Data Parallel (FSDP) 把……": a term and its meaning
        if at < 8 or is_chinese(text[:at]) or not is_chinese(text[at + 1 : at + 12]):
            return None
        if line.tags and text[:at].strip() == " ".join(line.tags):
            return None  # "`Deep Packet Inspection, DPI`：……": a term in code, defined
        shape = title_shape(text[:at], self.labels)
        if not shape.ok:
            return None
        return shape, replace(line, text=text[at + 1 :].strip(), lead="", tags=())

    def line_entry(self, line: Line) -> tuple[str, str, str, list[Line]] | None:
        """The title a line gives, its note and prefix, and the lines of what else it
        says (the authors of a reference ...): by its title shape or as a one-line entry."""
        booked = self.book_first(line)  # "《Title》L Rizzo [Pisa]": no title of that shape
        if booked is not None:
            return booked[0], booked[2], "", booked[1]
        title, note, prefix = self.title_of(line)
        if title is not None:
            return title, note, prefix, []
        cited = self.citation(line) or self.title_then_authors(line)
        if cited is not None:
            return cited[0], self.venue_after(line, cited[0]), "", [cited[1]]
        quoted = self.quoted_title(line) or self.linked_citation(line)
        if quoted is not None:
            return quoted[0], quoted[2], "", quoted[1]
        summed = self.title_then_summary(line)
        if summed is not None:
            shape, summary = summed
            return shape.title, shape.note, shape.prefix, [summary]
        return None

    def one_line_paper(self, line: Line) -> bool:
        """Whether a line is a whole paper's entry by its own shape: a reference, a linked
        or quoted title with its authors, "Title — authors"."""
        if line.number not in self.entries:
            self.entries[line.number] = any(
                found is not None
                for found in (
                    self.citation(line),
                    self.linked_citation(line),
                    self.quoted_title(line),
                    self.title_then_authors(line),
                )
            )
        return self.entries[line.number]

    def linked_citation(self, line: Line) -> tuple[str, list[Line], str] | None:
        """ "[Consensus] [Algorand: Scaling ...](url). Yossi Gilad, ... SOSP'17": a linked
        title, then a full stop, its authors and its venue: the title, the authors as a
        line of their own, and what follows them (the venue)."""
        for link in line.links:
            at = line.text.find(link.text) if link.text else -1
            after = line.text[at + len(link.text) :] if at >= 0 else ""
            starts = after.lstrip()[:1]
            if at < 0 or (starts not in (".", ",", *_DASHES) and not starts.isupper()):
                continue  # the title, then ". Authors", " - Authors" or the authors right away
            shape = title_shape(link.text, self.labels)
            if not shape.ok or len(shape.title.split()) < 3:
                continue
            after = after.lstrip(" .," + "".join(_DASHES))
            # the authors end at the first sentence's end, or at any ". " ("Ion Stoica. vLLM")
            parts = next(
                (
                    cut
                    for cut in (
                        _FIRST_SENTENCE.split(after, maxsplit=1),
                        _ANY_SENTENCE.split(after, maxsplit=1),
                    )
                    if cut[0].strip(" .")
                    and author_line(cut[0].strip(" ."), self.labels, labelled=True) is not None
                ),
                None,
            )
            if parts is None:
                continue
            who = parts[0].strip(" .")
            authors = replace(line, text=who, kind="authors", links=(), lead="", tags=())
            rest = parts[1].strip() if len(parts) > 1 else ""
            if is_prose(rest):  # an awesome list's "- [Title](doi) - A, B (MIT). Summary."
                return shape.title, [authors, replace(authors, text=rest, kind="text")], ""
            return shape.title, [authors], rest
        # no link: "Bitcoin-NG: A Scalable Blockchain Protocol. Eyal I, Gencer AE. NSDI'16"
        pieces = _FIRST_SENTENCE.split(line.text.strip(), maxsplit=2)
        if len(pieces) >= 2 and not line.links:
            shape = title_shape(pieces[0], self.labels)
            who = pieces[1].strip(" .")
            if (
                shape.ok
                and len(shape.title.split()) >= 3
                and not is_prose(pieces[0] + ".")
                and author_line(who, self.labels, labelled=True) is not None
            ):
                authors = replace(line, text=who, kind="authors", links=(), lead="", tags=())
                return shape.title, [authors], pieces[2].strip() if len(pieces) > 2 else ""
        return None

    def quoted_first(self, line: Line) -> tuple[str, list[Line], str] | None:
        """A paragraph that opens (after its numbering or a pictograph) with a title in
        quotes and goes on with its authors ('2/ 📄 "Title" — A, B et al. (MIT). …', a
        thread's post): the title, the authors and the rest as lines, and its venue."""
        if line.kind != "text" or not ('"' in line.text or "“" in line.text):
            return None
        text = _HANDLE.sub("", strip_numbering(line.text))  # "@name": a social handle
        opened = self.quoted_title(replace(line, text=text))
        if opened is None or not any(said.kind == "authors" for said in opened[1]):
            return None
        return opened

    def quoted_title(self, line: Line) -> tuple[str, list[Line], str] | None:
        """'"Varuna: ..." by Jane Doe et al. (MSR). Trains on spot VMs.': a title in quotes
        first, then its authors and what the note-taker says: the title, and the rest as
        lines (the authors' sentence, then the remarks)."""
        m = _QUOTED_FIRST.match(line.text)
        led = m is None  # "today's paper: "ZeRO: …" (SC20) by …": a few words lead in
        m = m or _QUOTED_AFTER_LEAD.match(line.text)
        if m is None:
            return self.book_first(line)
        shape = title_shape(m.group("title"), self.labels)
        if not shape.ok:
            return None
        rest = m.group("rest").strip()
        tag = _venue_at(rest, 0, self.labels)
        venue = tag.group(1).strip() if tag else ""
        if tag:
            rest = rest[tag.end() :]  # "(SOSP'19), Deepak Narayanan et al.": where it appeared
        rest = _BY.sub("", rest).strip()
        parts = _FIRST_SENTENCE.split(rest, maxsplit=1)
        out = []
        named = False
        if parts and parts[0].strip():
            who = parts[0].strip()
            named = author_line(who, self.labels, labelled=True) is not None
            kind = "authors" if named else "text"
            out.append(replace(line, text=who, kind=kind, links=(), lead="", tags=()))
        if len(parts) > 1 and parts[1].strip():
            out.append(replace(line, text=parts[1].strip(), kind="text", lead="", tags=()))
        if led and not (shape.strong and (venue or named)):
            return None  # 'Takeaway: "batch every request"': a quote, no paper
        return shape.title, out, venue

    def book_first(self, line: Line) -> tuple[str, list[Line], str] | None:
        """ "《Title》，作者：A、B（MIT）。What it does …", a post's "【USENIX ATC 2012】《Title》
        L Rizzo [Università di Pisa] (2012)": a title in book-title marks first (after a tag
        in black brackets), then an author field or the authors, and the note-taker's words:
        the title, the authors' line and the rest as lines, and the venue the tag names.
        Only with its authors: "《深入理解计算机系统》这本书…" is a book."""
        tag = _LEAD_TAG.match(line.text)
        m = _BOOK_FIRST.match(line.text, tag.end() if tag else 0)
        shape = title_shape(m.group("title"), self.labels) if m else None
        if m is None or shape is None or not shape.ok or len(shape.title.split()) < 3:
            return None
        who, _, said = m.group("rest").partition("。")
        label = self.labels.label(who)
        if label is not None and label[0] == "institutions":
            who = label[1]
        elif label is None and not said:  # "L Rizzo [Università di Pisa] (2012)": all it says
            who = _SQUARE_PLACE.sub(r"(\1)", _YEAR_TAIL.sub("", who))
        else:
            return None
        found = author_line(who, self.labels, labelled=True)
        venue = tag.group(1).strip() if tag and venue_tag(tag.group(1), self.labels) else ""
        # one author needs a place and a venue or a word for a paper: "《DDIA》Martin
        # Kleppmann [O'Reilly Media] (2017)" is a book
        cue = venue or _PAPER_WORDS.search(line.text)
        if found is None or not (len(found.authors) >= 2 or (placed(found) and cue)):
            return None
        out = [replace(line, text=who, kind="authors", links=(), lead="", tags=())]
        if said.strip():
            out.append(replace(line, text=said.strip(), kind="text", lead="", tags=()))
        return shape.title, out, venue

    def venue_after(self, line: Line, title: str) -> str:
        """The venue in brackets right after a title on its line ("**Title** (SOSP 2019) —
        A et al."), or ""."""
        at = line.text.find(title)
        m = _venue_at(line.text, at + len(title), self.labels) if at >= 0 else None
        return m.group(1).strip() if m else ""

    def title_then_authors(self, line: Line) -> tuple[str, Line] | None:
        """ "Title — Jane Doe, John Roe (MIT)", "Title | A, B (CMU)": a title, a dash or bar,
        then an author line: the title, and the authors as a line of their own."""
        for m in _TITLE_SEPARATOR.finditer(line.text):
            head, tail = line.text[: m.start()], line.text[m.end() :]
            tilde = m.group().strip() in _TILDES
            if tilde or author_line(tail, self.labels) is None:
                # "Title ~ Rosenblum and Ousterhout" (a tilde says who wrote it, however the
                # names are written), "Title - Woosuk Kwon et al." (one name, then "et al.")
                names = self.loose_names(tail, tilde)
                shape = title_shape(head, self.labels)
                if names and shape.ok and (tilde or shape.strong):
                    text = ", ".join(names)  # the names, read already: "people"
                    return shape.title, replace(line, text=text, kind="people", links=(), lead="")
                continue
            if author_line(head, self.labels, labelled=True) and author_line(
                line.text, self.labels
            ):
                return None  # "A, B — Imperial College London": names, then their place
            shape = title_shape(head, self.labels)
            if shape.ok:
                return shape.title, replace(line, text=tail, kind="authors", links=(), lead="")
        return None

    def loose_names(self, text: str, tilde: bool) -> list[str]:
        """The names after a title's separator that no author line reads: after a tilde,
        family names alone or any names; after a dash, names ending in "et al."."""
        if tilde and (surnames := _surnames(text)):
            return surnames
        if not tilde and not ET_AL.search(text.strip()):
            return []
        found = author_line(text, self.labels, labelled=True)
        return [a.name for a in found.authors] if found is not None else []

    def citation(self, line: Line) -> tuple[str, Line] | None:
        """A reference: authors, then the title in quotes ("A and B for “Title” in ...",
        'A, B. "Title". OSDI 2020'), or unquoted (:meth:`apa_citation`,
        :meth:`plain_citation`): the title, and the authors as a line of their own."""
        if "“" not in line.text and '"' not in line.text:
            # no quotes: no need for the slow pattern
            return self.apa_citation(line) or self.plain_citation(line)
        m = _CITATION.match(line.text)
        if m is None:
            return self.plain_citation(line)
        shape = title_shape(m.group("title"), self.labels)
        people = m.group("authors").strip(" .,:;")
        if people.count("(") > people.count(")") or people.count("（") > people.count("）"):
            return None  # '… (the preprint title is "Title")': a remark in brackets
        if not shape.ok or author_line(people, self.labels, labelled=True) is None:
            return None
        return shape.title, replace(line, text=people, kind="authors", links=(), lead="")

    def apa_citation(self, line: Line) -> tuple[str, Line] | None:
        """An APA-style reference: "Cadden, J., Unger, T., & Appavoo, J. (2020). SEUSS: skip
        redundant paths to make serverless fast. EuroSys 2020": surnames first, then the
        title as a sentence. The title, and the authors as a line of their own, each name
        in its usual order ("J. Cadden")."""
        m = _APA.match(line.text)
        if m is None:
            return None
        people = [
            f"{given.strip()} {surname}" for surname, given in _APA_NAME.findall(m["authors"])
        ]
        shape = title_shape(m["title"], self.labels)
        if len(people) < 2 or not shape.ok:
            return None
        return shape.title, replace(line, text=", ".join(people), kind="authors", links=(), lead="")

    def plain_citation(self, line: Line) -> tuple[str, Line] | None:
        """A reference as publication pages and the ACM write it: "Badrish Chandramouli, Guna
        Prasaad, …, Mike Barnett. FASTER: A Concurrent Key-Value Store with In-Place
        Updates. SIGMOD '18 …" (a year may follow the names: "… and C. 2018. Title. In …"):
        two people or more, a full stop, the title up to the next one, then where it
        appeared. The title, and the authors as a line of their own."""
        text = line.text
        stops = list(_REFERENCE_STOP.finditer(text))
        if len(stops) < 2:
            return None
        people = text[: stops[0].start()]
        found = author_line(people, self.labels, labelled=True)
        if found is None or len(found.authors) < 2 or found.institutions:
            return None
        k = 1
        if _YEAR_ONLY.fullmatch(text[stops[0].end() : stops[1].start()]):
            k = 2  # "… and C. 2018. Title. In …": the ACM's year after the names
        start = stops[k - 1].end()
        end = stops[k].start() if k < len(stops) else len(text)
        shape = title_shape(text[start:end], self.labels)
        if not shape.ok or not shape.strong or author_line(shape.title, self.labels):
            return None
        if is_institution(shape.title, self.labels):
            return None  # "A, B. UC Berkeley Sky Computing Lab. …": where they work
        return shape.title, replace(line, text=people, kind="authors", links=(), lead="")

    # ---- runs of text lines ------------------------------------------------

    def text_run(
        self, lines: list[Line], found: Found, session: tuple[str, int] | None
    ) -> tuple[str, int] | None:
        """Lines with no heading between them: labelled papers, bold or bare titles,
        session lines, and what is left over."""
        labels = self.labels
        lines = [piece for line in lines for piece in self.field_pieces(line)]
        leftover: list[Line] = []
        papers_before = len(found.papers)

        def skip() -> None:
            if leftover:
                told = []  # prose that tells of the papers it links to is theirs
                for line in leftover:
                    drafts = self.mentioned(line)
                    for draft in drafts:
                        use(draft)  # "Next on my list are [MELF](…), [zpoline](…)": papers
                        found.papers.append(draft)
                    if any(draft.body for draft in drafts):
                        told.append(line)
                rest = [line for line in leftover if line not in told]
                if rest:
                    found.skipped.append((rest, NOT_PART))
                leftover.clear()

        # a session line no paper follows ("Welcome and Awards Monday, 8:30am-9am"): skipped
        unused: list[Line] = []

        def use(draft: Draft) -> None:
            self.attach(draft, session)
            unused.clear()

        def take(draft: Draft, block: list[Line]) -> None:
            """A paper among its peers when its cues are enough, else lines left over."""
            if draft.score >= PAPER_SCORE:
                use(draft)
                found.papers.append(draft)
            else:
                leftover.extend(block)

        i = 0
        while i < len(lines):
            line = lines[i]
            text = line.text
            label = labels.label(text)
            if label is not None and label[0] == "conference":
                found.conference.append((line.number, label[1]))
                i += 1
                continue
            if label is not None and label[0] == "ignored":
                i += 1
                continue
            if label is not None and label[0] == "title":
                skip()
                title, at = label[1], i
                nxt = lines[i + 1] if i + 1 < len(lines) else None
                if not title and nxt is not None and not labels.label(nxt.text):
                    title, at = nxt.text, i + 1  # "Title:" then the title
                elif self.title_goes_on(lines, i):
                    # "Title: DistServe: … Large" then "  Language Model Serving", then
                    # "Authors: …": a long title folded onto a second line
                    title, at = f"{title} {lines[i + 1].text}", i + 1
                end = self.body_end(lines, at, labelled=True)
                tagged, note = title_shape(title, labels), ""
                if tagged.ok and tagged.title and venue_tag(tagged.note, labels):
                    title, note = tagged.title, tagged.note  # "Title（SOSP 2024）": its venue
                draft = Draft(line, title, lines[at + 1 : end], ["label"], "label", note)
                use(draft)
                found.papers.append(draft)
                i = end
                continue
            if label is not None and label[0] in ("institutions", "link"):
                # a field of a label kg does not know right above ("名称：Sundial: ..."),
                # holding a title, is this paper's title
                above = leftover[-1] if leftover else None
                unknown = _UNKNOWN_LABEL.match(above.text) if above is not None else None
                shape = title_shape(unknown.group("value"), labels) if unknown else None
                if (
                    unknown is not None
                    and above is not None
                    and _NAME_LEAD.fullmatch(unknown.group("label"))
                    and not regex.search(r"[:：]", unknown.group("value"))
                ):
                    # "PolyMage: Automatic Optimization for …", "Mojim: A Reliable …": a
                    # system's name and its subtitle, the whole line the title (not
                    # "名称：Sundial: …")
                    shape = title_shape(above.text, labels)
                # "who: A, B (IISc)" right above "doi: …": the authors, led by a word of the
                # note-taker's, not a title
                led = above is not None and unknown is not None and _led_authors(above.text, labels)
                titled = above is not None and shape is not None and _titled(shape) and not led
                fields: list[Line] = []
                if titled:
                    leftover.pop()
                else:
                    # a title alone on its line right above, or above one field kg does not
                    # know ("⏱ 00:04:37 第一篇 ▶ Title", "- 讲者：…", then "- 作者：…")
                    back = 2 if unknown is not None and len(leftover) >= 2 else 1
                    over = leftover[-back] if len(leftover) >= back else None
                    # (over the authors, a title in strong shape, alone or not: "PolyMage: …",
                    # "who: …", "doi: …")
                    if over is not None and (
                        self.bare_title(leftover, len(leftover) - back)
                        or (led and title_shape(over.text, labels).strong)
                    ):
                        title_text = self.title_of(over)[0]
                        if title_text:
                            above, shape, titled = over, title_shape(title_text, labels), True
                            fields = [leftover.pop()] if led else []
                            del leftover[-back + len(fields)]
                skip()
                end = self.body_end(lines, i, labelled=True)
                last = found.papers[-1] if found.papers else None
                if not titled and last is not None and i > 0 and _ends_at(last, lines[i - 1]):
                    # "- 作者：…" then "- DOI：…" where the paper read above ended with its
                    # authors: its next field, not a paper with no title
                    last.body.extend(lines[i:end])
                    i = end
                    continue
                if titled and above is not None and shape is not None:
                    draft = Draft(above, shape.title, [*fields, *lines[i:end]], ["label"], "label")
                    draft.prefix = shape.prefix
                else:
                    draft = Draft(line, "", lines[i:end], ["label"], "label")
                use(draft)
                found.papers.append(draft)  # a paper with no title: reported when made
                i = end
                continue
            if label is not None or labels.bare_label(text):
                kind = label[0] if label else labels.bare_label(text)
                skip()
                found.problems.append(
                    ("warning", line.number, f"{kind} label with no paper before it; ignored", text)
                )
                i += 1
                continue
            named = (
                labels.session_name(text)
                or self.timed_session(text)
                or self.group_label(line)
                or self.bracket_group(lines, i)
            )
            if named and not self.starts_paper(lines, i):
                skip()
                found.skipped += [([u], NOT_PART) for u in unused]
                unused[:] = [line]
                session = (named, line.number)
                i += 1
                continue
            if is_stray_number(text):
                i += 1
                continue
            works = self.tagged_works(line, [])
            if works:
                skip()  # "接口：Mnemosyne(ASPLOS'11), NV-Heaps(ASPLOS'11)": works on one line
                for draft in works:
                    use(draft)
                    found.papers.append(draft)
                i += 1
                continue
            summaries = self.title_summary_list(lines, i)
            if summaries:
                skip()
                for start, end in summaries:
                    take(self.peer_draft(lines, start, end), lines[start:end])
                i = summaries[-1][1]
                continue
            listed = self.title_list(lines, i)
            if listed > i:
                skip()
                for line in lines[i:listed]:
                    listed_title, note, prefix = self.title_of(line)
                    draft = self.cues(line, _present(listed_title), note, prefix, [], "line")
                    draft.cues.append("peers")
                    if draft.score >= PAPER_SCORE:
                        use(draft)
                        found.papers.append(draft)
                    else:
                        leftover.append(line)
                i = listed
                continue
            first_in_block = i == 0 or lines[i - 1].block != line.block
            cited = (
                (self.citation(line) or self.title_then_authors(line)) if first_in_block else None
            )
            linked = self.linked_citation(line) if first_in_block and cited is None else None
            if linked is not None:
                skip()
                end = self.body_end(lines, i)
                title, rest, venue = linked
                draft = self.cues(line, title, venue, "", [*rest, *lines[i + 1 : end]], "line")
                if "authors" not in draft.cues:
                    draft.cues.insert(0, "authors")
                use(draft)
                found.papers.append(draft)
                i = end
                continue
            if cited is not None:
                skip()
                end = self.body_end(lines, i)
                draft = self.cited(line, cited, lines[i + 1 : end], "line")
                if draft.score >= PAPER_SCORE:
                    use(draft)
                    found.papers.append(draft)
                    i = end
                    continue
            # '2/ 📄 "Title" — A, B et al. (MIT). …' (its line is said again as lines of its
            # own), or a trip report's '… opened with "Title" by A (MIT)' (its line stays)
            quoted = self.quoted_first(line) if first_in_block else None
            notes_from = i + 1
            if quoted is None:
                told = self.quoted_lead(lines, i)
                quoted, notes_from = (*told, "") if told else None, i
            if quoted is not None:
                skip()
                end = self.body_end(lines, i)
                title, said, venue = quoted
                body = [*said, *lines[notes_from:end]]
                draft = self.cues(line, title, venue, "", body, "quoted")
                if draft.score >= PAPER_SCORE:
                    use(draft)
                    found.papers.append(draft)
                    i = end
                    continue
            lead = self.lead_title(lines, i)
            if lead is not None:
                skip()
                title, note, prefix, rest = lead
                end = self.body_end(lines, i)
                draft = self.cues(line, title, note, prefix, [*rest, *lines[i + 1 : end]], "bold")
                if draft.score >= PAPER_SCORE:
                    use(draft)
                    found.papers.append(draft)
                    i = end
                    continue
            if self.authors_then_title(lines, i):
                skip()
                end = self.body_end(lines, i + 1)
                after_title, note, prefix = self.title_of(lines[i + 1])
                body = [line, *lines[i + 2 : end]]
                draft = self.cues(lines[i + 1], _present(after_title), note, prefix, body, "line")
                use(draft)
                found.papers.append(draft)
                i = end
                continue
            entry = self.line_entry(line) if self.starts_paper(lines, i, first=True) else None
            if entry is not None:
                skip()
                end = self.body_end(lines, i)
                title, note, prefix, extra = entry
                form = "bold" if line.strong else "line"
                draft = self.cues(line, title, note, prefix, [*extra, *lines[i + 1 : end]], form)
                if draft.score >= PAPER_SCORE:
                    use(draft)
                    found.papers.append(draft)
                    i = end
                    continue
            leftover.append(line)
            i += 1
        # nothing else made a paper: bare titles alone on their lines, each over paragraphs
        # about it (a blog post saved as text), plain lines between them their sessions
        spans = self.bare_titles(leftover) if len(found.papers) == papers_before else []
        if spans:
            rows = list(leftover)
            leftover[:] = rows[: spans[0][0]]
            for start, end in spans:
                named = self.bare_session(rows, start)
                if named is not None:
                    if leftover and leftover[-1] is rows[start - 1]:
                        leftover.pop()
                    session = (named, rows[start - 1].number)
                skip()
                take(self.peer_draft(rows, start, end), rows[start:end])
        skip()  # a session line last in the run names the lists or headings after it
        return session

    def peer_draft(self, lines: list[Line], start: int, end: int) -> Draft:
        """The paper whose title is ``lines[start]`` and whose block runs to ``end``, one of
        several of the same shape (its peers)."""
        title, note, prefix = self.title_of(lines[start])
        body = lines[start + 1 : end]
        draft = self.cues(lines[start], _present(title), note, prefix, body, "line")
        if "peers" not in draft.cues:
            draft.cues.append("peers")
        return draft

    def bare_titles(self, lines: list[Line]) -> list[tuple[int, int]]:
        """Where each paper starts and ends in lines that hold no other paper: two or more
        titles shaped strongly, each alone in its paragraph, and each followed by prose
        about it ("Perseus: A Fail-Slow Detection Framework for Cloud Storage Systems",
        then what the note-taker wrote); empty unless every such title has its prose."""
        starts = [k for k in range(len(lines)) if self.bare_title(lines, k)]
        heads = set(starts)
        starts = [k for k in starts if k + 1 not in heads]  # a session line right above one
        out = []
        for n, k in enumerate(starts):
            end = starts[n + 1] if n + 1 < len(starts) else len(lines)
            if end < len(lines) and self.bare_session(lines, end) is not None:
                end -= 1  # the next paper's session line
            if not any(is_prose(line.text) for line in lines[k + 1 : end]):
                return []
            out.append((k, end))
        return out if len(out) >= 2 else []

    def bare_title(self, lines: list[Line], k: int) -> bool:
        """A title of four words or more, alone in its paragraph, shaped strongly so."""
        if lines[k].links or not self.lone_title(lines, k):
            return False
        shape = title_shape(lines[k].text, self.labels)
        return shape.ok and shape.strong and len(shape.title.split()) >= 4

    def bare_session(self, lines: list[Line], k: int) -> str | None:
        """The session a plain line right above the bare title at ``k`` names ("Coding and
        Cloud Storage", "Key-Value Stores"): a few words in Title Case, alone."""
        if k == 0 or not _alone(lines, k - 1) or lines[k - 1].links:
            return None
        text = lines[k - 1].text.strip()
        words = text.split()
        if not 1 <= len(words) <= 5 or is_prose(text) or _SENTENCE_MARKS.search(text):
            return None
        named = all(w[:1].isupper() or w.casefold() in _SMALL_WORDS for w in words)
        return text if named and words[0][:1].isupper() else None

    def lead_title(self, lines: list[Line], i: int) -> tuple[str, str, str, list[Line]] | None:
        """A paragraph that starts with a bold title and goes on in prose ("**Title** was
        presented by ..."): the title, its note and prefix, and the rest of the line."""
        line = lines[i]
        if not line.lead or (i > 0 and lines[i - 1].block == line.block):
            return None
        shape = title_shape(line.lead, self.labels)
        if not shape.ok or len(shape.title.split()) < 3:
            return None
        rest = line.text[len(line.lead) :].strip() if line.text.startswith(line.lead) else ""
        paragraph = " ".join([rest, *(ln.text for ln in lines[i + 1 :] if ln.block == line.block)])
        if not is_prose(paragraph):
            return None
        remainder = [replace(line, text=rest, lead="")] if rest else []
        return shape.title, shape.note, shape.prefix, remainder

    def remark_line(self, line: Line) -> bool:
        """A line under a bold title that says something about it with a label kg does not
        know ("Gist: collectives built from spanning trees"); not a title itself ("µTune:
        Auto-Tuned Threading for OLDI Microservices", the next paper of a program)."""
        m = _UNKNOWN_LABEL.match(line.text)
        if m is None:
            return False
        words = [w for w in m.group("value").split() if len(w) >= 4 and w[:1].isalpha()]
        return bool(sum(w[:1].isupper() for w in words) * 5 < len(words) * 3)  # not Title Case

    def quoted_lead(self, lines: list[Line], i: int) -> tuple[str, list[Line]] | None:
        """A paragraph of prose that names a talk by its title in quotes and its authors
        ("The industry session opened with "Title" by A, B and C, all at Google (DOI
        10.1109/x)"): the title, and the authors, institutions and link as lines of their
        own, before the paragraph's lines (the paper's notes)."""
        line = lines[i]
        if line.kind != "text" or (i > 0 and lines[i - 1].block == line.block):
            return None
        marked = _BOOK_TITLE.search(line.text)
        if marked is not None:
            return self.book_title(line, marked)
        m = _QUOTED_BY.search(line.text)
        if m is None or not is_prose(line.text):
            return None
        shape = title_shape(m.group("title"), self.labels)
        if not shape.ok or len(shape.title.split()) < 3:
            return None
        who = _FIRST_SENTENCE.split(m.group("who"), maxsplit=1)[0].rstrip(".")
        pieces = [_BRACKET_PART.sub(" ", who)]
        pieces += [p for b in _BRACKET_PART.findall(who) for p in regex.split(r"\s*;\s*", b)]
        said: list[Line] = []
        for piece in (p.strip(" ,") for p in pieces):
            for part in _ALL_AT.split(piece, maxsplit=1):  # "A and B, all at Google"
                doi = DOI_RE.search(part)
                arxiv = arxiv_of(part) if len(part.split()) <= 2 else None  # "arXiv 2007.00156"
                if doi is not None:
                    said.append(replace(line, text=f"DOI: {doi.group(1)}", links=(), lead=""))
                elif arxiv is not None:
                    said.append(replace(line, text=f"Link: arXiv:{arxiv}", links=(), lead=""))
                elif part and author_line(part, self.labels) is not None:
                    said.append(replace(line, text=part, links=(), lead="", kind="authors"))
        if not said:
            return None
        return shape.title, said

    def book_title(self, line: Line, marked: regex.Match[str]) -> tuple[str, list[Line]] | None:
        """A paragraph that names the paper it is about by its title in book-title marks,
        and says it is a paper or names its authors or link ("本周分享的论文是《Title》，作者来自
        …。DOI：…"): the title (the paragraph, the paper's first line, says the rest)."""
        shape = title_shape(marked.group("title"), self.labels)
        if not shape.ok or len(shape.title.split()) < 3 or not _PAPER_WORDS.search(line.text):
            return None
        return shape.title, []

    def id_field(self, line: Line) -> bool:
        """A field kg has no label for that gives the paper's ids ("arXiv：2309.00558；DOI：
        10.1145/…"): part of the paper above it."""
        text = line.text
        if self.labels.label(text) is not None or _UNKNOWN_LABEL.match(text) is None:
            return False
        return _says_id(text)

    def field_pieces(self, line: Line) -> list[Line]:
        """ "Paper: Title | Venue: OSDI'24 | Authors: A, B (MIT)": labelled fields on one
        line, kept apart by bars, as a line each (when every piece is a field kg knows)."""
        if "|" not in line.text and "｜" not in line.text:
            return [line]
        pieces = [p.strip() for p in _FIELD_BARS.split(line.text) if p.strip()]
        if len(pieces) < 2 or any(self.labels.label(p) is None for p in pieces):
            return [line]
        return [replace(line, text=p, lead="", tags=()) for p in pieces]

    def group_label(self, line: Line) -> str | None:
        """ "**Database:**" alone in its paragraph: a bold name and a colon, over the list
        after it, names the session of the papers in it."""
        text = line.text.strip()
        if not (line.strong and text.endswith((":", "："))) or line.links:
            return None
        name = text.rstrip(":：").strip()
        if not name or len(name.split()) > 5 or len(name) > 40 or self.labels.label(text):
            return None
        return self.labels.clean_session(name) or None

    def bracket_group(self, lines: list[Line], i: int) -> str | None:
        """ "【存储系统】" alone in its paragraph: a short name in black lenticular brackets
        over the papers after it names their session (one that names a venue, "【SOSP 2023
        论文速递】", is the notes' title)."""
        line = lines[i]
        m = _BRACKET_GROUP.fullmatch(line.text.strip())
        if m is None or line.links or not _alone(lines, i):
            return None
        name = m.group(1).strip()
        if venue_in(name, self.labels) or self.labels.is_generic(name) or len(name.split()) > 5:
            return None
        return self.labels.clean_session(name) or None

    def timed_session(self, text: str) -> str | None:
        """A line of a pasted program with its time: "Machines, Learning (09:00-10:20)"
        names the session of the papers after it (a break's line names none, as no paper
        follows it before the next session's line)."""
        if not self.labels.has_time(text):
            return None
        name = self.labels.clean_session(text)
        if _DATE_ONLY.fullmatch(name):
            return None  # "Tuesday, August 2, 2022 3:14 PM": when a page was written
        return name if name and len(name.split()) <= 8 else None

    def title_summary_list(self, lines: list[Line], i: int) -> list[tuple[int, int]]:
        """Title lines each followed by paragraphs about the paper, two or more times in a
        row ("[2019.SP.Title](url)" then a paragraph, then the next title): the start and
        end of each paper; empty when line ``i`` starts no such list."""
        out: list[tuple[int, int]] = []
        j = i
        while j < len(lines) and self.lone_title(lines, j):
            if _short_title(self.title_of(lines[j])[0] or ""):
                break
            k = j + 1
            while (
                k < len(lines)
                and not self.lone_title(lines, k)
                and (
                    is_prose(" ".join(ln.text for ln in lines[k:] if ln.block == lines[k].block))
                    or self.id_field(lines[k])  # "arXiv：2309.00558；DOI：10.1145/…"
                )
            ):
                block = lines[k].block
                while k < len(lines) and lines[k].block == block:
                    k += 1
            if k == j + 1:
                break  # a title with no summary: the list (if any) ends here
            out.append((j, k))
            j = k
        # most of the titles are shaped strongly so: not questions and answers ("Q: ...")
        strong = sum(title_shape(lines[a].text, self.labels).strong for a, _ in out)
        return out if len(out) >= 2 and strong * 2 >= len(out) else []

    def title_list(self, lines: list[Line], i: int) -> int:
        """The end of a list of bare titles starting at line ``i`` (``i`` when there is
        none): three or more lines in a row, each a paragraph of its own, each shaped
        like a title and most of them strongly so (a reading list: title after title)."""
        j = i
        while j < len(lines) and self.lone_title(lines, j):
            if j + 1 < len(lines) and is_prose(lines[j + 1].text):
                break  # a title with a summary after it: no bare title
            j += 1
        run = lines[i:j]
        if len(run) < 3:
            return i
        strong = sum(title_shape(line.text, self.labels).strong for line in run)
        return j if strong * 5 >= len(run) * 4 else i

    def lone_title(self, lines: list[Line], j: int) -> bool:
        """A line alone in its paragraph, shaped like a title and like nothing else."""
        line = lines[j]
        if not _alone(lines, j) or line.depth or self.labels.label(line.text):
            return False
        if self.link_only(line) and not (len(line.links) == 1 and line.links[0].text == line.text):
            return False  # "[[paper]](...) [[video]](...)": links, not a title
        if self.labels.bare_label(line.text) or self.labels.session_name(line.text):
            return False
        if is_prose(line.text) or author_line(line.text, self.labels) is not None:
            return False
        return self.title_of(line)[0] is not None

    def authors_then_title(self, lines: list[Line], i: int) -> bool:
        """An author line ending with a colon, then a title in the same paragraph (dblp)."""
        line = lines[i]
        if i + 1 >= len(lines) or not line.text.rstrip().endswith((":", "：")):
            return False
        nxt = lines[i + 1]
        return (
            nxt.block == line.block
            and author_line(line.text, self.labels) is not None
            and author_line(nxt.text, self.labels) is None
            and self.title_of(nxt)[0] is not None
        )

    def attach(self, draft: Draft, session: tuple[str, int] | None) -> None:
        if session is not None:
            draft.session, draft.session_line = session

    def starts_paper(self, lines: list[Line], i: int, first: bool = False) -> bool:
        """Whether line ``i`` of a run may start a paper: shaped like a title, and followed
        by an author line or a link, or bold among bold titles, or with a link of its own."""
        line = lines[i]
        if self.labels.label(line.text) or is_stray_number(line.text):
            return False
        if self.lead_title(lines, i) is not None or self.quoted_lead(lines, i) is not None:
            return True
        first_in_block = i == 0 or lines[i - 1].block != line.block
        if first_in_block and (self.one_line_paper(line) or self.quoted_first(line) is not None):
            return True
        if not first_in_block and self.quoted_below(lines, i):
            return True
        title, note, _ = self.title_of(line)
        if title is None:
            summed = self.title_then_summary(line) if first_in_block else None
            # "Title (NIPS 2021 workshop) 做了一套……": a paper cited, then words about it
            return summed is not None and venue_tag(summed[0].note, self.labels)
        if author_line(line.text, self.labels) is not None or is_prose(line.text):
            return False
        if any(doi_of(link.url) for link in line.links):
            return True
        if not first_in_block and self.in_paragraph(lines, i):
            return False  # a line of a paragraph of prose, no title
        if (line.strong or line.lead) and any(
            link.text.strip() == title and self.is_paper_link(link.url) for link in line.links
        ):
            return True  # "__[Slacker: ...](….pdf)__ [2016, 5 refs]": a bold link to a paper
        if note and any(_named_place(p, self.labels) for p in _note_pieces(note)):
            return True
        if note and venue_tag(note, self.labels) and self.long_strong(title):
            return True  # "[GPipe: …]()(NIPS 2019)", "Title. (ICLR 2020)": a paper cited
        if i + 1 < len(lines) and self.name_over_places(line, lines[i + 1]):
            return False  # "Andrey Prokopenko" over "Oak Ridge National Laboratory": an author
        following = _past_pictures(lines, i + 1, 3)
        for k, nxt in enumerate(following):
            if nxt.strong and not line.strong:
                break
            if author_line(nxt.text, self.labels) is not None:
                return True
            if self.link_only(nxt) and any(self.is_paper_link(link.url) for link in nxt.links):
                return True
            label = self.labels.label(nxt.text)
            if label is not None and label[0] in ("institutions", "link"):
                return True
            if _ID_LINE.match(nxt.text) and _says_id(nxt.text) and len(nxt.text) <= 120:
                return True  # "arXiv 1708.08917" on its own line, as "DOI 10.1145/…" is
            if is_question(nxt.text):
                continue  # a sheet's "Q. Who wrote it?" over its answer, the authors
            about = is_prose(nxt.text) or self.remark_line(nxt)
            if k == 0 and line.strong and (self.labels.bare_label(nxt.text) or about):
                if first:
                    return True
                continue  # a bold title, a line about it ("Gist: ..."), then its authors
            if not self.link_only(nxt):
                break
        return False

    def quoted_below(self, lines: list[Line], i: int) -> bool:
        """A title in quotes with its venue or authors right under a schedule's slot line or
        a post's time ("Week 3 · Feb 12 · presenter: Alice", then '"Omega: …" (EuroSys '13)'
        and the authors): a paper starts inside the paragraph."""
        if not _slot_line(lines, i - 1):
            return False  # a reference quoted in a paper's notes starts no paper
        quoted = self.quoted_title(lines[i])
        if quoted is None:
            return False
        title, said, venue = quoted
        authors = any(s.kind == "authors" for s in said) or (
            i + 1 < len(lines)
            and lines[i + 1].block == lines[i].block
            and author_line(lines[i + 1].text, self.labels) is not None
        )
        return title_shape(title, self.labels).strong and bool(venue or authors)

    def in_paragraph(self, lines: list[Line], i: int) -> bool:
        """Whether line ``i`` goes on a paragraph of prose: the line above it is no title,
        authors, field or link ("latency 不会影响资源利用率。"), or the paragraph began
        in prose ("作者来自中山大学，思路简单好用。" then short lines)."""
        above = lines[i - 1]
        if above.links or self.labels.label(above.text) or author_line(above.text, self.labels):
            return False
        if not title_shape(above.text, self.labels).ok:
            return True
        k = i - 1
        while k > 0 and lines[k - 1].block == above.block:
            k -= 1
        return k < i - 1 and is_prose(lines[k].text)

    def bold_peer(self, lines: list[Line], i: int, j: int) -> bool:
        """Whether the bold line ``j`` in the block of the bold title ``i`` is the next paper:
        both alone in their paragraphs and shaped strongly as titles of four words or more,
        prose (past pictures) under it ("**sIOPMP: Scalable and Efficient I/O Protection for
        TEEs**", a photo, a paragraph about the talk)."""
        line, start = lines[j], lines[i]
        if not (line.strong and start.strong) or line.text.rstrip().endswith((":", "：")):
            return False
        if not all(_alone(lines, k) and self.long_strong(lines[k].text) for k in (i, j)):
            return False
        after = _past_pictures(lines, j + 1, 1)
        return bool(after) and is_prose(after[0].text)

    def long_strong(self, text: str) -> bool:
        """A title shaped strongly so, of four words or more, and no label kg knows."""
        shape = title_shape(text, self.labels)
        return (
            shape.ok
            and shape.strong
            and len(shape.title.split()) >= 4
            and self.labels.label(text) is None
            and not self.labels.bare_label(text)
        )

    def title_goes_on(self, lines: list[Line], i: int) -> bool:
        """Whether a labelled title on line ``i`` goes on on the next line: that line, in
        the same paragraph, is no label, no link and no sentence, and a label follows it."""
        if i + 2 >= len(lines):
            return False
        nxt, after = lines[i + 1], lines[i + 2]
        return (
            nxt.block == lines[i].block == after.block
            and not nxt.links
            and not URL_RE.search(nxt.text)
            and self.labels.label(nxt.text) is None
            and _UNKNOWN_LABEL.match(nxt.text) is None
            and not _DOT_FIELD.search(nxt.text)  # "Who · Amy Ousterhout, …": a field
            and author_line(nxt.text, self.labels) is None
            and not is_prose(nxt.text)
            and self.labels.label(after.text) is not None
            and not lines[i].text.rstrip().endswith((".", "。", "!", "?", "！", "？"))
        )

    def name_over_places(self, line: Line, nxt: Line) -> bool:
        """A person's name alone on its line over a line of institutions only (a program's
        "Sascha Hunold" over "_TU Wien, Vienna, Austria_"): an author and where they work."""
        return not line.links and name_over_places(line.text, nxt.text, self.labels)

    def body_end(self, lines: list[Line], i: int, labelled: bool = False) -> int:
        """Where the block of the paper starting at line ``i`` ends."""
        j = i + 1
        while j < len(lines):
            text = lines[j].text
            label = self.labels.label(text)
            if label is not None and label[0] == "title":
                break
            word = self.labels.label_word(text)
            if (
                labelled
                and label is not None
                and label[0] in ("institutions", "link")
                and any(self.labels.label_word(lines[k].text) == word for k in range(i, j))
            ):
                # the same label again ("Authors:" twice; "Authors:" then "Affiliations:" is one
                # paper): a second paper whose title label is missing, or is one kg does not know
                unknown = _UNKNOWN_LABEL.match(lines[j - 1].text)
                shape = title_shape(unknown.group("value"), self.labels) if unknown else None
                if (
                    j - 2 > i
                    and unknown is not None
                    and _led_authors(lines[j - 1].text, self.labels)
                    and title_shape(lines[j - 2].text, self.labels).strong
                ):
                    j -= 2  # "Mojim: A Reliable …", "who: A, B (UCSD)", then "doi: …"
                elif j - 1 > i and shape is not None and _titled(shape):
                    j -= 1
                break
            if (
                (
                    self.labels.session_name(text)
                    or self.timed_session(text)
                    or self.bracket_group(lines, j)
                )
                and not (labelled and label is not None)  # "Abstract: ... Wed ...": a field
                and not self.starts_paper(lines, j)
            ):
                # program chrome before the next session ("Break", "Lunch"): no part of the paper
                while j - 1 > i and _chrome(lines[j - 1], lines[j - 2]):
                    j -= 1
                break
            if j == i + 1 and lines[i].strong and self.remark_line(lines[j]):
                j += 1  # "**Title**", then "Gist: ...": a line about it, not the next title
                continue
            if _repeats_title(lines[j], self.title_of(lines[i])[0] or "", self.labels):
                j += 1  # "code [Title](repo)", then "paper [Title](….pdf)": its other link
                continue
            if not labelled and (
                self.starts_paper(lines, j)
                or self.bold_peer(lines, i, j)
                or self.opening_peer(lines, i, j)
            ):
                # "Week 3 · Feb 14 · presenter: Dev", then the next title in quotes: the
                # slot line above that title is the next paper's, not this one's
                if (
                    j - 1 > i
                    and lines[j - 1].block == lines[j].block != lines[i].block
                    and _slot_line(lines, j - 1)
                ):
                    j -= 1
                break
            if labelled and self.starts_paper(lines, j) and not self.labels.label(text):
                break
            if labelled and i > 0 and self.opening_peer(lines, i - 1, j):
                break
            j += 1
        return j

    def opening_peer(self, lines: list[Line], i: int, j: int) -> bool:
        """Whether the bold line ``j`` below the labelled fields of the bold title ``i`` is the
        next paper: both open their paragraphs, shaped strongly as titles (memos exported as
        HTML, "<p><strong>Title</strong></p><p>作者：…</p>…", a paragraph each)."""
        line, start = lines[j], lines[i]
        if not (line.strong and start.strong):
            return False
        opens = all(k == 0 or lines[k - 1].block != lines[k].block for k in (i, j))
        return opens and self.long_strong(line.text) and self.long_strong(start.text)

    # ---- titles and cues ---------------------------------------------------

    def title_of(self, line: Line) -> tuple[str | None, str, str]:
        """The title a line gives (links' own text removed), its bracketed note and prefix."""
        return _title_of(line, self.labels)

    def cues(
        self, line: Line, title: str, note: str, prefix: str, body: list[Line], form: str
    ) -> Draft:
        """The cues of a block for being a paper."""
        labels = self.labels
        cues: list[str] = []
        top = _after_contents(body)
        head = top[:4]
        if _has_authors(note, head, top, labels):
            cues.append("authors")
        # a link inside prose that names some other work ("AlibabaCloud presented
        # [PolarDB-MP](…doi…)" under "## Disaggregated Memory") is that work's, not this block's
        links = [
            *line.links,
            *(
                link
                for b in top[:6]
                for link in b.links
                if not (is_prose(b.text) and self.names_other(link, title))
            ),
        ]
        urls = [link.url for link in links] + URL_RE.findall(
            " ".join([line.text, *(b.text for b in top[:6] if not b.links)])
        )
        # a DOI written bare counts as the link to its paper ("DOI: 10.1145/…"), and so does
        # an id on a short line of its own ("— arXiv 2401.09670, DOI 10.5555/…")
        said = [b.text for b in top[:6] if self.labels.label(b.text)]
        said += [b.text for b in top[:2] if not is_prose(b.text) and len(b.text) <= 120]
        ids = any(_says_id(t) for t in said)
        if any(self.is_paper_link(url) for url in urls) or ids:
            cues.append("link")
        # a name of two words ("Key Point", "Graph Index") heads a part of a paper far more
        # often than a paper: its summary and its form count only for titles of three words
        short = _short_title(title)
        if not short and any(is_prose(text) for text in paragraphs(body)):
            cues.append("summary")
        if title_shape(title, labels).strong:
            cues.append("title")
        if prefix and not short:
            cues.append("tag")
        fields = [labels.label(b.text) for b in head]
        if (note and venue_tag(note, labels)) or any(
            f is not None and f[0] == "conference" and venue_tag(f[1], labels) for f in fields
        ):
            # "Makalu: ... (OOPSLA'16)", or a row's "Venue: NeurIPS 2022": a work and its venue
            cues.append("venue")
        if not short and (form != "line" or not body):
            cues.append("form")
        return Draft(line, title, body, cues, form, note, prefix)

    def names_other(self, link: Link, title: str) -> bool:
        """Whether a link's text names a work other than ``title``: a name or a title, not
        a word for the link itself ("paper", "PDF", "here", an address)."""
        text = link.text.strip()
        if not text or URL_RE.match(text) or self.labels.names_page(text):
            return False
        if fold(text) in _LINK_WORDS or self.labels.named_kind(text) != "other":
            return False
        return fold(text) not in fold(title) and fold(title) not in fold(text)

    def is_paper_link(self, url: str) -> bool:
        return _is_paper_address(url, self.labels)

    def link_only(self, line: Line) -> bool:
        """A line that holds only links ("[[paper]](...) [[video]](...)", a bare URL)."""
        return _is_link_line(line)


def _slot_line(lines: list[Line], k: int) -> bool:
    """A schedule's slot or a post's time: a week, a date, a time or a presenter, no prose
    ("Week 3 · Feb 12 · presenter: Alice Chen", "第 3 周 · 主讲：张三", "17-3-8 21:03 来自
    微博")."""
    text = lines[k].text
    return not is_prose(text) and _SLOT.search(text) is not None


_SLOT = regex.compile(
    r"(?i)\b(?:week|wk|lecture|class|slot|meeting)\s*\d|\b\d{1,2}[/.]\d{1,2}\b"
    r"|\b\d{2,4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}:\d\d\b"
    r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b"
    r"|\bpresent(?:er|ed by)\b|\bspeaker\b|第\s*[\d一二三四五六七八九十]+\s*[周次讲]|主讲|报告人"
)


def _ends_at(draft: Draft, line: Line) -> bool:
    """Whether a paper's lines end with ``line``."""
    return (draft.body[-1] if draft.body else draft.start) is line


# "#论文/PPoPP18 #显存" after a title; TaskPaper's "@presenter(Tom) @done(2018-08-07)"
_TRAILING_TAGS = regex.compile(
    r"(?:\s+(?:#(?![\d\s#])[^\s#]+|@[A-Za-z][\w.\-]*(?:\([^()\n]*\))?))+\s*$"
)


_EMPTY_BRACKETS = regex.compile(r"[(\[（【]\s*[)\]）】]")


@memo
def _title_of(line: Line, labels: Labels) -> tuple[str | None, str, str]:
    """See :meth:`Structure.title_of`."""
    text = _TRAILING_TAGS.sub("", line.text)  # "**Title** #论文/PPoPP18 #显存": tags after it
    joined = " ".join(line.tags)
    if joined and text.startswith(joined):
        rest = text[len(joined) :].strip()
        if rest and not rest.startswith((":", "：")):
            text = rest  # "`G13P08` `2016-09-15` Title": codes before the title
    links = [link for link in line.links if link.text]
    if links and all(
        labels.link_kind(k.url, k.text) in _NOT_PAPERS or labels.names_page(k.text) for k in links
    ):
        rest = text
        for link in links:
            rest = rest.replace(link.text, " ")
        label = _LINK_LABEL.match(rest)
        if label and (
            label.group(1)
            or all(
                labels.named_kind(k.text) in _NOT_PAPERS or labels.names_page(k.text) for k in links
            )
        ):
            return None, "", ""  # "Video: [THU AOS P7 - P11](...)", "[W2 Slides](...)"
    if len(links) == 1 and text.endswith(links[0].text):
        head = text[: -len(links[0].text)].strip()
        if labels.is_link_word(head):
            text = links[0].text  # "code [Title](github…)", "paper [Title](….pdf)": what it is
    after = text[len(links[0].text) :] if len(links) == 1 and links[0].text else ""
    if len(links) == 1 and links[0].text == text:
        pass  # "[Title](https://doi.org/...)": the link's text is the title
    elif (
        after.startswith((",", "，"))
        and text.startswith(links[0].text)
        and _is_paper_address(links[0].url, labels)
        and title_shape(links[0].text, labels).strong
    ):
        # "[Title](….pdf), XMU, Qiao Xiang": the linked title, then a note on it
        shape = title_shape(links[0].text, labels)
        return shape.title, after.strip(" ,，"), shape.prefix
    else:
        for link in sorted(links, key=lambda k: len(k.text), reverse=True):
            if link.text and len(link.text.split()) <= 3 and link.text != text:
                text = text.replace(link.text, " ")
        text = URL_RE.sub(" ", text)
        text = _EMPTY_BRACKETS.sub(" ", text)  # "([summary](…)) Title": the brackets it left
        text = _TRAILING_MARKS.sub("", text)
        text = _SPACE_RUN.sub(" ", text).strip(" |｜")
    shape = title_shape(text, labels)
    if not shape.ok or is_question(text) or _led_authors(text, labels):
        return None, "", ""  # "Q. Who wrote it?": a point of the notes, whatever its shape
    return shape.title, shape.note, shape.prefix


def _led_authors(text: str, labels: Labels) -> bool:
    """Whether a line is an author line after a lead of the note-taker's ("who: A, B, C
    (Indian Institute of Science)", "Team -- A (MIT)"): no title, whatever its shape."""
    value = point_of(text, labels)
    found = author_line(value, labels) if value is not None else None
    # people, listed ("A, B", "A et al."): not the words of a subtitle ("Duet: Cloud Scale
    # Load Balancing with Hardware and Software", where "Software" names no place)
    listed = value is not None and _LISTED_PEOPLE.search(value) is not None
    return found is not None and bool(found.authors) and placed(found) and listed


def _venue_at(text: str, at: int, labels: Labels) -> regex.Match[str] | None:
    """A venue and its year in brackets at ``at`` of ``text`` ("(SOSP'19)"), or None."""
    m = _BRACKETED.match(text, at)
    return m if m is not None and venue_tag(m.group(1).strip(), labels) else None


def _says_id(text: str) -> bool:
    """Whether a text gives a paper's DOI or arXiv id ("DOI 10.5555/…", "arXiv 2401.09670")."""
    return bool(DOI_RE.search(text) or ARXIV_RE.search(text))


def _repeats_title(line: Line, title: str, labels: Labels) -> bool:
    """A linked line that gives ``title`` again ("paper [Title](….pdf)" under "code
    [Title](repo)"): one more link of that paper's."""
    if not line.links or not title:
        return False
    again = _title_of(line, labels)[0]
    return again is not None and fold(again) == fold(title)


def _is_paper_address(url: str, labels: Labels) -> bool:
    """A link to a paper: a DOI, or a page or PDF the link kinds call a paper's."""
    return doi_of(url) is not None or labels.link_kind(url, "") == "paper"


def _short_title(title: str) -> bool:
    """Two words or fewer and no colon (English), six characters or fewer (Chinese); a
    system's name ("NanoFlow", "WLB-LLM") is no short title but a name."""
    if is_chinese(title):
        return len(title) <= 6
    return len(title.split()) < 3 and ":" not in title and not _system_name(title)


def _surnames(text: str) -> list[str]:
    """The family names of a short list ("Saltzer, Reed, and Clark", "Sreekanti et al."), or
    none when a piece is anything else."""
    text = ET_AL.sub("", text.strip().rstrip("."))
    pieces = [p for p in SPLIT_PEOPLE.split(text) if p]
    if not pieces or not all(_SURNAME.fullmatch(p) for p in pieces):
        return []
    return pieces


def _system_name(text: str) -> bool:
    """One token shaped like a system's name: "WaferLLM", "ZEN", "WLB-LLM", "T-MAC"."""
    return _SYSTEM_NAME.fullmatch(text.strip()) is not None


# a clause of prose: up to a full stop or a semicolon
_CLAUSE = regex.compile(r"(?<=[。；;！？!?])|(?<=\.)\s+(?=\p{Lu})")
# "@Charlie": a person named by a social handle, which ends at a space or a mark
_HANDLE_NAME = regex.compile(r"(?<![\w@])@([\p{L}][\p{L}\d_\-]{1,30})(?=[\s,，、;；]|$)")


def _about(line: Line, titles: list[str], labels: Labels) -> list[list[Line]]:
    """What a paragraph of prose says of each paper it links to, in order: the text after
    a link, to the next link, is that link's paper's ("接着是 [SoCFlow: …](…)，想法是……").
    Papers linked together ("[PIM-DL: …](…) 和 [SpecPIM: …](…)。PIM-DL 把……；SpecPIM
    给……") share the text after them, a clause going to the paper whose name it holds
    ("PIM-DL") and its next clauses with it. The people the text before the first link
    names by handles ("@Charlie @李秀红 他们的 [Centauri: …]") are that paper's authors,
    and that text is its too when it names authors ("刘譞哲老师组里徐大亮的 [SoCFlow: …]")."""
    text = line.text
    spans = []
    at = 0
    for title in titles:
        start = text.find(title, at)
        if start < 0:
            return [[] for _ in titles]
        spans.append((start, start + len(title)))
        at = start + len(title)
    groups = [[0]]
    for k in range(1, len(titles)):
        if _JOINED.match(text[spans[k - 1][1] : spans[k][0]]):  # "[A] 和 [B]", "[A], [B]"
            groups[-1].append(k)
        else:
            groups.append([k])
    out: list[list[Line]] = [[] for _ in titles]

    def said(k: int, words: str, linked: bool = True) -> None:
        words = words.strip(" :：,，;；")
        if words.strip("。."):
            # the links of the words before a paper's link name its people, not the paper
            links = tuple(ln for ln in line.links if linked and ln.text and ln.text in words)
            out[k].append(replace(line, text=words, kind="text", links=links, lead="", tags=()))

    before = text[: spans[0][0]]
    people = []
    for link in line.links:  # "[@Gyeong-In Yu](…)": a handle that is a link, spaces and all
        if link.text.startswith("@") and link.text in before:
            people.append(link.text[1:].strip())
            before = before.replace(link.text, " ", 1)
    people += _HANDLE_NAME.findall(before)
    people = [  # "@usenix": an organisation's handle, no author
        p for p in dict.fromkeys(people) if not (labels.is_known(p) or labels.has_org_word(p))
    ]
    for k in groups[0]:
        if people:
            out[k].append(
                replace(line, text=", ".join(people), kind="people", links=(), lead="", tags=())
            )
        if author_phrases(before, labels):  # "刘譞哲老师组里徐大亮的 [SoCFlow: …](…)"
            said(k, before, linked=False)
    for g, members in enumerate(groups):
        end = spans[members[-1]][1]
        stop = spans[groups[g + 1][0]][0] if g + 1 < len(groups) else len(text)
        after = text[end:stop]
        clauses = _CLAUSE.split(after)
        if g + 1 < len(groups) and len(clauses) > 1 and author_phrases(clauses[-1], labels):
            # "…。接着是刘譞哲老师组里徐大亮的 [SoCFlow: …]": the next paper's people
            last = clauses.pop()
            after = after[: after.rfind(last)]
            for k in groups[g + 1]:
                said(k, last, linked=False)
        if len(members) == 1:
            said(members[0], after)
            continue
        names = {k: _short_name(titles[k]) for k in members}
        told = members
        for clause in clauses:
            # the paper whose name comes first in the clause, as a word ("PIM-DL", not "PIM")
            where = {k: _word_at(names[k], clause) for k in members if names[k]}
            named = sorted((a, -len(names[k]), k) for k, a in where.items() if a >= 0)
            if named:
                told = [named[0][2]]
            for k in told:
                said(k, clause)
    return out


def _word_at(name: str, text: str) -> int:
    """Where ``name`` first stands in ``text`` as a word of its own, or -1."""
    at = text.find(name)
    while at >= 0:
        before, after = text[at - 1 : at], text[at + len(name) : at + len(name) + 1]
        if not any(c.isalnum() or c in "-_" for c in before + after):
            return at
        at = text.find(name, at + 1)
    return -1


def _short_name(title: str) -> str:
    """The name a title gives its system before its colon ("PIM-DL: Expanding …"), or ""."""
    name, colon, _ = title.partition(":")
    return name.strip() if colon and len(name.split()) <= 3 else ""


def _titled(shape: TitleShape) -> bool:
    """A field's value that is a paper's title: shaped like one, and more than a word or a
    number ("年份: 2026" is no title)."""
    return (
        shape.ok and (shape.strong or len(shape.title.split()) >= 3) and not shape.title.isdigit()
    )


def _named_place(text: str, labels: Labels) -> bool:
    """An institution named in brackets after a title ("(MIT)", "(Google Brain)"): one kg
    knows or one with an organisation word; an unknown acronym ("(ECMP)") is no place, nor
    is the note-takers' gathering ("(systems reading group, summer term)")."""
    if _GATHERING.search(text):
        return False
    return labels.is_known(text) or labels.has_org_word(text)


def _proper_name(text: str) -> bool:
    """A short name written as names are: capitalised words, or Chinese."""
    words = text.split()
    return 0 < len(words) <= 4 and all(w[:1].isupper() or is_chinese(w[:1]) for w in words)


def _stands(draft: Draft, inside_paper: bool, beside_fields: bool = False) -> bool:
    """Whether a paper found inside a container stands on its own: a heading, or a block
    that carries a paper's things; inside a container that is a paper itself, a heading
    with nothing but a summary ("##### Key Point") is a part of that paper, and so is a
    point nested beside the paper's own field items ("- Trick: episodes", then more)."""
    if beside_fields:
        return carries_fields(draft)
    if inside_paper:
        # a heading with only a summary is a part ("##### Key Point"); a strongly shaped
        # title with a summary of its own is a paper nested by a careless indent
        strong = "title" in draft.cues and "summary" in draft.cues
        return strong or carries_fields(draft)
    return draft.form.startswith("heading") or _carries(draft)


def _peer_of(inner: Draft, outer: Draft) -> bool:
    """An item nested under a paper's item and read as a paper by the very cues that made
    the outer one ("- [SOSP'07-Dynamo: ...](…)" over "- [OSDI'12-Spanner: ...](…)"): a paper
    of its own, nested by the notes' grouping, no part of the outer paper."""
    mine = set(outer.cues) - {"peers"}
    return (
        inner.form.startswith("item")
        and outer.form.startswith("item")
        and inner.score >= PAPER_SCORE
        and bool(mine)
        and mine <= set(inner.cues)
    )


def carries_fields(draft: Draft) -> bool:
    """Whether a paper carries fields of its own: authors, a link, a label or a venue."""
    return any(c in ("authors", "link", "label", "venue") for c in draft.cues)


def _carries(draft: Draft) -> bool:
    """Whether a paper carries what papers carry: its fields, or a summary."""
    return carries_fields(draft) or "summary" in draft.cues


def _first_field(draft: Draft) -> str | None:
    """The name of the field a paper's block opens with ("会议+年份" of "会议+年份：SOSP 2023
    ｜ …"), folded; None when it opens otherwise."""
    if not draft.body:
        return None
    m = _UNKNOWN_LABEL.match(draft.body[0].text)
    return fold(m.group("label")) if m else None


def _same_title(draft: Draft, title: str | None) -> bool:
    """Whether a paper found below a heading is the heading's own, cited again."""
    return bool(title) and fold(draft.title) == fold(title or "")


# words a title never ends with, that a sentence wrapped onto the next line may stop after
_RUNS_ON_WORDS = frozenset(
    "a an the of to for with and or but that which who in on by from as at is are"  # noqa: SIM905
    " was were be than into onto its their our your this these no not".split()
)


def _said_of(inner: Draft, outer: Draft) -> bool:
    """Whether a block below a paper's title says what that paper's system is, under its
    name ("- ViewBox: sync service and local file system built together." below "ViewBox:
    Integrating Local File Systems with Cloud Storage Services"): a point of the paper,
    not a paper of its own, unless it carries a paper's link or authors."""
    name, colon, _ = outer.title.partition(":")
    return (
        bool(colon)
        and fold(inner.title.partition(":")[0]) == fold(name)
        and not {"link", "authors", "label"} & set(inner.cues)
    )


def _opens_lower(title: str) -> bool:
    """Whether a title opens with a Latin letter in lower case ("find a DOI for …")."""
    return title[:1].isascii() and title[:1].islower()


def _form(line: Line) -> str:
    """A container's form: "heading2", "item1"."""
    return f"heading{line.level}" if line.kind == "heading" else f"item{line.depth}"


def _alone(lines: list[Line], j: int) -> bool:
    """Whether line ``j`` is alone in its paragraph."""
    block = lines[j].block
    return (j == 0 or lines[j - 1].block != block) and (
        j + 1 == len(lines) or lines[j + 1].block != block
    )


def _past_pictures(lines: list[Line], start: int, n: int) -> list[Line]:
    """The first ``n`` lines from ``start`` that are not HTML, passing over up to two: the
    pictures between a title and what follows it say nothing of it ("<img src=…>")."""
    return [line for line in lines[start : start + n + 2] if line.kind != "html"][:n]


def _lazy_session(line: Line, by_item: dict[int, Node], labels: Labels) -> bool:
    """A session line glued to the list item above it ("3. Title" then "Session: Bugs"
    with no blank line: Markdown continues the item): the session, not the item's text."""
    item = by_item[line.item].line
    return item is not None and item.block == line.block and bool(labels.session_name(line.text))


def _after_contents(body: list[Line]) -> list[Line]:
    """A block without the table of contents at its top ("文章目录" or "@[TOC]", then short
    items naming its sections), which would hide the fields below it."""
    at = 0
    while at < len(body) and _CONTENTS.match(body[at].text):
        at += 1  # "@[TOC](文章目录)", then "文章目录"
    if at == 0:
        return body
    while at < len(body) and body[at].kind == "item" and len(body[at].text.split()) <= 4:
        at += 1
    return body[at:]


def _has_authors(note: str, head: list[Line], body: list[Line], labels: Labels) -> bool:
    """An institution in the title's brackets, an author line, an author label or phrase."""
    if note and any(_named_place(p, labels) for p in _note_pieces(note)):
        return True
    if any(author_line(b.text, labels) for b in head[:3]):
        return True
    if any(_label_kind(b.text, labels) == "institutions" for b in head):
        return True
    return any(author_phrases(b.text, labels) for b in body[:6])


def _own_heading(node: Node, inner: Found) -> bool:
    """A heading right above the one paper under it, whose title is a labelled field
    ("## DeepPool", then "title:: Efficient Strong Scaling ..."): the paper's own heading,
    no session."""
    line = node.line
    return (
        line is not None
        and line.kind == "heading"
        and len(inner.papers) == 1
        and inner.papers[0].form == "label"
        and inner.papers[0].start.number == line.number + 1
    )


def _label_kind(text: str, labels: Labels) -> str | None:
    label = labels.label(text)
    return label[0] if label is not None else None


def _chrome(line: Line, before: Line) -> bool:
    """A short paragraph of its own that is no prose: "Break", "Lunch", "Coffee (30 min)"."""
    return line.block != before.block and len(line.text.split()) <= 4 and not is_prose(line.text)


def paragraphs(lines: list[Line]) -> list[str]:
    """The text of lines joined paragraph by paragraph."""
    out: list[str] = []
    block = -1
    for line in lines:
        if line.block == block and out:
            out[-1] += " " + line.text
        else:
            out.append(line.text)
            block = line.block
    return out


def _note_pieces(note: str) -> list[str]:
    return [p.strip() for p in _NOTE_SPLIT.split(note) if p.strip()]


# ---- a paper's block -> its fields ---------------------------------------------


@dataclass
class Fields:
    """What a paper's block says besides its title."""

    authors: list[Author] = field(default_factory=list)
    written: list[str] = field(default_factory=list)  # author and affiliation text, as written
    institutions: list[str] = field(default_factory=list)  # named for no author in particular
    links: list[PaperLink] = field(default_factory=list)
    link_field: tuple[str, int] | None = None  # a labelled link: its text and line
    conference: str = ""  # a labelled venue in the paper's block ("venue: OSDI '24")
    systems: list[str] = field(default_factory=list)  # "System: [[Sinbad]]": what it presents
    abstract: list[Line] = field(default_factory=list)
    remarks: list[str] = field(default_factory=list)
    end_line: int = 0


def _own_citation(text: str, title: str, labels: Labels) -> str | None:
    """The authors of a reference to the paper itself in its own note ("Jian Weng, …, and
    Tony Nowatzki. 2021. UNIT: Unifying Tensorized Instruction Compilation. In CGO ’21."),
    or None: the people before the first full stop, when the title follows them."""
    key = "".join(ch for ch in title.casefold() if ch.isalnum())
    if len(key) < 12 or len(text) > 1500:
        return None
    stops = list(_REFERENCE_STOP.finditer(text))
    if not stops:
        return None
    rest = "".join(ch for ch in text[stops[0].end() :].casefold() if ch.isalnum())
    rest = rest[4:] if rest[:4].isdigit() else rest  # "… Nowatzki. 2021. UNIT: …"
    if not rest.startswith(key):
        return None
    people = text[: stops[0].start()]
    found = author_line(people, labels, labelled=True)
    return people if found is not None and found.authors and not found.institutions else None


def fields_of(draft: Draft, labels: Labels) -> Fields:
    """Sort a paper's block: author lines, links, abstract and remarks."""
    out = Fields(end_line=draft.start.number)
    if draft.note and _BARS.search(draft.note):
        # "[Training | Bytedance]", "[**Serving** | **LoRA** | Stanford]": tags, and among
        # them the places kg knows or that say what they are
        places = [p for p in _BARS.split(draft.note) if _named_place(p.strip(), labels)]
        if places:
            out.institutions.append(", ".join(p.strip() for p in places))
            out.written.append(out.institutions[-1])
    elif draft.note:
        pieces = _note_pieces(draft.note)
        # (a venue's tag, "SC20", is no place though shaped as an acronym)
        places = [p for p in pieces if is_institution(p, labels) and not venue_tag(p, labels)]
        if any(_named_place(p, labels) for p in places):
            # beside a place kg knows, a short proper name is a place too: "(首尔国立大学,
            # FriendliAI)"; a remark is not: "(TUM, buffer manager paper)"
            places = [p for p in pieces if p in places or _proper_name(p)]
        if places:
            out.institutions.append(", ".join(places))
            out.written.append(", ".join(places))
    for link in draft.start.links:
        _add_link(out, link.url, link.text, labels)
    mode = "abstract"
    authors_open = True
    unplaced = 0  # people of the author line just read with no affiliation given
    for at, line in enumerate(draft.body):
        text = line.text
        if is_stray_number(text):
            continue  # numbering before the next paper: no part of this one
        if line.kind == "html" and _TAGS_ONLY.fullmatch(text):
            continue  # a picture ("<img src=…/>"), a rule: no words of the paper's
        if _repeats_title(line, draft.title, labels):
            for link in line.links:  # "paper [Title](….pdf)" under "code [Title](repo)"
                _add_link(out, link.url, link.text, labels)
            continue
        if (
            URL_RE.fullmatch(text)
            and not line.links
            and out.abstract
            and mode == "abstract"
            and doi_of(text) is None
        ):
            break  # a bare address after the summary: the page the notes came from
        out.end_line = max(out.end_line, line.number)
        label = labels.label(text)
        if label is not None:
            kind, value = label
            if kind == "institutions":
                people, said = _names_then_words(value, labels)
                _authors(out, people, labels)
                _phrased(out, said, labels)  # "…，三人都在Google AI。": where they work
            elif kind == "link":
                said = value
                value = _FIELD_END.split(value, maxsplit=1)[0]  # "2309.00558；DOI：…": the first
                if out.link_field is None:
                    # "Link: [DOI](https://doi.org/…)": the address, not the link's text
                    hrefs = [link.url for link in line.links]
                    if hrefs and not URL_RE.search(value) and not _PAPER_ID.search(value):
                        value = hrefs[0]
                    # "https://… 🏆 Best Paper": the address, without the note after it
                    address = URL_RE.search(value)
                    out.link_field = (address.group() if address else value, line.number)
                    for url in URL_RE.findall(value) or [value]:
                        _add_link(out, url, "", labels, first=True)
                if said != value or ARXIV_RE.search(URL_RE.sub(" ", said)):
                    # "2309.00558；DOI：10.1145/…", "https://doi.org/… ｜ arXiv 2110.14883": all
                    _said_ids(out, text, labels)
            elif kind == "conference":
                # the first that names a venue kg knows ("Proceedings of the 2021 ...", then
                # "SIGMOD '21": the second), else the first
                if not out.conference or (
                    venue_in(value, labels) and not venue_in(out.conference, labels)
                ):
                    out.conference = value
                _said_ids(out, value, labels)  # "会议：MICRO 2021。作者 …。DOI：10.1145/…"
                for link in line.links:  # "Where: [ACM DL](https://dl.acm.org/doi/…)"
                    _add_link(out, link.url, link.text, labels)
            elif kind == "system":
                # "System: zOVN (its switch is zVALE)", "系统名：A、B": the names it gives;
                # "System: an OS where …" is words of the summary, "System: N/A" nothing
                names = _system_names(value)
                out.systems += names
                if not names and value and not _PLACEHOLDER.fullmatch(value.strip()):
                    out.abstract.append(Line(line.number, value, line.kind))
                    _phrased(out, value, labels)
            elif kind == "remarks" and _venue_remark(value, labels):
                # arXiv's "Comments: Accepted at NSDI 2024": where it appears, a field like
                # the others, and what follows is no remark
                out.conference = out.conference or value
            elif kind in ("abstract", "remarks"):
                mode = kind
                authors_open = False
                _phrased(out, value, labels)  # "个人评论：这两篇都出自中山大学陈鹏飞老师组"
                if value:
                    (out.abstract.append(line) if kind == "abstract" else out.remarks.append(value))
                    if kind == "abstract":
                        out.abstract[-1] = Line(line.number, value, line.kind)
            continue
        bare = labels.bare_label(text)
        if bare is not None:
            # "### 作者" opens author lines; "### 链接" a list of links; others the summary
            # or the remarks
            authors_open = bare == "institutions"
            mode = bare
            continue
        if venue_only(text, labels):
            # "> FAST, 2023": where it appeared
            out.conference = out.conference or " ".join(text.replace(",", " ").split())
            continue
        if mode == "institutions" and not _is_link_line(line):
            _section_author(out, text, labels)  # a line of an author section
            continue
        if is_stray_number(text):
            continue
        if line.kind == "people":  # people a paragraph names by handles ("@Charlie @李秀红")
            out.written.append(text)
            out.authors += [Author(name) for name in text.split(", ")]
            continue
        if line.kind == "authors":  # the authors a reference or "Title — A, B" names
            _authors(out, text, labels)
            _links_of(out, line, labels)  # "… — A et al. (MIT) — https://doi.org/…"
            continue
        cited = None if out.authors else _own_citation(text, draft.title, labels)
        if cited:  # "## References" in the paper's note: "A, B, and C. 2021. Title. In …"
            _authors(out, cited, labels)
            continue
        if authors_open:
            # "Who -- A, B (ByteDance); C (PKU)": a lead of the note-taker's, then the authors
            point = point_of(text, labels)
            found = author_line(point, labels) if point is not None else None
            if found is None or not placed(found):
                found = author_line(text, labels)
            nxt = draft.body[at + 1] if at + 1 < len(draft.body) else None
            if found is None and nxt is not None and name_over_places(text, nxt.text, labels):
                found = author_line(text, labels, labelled=True)  # "Sascha Hunold", alone
            if found is not None:
                if found.institutions and not found.authors and unplaced:
                    # "Ayesha Afzal, Georg Hager" over "_Universität …, Erlangen, Germany_":
                    # where the people of the line above work
                    place = ", ".join(found.institutions)
                    out.authors[-unplaced:] = [
                        replace(a, affiliations=(place,)) for a in out.authors[-unplaced:]
                    ]
                else:
                    out.institutions += found.institutions
                out.authors += found.authors
                out.conference = out.conference or venue_tail(text, labels)  # "… -- OSDI 2014"
                asked = out.abstract[-1] if out.abstract else None
                if at and asked is draft.body[at - 1] and is_question(asked.text):
                    out.abstract.pop()  # "Q. Who wrote it?": answered by this line
                unplaced = sum(not a.affiliations for a in found.authors)
                if unplaced < len(found.authors):
                    unplaced = 0  # some have theirs: the next line is no one's place
                out.written.append(text)
                _links_of(out, line, labels)  # "A, B (MIT); https://doi.org/..."
                continue
        unplaced = 0
        if _is_link_line(line):
            bare_url = URL_RE.fullmatch(text) is not None and not line.links
            for link in line.links:
                _add_link(out, link.url, link.text, labels)
            for url in URL_RE.findall(text) if bare_url else []:
                _add_link(out, url, "", labels)
            continue
        _phrased(out, text, labels)
        # "Q. Who wrote it?" over its answer, the authors: a line of the notes, no summary yet
        authors_open = authors_open and is_question(text) and not out.authors
        _links_of(out, line, labels)
        if mode == "remarks":
            out.remarks.append(text)
        else:
            out.abstract.append(line)
    return out


def _phrased(out: Fields, text: str, labels: Labels) -> None:
    """The authors and institutions that prose names ("作者是 X，来自 Y"), and an author line
    after a sentence's lead that says it names them ("作者来自 MIT 和微软：A、B（MIT），C
    （微软研究院）。")."""
    listed = _LISTED_AUTHORS.match(text) if text else None
    if listed is not None:
        found = author_line(listed["line"], labels, labelled=True)
        if found is not None and any(a.affiliations for a in found.authors):
            known = {a.name for a in out.authors}
            out.authors += [a for a in found.authors if a.name not in known]
            out.written.append(listed["line"])
            return
    for phrase_people, phrase_places in author_phrases(text, labels) if text else ():
        affiliation = (phrase_places,) if phrase_places else ()
        known = {a.name for a in out.authors}  # "第一作者Tyler Lu…" after the author field
        new = [n for n in phrase_people if n not in known]
        if phrase_people and not new and not phrase_places:
            continue
        if phrase_people:
            out.authors += [Author(n, affiliation) for n in new]
        elif affiliation:
            out.institutions.append(phrase_places)
        written = (", ".join(phrase_people), phrase_places)
        out.written.append(" ".join(x for x in written if x))


_COMMA = regex.compile(r"\s*[，,]\s*")


def _system_names(value: str) -> list[str]:
    """The names a system field gives ("[[zOVN]] (its switch is zVALE)", "A, B", "A、B"):
    each written as a name (a letter first, a capital or digit in every word, three words
    at most), none a placeholder ("N/A", "TBD") nor a figure ("2x Xeon"); all or none."""
    pieces = [p.strip(" []") for p in _NAMES_SAID.split(value.strip()) if p.strip(" []")]
    named = [
        p
        for p in pieces
        if len(p.split()) <= 3
        and p[:1].isalpha()
        and all(_NAME_MARK.search(w) for w in p.split())
        and not _PLACEHOLDER.fullmatch(p)
    ]
    return named[:3] if pieces and len(named) == len(pieces) else []


# where the names a system field gives end: "zOVN (its switch is zVALE)", "A, B", "A、B"
_NAMES_SAID = regex.compile(r"\s*(?:[,，、;；]|\band\b|和)\s*|\s*[(（].*$")
_NAME_MARK = regex.compile(r"[\p{Lu}\d]")  # a word written as a name has one
_PLACEHOLDER = regex.compile(r"(?i)n/?a|none|tbd|todo|unknown|-+|无|暂无|待定|未知")
# a sentence that says it names the authors, then names them after a colon: "作者来自 X、Y
# 和 Z：A、B（X），C（Y）。", "The authors are at X and Y: A (X), B (Y)."
_LISTED_AUTHORS = regex.compile(
    r"\s*[^：:。.]{0,40}?(?:作者|(?i:\bauthors?\b))[^：:。]{0,60}[：:]\s*(?P<line>[^。]+?)\s*(?:。|\.?$)"
)


_PLACED_STOP = regex.compile(r"(?<=[)）])\.\s+(?=\p{Lu})")  # "… (Intel Labs). Proceedings …"


def _names_then_words(value: str, labels: Labels) -> tuple[str, str]:
    """An author field that names its people, then goes on in sentences about them ("作者：
    Tyler Lu、Dale Schuurmans、Craig Boutilier，三人都在Google AI。第一作者……"): the names,
    and the words after them. A field of one sentence is all names, as before."""
    value = value.strip()
    # names, then a sentence on something else: "… C (Intel Labs). Proceedings pages 437-450"
    ended = _PLACED_STOP.search(value)
    if ended is not None:
        found = author_line(value[: ended.start() + 1], labels, labelled=True)
        if found is not None and found.authors:
            return value[: ended.start() + 1], value[ended.end() :]
    stop = value.rstrip("。 ").find("。")
    if stop < 0:
        return value, ""
    head, rest = value[:stop], value[stop + 1 :]
    pieces = _COMMA.split(head)
    # the names end before a phrase that says where they work ("三人都在Google AI")
    limit = next((m for m, p in enumerate(pieces) if m and author_phrases(p, labels)), len(pieces))
    for k in range(limit, 0, -1):
        names = "，".join(pieces[:k])
        found = author_line(names, labels, labelled=True)
        if found is not None and found.authors and not found.institutions:
            return names, "。".join(x for x in ("，".join(pieces[k:]), rest) if x)
    return value, ""


def _venue_remark(value: str, labels: Labels) -> bool:
    """A short remark that says where the paper appears: "NSDI 2024", "Accepted to OSDI
    '24", "12 pages, to appear in SOSP 2023" (a known venue and its year, a few words)."""
    return (
        len(value.split()) <= 8
        and venue_in(value, labels) is not None
        and bool(_WHERE_PUBLISHED.search(value) or len(value.split()) <= 3)
    )


def name_over_places(text: str, below: str, labels: Labels) -> bool:
    """Whether ``text`` is one person's name and ``below`` names institutions only."""
    if not is_person(text.strip(), labels):
        return False
    places = author_line(below, labels)
    return places is not None and not places.authors and bool(places.institutions)


def _links_of(out: Fields, line: Line, labels: Labels) -> None:
    """The links of a line of words, and its bare URLs ("→ https://doi.org/…")."""
    for link in line.links:
        _add_link(out, link.url, link.text, labels)
    linked = {link.url for link in line.links}
    for url in URL_RE.findall(line.text):
        if url not in linked:
            _add_link(out, url, "", labels)
    _said_ids(out, line.text, labels)


def _said_ids(out: Fields, text: str, labels: Labels) -> None:
    """The paper's DOI or arXiv id said in a sentence with no link ("…，作者来自 MIT。
    DOI：10.1145/3466752.3480124", "arXiv：2110.07600")."""
    said = _SAID_DOI.search(text)
    doi = DOI_RE.match(text, said.end()) if said is not None else None
    if doi is not None:
        _add_link(out, f"https://doi.org/{doi.group(1)}", "", labels)
    arxiv = ARXIV_RE.search(URL_RE.sub(" ", text))
    if arxiv is not None:
        _add_link(out, f"https://arxiv.org/abs/{arxiv.group('id')}", "", labels)


def _is_link_line(line: Line) -> bool:
    text = line.text
    for link in line.links:
        text = text.replace(link.text, " ")
    text = URL_RE.sub(" ", text)
    return bool(line.links or URL_RE.search(line.text)) and bool(_SEPARATORS.match(text))


def _authors(out: Fields, value: str, labels: Labels) -> None:
    """A labelled author or affiliation field: kept as written; people when it names them."""
    if not value:
        return
    out.written.append(value)
    found = author_line(value, labels, labelled=True)
    if found is not None and found.authors:
        out.authors += found.authors
        out.institutions += found.institutions
    else:
        out.institutions.append(value)


def _section_author(out: Fields, value: str, labels: Labels) -> None:
    """A line under an author heading ("### 作者"): an author line, or one person first
    ("Taekyoung "Ted" Kwon, Seoul National University", "Rol, NLnet Labs")."""
    found = author_line(value, labels, labelled=True)
    if found is not None and found.authors:
        out.written.append(value)
        out.authors += found.authors
        out.institutions += found.institutions
        return
    name, _, rest = value.partition(",")
    name = _NICKNAME.sub(" ", name).strip()
    words = name.split()
    if (
        words
        and all(w[:1].isupper() or w.islower() for w in words)
        and not labels.has_org_word(name)
    ):
        out.written.append(value)
        out.authors.append(Author(" ".join(words), (rest.strip(),) if rest.strip() else ()))
        return
    _authors(out, value, labels)


def _add_link(out: Fields, url: str, text: str, labels: Labels, first: bool = False) -> None:
    url = url.strip()
    if not url or any(link.url == url for link in out.links):
        return
    kind = labels.link_kind(url, text)
    link = PaperLink(url, kind, text)
    if first:
        out.links.insert(0, link)
    else:
        out.links.append(link)


_T = TypeVar("_T")


def _present(value: _T | None) -> _T:
    """What the reader found before and relies on now (a node's line, a title it checked)."""
    if value is None:
        raise RuntimeError("kg's reader lost what it had found (a bug: please report it)")
    return value
