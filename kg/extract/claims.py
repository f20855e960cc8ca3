"""Quantitative claims: "6.76x speedup over GraphM", "节省高达16%的成本", "on 3072 GPUs".

A claim is a number followed by a unit (``metrics.yaml``); the words of its
clause say what it measures, its direction and its qualifier, and the
comparisons of its sentence (:mod:`.comparisons`) what it is compared with.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace

from ..lexicon.schema import UnitEntry
from ..records import Entity, Metric, Paper
from .comparisons import Comparison, comparisons
from .matcher import Matcher
from .tables import CN_NUMBER, Tables, unit_code

# a sentence ends after its mark (the match's end); led by the mark, so that the regex
# engine scans for the marks instead of trying a lookbehind at every position. A line's
# end ends a sentence, unless the line was wrapped inside one: it ends in a word, a comma
# or a hyphen and the next line goes on in lower case, a digit or a bracket ("... cuts
# memory by\n40% ...")
_SENTENCE_END = re.compile(
    r"[。！？!?；;]|\.(?=\s+[A-Z\"“(])|\n(?:(?<![A-Za-z0-9,\-]\n)|(?![ \t]*[a-z0-9(]))"
)
_CN_ONLY = re.compile(CN_NUMBER)
_CN_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4}
_CN_DIGITS |= {"五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_CN_UNITS = {"十": 10, "百": 100, "千": 1000}
_RESPECTIVELY = re.compile(r"分别|respectively")
_SCALE_UNIT = re.compile(r"GPU|节点|node|core|核|socket|插槽|参数|param", re.IGNORECASE)
_DIGIT_AHEAD = re.compile(r"\s*\d")
_NOT_COMPARED = frozenset({"scale", "sparsity"})  # a size is a setting, not a comparison
# a sentence with no claim whose comparison starts this early states what the claims after
# it are compared with: "All numbers are against X.", "与X相比："
_LEAD_IN = 30
_COMPARATORS = {
    "<": "less-than",
    "<=": "less-than",
    "≤": "less-than",
    ">": "more-than",
    ">=": "more-than",
    "≥": "more-than",
    "~": "about",
    "≈": "about",
}


def sentences(paper: Paper) -> Iterator[tuple[str, int]]:
    """The abstract's sentences, each with the file line it starts on."""
    text = paper.abstract
    lines = paper.abstract_lines
    index, counted = 0, 0  # newlines before ``counted``, counted as we go (linear)
    for start, piece in split_sentences(text):
        offset = start + len(piece) - len(piece.lstrip())
        index += text.count("\n", counted, offset)
        counted = offset
        yield piece, lines[min(index, len(lines) - 1)] if lines else paper.span.line


def split_sentences(text: str) -> Iterator[tuple[int, str]]:
    """The sentences of a text (ended by 。！？!?；; a full stop before a capital, or a
    line's end), each with where it starts. A "sentence" longer than
    :data:`SENTENCE_LIMIT` is cut into pieces of at most that size."""
    start = 0
    for m in _SENTENCE_END.finditer(text):
        end = m.end()
        if end > start:
            if text[start:end].strip():
                yield from _pieces(text, start, end)
            start = end
    if text[start:].strip():
        yield from _pieces(text, start, len(text))


# The longest sentence in the test notes has 652 characters. Steps that relate each claim
# of a sentence to each comparison in it are quadratic in a sentence's length, so a
# pasted table or a text with no full stops (a one-sentence abstract of 136 KB took
# minutes) is cut at a clause mark, else at a space, else anywhere: linear overall.
SENTENCE_LIMIT = 1000
_CUT_AT = ("，", ",", "、", "：", ":", " ")


def _pieces(text: str, start: int, end: int) -> Iterator[tuple[int, str]]:
    while end - start > SENTENCE_LIMIT:
        limit = start + SENTENCE_LIMIT
        cut = next(
            (i + 1 for mark in _CUT_AT if (i := text.rfind(mark, start + 1, limit)) > start),
            limit,
        )
        if text[start:cut].strip():
            yield start, text[start:cut]
        start = cut
    if text[start:end].strip():
        yield start, text[start:end]


