"""What a sentence compares the paper with: "与 X 相比", "over X", "compared to X"."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..records import Concept, Entity
from ..text import has_chinese
from .everyday import zipf
from .mentions import entity_type, new_entity, system_id
from .tables import Tables, resolve

# a system name kg has not met: CamelCase (NeuGraph), lower-then-upper (vLLM, cuSPARSE),
# capitals then lower case (SGLang), a word hyphened to capitals (Ring-DGC), or a name with
# a language's suffix (llama.cpp)
_SYSTEM_NAME = re.compile(
    r"(?<![A-Za-z0-9\-])(?:[A-Z][a-z]+[A-Z][A-Za-z0-9]*|[a-z]{1,3}[A-Z]{2,}[A-Za-z0-9]*|[A-Z]{4,}\d*"
    r"|[A-Z]{2,}[a-z]{2,}[A-Za-z0-9]*|[a-z]+\.(?:cpp|js|jl|rs)|[A-Z][a-z]+(?=-[A-Z]{2,})"
    # a name written as code: "MPI_Alltoallv", "cublas_gemm"
    r"|[A-Za-z][A-Za-z0-9]+_[A-Za-z0-9_]*[A-Za-z0-9]{2})"  # (not "$T_o$", a variable)
    r"(?:(?<=\d)\.\d+)*"  # its version: "cuBLAS7.0"
    # a module of it: "SciPy.sparse", "torch.compile"
    r"(?:\.[a-z]{2,}(?![A-Za-z0-9]))?"
    # "SmartSAGE+", an improved SmartSAGE (not the "+" of "ZeroFlow+DeepFlux")
    r"(?:-[A-Za-z0-9]+)*(?:\+{1,2}(?![\w+]))?(?![A-Za-z0-9])"
    # its version in a list: "AnySeq 1、GASAL 2、ADEPT", "(NCCL 2)"
    r"(?:\s\d{1,2}(?=\s*(?:[、,，;；)）]|and\b|和|$)))?"
)
# a setting named by capitalised words joined with hyphens, standing alone: "compared with
# Max-Sharing (only the last layer retrained)", "Against No-Sharing, where …"
_HYPHEN_NAME = re.compile(
    r"(?<![\w\-])[A-Z][a-z]+(?:-[A-Z][a-z]+)+(?=\s*(?:[,.;:()（），。；]|$|and\b|or\b|where\b))"
)
# a name in Title Case defined with its acronym: "improves on Cut Payload (CP)"
_DEFINED = re.compile(r"(?<![\w\-])((?:[A-Z][a-z]+[ \-]){1,3}[A-Z][a-z]+)(?=\s*\(([A-Z]{2,5})\))")


def _defined_names(span: str, tables: Tables) -> list[re.Match[str]]:
    """Names in Title Case whose acronym follows in brackets, its letters their initials
    (not one kg knows by its acronym: "Nvidia Collective Communication Library (NCCL)")."""
    return [
        m
        for m in _DEFINED.finditer(span)
        if "".join(w[0] for w in re.split(r"[ \-]", m.group(1))) == m.group(2)
        and m.group(2).casefold() not in tables.entity_by_fold
    ]


_WORKLOADS = frozenset({"model", "dataset", "benchmark"})
# what a sentence holds when its "over" compares: a figure or a word of gain ("1.5x over",
# "a speedup over", "Over TensorRT-LLM: 1.2x"); else "over" says how ("over NVLink")
_GAIN = re.compile(
    r"\d|speed-?ups?|improv|faster|slower|better|worse|higher|lower|\bgains?\b|advantage"
    r"|outperform|reduc|boost|benefit|saving|increase|decrease|wins?\b|beats?\b",
    re.IGNORECASE,
)
_VENUE_TAG = re.compile(
    r"[\[(（【][^\[\]()（）【】]{2,24}?(?:['’]\d\d|\s(?:19|20)\d\d)[\])）】]"
)  # "AutoTVM[NIPS’18]", "PARIS（SoCC 2017）"
_HARDWARE_LEAD = 12  # characters into a comparison within which hardware is what is compared
_INSIDE_NAME = re.compile(r"-[A-Za-z0-9]")  # a name going on after a hyphen
# (a name is not the start of "SmartSAGE+", an improved SmartSAGE: _SYSTEM_NAME has it)
_LATIN_WORD = re.compile(
    r"(?<![A-Za-z0-9.\-])[A-Z][a-z]{2,}[a-z0-9]*(?![A-Za-z0-9\-]|\+(?![A-Za-z0-9]))"
)


@dataclass(frozen=True, order=True)
class Comparison:
    """A comparison phrase in a sentence and the named things in it, with their positions."""

    start: int
    end: int
    named: tuple[tuple[int, str], ...]
    vague: str = ""  # the phrase of an unnamed baseline: "existing systems", "现有设计"
    sure: bool = False  # said with words that only compare: "against", "compared with", "对比"
    said: int = 0  # where the words of what is compared start: after "within 3% of"

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(eid for _, eid in self.named))


def comparisons(
    sentence: str, tables: Tables, own: tuple[str, ...] = ()
) -> tuple[list[Comparison], list[Entity]]:
    """The comparisons of a sentence, and the systems kg had not met that they name.

    Inside the phrase, known entities are taken from the lexicon; failing those,
    names that look like system names (CamelCase such as NeuGraph, or mixed case such
    as vLLM) are taken as systems kg has not met before. What a paper is compared with
    is a system, not its own system, nor a model or dataset it ran.
    """
    found: list[Comparison] = []
    new: list[Entity] = []
    known = tables.lexicon.entities
    for rx in tables.comparisons:
        for m in rx.finditer(sentence):
            start = m.start("span")
            span = m.group("span")
            cited = _CITED.search(span)  # "… once buffers are bounded” ([Addanki et al., 2023"
            if cited is not None:
                span = span[: cited.start()]
            # "AutoTVM[NIPS’18]": a venue tag after a name, not a name of its own
            span = _VENUE_TAG.sub(lambda t: " " * len(t.group()), span)
            sure = _SURE.search(sentence, m.start(), start) is not None
            if _DIGIT.match(span) and not vague_baseline(span, tables, sure):
                continue  # "over 13 billion parameters", "more than 1000 GPUs": a size
            span = _first_clause(span)
            said = sentence[m.start() : start].strip().casefold()
            if said == "over" and not _GAIN.search(sentence):
                continue  # "reached over NVLink", "runs over RDMA": a way, no comparison
            # "TensorRT" inside "TensorRT-LLM" is not TensorRT
            hits = [h for h in tables.entities.finditer(span) if not _INSIDE_NAME.match(span, h[1])]
            hits = [_compound(span, hit, tables) for hit in hits]
            # "XLA" inside "TensorFlow XLA" is no name of its own
            hits = [h for h in hits if not any(a < h[0] and h[1] <= b for a, b, _ in hits)]
            new += [new_entity(eid, span[a:b], tables) for a, b, eid in hits if eid not in known]
            named = [(start + a, eid) for a, _, eid in hits]
            taken = [(a, b) for a, b, _ in hits]
            found_names = list(_SYSTEM_NAME.finditer(span))
            # a capitalised word that is no English word: "over Fairseq", "与…（Vearch和…）";
            # in Chinese text a rare one too ("以 Simba 架构配 Tangram 映射为基线")
            chinese = has_chinese(span)
            found_names += [
                n
                for n in _LATIN_WORD.finditer(span)
                if not zipf(n[0]) or (chinese and _rare(n[0]) and _alone(span, n))
            ]
            found_names += _listed(span)
            found_names += _HYPHEN_NAME.finditer(span)
            found_names += _defined_names(span, tables)
            if chinese or "、" in span:  # "和 DCTCP、pFabric 持平": Latin names only
                found_names += _listed_zh(span)
            found_names += _lower_names(span, chinese)
            names = [(n.start(), n.end(), n.group(0)) for n in found_names]
            first = _FIRST_NAME.match(span)
            if first and _rare(first.group(1)) and not (chinese and _algorithm(span, first.end(1))):
                names.append((first.start(1), first.end(1), first.group(1)))
            pause = _VAGUE_END.search(span)  # an acronym is named in the phrase, not after it
            end = pause.start() if pause else len(span)
            names += [(n.start(), n.end(), n.group(0)) for n in _ACRONYM.finditer(span, 0, end)]
            for a, b in [*taken, *((a, b) for a, b, _ in names)]:
                if after := _AND_NAME.match(span, b):  # "than PipeDream and Piper"
                    names.append((after.start(1), after.end(1), after.group(1)))
                if before := _NAME_BEFORE.search(span, 0, a):  # "与 ANT、OliVe 相比"
                    names.append((before.start(1), before.end(1), before.group(1)))
            # "than Gear-based CDC": a variant of a name kg does not know, a baseline of its own
            based = [
                (x.start(1), b, span[x.start(1) : b])
                for a, b, _ in names
                if (x := _BASED_ON.search(span, 0, a))
                and x.group(1).removesuffix("-based") not in tables.lexicon.not_systems
            ]
            for a, b, name in sorted({*names, *based}, key=lambda n: (n[0], -n[1])):  # longest 1st
                if _DESCRIBED.search(name):
                    continue  # "PagedAttention-based kernels": what they are built on
                if chinese and _algorithm(span, b):
                    continue  # "BFS、Dijkstra 等传统算法": algorithms, not systems
                if any(x < b and a < y for x, y in taken):
                    continue
                if not could_be_system(name, tables):
                    continue
                eid = tables.entity_by_fold.get(name.casefold()) or system_id(name)
                new.append(new_entity(eid, name, tables))
                named.append((start + a, eid))
                taken.append((a, b))
            named = sorted(
                x for x in named if x[1] not in own and entity_type(x[1], tables) not in _WORKLOADS
            )
            if any(entity_type(eid, tables) != "hardware" for _, eid in named):
                # "beats TensorRT-LLM on an A100": the system is compared, not its hardware
                named = [x for x in named if entity_type(x[1], tables) != "hardware"]
            elif named and named[0][0] - start > _HARDWARE_LEAD:
                # "than the previous state of the art on 16 GPUs (all A100s)": the hardware
                # is the setting; only hardware named first is what is compared ("than an A100")
                named = []
            if not _CONTRAST.search(sentence, 0, start):
                # "beats 2PL and OCC", "相比 TCP 和 DCTCP": approaches by their names
                mine = [(a, b) for a, b in taken if any(start + a == p for p, _ in named)]
                methods = _methods(span, tables, mine)
                new += [entity for _, _, entity in methods]
                named = sorted([*named, *((start + a, e.id) for a, _, e in methods)])
            phrase = vague_baseline(span, tables, sure)
            at = start + span.find(phrase) + len(phrase) if phrase else 0
            if phrase and _KIND.search(phrase) and all(pos < at for pos, _ in named):
                named = []  # "state-of-the-art GPU DBSCAN implementations": a kind, unnamed
            examples = phrase and _EXAMPLES_AFTER.match(sentence, at)
            if named and examples and all(pos >= at for pos, _ in named):
                # "比现有 GPU 比对库（AnySeq 1、GASAL 2）快": the kind and its named examples
                found.append(Comparison(m.start(), m.end(), tuple(named), phrase, sure, start))
            elif named:
                found.append(Comparison(m.start(), m.end(), tuple(named), sure=sure, said=start))
            elif vague := phrase:
                found.append(Comparison(m.start(), m.end(), (), vague, sure, start))
    return sorted(set(found)), new


# what goes on after a pause in a comparison: the next item of a list ("than A, B and C"),
# or examples of a kind ("than existing systems, such as Orca")
# the words that open examples: "such as Orca", "例如 vLLM"
_EXAMPLE_WORDS = r"(?:such as|e\.g\.|for example|including|like|例如|比如|如|包括|像)"
_GOES_ON = re.compile(
    rf"[,，]\s*(?:{_EXAMPLE_WORDS}"
    r"|(?:(?:and|or)\s+)?(?:the\s+)?(?:[A-Z0-9]|[a-z]{1,3}[A-Z])[\w.+\-]*(?:\s[A-Z0-9][\w.+\-]*)?"
    r"\s*(?:[,，、(（]|and\b|or\b|$))"
)


def _first_clause(span: str) -> str:
    """A comparison's span up to the first pause after which no list goes on ("against the
    original learning approach, dynamic coverage goes …", "Compared with the stock Linux
    I/O stack, RocksDB gets …": what follows the comma is not compared with)."""
    for i, c in enumerate(span):
        if c in ",，" and not _GOES_ON.match(span, i):
            return span[:i]
    return span


