"""Techniques no concept of the scheme names, found by where the text points at them.

The lexicon's ``discovery`` patterns mark structural cues ("we propose a X",
"X-based", "based on X", "基于X的", "提出了一种X"); what a cue points at is cut
to a noun phrase: English by words (everyday words dropped with wordfreq's
frequencies, generic heads such as "framework" dropped), Chinese by jieba's
part-of-speech tags. A phrase that a concept of the scheme names is left to
:func:`.mentions.techniques`; a phrase that names a system kg knows is no
technique; the others become discovered techniques, each with the sentence it
was found in. Without a cue, phrases that end with a technique's head word
(:func:`keyphrases`: "job packing", "稀疏度感知负载均衡") and Chinese terms glossed in
English ("分解量化（decomposed quantization）") are techniques too.

jieba's segmenter and tagger are jieba-rs (the ``rjieba`` binding), loaded only when
Chinese text is read: its dictionary is compiled in and ready in 0.1 s, where Python's
jieba took 1.2 s to load its dictionary, prefix cache and word tags in every build that
read Chinese notes anew (bench/README.md: the SC21 notes from an empty cache, 2.47 s ->
1.62 s, outputs byte-identical).
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

from ..text import GLOSSED, fold, guess_language
from .claims import split_sentences
from .everyday import zipf
from .mentions import known_entity
from .tables import Tables, resolve

# an English phrase ends before these words: "X to reduce ...", "X for training ..."
_STOP = frozenset(
    """to that which who for in on at with by from into across over under than and or but
    while when where so as is are was were be been can could will would may might should
    its their our this these those it we they such both each all any some more most less
    not no also then thus further between among per via using through without upon of
    after before about against unlike instead rather versus like despite although though
    because since whereas up down out off yet inside outside underneath beneath within beyond
    behind above below around toward towards until many much few very even only just still
    already often better best worse one two three four five six seven eight nine ten
    a an the you i he she us me him them want wants every either neither whose whom
    what how if ones""".split()  # noqa: SIM905
)
# words a phrase does not end with: "X based on", "X called Y"
_TRAILING = frozenset(("based", "called", "named", "driven", "aware"))
# Chinese words that end a phrase: what the technique is for, not the technique
_ZH_STOPS = frozenset(
    """来 以 用于 用来 减少 降低 提高 提升 实现 加速 解决 使 使得 让 将 把 在 对 为 和 与 及 并
    从而 进而 达到 获得 支持 进行 完成 避免 缓解 优化 改进 处理 相比 提供 名为 称为 叫做
    满足""".split()  # noqa: SIM905
)
# words that make a phrase no technique: a comparison or a result
_NOT_TECHNIQUE = frozenset(
    "state-of-the-art sota existing prior previous baseline baselines speedup plus".split()  # noqa: SIM905
)
# words before the phrase that say nothing of it: "a new, simple X"
_LEADING = frozenset(
    """a an the new novel simple efficient effective lightweight practical general unified
    generic flexible scalable fast high-performance our its their this these two three
    several multiple various different own first conventional traditional classic standard
    typical careful existing every either neither whole entire same other another certain
    overall main major proper right sure single specific particular additional extra
    accurate dedicated poor bad good better best excessive limited costly expensive
    inefficient""".split()  # noqa: SIM905
)
# words that alone before a head do not name a technique
_WEAK = frozenset(
    """fine-grained coarse-grained low-level high-level end-to-end large-scale small-scale
    real-time long-running short-lived state-of-the-art""".split()  # noqa: SIM905
)
# generic heads: "a scheduling framework" names the technique "scheduling"
_GENERIC_EN = frozenset(
    """approach approaches method methods technique techniques system systems framework
    frameworks design designs mechanism mechanisms scheme schemes solution solutions tool
    tools idea ideas way ways strategy strategies model models algorithm architecture
    abstraction abstractions implementation library prototype platform engine""".split()  # noqa: SIM905
)
_GENERIC_ZH = (
    "方法",
    "系统",
    "框架",
    "机制",
    "方案",
    "技术",
    "策略",
    "模型",
    "算法",
    "架构",
    "思路",
)
# -ed endings of adjectives more than of verbs' past: "unified", "affinitized", "coupled"
_ADJECTIVE_ED = regex.compile(r"(?:iz|is|ifi|in|pl|tur|at)ed$")
_PROCESS = regex.compile(r"(?:ing|tion|sion|ment|ance|ence|ism|ization|sis)$", regex.I)
_ZH_KEEP = frozenset({"n", "nz", "vn", "eng", "an", "j", "l", "nt", "ng", "v"})
_EVERYDAY = 4.6  # zipf frequency: a one-word phrase at least this common names no technique
_WORD = regex.compile(r"[\p{L}\d][\p{L}\d\-/]*")
_TOKEN = regex.compile(r"[\p{L}\d][\p{L}\d\-/]*|[^\s\p{L}\d]")
# "-ed" words that stand before a technique's head: "distributed transactions"
_PARTICIPLES = frozenset(
    "distributed pipelined shared mixed nested balanced interleaved layered tiered".split()  # noqa: SIM905
)
_SHORT_ACRONYM = regex.compile(r"\p{Lu}{2,4}s?(?:-\p{Lu}{2,4}s?)*")
# verbs that end a phrase before its head word: "FlashInfer uses block-sparse ..."
_VERBS = frozenset(
    """use uses used enable enables reduce reduces improve improves achieve achieves support
    supports provide provides propose proposes introduce introduces present presents combine
    combines make makes allow allows require requires adopt adopts apply applies leverage
    leverages exploit exploits employ employs perform performs build builds design designs
    implement implements show shows keep keeps send sends run runs train trains cut cuts
    avoid avoids add adds let lets turn turns handle handles need needs get gets do does
    has have had offers offer gives give takes take brings bring targets target break
    remove shorten come speed boost lower raise hide drop skip replace called named
    made built done given taken shown kept set follow follows exploit observe observes explore
    explores reveal reveals identify identifies detect detects contain contains include
    includes involve involves consider considers ensure ensures incur incurs suffer suffers
    rely relies yield yields produce produces create creates capture captures maintain
    maintains exhibit exhibits outperform outperforms beat beats accelerate accelerates
    execute executes deliver delivers guarantee guarantees treat treats integrate integrates
    inject injects adapt adapts optimize optimizes optimise optimises express expresses
    expose exposes hide hides mitigate mitigates overcome overcomes""".split()  # noqa: SIM905
)


# more verbs that may follow a phrase, in their base form ("decide", "removes"): they end
# a phrase after its head, but unlike _VERBS a phrase may hold them ("load balance")
_MORE_VERBS = frozenset(
    """decide determine coordinate move split place assign pick choose balance schedule
    absorb spread merge ship route stream serve store""".split()  # noqa: SIM905
)
_ANY_VERB = _VERBS | _MORE_VERBS


@dataclass(frozen=True)
class Discovered:
    """A technique the text points at that no concept names."""

    label: str  # the phrase as kg cut it
    lang: str  # "en" or "zh"
    evidence: str  # the sentence it was found in
    broader: tuple[str, ...] = ()  # concepts its head names ("prefix caching": caching)
    alias: str = ""  # the acronym it was defined with ("MHA"), if any

    @property
    def key(self) -> str:
        """The name phrases are told apart by: folded, hyphens as spaces, singular."""
        return phrase_key(self.label)


def discovered(text: str, tables: Tables) -> list[Discovered]:
    """The techniques ``text`` points at that the scheme has no concept for, in order."""
    if not tables.discovery:
        return []
    out: dict[str, Discovered] = {}
    for _, sentence in split_sentences(text):
        denied: list[tuple[int, int]] | None = None  # found when a cue is: most have none
        for rx in tables.discovery:
            for m in rx.finditer(sentence):
                if denied is None:
                    denied = [d.span("span") for x in tables.denials for d in x.finditer(sentence)]
                at, end = m.span("span")
                if any(a <= at < b or a < end <= b for a, b in denied):
                    continue  # "unlike X", "不是X": named only to be denied
                span = m.group("span")
                if _cut_short(sentence, end) and " " in span.strip():
                    span = span.rstrip().rsplit(" ", 1)[0]  # its last word may be part of one
                span = span.strip()
                lang = guess_language(span)
                for phrase in _listed(span, lang):
                    if _new_technique(phrase, tables):
                        found = Discovered(phrase, lang, sentence.strip())
                        out.setdefault(phrase_key(phrase), found)
    return list(out.values())


def titled(title: str, tables: Tables) -> list[Discovered]:
    """The techniques a title names as the means a paper works by (``title_discovery``):
    "… via Synapse Vector Elimination and Near-compute Data Fission" gives "synapse vector
    elimination" and "near-compute data fission". Title case is dropped from words with no
    capital inside ("Block-Circulant", not "SIMD" or "GPUs"); a phrase led by a verb's -ing
    form ("by Extracting Contextual Features", "via Reducing Write Amplification") names
    what is done, not how, and is left out."""
    out: dict[str, Discovered] = {}
    for rx in tables.title_discovery:
        for m in rx.finditer(title):
            span = " ".join(_title_case_dropped(w) for w in m.group("span").split())
            for phrase in _listed(span, guess_language(span)):
                words = phrase.casefold().split()
                gerund = words[0].endswith("ing") and "-" not in words[0]
                if gerund and words[0] not in tables.heads_en:
                    break  # "by Extracting Contextual and Topological Features"
                after = _words_after(span, phrase) or []
                if any(w[:1].isdigit() for w in words) or after[:1] == ["of"]:
                    continue  # "with 40 million cores", "with a diverse pool of instances"
                if _new_technique(phrase, tables):
                    lang = guess_language(phrase)
                    out.setdefault(phrase_key(phrase), Discovered(phrase, lang, title.strip()))
    return list(out.values())


def _title_case_dropped(word: str) -> str:
    """A title's word as prose writes it: "Block-Circulant" -> "block-circulant"; a word with
    a capital inside ("SIMD", "GPUs", "FlashAttention") is kept."""
    pieces = word.split("-")
    if all(not any(c.isupper() for c in piece[1:]) for piece in pieces):
        return word.casefold()
    return word


def _cut_short(sentence: str, end: int) -> bool:
    """Whether a cue's span ended at its pattern's length, not at a mark or the sentence's
    end: "based on deterministic operator overlap and precise latency| prediction"."""
    return end < len(sentence) and (
        sentence[end].isspace() or (sentence[end].isascii() and sentence[end].isalnum())
    )


def _listed(span: str, lang: str) -> list[str]:
    """The phrases a cue's span names: each of a list ("a decoupled backward pass and a
    staggered optimizer step", "A、B以及C") while each part is a phrase and nothing more;
    a part that goes on past its phrase ("energy, and power delivery has become") ends it."""
    out: list[str] = []
    for k, part in enumerate(_zh_parts(span) if lang == "zh" else _EN_LIST.split(span)):
        phrase = _zh_phrase(part) if lang == "zh" else _en_phrase(part)
        if phrase and (k == 0 or lang == "zh" or _cut_clean(part, phrase)):
            out.append(phrase)
        if not phrase or not _whole(part, phrase, lang):
            break
    return out


def _cut_clean(part: str, phrase: str) -> bool:
    """Whether a later item of a list is named whole: its phrase ends where the item does, or
    before a word that starts a clause ("a runtime selector that picks one"); not before a
    generic head it dropped ("distributed file| systems") nor inside "X of Y"."""
    after = _words_after(part, phrase)
    return after is not None and (not after or (after[0] in _STOP and after[0] != "of"))


def _words_after(part: str, phrase: str) -> list[str] | None:
    """The words of ``part`` after the last word of ``phrase`` (folded), or None when the
    phrase's last word is not among them."""
    words = [w.casefold() for w in _WORD.findall(part)]
    last = phrase.split()[-1].casefold()
    if last not in words:
        return None
    return words[len(words) - words[::-1].index(last) :]


