"""reStructuredText notes (Sphinx, docutils) as the Markdown the reader knows, line for line.

Notes kept beside a Sphinx project, or in plain text by people used to it, mark their
sections by underlining a title with a run of one punctuation character ("Serving" then
"-------", a paper's title then "~~~~~~~"). Markdown knows ``=`` and ``-`` underlines
only, and reads a run of ``~`` as the fence of a code block: the rest of the file was lost.
Each line becomes one line of Markdown with the same meaning, so that line numbers stay
the file's:

- a title underlined (and perhaps overlined) with a run at least as long as it ->
  ``## Title``, its level given by the order in which each style first appears (as
  docutils assigns levels); the underline and overline lines are no text;
- a field list's line ``:Authors: A, B`` -> ``Authors: A, B``;
- a directive or comment line (``.. note::``, ``.. a remark``) is no text;
- an inline link ```Title <https://…>`_`` (or ``__``) -> ``[Title](https://…)``, as
  publication lists in Sphinx documentation write each paper.
"""

from __future__ import annotations

import regex

# a run of one punctuation character, the adornment of a section title
# (not "`": a run of backquotes is a Markdown fence, and the line above it code)
_ADORNMENT = regex.compile(r"^([=\-~^\"'#*+:._])\1{3,}[ \t]*$")
# characters Markdown never reads as a heading's underline: a title underlined with one
# of them marks the file as reStructuredText
_RST_ONLY = frozenset("~^\"'+")
_WORD = regex.compile(r"\p{L}{2}")
_FIELD = regex.compile(r"^(?P<indent>[ \t]*):(?P<name>[^:\s][^:\n]{0,40}):[ \t]+(?=\S)")
_DIRECTIVE = regex.compile(r"^\.\.(?:[ \t]|$)")
# an inline hyperlink with its target: `text <url>`_ (named) or `text <url>`__ (anonymous)
_LINK = regex.compile(r"`(?P<text>[^`<>\n]*?\S)[ \t]*<(?P<url>[^<>`\s]+)>`__?(?![\w`])")


def _titles(lines: list[str], short: bool = False) -> list[tuple[int, str, bool]]:
    """(line index, adornment character, overlined) of each section title. With ``short``
    (the file is reStructuredText), an underline shorter than its title is one too, as
    docutils reads it (with a warning): a title one character longer than its line of
    "~" opened a code block that swallowed the rest of the file."""
    out = []
    for at in range(len(lines) - 1):
        title, under = lines[at].strip(), _ADORNMENT.match(lines[at + 1])
        if not _WORD.search(title) or _ADORNMENT.match(lines[at]) or under is None:
            continue
        if len(lines[at + 1].rstrip()) < len(title) and not short:
            continue  # shorter than its title: a Markdown fence or rule, not an underline
        over = at > 0 and lines[at - 1].rstrip() == lines[at + 1].rstrip()
        out.append((at, under.group(1), over))
    return out


def is_rst(text: str) -> bool:
    """Whether notes mark a section the way only reStructuredText does: a title underlined
    with ``~``, ``^``, quotes or ``+``."""
    if not any(ch in text for ch in _RST_ONLY):
        return False
    return any(char in _RST_ONLY for _, char, _ in _titles(text.split("\n")))


def rst_to_markdown(text: str) -> str:
    """The notes' lines as Markdown, one for one."""
    lines = text.split("\n")
    styles: list[tuple[str, bool]] = []
    out = list(lines)
    for at, char, over in _titles(lines, short=True):
        style = (char, over)
        if style not in styles:
            styles.append(style)
        level = min(styles.index(style) + 1, 6)
        out[at] = "#" * level + " " + lines[at].strip()
        out[at + 1] = ""
        if over:
            out[at - 1] = ""
    for at, line in enumerate(out):
        if _DIRECTIVE.match(line):
            out[at] = ""
        else:
            linked = _LINK.sub(r"[\g<text>](\g<url>)", line)
            out[at] = _FIELD.sub(r"\g<indent>\g<name>: ", linked, count=1)
    return "\n".join(out)