def claims(
    paper: Paper, tables: Tables, own: tuple[str, ...] = ()
) -> tuple[list[Metric], list[str], list[Entity]]:
    """The paper's claims in order, the things it is compared with, and the systems kg
    had not met that its comparisons name."""
    metrics: list[Metric] = []
    baselines: list[str] = []
    new: list[Entity] = []
    seen: set[tuple[object, ...]] = set()
    standing: Comparison | None = None  # "All numbers are against X.": for the claims after it
    leading: Comparison | None = None  # "与X相比，A；B": for the clauses after a semicolon
    leading_line = 0
    unbased: list[int] = []  # the claims of the last sentence compared with nothing
    unbased_line = 0
    # the one comparison of the sentence before, if it had claims: "相比X，单层最多快 27.9 倍。
    # 整网层面最多快 5.6 倍。" (both against X)
    previous: Comparison | None = None
    previous_line = 0
    for sentence, line in sentences(paper):
        compared, named = comparisons(sentence, tables, own)
        new.extend(named)
        candidates = list(_claims_in(sentence, tables))
        if not candidates and len(compared) == 1 and _stands(sentence, compared[0]):
            standing = compared[0]
            if line == unbased_line and _BASELINE_SAID.match(sentence):
                # "…写吞吐最多提升 3.2 倍。对比对象是调优过的纯 CPU 基线。": the claims before
                for i in unbased:
                    metrics[i] = replace(
                        metrics[i], baselines=standing.ids, compared_with=standing.vague
                    )
        unbased, unbased_line = [], line
        # carried on the same line only: a list item ending in "；" is no clause of the next
        carried = leading if leading_line == line else None
        goes_on = sentence.rstrip().endswith(("；", ";")) and not compared
        leading = _leading(sentence, compared) or (carried if goes_on else None)
        leading_line = line
        respectively = _respectively(sentence, compared, candidates)
        # the comparison right after (or just before) each claim, in its clause: that claim's own
        owned = [(m, _own_comparison(sentence, m, compared)) for m in candidates]
        for comparison in compared:
            for eid in comparison.ids:
                if eid not in baselines:
                    baselines.append(eid)
        found = _labelled(paper, sentence, line, tables)
        taken = [span for span, _ in found]
        # (the sentence right before, in the same paragraph)
        before = previous if line - previous_line <= 0 else None
        previous = compared[0] if len(compared) == 1 and candidates else None
        previous_line = line
        for m, mine in owned:
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            baseline, vague = _baseline_for(sentence, m, compared, mine, owned)
            if m.start() in respectively:
                baseline, vague = respectively[m.start()], ""
            if not compared and standing is not None:
                baseline, vague = standing.ids, standing.vague
            elif not compared and carried is not None:
                baseline, vague = carried.ids, carried.vague
            elif not compared and before is not None and _comparative(sentence, m):
                baseline, vague = before.ids, before.vague
            compared_here = bool(baseline or vague)
            for metric in _metric(paper, sentence, line, m, baseline, tables, compared_here):
                if vague and metric.measures not in _NOT_COMPARED:
                    found.append((m.span(), replace(metric, compared_with=vague)))
                else:
                    found.append((m.span(), metric))
        for _, metric in sorted(found, key=lambda f: f[0]):
            key = (metric.unit, metric.value, metric.min, metric.max, metric.measures)
            if key in seen:
                continue  # the same figure said twice
            seen.add(key)
            if not (metric.baselines or metric.compared_with or metric.measures in _NOT_COMPARED):
                unbased.append(len(metrics))
            metrics.append(replace(metric, index=len(metrics) + 1))
    return metrics, baselines, new


# a sentence that says what the claims before it were compared with ("对比对象是…", "The
# baseline is …")
_BASELINE_SAID = re.compile(
    r"\s*(?:(?:对比|比较)(?:的)?(?:对象)?(?:是|为)|(?:基线|基准|对照|对手)(?:是|为|[:：])"
    r"|(?i:(?:the\s+)?baselines?\s*(?:is|are|was|were|:)|all\s+(?:numbers|results|figures)"
    r"\s+are\s+(?:against|relative\s+to|compared\s+(?:to|with))))"
)


