"""Obsidian Canvas boards (``.canvas``, JSON Canvas 1.0) as the Markdown the reader knows.

A board is JSON: ``nodes`` (text cards holding Markdown, links, files, and groups that
frame other nodes under a label) and ``edges`` between them. Obsidian writes each node
on a line of its own. The Markdown of the text cards is read card after card, in the
order of the file, each group's label a heading over the cards inside it (the smallest
group holding a card's centre is its own). Link and file cards, edges, colours and
positions are no notes. Each line of the Markdown comes with the file line of its card,
so kg names the card's line. Nothing in a board is fetched or run.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


class CanvasError(ValueError):
    """A file named ``.canvas`` that is no board: ``line`` is where it stops being one."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


@dataclass(frozen=True)
class _Card:
    text: str
    line: int  # the file line the node stands on
    box: tuple[float, float, float, float]  # x, y, width, height


def canvas_to_markdown(text: str) -> tuple[str, tuple[int, ...]]:
    """The board's text cards as Markdown, and the file line of each line of it."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CanvasError(f"not a JSON Canvas board: {exc.msg}", exc.lineno) from exc
    nodes = data.get("nodes") if isinstance(data, dict) else None
    if not isinstance(nodes, list):
        raise CanvasError("not a JSON Canvas board: no nodes", 1)
    lines = _node_lines(text, nodes)
    groups: list[_Card] = []
    cards: list[_Card] = []
    for node, line in zip(nodes, lines, strict=True):
        if not isinstance(node, dict):
            continue
        box = _box(node)
        if node.get("type") == "group" and isinstance(node.get("label"), str):
            groups.append(_Card(node["label"].strip(), line, box))
        elif node.get("type") == "text" and isinstance(node.get("text"), str):
            cards.append(_Card(node["text"], line, box))
    out: list[str] = []
    origin: list[int] = []

    def add(card: _Card) -> None:
        if out:
            out.append("")
            origin.append(card.line)
        for piece in card.text.replace("\r\n", "\n").split("\n"):
            out.append(piece)
            origin.append(card.line)

    owner = {id(card): _group_of(card, groups) for card in cards}
    for card in cards:
        if owner[id(card)] is None:
            add(card)
    for group in groups:
        inside = [card for card in cards if owner[id(card)] is group]
        if group.text and inside:
            add(_Card(f"# {group.text}", group.line, group.box))
        for card in inside:
            add(card)
    return "\n".join(out) + "\n", tuple(origin)


def _node_lines(text: str, nodes: list[Any]) -> list[int]:
    """The file line of each node: where its id stands (1 when it cannot be found)."""
    out: list[int] = []
    at = 0
    for node in nodes:
        ident = node.get("id") if isinstance(node, dict) else None
        found = text.find(json.dumps(ident), at) if isinstance(ident, str) else -1
        if found < 0:
            out.append(out[-1] if out else 1)
            continue
        at = found
        out.append(text.count("\n", 0, found) + 1)
    return out


def _box(node: dict[str, Any]) -> tuple[float, float, float, float]:
    values = [node.get(key, 0) for key in ("x", "y", "width", "height")]
    x, y, w, h = (float(v) if isinstance(v, int | float) else 0.0 for v in values)
    return x, y, w, h


def _group_of(card: _Card, groups: list[_Card]) -> _Card | None:
    """The smallest group whose frame holds the card's centre."""
    x, y, w, h = card.box
    cx, cy = x + w / 2, y + h / 2
    holding = [
        g
        for g in groups
        if g.box[0] <= cx <= g.box[0] + g.box[2] and g.box[1] <= cy <= g.box[1] + g.box[3]
    ]
    return min(holding, key=lambda g: g.box[2] * g.box[3], default=None)
