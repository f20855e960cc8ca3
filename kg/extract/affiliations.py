"""Institutions, people and countries, from a paper's authors and affiliation text.

An affiliation text ("Tsinghua University, Peng Cheng Laboratory and [Torsten
Hoefler] (ETH Zurich)") is split into pieces; each piece is resolved against
the institution registry, or is a country, a person, or an institution kg does
not know (kept as *unresolved*, and listed by ``kg build``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..records import Institution, Paper, Person, Problem
from ..text import INSTITUTION_PART, fold, slug
from .tables import SPLIT_AFFILIATIONS, Tables, resolve

_BRACKETED = re.compile(r"[\[【(（]([^\]】)）]+)[\]】)）]")
_ORG_WORDS = re.compile(
    r"(?i)\b(univ|university|universit[äéà]|college|institute|institut|school|lab|labs|laboratory|"
    r"research|center|centre|inc|corp|corporation|ltd|llc|company|academy|foundation|group|"
    r"technologies|technology|systems|cloud|ai|national|department|dept)\b|大学|学院|研究|公司|实验室|"
    r"中心|科学院|所$|集团|科技"
)
_ACRONYM = re.compile(r"[A-Z0-9][A-Z0-9*&+\-.]*")  # "IPADS", "A*STAR": no person's name
_PERSON = re.compile(r"^[A-Z][a-z'’\-]+(?:\s+[A-Z]\.?)?(?:\s+[A-Z][a-z'’\-]+){1,2}$")
_LEGAL_FORM = re.compile(r"(?i)^(?:inc|ltd|llc|co|corp|gmbh|limited|plc|s\.?a|ag|pte)\.?$")
_JOINED_ZH = re.compile(r"\s*(?:和|与|及)\s*")
_ORGANISATION_ZH = re.compile(r"(?:大学|学院|研究院|研究所|实验室|系|公司|集团|中心)$")
_STATE = re.compile(r"^[A-Z]{2}$")  # a state's postal code: "NM", "TN"
_CAMPUS = re.compile(r"^[A-Z][a-z]+(?:[ \-][A-Z][a-z]+)?$")
_UNIVERSITY = re.compile(r"(?i)\buniversity\b|\buniv\b|大学")
_ET_AL = re.compile(r"(等等|等|et al|etc)$", re.IGNORECASE)
# people named before where they are: "Hardik Sharma and Jongse Park"
_NAMES = (
    r"[A-Z][a-z'’\-]+(?:\s+[A-Z][a-z'’\-]+){1,2}"
    r"(?:\s*(?:,|,?\s+and)\s+[A-Z][a-z'’\-]+(?:\s+[A-Z][a-z'’\-]+){1,2})*"
)
# "(all Google)", "(both MIT)": who the place is for, not part of its name
_EVERYONE = re.compile(
    # a hedge before the place: "mostly Leibniz Supercomputing Centre", "主要是清华大学"
    r"^(?:(?:mostly|mainly|probably|likely|presumably)\s+|(?:大多|主要|大部分)(?:是|在|来自)?\s*)"
    r"|^(?:(?:all|both|everyone)(?:\s+(?:two|three|four|five|six|seven|eight|nine|ten|\d+))?"
    r"(?:\s+(?:of\s+them|authors))?\s+(?:(?:are\s+)?(?:at|from|of|in)\s+)?(?:the\s+)?"
    # "两位都在 Saarland University", "三位作者均来自清华大学"
    r"|(?:(?:其余|其他|另外)?[两二三四五六七八九十\d]+\s*位|全部|所有人|大家)(?:作者)?(?:都|均)?"
    r"(?:在|来自|是)\s*"
    # "co-authors from Georgia Tech", "the others at MIT"
    r"|(?:(?:the\s+)?(?:co-?authors|others|rest))\s+(?:are\s+)?(?:from|at|in)\s+(?:the\s+)?"
    # "都在 Alibaba Group"; "Tim Kraska 在 MIT", "Emer 同时在 NVIDIA": who, then where
    r"|(?:都|均|全都)(?:在|来自|是)\s*"
    r"|[A-Z][a-z'’\-]+(?:\s+[A-Z][a-z'’\-]+){0,2}"
    # "Rasti 和 Shenker 还挂着 ICSI"
    r"(?:\s*(?:和|与|、|,|and)\s*[A-Z][a-z'’\-]+(?:\s+[A-Z][a-z'’\-]+){0,2})*"
    r"\s*(?:同时|还|也)?(?:在|挂着|挂|挂靠|来自|属于)\s*"
    # "Hardik Sharma and Jongse Park are at X", "except Michael Pellauer (NVIDIA)": who, then
    # where (or, for "except", the place in brackets after them)
    rf"|except\s+(?:for\s+)?{_NAMES}\s*(?=[(（]|$)"
    # "除 Colin Scott 来自 UC Berkeley，其余都是 Google": who, then where; then the others'
    rf"|除了?\s*{_NAMES}\s*(?:来自|在|是)\s*"
    r"|(?:其余|其他|另外|别的)(?:的)?(?:人|作者|几位)?(?:都|均|全)(?:在|来自|是)\s*"
    rf"|{_NAMES}\s+(?:is|are)\s+(?:at|from|with)\s+(?:the\s+)?"
    r")",
    re.IGNORECASE,
)
# a piece said as a remark, not a place's name: "I did not check who sits where", "per the
# group's publication page", "没逐个核对", "待补", "见 QUB 学者库"
_REMARK_ZH = re.compile(
    r"没|未(?:核|查|知|确认|标)|待补|待查|核对|收录|^见|不详|不清楚|出版物|页面|主页"
)
# words only a remark has: "I did not check who sits where", "per the group's page"
_REMARK_EN = frozenset(
    """i we did didn't not checked check listed lists per see unknown unclear tbd todo
    probably maybe page pages looked going others authors total""".split()  # noqa: SIM905
)
_DOMAIN = re.compile(r"[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io|ai|edu|cn|dev)/?")
_NAME_WORDS = frozenset("of the for and de di da del der des du la le at in on & für".split())  # noqa: SIM905


@dataclass(frozen=True)
class Affiliations:
    """What a paper's authors and affiliation text say about who wrote it, and where."""

    institutions: tuple[str, ...] = ()  # institution ids, in the order named
    people: tuple[Person, ...] = ()  # the authors, then people named in the text
    authors: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (person id, institution ids)
    countries: tuple[str, ...] = ()  # ISO codes named in the text
    unresolved: tuple[Institution, ...] = ()  # institutions kg does not know
    problems: tuple[Problem, ...] = ()