def _stands(sentence: str, comparison: Comparison) -> bool:
    """Whether a sentence with no claims says what the claims after it are compared with:
    it opens with the comparison ("All numbers are against X."), or ends with one that says
    it compares ("…，对比 PARIS 和 Ernest。", "We compare against X and Y."; not "code written
    against a small set of abstractions")."""
    if comparison.start <= _LEAD_IN:
        return True
    words = sentence[max(0, comparison.start - 24) : comparison.said]
    ends = comparison.end >= len(sentence.rstrip().rstrip("。.")) - 1
    return ends and _COMPARES.search(words) is not None


_COMPARES = re.compile(r"对比|比较|(?i:\bcompar)")


def _leading(sentence: str, compared: list[Comparison]) -> Comparison | None:
    """The comparison that opens a clause ending with a semicolon ("与最先进的方案相比，SLO
    达成率最高；吞吐最多提升1.47倍"): it holds for the clauses after it, up to the full stop;
    None when the sentence does not end with a semicolon or opens with no comparison."""
    if len(compared) != 1 or not sentence.rstrip().endswith(("；", ";")):
        return None
    opening = max(sentence.rfind(mark, 0, compared[0].start) for mark in "：:") + 1
    return compared[0] if compared[0].start - opening <= _LEAD_IN else None


def _claims_in(sentence: str, tables: Tables) -> Iterable[re.Match[str]]:
    """Number-and-unit matches, left to right. A claim starts with a number, so the
    large claim pattern is tried only where a number starts (the same matches as
    ``finditer``, several times faster)."""
    pos = 0
    for start in tables.number_start.finditer(sentence):
        if start.start() < pos:
            continue
        m = tables.claim.match(sentence, start.start())
        if m is None:
            continue
        pos = m.end()
        after = sentence[m.end() : m.end() + 3]
        if m.group("unit").strip().lower() in ("x", "×") and _DIGIT_AHEAD.match(after):
            continue  # "512 X 512", "4x1": a shape, not a ratio
        yield m


def _metric(
    paper: Paper,
    sentence: str,
    line: int,
    m: re.Match[str],
    baseline: tuple[str, ...],
    tables: Tables,
    compared: bool = False,
) -> list[Metric]:
    """The claim a number-and-unit match makes (two when a range mixes units: "11%–2.3x");
    ``compared``: a comparison in its clause is the claim's."""
    metrics = tables.lexicon.metrics
    mag = m.group("mag") or ""
    unit = unit_code(tables, mag + m.group("unit")) if mag else None
    if unit is not None:
        mag = ""  # "千万亿次每秒" is one unit, not 千 x 万亿次每秒
    else:
        unit = unit_code(tables, m.group("unit"))
    if unit is None:
        return []
    words = metrics.number_words
    scale = _magnitude(metrics.magnitudes, mag)
    value = _number(m.group("num"), words) * scale
    low = _number(m.group("lo"), words) * scale if m.group("lo") else None
    spec = metrics.units[unit]
    if _CN_ONLY.fullmatch(m.group("num")) and unit != "x":
        return []  # "一台机器" is a phrase; "三倍" is a claim
    if m.group("num").casefold() in words and spec.measures == "scale":
        return []  # "one GPU", "two nodes": a setting, not a result
    extra: list[Metric] = []
    lounit = unit_code(tables, m.group("lounit")) if m.group("lounit") else None
    moved = ""  # "improvement" or "reduction": the way a before-and-after pair went
    # "11%–2.3x": two claims in their own units; "coverage goes from 55.7% to 69.1%": a
    # before (neutral: what was, not a gain) and an after, not a range; speedups that "go
    # from 1.5x to 3x" across workloads are a range
    changed = unit != "x" and _CHANGE.search(sentence, 0, m.start()) is not None
    if low is not None and lounit and (lounit != unit or changed):
        same = lounit == unit
        moved = ("improvement" if value > low else "reduction") if same else ""
        first = _measure(sentence, m, tables) or (spec.measures if same else None) or "other"
        way = "neutral" if same else _direction(sentence, m, "other", tables)
        extra.append(
            Metric(
                paper.doi,
                0,
                m.group("lo") + m.group("lounit"),
                sentence.strip(),
                line,
                lounit,
                value=low,
                measures=first,
                direction=way,
                qualifier=_qualifier(sentence, m, tables),
                baselines=baseline,
            )
        )
        low = None
    measures = _measure(sentence, m, tables) if spec.context else None
    if isinstance(spec.context, tuple) and measures not in spec.context:
        measures = None  # "延迟 1 毫秒" is a latency; "1 ms of compute" stays a time
    if compared and unit == "x" and measures in _NOT_COMPARED:
        measures = None  # "on sparse matrices, beats X by 5.7x": a factor, not a setting
    measures = measures or spec.measures or "other"
    qualifier = _qualifier(sentence, m, tables) or ("more-than" if m.group("odd") else "")
    text = m.group(0).strip()
    if extra:
        text = text[text.find(m.group("num"), len(extra[0].text)) :]
    return [
        *extra,
        Metric(
            paper_doi=paper.doi,
            index=0,
            text=text,
            sentence=sentence.strip(),
            line=line,
            unit=unit,
            value=None if low is not None else value,
            min=min(low, value) if low is not None else None,
            max=max(low, value) if low is not None else None,
            measures=measures,
            # a time refined to a latency keeps a time's default: "26 ms" is no reduction
            direction=_way(_direction(sentence, m, measures, tables, _refined_from(spec)), moved),
            qualifier=qualifier,
            baselines=baseline if measures not in _NOT_COMPARED else (),
        ),
    ]


