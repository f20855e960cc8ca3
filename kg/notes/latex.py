"""LaTeX notes (``.tex``) as the Markdown the reader knows, line for line.

Notes kept as a LaTeX document mark sessions and papers with sectioning commands
(``\\section{GPU}``, ``\\subsection{Title}``, ``\\paragraph{Title}``), fields with bold
labels (``\\textbf{Authors:} A, B``), links with ``\\url{}`` and ``\\href{}{}``, and
lists with ``itemize``. Markdown reads these commands as text. Each line becomes one
line of Markdown with the same meaning, so that line numbers stay the file's; nothing
is expanded or run (macros are text, ``\\input`` reads nothing):

- ``\\title{X}`` -> ``# X``; ``\\part`` and ``\\chapter`` -> ``##``, ``\\section`` ->
  ``###``, and deeper down to ``\\paragraph`` -> ``######`` (the starred forms too);
- the preamble (``\\documentclass``, ``\\usepackage``, ``\\author``, ``\\date``),
  ``\\begin{…}`` and ``\\end{…}`` lines, ``\\maketitle`` and comments are no text;
- a Beamer frame's title (``\\begin{frame}{Title}``, ``\\frametitle{Title}``) -> ``####
  Title``, but a frame whose title goes on with the paper of the frame before it
  ("MegaScale: diagnosis") adds to that paper; Beamer's themes and title page are no text;
- ``\\item X`` -> ``- X``; ``\\textbf{X}`` -> ``**X**``, ``\\emph{X}`` and ``\\textit{X}`` ->
  ``*X*``, ``\\url{U}`` -> ``<U>``, ``\\href{U}{T}`` -> ``[T](U)``;
- simple mathematics becomes its signs (``1.34$\\times$`` -> ``1.34×``, ``$\\sim$``,
  ``$\\le$``);
- ``\\%``, ``\\&``, ``\\_``, ``\\#``, ``~``, ``---``, ``--``, ``\\\\`` and accents such as
  ``\\'o`` become the characters they stand for.
"""

from __future__ import annotations

import unicodedata

import regex

from .shapes import goes_on

# the heading level of each sectioning command (a chapter and a section rarely meet in notes)
_LEVELS = {"title": 1, "part": 2, "chapter": 2, "section": 3, "subsection": 4,
           "subsubsection": 5, "paragraph": 6}  # fmt: skip
_SECTION = regex.compile(
    r"^\s*\\(?P<cmd>title|part|chapter|section|subsection|subsubsection|paragraph)\*?"
    r"\s*(?:\[[^\]]*\])?\s*\{(?P<text>(?:[^{}]|\{[^{}]*\})*)\}(?P<rest>.*)$"
)
# a Beamer frame's title: "\begin{frame}{Title}", "\begin{frame}[t]{Title}", "\frametitle{Title}"
_FRAME = regex.compile(
    r"^\s*\\(?:begin\{frame\}\s*(?:<[^>]*>)?\s*(?:\[[^\]]*\])?\s*|frametitle\s*)"
    r"\{(?P<text>(?:[^{}]|\{[^{}]*\})*)\}(?P<rest>.*)$"
)
_NO_TEXT = regex.compile(
    r"^\s*\\(?:documentclass|usepackage|author|date|maketitle|tableofcontents|begin|end"
    r"|newcommand|renewcommand|input|include|bibliography|bibliographystyle|label|vspace"
    r"|hspace|newpage|clearpage|noindent|setlength|hypersetup|pagestyle"
    # Beamer's set-up and title page
    r"|usetheme|usecolortheme|usefonttheme|useinnertheme|useoutertheme|setbeamertemplate"
    r"|setbeamercolor|setbeamerfont|institute|subtitle|titlepage|frame\s*\{\s*\\titlepage"
    r"|framesubtitle|pause|logo|titlegraphic|AtBeginSection)\b"
)
# simple mathematics in notes: "1.34$\times$", "$\sim$3x", "$\le$ 1%"
_MATH_SIGNS = {"times": "×", "approx": "≈", "sim": "~", "le": "≤", "leq": "≤", "ge": "≥",
               "geq": "≥", "mu": "µ", "cdot": "·", "pm": "±", "to": "→", "rightarrow": "→",
               "ll": "≪", "gg": "≫"}  # fmt: skip