@dataclass
class _Found:
    """What the pieces of one paper's texts named so far (local to one call)."""

    countries: list[str] = field(default_factory=list)
    unresolved: dict[str, Institution] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)


def affiliations(paper: Paper, tables: Tables) -> Affiliations:
    """Institutions, people and countries of a paper: from its authors and their
    affiliations, and from the institutions named for no one in particular (without
    authors, from the affiliation text as written, where people may be named too)."""
    found = _Found()
    # ordered sets (dicts): a field of 32,000 names took 15 s with list membership tests
    institutions: dict[str, None] = {}
    people: list[str] = []
    texts = paper.affiliations if paper.authors else (paper.institutions,)
    for text in texts:
        if text:
            institutions.update(
                dict.fromkeys(field_institutions(text, paper, tables, found, people))
            )
    authors: list[tuple[str, tuple[str, ...]]] = []
    persons: dict[str, Person] = {}
    for author in paper.authors:
        ids: dict[str, None] = {}
        for text in author.affiliations:
            named = field_institutions(text, paper, tables, found, [])
            institutions.update(dict.fromkeys(named))
            ids.update(dict.fromkeys(named))
        pid = slug(author.name)
        persons.setdefault(pid, Person(pid, author.name))
        authors.append((pid, tuple(ids)))
    order: dict[str, None] = {}
    for name in people:
        pid = slug(name)
        persons.setdefault(pid, Person(pid, name))
        order[pid] = None
    order.update(dict.fromkeys(pid for pid, _ in authors))
    return Affiliations(
        institutions=tuple(institutions),
        people=tuple(persons[pid] for pid in order),
        authors=tuple(dict(authors).items()),
        countries=tuple(found.countries),
        unresolved=tuple(found.unresolved[i] for i in institutions if i in found.unresolved),
        problems=tuple(found.problems),
    )


def institutions_of(text: str, tables: Tables) -> list[str]:
    """The institution ids an affiliation text names (unknown ones as "unresolved-...")."""
    from ..records import Conference, Span

    paper = Paper(
        "", None, None, text, "", "", (), "", None, 0, Span("", 0, 0), Conference("", None)
    )
    return field_institutions(text, paper, tables, _Found(), [])


