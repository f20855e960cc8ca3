"""Techniques no concept of the scheme names, found by where the text points at them.

The lexicon's ``discovery`` patterns mark structural cues ("we propose a X",
"X-based", "based on X", "基于X的", "提出了一种X"); what a cue points at is cut
to a noun phrase: English by words (everyday words dropped with wordfreq's
frequencies, generic heads such as "framework" dropped), Chinese by jieba's
part-of-speech tags. A phrase that a concept of the scheme names is left to
:func:`.mentions.techniques`; a phrase that names a system kg knows is no
technique; the others become discovered techniques, each with the sentence it
was found in.

jieba is loaded only when Chinese text meets a cue; its dictionary cache is
kept in a private folder (``~/.cache/kg``), never in a shared ``/tmp``.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import regex
from wordfreq import zipf_frequency

from ..text import fold, guess_language
from .claims import split_sentences
from .mentions import known_entity
from .tables import Tables

# an English phrase ends before these words: "X to reduce ...", "X for training ..."
_STOP = frozenset(
    """to that which who for in on at with by from into across over under than and or but
    while when where so as is are was were be been can could will would may might should
    its their our this these those it we they such both each all any some more most less
    not no also then thus further between among per via using through without upon""".split()  # noqa: SIM905
)
# words a phrase does not end with: "X based on", "X called Y"
_TRAILING = frozenset(("based", "called", "named", "driven", "aware"))
# Chinese words that end a phrase: what the technique is for, not the technique
_ZH_STOPS = frozenset(
    """来 以 用于 用来 减少 降低 提高 提升 实现 加速 解决 使 使得 让 将 把 在 对 为 和 与 及 并
    从而 进而 达到 获得 支持 进行 完成 避免 缓解 优化 改进 处理 相比 提供 名为 称为 叫做""".split()  # noqa: SIM905
)
# words that make a phrase no technique: a comparison or a result
_NOT_TECHNIQUE = frozenset(
    "state-of-the-art sota existing prior previous baseline baselines speedup plus".split()  # noqa: SIM905
)
# words before the phrase that say nothing of it: "a new, simple X"
_LEADING = frozenset(
    """a an the new novel simple efficient effective lightweight practical general unified
    generic flexible scalable fast high-performance our its their this these two three
    several multiple various different own first""".split()  # noqa: SIM905
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
_ZH_KEEP = frozenset({"n", "nz", "vn", "eng", "an", "j", "l", "nt", "ng", "v"})
_EVERYDAY = 4.6  # zipf frequency: a one-word phrase at least this common names no technique
_WORD = regex.compile(r"[\p{L}\d][\p{L}\d\-/]*")


@dataclass(frozen=True)
class Discovered:
    """A technique the text points at that no concept names."""

    label: str  # the phrase as kg cut it
    lang: str  # "en" or "zh"
    evidence: str  # the sentence it was found in


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
                span = m.group("span").strip()
                lang = guess_language(span)
                phrase = _zh_phrase(span) if lang == "zh" else _en_phrase(span)
                if phrase and _new_technique(phrase, tables):
                    out.setdefault(fold(phrase), Discovered(phrase, lang, sentence.strip()))
    return list(out.values())


def _en_phrase(span: str) -> str:
    """ "a novel tensor-aware scheduling framework to cut ..." -> "tensor-aware scheduling"."""
    words: list[str] = []
    for word in _WORD.findall(span):
        low = word.casefold()
        if low in _STOP:
            break
        if not words and low in _LEADING:
            continue
        words.append(word)
        if len(words) == 5:
            break
    while words and words[-1].casefold() in _GENERIC_EN | _TRAILING:
        words.pop()
    if len(words) < 2 or any(w.casefold() in _NOT_TECHNIQUE for w in words):
        return ""  # one word alone names too much; "state-of-the-art X" is a baseline
    if any(w[:1].isupper() and not w.isupper() for w in words[1:]):
        return ""  # "Megatron-LM and DeepSpeed": names, not a technique
    if words[0][:1].isupper() and len(words) == 1 and not words[0].isupper():
        return ""  # one capitalised word: a name ("Orca"), not a technique
    if len(words) == 1 and zipf_frequency(words[0].casefold(), "en") >= _EVERYDAY:
        return ""  # "memory", "design": everyday words
    if all(zipf_frequency(w.casefold(), "en") >= _EVERYDAY for w in words):
        return ""  # "the same time"
    phrase = " ".join(words)
    return phrase if not phrase.isupper() or len(phrase) > 1 else ""


def _zh_phrase(span: str) -> str:
    """ "一种分层的显存卸载机制来减少……" -> "分层的显存卸载"."""
    kept: list[str] = []
    for word, flag in _posseg()(span):
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


@cache
def _posseg() -> Any:
    """jieba's part-of-speech cutter, its cache in a folder only this user can write."""
    import jieba
    import jieba.posseg

    jieba.setLogLevel(60)  # no "Building prefix dict ..." on stderr
    tokenizer = jieba.Tokenizer()
    tokenizer.tmp_dir = str(_private_cache())
    cutter = jieba.posseg.POSTokenizer(tokenizer)
    return lambda text: [(p.word, p.flag) for p in cutter.cut(text)]


def _private_cache() -> Path:
    """``$XDG_CACHE_HOME/kg`` (or ``~/.cache/kg``) when it is this user's own and closed
    to others; a fresh private temporary folder otherwise."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "kg"
    try:
        base.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = base.stat()
        if info.st_uid == os.getuid() and not info.st_mode & 0o022:
            return base
    except OSError:
        pass
    return Path(tempfile.mkdtemp(prefix="kg-jieba-"))
