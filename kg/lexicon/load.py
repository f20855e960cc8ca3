"""Lexicon files -> typed sections, each value with the file and line it came from.

A file is parsed once into YAML nodes (libyaml's parser when PyYAML has it),
which know their lines, and converted section by section, entry by entry, to
the types of :mod:`kg.lexicon.schema` with msgspec. Any error names the file
and the line of the entry (or key) at fault.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_origin

import msgspec
import yaml

from ..errors import LexiconError
from ..text import YAML_DEPTH, yaml_too_deep
from .schema import SECTIONS

# libyaml's parser when PyYAML has it (five times faster on the 5,000-line registry)
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class Where:
    """Where a lexicon value was written."""

    path: Path
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass(frozen=True)
class Section:
    """One top-level key of a lexicon file, converted: its value, and for a list of
    entries the place of each entry (for a mapping, of each key)."""

    name: str
    value: Any
    where: Where
    places: tuple[Where, ...] = ()  # per entry of a list, per key of a mapping


@dataclass(frozen=True)
class LexiconFile:
    path: Path
    raw: bytes  # the bytes read: the lexicon's fingerprint hashes them
    sections: tuple[Section, ...]


def read_file(path: Path) -> LexiconFile:
    """A lexicon file's sections, typed; :class:`LexiconError` with file:line otherwise."""
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8")
    except OSError as exc:
        raise LexiconError(f"{path}: cannot read: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise LexiconError(f"{path}:{line}: not UTF-8") from exc
    deep = yaml_too_deep(text)
    if deep is not None:
        raise LexiconError(f"{path}:{deep}: nests too deeply (over {YAML_DEPTH} levels)")
    loader = _LOADER(text)
    try:
        root = loader.get_single_node()
        data = loader.construct_document(root) if root is not None else {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f"{path}:{mark.line + 1}" if mark else str(path)
        raise LexiconError(f"{at}: not valid YAML: {getattr(exc, 'problem', exc)}") from exc
    finally:
        loader.dispose()
    if data is None:
        return LexiconFile(path, raw, ())
    if not isinstance(data, dict) or not isinstance(root, yaml.MappingNode):
        raise LexiconError(f"{path}:1: expected a mapping of sections ('institutions:', ...)")
    sections = []
    for key_node, value_node in root.value:
        name = key_node.value
        where = Where(path, key_node.start_mark.line + 1)
        if name not in SECTIONS:
            known = ", ".join(sorted(SECTIONS))
            raise LexiconError(f"{where}: unknown section {name!r}; a lexicon file has: {known}")
        sections.append(_section(name, data[name], value_node, where))
    return LexiconFile(path, raw, tuple(sections))


def _section(name: str, value: Any, node: yaml.Node, where: Where) -> Section:
    kind = SECTIONS[name]
    if value is None:
        value = [] if get_origin(kind) is list else {} if get_origin(kind) is dict else ()
    if get_origin(kind) is list:  # a list of entries: each converted on its own
        if not isinstance(value, list) or not isinstance(node, yaml.SequenceNode | yaml.ScalarNode):
            raise LexiconError(f"{where}: '{name}' must be a list of entries")
        (entry_type,) = kind.__args__
        places = tuple(Where(where.path, n.start_mark.line + 1) for n in node.value or ())
        entries = [
            _convert(item, entry_type, place, name)
            for item, place in zip(value, places, strict=True)
        ]
        return Section(name, entries, where, places)
    places = ()
    if isinstance(node, yaml.MappingNode):
        places = tuple(Where(where.path, k.start_mark.line + 1) for k, _ in node.value)
        if get_origin(kind) is dict:  # a mapping of entries: each value converted on its own
            key_type, entry_type = kind.__args__
            converted = {}
            for (raw_key, item), place in zip(value.items(), places, strict=True):
                key = _convert(raw_key, key_type, place, f"{name} key")
                converted[key] = _convert(item, entry_type, place, f"{name}.{key}")
            return Section(name, converted, where, places)
    return Section(name, _convert(value, kind, where, name), where, places)


def _convert(value: Any, kind: Any, where: Where, what: str) -> Any:
    try:
        return msgspec.convert(value, kind, strict=True)
    except msgspec.ValidationError as exc:
        raise LexiconError(f"{where}: {what}: {exc}") from None