# a lower-case name that is no English word: "than jemalloc", "对比 numpywren"
_LOWER_NAME = re.compile(r"(?<![\w.\-])[a-z][a-z0-9]{3,}(?:[._\-][a-z0-9]+)*(?![\w\-])")
_FIRST_LOWER = re.compile(r"\s*(?:the\s+)?([a-z][a-z0-9]{3,}(?:[._\-][a-z0-9]+)*)(?![\w\-])")


def _lower_names(span: str, chinese: bool) -> list[re.Match[str]]:
    """Names written in lower case that wordfreq does not know, or that hold a digit
    ("relative to ext3, ext2 and btrfs": rare words such as "unoptimized", "chunked" or
    "staleness" are no names): the first word of an English comparison, any such word
    standing alone among Chinese words."""
    if chinese:
        return [n for n in _LOWER_NAME.finditer(span) if not zipf(n[0]) and _alone(span, n)]
    first = _FIRST_LOWER.match(span)
    if first is None or (zipf(first.group(1)) and not any(c.isdigit() for c in first.group(1))):
        return []
    name = _LOWER_NAME.match(span, first.start(1))
    return [name] if name else []


# a kind of things, not a named one: "state-of-the-art GPU DBSCAN implementations", its
# opening word saying it is a kind and its last word, a plural, what kind (in Chinese,
# with no plural, "最先进的DGL框架" is DGL)
_KIND = re.compile(
    r"(?i)^(?:state[- ]of[- ]the[- ]art|existing|prior|previous|current|conventional|traditional"
    r"|earlier|other|popular|widely[- ]used)\b[\x00-\x7f]*(?:implementations|libraries|systems"
    r"|frameworks|versions|tools|solutions|methods|approaches|designs|engines|compilers|accelerators)$"
)
# named examples after a kind: "现有 GPU 比对库（AnySeq 1、…）", "existing systems such as Orca"
_EXAMPLES_AFTER = re.compile(rf"\s*(?:[（(]|[,，]?\s*{_EXAMPLE_WORDS})")


