"""Techniques and named things a paper's title and abstract mention, and the systems
it presents ("Chimera: efficiently training ...", "我们提出Abacus", "we present X")."""

from __future__ import annotations

import re

from ..records import Entity, Paper
from ..text import slug
from .tables import Tables

_PRESENTS_ZH = re.compile(
    r"(?:名为|称为|叫做|命名为|提出了?|介绍了?|推出了?|呈现|系统|框架|工具包|工具|调度程序|调度器|方案|算法|库)\s*[:：]?\s*"
    r"(?P<name>[A-Z][A-Za-z0-9\-\.]*[A-Za-z0-9])"
)
_PRESENTS_EN = re.compile(
    r"\b(?:we (?:present|propose|introduce|design|develop|build|implement)(?:ed)?|this paper "
    r"(?:presents|proposes|introduces))\s+(?:a |an |the )?(?:[a-z\-]+ ){0,4}?"
    r"(?P<name>[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*)"
)
_TITLE_SYSTEM = re.compile(r"^(?P<name>[A-Z][\w\-\.]*(?:\s[A-Z][\w\-]*)?)\s*[:：]\s+\S")

Named = tuple[list[str], list[Entity]]  # entity ids, and the entities kg had not met


def techniques(text: str, tables: Tables) -> list[str]:
    """The technique concepts the text names, in order."""
    return list(dict.fromkeys(cid for _, _, cid in tables.techniques.finditer(text)))


def entities(text: str, tables: Tables) -> list[str]:
    """The lexicon's named things the text names, in order."""
    return list(dict.fromkeys(eid for _, _, eid in tables.entities.finditer(text)))


def title_system(paper: Paper, tables: Tables) -> Named:
    """The system a title announces: "Chimera: efficiently training ..."."""
    m = _TITLE_SYSTEM.match(paper.title)
    if m and len(m.group("name")) <= 30:
        return entity_ids([m.group("name").rstrip(".")], tables)
    return [], []


def presented(paper: Paper, tables: Tables) -> Named:
    """Systems the abstract says the paper presents ("我们提出Abacus", "we present X")."""
    names: list[str] = []
    for rx in (_PRESENTS_ZH, _PRESENTS_EN):
        for m in rx.finditer(paper.abstract):
            name = m.group("name").rstrip(".")
            if (len(name) >= 3 and any(c.isupper() for c in name[1:])) or name in names:
                names.append(name)
    return entity_ids(names, tables)


def entity_ids(names: list[str], tables: Tables) -> Named:
    """The entity id of each name (the lexicon's, else a new system's), and the entity of
    each name kg had not met."""
    ids: list[str] = []
    new: list[Entity] = []
    for name in names:
        eid = tables.entities.get(name) or tables.entity_by_fold.get(name.casefold())
        if eid is None:
            eid = slug(name)
            new.append(new_entity(eid, name, tables))
        if eid not in ids:
            ids.append(eid)
    return ids, new


def new_entity(eid: str, name: str, tables: Tables) -> Entity:
    """A system kg has not met, unless its id is one the lexicon knows."""
    return tables.lexicon.entities.get(eid) or Entity(eid, name, "system")


def entity_type(eid: str, tables: Tables) -> str:
    entity = tables.lexicon.entities.get(eid)
    return entity.type if entity else "system"
