"""A chat channel exported as text (DiscordChatExporter's plain-text export) as the
Markdown the reader knows, line for line.

A reading group that posts one paper per message keeps no headings: the export is the
channel's header between two rules (``Guild:``, ``Channel:``, ``Topic:``), then each
message as ``[12/6/2021 9:15 AM] name`` over its text, with ``{Embed}`` link previews,
``{Attachments}`` and ``{Reactions}`` blocks after it. Each line becomes one line of
Markdown, so that line numbers stay the file's:

- the channel's header and each message's ``[date] name`` line -> an empty line, so that
  every message is a paragraph of its own;
- a message's first line in bold alone (``📄 **Title**``, an emoji or a mark before it
  allowed) -> ``### Title``: the message is about that paper;
- ``{Embed}``, ``{Attachments}``, ``{Stickers}`` and ``{Reactions}`` blocks -> no text (a
  preview repeats a page's title, often in other case; reactions are emoji counts).
"""

from __future__ import annotations

import regex

# a message's first line: its date and time in brackets, then who wrote it
# (who wrote it is all the line holds: "[2023-06-18 09:15] Read “Orca” …" is a log's entry)
# (QQ and WeChat exports write it without brackets: "2018-05-14 21:07:55 老周(10003)")
_MESSAGE = regex.compile(
    r"^(?:\[(?:\d{1,4}[/.\-]\d{1,2}[/.\-]\d{1,4}),?[ T]\d{1,2}:\d{2}(?::\d{2})?"
    r"(?:[ \t]*[AaPp][Mm])?\]"
    r"|\d{4}[/.\-]\d{1,2}[/.\-]\d{1,2},?[ T]\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]*[AaPp][Mm])?)"
    r"[ \t]+[^\s:;,\"“”]+(?:[ \t][^\s:;,\"“”]+){0,2}[ \t]*$"
)
_HEAD = 8  # the lines a channel's header may take
_RULE = regex.compile(r"^={10,}[ \t]*$")
_HEADER = regex.compile(r"^(?:Guild|Channel|Topic|After|Before):[ \t]")
_BLOCK = regex.compile(r"^\{(?:Embed|Attachments|Stickers|Reactions)\}[ \t]*$")
# a message's first line that is one bold span, with marks before it: "📄 **Title**"
_BOLD_LINE = regex.compile(r"^[^\p{L}\p{N}*_\[]{0,4}\*\*(?P<title>[^*\n]+?)\*\*[ \t]*$")


def is_chat_export(text: str) -> bool:
    """Whether the text is a channel's export: its header between two rules naming the
    channel, or at least three messages' ``[date] name`` lines."""
    head = text.split("\n", _HEAD)[:_HEAD]
    if (
        head
        and _RULE.match(head[0].lstrip("\ufeff"))
        and any(line.startswith("Channel: ") for line in head)
    ):
        return True
    count = 0
    for line in text.split("\n"):
        if _MESSAGE.match(line):
            count += 1
            if count >= 3:
                return True
    return False


def chat_to_markdown(text: str) -> str:
    """The export's lines as Markdown, one for one."""
    lines = text.split("\n")
    out = list(lines)
    header = bool(lines) and _RULE.match(lines[0].strip("\ufeff")) is not None
    skipping = False  # inside an {Embed}, {Attachments} or {Reactions} block
    first = False  # the next non-empty line is a message's first
    for at, line in enumerate(lines):
        if header:
            out[at] = ""
            if at > 0 and _RULE.match(line):
                header = False
            continue
        if _MESSAGE.match(line):
            out[at], skipping, first = "", False, True
            continue
        if _BLOCK.match(line):
            out[at], skipping = "", True
            continue
        if skipping:
            if line.strip():
                out[at] = ""
                continue
            skipping = False
        if first and line.strip():
            first = False
            bold = _BOLD_LINE.match(line.strip())
            if bold is not None:
                out[at] = "### " + bold["title"].strip()
        elif _HEADER.match(line) and at < _HEAD:
            out[at] = ""
    return "\n".join(out)