# an acronym right after a known system's name names a part or mode of it, one system:
# "PyTorch JIT", "TensorFlow XLA", "HuggingFace PEFT", "PyTorch DDP"
_PART = re.compile(
    r" ([A-Z]{2,5}|Lite)(?![\w\-+])"  # "TensorFlow Lite" too
    # a capitalised word that ends an item of a list: "TensorFlow Fold, PyTorch and DyNet",
    # "PyTorch Geometric and DGL"
    r"| ([A-Z][a-z]{2,})(?=\s*(?:[,、;；)）]|and\b|or\b|$))"
)
_SOFTWARE = frozenset({"system", "framework", "library"})
_MODULE = re.compile(r"\.[a-z]{2,}(?![A-Za-z0-9])")


def _compound(span: str, hit: tuple[int, int, str], tables: Tables) -> tuple[int, int, str]:
    """A lexicon hit, or the compound name it starts ("PyTorch JIT": a system of its own)."""
    a, b, eid = hit
    if module := _MODULE.match(span, b):  # "SciPy.sparse": a part of SciPy, named of its own
        name = span[a : module.end()]
        return a, module.end(), tables.entity_by_fold.get(name.casefold()) or system_id(name)
    part = _PART.match(span, b)
    if (
        part is None
        or entity_type(eid, tables) not in _SOFTWARE
        or (part.group(1) or part.group(2)) in tables.lexicon.not_systems
    ):
        return hit
    name = span[a : part.end()]
    return a, part.end(), tables.entity_by_fold.get(name.casefold()) or system_id(name)