def _zh_parts(span: str) -> list[str]:
    """A Chinese span cut at the words that join a list ("A、B以及C", "A和B"), as jieba
    reads them: not the 和 of 和声 nor the 及 of 及时."""
    parts: list[str] = []
    current: list[str] = []
    for word, _, _, _ in _cut(span):
        if word in _ZH_JOINS:
            parts.append("".join(current))
            current = []
        else:
            current.append(word)
    return [*parts, "".join(current)]


def _whole(part: str, phrase: str, lang: str) -> bool:
    """Whether a phrase is all its part holds: a Chinese part that ends with it, an English
    one with nothing after it but words a phrase drops."""
    if lang == "zh":
        stripped = part.strip()
        at = stripped.find(phrase)
        return at >= 0 and at + len(phrase) == len(stripped)
    after = _words_after(part, phrase)
    return after is not None and all(w in _GENERIC_EN or w in _TRAILING for w in after)


def keyphrases(text: str, tables: Tables) -> list[Discovered]:
    """Noun phrases of ``text`` that end with a technique's head word ("job packing",
    "cache eviction policy", "token 级动态调度"), and both names of a Chinese term glossed
    in English, whether or not a cue points at them. A phrase that is a concept's name is
    left to the scheme, and known systems are no techniques; a phrase that narrows a
    concept ("prefix caching") is a new concept, narrower than the concept its head
    names."""
    out: dict[str, Discovered] = {}
    for _, sentence in split_sentences(text):
        if guess_language(sentence) == "zh":
            found = []
            if tables.heads_zh or _GLOSS.search(sentence):  # jieba only when it may help
                tokens = _cut(sentence)
                found = _zh_heads(sentence, tokens, tables.heads_zh) + _glossed(sentence, tokens)
        else:
            found = _en_heads(sentence, tables.heads_en) if tables.heads_en else []
        if not found:
            continue
        denied = [d.span("span") for x in tables.denials for d in x.finditer(sentence)]
        for phrase, at in found:
            if any(a <= at < b for a, b in denied):
                continue
            matches = list(tables.techniques.finditer(phrase))
            if any(a == 0 and b == len(phrase) for a, b, _ in matches):
                continue  # the phrase is a concept's name: the scheme's
            if known_entity(phrase, tables) is not None:
                continue
            broader = tuple(dict.fromkeys(c for _, b, c in matches if b == len(phrase)))
            lang = guess_language(phrase)
            out.setdefault(phrase_key(phrase), Discovered(phrase, lang, sentence.strip(), broader))
    return list(out.values())


