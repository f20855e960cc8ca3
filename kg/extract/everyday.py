"""How common an English word is: wordfreq's Zipf frequency (0 for a word it does not
know, about 7 for "the"). wordfreq is imported when first asked: importing it takes
0.22 s, which a build whose files all come from the cache does not need."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache


@cache
def _zipf_frequency() -> Callable[[str, str], float]:
    from wordfreq import zipf_frequency

    return zipf_frequency


def zipf(word: str) -> float:
    """The Zipf frequency of ``word`` in English (as written: fold case first if needed)."""
    return _zipf_frequency()(word, "en")