# a name's variant by what it is built on: "Gear-based CDC", "Rabin-based CDC" (built on
# a word of not_systems it is no variant: "SIMT-based OpenCL" is OpenCL)
_BASED_ON = re.compile(r"(?<![\w\-])([A-Z][A-Za-z0-9]*-based)\s+$")


# a list of three or more names ("pFabric, Qjump, D3, PDQ or Homa"): each a word with a
# capital (or a digit) after its first letter, or a capitalised word, comma-separated
_NAME = r"(?:[A-Za-z][a-z]*[A-Z0-9][A-Za-z0-9_\-]*|[A-Z][a-z][A-Za-z0-9_\-]*|\d[A-Z][A-Za-z0-9_]*)"
_LIST = re.compile(
    rf"(?<![A-Za-z0-9_\-]){_NAME}(?:\s*[,、]\s*{_NAME}){{1,}},?\s*(?:and|or|和|与|及|或)\s*{_NAME}"
    r"(?![A-Za-z0-9_\-])"
)
# the name after a name in a comparison: "than PipeDream and Piper", "over X or Y"
_AND_NAME = re.compile(
    r"\s*(?:,|、|and|or|&|和|与|及|或)\s*(?:the\s+)?((?:[A-Z][\w\-]*|[a-z]{1,3}[A-Z][A-Za-z0-9_\-]*)[A-Za-z0-9])"
    r"(?![\w\-])"
)  # "than the K80 or the Haswell", "DCTCP 和 pFabric" too
# the name before a name in a comparison: "和 SVS、DiskANN 相比", "ANT and OliVe"
_NAME_BEFORE = re.compile(
    r"(?<![\w\-])([A-Z][\w\-]*[A-Za-z0-9])\s*(?:,|、|and|or|&|和|与|及|或)\s*$"
)
# three capitals in a comparison name a system ("the widely deployed GCC algorithm"); four
# and more are a _SYSTEM_NAME; the lexicon's not_systems keeps out LLM, GPU, DNN ...
_ACRONYM = re.compile(r"(?<![\w\-])(?:[A-Z]{3}\d*|\d[A-Z]{2,3})(?![\w\-])")  # "2PL" too
# a name at the start of a comparison: "over Bamboo", "than the Oobleck baseline"
_FIRST_NAME = re.compile(r"\s*(?:the\s+)?([A-Z][a-z]+[A-Za-z0-9]*)(?![\w\-]|\+(?![A-Za-z0-9]))")
# what a name is written with that makes it a description: "PagedAttention-based kernels"
_DESCRIBED = re.compile(r"-(?:based|aware|like|style|enabled|driven|specific)$")
_LIST_ITEM = re.compile(_NAME)