def defined(text: str, tables: Tables) -> list[Discovered]:
    """Terms the text defines with an acronym, each with the acronym as its other name:
    "fused multi-head attention (MHA)", "存内处理（PIM）", "BOCD（贝叶斯在线变点检测）". A
    definition is the strongest sign of a term of art a text gives; what is a concept's
    name, a known system, an institution or a measure ("job completion time (JCT)") is
    left out."""
    out: dict[str, Discovered] = {}
    for _, sentence in split_sentences(text):
        if "(" not in sentence and "（" not in sentence:
            continue
        denied = [d.span("span") for x in tables.denials for d in x.finditer(sentence)]
        for term, acronym, at in _definitions(sentence):
            if any(a <= at < b for a, b in denied) or not _term(term, acronym, tables):
                continue
            lang = guess_language(term)
            label = term
            if lang == "en":  # "Tensor Homomorphic Compression (THC)": capitals for the acronym
                label = " ".join(w.casefold() if w.istitle() else w for w in term.split())
            found = Discovered(label, lang, sentence.strip(), alias=acronym)
            out.setdefault(phrase_key(label), found)
    return list(out.values())


def _definitions(sentence: str) -> list[tuple[str, str, int]]:
    """(term, acronym, where the term starts) for each acronym a sentence defines."""
    out: list[tuple[str, str, int]] = []
    for m in _IN_BRACKETS.finditer(sentence):
        acronym = _acronym_of(m.group("acr"))
        if acronym is None:
            continue
        before = sentence[: m.start()].rstrip()
        if before and _HAN.fullmatch(before[-1]):
            tokens = _cut(before)
            while tokens and tokens[-1][0].isspace():
                tokens.pop()
            if tokens and _HAN.fullmatch(tokens[-1][0]) and tokens[-1][0] not in _ZH_BEFORE:
                # a phrase of jieba's words: one dictionary word (深度学习, 尽力而为) is a
                # field or an idiom more often than a technique
                start = _zh_back(tokens, len(tokens) - 1)
                if start is not None:
                    out.append((before[start:], acronym, start))
            continue
        start = _long_form(before, acronym)
        if start is not None:
            out.append((before[start:], acronym, start))
    for m in _ACRONYM_FIRST.finditer(sentence):
        acronym = _acronym_of(m.group("acr"))
        if acronym is not None and len(_cut(m.group("zh"))) > 1:
            out.append((m.group("zh"), acronym, m.start("zh")))
    return out


def _acronym_of(word: str) -> str | None:
    """An acronym as defined ("MHA", "TCA-BME", "MoE", "LLMs" -> "LLM"), or None."""
    if sum(c.isupper() for c in word) < 2 or not word[:1].isalnum():
        return None
    if word.endswith("s") and word[-2:-1].isupper():
        word = word[:-1]
    return word