def _way(direction: str, moved: str) -> str:
    """A claim's direction: the words', else the way a before-and-after pair went."""
    return moved if moved and direction == "neutral" else direction


# a verb of change right before "from" the first figure: "goes from", "climbs from",
# "was cut from"; "sparsity levels from 30% to 70%" is a range
_CHANGE = re.compile(
    r"\b(?:go(?:es)?|went|climb(?:s|ed)?|ris(?:es|en)|rose|grow(?:s|n)?|grew|jump(?:s|ed)?"
    r"|increas(?:es|ed)|improv(?:es|ed)|boost(?:s|ed)|rais(?:es|ed)|drop(?:s|ped)?|fall(?:s|en)?"
    r"|fell|decreas(?:es|ed)|shr[iau]nk(?:s)?|declin(?:es|ed)|reduc(?:es|ed)|cut(?:s)?"
    r"|lower(?:s|ed)?|mov(?:es|ed))\s+(?:\w+\s+){0,2}?from\s*$",
    re.IGNORECASE,
)


def _labelled(
    paper: Paper, sentence: str, line: int, tables: Tables
) -> list[tuple[tuple[int, int], Metric]]:
    """Values after a label that implies their unit: "MAPE: < 16%"."""
    out: list[tuple[tuple[int, int], Metric]] = []
    measures = tables.lexicon.metrics.measures
    for measure, unit, rx in tables.labelled:
        out.extend(
            (
                m.span(),
                Metric(
                    paper_doi=paper.doi,
                    index=0,
                    text=m.group(0).strip(),
                    sentence=sentence.strip(),
                    line=line,
                    unit="%" if m.group("pct") else unit,
                    value=_number(m.group("num")),
                    measures=measure,
                    direction=measures[measure].direction,
                    qualifier=_COMPARATORS.get(m.group("q") or "", ""),
                ),
            )
            for m in rx.finditer(sentence)
        )
    return out


def _measure(sentence: str, m: re.Match[str], tables: Tables) -> str | None:
    """The measure word nearest to the number within its clause."""
    return _nearest(tables.measure_words, *_clause(sentence, m))


def _refined_from(spec: UnitEntry) -> str:
    """The measure a unit's claims keep the default direction of when the words around
    them may only refine it ("ms": a time, or a latency that is no reduction by itself)."""
    return spec.measures if isinstance(spec.context, tuple) else ""