def _listed(span: str) -> list[re.Match[str]]:
    """The names of a list in a comparison: a list of names is a list of systems."""
    return [
        n
        for m in _LIST.finditer(span)
        for n in _LIST_ITEM.finditer(span, m.start(), m.end())
        if n.group(0) not in ("and", "or")
    ]


# Latin names listed with "、" among Chinese words, in any case ("和 scikit-learn、intel
# sklearn、hummingbird 这些最先进的方案比"): each item one or two words
_ZH_ITEM = (
    r"[A-Za-z][A-Za-z0-9_.+\-]*(?: [A-Za-z][A-Za-z0-9_.+\-]*)?"
    r"(?: \d{1,2}(?=\s*[、,，;；)）]|\s*$))?"  # its version: "AnySeq 1、LZ4 2"
)
_ZH_LIST = re.compile(rf"(?<![\w.+\-]){_ZH_ITEM}(?:\s*、\s*{_ZH_ITEM})+(?![\w.+\-])")
_ZH_LIST_ITEM = re.compile(_ZH_ITEM)


def _listed_zh(span: str) -> list[re.Match[str]]:
    """The Latin names of a list kept apart by "、" in a Chinese comparison."""
    return [
        n for m in _ZH_LIST.finditer(span) for n in _ZH_LIST_ITEM.finditer(span, m.start(), m.end())
    ]


