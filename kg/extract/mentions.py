"""Techniques and named things a paper's title and abstract mention, and the systems
it presents ("Chimera: efficiently training ...", "我们提出Abacus", "we present X")."""

from __future__ import annotations

import re

from ..records import Entity, Paper
from ..text import slug
from .everyday import zipf
from .tables import Tables

_PRESENTS_ZH = re.compile(
    r"(?:名为|称为|叫做|命名为|提出了?|介绍了?|推出了?|设计了|呈现|系统|框架|架构|引擎|平台|工具包|工具|"
    r"调度程序|调度器|方案|算法|库|格式|机制|加速器|编译器|模拟器|kernel|内核|算子|组件|模块)"
    r"\s*[:：]?\s*"
    r"(?P<name>[A-Z][A-Za-z0-9\-\.]*[A-Za-z0-9])"
)
# "we present", "We propose", "this paper introduces": the paper's own verbs
_WE_PRESENT = (
    r"\b(?:(?:[Ww]e|[Tt]hey)(?: also)? (?:present|propose|introduce|design|develop|build|implement"
    r"|release)(?:ed|d)?"
    r"|[Tt]his paper (?:presents|proposes|introduces))"
)
_PRESENTS_EN = re.compile(
    _WE_PRESENT + r"\s+(?:a |an |the )?(?:[a-z\-]+ ){0,4}?"
    r"(?P<name>[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*)"
)
# A name said to be the paper's own beyond doubt: "名为Gsight", "我们提出Abacus，一个…",
# "we present Abacus, a ...", "this paper introduces Gsight (...)": the name right after the
# verb and followed by a pause; such a name needs no inner capital to count.
_PRESENTS_STRONG = re.compile(
    r"(?:(?:名为|称为|叫做|命名为|系统名(?:字|称)?(?:是|为)?\s*[:：]?"
    # a name given as such: "system name P3", "short name PBG"
    r"|\b(?:[Ss]ystem|[Ss]hort|[Pp]roject|[Tt]ool)\s+name(?:\s+is)?\s*[:：]?"
    r"|(?:系统|框架|工具|引擎|平台|方案|编译器|调度器|机制|原型|版本|组件|模块|服务)(?:名|就)?叫)"
    r"\s*(?P<named>[A-Za-z][A-Za-z0-9\-\.]*[A-Za-z0-9])"
    r"|(?:(?:我们|本文|作者|论文)(?:提出|推出|设计|实现|开发|做|做出|构建|搭建|打造)"
    # or with no subject, opening the notes' summary or a sentence: "提出 Artemis，通过…"
    r"|(?:^|(?<=[。；;：:]))\s*(?:提出|推出|设计|实现))了?(?:名为)?\s*"
    r"(?P<zh>(?:[A-Z]|[a-z]{1,3}[A-Z])[A-Za-z0-9\-\.]*[A-Za-z0-9])\s*(?=[，,（(：:]|是一|这一|一个|一种|框架|系统)"
    r"|" + _WE_PRESENT + r"\s+(?P<en>[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*)"
    r"(?=\s*[,(:]|\s+(?:a|an|which|that)\b))"
    # the paper's answer named: "Their answer is NeoCPU: …", "Our solution is Gavel, …"
    r"|\b(?:[Tt]heir|[Oo]ur|[Tt]he authors'|[Tt]he paper's|[Tt]he)\s+"
    r"(?:answer|solution|system|design|proposal|prototype|fix|remedy)\s+is\s+(?P<answer>[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*)(?=\s*[:,.(])"
    # "Their implementation, Clockwork, ...", "a system called Gavel"
    r"|\b(?:implementation|prototype|system|framework|tool|library|engine|runtime|compiler|"
    r"scheduler|called|named|dubbed)(?:\s+here)?\s*,?\s+(?P<apposed>[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*)(?=\s*[,.(])"
    # "the vLLM serving system", "Its new Oracle Cacher component"
    r"|\b(?:[Tt]he|[Ii]ts|[Oo]ur)\s+(?:new\s+|novel\s+)?(?P<the>(?:[A-Z][A-Za-z0-9]*[A-Z]|[a-z]{1,3}[A-Z])[A-Za-z0-9]*"
    r"(?:-[A-Za-z0-9]+)*|[A-Z][a-z]+\s[A-Z][a-z]+)\s+(?:[a-z]+\s+)?(?:system|component|framework|"
    r"engine|runtime|scheduler|library|compiler|service|tool)\b"
    # "Gavel is a heterogeneity-aware scheduler", "Synergy, a resource-sensitive scheduler",
    # at the start of a sentence
    r"|(?:(?:^|(?<=[.!?。]\s)|(?<=[。]))(?P<is_a>[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*)\s+is\s+(?:an?|the)"
    r"|(?P<apposed_a>[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*),\s+an?)\s+"
    r"(?!(?:recent|prior|previous|existing|earlier|popular|widely|well-known|state-of-the-art|"
    r"classic|traditional|standard|common|commonly|baseline|competing)\b)"
    r"(?:[A-Za-z0-9/\-]+\s+){0,4}(?:system|scheduler|framework|engine|runtime|library|compiler|tool|"
    r"algorithm|protocol|service|platform|design|approach|schedule|model|mechanism|method|"
    r"technique|format|abstraction|policy|simulator|accelerator|architecture|pipeline|analysis|"
    r"allocator|profiler|predictor|prefetcher|middleware|toolkit|file\s?system|database|store|"
    r"index|extension|language|interface|stack|kernel|suite)\b"
    # "AutoChunk——一个自动搜索…的算法", "SparseCore，这是一种数据流处理器"
    r"|(?P<zh_a>[A-Z][A-Za-z0-9\-\.]*[A-Za-z0-9])\s*(?:——|—|[，,]\s*(?:这|它)是)\s*一(?:个|种|款)"
    r"(?!(?:流行|常用|现有|已有|经典|主流|广泛|开源)的?)"
    # "QLM 是一个面向 LLM 服务的队列管理系统", "HFTA（…）是一个 PyTorch 扩展库": a sentence
    # that opens with a name and says what it is
    r"|(?:^|(?<=[。；;\n]))\s*(?P<zh_is_a>(?:[A-Z]|[a-z]{1,3}[A-Z])[A-Za-z0-9\-\.]*[A-Za-z0-9])\s*"
    r"(?:[（(][^）)]{1,60}[）)])?\s*是一(?:个|种|款|套)"
    r"(?!(?:流行|常用|现有|已有|经典|主流|广泛|开源|之前|先前|以往)的?)"
    r"[^，,。；;]{0,30}?(?:系统|框架|库|服务|工具|平台|引擎|调度器|编译器|运行时|加速器|架构|扩展)"
    # "本文给出的Ok-Topk是一种…", "我们设计的Foo是…"
    r"|(?:本文|我们|作者|论文)(?:给出|提出|推出|设计|实现|开发)的\s*"
    r"(?P<zh_is>(?:[A-Z]|[a-z]{1,8}-?[A-Z])[A-Za-z0-9\-\.]*[A-Za-z0-9])"
    r"\s*(?=是|，|,|改|用|把|将|通过|采用|利用|有|包含|由)"
)
# a sentence that starts with a name doing something ("CoCoNeT提供一种DSL", "QoQ keeps
# weights ..."): a loose cue, the name counts with a capital inside it or named so twice
_PRESENTS_LEAD = re.compile(
    r"(?:^|(?<=[.!?]\s)|(?<=[。；;]))\s*(?P<name>[A-Z][A-Za-z0-9\-]*[A-Za-z0-9])\s*"
    r"(?:提供|采用|引入|包含|利用|借用|借鉴|把|将|让|使|(?:provides|keeps|combines|introduces|adds|builds"
    r"|relies|splits|turns|lets|uses|adopts|treats|moves|runs)\b"
    # or any verb in -s with its object after it: "GRASP specializes the last-level cache"
    r"|[a-z]{3,}(?<!s)s\s+(?:the|a|an|its|their|each|every)\b)"
)
# a summary that opens with a name and a comma, then no other name ("Colloid, 以…让各层访存
# 延迟持平", not "TensorFlow, PyTorch and JAX …"); an everyday word ("However, …") is no name
# ("MimicNet, a recent system, …" is prior work the summary describes)
_OPENS_WITH_NAME = re.compile(
    # (or a colon before a clause: "Carbyne: jobs give …", not "Preprint: arXiv:…")
    r"\s*(?P<name>[A-Z][A-Za-z0-9\-]{2,})\s*(?:[,，]|[:：](?=\s*[a-z]+\s+[a-z]))"
    r"(?!\s*[A-Z][\w\-]*\s*(?:[,，、]|and\b|和))"
    r"(?!\s*(?:an?|the)\s+(?:recent|prior|previous|existing|earlier|popular|well-known|widely)\b)"
    r"(?!\s*(?:之前|此前|已有|现有|以往|先前|传统))"
)
_EVERYDAY_OPENING = 3.0  # zipf frequency: "colloid" 2.1, "however" 5.6, "first" 6.1
_TITLE_SYSTEM = re.compile(  # "FlashDecoding++: Faster …" keeps its "++"
    r"^(?P<name>(?:[A-Z]|[a-z]{1,8}[A-Z])[\w\-\.]*\+{0,2}(?:\s[A-Z][\w\-]*)?)\s*[:：]\s+\S"
    # its colon lost in the notes: "KPart A Hybrid Cache Partitioning-Sharing Technique"
    r"|^(?P<bare>[A-Z][a-z]+[A-Z][\w\-]*|[A-Z]{2,}[a-z][\w\-]*)\s+(?:A|An)\s+[A-Z]"
    # or a dash: "CuART - a CUDA-based Radix-Tree Engine", a name with a capital inside
    r"|^(?P<dashed>(?:[A-Z][a-z]*[A-Z]|[a-z]{1,8}[A-Z])[\w\-\.]*\+{0,2})\s+[-–—]{1,2}\s+\S"
    # or in small letters, a word no dictionary has ("packetdrill: Scriptable Network …";
    # its subtitle in small letters too, as netmap's is)
    r"|^(?P<lower>[a-z][a-z0-9\-]{3,24})\s*[:：]\s+[A-Za-z]"
)
# "... training on GPU clusters using Megatron-LM": a system-like name closing a title
_TITLE_TAIL_SYSTEM = re.compile(
    r"\b(?:using|with|via|in|on)\s+(?P<name>[A-Za-z][a-z]*(?:[A-Z][A-Za-z0-9]*|-[A-Za-z0-9]+)+"
    r"|[A-Z][A-Za-z]*\d+[A-Za-z0-9]*)\s*$"
)

