"""The words the reader looks for, as one frozen lookup table.

They come from ``kg/lexicon/data/labels.yaml`` (and the user's lexicons): field
labels, session words, award prefixes, author phrases, organisation words,
link kinds. :func:`labels_for` adds the names the lexicon knows (institutions,
countries, Chinese surnames) so that the reader can tell an author line from a
title.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import regex

from ..lexicon import Lexicon
from ..text import LEADING_SYMBOLS, fold
from .memo import memo

# a title label's value that is the paper's address: a URL, a DOI, an arXiv id, or a bare
# domain and path, as in "Paper: arXiv:1910.04940" and "Paper: arxiv.org/abs/1910.02653"
_URL_VALUE = regex.compile(
    # a value that starts with an address, whatever follows ("https://… 🏆 Best Paper")
    r"^(?:(?:https?://|www\.|10\.\d{4,9}/)\S*(?:\s|$)|arxiv:\s*\d{4}\.\d{4,5}\b"
    r"|(?:[a-z0-9\-]+\.)+(?:org|com|net|edu|io|cn|ai|dev)/\S)",
    regex.I,
)
_LAST_BRACKETS = regex.compile(r"\s*[(（][^()（）]*[)）]\s*$")
_COUNT = regex.compile(r"\s*[(（]\s*\d+\s*(?:篇|papers?|talks?)\s*[)）]\s*$", regex.I)
# a term after a session's name, or alone: "Caching 2023.2", "(2020.2)", "Storage (2021-1)"
_TERM = regex.compile(r"\s*[(（]?\s*(?:19|20)\d\d\s*[.\-/]\s*[1-4]\s*[)）]?\s*$")
# "3. ", "IV: ", "2 · ", "4 - ", "第二部分：", a reading group's week: "W1：", "Week 3:", "第3周："
# "12.1.2.3 Name": a numbered section of a longer text, neither its title nor a short name
NUMBERED_SECTION = regex.compile(r"\d+(?:\.\d+)+\.?\s")
_SESSION_NUMBER = regex.compile(
    rf"^{NUMBERED_SECTION.pattern}\s*"  # a section's number, before "12." alone
    r"|^(?:[0-9]+|[IVX]+|第?[一二三四五六七八九十]+(?:部分|节|章)?|(?i:w|week\s*)\d{1,2}"
    r"|第\s*[0-9一二三四五六七八九十]+\s*周)\s*(?:[.:：、)）·・|｜]|\s[-–—]\s)\s*"
)


# names in a phrase: "Jane Doe", "M. Frans Kaashoek", "郑怜悯", joined by commas or "and"
# a word of a Latin name: its letters (and marks) stop at a Chinese character ("第一作者Tyler
# Lu的本科…")
_LATIN_WORD = r"\p{Lu}(?:[^\W\d_\p{Han}]|['’.\-])*"
_NAME = (
    rf"(?:{_LATIN_WORD}(?:\s+(?:{_LATIN_WORD}|de|van|von|der)){{0,4}}"
    # (a Chinese name starts after an institution's last character: "复旦大学彭鑫")
    r"|(?![学院所室校系部]|司(?!马))\p{Han}{2}(?:\p{Han}(?<![也是在都还又就和与的]))?)"
)
_PEOPLE = rf"\s*(?P<people>{_NAME}(?:\s*(?:,|，|、|\band\b|和|与|&)\s*{_NAME})*(?:\s*等人?)?)\s*"


# a Logseq or Obsidian block property: "type:: paper", "collapsed:: true"
_PROPERTY = regex.compile(r"^[A-Za-z][\w\-]*::\s*(.*)$")


@lru_cache(maxsize=256)
def _phrase_pattern(source: str) -> regex.Pattern[str]:
    """An author phrase's regex, compiled when text first holds its literal: most of the
    sixty never match a file's text, and the `regex` module takes 4 ms to compile each
    (bench/README.md)."""
    return regex.compile(source)


def _alternatives(words: tuple[str, ...] | list[str]) -> str:
    """A regex alternation of words, longest first (so "Paper title" wins over "Paper")."""
    return "|".join(regex.escape(w) for w in sorted(set(words), key=len, reverse=True)) or "(?!)"


_JOINERS = regex.compile(r"[-_]")
_WORDS = regex.compile(r"[\w']+")


def _hostish(word: str) -> bool:
    return "." in word or "/" in word  # "github.com", "/presentation/": a host or a path


@dataclass(frozen=True, eq=False)
class Labels:
    """The words that mark fields, sessions, authors and the end of the notes.

    Compared (and hashed) by identity: one table, built once, that the reader's pure
    functions take as an argument and are memoised on (``kg/notes/memo.py``)."""

    fields: dict[str, tuple[str, ...]]
    conference: tuple[str, ...] = ()
    ignored: tuple[str, ...] = ()
    session: tuple[str, ...] = ()
    end_of_notes: tuple[str, ...] = ()
    session_chair: tuple[str, ...] = ()
    weekdays: tuple[str, ...] = ()
    title_prefixes: tuple[str, ...] = ()
    note_kinds: tuple[str, ...] = ()  # "5C Review, Title", "Notes on Title"
    author_phrases: tuple[str, ...] = ()
    org_words: tuple[str, ...] = ()
    not_names: frozenset[str] = frozenset()  # folded words no person's name holds
    link_kinds: dict[str, tuple[str, ...]] = field(default_factory=dict)
    page_links: tuple[str, ...] = ()
    venues: tuple[str, ...] = ()
    talks: tuple[str, ...] = ()
    not_sessions: tuple[str, ...] = ()
    # a table's columns of authors' names and of their places, case-folded
    people_columns: frozenset[str] = frozenset()
    place_columns: frozenset[str] = frozenset()
    # a table of papers' column of their authors as written, under a name no label has
    author_columns: frozenset[str] = frozenset()
    year_columns: frozenset[str] = frozenset()  # a table's column of years
    venue_columns: frozenset[str] = frozenset()  # and of venues: the conference words, folded
    awards: frozenset[str] = frozenset()  # the title prefixes (awards), folded
    known_names: frozenset[str] = frozenset()  # folded institution and country names
    surnames_zh: frozenset[str] = frozenset()
    # derived regexes (built once, in __post_init__)
    _kind: dict[str, str] = field(init=False, repr=False, compare=False)
    _label_re: regex.Pattern[str] = field(init=False, repr=False, compare=False)
    _bare_re: regex.Pattern[str] = field(init=False, repr=False, compare=False)
    _session_re: regex.Pattern[str] = field(init=False, repr=False, compare=False)
    _chair_re: regex.Pattern[str] = field(init=False, repr=False, compare=False)
    _chair_line_re: regex.Pattern[str] = field(init=False, repr=False, compare=False)
    _pages: frozenset[str] = field(init=False, repr=False, compare=False)
    _link_words: frozenset[str] = field(init=False, repr=False, compare=False)
    _title_headers: frozenset[str] = field(init=False, repr=False, compare=False)
    _label_words: frozenset[str] = field(init=False, repr=False, compare=False)
    _prefix_re: regex.Pattern[str] = field(init=False, repr=False, compare=False)
    _suffix_re: regex.Pattern[str] = field(init=False, repr=False, compare=False)
    _org_re: regex.Pattern[str] = field(init=False, repr=False, compare=False)
    # (a literal part of the phrase, case-folded; its regex's source; whether it needs a
    # place): the regex is compiled and run only on text that holds the literal
    _phrases: tuple[tuple[str, str, bool], ...] = field(init=False, repr=False, compare=False)
    _when_re: regex.Pattern[str] = field(init=False, repr=False, compare=False)
    _venues: dict[str, str] = field(init=False, repr=False, compare=False)
    _venue_re: regex.Pattern[str] = field(init=False, repr=False, compare=False)
    _ends: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _talks: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _maybe_when: regex.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._set("_venues", {v.casefold(): v for v in self.venues})
        self._set(
            "_venue_re",
            regex.compile(
                rf"(?<![A-Za-z0-9])(?P<name>{_alternatives(self.venues)})[)）\]】]?"
                r"(?:\s+(?:Symposium|Conference|Workshop|Summit))?\s*[\[(（【]?\s*(?P<q>['’`]?)\s*"
                r"(?P<year>(?:19|20)\d\d|\d\d)(?![0-9])",
                regex.I,
            ),
        )
        self._set("_ends", tuple(w.casefold() for w in self.end_of_notes))
        self._set("_talks", tuple(w.casefold() for w in self.talks))
        self._set("_pages", frozenset(w.casefold() for w in self.page_links))
        said = [w for kind in self.link_kinds.values() for w in kind if not _hostish(w)]
        self._set("_link_words", frozenset(w.casefold() for w in said))
        kind: dict[str, str] = {}
        for name, words in self.fields.items():
            for word in words:
                kind[word.casefold()] = name
        for word in self.conference:
            kind[word.casefold()] = "conference"
        for word in self.ignored:
            kind[word.casefold()] = "ignored"
        self._set("_kind", kind)
        self._set("_label_words", frozenset(kind))
        # "[System] Title", "SYSTEM …": a tag or a heading in capitals, no system field
        tagged = [w for w, k in kind.items() if k != "system"]
        self._set("_title_headers", frozenset(w.casefold() for w in self.fields.get("title", ())))
        self._set(
            "_label_re",
            # "Title: X", "Title · X", Obsidian's inline fields "title:: X", "【论文】X", in
            # pasted programs "TITLE X" (a label in capitals, no colon), and the authors'
            # label before a dash ("Authors -- X", "作者——X"; "Paper notes — EuroSys 2022"
            # heads a file)
            regex.compile(
                # (a remark in brackets may stand before the colon: "DOI（会刊版）：…")
                rf"^(?:(?i:(?P<label>{_alternatives(list(kind))}))"
                rf"(?:\s*(?:[（(][^（）()]{{1,30}}[）)])?\s*(?:::|[:：])|\s+[·•]\s)"
                rf"|(?i:(?P<dashed>{_alternatives(list(self.fields.get('institutions', ())))}))"
                r"(?:\s+(?:--|—|–)\s+|\s*——\s*)"
                rf"|(?P<caps>{_alternatives([w.upper() for w in tagged if w.isascii()])})\s"
                rf"|[【\[](?i:(?P<bracketed>{_alternatives(tagged)}))[】\]][:：]?)"
                rf"\s*(?P<value>.*)$"
            ),
        )
        # a label alone on its line (often a heading: "### 作者", "### 摘要", "### Links")
        bare = (
            *self.fields.get("abstract", ()),
            *self.fields.get("remarks", ()),
            *self.fields.get("institutions", ()),
            *self.fields.get("link", ()),
        )
        self._set(
            "_bare_re", regex.compile(rf"^(?P<label>{_alternatives(bare)})\s*[:：]?$", regex.I)
        )
        # "Session 3: Name", "Session Name", "Sessin: Kernel" (one letter off), "Track A - Name"
        session_words = _alternatives(self.session)
        # one letter off only in a long word: "Sessin", but "问题" is no "专题"
        fuzzy = _alternatives(tuple(w for w in self.session if len(w) >= 5))
        self._set(
            "_session_re",
            regex.compile(
                # the session word may stand in brackets, as in [Session] and 【分会】
                # a whole word: "Tracking the papers …" is no "Track"
                rf"^[\[【(（]?(?:(?:{session_words})(?![a-z])(?:\s*(?:[0-9]+[A-Za-z]?|[A-Z]|[IVX]+)\b)?"
                rf"|(?:{fuzzy}){{e<=1}}(?=\s*[:：]))[\]】)）]?"
                rf"\s*[:：.\-–—]?\s*(?P<name>.*)$",
                regex.I,
            ),
        )
        # "Session chair 是 Doug Terry。", "Session Chairs: …": who chairs, no session's name
        self._set(
            "_chair_line_re",
            regex.compile(rf"^\s*(?:{_alternatives(self.session_chair)})(?![\w])", regex.I),
        )
        self._set(
            "_chair_re",
            regex.compile(
                rf"[\s,，;；(（]*\b(?:{_alternatives(self.session_chair)})\s*[:：].*$", regex.I
            ),
        )
        self._set(
            "_prefix_re",
            regex.compile(
                # "Best Paper 2: X", "最佳论文1：X": an award and which of them
                rf"^[\[【(（]?\s*(?:{_alternatives(self.title_prefixes)})(?![A-Za-z])"
                rf"(?:\s*#?\d{{1,2}}(?=\s*[:：\]】)）]))?\s*[\]】)）]?\s*[:：\-–—!！]?\s*"
                # "5C Review, Title", "Notes on Title": what kind of note the title heads
                rf"|^(?:{_alternatives(self.note_kinds)})"
                r"(?:\s*[,，:：\-–—]\s*|(?<=\s(?:of|on|for|about))\s+)(?=\S)",
                regex.I,
            ),
        )
        # "Title *Best Paper Award*", "Title (Best Paper)", "Title (NSDI'15 最佳论文)": an
        # award after the title (its venue perhaps before it, inside the brackets)
        self._set(
            "_suffix_re",
            regex.compile(
                r"\s*(?:[\[【(（][^\[\]【】()（）]{0,16}?\s*|[\[【(（*_\-–—]*\s*)"
                rf"(?:{_alternatives(self.title_prefixes)})(?:\s+award)?"
                rf"\s*[\]】)）*_!！]*\s*$",
                regex.I,
            ),
        )
        ascii_words = [w for w in self.org_words if w.isascii()]
        other_words = [w for w in self.org_words if not w.isascii()]
        self._set(
            "_org_re",
            regex.compile(
                rf"(?i:\b(?:{_alternatives(ascii_words)})\b)|(?:{_alternatives(other_words)})"
            ),
        )
        phrases = []
        for template in self.author_phrases:
            parts = regex.split(r"(\{people\}|\{institutions\})", template)
            source = "".join(
                _PEOPLE
                if part == "{people}"
                else r"(?P<institutions>[^。；;\n]{1,120}?)"
                if part == "{institutions}"
                else f"(?i:{regex.escape(part)})"
                for part in parts
                if part
            )
            # a phrase that opens with the names says they are authors only by the place it
            # gives them ("Frank Kelly 来自剑桥大学"; not "方程来自双曲守恒律"), and each such
            # phrase of a sentence is a clause of its own ("A 来自 X，B 来自 Y。")
            placed = template.startswith("{people}") and "{institutions}" in template
            # institutions at the end of the phrase run to the end of its sentence
            stop = r"[。；;\n，]" if placed else r"[。；;\n]"
            end = rf"(?=$|{stop}|\.\s|\.$)" if template.endswith("{institutions}") else ""
            literal = max((p for p in parts if not p.startswith("{")), key=len, default="")
            phrases.append((literal.casefold(), source + end, placed))
        self._set("_phrases", tuple(phrases))
        days = _alternatives(self.weekdays)
        time = r"(?<![\w.])\d{1,2}(?::\d\d)?\s*(?:[ap]\.?m\b\.?)"
        # a cheap look first: no digit and no day, no time (the full pattern is slow)
        self._set(
            "_maybe_when",
            regex.compile(rf"\d\s*[ap]\.?m\b|\d:\d\d|\b(?:{days})\b", regex.I),
        )
        self._set(
            "_when_re",
            regex.compile(
                rf"[\s,，;；]*(?:\b(?:{days})\b\.?,?\s*)?(?:\b[A-Z][a-z]+\.? \d{{1,2}},?\s*)?"
                rf"{time}(?:\s*[-–—~to]+\s*{time})?.*$"
                rf"|[\s,，;；]*\b(?:{days})\b\.?,?\s*$"
                rf"|[\s,，;；(（]*\d{{1,2}}:\d\d\s*[-–—~]\s*\d{{1,2}}:\d\d.*$",
                regex.I,
            ),
        )

    @property
    def venue_re(self) -> regex.Pattern[str]:
        """A known conference and a year: "USENIX Security Symposium[2022]", "OSDI '22"."""
        return self._venue_re

    @property
    def venue_names(self) -> dict[str, str]:
        """Known conference names by their case-folded form."""
        return self._venues

    @property
    def title_headers(self) -> frozenset[str]:
        """The title labels, case-folded: a table column headed so holds titles."""
        return self._title_headers

    @property
    def label_words(self) -> frozenset[str]:
        """Every label word, case-folded: of a field, the conference or a line read past."""
        return self._label_words

    def _set(self, name: str, value: object) -> None:
        object.__setattr__(self, name, value)

    # ---- fields ------------------------------------------------------------

    @memo
    def _labelled(self, line: str) -> tuple[str, str] | None:
        """``(label word, value)`` when the line starts with a known label, the word folded."""
        m = self._label_re.match(line)
        if m is None:
            return None
        word = m.group("label") or m.group("caps") or m.group("bracketed") or m.group("dashed")
        return word.casefold(), m.group("value").strip()

    def label_word(self, line: str) -> str | None:
        """The label word a line starts with, folded: ``"authors"`` for "Authors: A, B"."""
        found = self._labelled(line)
        return found[0] if found is not None else None

    def label(self, line: str) -> tuple[str, str] | None:
        """``(kind, value)`` when the line starts with a known label and a colon; a block
        property kg does not know ("type:: paper", "collapsed:: true" in Logseq) is ignored."""
        found = self._labelled(line)
        if found is None:
            prop = _PROPERTY.match(line)  # ("Session:: Name" names a session)
            return ("ignored", prop.group(1)) if prop and not self.session_name(line) else None
        word, value = found
        kind = self._kind[word]
        if kind == "title" and _URL_VALUE.match(value):
            kind = "link"  # "Paper: https://arxiv.org/abs/...": the paper's link, not a title
        return kind, value

    @memo
    def bare_label(self, line: str) -> str | None:
        """``"abstract"``, ``"remarks"``, ``"institutions"`` or ``"link"`` when the line is
        only such a label."""
        m = self._bare_re.match(line)
        return self._kind[m.group("label").casefold()] if m else None

    def is_end(self, line: str) -> bool:
        return line.casefold().startswith(self._ends)

    # ---- sessions and titles -----------------------------------------------

    @memo
    def session_name(self, line: str) -> str | None:
        """The session a line names when it starts with a session word, cleaned."""
        m = self._session_re.match(line)
        if not m or self._chair_line_re.match(line):
            return None
        return self.clean_session(m.group("name")) or None

    @memo
    def clean_session(self, name: str) -> str:
        """A session name without its chair, day and time, or numbering."""
        name = self._chair_re.sub("", name)
        name = self.without_time(name)
        name = _SESSION_NUMBER.sub("", LEADING_SYMBOLS.sub("", name))
        name = _COUNT.sub("", name)  # "大规模模型训练（5 篇）", "Storage (4 papers)"
        name = _TERM.sub("", name)  # a reading group's term: "Caching 2023.2", "(2020.2)"
        return name.strip(" \t-–—:：,，;；|｜·・")

    @memo
    def is_generic(self, text: str) -> bool:
        """A heading that only says papers follow ("Papers", "论文列表"): no session."""
        text = _LAST_BRACKETS.sub("", text)  # "Read (no writeup)"
        folded = _JOINERS.sub(" ", fold(text)).strip(" :：")  # "Paper-List", "paper_list"
        return any(folded == fold(w) for w in self.not_sessions)

    def is_talks(self, text: str) -> bool:
        """A heading of talks that are no papers: "Keynote Address I", "Invited talks"."""
        return text.casefold().strip().startswith(self._talks)

    @memo
    def without_time(self, text: str) -> str:
        """Text without a trailing day or time ("Welcome Monday, 8:30am-9am" -> "Welcome")."""
        if self._maybe_when.search(text) is None:
            return text.strip(" \t-–—:：,，;；|")
        return self._when_re.sub("", text).strip(" \t-–—:：,，;；|")

    @memo
    def has_time(self, text: str) -> bool:
        return self._maybe_when.search(text) is not None and self._when_re.search(text) is not None

    @memo
    def title_prefix(self, text: str) -> tuple[str, str]:
        """``(prefix, rest)``: an award prefix of a title ("Best Paper: X") and the title."""
        m = self._prefix_re.match(text)
        if m and m.end() < len(text):
            return text[: m.end()].strip(), text[m.end() :].strip()
        m = self._suffix_re.search(text)
        if m and m.start() > 0:
            return text[m.start() :].strip(" *_"), text[: m.start()].strip()
        return "", text

    # ---- names ----------------------------------------------------------------

    @memo
    def has_org_word(self, text: str) -> bool:
        return self._org_re.search(text) is not None

    @memo
    def is_known(self, name: str) -> bool:
        """A name of an institution or country kg knows."""
        return fold(name) in self.known_names

    @memo
    def author_phrases_in(self, text: str) -> list[tuple[str, str, bool]]:
        """``(people, institutions, placed)`` of each prose phrase that names authors;
        ``placed``: the phrase names authors only if its institutions are places."""
        found = []
        folded = text.casefold()
        for literal, source, placed in self._phrases:
            if literal not in folded:
                continue
            for m in _phrase_pattern(source).finditer(text):
                groups = m.groupdict()
                people, places = groups.get("people") or "", groups.get("institutions") or ""
                found.append((people, places, placed))
        return found

    @memo
    def named_kind(self, text: str) -> str:
        """What a short link text says its link is: "[W2 Slide Part1]" slides, "[视频]"
        video, "[Video-based Deep Learning ...]" nothing (a title, not a label)."""
        words = _WORDS.findall(text.casefold())
        if len(words) > 4:
            return "other"
        for kind, names in self.link_kinds.items():
            for name in names:
                w = name.casefold()
                label = kind != "paper" and not _hostish(w)
                if label and (w in words or (not w.isascii() and w in text)):
                    return kind
        return "other"

    def names_page(self, text: str) -> bool:
        """A short link text that names a page, not a paper: "USENIX page", "项目主页"."""
        words = _WORDS.findall(text.casefold())
        if not words or len(words) > 4:
            return False
        pages = self._pages
        return words[-1] in pages or " ".join(words) in pages or text.strip() in pages

    def is_link_word(self, word: str) -> bool:
        """A word that says what a link is ("code", "paper", "PDF", "视频"), alone."""
        return word.strip(" :：").casefold() in self._link_words

    def link_kind(self, url: str, text: str) -> str:
        """What a link is (paper, video, slides, code, other), by its host or its text."""
        where = url.casefold()
        said = text.casefold()
        named = self.named_kind(text)
        if named != "other":
            return named
        if where.split("?")[0].split("#")[0].endswith(".pdf"):
            return "paper"  # a PDF is the paper itself
        # the host first ("youtube.com" is a video whatever its text says), then the text
        for hosted in (True, False):
            for kind, words in self.link_kinds.items():
                for word in words:
                    w = word.casefold()
                    if _hostish(w) == hosted and w in (where if hosted else said):
                        return kind
        return "other"


@lru_cache(maxsize=8)
def labels_for(lexicon: Lexicon) -> Labels:
    """The reader's table for a lexicon (built once per lexicon)."""
    words = lexicon.labels
    known = {
        fold(n) for i in lexicon.institutions.values() for n in (i.name, i.name_zh, *i.aliases) if n
    }
    known |= {fold(n) for c in lexicon.countries.values() for n in (c.name, c.name_zh, c.code) if n}
    known |= {fold(a) for a in (*lexicon.abbreviations, *lexicon.country_aliases)}
    return Labels(
        fields=dict(words.fields),
        conference=words.conference,
        ignored=words.ignored,
        session=words.session,
        end_of_notes=words.end_of_notes,
        session_chair=words.session_chair,
        weekdays=words.weekdays,
        title_prefixes=words.title_prefixes,
        note_kinds=words.note_kinds,
        author_phrases=words.author_phrases,
        org_words=words.org_words,
        not_names=frozenset(w.casefold() for w in words.not_names),
        link_kinds=dict(words.link_kinds),
        page_links=words.page_links,
        venues=words.venues,
        talks=words.talks,
        not_sessions=words.not_sessions,
        people_columns=frozenset(w.casefold() for w in words.people_columns),
        place_columns=frozenset(w.casefold() for w in words.place_columns),
        author_columns=frozenset(w.casefold() for w in words.author_columns),
        year_columns=frozenset(w.casefold() for w in words.year_columns),
        venue_columns=frozenset(w.casefold() for w in words.conference),
        awards=frozenset(w.casefold() for w in words.title_prefixes),
        known_names=frozenset(known),
        surnames_zh=frozenset(lexicon.surnames_zh),
    )
