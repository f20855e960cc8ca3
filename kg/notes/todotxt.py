"""A todo.txt task list (``todo.txt``, ``done.txt``: one task a line, todotxt.org's
format) as the Markdown the reader knows, line for line.

A task is ``x 2012-05-06 2012-04-30 Read "Title" +nsdi12 @reading -- A, B (MIT). …``: a
done mark and its dates, or a priority ``(A)`` and a creation date, then the task's text
with ``+project`` and ``@context`` tags and ``key:value`` pairs (``due:2012-05-11``)
among its words. Each task becomes a list item of its text alone, so that a task that
is a paper read ("Read "Title" -- authors. summary") reads as a paper's line, and the
others as items that hold no paper.
"""

from __future__ import annotations

import regex

_DATE = r"\d{4}-\d{2}-\d{2}"
# what stands before a task's text: "x 2012-05-06 2012-04-30 ", "(A) 2012-05-07 "
_HEAD = regex.compile(
    rf"^(?:x[ \t]+(?:{_DATE}[ \t]+){{0,2}}|\([A-Z]\)[ \t]+(?:{_DATE}[ \t]+)?|{_DATE}[ \t]+)"
)
# the tags and pairs among its words: "+nsdi12", "@reading", "due:2012-05-11"
_TAG = regex.compile(r"(?<!\S)(?:[+@][^\s]+|[A-Za-z][\w\-]*:(?!//)[^\s:]+)(?!\S)")


def is_todo_txt(text: str) -> bool:
    """Whether a text file is a todo.txt list: three tasks or more, and most of its
    lines tasks (a done mark, a priority or a creation date first)."""
    lines = [line for line in text.split("\n") if line.strip()]
    tasks = sum(1 for line in lines if _HEAD.match(line))
    return tasks >= 3 and tasks * 5 >= len(lines) * 3


def todo_to_markdown(text: str) -> str:
    """Each task a list item of its text, without its marks, dates and tags."""
    out = []
    for line in text.split("\n"):
        head = _HEAD.match(line)
        if head is None:
            out.append(line)
            continue
        words = " ".join(_TAG.sub(" ", line[head.end() :]).split())
        out.append(f"- {words}" if words else "")
    return "\n".join(out)