def _long_form(before: str, acronym: str) -> int | None:
    """Where the words an acronym stands for start in the text before its bracket: the
    shortest run of words that holds the acronym's letters in order, the first letter
    opening a word (Schwartz and Hearst, 2003), within the clause; None if there is none."""
    clause = _CLAUSE_END.split(before)[-1]
    base = len(before) - len(clause)
    letters = [c.casefold() for c in acronym if c.isalnum()]
    words = list(_LATIN_WORD.finditer(clause))[-min(len(letters) + 5, len(letters) * 2) :]
    if not words:
        return None
    window = clause[words[0].start() :]
    li = len(window) - 1
    for si in range(len(letters) - 1, -1, -1):
        while li >= 0 and (
            window[li].casefold() != letters[si]
            or (si == 0 and li > 0 and window[li - 1].isalnum())
        ):
            li -= 1
        if li < 0:
            return None
        li -= 1
    start = base + words[0].start() + li + 1
    return start if not _HAN.search(before[start:]) else None


def _term(phrase: str, acronym: str, tables: Tables) -> bool:
    """Whether a defined phrase names a technique: a few words, not a concept's name (the
    scheme has it), a known system, an institution or a measure."""
    words = [w.casefold() for w in _WORD.findall(phrase)]
    pieces = [p for w in words for p in w.split("-")]
    if guess_language(phrase) == "zh":
        if not 2 <= len(phrase) <= 14 or phrase.endswith(_NOT_TERM_ZH):
            return False  # "首 token 时间（TTFT）"
        if _ZH_CLAUSE.search(phrase):
            return False  # "LIFO（最后恢复的是……）": a sentence, not a name
    elif len(words) > 6 or (len(words) == 1 and "-" not in words[0]) or words[0] in _STOP:
        return False
    elif any(p in _NOT_TERM for p in pieces) or pieces[-1] in _ADJECTIVE_ENDS:
        return False  # "job completion time (JCT)", "performance-critical (PC)"
    if any(a == 0 and b == len(phrase) for a, b, _ in tables.techniques.finditer(phrase)):
        return False
    if known_entity(phrase, tables) or known_entity(acronym, tables):
        return False
    ends = [b for _, b, _ in tables.measure_words.finditer(phrase)]
    if len(phrase) in ends or any(tables.measure_words.finditer(acronym)):
        return False  # a measure: "queries per second (QPS)", "每秒查询数（QPS）"
    vague = tables.vague_baseline.search(phrase)
    if (vague is not None and vague.start() == 0) or tables.vague_baseline.fullmatch(acronym):
        return False  # "state of the art (SOTA)", "existing systems (ES)"
    not_systems = tables.lexicon.not_systems
    if acronym in not_systems or f"{acronym}s" in not_systems:
        return False  # "Graphics Processing Units (GPUs)"
    return resolve(tables, phrase) is None


def phrase_key(phrase: str) -> str:
    """A phrase's name for telling phrases apart: folded, hyphens as spaces, singular
    ("KV-cache migrations" -> "kv cache migration")."""
    words = fold(phrase).replace("-", " ").split()
    if words and words[-1].endswith("s") and not words[-1].endswith(("ss", "us", "is")):
        words[-1] = words[-1][:-1]
    return " ".join(words)


def _singular(word: str, heads: frozenset[str]) -> str | None:
    """The head word ``word`` is, in the singular ("kernels" -> "kernel"), or None."""
    low = word.casefold()
    if low in heads:
        return low
    for cut, add in (("ies", "y"), ("es", ""), ("s", "")):
        if low.endswith(cut) and low[: -len(cut)] + add in heads:
            return low[: -len(cut)] + add
    return None


def _en_heads(sentence: str, heads: frozenset[str]) -> list[tuple[str, int]]:
    """English noun phrases of a sentence that end with a head word, and where each starts:
    up to three words before the head, stopped by function words, verbs, names and marks."""
    tokens = [(m.group(), m.start()) for m in _TOKEN.finditer(sentence)]
    long = [w for w, _ in tokens if len(w) > 3 and _WORD.fullmatch(w)]
    titled = len(long) >= 2 and sum(w[:1].isupper() for w in long) * 5 >= len(long) * 3
    out: list[tuple[str, int]] = []
    for i, (word, _) in enumerate(tokens):
        head = _singular(word, heads) if _WORD.fullmatch(word) else None
        if head is None:
            continue
        if i + 1 < len(tokens):
            after = tokens[i + 1][0].casefold()
            if _singular(after, heads) and after not in _GENERIC_EN:
                continue  # "cache eviction policy": the phrase ends at the last head
                # (a generic one does not take it: "load-balanced scheduling algorithm")
            if _WORD.fullmatch(after) and not (_ends(after) or _verb(after)):
                continue  # "programming paradigm", "caching layer": the head names another

        words = [head if word.islower() or word.istitle() else word]
        # a term in capitals ("Tensor Homomorphic Compression (THC)") keeps its capitals
        term = word.istitle() and i > 0 and tokens[i - 1][0].istitle() and not titled
        j = i - 1
        while j >= 0 and len(words) < 4:
            w = tokens[j][0]
            low = w.casefold()
            # "switch-based caching" names a way of caching; "a sketch-based policy" leaves
            # the technique to the cue "X-based"
            based = low.endswith("-based") and head.endswith(("ing", "ion"))
            if not _WORD.fullmatch(w) or low in _STOP or low in _VERBS:
                break
            if not (_modifier(low) or based):
                break
            if _HAN.search(w):
                break  # "Dispatch 和 Dual-Mode Journaling": a Chinese word joins, not a word of it
            first = j == 0 and zipf(low) > 0
            if w[:1].isupper() and not _acronym(w) and not (titled or first or term):
                break  # a name ("FlashInfer's"), unless in a title or a sentence's first word
            if term and not w.istitle():
                break
            if _acronym(w) and not _SHORT_ACRONYM.fullmatch(w):
                break  # "COMET", "ReaL": a system's name, not a word of the technique
            if low.isdigit() or low in _NOT_TECHNIQUE:
                words = []
                break
            if _adjective_ed(low) and low not in _PARTICIPLES and not _opens_phrase(tokens, j):
                break  # "The system realized pipelining": a verb, not an adjective
            words.insert(0, w if _acronym(w) else low)
            j -= 1
        while words and words[0].casefold() in _LEADING:
            words.pop(0)
        if len(words) == 2 and words[0].casefold() in _WEAK:
            continue  # "fine-grained schedules": says how, not what
        if len(words) >= 2:
            out.append((" ".join(words), tokens[j + 1][1]))
    return out