# where the phrase of an unnamed baseline ends: a pause, or a word that starts what follows
_VAGUE_END = re.compile(
    r"[，,。；;:：()（）\n]|\s(?:by|on|in|for|while|when|with|across|at|under|and|or|respectively|"
    r"which|that|to|from|using|as|if|up|achieving|reaching|is|are|was|were|this|these|it|over|than|via|"
    r"they|we|adds?|gives?|yields?|brings?|achieves?|delivers?|improves?|reduces?|cuts?|saves?)\b"
    r"|(?:在|上|时|中(?!心|间|文|国|断)|，|下|最多|最高|"
    r"平均|分别|高达|可|能|节省|提升|提高|降低|减少)"
)
_LEADING = re.compile(
    r"^(?:(?:with|under|to|that of|those of|that from|those from|the ones from|the|a|an|all|other"
    r"|many|several|both|these|those)\s+)+",
    re.IGNORECASE,
)
# the paper itself ("Our system is outperformed by Orca"), or a setting ("than on CPUs")
_NOT_A_BASELINE = re.compile(r"(?i:our|we|its|this (?:paper|work|system)|on|in|at|it|them)\b")
# a citation of the paper's authors ends what it is compared with: their names are no system
_CITED = re.compile(r"\W*\b[A-Z][\w'\-]*\s+et\s+al\b")
# "1F1B" and "2PL" are names, "1-D 方法" a kind
_DIGIT = re.compile(r"^\W*\d(?![A-Z]\d|[A-Z]{2,3}\b|-?D\b)")
_ADVERB = re.compile(r"(?i)[a-z]{3,}ly")
_BASELINE_LAST = re.compile(r"(?i)(?:baselines?|基线|基准)$")
# what follows a comparison word without being compared with: "相比之下", "compared to it"
# ("it" and "them" are _NOT_A_BASELINE's)
_NO_PHRASE = frozenset(
    ["之下", "而言", "之前", "以前", "起来", "下来", "以往", "this", "that", "these"]
)
# the words before a span that make whatever it holds a baseline ("compared with", "相比",
# "对比对象是", "within 3% of"); "than", "over" and "比" may compare with anything ("than
# expected", "over time") and need a baseline's word ("existing", "现有")
_SURE = re.compile(
    r"(?i)相比|相较|对比|比较|对照|基线|基准|对手|compared|comparison|relative|against"
    r"|baseline|outperform|beat|within|what"
)


def vague_baseline(span: str, tables: Tables, sure: bool = False) -> str:
    """The phrase of a baseline the sentence does not name ("existing systems", "最先进的
    解决方案"), or "" when the phrase holds no such word (unless the words around it make it
    ``sure`` to be what is compared with: "相比周期级仿真，", "within 3% of brute-force
    search"), starts with a number ("more than 1000 GPUs") or runs on like a clause."""
    span = _LEADING.sub("", span.strip())  # "than those from existing compilers"
    end = _VAGUE_END.search(span)
    phrase = span[: end.start()] if end else span
    phrase = phrase.strip(" \t的")
    if len(phrase) < 2 or _NOT_A_BASELINE.match(phrase) or phrase in _NO_PHRASE:
        return ""
    if _ADVERB.fullmatch(phrase):
        return ""  # "pFabric beats both clearly": how, not what
    if _DIGIT.match(phrase) and not _BASELINE_LAST.search(phrase):
        return ""  # "more than 1000 GPUs", but "相对 8K 项 BTB 的基线" is a baseline
    kind = _HARDWARE_KIND.fullmatch(phrase) is not None  # "than a CPU", "比 ASIC 快"
    if not (sure or kind or tables.vague_baseline.search(phrase) or _technique(phrase, tables)):
        return ""
    # a Latin name inside Chinese words counts as one word ("最先进的 MPI AllReduce 通信")
    chinese_size = len(_LATIN_RUN.sub("W", phrase).replace(" ", ""))
    if len(phrase.split()) > 9 or (phrase.isascii() is False and chinese_size > 20):
        return ""
    return phrase