# "Stateless Datacenter Load-balancing with Beamer": a rare capitalised word after "with",
# "using" or "via" closing a title (not "… with Transformers", everyday words)
_TITLE_TAIL_WORD = re.compile(r"\b(?:using|with|via)\s+(?P<name>[A-Z][a-z]{3,}[a-rt-z0-9])\s*$")
_RARE_NAME = 3.0  # zipf frequency: a capitalised word rarer than this names something
_EVERYDAY_WORD = 4.5  # zipf frequency: "better" 5.6, "together" 5.5; "neural" 3.6, "cache" 3.7

Named = tuple[list[str], list[Entity]]  # entity ids, and the entities kg had not met


def techniques(text: str, tables: Tables) -> list[str]:
    """The technique concepts the text names, in order, but not those it names only to deny
    or contrast them ("unlike asynchronous training", "而不是RDMA")."""
    return [cid for cid, denied in _technique_mentions(text, tables).items() if not denied]


def denied_techniques(text: str, tables: Tables) -> list[str]:
    """The technique concepts the text names only to deny or contrast them."""
    return [cid for cid, denied in _technique_mentions(text, tables).items() if denied]


def _technique_mentions(text: str, tables: Tables) -> dict[str, bool]:
    """Each technique named, in order: True when every mention is inside a denial."""
    hits = list(tables.techniques.finditer(text))
    if not hits:
        return {}
    spans = [(m.start("span"), m.end("span")) for rx in tables.denials for m in rx.finditer(text)]
    found: dict[str, bool] = {}
    for start, end, cid in hits:
        inside = any(a <= start and end <= b for a, b in spans)
        found[cid] = found.get(cid, True) and inside
    return found