def _direction(
    sentence: str, m: re.Match[str], measures: str, tables: Tables, default_of: str = ""
) -> str:
    """The direction verb nearest to the number in its clause, else the default of the
    measure (or of ``default_of``, the measure the unit gives when the words refined it)."""
    spec = tables.lexicon.metrics.measures.get(measures)
    base = tables.lexicon.metrics.measures.get(default_of or measures)
    default = base.direction if base else None
    if spec is not None and not spec.directional:
        return default or "neutral"
    found = _nearest(tables.direction_words, *_clause(sentence, m))
    return found or default or "neutral"


def _qualifier(sentence: str, m: re.Match[str], tables: Tables) -> str:
    before = sentence[max(0, m.start() - 14) : m.start()].rstrip().lower()
    after = sentence[m.end() : m.end() + 16].lstrip().lower()
    for name, w in tables.qualifiers_after:
        if after.startswith(w) or (w == "+" and "+" in m.group(0)):
            return name
    best = ""
    best_pos = -1
    for name, w in tables.qualifiers_before:
        pos = before.rfind(w)
        if pos >= 0 and pos + len(w) > best_pos and len(before) - pos - len(w) <= 6:
            best, best_pos = name, pos + len(w)
    return best


def _magnitude(table: Mapping[str, float], word: str) -> float:
    """The multiplier of a magnitude word: exact ("M", "亿"), or any case for words ("Billion")."""
    if not word:
        return 1.0
    if word in table:
        return float(table[word])
    for key, value in table.items():
        if len(key) > 1 and key.casefold() == word.casefold():
            return float(value)
    return 1.0


def _number(text: str, words: Mapping[str, float] | None = None) -> float:
    if words and text.casefold() in words:
        return float(words[text.casefold()])
    text = text.replace(",", "")
    if _CN_ONLY.fullmatch(text):
        return float(_chinese_number(text))
    return float(text)


def _chinese_number(text: str) -> int:
    total, current = 0, 0
    for ch in text:
        if ch in _CN_DIGITS:
            current = _CN_DIGITS[ch]
        elif ch in _CN_UNITS:
            total += (current or 1) * _CN_UNITS[ch]
            current = 0
    return total + current


def _respectively(
    sentence: str, compared: list[Comparison], claims: list[re.Match[str]]
) -> dict[int, tuple[str, ...]]:
    """ "优于A、B和C，分别取得1倍、2倍和3倍" / "over A, B and C by 1x, 2x and 3x respectively":
    the claims after a comparison that names as many things take them in order."""
    if not _RESPECTIVELY.search(sentence):
        return {}
    for c in compared:
        ids = c.ids
        after = [m for m in claims if m.start() > c.start and not _is_scale(m)]
        if len(ids) >= 2 and len(after) == len(ids):
            return {m.start(): (eid,) for m, eid in zip(after, ids, strict=True)}
    return {}


def _is_scale(m: re.Match[str]) -> bool:
    return bool(_SCALE_UNIT.search(m.group("unit")))


