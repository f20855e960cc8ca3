"""English number for lexicon words: "KV cache" is also found as "KV caches".

A curated technique names one form; notes write either. A last word of three or
more lower-case letters changes by the regular English rules, an acronym by its
"s" ("DNN", "DNNs"; not "HDFS" or "MoE"); an irregular or uncountable word gets a
form no text writes ("parallelisms"), which finds nothing. The ``inflect`` package was
measured and left out: 2.6 s to import and 85 µs a word, with "analysis" made
"analysi".
"""

from __future__ import annotations

import re

_LAST = re.compile(r"(?:^|(?<=[\s\-]))([A-Za-z][A-Za-z0-9]*)$")
_ACRONYM = re.compile(r"[A-Z][A-Z0-9]*[A-Z]")  # "GPU", "DNN"; not "MoE"
_ACRONYMS = re.compile(r"[A-Z][A-Z0-9]*[A-Z]s")  # "GPUs", "LLMs"
_SIBILANT = ("s", "x", "z", "ch", "sh")


def other_number(phrase: str) -> tuple[str, ...]:
    """The phrase with its last word in the other number: every form the regular rules
    allow ("caches" -> "cache", "cach"), none when the last word has no number."""
    m = _LAST.search(phrase)
    if m is None:
        return ()
    word = m.group(1)
    if _ACRONYMS.fullmatch(word):
        forms: tuple[str, ...] = (word[:-1],)
    elif _ACRONYM.fullmatch(word):
        forms = () if word.endswith("S") else (word + "s",)  # "HDFS" is no plural
    elif word.islower() and len(word) >= 3:
        forms = _swap(word)
    else:
        forms = ()
    return tuple(phrase[: m.start(1)] + form for form in forms)


def _swap(word: str) -> tuple[str, ...]:
    if word.endswith("ics"):
        return ()
    if word.endswith("is"):
        return (word[:-2] + "es",)  # "analysis" -> "analyses"
    if word.endswith(("ss", "us")):
        return (word + "es",)
    if word.endswith("ies"):
        return (word[:-3] + "y",)
    if word.endswith("ses"):
        return (word[:-1], word[:-2], word[:-2] + "is")  # "analyses": "analysis"
    if word.endswith(tuple(s + "es" for s in _SIBILANT)):
        return (word[:-1], word[:-2])  # "caches" -> "cache", "batches" -> "batch"
    if word.endswith("s"):
        return (word[:-1],)
    if word.endswith("y") and word[-2] not in "aeiou":
        return (word[:-1] + "ies",)
    if word.endswith(_SIBILANT):
        return (word + "es",)
    return (word + "s",)