# words a Chinese phrase does not reach back over: verbs, function words, measure words
_ZH_BEFORE = _ZH_STOPS | frozenset(
    """提出 采用 使用 借助 通过 利用 引入 设计 构建 包括 包含 结合 做 用 是 有 了 着 过 在 对
    于 与 和 及 或 以及 并且 而 且 也 都 就 还 又 再 即 这 那 该 其 各 每 一种 一个 一套 一类
    一 种 个 套 这种 这个 这些 那些 它 它们 我们 作者 论文 本文 里 中 上 下 内 外 后 前 时
    等 等等 从 到 由 被 让 给 向 把 所 之 然后 首先 其次 最后 同时 另外 此外 以及 并 来 去
    先 再次 进一步 分别 叫作 叫做 称作 称为 名为 主要 核心 新 新的 全新 面向 针对 基于
    的 地 得 这次 此次 本次 一次 每次 不 没有 无 非 需要 需 要 会 能 可 可以 能够 完成 负责
    放进 放到 放在 离不开 压低 留在 只能 带 开放 没 比如 例如 像 如 各种 两种 多种 一些 很 难
    更 最 较 更加 非常 轮 做到 做成 换成 变成 成为 作为 当作 看作 拆成 分成 交给 靠 凭 按
    照 依靠 依赖 借 用上 加上 配合 搭配 取代 代替 替代 跑 运行 执行 完成 支撑 承担 涉及
    复杂 简单 通用 高效 有效 现有 传统 常见 不同 实际 真正 额外 验证 相应 对应 原有 原始 合适
    最优 更好 良好 整个 所有 全部 大量 少量 部分 这样 那样 如何 怎样 怎么 借用 并用 出自 来自
    值得 容忍 看 单看 叫 加 找 写 进 指 经 之间 之中 之后 之前 时候 办法 还有""".split()  # noqa: SIM905
)
# verbs that take an object: a phrase does not reach back over them ("给稀疏矩阵选|存储格式",
# "异步维护|全列索引"), though one may end with them ("基数选择")
_ZH_OBJECT_VERBS = frozenset("选 挑 选择 挑选 维护 决定 确定 判断".split())  # noqa: SIM905
# jieba tags that end a phrase: adverbs, prepositions, conjunctions, pronouns, numerals,
# particles, measure words; and the adverbs that are a technique's words
_ZH_FUNCTION_TAGS = ("d", "p", "c", "r", "m", "u", "q")
_ZH_WORD_OK = frozenset(
    """高速 实时 互连 在线 离线 动态 静态 自动 多 级 式 型 层 一维 二维 三维 多维 高维 两级 三级
    多级 两层 多层 两阶段 多阶段""".split()  # noqa: SIM905
)
# one-character prefixes jieba may cut off the word they open: 自|适应, 超|参数, 非|均匀
_ZH_PREFIXES = frozenset("自 超 半 预 跨 非".split())  # noqa: SIM905
# "可" is a prefix only of these (elsewhere it is "can": "可动态调度")
_KE_WORDS = frozenset(
    "可重构 可扩展 可编程 可配置 可组合 可验证 可分离 可解释 可插拔 可逆 可微".split()  # noqa: SIM905
)
# words before 的 that keep it inside a phrase: "缓存感知的梯度压缩", "接收端驱动的流量准入"
_ZH_OF = frozenset("感知 驱动 导向 友好 相关 无关 敏感".split())  # noqa: SIM905
_HAN = regex.compile(r"\p{Han}+")
_LATIN = regex.compile(r"[A-Za-z][A-Za-z0-9\-]*")
# what parts a list a cue points at: "X, Y and Z", "X plus Y", "X、Y以及Z" (jieba's words)
_EN_LIST = regex.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or|plus|as well as)\s+")
_ZH_JOINS = frozenset("、 ， , 以及 及 和 与".split())  # noqa: SIM905
# an acronym in brackets after the words it stands for: "(MHA)", "（PIM）"
_IN_BRACKETS = regex.compile(r"\s*[(（]\s*(?P<acr>[A-Za-z0-9][A-Za-z0-9\-]{1,9})\s*[)）]")
# an acronym before the Chinese words it stands for: "BOCD（贝叶斯在线变点检测）"
_ACRONYM_FIRST = regex.compile(
    r"(?<![\w\-])(?P<acr>[A-Z][A-Za-z0-9\-]{1,9})\s*[(（]\s*(?P<zh>\p{Han}{2,14})\s*[)）]"
)
_LATIN_WORD = regex.compile(r"[A-Za-z\d][A-Za-z\d\-/]*")
_CLAUSE_END = regex.compile(r"[,;:!?()（），；：。、\"“”]|\.\s")
# words that make a defined phrase no technique: a measure, a kind of thing, a place
_NOT_TERM = frozenset(
    """time times latency throughput rate ratio cost costs efficiency utilization accuracy
    objective objectives agreement agreements ownership score university institute
    laboratory lab center centre corporation company department foundation academy
    network networks model models language languages drive drives disk disks""".split()  # noqa: SIM905
)
# the last words of a defined phrase that make it a property, not a thing
_ADJECTIVE_ENDS = frozenset(
    """critical intensive sensitive aware based driven oriented specific agnostic efficient
    tolerant""".split()  # noqa: SIM905
)
_NOT_TERM_ZH = tuple(
    "时间 延迟 时延 成本 开销 吞吐 吞吐量 精度 准确率 利用率 目标 指标 协议 数".split()  # noqa: SIM905
)
_ZH_CLAUSE = regex.compile(r"[是被把将]")
# "分解量化（decomposed quantization）": a Chinese term glossed with its English name
_GLOSS = regex.compile(
    r"(?<=\p{Han})\s*[（(]\s*(?P<en>[A-Za-z][A-Za-z\-]*(?:\s+[A-Za-z][A-Za-z\-]*){1,4})"
    r"\s*(?:[，,、;；]\s*[A-Za-z][A-Za-z0-9\-]{0,9}\s*)?[）)]"
)