_MATH = regex.compile(r"\$\s*(?P<body>[^$]{0,40}?)\s*\$")
_SIGN = regex.compile(r"\\(?P<name>[A-Za-z]+)(?![A-Za-z])")
_COMMENT = regex.compile(r"(?<!\\)%.*$")
_ITEM = regex.compile(r"^(?P<indent>\s*)\\item(?:\[(?P<label>[^\]]*)\])?\s*")
_HREF = regex.compile(r"\\href\{(?P<url>[^{}]*)\}\{(?P<text>(?:[^{}]|\{[^{}]*\})*)\}")
_URL = regex.compile(r"\\url\{(?P<url>[^{}]*)\}")
_BOLD = regex.compile(r"\\textbf\{(?P<text>(?:[^{}]|\{[^{}]*\})*)\}")
_ITALIC = regex.compile(r"\\(?:emph|textit|textsl)\{(?P<text>(?:[^{}]|\{[^{}]*\})*)\}")
_PLAIN = regex.compile(r"\\(?:texttt|textsc|textrm|mbox|text)\{(?P<text>(?:[^{}]|\{[^{}]*\})*)\}")
# accents: \'o, \"{u}, \`e, \^a, \~n, \c{c}
_ACCENT = regex.compile(r"\\(?P<mark>['\"`^~=.]|c)\s*(?:\{(?P<a>\w)\}|(?P<b>\w))")
_MARKS = {"'": "\u0301", '"': "\u0308", "`": "\u0300", "^": "\u0302", "~": "\u0303",
          "=": "\u0304", ".": "\u0307", "c": "\u0327"}  # fmt: skip
_DROPPED = regex.compile(r"\\(?:label|cite|ref|eqref|footnotemark|index)\{[^{}]*\}")
_GROUPING = regex.compile(r"(?<!\\)[{}]")
_ESCAPED = {"\\%": "%", "\\&": "&", "\\_": "_", "\\#": "#", "\\$": "$", "\\{": "{", "\\}": "}"}


def is_latex(text: str) -> bool:
    """Whether notes are a LaTeX document: a ``\\documentclass`` or ``\\begin{document}``
    line, and a sectioning command or a Beamer frame's title."""
    if "\\documentclass" not in text and "\\begin{document}" not in text:
        return False
    return any(_SECTION.match(line) or _FRAME.match(line) for line in text.split("\n"))


def latex_to_markdown(text: str) -> str:
    """The Markdown of a LaTeX notes file, one line for one line."""
    out = []
    paper = ""  # the title of the frame the frames after it may go on with
    for raw in text.split("\n"):
        line = _COMMENT.sub("", raw).rstrip()
        frame = _FRAME.match(line)
        if frame is not None:
            title = _inline(frame.group("text")).strip()
            if not title or (paper and goes_on(title, paper)):
                out.append("")  # "MegaScale: diagnosis": more of the paper of the frame before
            else:
                out.append("#### " + title)
                paper = title
            continue
        section = _SECTION.match(line)
        if section is not None:
            level = _LEVELS[section.group("cmd")]
            rest = _inline(section.group("rest")).strip()
            title = _inline(section.group("text")).strip()
            out.append("#" * level + " " + title + (" " + rest if rest else ""))
            continue
        if _NO_TEXT.match(line):
            out.append("")
            continue
        item = _ITEM.match(line)
        if item is not None:
            label = item.group("label")
            head = f"{_inline(label)}: " if label else ""
            out.append(item.group("indent") + "- " + head + _inline(line[item.end() :]))
            continue
        out.append(_inline(line))
    return "\n".join(out)


def _inline(text: str) -> str:
    text = _MATH.sub(_math, text)
    text = _HREF.sub(lambda m: f"[{m.group('text')}]({m.group('url')})", text)
    text = _URL.sub(lambda m: f"<{m.group('url')}>", text)
    for _ in range(2):  # one level of nesting: \textbf{\emph{X}}
        text = _BOLD.sub(lambda m: f"**{m.group('text')}**", text)
        text = _ITALIC.sub(lambda m: f"*{m.group('text')}*", text)
        text = _PLAIN.sub(lambda m: m.group("text"), text)
    text = _ACCENT.sub(_accented, text)
    text = _DROPPED.sub("", text)  # \label{x}, \cite{key}: no words of the notes
    text = _GROUPING.sub("", text)  # "{Storage}": braces that only group
    for escaped, char in _ESCAPED.items():
        text = text.replace(escaped, char)
    text = text.replace("\\\\", "").replace("---", "—").replace("--", "–")
    return regex.sub(r"(?<!\\)~", " ", text)


def _math(m: regex.Match[str]) -> str:
    """Simple mathematics as the signs it writes ("$\\times$" -> "×"); other formulas as
    written, without their dollars."""
    return _SIGN.sub(lambda s: _MATH_SIGNS.get(s.group("name"), s.group(0)), m.group("body"))


def _accented(m: regex.Match[str]) -> str:
    letter = m.group("a") or m.group("b")
    return unicodedata.normalize("NFC", letter + _MARKS[m.group("mark")])