def entities(text: str, tables: Tables) -> list[str]:
    """The lexicon's named things the text names, in order."""
    return list(dict.fromkeys(eid for _, _, eid in tables.entities.finditer(text)))


def title_system(paper: Paper, tables: Tables) -> Named:
    """The system a title announces: "Chimera: efficiently training ...", or names at its
    end or its main part's: "... on GPU clusters using Megatron-LM", "Network-Centric
    Distributed Tracing with DeepFlow: Troubleshooting ..."."""
    m = _TITLE_SYSTEM.match(paper.title)
    name = m and (m.group("name") or m.group("bare") or m.group("dashed"))
    lower = m.group("lower") if m else None
    if lower and zipf(lower) < _RARE_NAME:
        name = lower  # (not "towards: …": an everyday word)
    tail = _title_tail(paper, tables)
    # "Better Together: … using SYNDICATE": everyday words before the colon, and a name
    # closing the title; "Native Client: A Sandbox …" names no other, so is the system
    words = name.split() if name else []
    everyday = len(words) > 1 and all(zipf(w.casefold()) >= _EVERYDAY_WORD for w in words)
    if name and len(name) <= 30 and not (everyday and tail):
        return entity_ids([name.rstrip(".")], tables)
    return entity_ids(tail, tables)


def _title_tail(paper: Paper, tables: Tables) -> list[str]:
    """The name closing a title or its main part ("… using Megatron-LM", "… with Beamer")."""
    for part in dict.fromkeys((paper.title, re.split(r"[:：]", paper.title)[0])):
        m = _TITLE_TAIL_SYSTEM.search(part.strip())
        # "... on SmartNICs", "... on FPGAs": a plural of capitals is hardware, not a system
        name = m.group("name") if m else ""
        if m and _system_like(name, tables) and not re.search(r"[A-Z]s$", name):
            return [name]
        word = _TITLE_TAIL_WORD.search(part.strip())
        if word and zipf(word["name"].casefold()) < _RARE_NAME and _own_type(word["name"], tables):
            return [word["name"]]
    return []