_LATIN_RUN = re.compile(r"[A-Za-z0-9][\w.+\-]*")
# a kind of chip, unnamed, and up to two words before it: "an NVIDIA GPU", "ASIC", "CPU 实现"
_HARDWARE_KIND = re.compile(
    r"(?:[A-Za-z][\w\-]*\s+){0,2}(?:CPU|GPU|ASIC|FPGA|TPU|NPU)s?(?:\s*(?:实现|版本|上))?"
)


def _methods(
    span: str, tables: Tables, taken: list[tuple[int, int]]
) -> list[tuple[int, int, Entity]]:
    """The approaches a comparison names by their names ("2PL and OCC", "the standard
    Paxos", "相比 TCP 和 DCTCP" beside a system ``taken`` already): each a name of a
    curated technique (not a topic), written as a name (capitals or digits in every
    word), as a method of that technique. Alone, they must be a list and nothing else:
    none for "Paxos-style logs", nor for what is written as words ("traditional
    checkpointing", "块稀疏编码": an unnamed baseline)."""
    # (the matcher gives the longest word at each place, none overlapping)
    longest = {
        a: (b - a, cid)
        for a, b, cid in tables.techniques.finditer(span)
        if _method_name(span[a:b], tables.lexicon.concepts[cid])
        and not any(x < b and a < y for x, y in taken)
    }
    if taken:  # items of the list the names are in: "SVS、DiskANN、HNSW、SCANN"
        items = list(taken)
        found = [(a, a + size) for a, (size, _) in longest.items()]
        while joined := [
            (a, b)
            for a, b in found
            if (a, b) not in items
            and any(_between(span, y, a) or _between(span, b, x) for x, y in items)
        ]:
            items += joined
        picked = sorted(x for x in items if x not in taken)
        return [(a, b, _method(span[a:b], longest[a][1], tables)) for a, b in picked]
    out: list[tuple[int, int, Entity]] = []
    lead = _METHOD_LEAD.match(span)
    at = lead.end() if lead else 0
    while at in longest:
        size, cid = longest[at]
        out.append((at, at + size, _method(span[at : at + size], cid, tables)))
        more = _METHOD_NEXT.match(span, at + size)
        if more is None:
            break
        at = more.end()
    end = out[-1][1] if out else 0
    rest = span[end:]
    if out and (not rest.strip(" .。") or _VAGUE_END.match(span, end) or _MORE.match(rest)):
        return out
    return []


def _method_name(text: str, concept: Concept) -> bool:
    """Whether a technique's form names one method of it: written as a name (capitals or
    digits in every word: "2PL", "Paxos", "Reed-Solomon"), one of the technique's other
    names rather than its own ("OCC" of optimistic concurrency control, "Paxos" of
    consensus; not "GEMM", "FPGA" or "RDMA", which name the technique itself, nor their
    plurals), and no chip or number format ("than an FPGA", "than FP16")."""
    if concept.kind == "topic" or not all(_NAME_WORD.search(w) for w in _WORDS.split(text)):
        return False
    own = concept.label.casefold()
    if text.casefold() in (own, own + "s") or text.casefold().removesuffix("s") == own:
        return False
    kind = _HARDWARE_KIND.fullmatch(text) or _DEVICE.fullmatch(text)
    return not (kind or _NUMBER_FORMAT.fullmatch(text))


_NUMBER_FORMAT = re.compile(r"(?i)(?:FP|BF|INT|TF|UINT|E\dM)\d*|MX(?:FP|INT)\d+")
_DEVICE = re.compile(r"(?:SSD|HDD|NVMe|DRAM|SRAM|NVM|HBM|NIC|SmartNIC|DPU|PIM)s?")


def _between(span: str, end: int, start: int) -> bool:
    """Whether only a list's separator stands between two items of ``span``."""
    return end <= start and _METHOD_NEXT.fullmatch(span, end, start) is not None


def _method(name: str, cid: str, tables: Tables) -> Entity:
    """The method ``name`` of technique ``cid`` (unless the lexicon knows the name). Its id
    is kept apart from systems' ("method-raft"): another file may read "Raft" as the
    system a paper presents, and one id must name one thing in the whole graph."""
    known = tables.lexicon.entities.get(system_id(name))
    return known or Entity(METHOD_ID + system_id(name), name, "method", technique=cid)