def field_institutions(
    text: str, paper: Paper, tables: Tables, found: _Found, people: list[str]
) -> list[str]:
    """The institutions of one affiliation text, in order; the people it names go to
    ``people``, its countries, unknown places and problems to ``found``."""
    text = _BRACKETED.sub(lambda m: _unbracket(m.group(1), tables, people), text)
    tokens = _without_address(_pieces(text, tables), tables)
    tokens = [part for token in tokens for part in _conjoined(token, tables)]
    ids: dict[str, None] = {}
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if isinstance(token, _Known):
            ids[token.id] = None
            i += 1
            continue
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        before = tokens[i - 1] if i > 0 else None
        # "University of California, Berkeley": two pieces that name one place
        if isinstance(nxt, str):
            joined = resolve(tables, f"{token}, {nxt}")
            if joined:
                ids[joined] = None
                i += 2
                continue
        if before is not None and _LEGAL_FORM.match(token):
            i += 1  # "Amazon Web Services, Inc": the legal form of the name before
            continue
        if isinstance(before, str) and _campus(before, token, tables):
            i += 1  # "University of Wisconsin, Madison": the campus of the place before
            continue
        part = INSTITUTION_PART.match(token) and not resolve(tables, token)
        if part and _names_institution(nxt, tables):
            i += 1  # "Faculty of Informatics, TU Wien": a part of the institution after it
            continue
        iid = _piece(token, paper, tables, found, people)
        if iid:
            ids[iid] = None
        i += 1
    return list(ids)


@dataclass(frozen=True)
class _Known:
    """A registry name that holds a separator, found whole in a text."""

    id: str


def _pieces(text: str, tables: Tables) -> list[str | _Known]:
    """The pieces of an affiliation text, cut at its separators (commas, "and", "&",
    和 ...), except inside registry names that hold one ("Texas A&M University", "Hong
    Kong University of Science and Technology"), which are taken whole first."""
    out: list[str | _Known] = []
    at = 0
    for a, b, iid in tables.compound_institutions.finditer(text):
        out += _split(text[at:a])
        out.append(_Known(iid))
        at = b
    return out + _split(text[at:])


def _split(text: str) -> list[str | _Known]:
    pieces = (t.strip(" .。") for t in SPLIT_AFFILIATIONS.split(text))
    return [t for t in pieces if t]


def _without_address(tokens: list[str | _Known], tables: Tables) -> list[str | _Known]:
    """The pieces without the address that closes them: "Heidelberg University,
    Heidelberg, Germany", "Lawrence Berkeley National Laboratory, Berkeley, CA, USA" and
    "RIKEN Center for Computational Science, Kobe, Hyougo, Japan" (ACM's way) name one
    institution each; the towns and the state before a country are no institutions (after
    a state's code, not even a town kg knows as a university's name). The country stays
    (it is the paper's country)."""
    last = tokens[-1] if tokens else None
    if not isinstance(last, str) or fold(last) not in tables.countries:
        return tokens
    end = len(tokens) - 1
    state = tokens[end - 1] if end >= 2 else None
    coded = isinstance(state, str) and bool(_STATE.match(state)) and not resolve(tables, state)
    if coded:
        end -= 1  # "NM", "TN"
    start = end  # back over a town and the region after it ("Kobe, Hyougo")
    while start >= 2 and end - start < 2 and _town(tokens[start - 1], tables, coded):
        start -= 1
        coded = False
    if start < end and _names_institution(tokens[start - 1], tables):
        end = start
    return [*tokens[:end], last]


def _conjoined(token: str | _Known, tables: Tables) -> list[str | _Known]:
    """ "北大和MSR", "阿里与浙大": places kg knows joined by 和, 与 or 及 with no organisation
    word before it to cut at (as "清华大学和北京大学" has), each on its own."""
    if not isinstance(token, str) or not _JOINED_ZH.search(token) or resolve(tables, token):
        return [token]
    parts = [p.strip() for p in _JOINED_ZH.split(token) if p.strip()]
    known = [bool(resolve(tables, p)) for p in parts]
    # or one kg knows and the others named as organisations ("清华大学计算机系和华为")
    shaped = any(known) and all(
        k or _ORGANISATION_ZH.search(p) for p, k in zip(parts, known, strict=True)
    )
    return list(parts) if all(known) or shaped else [token]


def _town(token: str | _Known, tables: Tables, coded: bool) -> bool:
    """A town or region in an address: a word or two, no country, and no institution kg
    knows unless a state's code follows it ("Berkeley, CA")."""
    return (
        isinstance(token, str)
        and bool(_CAMPUS.match(token))
        and (coded or not resolve(tables, token))
        and fold(token) not in tables.countries
    )