def _baseline_for(
    sentence: str,
    m: re.Match[str],
    compared: list[Comparison],
    mine: Comparison | None,
    owned: list[tuple[re.Match[str], Comparison | None]],
) -> tuple[tuple[str, ...], str]:
    """What a claim is compared with: the named things, or the phrase of an unnamed one.

    Inside a comparison that names several things ("such as DGL (3x) and NeuGraph
    (4x)"), the name just before the claim; otherwise a comparison later in its own
    clause ("1.22x faster than GPU servers"), or the last comparison before the claim
    that no other claim has as its own ("against X: 2x faster than Y, 3x less memory":
    the 3x is against X), or else the comparison of an earlier claim in the same unit
    ("比X最多快3.6倍，YCSB上最多快9倍": both against X).
    """
    for c in compared:
        inside = [eid for pos, eid in c.named if c.start <= pos < m.start()]
        if c.start < m.start() < c.end and inside and len(c.ids) > 1 and _interleaved(c, m, owned):
            return (inside[-1],), ""
    if mine is not None:  # its own, from :func:`_own_comparison`
        return mine.ids, mine.vague
    # (not one another claim has as its own: "2x faster than Y, 3x less memory"; but the
    # margin of one, "against Boki it cuts latency by 20% and logging by 4x", holds for both)
    before = [
        c
        for c in compared
        if c.start < m.start()
        and not any(c is o and not _by_margin(sentence, x, o) for x, o in owned)
    ]
    if before:
        return before[-1].ids, before[-1].vague
    unit = m.group("unit").strip().casefold()
    parallel = [
        o
        for other, o in owned
        if o is not None
        and (
            o.end <= m.start()
            or (o.said < other.start() and _AND_FIGURE.match(sentence, other.end(), m.start()))
        )
        and other.end() <= m.start()
        and other.group("unit").strip().casefold() == unit
    ]
    if parallel:
        return parallel[-1].ids, parallel[-1].vague
    clause_end = min(
        [i for i in (sentence.find(c, m.end()) for c in "，,；;。") if i >= 0] or [len(sentence)]
    )
    after = [c for c in compared if m.end() <= c.start < clause_end]
    if after:
        return after[0].ids, after[0].vague
    # "1.7x on NVM and 1.2x on MCDRAM, both measured against X", "4.2% faster on average,
    # and 9.4% at most, than X": a comparison after every claim of the sentence that no claim
    # has as its own is theirs, if it only compares or goes on from a pause (not "…，困惑度也
    # 优于以往的方案": a clause of its own)
    last = [
        c
        for c in compared
        if c.start >= m.end()
        and not any(c is o for _, o in owned)
        and all(other.start() < c.start for other, _ in owned)
        and (c.sure or sentence[: c.start].rstrip().endswith(tuple("，,；;")))
    ]
    if last:
        return last[-1].ids, last[-1].vague
    # "比X分类时间好 18%，分类时间最多降低 3 倍，内存占用也最多降低 3 倍": the one comparison of
    # a sentence holds for its later claims that say more or less
    if len(compared) == 1 and compared[0].start < m.start() and _comparative(sentence, m):
        return compared[0].ids, compared[0].vague
    return (), ""


# a word that says more or less than something: a claim with one compares
_COMPARATIVE = re.compile(
    r"\b(?:faster|slower|better|worse|higher|lower|more|less|fewer|greater|smaller|larger|"
    r"improv\w*|reduc\w*|cuts?|saves?|speedups?|outperform\w*)\b"
    r"|快|慢|高|低|好|优|多|少|提升|提高|降低|减少|节省|缩短|加速",
    re.IGNORECASE,
)


def _comparative(sentence: str, m: re.Match[str]) -> bool:
    """Whether the words around a claim, in its clause, say more or less ("最多降低 3 倍",
    "10x more accurately"): a claim that compares, with what the sentence does not say."""
    before, after = _clause(sentence, m)
    return _COMPARATIVE.search(f"{before} {m.group(0)} {after}") is not None


def _interleaved(
    c: Comparison, m: re.Match[str], owned: list[tuple[re.Match[str], Comparison | None]]
) -> bool:
    """Whether a comparison's names and figures alternate around a claim ("DGL (3x) and
    NeuGraph (4x)": a name after it, or another figure among the names before it); not a
    list of names said before it ("Compared with FaRM, FaSST and DrTM, … 1.5x … and 2x":
    all three, for each figure after the list)."""
    before = [pos for pos, _ in c.named if pos < m.start()]
    return any(m.start() < pos < c.end for pos, _ in c.named) or any(
        min(before) < other.start() < max(before) for other, _ in owned
    )


def _own_comparison(
    sentence: str, m: re.Match[str], compared: list[Comparison]
) -> Comparison | None:
    """ "4.10x faster than NeuGraph", "29-69% lower inter-token latency than compiler
    backends": the comparison just after a claim, in its clause, is the claim's own; so is
    one that ends right before it ("比X快2倍", "比X大25倍的模型"); one whose words hold the
    claim is its own first ("within 3% of brute-force search over all tilings"); so is
    one whose words end with "by" right before it ("beats A by 5.7x and B by about 3x"),
    unless it has one of its own after it ("than vLLM and cuts memory by 40% compared to
    existing systems")."""
    after = None
    for c in compared:
        between = sentence[m.end() : c.start]
        pause = any(p in between for p in "，,；;。、")
        if c.start >= m.end() and len(between) <= 40 and not pause:
            after = c
            break
    for c in reversed(compared):
        if after is None and _by_margin(sentence, m, c):
            return c
    for c in compared:
        if c.start <= m.start() and m.end() <= c.said:
            return c
    if after is not None:
        return after
    for c in compared:
        between = sentence[c.end : m.start()]
        if (
            c.end <= m.start()
            and len(between) <= 6
            and not any(p in between for p in "，,；;。:：")
        ):
            return c
    return None