# what names a place of work, not a technique
_PLACE = regex.compile(
    r"\b(?:University|Institute|College|Laborator(?:y|ies)|Academy|Inc|Corporation)\b", regex.I
)

# a figure in a marked phrase: "up to 12% better performance" is a claim, not a term
_FIGURE = regex.compile(r"\d(?:[\d.,]*)\s*(?:%|x\b|×|倍|ms\b|µs|us\b|s\b|GB|TB|MB)", regex.I)
# what a marked phrase that names no technique holds: a date or a time, a score, LaTeX
_NOT_MARKED_TERM = regex.compile(r"\d{1,4}[-/:]\d{1,2}|[{}\\$@#]|\d+\s*/\s*\d+")
_NAME_JOINS = frozenset(("and", "&", "von", "van", "de", "der"))
_RARE_WORD = 3.0  # zipf frequency: one marked word less common than this is a term ("sharding")
# what ends a Chinese clause, not a term: "数据结构和计算解耦了"
_ZH_CLAUSE_END = regex.compile(r"[了吗呢吧啊]$|[，。；：]")

_Tokens = list[tuple[str, int, int, str]]  # jieba's words: (word, start, end, tag)


def _zh_heads(sentence: str, tokens: _Tokens, heads: frozenset[str]) -> list[tuple[str, int]]:
    """Chinese phrases of a sentence that end with a head word, and where each starts: up
    to five of jieba's words (14 characters) back from the head, over Chinese words and
    short Latin ones ("token 级动态调度"), stopped by verbs, function words, numbers and
    marks."""
    out: list[tuple[str, int]] = []
    for i, (word, _, end, _) in enumerate(tokens):
        if not _has_head(word, heads):
            continue
        if i + 1 < len(tokens) and _has_head(tokens[i + 1][0], heads):
            continue  # "缓存调度": the phrase ends at the last head
        if i > 0 and tokens[i - 1][0].startswith(word):
            continue  # "预测器预测": a word and its verb, not a name
        start = _zh_back(tokens, i)
        if start is not None:
            out.append((sentence[start:end], start))
    return out


def _has_head(word: str, heads: frozenset[str]) -> bool:
    """Whether a Chinese word ends with a head word ("负载均衡" ends with 均衡).

    Each ending of the word is looked up rather than each head tried: a word has a
    few characters, the scheme some seventy heads, and trying them one by one took a
    fifth of extraction (a profile of 1,000 generated papers in one process).
    """
    return any(word[k:] in heads for k in range(len(word)))


def _zh_back(tokens: _Tokens, i: int) -> int | None:
    """Where a Chinese phrase that ends with ``tokens[i]`` starts (None: a lone word)."""
    start, words, j = tokens[i][1], 1, i - 1
    while j >= 0 and words < 5 and tokens[i][2] - tokens[j][1] <= 14:
        word = tokens[j][0]
        if word.isspace():
            if (j > 0 and _LATIN.fullmatch(tokens[j - 1][0])) or _LATIN.match(tokens[j + 1][0]):
                j -= 1  # the space between "KV" and "缓存"
                continue
            break
        if word == "-" and j > 0 and _LATIN.fullmatch(tokens[j - 1][0]):
            j -= 1  # the hyphen of "top-k"
            continue
        if word == "的" and j > 0 and tokens[j - 1][0] in _ZH_OF:
            j -= 1
            continue
        if word in _ZH_BEFORE or word in _ZH_OBJECT_VERBS:
            break
        if not (_HAN.fullmatch(word) or _LATIN.fullmatch(word)):
            break
        if tokens[j][3].startswith(_ZH_FUNCTION_TAGS) and word not in _ZH_WORD_OK:
            break
        if _LATIN.fullmatch(word) and (len(word) > 6 or (_acronym(word) and len(word) > 4)):
            break  # a name ("Splitwise"), not a word of the technique
        start, words, j = tokens[j][1], words + 1, j - 1
    if j >= 0 and _bound_prefix(tokens, j):
        start = tokens[j][2] - 1  # "自|适应调度", "一个多|尺度": jieba cut a prefix off its word
    if words >= 2 and tokens[j + 1][0] in _ZH_OF and tokens[j + 2][0] == "的":
        start, words = tokens[j + 3][1], words - 1  # "驱动的低秩网络适配" -> "低秩网络适配"
    return start if words >= 2 else None


