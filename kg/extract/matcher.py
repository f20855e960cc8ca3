"""Finding lexicon words in text: :class:`Matcher`."""

from __future__ import annotations

import re
from collections.abc import Iterable


class Matcher:
    """Finds the longest lexicon words in a text, fast.

    One small trie-shaped regex per first character reads the longest word at
    a place where a word may start. (One regex for all words makes Python try
    every branch at every position: ``python bench/tricks.py --papers 10000`` finds
    the 2,755 technique words in 1.03 s this way, in 21.62 s with one regex.) A word
    that starts (ends) with an ASCII letter or digit must not continue a
    longer ASCII word there ("MPI" is not found in "MPICH"), so it can only
    start at a run of ASCII letters and digits that is its own first run: those
    places are found with one regex and a set. Chinese words match anywhere.
    ``ignore_case`` folds ASCII letters only, so positions never shift.
    """

    def __init__(self, words: dict[str, str], ignore_case: bool) -> None:
        self.ignore_case = ignore_case
        self.words = {self.key(w): i for w, i in words.items()}  # key -> id
        tries: dict[str, _Trie] = {}
        for w in self.words:
            node = tries.setdefault(w[0], {})
            for ch in w[1:]:
                node = node.setdefault(ch, {})
            node[""] = {}
        self.rest = {ch: re.compile(re.escape(ch) + _trie_source(t)) for ch, t in tries.items()}
        self.first_runs = frozenset(
            m.group(0) for w in self.words if (m := _ASCII_RUN.match(w)) is not None
        )
        other = "".join(re.escape(ch) for ch in sorted(tries) if not _ASCII_ALNUM(ch))
        self.other = re.compile(f"[{other}]") if other else None

    def key(self, word: str) -> str:
        return word.translate(_ASCII_LOWER) if self.ignore_case else word

    def get(self, word: str) -> str | None:
        return self.words.get(self.key(word))

    def finditer(self, text: str) -> Iterable[tuple[int, int, str]]:
        """``(start, end, id)`` of each word found, left to right."""
        folded = self.key(text)
        starts = []
        n = len(text)
        # the runs that begin a word, found by set (few), then placed with str.find
        for run in self.first_runs.intersection(_ASCII_RUN.findall(folded)):
            size = len(run)
            at = folded.find(run)
            while at >= 0:
                end = at + size
                if (at == 0 or not _ASCII_ALNUM(folded[at - 1])) and (
                    end == n or not _ASCII_ALNUM(folded[end])
                ):
                    starts.append(at)
                at = folded.find(run, end)
        starts.sort()
        if self.other is not None:
            others = [m.start() for m in self.other.finditer(folded)]
            if others:
                starts = sorted(starts + others)
        pos = 0
        for a in starts:
            if a < pos:
                continue
            hit = self.rest[folded[a]].match(folded, a)
            if hit is None:
                continue
            b = hit.end()
            if _ASCII_ALNUM(text[b - 1]) and b < n and _ASCII_ALNUM(text[b]):
                continue
            found = self.words.get(hit.group(0))
            if found is not None:
                yield a, b, found
            pos = b


_Trie = dict[str, "_Trie"]  # a trie of words: character -> the rest ("" ends a word)
_ASCII_RUN = re.compile(r"[A-Za-z0-9]+")
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _ASCII_ALNUM(ch: str) -> bool:  # noqa: N802
    return ch.isascii() and ch.isalnum()


def _trie_source(node: _Trie) -> str:
    """A regex for the words of a trie; at each step the longer word is tried first."""
    ends = "" in node
    branches = [re.escape(ch) + _trie_source(child) for ch, child in sorted(node.items()) if ch]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if ends:
        return f"(?:{body})?"
    return body