# a margin's "by" right before its figure: "beats A by 5.7x", "than B by about 3x"
_BY_MARGIN = re.compile(
    r"\sby\s+(?:(?:about|roughly|nearly|almost|up to|over|more than|as much as)\s+)?$",
    re.IGNORECASE,
)
# a claim joined to the one before it, the comparison's words before both: "beats A by up
# to 1.99x at the kernel level and 1.58x at the model level" (both against A)
_AND_FIGURE = re.compile(r"[^,;:.，；：。]{0,40},?\s(?:and|or)\s+(?:(?:about|up to|nearly)\s+)?$")


def _by_margin(sentence: str, m: re.Match[str], c: Comparison) -> bool:
    """Whether a claim is the margin by which a comparison's words say it wins: "beats A
    by 5.7x", "outperforms B by about 3x" (what is compared, then "by", then the claim)."""
    between = sentence[c.said : m.start()]
    return (
        c.said <= m.start()
        and _BY_MARGIN.search(between) is not None
        and not _NEXT_FIGURE.search(between)
        and not any(p in between for p in "，,；;。:：")
    )


# the next claim's figure, not a number inside a word ("99th-percentile", "4K", "3D")
_NEXT_FIGURE = re.compile(
    r"(?<![\w.])\d[\d.,]*\s*(?:%|[x×](?![A-Za-z])|倍|times\b|[mµun]?s\b|[KMGT]B\b|GPUs?\b"
    r"|nodes?\b|cores?\b|个|台|张|块|毫秒|秒)"
)
# what joins figures that share the words after the last: "2x and 3x faster", "70%和90%稀疏"
_JOINED_FIGURES = re.compile(
    r"\s*(?:和|与|及|或|、|,|，|and|or|to|-|–|~|至|到)?\s*[>≥<≤~约]?\s*", re.IGNORECASE
)


def _clause(sentence: str, m: re.Match[str]) -> tuple[str, str]:
    """The lower-cased words before and after a match, within its clause; the words after
    it end at the next figure ("up to 12% better performance and up to 91% memory saving":
    the 12% is no memory saving)."""
    start = max(sentence.rfind(c, 0, m.start()) for c in "，,；;。:：") + 1
    ends = [i for i in (sentence.find(c, m.end()) for c in "，,；;。") if i >= 0]
    end = min(ends) if ends else len(sentence)
    after = sentence[m.end() : end]
    figure = _NEXT_FIGURE.search(after)
    if figure is not None and not _JOINED_FIGURES.fullmatch(after[: figure.start()]):
        after = after[: figure.start()]  # (">70%和>90%稀疏": both figures' word)
    return sentence[start : m.start()].lower(), after.lower()


def _negated(text: str, at: int) -> bool:
    return at > 0 and text[at - 1] in _NEGATIONS


_NEGATIONS = frozenset("未不没非无")


def _nearest(matcher: Matcher, before: str, after: str) -> str | None:
    """The id of the lexicon word closest to the number: first after it, or last before it
    (not a word negated into a description: "未压缩模型", an uncompressed model)."""
    ahead = next((h for h in matcher.finditer(after) if not _negated(after, h[0])), None)
    behind = None
    for hit in matcher.finditer(before):
        if not _negated(before, hit[0]):
            behind = hit
    best: tuple[int, str] | None = None
    if ahead is not None:
        best = (ahead[0], ahead[2])
    if behind is not None and (best is None or len(before) - behind[1] < best[0]):
        best = (len(before) - behind[1], behind[2])
    return best[1] if best else None