def _bound_prefix(tokens: _Tokens, j: int) -> bool:
    """Whether the word ``tokens[j]`` is a prefix jieba cut off the next ("自" of 自适应,
    the "多" of "一个多|尺度", the "可" of 可重构); not the "非" of "而非", nor "可" as "can"."""
    word, _, _, tag = tokens[j]
    if word == "非" and j > 0 and tokens[j - 1][0][-1:] in "而并是绝":
        return False
    if word == "可":
        return j + 1 < len(tokens) and "可" + tokens[j + 1][0][:2] in _KE_WORDS
    return word in _ZH_PREFIXES or (tag == "m" and len(word) > 1 and word[-1] == "多")


def _glossed(sentence: str, tokens: _Tokens) -> list[tuple[str, int]]:
    """The two names of a term glossed in English: "分解量化（decomposed quantization）"
    gives the Chinese phrase before the bracket and the English one inside it."""
    out: list[tuple[str, int]] = []
    for m in _GLOSS.finditer(sentence):
        if _PLACE.search(m.group("en")):
            continue  # "佐治亚理工学院（Georgia Institute of Technology）": a place
        before = [t for t in tokens if t[2] <= m.start()]  # the words before the bracket
        while before and before[-1][0].isspace():
            before.pop()
        if before and _HAN.fullmatch(before[-1][0]) and before[-1][0] not in _ZH_BEFORE:
            start = _zh_back(before, len(before) - 1)
            if start is not None or len(before[-1][0]) >= 3:
                at = before[-1][1] if start is None else start
                out.append((sentence[at : before[-1][2]], at))
        out.append((m.group("en"), m.start("en")))
    return out


def _ends(word: str) -> bool:
    """Whether a noun phrase ends before ``word`` (a function word, a generic head)."""
    return word in _STOP or word in _GENERIC_EN


def _verb(word: str) -> bool:
    """A verb after a phrase ("... assignment removes", "... rescheduling decide",
    "... pipelines derived from")."""
    if word in _ANY_VERB or (word.endswith("ed") and "-" not in word):
        return True
    return any(
        word.endswith(cut) and word[: -len(cut)] + add in _ANY_VERB
        for cut, add in (("es", ""), ("s", ""), ("es", "e"))
    )


def _acronym(word: str) -> bool:
    """ "KV", "GPU-CPU", "SmoothAttention": written with capitals inside (not "Task-Mapping")."""
    return any(c.isupper() for piece in word.split("-") for c in piece[1:])


def _modifier(low: str) -> bool:
    """Whether a word may stand before a head: not an adverb, a verb's -ing or -ed form
    ("reusing", "called"), unless hyphenated ("load-balanced") or listed ("distributed"),
    nor a word ending in -s (a verb, or a plural that is a sentence's subject)."""
    if (low.endswith("ly") and "-" not in low) or low.endswith("-based"):
        return False  # "highly", but "weight-only"
    if low.endswith("ing") and "-" not in low:
        return False  # "a sketch-based policy": the cue "X-based" names the technique
    if low.endswith("s") and not low.endswith(("ss", "us", "is")) and "-" not in low:
        return False  # "models break ...", "COMET removes ...": a verb or a plural subject
    return not low.endswith("ed") or "-" in low or low in _PARTICIPLES or _adjective_ed(low)


def _opens_phrase(tokens: list[tuple[str, int]], j: int) -> bool:
    """Whether the word before ``tokens[j]`` opens a noun phrase (a mark, a function word,
    an article): "and affinitized scheduling", "uses unified scheduling"."""
    if j == 0:
        return True
    before = tokens[j - 1][0]
    low = before.casefold()
    return not _WORD.fullmatch(before) or low in _STOP or low in _LEADING or low in _ANY_VERB


def _adjective_ed(low: str) -> bool:
    """An -ed word that is no form of a verb kg knows ("unified", "affinitized",
    "pipelined"), so stands before a head as an adjective; "used", "applied", "proposed",
    "called" are verbs' forms."""
    if low in _TRAILING or low in _LEADING or not _ADJECTIVE_ED.search(low):
        return False
    stems = (low[:-1], low[:-2], low[:-3] + "y", low[:-3])
    return not any(stem in _ANY_VERB for stem in stems)


def _en_phrase(span: str) -> str:
    """ "a novel tensor-aware scheduling framework to cut ..." -> "tensor-aware scheduling"."""
    words: list[str] = []
    for word in _WORD.findall(span):
        low = word.casefold()
        if not words and low in _LEADING:
            continue
        if low in _STOP or (words and low in _VERBS):
            break  # "power delivery has become ..."
        words.append(word)
        if len(words) == 5:
            break
    while words and words[-1].casefold() in _TRAILING:
        words.pop()
    # "a tensor-aware scheduling framework" names "scheduling"; "distributed file systems"
    # and "vectorized query engine" keep their head: the word before it names no process
    while len(words) > 1 and words[-1].casefold() in _GENERIC_EN and _PROCESS.search(words[-2]):
        words.pop()
    if len(words) < 2 or any(w.casefold() in _NOT_TECHNIQUE for w in words):
        return ""  # one word alone names too much; "state-of-the-art X" is a baseline
    if any(w[:1].isupper() and not w.isupper() for w in words[1:]):
        return ""  # "Megatron-LM and DeepSpeed": names, not a technique
    if words[0][:1].isupper() and len(words) == 1 and not words[0].isupper():
        return ""  # one capitalised word: a name ("Orca"), not a technique
    if len(words) == 1 and zipf(words[0].casefold()) >= _EVERYDAY:
        return ""  # "memory", "design": everyday words
    if all(zipf(w.casefold()) >= _EVERYDAY for w in words):
        return ""  # "the same time"
    phrase = " ".join(words)
    return phrase if not phrase.isupper() or len(phrase) > 1 else ""


