"""What a line of notes looks like: a title, an author line, prose, a link.

Pure functions of a line's text and the :class:`~kg.notes.labels.Labels`;
the reader (``kg/notes/reader.py``) combines them into its decisions.
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

from ..records import Author
from ..text import INSTITUTION_PART, LEADING_SYMBOLS, guess_language
from .conference import venue_in
from .labels import Labels
from .memo import memo

# a hyphen before a lower-case letter: a term's ("End-to-end"), not a name's ("Jae-Hyun")
_TERM_HYPHEN = regex.compile(r"-\p{Ll}")

# A DOI's suffix may hold balanced brackets ("10.1016/S0140-6736(20)30183-5",
# "10.1145/a[1]"); an unbalanced closing one ends it, as in "(doi:10.1145/x)" or
# "[DOI](https://doi.org/10.1145/x)".
DOI_RE = regex.compile(
    r"\b(10\.\d{4,9}/(?:[^\s\"'<>，。、；（）()\[\]]|\([^\s\"'<>()\[\]]*\)|\[[^\s\"'<>()\[\]]*\])+)",
    regex.I,
)
# "arxiv.org/abs/1910.02653v2", "arXiv:1910.04940", "arXiv 2007.00156": the identifier
ARXIV_RE = regex.compile(
    r"(?:arxiv\.org/(?:abs|pdf)/|\barxiv[:：\s]\s?)(?P<id>\d{4}\.\d{4,5})(?:v\d+)?", regex.I
)
URL_RE = regex.compile(r"https?://[^\s<>\"'，。、；）]+", regex.I)
HAN = regex.compile(r"\p{Han}")
LATIN = regex.compile(r"[A-Za-z]")
_ZH_DIGITS = "一二三四五六七八九十百"
# ordinals in words: 第3篇 or 第二篇, 论文一, 文章 2, Paper 3, "Talk 1 — Title"
_ORDINAL_WORDS = (
    rf"第\s*[\d{_ZH_DIGITS}]+\s*篇(?:论文)?[:：]?"
    rf"|(?:论文|文章|(?i:paper|talk))\s*(?:\d{{1,3}}|[{_ZH_DIGITS}]{{1,3}})\s*[:：.、—–]"
)
_NUMBERING = regex.compile(
    # a section's number before a system's name and a colon, or a title of four words or
    # more: "2.1 KACE: …", "2.4 Queue Management for SLO-Oriented …" ("1.13.3. Quantization"
    # over papers stays a heading that names them)
    r"^(?:\d{1,3}(?:\.\d{1,3})+\.?\s+(?=\p{Lu}[\p{L}\d\-+]*[:：]|\p{Lu}\S*(?:\s+\S+){3})"
    r"|[(（\[]?\d{1,3}[)）\]]|\d{1,3}\s*[.、,，:：|｜·・•]|[A-Z]\d?\."
    r"|\d{1,3}/(?:\d{1,3})?(?=\s)"  # a thread's posts: "2/ ...", "3/10 ..."
    r"|[A-Z]{1,2}\d{1,3}\s*[▸▶►→»›]"  # a sheet's code, then an arrow: "P1 ▸ Title"
    # Chinese, circled and keycap ordinals: （一）, 一、, ①, 1️⃣, 🔟
    rf"|[(（][{_ZH_DIGITS}]{{1,3}}[)）]|[{_ZH_DIGITS}]{{1,3}}\s*[、.．]|[\u2460-\u2473\u3251-\u325f]"
    r"|(?:\d\ufe0f?\u20e3)+|\U0001f51f"
    rf"|{_ORDINAL_WORDS}"
    r"|\d{1,2}\s+(?=\p{Lu}\p{Ll}))\s*"
)
_WORD_ORDINAL = regex.compile(rf"^(?:{_ORDINAL_WORDS})\s*")
# a point in a recording before what was said there: "⏱ 00:04:37 第一篇 ▶ Title", "[12:05] Title"
# (not a time range, which a session's slot is: "09:00-10:30 Session 1")
_TIMESTAMP = regex.compile(r"^[\[(]?(?:\d{1,2}:)?\d{1,2}:\d\d[\])]?(?!\s*[-–~])\s+")
_QUESTION = regex.compile(r"^(?:Q\d{0,2}|问\s*\d{0,2})\s*(?:(?P<colon>[:：])|[.)、])\s*\S")
_STRAY_NUMBER = regex.compile(r"^[(（]?\d{1,3}\s*[,，.、)）:：]?$")
_SENTENCE_END = regex.compile(r"(?:[。！？]|(?<!\b\p{Lu}|\bal|\bvs|\be\.g|\bi\.e)\.)\s*$")
_SENTENCES = regex.compile(r"[。！？]|(?<=[a-z0-9)])[.?!](?=\s+[A-Z(])")
_INNER_STOP = regex.compile(r"(?<!\b\p{Lu}|\bvs|\bal|\be\.g|\bi\.e|\bSt|\bNo|\bDr|\bet)\.\s+\S")
# "2023.08.03", "2023-06 ~ 2023-07": a date closing a line (when the paper was read)
_DATE_TAIL = regex.compile(
    r"\s+(?:19|20)\d\d[./-](?:0?[1-9]|1[0-2])(?:[./-]\d{1,2})?"
    r"(?:\s*[-–~]\s*(?:(?:19|20)\d\d[./-])?\d{1,2}(?:[./-]\d{1,2})?)?$"
)
_UNDERSCORE_TAG = regex.compile(r"^(?:19|20)?\d\d_[A-Za-z][A-Za-z0-9\-]{1,15}_(?=\S)")
_MATH = regex.compile(r"^\$\$|\$\$$|\\(?:frac|cdot|sum|hat|mathbf|mathrm|left|right)\b")
_LATIN_RUN = regex.compile(r"[A-Za-z][\w&.'’\-]*")
# "Ion Stoica. 2023. Title. In …": a reference's year, no institution's ("Nat. Univ. of …")
_REFERENCE_YEAR = regex.compile(r"(?<!\d)(?:19|20)\d\d[a-z]?\.\s+\S")
_DOT_THEN_TAG = regex.compile(r"\.\s*[(（]([^()（）]{2,30})[)）]\s*$")
# the society before a venue's name: "USENIX ATC", "ACM SIGMOD"
_SOCIETY = r"(?:USENIX|ACM|IEEE)\s+"
_VENUE_ORG = regex.compile(rf"^{_SOCIETY}", regex.I)
_VENUE_COMMA = regex.compile(r"\s*,\s*(?=(?:19|20)?\d\d\s*$)")
_PAGES = regex.compile(r"(?<=\.|\S)\s+\d{1,5}\s*[-–]\s*\d{1,5}\s*$")
# brackets and what they hold, one level of brackets inside: "(William & Mary; HKUST (Guangzhou))"
_BRACKETS = regex.compile(r"[(（]((?:[^()（）]|[(（][^()（）]*[)）])*)[)）]")
# a bracketed note after a title: "Title (MIT, a remark)", "Title [Vision]"
TRAILING_BRACKETS = regex.compile(r"\s*[(（\[【]([^()（）\[\]【】]+)[)）\]】]\s*$")
# "——论文泛读", "—— 阅读笔记": a short Chinese note after an English title and a dash
_CHINESE_TAIL = regex.compile(r"\s*[—–]{1,2}\s*(\p{Han}[\p{Han}\s]{0,11})$")
# a colon inside a line, outside brackets, with words after it
_COLON_INSIDE = regex.compile(r"^[^()（）]*?[:：]\s*\S")
_GROUPS = regex.compile(r"\s*[;；]\s*")
# "with" before the next names of an author line: "A (CMU); with B and C (CMU)"
_WITH = regex.compile(r"(^|[,;，；]\s*)(?:together\s+)?with\s+(?=\p{Lu})", regex.I)
_SPACED_DASH = regex.compile(r"\s+[—–]\s+")
# a group that names its place first: "University of Utah —— Ali Shafiee、Anirban Nag"
_PLACE_FIRST = regex.compile(r"^\s*(?P<place>[^—–]+?)\s*(?:——|—|–)\s*(?P<names>[^—–]+?)\s*$")


def _place_last(group: str, labels: Labels) -> str:
    """A group written place first, its names after a dash, as names then their place."""
    m = _PLACE_FIRST.match(group)
    if m is None:
        return group
    place = m["place"].strip()
    if labels.is_known(place) or labels.has_org_word(place):
        return f"{m['names']}, {place}"
    return group


# lower-case words an author line holds: joining names, in institutions' names
_LOWER_OK = frozenset(
    "and of at for the de da del della der di dos du la le van von in und et y on".split()  # noqa: SIM905
)
_TRAILING_LINK = regex.compile(
    r"(?<=\S)(?:\s+[—–-]{1,2}\s+|[\s;；,，|]+)(?:DOI[:：]?\s*)?https?://\S+\s*$", regex.I
)
# "Corbett et al." closing a list of names, or a count of the rest ("Nathan Bronson 等 15 人")
ET_AL = regex.compile(r"\s+et\s+al\.?\s*$|\s*等\s*[\d一二两三四五六七八九十]+\s*[人位名]\s*$")
_VANCOUVER = regex.compile(r"^\p{Lu}\p{Ll}{2,}(?:-\p{Lu}\p{Ll}+)? \p{Lu}{2,3}$")
_NUMBER_FIELD = regex.compile(r"^[^\s:：]{1,12}\s*[:：]\s*[\d.\-/:：\s]+$")
# "Tag: Morphling", "Status: done": a word, a colon and one word is a field, not a title
_WORD_FIELD = regex.compile(r"^[\p{L}][\p{L}\-]{0,20}\s*[:：]\s*[^\s:：]+$")
_DOTTED_VENUE = regex.compile(
    r"^(?:19|20)\d\d\.(?:[A-Za-z\p{Han}][\w\-]*(?:\.[\w\-]{1,8})?\.)?(?=\S)"
)
# "[NSDI'24] Title", "【精读】Title", "(skip) Title": a tag before the title
_LEADING_TAG = regex.compile(
    r"^(?:[\[【]([^\]】]{1,40})[\]】]\s*|[(（]([^()（）\s]{1,12})[)）]\s+)"
)
# "ASPLOS / Title", "OSDI '20 / Title", "SOSP/25/Title", "ATC: Title": a venue before the
# title, with or without its year; the head is checked by _venue_prefix
_VENUE_HEAD = regex.compile(
    r"^(?P<name>[A-Za-z][A-Za-z\-]{1,15})(?:\s*['’]?(?:19|20)?\d\d)?"
    r"(?:(?P<spaced>\s+/\s+)|/(?:\d{2,4}/)?|(?P<colon>[:：])\s+|(?<=\d)\s*[-–—]\s*)(?=\S)"
)
_QUOTED = regex.compile(r"[“\"](?:[^“”\"]+\s){2,}[^“”\"]+[”\"]")
_INITIAL = regex.compile(r"^(?:\p{Lu}\.){1,3}(?:-\p{Lu}\.)?$")
# "Jane", "O'Neil", "Hyung-Sin", "KyoungSoo", "DeWitt", "P.": a capital, then letters
_NAME_WORD = regex.compile(r"^\p{Lu}(?:[\p{L}'’\-]*\p{Ll}[\p{L}'’\-]*)?\.?$")
_PARTICLES = frozenset(
    "de da del della der di dos du la le van von bin al el ter den zu y".split()  # noqa: SIM905
)
_HAN_NAME = regex.compile(r"^\p{Han}{2,4}$")
_HAN_TITLES = regex.compile(r"\s*(?:老师|教授|博士|研究员|同学|等人|等)$")
# the words that join two names, or two places ("A and B", "A 和 B")
_AND = r"\band\b|&|和|与|及"
_AND_JOINT = regex.compile(_AND)
SPLIT_PEOPLE = regex.compile(rf"\s*(?:,|，|、|;|；|{_AND})\s*|\s+[/+]\s+")  # "北大 + UCSD"
# footnote marks after a name, as in "Jia Pan*" or "Li Wei†¹": equal contribution,
# corresponding author, affiliation
_FOOTNOTE_SYMBOLS = "*∗†‡§¶♠♣♥♦"
_MARK_CHAR = f"[⁰¹²³⁴⁵⁶⁷⁸⁹{_FOOTNOTE_SYMBOLS}]"
_MARKS = regex.compile(rf"{_MARK_CHAR}+(?=\s*$)")
# what leads an author line without being a name: "by Jane Doe", "Who · Jane Doe" (one word
# set off by a spaced middle dot, as a label)
# what opens a line of names: "by", "作者是", "Authors are", a name's lead ("文 · A, B")
_BY = regex.compile(
    r"^(?:(?i:by|(?:the\s+)?authors\s+are)\s+|(?:作者|作者们)(?:是|为|有)\s*|(?:第一作者|一作)(?:是|为)?\s*"
    r"|(?:\p{Lu}\p{Ll}{1,11}|\p{Han}{1,6})\s+[·•]\s+)(?=\p{Lu})"
)
_ACRONYM = regex.compile(r"^[A-Z][A-Z0-9&*\-.]{1,9}$")


def strip_numbering(text: str) -> str:
    """A title without its list numbering or leading symbols: "1. X", "(2) X", "第3篇：X",
    "▍01｜X", "📄 X", "2/ 📄 X"."""
    stripped = _TIMESTAMP.sub("", LEADING_SYMBOLS.sub("", text), count=1)
    stripped = _NUMBERING.sub("", LEADING_SYMBOLS.sub("", stripped), count=1)
    stripped = _WORD_ORDINAL.sub("", stripped, count=1)  # "四、论文三：Title": both numberings
    stripped = LEADING_SYMBOLS.sub("", stripped)
    return stripped or text


def venue_tail(text: str, labels: Labels) -> str:
    """The venue after the last dash or bar of a line ("A and B, Stanford University --
    USENIX ATC 2014": "USENIX ATC 2014"), or ""."""
    m = _DASHED_TAIL.search(text)
    return m.group(1) if m is not None and venue_tag(m.group(1), labels) else ""


def is_question(text: str) -> bool:
    """A question the note-taker asks, led by its mark ("Q. Who wrote it?", "Q2: why …",
    "问：…"): a point of a paper's notes, never its title."""
    m = _QUESTION.match(text.strip())
    # "Q. Wang, L. Zhang (PKU)" is an author line: a dot's question ends with its mark
    return m is not None and (m.group("colon") is not None or text.rstrip().endswith(("?", "？")))


def is_stray_number(text: str) -> bool:
    """ "3," or "2" alone on a line: numbering between papers."""
    return _STRAY_NUMBER.match(text) is not None


def is_chinese(text: str) -> bool:
    return HAN.search(text) is not None


def sentences(text: str) -> int:
    """How many sentences a text holds (at least one when it holds anything)."""
    return len(_SENTENCES.findall(text.strip())) + (1 if text.strip() else 0)


@memo
def is_prose(text: str) -> bool:
    """A sentence or more of running text (a summary), not a heading-like line; its
    numbering is no part of it ("一、《Title》" is a title line, not Chinese prose)."""
    text = strip_numbering(text.strip())
    if is_chinese(text):
        return len(text) >= 40 or (len(text) >= 12 and bool(_SENTENCE_END.search(text)))
    words = len(text.split())
    return words >= 30 or (words >= 8 and bool(_SENTENCE_END.search(text)))


@dataclass(frozen=True)
class TitleShape:
    """How a line reads as a paper title: whether it may be one, and why."""

    ok: bool
    title: str  # the title, prefixes and numbering removed
    prefix: str = ""  # an award prefix that was removed
    strong: bool = False  # shaped like a title: "Name: subtitle", or Title Case
    note: str = ""  # bracketed text after the title: "(Institution, a remark)"


# a title wholly inside book-title marks or quotes: 《Title》, 「Title」, “Title”, "Title"
_WRAPPED = regex.compile(r'《([^《》]+)》|「([^「」]+)」|『([^『』]+)』|“([^“”]+)”|"([^"]+)"')


def unwrapped(text: str) -> str:
    """A title without the book-title marks or curly quotes it is wholly inside ("《Title》"),
    and without BibTeX's braces that keep a word's capitals ("Do {OS} abstractions …")."""
    wrapped = _WRAPPED.fullmatch(text)
    text = next(g for g in wrapped.groups() if g).strip() if wrapped else text
    return _PROTECTED.sub(r"\1", text) if "{" in text else text


# a word in braces inside a title, as BibTeX keeps its case: "{OS}", "{FPGAs}", "{GPU}-based"
# (Latin letters only: "{大括号}" in a title is the note-taker's text)
_PROTECTED = regex.compile(r"(?<![\w$\\])\{([A-Za-z0-9][A-Za-z0-9\-+.]*)\}")


# a line all in brackets, words and not a name: an aside ("(left the rest blank)")
_ASIDE = regex.compile(r"[(（][^()（）]*\s[^()（）]*\s[^()（）]*[)）]")
_FIGURE_FIRST = regex.compile(r"\d+(?:\.\d+)?\s*[x×倍%％](?![\w\-])")


# a line that says what follows it: "作者见下表：", "详见如下", "Authors are listed below:"
_INTRODUCES = regex.compile(
    r"(?:见下|如下|下表|下图|下面|下列|以下|\bbelow|\bas follows|\bthe following)\W*$", regex.I
)


def award_only(text: str, labels: Labels) -> bool:
    """A line that only says a paper won an award, its venue perhaps before it."""
    text = text.strip().strip("()（）[]【】")  # "(SOSP'23 Best Paper)"
    award, rest = labels.title_prefix(text)
    if award:
        rest = rest.strip(_AWARD_MARKS)
        return not rest or venue_only(rest, labels) or bool(venue_tag(rest, labels))
    return text.strip(_AWARD_MARKS).casefold() in labels.awards


_AWARD_MARKS = " :：-–—()（）[]【】!！*_🏆🥇"


@memo
def title_shape(text: str, labels: Labels) -> TitleShape:
    """Whether ``text`` can be a paper title, and the title it gives."""
    if len(text) > 400:
        return TitleShape(False, text[:400])  # a paragraph: no title is that long
    text = strip_numbering(text.strip()).strip("*_ ")
    dated = _DATE_TAIL.search(text)
    if dated and dated.start() > 0:
        text = text[: dated.start()]  # "SecretFlow-SPU 2023.08.03": the day it was read
    if venue_only(text, labels):
        return TitleShape(False, text)  # "USENIX FAST 2023": a conference, no paper
    if labels.bare_label(text) is not None:
        return TitleShape(False, text)  # "### 个人评论", "Abstract": a part of a paper's notes
    if _FIGURE_FIRST.match(text):
        return TitleShape(False, text)  # "9× on YCSB", "2.3x faster": a result, no title
    if _ASIDE.fullmatch(text):
        return TitleShape(False, text)  # "(only three affiliations were on the page …)": a remark
    if award_only(text, labels):
        return TitleShape(False, text)  # "Best Paper Award", "NSDI'15 最佳论文": about a title
    if _INTRODUCES.search(text):
        return TitleShape(False, text)  # "作者见下表：", "Authors are listed below:": what follows
    if _MATH.search(text):
        return TitleShape(False, text)  # "$$ w_d = 1 - w_s $$", "\\frac{a}{b}": a formula
    prefix, text = labels.title_prefix(text)
    dotted = _DOTTED_VENUE.match(text)
    if dotted and not prefix and dotted.end() < len(text):
        # "2019.SP.Using Safety Properties ...", "2019.HPCA-25.4AP1.Title": year and venue
        prefix, text = dotted.group(0).strip(". "), text[dotted.end() :].strip()
    tag = _LEADING_TAG.match(text)
    if tag and not prefix and len((tag.group(1) or "").split()) <= 4 and tag.end() < len(text):
        # "[NSDI'24] Title", "【OSDI 2022】Title": a tag before the title (its venue, an award)
        prefix, text = tag.group(0).strip(), text[tag.end() :].strip()
    tagged = _UNDERSCORE_TAG.match(text)
    if tagged and not prefix:
        # "02_DSN_Pinpoint: …", "2023_WWW_CausIL: …": a file name's year and venue
        prefix, text = tagged.group(0).strip("_"), text[tagged.end() :]
    if not prefix:
        prefix, text = _venue_prefix(text, labels)
    if not prefix:
        prefix, text = _venue_suffix(text, labels)
    text = _PAGES.sub("", text)  # "Title. 49-65": dblp's page range
    text = _PAGE_SITE.sub("", text)  # a bookmark's "Title | Proceedings of the 2018 …"
    dot = _DOT_THEN_TAG.search(text)
    if dot and venue_tag(dot.group(1), labels):
        text = text[: dot.start()] + text[dot.start() + 1 :]  # "Title. (ICLR 2020)"
    if _NUMBER_FIELD.match(text) or _WORD_FIELD.match(text):
        return TitleShape(False, text)  # "年份: 2026", "Tag: Morphling": a field, no title
    if _QUOTED.search(text) and not _QUOTED.fullmatch(text):
        return TitleShape(False, text)  # 'Best paper: "A" and "B"': about papers, not one
    if _INNER_STOP.search(text.rstrip(". ")):
        return TitleShape(False, text)  # "Proceedings of X. ACM 2016": two sentences
    if text.endswith(("。", "！", "？")):
        return TitleShape(False, text)  # "读 Sarathi-Serve。": a sentence, no title
    if text.endswith(".") and not text.endswith(".."):
        text = text[:-1]  # "Title.": crawled and dblp titles end with a full stop
    original = TRAILING_BRACKETS.search(text)
    if original and is_chinese(text[: original.start()]) and _original_title(original[1], labels):
        # "Twig：面向数据中心应用的……（Twig: Profile-Guided BTB Prefetching for ...）": the
        # note-taker's translation, then the paper's own title in brackets
        return TitleShape(True, original[1].strip(), prefix, True)
    notes: list[str] = []
    tail = _CHINESE_TAIL.search(text)
    if tail and text[: tail.start()].isascii():
        notes.append(tail.group(1))  # "Title——论文泛读": the note-taker's words after a title
        text = text[: tail.start()]
    for _ in range(2):  # "Title (Microsoft Research) [2016, 0 refs]": two notes
        m = TRAILING_BRACKETS.search(text)
        if not (
            m
            and m.start() > 0
            and not _abbreviates(m.group(1), text[: m.start()])
            and not (own_name(m.group(1), labels) and not _added(text, m))
            and not _glued_subtitle(text, m, labels)
        ):
            break
        # "Title (MIT, a remark)", "Title [Vision]": a note after the title; "Wide Locally
        # Recoverable Codes (LRCs)" spells out what the brackets abbreviate, "... informed
        # spinlocks (I-Spinlocks)" names the paper's system: the title's own
        notes.insert(0, m.group(1).strip())
        text = text[: m.start()].strip()
    note = "; ".join(notes)
    text = text.strip(" -–—:：")
    text = unwrapped(text)
    if not text or labels.has_time(text):
        return TitleShape(False, text)  # "Time: 9:15 AM – 9:30 AM": a slot, no title
    if URL_RE.fullmatch(text) or text.startswith(("http://", "https://")):
        return TitleShape(False, text)
    if is_chinese(text) and guess_language(text) == "zh":
        size = len(text)
        ok = 4 <= size <= 80 and not _SENTENCE_END.search(text) and "，" not in text[:-1]
        # strong: a name before the colon ("Krill：一个面向……的编译器"), not a statement
        # with a colon ("体系结构方向的四个顶会：ISCA、HPCA、……")
        head = regex.split(r"[:：]", text, maxsplit=1)[0]
        named = head != text and head.isascii() and 1 <= len(head.split()) <= 3
        return TitleShape(ok, text, prefix, ok and named, note)
    words = text.split()
    if section_heading(text, labels):
        return TitleShape(False, text, prefix)  # "Key Insights and Main Results": a part of a note
    one_word_name = len(words) == 1 and len(text) >= 4 and _has_colon_title(text)
    if (not 2 <= len(words) <= 30 or len(text) < 8) and not one_word_name:
        return TitleShape(False, text, prefix)
    if _SENTENCE_END.search(text) and len(words) > 6:
        return TitleShape(False, text, prefix)
    capitals = [w for w in words if len(w) > 3 and w[:1].isalpha()]
    title_case = bool(capitals) and sum(w[0].isupper() for w in capitals) / len(capitals) >= 0.6
    strong = _has_colon_title(text) or title_case
    return TitleShape(True, text, prefix, strong, note)


_WORD = regex.compile(r"\p{L}+")
# words that qualify a part of a note, though some are names too ("Key", "Main")
_SECTION_WORDS = frozenset("key main open other more further my some final general".split())  # noqa: SIM905


def section_heading(text: str, labels: Labels) -> bool:
    """A heading of a part of a paper's note, made of words no title or name is made of
    alone: "Key Insights and Main Results", "Related Work, Discussion"."""
    words = [w.casefold() for w in _WORD.findall(text)]
    return any(w in labels.not_names for w in words) and all(
        w in labels.not_names or w in _LOWER_OK or w in _SECTION_WORDS for w in words
    )


def venue_only(text: str, labels: Labels) -> bool:
    """A conference and its year, and nothing else: "USENIX FAST 2023", "OSDI '22"."""
    rest = _VENUE_COMMA.sub(" ", _VENUE_ORG.sub("", text.strip()))  # "FAST, 2023"
    m = labels.venue_re.match(rest)
    return m is not None and not rest[m.end() :].strip(" .,:;)）]】")


def _original_title(text: str, labels: Labels) -> bool:
    """Whether a bracket after a Chinese title holds the paper's English title: three words
    or more, with a colon or in Title Case."""
    if is_chinese(text):
        return False
    shape = title_shape(text, labels)
    return shape.ok and shape.strong and len(shape.title.split()) >= 3


def venue_tag(text: str, labels: Labels) -> bool:
    """Whether a bracket's text is a venue and its year and no more: "MICRO'14", "OSDI
    2020", "Eurosys'16" (a cited work's tag), not "Microsoft Research"."""
    text = text.strip()
    return len(text.split()) <= 3 and len(text) <= 24 and venue_in(text, labels) is not None


def _venue_prefix(text: str, labels: Labels) -> tuple[str, str]:
    """("ASPLOS", "Title") from "ASPLOS / Title", "SOSP/25/Title", "ATC: Title": a known
    venue before a slash or a colon, or any one word before a spaced slash ("journal /
    Title"). Not "I/O Is Faster ...", nor "CHERIoT RTOS: An OS ...": the head must be a
    known venue unless the slash has spaces around it."""
    m = _VENUE_HEAD.match(text)
    if m is None:
        return "", text
    known = m.group("name").casefold() in labels.venue_names
    if not (known or (m.group("spaced") and not m.group("colon"))):
        return "", text
    rest = text[m.end() :].strip()
    if len(rest.split()) < 2:
        return "", text
    return text[: m.end()].strip(" /:："), rest


# ", USENIX ATC 2020", ". EuroSys 2020", ", FAST '20", " — NSDI '14" closing a title
# what a web page's title adds after the paper's, kept in a bookmark: "Title | Proceedings
# of the 2018 Conference of …", "Title | ACM SIGCOMM 2018"
_PAGE_SITE = regex.compile(r"\s+\|\s+(?:Proceedings of|ACM|IEEE|USENIX|arXiv)\b.*$")
_VENUE_TAIL = regex.compile(
    rf"(?:[,.]\s+|\s+[—–]\s+)(?:{_SOCIETY})?(?P<name>[\p{{L}}][\p{{L}}\-]{{1,14}})\s*(?:'|’)?"
    r"(?:\d{2}|\d{4})$"
)


# " NSDI'23", "{GPUs}ATC'22": a venue and its year after an apostrophe, closing a title
_VENUE_QUOTED_TAIL = regex.compile(
    rf"(?:\s+|(?<=[}})\]]))(?:{_SOCIETY})?(?P<name>[\p{{L}}][\p{{L}}\-]{{1,14}})['’]\d{{2}}$"
)


def _venue_suffix(text: str, labels: Labels) -> tuple[str, str]:
    """("USENIX ATC 2020", "Title") from "Title, USENIX ATC 2020": a known venue and a year
    after a comma or full stop at the end of a title, or with an apostrophe ("Title
    NSDI'23")."""
    m = _VENUE_TAIL.search(text) or _VENUE_QUOTED_TAIL.search(text)
    if m is None or m.group("name").casefold() not in labels.venue_names:
        return "", text
    rest = text[: m.start()].strip()
    if len(rest.split()) < 3:
        return "", text
    return text[m.start() :].strip(" ,.—–"), rest


_MIXED_NAME = regex.compile(r"^[\p{L}\d]*(?:\p{Ll}\p{Lu}|\p{L}-\p{L})[\p{L}\d\-]*$")


def _added(text: str, m: regex.Match[str]) -> bool:
    """Brackets a note-taker added to an English title: full-width ones ("Efficient Memory
    Management for LLM Serving with PagedAttention（vLLM）"), which no English title has."""
    return text[m.start() :].lstrip().startswith("（") and text[: m.start()].isascii()


def own_name(text: str, labels: Labels) -> bool:
    """A system's name in brackets after a title: one word with a capital inside it or a
    hyphen ("I-Spinlocks", "dIPC"), not a place kg knows ("(UC-Berkeley)")."""
    text = text.strip()
    return bool(_MIXED_NAME.match(text)) and len(text) <= 24 and not labels.is_known(text)


def _glued_subtitle(text: str, m: regex.Match[str], labels: Labels) -> bool:
    """ "... Consensus Algorithm(Extended Version)": brackets glued to the last word, around
    words of the title's language that name no place: part of the title as written."""
    inner = m.group(1).strip()
    return (
        text[m.start() : m.start() + 1] in "(（"
        and m.start() > 0
        and text[m.start() - 1].isalpha()
        and inner.isascii()
        and len(inner.split()) >= 2
        and not any(labels.is_known(part) for part in SPLIT_PEOPLE.split(inner))
        and not venue_tag(inner, labels)  # "...Parallelism（SOSP 2024）": the venue, not the title
    )


def _abbreviates(acronym: str, text: str) -> bool:
    """Whether ``acronym`` ("LRCs", "DPI") is made of the initials of the words before it."""
    letters = acronym.strip().removesuffix("s").rstrip("0123456789")  # "NDT7": a version
    if not (2 <= len(letters) <= 8 and letters.isalpha() and letters.isupper()):
        return False
    initials = [w[0] for w in text.replace("-", " ").split() if w[:1].isupper()]
    return "".join(initials[-len(letters) :]) == letters


# a point of a paper's notes: a short lead in everyday words (no name's capitals or digits),
# then what it says ("Problem: …", "Key insight: …", "Who -- A (MIT)", "动机：…")
_POINT = regex.compile(
    r"^(?P<lead>\p{Han}{1,6}|(?:\p{Lu}\p{Ll}*|\p{Ll}+)(?:[ \-]\p{Ll}+){0,4})"
    r"(?:\s*[:：]|\s+(?:--|—|–)|\s*——)\s*(?P<value>\S.*)$"
)


def point_of(text: str, labels: Labels) -> str | None:
    """What a line says after a short lead ("Gist: a training stack …", "Numbers: 55.2% MFU
    …", "Who -- A, B (ByteDance)", "方法：…"), when that is no title in Title Case or with
    a name and a colon of its own ("Orca: A Distributed Serving System …" is a paper), or
    is an author line; None for a line of any other shape. Below a paper's title, such a
    line is one of its points, not a paper."""
    m = _POINT.match(text.strip())
    if m is None:
        return None
    value = m.group("value")
    if not title_shape(value, labels).strong:
        return value
    found = author_line(value, labels)
    return value if found is not None and placed(found) else None


def placed(found: AuthorLine) -> bool:
    """Whether an author line says where someone works."""
    return bool(found.institutions) or any(a.affiliations for a in found.authors)


# the name a slide's or frame's title starts with, before a colon, dot, dash or bracket
_GOES_ON_NAME = regex.compile(r"^(?P<name>[^·:：—–\-(（]{1,40}?)\s*(?:[·:：]|——|—|–|\s-\s|[(（])")
_TITLE_WORD = regex.compile(r"[^\W_]+")


def goes_on(title: str, paper: str) -> bool:
    """Whether a slide titled ``title`` goes on with the paper titled ``paper`` of the
    slides before it: the name before its colon or dot is made of words of that title, or
    of the initials of words of it in a row ("RMM · 要点" after "Redundant Memory Mappings
    for …", "WSC profiling · 发现" after "Profiling a Warehouse-Scale Computer")."""
    m = _GOES_ON_NAME.match(title)
    if m is None:
        return False
    words = [w.casefold() for w in _TITLE_WORD.findall(paper)]
    initials = "".join(w[0] for w in words)
    return all(
        w.casefold() in words or (len(w) >= 2 and w.isupper() and w.casefold() in initials)
        for w in _TITLE_WORD.findall(m.group("name"))
    )


def _has_colon_title(text: str) -> bool:
    """ "Krill: a compiler ...", "E.T.: re-thinking ...": a name, a colon, a subtitle."""
    head, sep, rest = text.partition("：")
    if not sep:
        head, sep, rest = text.partition(": ")  # not "3:00": a colon then a space
    # the name is more than a letter: "Q: how ...?" is a question, not a title
    return bool(sep) and 1 <= len(head.split()) <= 5 and len(head) >= 2 and len(rest.split()) >= 2


# ---- people and author lines --------------------------------------------------


@memo
def is_person(name: str, labels: Labels) -> bool:
    """A person's name by its shape: "Jane Doe", "Michael P. Andersen", "Hyung-Sin Kim",
    "张三" (a known surname), never a name with an organisation word or one kg knows as
    an institution or country."""
    name = name.strip().strip(".*")
    if not name or labels.has_org_word(name) or labels.is_known(name):
        return False
    if _HAN_NAME.match(name):
        return name[:1] in labels.surnames_zh or name[:2] in labels.surnames_zh
    words = name.split()
    if any(w.casefold() in labels.not_names for w in words):
        return False  # "Key Insights", "Related Work": a part of a note
    if len(words) == 2 and _VANCOUVER.match(name):
        return True  # "Gencer AE": a family name and initials, as references write them
    if not 2 <= len(words) <= 5:
        return False
    if len(words) == 5 and not any(_INITIAL.match(w) or w.casefold() in _PARTICLES for w in words):
        return False  # "Frustratingly Simple Retrieval Improves Challenging": five words, no name
    if _ACRONYM.match(words[0]) and len(words[0]) > 2 and not words[0].endswith("."):
        return False
    if words[0] in ("A", "An", "The") and any(_TERM_HYPHEN.search(w) for w in words[1:]):
        return False  # "An End-to-end", opening a title ("An Jae-Hyun" is a name)
    named = 0
    for w in words:
        if w.casefold() in _PARTICLES:
            continue
        if _INITIAL.match(w) or (len(w) == 1 and w.isupper()):
            continue
        if not _NAME_WORD.match(w) or not w[:1].isalpha():
            return False
        named += 1
    last = words[-1]
    # a family name is never a lone initial ("Texas A" of "Texas A&M"), nor a particle
    # written in lower case ("Ludwig van"); "Yanfang Le" has one
    return (
        named >= 1
        and not (last.casefold() in _PARTICLES and last.islower())
        and not _INITIAL.match(last)
        and len(last) > 1
    )


def _loose_person(name: str) -> bool:
    """ "Yang zhang": a name written carelessly, accepted among well-written ones."""
    words = name.split()
    return 2 <= len(words) <= 4 and words[0][:1].isupper() and all(w.isalpha() for w in words)


@memo
def is_institution(text: str, labels: Labels) -> bool:
    """An institution by its shape: an organisation word, a name kg knows, or an acronym.
    A Chinese name ends with its organisation word ("清华大学", "微软亚洲研究院"): "印度本土团队
    独立中SOSP" is a clause, not an institution."""
    text = text.strip()
    if not text:
        return False
    if labels.is_known(text) or _ACRONYM.match(text):
        return True
    if HAN.search(text):
        return labels.has_org_word(text[-4:])
    return labels.has_org_word(text)


@dataclass(frozen=True)
class AuthorLine:
    """What an author line says: people with their affiliations, and institutions
    named without people."""

    authors: tuple[Author, ...]
    institutions: tuple[str, ...] = ()  # affiliations given for no one in particular


AUTHOR_LINE_LIMIT = 2000  # characters: a longer line is not read as authors (it is reported)


# "Zhou, Jingyu", "van Renesse, Robbert", "Li, Fei-Fei": a surname (one word, or one after
# a particle), a comma and up to three given names or initials
_GIVEN_NAMES = r"(?P<first>\p{Lu}[\p{L}'’.\-]*(?:\s+\p{Lu}[\p{L}'’.\-]*){0,2})"
_INVERTED = regex.compile(
    rf"(?P<last>(?:(?:{'|'.join(sorted(_PARTICLES))})\s+)*\p{{Lu}}[\p{{L}}'’\-]*)\s*,\s*"
    + _GIVEN_NAMES
)
# a surname of two or three words ("Jayaram Subramanya, Suhas"): read so only among names
# most of which have one-word surnames, or "Jane Doe, Acme" would be a person too
_INVERTED_LONG = regex.compile(
    r"(?P<last>\p{Lu}[\p{L}'’\-]*(?:\s+\p{Lu}[\p{L}'’\-]*){1,2})\s*,\s*" + _GIVEN_NAMES
)
_END_MARKS = regex.compile(r"(?:(?<![\s,]\p{Lu})\.|[。;；:：])+$")
_INITIALS = regex.compile(r"(?:\p{Lu}\.\s*)+")
_NAME_LIST = regex.compile(r"\s*;\s*|\s+and\s+|\s*&\s*")


def _inverted_names(text: str, labels: Labels) -> str | None:
    """A reference manager's list of "Last, First" names, cut at ";" or "and" ("Zhou,
    Jingyu; Xu, Meng", as Zotero's export writes them) as "Jingyu Zhou, Meng Xu"; None
    when the text is no such list ("Jane Doe, MIT; John Roe, Stanford" is not)."""
    groups = _NAME_LIST.split(text.strip())
    if len(groups) < 2:
        return None
    names = []
    long = 0  # names with a surname of several words
    for group in groups:
        m = _INVERTED.fullmatch(group.strip())
        if m is None:
            m = _INVERTED_LONG.fullmatch(group.strip())
            long += 1
        if m is None:
            return None
        if not _INITIALS.fullmatch(m["first"]) and is_institution(m["first"], labels):
            return None  # "Jane Doe, MIT"
        name = f"{m['first']} {m['last']}"
        if not is_person(name, labels):
            return None
        names.append(name)
    return ", ".join(names) if long * 2 < len(groups) else None


@memo
def author_line(text: str, labels: Labels, labelled: bool = False) -> AuthorLine | None:
    """Read a line as a list of authors, or return None when it is not one.

    Styles: "A, B (MIT), C (Harvard)"; "Jane Doe and John Roe, University X; Ann Lee,
    Company Y" (USENIX); "Alexander Beischl (Technical University of Munich, Germany)";
    "张三（清华大学）、李四"; "UC Berkeley, Alibaba, AWS" (institutions only).
    ``labelled``: the text follows an author label ("作者：Sara McAllister 等"), so one
    name alone is an author too.
    """
    # "by Jane Doe (MIT), ..."; an initial's point stays ("Ganger, Gregory R.")
    text = _BY.sub("", _END_MARKS.sub("", text.strip()))
    text = _TRAILING_LINK.sub("", text)  # "A, B (MIT); https://doi.org/...": the link is a cue
    if not text or URL_RE.search(text) or len(text) > AUTHOR_LINE_LIMIT:
        return None
    # "…，其余作者来自 USC、Northeastern University 等": the places of authors not named
    others = _OTHERS_FROM.search(text) or _ALSO_AT.search(text)
    if others is not None:
        text = text[: others.start()]
    text = _FROM.sub(", ", text)  # "A、B 等，来自 CMU 和北京大学": the places after the people
    text = _CO_FIRST.sub(r"\1", text)  # "一作 A（X），共同一作 B（Y）": B is an author too
    if labelled:
        # the writer's remark after the names: "A、B；单位是 X，没逐个对应到人", "A、B；Y 的
        # 机构库收录了这篇，作者单位没逐个查"
        text = _REMARK_TAIL.sub("", text)
    # a remark in brackets after the names: "Charles Eckert et al. (affiliations not noted yet)"
    text = _REMARK_BRACKET.sub("", text)
    text = _WITH.sub(r"\1", text)  # "A (CMU); with B and C (CMU)": B is an author too
    text = _inverted_names(text, labels) or text  # "Zhou, Jingyu; Xu, Meng"
    text = _ID_TAIL.sub("", text)  # "A, B (MIT) — DOI 10.1145/…": the paper's id after them
    venue = venue_tail(text, labels)
    if venue:
        text = text[: text.rindex(venue)].rstrip(" -—–|")  # "A, B, MIT -- USENIX ATC 2014"
    text = _middot_list(text, labels)  # "Tokyo Institute of Technology · RIKEN R-CCS"
    if _COLON_INSIDE.search(text):
        return None  # "Deep Packet Inspection, DPI：不光看包头……": a term and what it means
    words = text.split()
    if (
        len(words) >= 6
        and sum(w[:1].islower() and w not in _LOWER_OK for w in words) * 5 > len(words) * 2
    ):
        return None  # mostly lower-case words: prose, not names and institutions
    if "(" in text or "（" in text:
        found = _bracketed_authors(text, labels)
        if found is not None:
            return _with_others(found, others)
    groups = [_place_last(g, labels) for g in _GROUPS.split(text) if g.strip()]
    if all(len(_SPACED_DASH.findall(g)) <= 1 for g in groups):
        # "A, B — Stanford University, MIT": names, then places ("…; C — KAIST" a group each)
        groups = [_SPACED_DASH.sub(", ", g) for g in groups]
    authors: list[Author] = []
    orphans: list[str] = []
    people_total = pieces_total = 0
    # "Name and Name, Place; Name, Place": when most groups end with a place, so does each
    # (USENIX's program: "Xiaozhou Li, Celer Network", a place kg does not know)
    spanned = [_piece_spans(g) for g in groups]
    placed = [_known_place_at(spans, g, labels) for spans, g in zip(spanned, groups, strict=True)]
    usenix = len(groups) >= 2 and sum(cut is not None for cut in placed) * 2 > len(groups)
    for group, spans, known_cut in zip(groups, spanned, placed, strict=True):
        pieces = [piece for piece, _ in spans]
        if not pieces:
            continue
        pieces_total += len(pieces)
        # from the end, the pieces that are no person's name form the institution
        cut = len(pieces)
        while cut > 0 and not is_person(pieces[cut - 1], labels):
            cut -= 1
        if known_cut is not None and known_cut < cut:
            cut = known_cut  # "…, University of California, San Diego": one place
        elif usenix and cut == len(pieces) and len(pieces) >= 2:
            cut -= 1
        mononym = cut == 0 and len(groups) > 1 and len(pieces) > 1 and _mononym(pieces[0], labels)
        if mononym:
            cut = 1  # "Anjali, University of Wisconsin-Madison" among other groups
        people = pieces[:cut]
        places = pieces[cut:]
        strict = sum(is_person(p, labels) for p in people)
        # among three well-written names, one written carelessly ("Yang zhang") or a
        # one-word name ("…, Mike Ringenburg, Prabhat, Victor Lee") is a name too
        loose = strict >= 3
        inside = range(1, len(people) - 1)  # a one-word name between two others, not first
        if not mononym and any(
            not (
                is_person(p, labels)
                or (loose and (_loose_person(p) or (k in inside and _mononym(p, labels))))
            )
            for k, p in enumerate(people)
        ):
            return None  # names and non-names mixed: not an author line
        # the institution as written ("University of Science and Technology of China")
        affiliation = group[spans[cut][1] :].strip(" .,;") if places else ""
        # what follows the people is their institution: institution-shaped, or a short name
        # ("Jane Doe, Berkeley"); a long phrase means the line was no author line
        for place in places:
            if not is_institution(place, labels) and _size(place) > 3:
                return None
            if _REFERENCE_YEAR.search(place):
                return None  # "Ion Stoica. 2023. Title. In Proceedings of …": a reference
        if len(pieces) == 2 and cut == 1 and not is_institution(places[0], labels):
            # "Non-Delusional Q-Learning and Value-Iteration": a title's "and", not a name
            # and where it works (a place follows its people after a comma)
            joint = group[spans[cut - 1][1] + len(pieces[cut - 1]) : spans[cut][1]]
            if _AND_JOINT.search(joint):
                return None
        people_total += len(people)
        if people:
            authors += [Author(p, (affiliation,) if affiliation else ()) for p in people]
        elif affiliation:
            orphans.append(affiliation)
    if people_total == 0:
        # institutions only ("UC Berkeley, Alibaba, AWS"): short pieces, all institutions,
        # more than one of them unless kg knows the one
        pieces = [p for o in orphans for p in _pieces(o)]
        if (
            pieces
            and all(
                len(p.split()) <= 6 and (is_institution(p, labels) or _address(pieces, k, labels))
                for k, p in enumerate(pieces)
            )
            and (len(pieces) >= 2 or labels.is_known(pieces[0]))
        ):
            return AuthorLine((), tuple(orphans))
        return None
    if people_total * 2 < pieces_total - len(orphans) - len(groups) + 1 and len(groups) == 1:
        return None
    # one name and nothing else: "Adaptive Hybrid Indexes" is shaped like a name too;
    # only a name with an initial ("Kathryn S. McKinley") is taken alone
    alone = len(authors) == 1 and not authors[0].affiliations and not orphans and not labelled
    if alone and not any(_INITIAL.match(w) for w in authors[0].name.split()):
        return None
    return _with_others(AuthorLine(tuple(authors), tuple(orphans)), others)


def _with_others(line: AuthorLine, others: regex.Match[str] | None) -> AuthorLine:
    """An author line with the places of its authors not named ("其余作者来自 X、Y")."""
    if others is None:
        return line
    places = [p.strip() for p in _PLACE_BREAK.split(others["places"]) if p.strip()]
    return AuthorLine(line.authors, (*line.institutions, *places))


def _known_place_at(spans: list[tuple[str, int]], group: str, labels: Labels) -> int | None:
    """Where the place an author group ends with starts (the index of its first piece):
    the longest end of the group, after a comma, that is an institution kg knows ("Morteza
    Hoseinzadeh and Steven Swanson, University of California, San Diego"), or its last
    piece when that is institution-shaped; None when it ends with no place."""
    for k in range(1, len(spans)):
        if labels.is_known(group[spans[k][1] :].strip(" .,;")):
            return k
    if len(spans) >= 2 and is_institution(spans[-1][0], labels):
        return len(spans) - 1
    return None


# "Heidelberg" in "Heidelberg University, Heidelberg, Germany": the town of an address
_TOWN = regex.compile(r"^\p{Lu}\p{Ll}+(?:[ \-]\p{Lu}\p{Ll}+)?$")
_STATE_CODE = regex.compile(r"^\p{Lu}{2}$")


def _address(pieces: list[str], k: int, labels: Labels) -> bool:
    """Whether piece ``k`` of an institutions line is a town or a part of a place: a town
    between a place and the state or country that close the line, or "Faculty of X"
    before a place."""
    piece = pieces[k]
    nxt = pieces[k + 1] if k + 1 < len(pieces) else ""
    if INSTITUTION_PART.match(piece):
        return bool(nxt) and is_institution(nxt, labels)
    closing = pieces[k + 1 :]  # a region or a state's code, then the country
    return (
        k > 0
        and bool(_TOWN.match(piece))
        and 1 <= len(closing) <= 2
        and labels.is_known(closing[-1])
        and all(labels.is_known(c) or _STATE_CODE.match(c) or _TOWN.match(c) for c in closing)
    )


# what follows the last dash or bar of a line: "… -- EuroSys 2015", "… | OSDI '14"
_DASHED_TAIL = regex.compile(r"\s+(?:[—–|]|-{1,2})\s+((?:(?!\s-{1,2}\s)[^—–|])+?)\s*$")
_ID_TAIL = regex.compile(r"\s+[—–\-·|]{1,2}\s+(?:doi|arxiv)\b.*$", regex.I)
# a date or a time is no institution: "Extracted Annotations (7/5/2023, 8:20:55 AM)"
_DATE_TIME = regex.compile(r"^\d[\d/:.\-\s]*(?:[AP]M)?$", regex.I)
_REMARK_TAIL = regex.compile(
    r"\s*[，,]\s*(?:没|未|不|待|还没)[^，,；;()（）]*$"
    r"|\s*[；;][^；;()（）]*(?:收录|没逐个|未逐个|没查|待查|待补|没核对)[^；;()（）]*$"
)
_OTHERS_FROM = regex.compile(
    r"\s*[，,；;]\s*(?:其余|其他|其它|另外)(?:的)?(?:几位)?(?:作者)?(?:都|均|分别)?(?:来自|在)\s*"
    r"(?P<places>[^，,；;。]+?)\s*(?:等)?[。.]?\s*$"
)
# "…；Rasti 和 Shenker 还挂着 ICSI": named authors' other place, after the groups
_ALSO_AT = regex.compile(
    r"\s*[，,；;]\s*\p{Lu}[\w'’.\-]*(?:\s+\p{Lu}[\w'’.\-]*){0,2}"
    r"(?:\s*(?:和|与|、|及)\s*\p{Lu}[\w'’.\-]*(?:\s+\p{Lu}[\w'’.\-]*){0,2})*"
    r"\s*(?:同时|还|也|另外)(?:在|挂着|挂|来自)\s*(?P<places>[^，,；;。()（）]+?)\s*[。.]?\s*$"
)
_CO_FIRST = regex.compile(r"([，,、]\s*)(?:共同一作|共同第一作者|通讯作者)(?:是|为)?\s*")
_REMARK_BRACKET = regex.compile(
    r"\s*[(（](?=[^()（）]{1,40}[)）])[^()（）]*(?:\b(?:not|unknown|unclear|unchecked|tbd|todo)\b"
    r"|affiliations?\b|没|未|待|不详|不清楚)[^()（）]*[)）]\s*$",
    regex.I,
)  # a short one: "(the notes say so, and the gold gives the place to the paper, not …)" is prose
_FROM = regex.compile(
    r"\s*[，,]\s*(?:都|均|全都|全部|全|分别)?来自\s*"
    r"|\s*[，,；;]\s*(?:单位|机构)(?:是|为|[:：])\s*"  # "A、B；单位是清华大学和华为"
)


def _size(text: str) -> float:
    """How many words a text holds: Latin words, or Chinese characters by twos."""
    return len(text.split()) + len(HAN.findall(text)) / 2


def _piece_spans(group: str) -> list[tuple[str, int]]:
    """The pieces of an author group between separators, each with where it starts."""
    out: list[tuple[str, int]] = []
    start = 0
    for m in [*SPLIT_PEOPLE.finditer(group), None]:
        end = m.start() if m is not None else len(group)
        raw = ET_AL.sub("", group[start:end])
        piece = _HAN_TITLES.sub("", _MARKS.sub("", raw).strip(" ."))
        if piece:
            out.append((piece, start + len(raw) - len(raw.lstrip(" ."))))
        if m is None:
            break
        start = m.end()
    return out


def _mononym(name: str, labels: Labels) -> bool:
    """A one-word name ("Anjali"): capitalised letters, no institution."""
    return (
        name.isalpha()
        and name[:1].isupper()
        and not name.isupper()
        and not is_institution(name, labels)
    )


def _pieces(text: str) -> list[str]:
    return [p.strip(" .") for p in SPLIT_PEOPLE.split(text) if p.strip(" .")]


_MIDDOTS = regex.compile(r"\s+[·•]\s+")
_LAST_MIDDOT = regex.compile(r"\s+[·•]$")


def _middot_list(text: str, labels: Labels) -> str:
    """Places kept apart by middle dots, as a list with commas: only when every piece is one
    ("A, B (MIT) · Best Paper Award" keeps its dot, and is no author line). People, a dot,
    then their places ("A, B · MIT, NVIDIA ·") are the people with their places in brackets."""
    pieces = _MIDDOTS.split(_LAST_MIDDOT.sub("", text))
    if len(pieces) >= 2 and all(is_institution(p, labels) for p in pieces):
        return ", ".join(pieces)
    if (
        len(pieces) == 2
        and all(is_person(p, labels) for p in SPLIT_PEOPLE.split(pieces[0]) if p)
        and is_institution(SPLIT_PEOPLE.split(pieces[1])[0], labels)
    ):
        return f"{pieces[0]} ({pieces[1]})"
    return text


# "（均来自 ORNL）", "(all from MIT)", "(all UC Berkeley)", "(both MIT)": where they all are
_FROM_INSIDE = regex.compile(
    r"^(?:均|都|全都|皆)?来自\s*"
    r"|^(?i:(?:all|both)(?:\s+(?:two|three|four|five|six|seven|eight|nine|ten|of them))?\s+)?"
    r"(?i:from|at)\s+(?i:the\s+)?"
    r"|^(?i:all|both)\s+(?=\p{Lu})"
)
_OTHERS = regex.compile(r"(?:等|\bet\s+al\.?)\s*$")  # names, then "and others"


def _bracketed_authors(text: str, labels: Labels) -> AuthorLine | None:
    """ "A, B (MIT), C (Harvard, USA)": people before brackets that hold their affiliation;
    people with no brackets of their own share the next brackets."""
    tokens: list[tuple[str, str | None]] = []
    rest = text
    while rest:
        m = _BRACKETS.search(rest)
        head = rest[: m.start()] if m else rest
        names = [ET_AL.sub("", p).strip(" .") for p in SPLIT_PEOPLE.split(head)]
        names = [n for n in names if n]
        said = _FROM_INSIDE.sub("", m.group(1).strip()) if m else None  # "（均来自 ORNL）"
        if (
            said
            and _OTHERS.search(head)
            and not any(is_institution(p, labels) for p in _PLACE_BREAK.split(said))
        ):
            said = None  # "A、B 等（作者很多，没记全）": a remark on the list, no place
        for i, name in enumerate(names):
            last = m is not None and i == len(names) - 1
            tokens.append((name, said if last else None))
        if not m:
            break
        if not names and tokens and m:
            # "(MIT) (USA)": more brackets for the same people
            name, aff = tokens[-1]
            tokens[-1] = (name, f"{aff}, {m.group(1).strip()}" if aff else m.group(1).strip())
        rest = rest[m.end() :]
    if any(a is not None and _abbreviates(a, n) for n, a in tokens):
        return None  # "Hierarchical Indexing (HI)": a term and its abbreviation, no person
    if any(a is not None and venue_tag(a, labels) for _, a in tokens):
        return None  # "Delegated Ordering (MICRO'14)": a work and its venue, no person
    if any(
        a is not None and any(_DATE_TIME.match(p.strip()) for p in a.split(",")) for _, a in tokens
    ):
        return None  # "Extracted Annotations (7/5/2023, 8:20:55 AM)": a date, no place
    people = [(n, a) for n, a in tokens if is_person(_HAN_TITLES.sub("", n), labels)]
    if not people or len(people) * 3 < len(tokens) * 2:
        return None
    authors: list[Author] = []
    waiting: list[str] = []
    loose = len(people) >= 3  # among three names, a one-word name with a place is a name
    for name, aff in tokens:
        clean = _HAN_TITLES.sub("", name)
        if not (is_person(clean, labels) or (loose and aff and _mononym(clean, labels))):
            continue
        if aff is None:
            waiting.append(clean)
            continue
        authors.extend(Author(person, (aff,)) for person in (*waiting, clean))
        waiting = []
    authors += [Author(p) for p in waiting]
    return AuthorLine(tuple(authors))


@memo
def author_phrases(text: str, labels: Labels) -> tuple[tuple[tuple[str, ...], str], ...]:
    """``(people, institutions)`` of each prose phrase that names authors ("作者是 X，来自
    NYU", "by Jane Doe from MIT"): the people must be names and the institutions must
    look like institutions, so that "by deriving an order from hardware timestamps" is none."""
    found = []
    for said_people, said_places, placed_only in labels.author_phrases_in(text):
        people, written = _known_place_first(said_people, said_places, labels)
        names = people_in(people, labels) if people else ()
        if people and not names:
            # "... came next: Seulbae Kim from Georgia Tech": the name ends the phrase
            words = people.split()
            tails = (people_in(" ".join(words[-k:]), labels) for k in (2, 3, 4))
            names = next((tail for tail in tails if tail), ())
        if people and not names:
            continue
        places = _leading_institutions(written.strip(), labels)
        if placed_only and not places:
            continue
        if names or places:
            found.append((names, places))
    found = list(dict.fromkeys(found))
    # "来自清华大学裴丹老师的团队" is matched by "来自{institutions}" too: a place alone that
    # holds the place another phrase found with its people ("清华大学"), or that only goes on
    # from another's with "的" ("Adobe 印度研究院的团队"), is that one
    found = [
        (names, places)
        for names, places in found
        if names
        or not any(
            p
            and p != places
            and ((n and p in places) or _POSSESSIVE.match(places.removeprefix(p)) is not None)
            for n, p in found
        )
    ]
    # "作者是张三，来自清华大学" is matched by "作者是{people}" too: the people once, with places
    return tuple(
        (names, places)
        for names, places in found
        if not any(
            (names, places) != (n, p) and set(names) <= set(n) and (not places or places == p)
            for n, p in found
            if names
        )
    )


_PLACE_BREAK = SPLIT_PEOPLE  # places part as people do
_POSSESSIVE = regex.compile(r"\s*的")


def _known_place_first(people: str, places: str, labels: Labels) -> tuple[str, str]:
    """A phrase's people and places, where a place kg knows may have run into the names:
    "UC" and "Berkeley David Patterson" of "UC Berkeley David Patterson 团队" are "UC
    Berkeley" and "David Patterson"."""
    words, before = people.split(), _LATIN_RUN.findall(places)
    for k in range(1, len(words) - 1):
        for j in range(len(before) + 1):
            place = " ".join([*before[j:], *words[:k]])
            if labels.is_known(place) and is_person(" ".join(words[k:]), labels):
                return " ".join(words[k:]), place
    return people, places


def _leading_institutions(text: str, labels: Labels) -> str:
    """The part of a phrase that names institutions: "香港科技大学，混合精度训练……" ->
    "香港科技大学"; "又一篇 MSRA" -> "MSRA" (the phrase may start before the name);
    "hardware timestamps" -> ""."""
    first = _PLACE_BREAK.split(text, maxsplit=1)[0].strip()
    if is_chinese(first) and not labels.is_known(first):
        # "这是复旦大学", "这两篇都出自我们中山大学": the words before a place kg knows
        # (four characters at least and Chinese: not "浪潮" ending "赶上in-memory浪潮")
        tails = (first[k:] for k in range(1, len(first) - 3) if HAN.match(first, k))
        known = next((t for t in tails if labels.is_known(t)), "")
        if known:
            text = text[text.index(first) + len(first) - len(known) :]
            first = known
    plain = TRAILING_BRACKETS.sub("", first).strip()  # "佐治亚理工学院（Georgia Tech）"
    if first and not is_institution(first, labels) and not is_institution(plain, labels):
        words = first.split()
        tails = (" ".join(words[k:]) for k in range(1, len(words)))
        tail = next((t for t in tails if labels.is_known(t) or labels.has_org_word(t)), "")
        if not tail:
            return ""
        text = text[text.index(tail) :]
    end = 0
    start = 0
    for m in [*_PLACE_BREAK.finditer(text), None]:
        piece_end = m.start() if m is not None else len(text)
        piece = text[start:piece_end].strip()
        if piece:
            if not is_institution(piece, labels):
                break
            end = piece_end
        if m is None:
            break
        start = m.end()
    return text[:end].strip()


def people_in(text: str, labels: Labels) -> tuple[str, ...]:
    """The people a prose phrase names: "X and Y", "张三、李四"."""
    names = [_HAN_TITLES.sub("", p.strip(" .")) for p in SPLIT_PEOPLE.split(text)]
    return tuple(n for n in names if n and is_person(n, labels))


# ---- links -------------------------------------------------------------------


def normalize_doi(doi: str) -> str:
    """Lower-case (DOIs are case-insensitive) without trailing punctuation."""
    doi = doi.rstrip(".,;:}>")
    for suffix in (".pdf", "/pdf", "/abstract", "/full"):
        if doi.lower().endswith(suffix):
            doi = doi[: -len(suffix)]
    return doi.lower()


def doi_of(url: str) -> str | None:
    m = DOI_RE.search(url)
    return normalize_doi(m.group(1)) if m else None


def arxiv_of(url: str) -> str | None:
    m = ARXIV_RE.search(url)
    if m:
        return m.group("id")
    doi = doi_of(url)
    if doi and doi.startswith("10.48550/arxiv."):
        return doi[len("10.48550/arxiv.") :]
    return None


# ---- authors marked with footnotes ------------------------------------------------------
# A paper's first page copied into notes: "Ziheng Jiang¹, Haibin Lin¹,², Yinmin Zhong²" and
# below it "¹ByteDance ²Peking University" (superscripts, "<sup>1</sup>", or digits glued to
# the names when a PDF lost the superscripts: "Jiang1, Lin1,2")
MAYBE_MARKED = regex.compile(rf"{_MARK_CHAR}|\p{{L}}\d{{1,2}}(?:,\d{{1,2}})*(?:[,;]|$)")
# between authors: a separator not followed by another mark ("Lin¹,², Zhong²")
_MARKED_SPLIT = regex.compile(rf"\s*(?:[;；、，&]|\band\b|,(?!\s*(?:{_MARK_CHAR}|\d)))\s*")
_MARKED_NAME = regex.compile(
    rf"^(?P<name>.*?[\p{{L}}.])\s*(?P<marks>(?:{_MARK_CHAR}|\d{{1,2}})(?:[\s,]*(?:{_MARK_CHAR}|\d{{1,2}}))*)$"
)
_MARK_TOKEN = regex.compile(rf"[⁰¹²³⁴⁵⁶⁷⁸⁹]+|\d{{1,2}}|[{_FOOTNOTE_SYMBOLS}]")
# in the institutions' line: a mark, then the institution up to the next mark
_PLACE_MARK = regex.compile(
    rf"(?:^|(?<=[\s,;，；]))\d{{1,2}}(?=\s*[\p{{Lu}}\p{{Han}}])|[⁰¹²³⁴⁵⁶⁷⁸⁹]+|[{_FOOTNOTE_SYMBOLS}]"
)
_SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")


def marked_authors(text: str, labels: Labels) -> tuple[tuple[str, tuple[str, ...]], ...] | None:
    """ "Ziheng Jiang¹, Haibin Lin¹,², Yinmin Zhong²*" -> each name with its footnote marks
    ("1", "2", "*"); None unless every piece is a person's name and most carry marks."""
    out = []
    for piece in _MARKED_SPLIT.split(ET_AL.sub("", text.strip(" .;,"))):
        if not piece:
            continue
        m = _MARKED_NAME.match(piece)
        name, marks = (m.group("name"), m.group("marks")) if m else (piece, "")
        if not is_person(name.strip(), labels):
            return None
        tokens = tuple(t.translate(_SUPERSCRIPT_DIGITS) for t in _MARK_TOKEN.findall(marks))
        out.append((name.strip(), tokens))
    marked = sum(bool(tokens) for _, tokens in out)
    if not marked or marked * 2 < len(out):
        return None
    return tuple(out)


def footnote_places(text: str) -> dict[str, str] | None:
    """ "¹ByteDance ²Peking University" (or "1 ByteDance, 2 Peking University"; "*Equal
    contribution") -> what each mark stands for; None unless the text starts with a mark."""
    marks = list(_PLACE_MARK.finditer(text.strip()))
    if not marks or marks[0].start() != 0:
        return None
    text = text.strip()
    out = {}
    for m, after in zip(marks, [*marks[1:], None], strict=True):
        place = text[m.end() : after.start() if after else len(text)].strip(" ,;，；.")
        if place:
            out[m.group().translate(_SUPERSCRIPT_DIGITS)] = place
    return out or None


def footnoted_authors(
    names: tuple[tuple[str, tuple[str, ...]], ...], places: dict[str, str], labels: Labels
) -> str | None:
    """The author line with each author's institutions in brackets ("Ziheng Jiang
    (ByteDance), Haibin Lin (ByteDance; Peking University)"), from the marks; None when no
    mark names an institution."""
    found = False
    written = []
    for name, marks in names:
        keys = [k for t in marks for k in ([t] if t in places or not t.isdigit() else list(t))]
        own = [places[k] for k in keys if k in places and is_institution(places[k], labels)]
        found = found or bool(own)
        written.append(f"{name} ({'; '.join(dict.fromkeys(own))})" if own else name)
    return ", ".join(written) if found else None
