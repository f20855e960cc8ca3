"""Finding lexicon words in text: :class:`Matcher`."""

from __future__ import annotations

from collections.abc import Iterable

import ahocorasick


class Matcher:
    """Finds the longest lexicon words in a text, fast.

    pyahocorasick's automaton finds every word in one pass (in C); of the words
    starting at a place the longest is kept, and the text is read left to right.
    (``python bench/tricks.py``, 3,000 papers, in one run: 6,727 technique words made
    into a matcher and found in every file in 0.19 s; 0.44 s with the trie-shaped regex
    per first character it replaced, which Python compiled anew in each build, 0.5 s of
    the SC21 build; 16.7 s with one regex of all the words.)
    A word that starts (ends) with an ASCII letter or digit must not continue a
    longer ASCII word there ("MPI" is not found in "MPICH"), so it can only start
    (end) where an ASCII word does. Chinese words match anywhere.
    ``ignore_case`` folds ASCII letters only, so positions never shift.
    """

    def __init__(self, words: dict[str, str], ignore_case: bool) -> None:
        self.ignore_case = ignore_case
        self.words = {self.key(w): i for w, i in words.items()}  # key -> id
        self.automaton = ahocorasick.Automaton()
        for word, found in self.words.items():
            if word:
                self.automaton.add_word(word, (len(word), found))
        self.automaton.make_automaton()

    def key(self, word: str) -> str:
        return word.translate(_ASCII_LOWER) if self.ignore_case else word

    def get(self, word: str) -> str | None:
        return self.words.get(self.key(word))

    def finditer(self, text: str) -> Iterable[tuple[int, int, str]]:
        """``(start, end, id)`` of each word found, left to right."""
        if self.automaton.kind != ahocorasick.AHOCORASICK:
            return  # no words
        folded = self.key(text)
        n = len(text)
        longest: dict[int, tuple[int, str]] = {}  # start -> the longest word there
        for last, (size, found) in self.automaton.iter(folded):
            start = last + 1 - size
            if size > longest.get(start, (0, ""))[0]:
                longest[start] = (size, found)
        pos = 0
        for a in sorted(longest):
            if a < pos:
                continue
            size, found = longest[a]
            b = a + size
            if _ASCII_ALNUM(folded[a]) and a > 0 and _ASCII_ALNUM(folded[a - 1]):
                continue
            if _ASCII_ALNUM(text[b - 1]) and b < n and _ASCII_ALNUM(text[b]):
                continue
            yield a, b, found
            pos = b


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _ASCII_ALNUM(ch: str) -> bool:  # noqa: N802
    return ch.isascii() and ch.isalnum()