def _zh_phrase(span: str) -> str:
    """ "一种分层的显存卸载机制来减少……" -> "分层的显存卸载"."""
    kept: list[str] = []
    for word, flag in _posseg(span):
        if word in _ZH_STOPS:
            break
        if flag[:2] in _ZH_KEEP or flag[:1] in _ZH_KEEP or (flag == "uj" and kept):
            kept.append(word)
            continue
        if kept:
            break
    phrase = "".join(kept).strip("的").lstrip("将把在对为用")
    if "的" in phrase:
        return ""  # "独立的内核", "预先收集的内存": a description, not a technique's name
    for generic in _GENERIC_ZH:
        if phrase.endswith(generic) and len(phrase) > len(generic):
            phrase = phrase[: -len(generic)].rstrip("的")
    if not 4 <= len(phrase) <= 12 or phrase in _GENERIC_ZH:
        return ""
    return phrase


def _new_technique(phrase: str, tables: Tables) -> bool:
    """A phrase no concept and no known system names: concepts' names cover less than
    half of it ("tensor-aware scheduling" is new; "流水线并行训练" is pipeline parallelism)."""
    if known_entity(phrase, tables) is not None:
        return False
    covered = sum(end - start for start, end, _ in tables.techniques.finditer(phrase))
    return covered * 2 < len(phrase)


def _posseg(text: str) -> list[tuple[str, str]]:
    """jieba's words of a text with their part-of-speech tags (unknown words guessed)."""
    import rjieba

    return rjieba.tag(text, hmm=True)


def _cut(text: str) -> list[tuple[str, int, int, str]]:
    """jieba's words of a text, tagged, with where each starts and ends (dictionary words
    only: its guesses at unknown words glue verbs to nouns)."""
    import rjieba

    out, at = [], 0
    for word, flag in rjieba.tag(text, hmm=False):
        out.append((word, at, at + len(word), flag))
        at += len(word)
    return out


def emphasized(marked: tuple[str, ...], text: str, tables: Tables) -> list[Discovered]:
    """Phrases the notes set in bold or italics inside a summary ("the runtime
    ''overlaps computation and communication''", "用 **warp shuffle** 减少访存"): a
    note-taker marks the terms of art so. A mark that is a label ("**Authors:**"), a
    sentence, a figure, a name (a system, a place, one capitalised word), an everyday word
    or a concept's name is left out, and so is one the text names only to deny it."""
    out: dict[str, Discovered] = {}
    sentences = [s for _, s in split_sentences(text)]
    for raw in marked:
        said = raw.strip().strip("\"'“”‘’")
        if not said or said[-1] in ":：.。;；,，!?！？" or _FIGURE.search(said):
            continue
        # "**软错误（soft error）**", "*tensor train (TT)*": a term and its other name
        glossed = GLOSSED.fullmatch(said)
        phrase, alias = (glossed["term"], glossed["gloss"].strip()) if glossed else (said, "")
        lang = guess_language(phrase)
        if not _marked_term(phrase, lang, tables, glossed=bool(alias)):
            continue
        sentence = next((s for s in sentences if said in s), "")
        at = sentence.find(said)
        labelled = sentence[at + len(said) :].lstrip()[:1] in (":", "：")
        if at < 0 or (labelled and lang == "zh"):
            continue  # "**报告人**：…": a label ("**horizontal scaling**: …" is a term)
        denied = [d.span("span") for x in tables.denials for d in x.finditer(sentence)]
        if any(a <= at < b for a, b in denied):
            continue
        label = phrase
        if lang == "en":
            label = " ".join(w.casefold() if w.istitle() else w for w in phrase.split())
        matches = list(tables.techniques.finditer(phrase))
        broader = tuple(dict.fromkeys(c for _, b, c in matches if b == len(phrase)))
        found = Discovered(label, lang, sentence.strip(), broader, alias)
        out.setdefault(phrase_key(label), found)
    return list(out.values())


def _marked_term(phrase: str, lang: str, tables: Tables, glossed: bool = False) -> bool:
    """Whether a phrase set in bold or italics names a technique (see :func:`emphasized`)."""
    if any(a == 0 and b == len(phrase) for a, b, _ in tables.techniques.finditer(phrase)):
        return False  # a concept's name: the scheme's
    if known_entity(phrase, tables) is not None or resolve(tables, phrase) is not None:
        return False
    vague = tables.vague_baseline.search(phrase)
    if vague is not None and vague.start() == 0:
        return False  # "state-of-the-art systems"
    if _NOT_MARKED_TERM.search(phrase) or sum(ch.isalpha() for ch in phrase) < 2:
        return False  # a date, a time, a score, LaTeX, stars
    if lang == "zh" and _HAN.search(phrase):
        # a verdict or a name is short ("必读", "没看懂", "张三"): a term has four characters,
        # or fewer with its English name beside it ("子网格（subgrid）")
        return (2 if glossed else 4) <= len(phrase) <= 16 and not _ZH_CLAUSE_END.search(phrase)
    words = phrase.split()
    if not 1 <= len(words) <= 8 or words[0].casefold() in _STOP:
        return False
    lower = [w.casefold() for w in words]
    if len(words) == 1:
        # one word: a term in lower case that is no everyday word ("orthogonalization",
        # not "must-read"), not a name ("Neon", "vLLM", "RDMA" is the scheme's)
        word = words[0]
        return word.islower() and any(zipf(p) < _RARE_WORD for p in word.split("-") if p)
    if any(w[:1].isupper() and any(c.isupper() for c in w[1:]) for w in words):
        return False  # "AnySeq/GPU", "DeepSpeed ZeRO": a name
    if all(w.istitle() or w in _NAME_JOINS for w in words):
        return False  # "Immanuel Trummer", "Alice and Bob": people's names
    return not all(zipf(w) >= _EVERYDAY for w in lower)