def _names_institution(token: str | _Known | None, tables: Tables) -> bool:
    if token is None or isinstance(token, _Known):
        return token is not None
    return bool(resolve(tables, token) or _ORG_WORDS.search(token))


def _campus(before: str, token: str, tables: Tables) -> bool:
    """ "Madison" after "University of Wisconsin": a town naming the campus of the
    university before it, not an institution of its own."""
    return bool(_UNIVERSITY.search(before)) and _town(token, tables, coded=False)


def _unbracket(inner: str, tables: Tables, people: list[str]) -> str:
    """What brackets in an affiliation text hold: people ("[Torsten Hoefler]"), a known
    institution or country ("(A*STAR)", "(China)"), given back as pieces of the text, or
    a lab or group of the place before them ("(IPADS)", "(Noah's Ark Lab)"), which counts
    as that place, as "清华大学 陈文光组" does. People are added to ``people``."""
    inner = inner.strip()
    if resolve(tables, inner) or next(iter(tables.compound_institutions.finditer(inner)), None):
        return f",{inner},"
    places = []
    for part in SPLIT_AFFILIATIONS.split(inner):
        piece = part.strip(" .。")
        if not piece:
            continue
        if resolve(tables, piece) or fold(piece) in tables.countries:
            places.append(piece)
        elif not (_ORG_WORDS.search(piece) or _ACRONYM.fullmatch(piece)):
            people.append(piece)
    return ",".join(["", *places, ""])


def _piece(token: str, paper: Paper, tables: Tables, found: _Found, people: list[str]) -> str:
    """One piece of an affiliation text: the id of the institution it names (an
    unresolved one for a place kg does not know), or "" for a country, a person, or a
    phrase that names no institution."""
    core = _EVERYONE.sub("", _ET_AL.sub("", token).strip())
    if not core:
        return ""
    if fold(core) in tables.not_institutions or fold(token) in tables.not_institutions:
        found.problems.append(
            Problem(
                "warning",
                paper.span.path,
                paper.span.line,
                "affiliation names no institution; ignored",
                token,
            )
        )
        return ""
    known = resolve(tables, core)
    if known:
        return known
    code = tables.countries.get(fold(core))
    if code:
        _add_all(found.countries, [code])
        return ""
    if (_PERSON.match(core) and not _ORG_WORDS.search(core)) or _chinese_person(core, tables):
        people.append(core)
        return ""
    known = _resolve_prefix(core, tables)
    if known:
        return known
    if _remark(core):
        return ""
    iid = "unresolved-" + slug(core)
    found.unresolved[iid] = Institution(iid, core, resolved=False)
    return iid


def _remark(piece: str) -> bool:
    """Whether a piece kg does not know is a remark rather than a place's name: Chinese
    with words of a remark (没, 待补, 核对, 收录 …), or Latin words mostly in lower case
    with a word only a remark has ("the paper is listed on …", "I did not check who sits
    where"; not "purple mountain labs")."""
    if _REMARK_ZH.search(piece) or _DOMAIN.fullmatch(piece.strip()):
        return True  # ("antithesis.com": where it was read, not a place)
    words = re.findall(r"[A-Za-z][A-Za-z'’\-]*", piece)
    if len(words) < 2 or any("\u4e00" <= c <= "\u9fff" for c in piece):
        return False
    lower = [w for w in words if w.islower() and w not in _NAME_WORDS] + [
        w for w in words if w == "I"
    ]
    said = any(w.casefold() in _REMARK_EN for w in words)
    return said and len(lower) * 2 >= len(words)


def _chinese_person(name: str, tables: Tables) -> bool:
    """ "刘伟峰": two to four Chinese characters starting with a common surname, no org word."""
    return (
        2 <= len(name) <= 4
        and all("\u4e00" <= c <= "\u9fff" for c in name)
        and (name[:1] in tables.surnames or name[:2] in tables.surnames)
        and not _ORG_WORDS.search(name)
    )


def _resolve_prefix(name: str, tables: Tables) -> str | None:
    """ "清华大学 陈文光组" (a group of Tsinghua): the longest leading words that resolve."""
    words = name.split()
    for n in range(len(words) - 1, 0, -1):
        found = resolve(tables, " ".join(words[:n]))
        if found:
            return found
    return None


def _add_all(items: list[str], new: list[str]) -> None:
    for item in new:
        if item not in items:
            items.append(item)