METHOD_ID = "method-"  # the id of a method kg found: "method-2pl", IRI …/method/2pl


# words before a method's name ("the standard Paxos", "传统的一致性哈希"), and between two
_METHOD_LEAD = re.compile(
    r"\s*(?:(?:the|a|an|plain|standard|classic|classical|traditional|conventional|vanilla|default"
    r"|basic|stock)\s+|(?:标准|传统|经典|普通|原生|常规)的?\s*)*",
    re.IGNORECASE,
)
_METHOD_NEXT = re.compile(
    r"\s*(?:,\s*(?:and\s+|or\s+)?|\s(?:and|or)\s+|[、和与及或]\s*)" + _METHOD_LEAD.pattern,
    re.IGNORECASE,
)
# what says how it compares right after the name ("比 2PL 快", "比 OCC 更稳"), or that it
# is one of a kind ("跟 Reed-Solomon 这类以往的码比")
_MORE = re.compile(r"\s*(?:更|快|慢|高|低|好|差|少|多|强|弱|这类|这种|这些|之类|等)")
# a word written as a name: "2PL", "Paxos", "B+"
_NAME_WORD = re.compile(r"[A-Z0-9+]")
_WORDS = re.compile(r"[\s\-]+")
# words that set a thing apart rather than compare with it: "rather than a DBMS", "other
# than GEMM", "instead of TCP"
_CONTRAST = re.compile(r"(?i)\b(?:rather|other)\s+than\s*$|\binstead\s+of\s*$")


def _technique(phrase: str, tables: Tables) -> bool:
    """A phrase that names a technique ("chunked prefill", "数据并行", "dedicated GPU
    allocation"): an approach compared with, named by what it does rather than by a system."""
    last = phrase.rsplit(None, 1)[-1].casefold()
    if last in tables.heads_en:
        return True
    return any(b == len(phrase) for _, b, _ in tables.techniques.finditer(phrase))


def _alone(span: str, name: re.Match[str]) -> bool:
    """A Latin word standing alone among Chinese words, as a system's name does: not one
    word of an English phrase ("（Reorganized Layer-wised Extended Kalman Filter）") nor an
    algorithm's name ("BFS、Dijkstra 等传统算法")."""
    before, after = span[: name.start()], span[name.end() :]
    if _LATIN_NEXT.match(after) or _LATIN_LAST.search(before):
        return False
    return not _algorithm(after, 0)


def _algorithm(span: str, end: int) -> bool:
    """Whether the name that ends at ``end`` names an algorithm ("Dijkstra 等传统算法")."""
    return _ALGORITHM_NEXT.match(span, end) is not None


_LATIN_NEXT = re.compile(r"[ \-]?[A-Za-z]")  # another Latin word right after
_LATIN_LAST = re.compile(r"[A-Za-z][ \-]?$")  # or right before
# what follows an algorithm's name (and the names listed with it): "、Dijkstra 等传统算法"
_ALGORITHM_NEXT = re.compile(
    r"(?:\s*[、,，和与及/]\s*[A-Za-z][\w\-+]*)*\s*(?:等)?\S{0,3}?(?:算法|滤波)"
)


def _rare(word: str) -> bool:
    """A capitalised word that starts a comparison and is no common English word ("over
    Bamboo", "than Oobleck"; not "than Ethernet" nor "over Python")."""
    return zipf(word.casefold()) < 4.0


def could_be_system(name: str, tables: Tables) -> bool:
    """A name in a comparison that is no institution, technique, country or plain word."""
    plural = name[:-1] if name.endswith("s") else ""  # "MoEs": mixtures of experts
    return not (
        resolve(tables, name)
        or tables.techniques.get(name) is not None
        or (plural and tables.techniques.get(plural) is not None)
        or name.casefold() in tables.countries
        or name in tables.lexicon.not_systems
        or name in tables.lexicon.labels.venues  # "Cut Payload (CP) from NSDI 2014"
    )
