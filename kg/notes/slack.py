"""A Slack channel's export as the Markdown the reader knows, line for line.

Slack exports a workspace as a folder per channel holding a JSON file per day: an array
of messages, each an object with its ``type``, ``user``, ``text`` and ``ts``, written one
key a line. A reading group that posts a paper a message keeps its notes in the ``text``:
``*Title*`` on the first line, then authors, a link and the summary, ``\\n`` apart.

Each message's text goes on the file's lines from its ``text`` key's line on, one line of
text a line, up to the line before the next message's text (a message whose text has more
lines than its object has shares the last, and the reader says that line numbers are
near); every other line is empty, so that each message is a paragraph of its own. Slack's
markup becomes Markdown: ``*bold*``, ``_italic_``, ``<url|text>`` links, ``•`` bullets; a
first line in bold alone is the message's heading, as :mod:`.chat` does for Discord. A
member joining or leaving says nothing. The standard library's JSON parser reads the file;
nothing in it is run.
"""

from __future__ import annotations

import html
import json

import regex

SUFFIX = ".json"
# a message's text, one key a line: `    "text": "…",`
_TEXT = regex.compile(
    r'^(?P<indent>[ \t]*)"text"[ \t]*:[ \t]*(?P<value>"(?:[^"\\]|\\.)*")[ \t]*,?[ \t]*$'
)
_MESSAGE = regex.compile(r'"type"\s*:\s*"message"')
_NOT_SAID = frozenset({"channel_join", "channel_leave", "channel_topic", "channel_purpose"})
_MENTION = regex.compile(r"<[@!][^>]*>")
_CHANNEL = regex.compile(r"<#[A-Z0-9]+\|(?P<name>[^>]+)>")
_LINK = regex.compile(r"<(?P<url>(?:https?|mailto):[^|>]+)(?:\|(?P<text>[^>]+))?>")
_BOLD = regex.compile(r"(?<![\w*])\*(?=\S)(?P<t>[^*\n]+?)(?<=\S)\*(?![\w*])")
_ITALIC = regex.compile(r"(?<![\w_])_(?=\S)(?P<t>[^_\n]+?)(?<=\S)_(?![\w_])")
_BULLET = regex.compile(r"^[ \t]*[•◦▪‣][ \t]*", regex.M)
_ITEM = regex.compile(r"^\s*(?:[-*+]|\d{1,2}[.)])\s+")
_HAN = regex.compile(r"\p{Han}")
_BOLD_LINE = regex.compile(r"^\*\*(?P<title>[^*\n]+)\*\*[ \t]*$")


class SlackExportError(ValueError):
    """A Slack export that is no JSON: ``line`` is where it breaks."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


def is_slack_export(text: str) -> bool:
    """Whether the text is a day of a Slack channel's export: a JSON array of messages."""
    return text.lstrip("\ufeff \t\r\n").startswith("[") and _MESSAGE.search(text) is not None


def slack_to_markdown(text: str) -> tuple[str, bool]:
    """The export's messages as Markdown on the file's lines, and whether each line of
    every message has a line of its own (False: some share one)."""
    try:
        messages = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SlackExportError(f"not a Slack export: {exc.msg}", exc.lineno) from exc
    said = [m for m in messages if isinstance(m, dict) and isinstance(m.get("text"), str)]
    lines = text.split("\n")
    keys = [(at, m) for at, line in enumerate(lines) if (m := _TEXT.match(line))]
    indent = min((len(m["indent"]) for _, m in keys), default=0)
    keys = [(at, m) for at, m in keys if len(m["indent"]) == indent]
    if len(keys) != len(said):
        return _one_after_another(said), False  # written on one line, or keys nested oddly
    out = [""] * len(lines)
    exact = True
    for k, ((at, _), message) in enumerate(zip(keys, said, strict=True)):
        if message.get("subtype") in _NOT_SAID:
            continue
        stop = keys[k + 1][0] - 1 if k + 1 < len(keys) else len(lines)
        room = max(stop - at, 1)
        said_lines = _markdown(message["text"])
        if len(said_lines) > room:
            exact = False
            said_lines = [*said_lines[: room - 1], _sentences(said_lines[room - 1 :])]
        out[at : at + len(said_lines)] = said_lines
    return "\n".join(out), exact


def _sentences(lines: list[str]) -> str:
    """Lines that share one line, each a sentence of its own: a bullet's mark goes, and a
    line that ends with no mark ends with a full stop ("- 8.3x over a CPU" then "- 6.2x
    better energy efficiency than a GPU" compares each with its own)."""
    out = []
    for line in lines:
        said = _ITEM.sub("", line).strip()
        if said and said[-1] not in ".!?;:。！？；：":
            said += "。" if _HAN.search(said[-1]) else "."
        out.append(said)
    return " ".join(out)


def _one_after_another(messages: list[dict[str, object]]) -> str:
    parts = [
        "\n".join(_markdown(str(m["text"]))) for m in messages if m.get("subtype") not in _NOT_SAID
    ]
    return "\n\n".join(parts)


def _markdown(said: str) -> list[str]:
    """A message's text in Slack's markup as Markdown lines (no empty line inside it)."""
    said = _MENTION.sub("", said)
    said = _CHANNEL.sub(lambda m: "#" + m["name"], said)
    said = _LINK.sub(lambda m: f"[{m['text']}]({m['url']})" if m["text"] else m["url"], said)
    said = html.unescape(said)  # Slack writes &amp; &lt; &gt;
    said = _BOLD.sub(r"**\g<t>**", said)
    said = _ITALIC.sub(r"*\g<t>*", said)
    said = _BULLET.sub("- ", said)
    out = [line.rstrip() for line in said.split("\n") if line.strip()]
    if out and (bold := _BOLD_LINE.match(out[0].strip())):
        out[0] = "### " + bold["title"].strip()
    return out