def _system_like(name: str, tables: Tables) -> bool:
    """A name with a capital inside it or a hyphenated part with one ("Megatron-LM",
    "vLLM") that the lexicon does not know as hardware, a model or a dataset."""
    inner = any(c.isupper() or c.isdigit() for c in name[1:])  # "Megatron-LM", "T10"
    return inner and _own_type(name, tables)


_OWN_TYPES = frozenset({"system", "library", "framework"})


def _own_type(name: str, tables: Tables) -> bool:
    """A name kg does not know, or knows as a system, library or framework."""
    eid = known_entity(name, tables)
    return eid is None or entity_type(eid, tables) in _OWN_TYPES


def known_entity(name: str, tables: Tables) -> str | None:
    """The lexicon's entity id of a name or alias, as written or in any case."""
    return tables.entities.get(name) or tables.entity_by_fold.get(name.casefold())


def presented(paper: Paper, tables: Tables) -> Named:
    """Systems the abstract says the paper presents ("我们提出Abacus，一个…", "名为Gsight",
    "we present X"). A name after a looser cue ("系统X", "we design a new X") counts when
    it has a capital inside it (vLLM, FlashAttention) or is named so twice."""
    # the names the notes give it beside its title ("Title（vLLM）"), then the abstract's
    names = [n for n in paper.names if _could_be_own(n, tables)]
    # "Memstrata, 一个轻量的多租户内存分配器…": a summary that opens with its system
    opening = _OPENS_WITH_NAME.match(paper.abstract)
    first = opening["name"] if opening else ""
    # (not a name written with a capital inside, "FaRM", whatever "farm" is)
    inner = any(c.isupper() for c in first[1:])
    everyday = not first or (not inner and zipf(first.casefold()) >= _EVERYDAY_OPENING)
    if not everyday and first not in names and _could_be_own(first, tables):
        names.append(first)
    loose: set[str] = set()
    for m in _PRESENTS_STRONG.finditer(paper.abstract):
        key, name = next((k, g) for k, g in m.groupdict().items() if g)
        name = name.rstrip(".")
        if key == "apposed_a" and _NAME_GOES_ON.search(paper.abstract, 0, m.start(key)):
            continue  # "the Accelerator Collectives Engine, a …": the last word of a name
        if name not in names and len(name) >= 2 and _could_be_own(name, tables):
            names.append(name)
    for m in _PARTS.finditer(paper.abstract):
        parts = _PART_NAME.findall(m["list"])
        if len(parts) >= 2:
            names += [n for n in parts if n not in names and _could_be_own(n, tables)]
    for rx in (_PRESENTS_ZH, _PRESENTS_EN, _PRESENTS_LEAD):
        for m in rx.finditer(paper.abstract):
            name = m.group("name").rstrip(".")
            if name in names or not _could_be_own(name, tables):
                continue
            if _defined(name, paper.abstract):
                continue  # "graph pipeline parallelism (GPP)", then "GPP contains …": a term
            if (len(name) >= 3 and any(c.isupper() for c in name[1:])) or name in loose:
                names.append(name)
            loose.add(name)
    return entity_ids(names, tables)


_NAME_GOES_ON = re.compile(r"[A-Z][A-Za-z0-9\-]*\s+$")
# the parts of the paper's system, listed: "Pieces: M-Trainer, M-Scheduler and M-Runner.",
# "Its components are X and Y", "三个组件：A、B 和 C"
_PARTS = re.compile(
    r"(?:\b(?:[Ii]ts\s+|[Tt]he\s+)?(?:[Pp]ieces|[Cc]omponents|[Pp]arts|[Mm]odules)"
    r"|组件|模块|组成部分)[ \t]*(?:[:：]|are\b|include\b|有|包括)[ \t]*(?P<list>[^.。;；\n]{3,120})"
)
# a name in such a list: a capital inside it or after a hyphen ("M-Trainer", "GraphX")
_PART_NAME = re.compile(
    r"(?<![\w\-])(?:[A-Z][A-Za-z0-9]*-[A-Za-z0-9\-]+|[A-Z][a-z0-9]*[A-Z][\w\-]*)"
)


def _defined(name: str, text: str) -> bool:
    """Whether the text defines the name as an acronym of the words before it, in
    brackets after lower-case words ("graph pipeline parallelism (GPP)")."""
    return re.search(rf"\b[a-z][\w\-]*\s*[(（]{re.escape(name)}[)）]", text) is not None


def _could_be_own(name: str, tables: Tables) -> bool:
    """A name that may be a system of the paper's own: not a technique, not a listed
    non-system, not hardware, a model or a dataset the lexicon knows."""
    if tables.techniques.get(name) is not None or name in tables.lexicon.not_systems:
        return False
    return _own_type(name, tables)


def entity_ids(names: list[str], tables: Tables) -> Named:
    """The entity id of each name (the lexicon's, else a new system's), and the entity of
    each name kg had not met."""
    ids: list[str] = []
    new: list[Entity] = []
    for name in names:
        eid = known_entity(name, tables)
        if eid is None:
            eid = system_id(name)
            new.append(new_entity(eid, name, tables))
        if eid not in ids:
            ids.append(eid)
    return ids, new


def system_id(name: str) -> str:
    """The id of a system kg has not met: its name's slug, a "+" spelled out ("SmartSAGE+"
    is smartsage-plus, not SmartSAGE's id)."""
    return slug(name.replace("+", " plus "))


def new_entity(eid: str, name: str, tables: Tables) -> Entity:
    """A system kg has not met, unless its id is one the lexicon knows."""
    return tables.lexicon.entities.get(eid) or Entity(eid, name, "system")


def entity_type(eid: str, tables: Tables) -> str:
    entity = tables.lexicon.entities.get(eid)
    return entity.type if entity else "system"
