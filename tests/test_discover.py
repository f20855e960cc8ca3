"""Techniques no concept names, found where the text points at them (kg/extract/discover.py)."""

from __future__ import annotations

import pytest

import kg
from kg.extract import discovered_concepts, tables_for


@pytest.fixture(scope="module")
def tables():  # type: ignore[no-untyped-def]
    return tables_for(kg.load_lexicon())


@pytest.mark.parametrize(
    ("text", "label"),
    [
        (
            "We propose a novel tensor-aware scheduling framework to cut idle time.",
            "tensor-aware scheduling",
        ),
        (
            "Hidet uses task graph rewriting to express fine-grained schedules.",
            "task graph rewriting",
        ),
        ("Admission is decided by a frequency sketch-based policy.", "frequency sketch"),
        ("本文提出了一种分层显存卸载机制来减少通信开销。", "分层显存卸载"),
        ("基于折线编码的索引可以压缩轨迹。", "折线编码"),
    ],
)
def test_a_cue_points_at_a_technique_no_concept_names(tables, text: str, label: str) -> None:  # type: ignore[no-untyped-def]
    found = discovered_concepts(text, tables)
    assert [c.label_zh or c.label for c in found] == [label]
    assert found[0].scheme == "discovered" and found[0].example == text


@pytest.mark.parametrize(
    "text",
    [
        "We propose pipeline parallelism across nodes.",  # a concept of the scheme names it
        "基于强化学习的调度器在集群上运行。",  # 强化学习 is a concept
        "We propose a new design.",  # an everyday word
        "Unlike declarative scheduling primitives, we use a search.",  # denied
        "基于独立的内核的实现。",  # a description, not a name
    ],
)
def test_no_new_technique_where_a_concept_or_nothing_is_named(tables, text: str) -> None:  # type: ignore[no-untyped-def]
    assert [c for c in discovered_concepts(text, tables) if c.scheme] == []


def _one_paper_graph(tmp_path, title: str, summary: str):  # type: ignore[no-untyped-def]
    """The graph of one OSDI 2024 paper under a session heading."""
    notes = tmp_path / "n.md"
    notes.write_text(f"# OSDI 2024\n\n## Serving\n\n### {title}\n\n{summary}\n", encoding="utf-8")
    return kg.build_all([notes], conference="OSDI 2024").graph


def test_discovered_techniques_are_in_their_own_scheme_with_their_evidence(tmp_path) -> None:  # type: ignore[no-untyped-def]
    graph = _one_paper_graph(
        tmp_path,
        "Hidet: Task-Mapping Programming Paradigm",
        "Hidet uses task graph rewriting to express fine-grained schedules.",
    )
    rows = graph.query(
        "PREFIX skos: <http://www.w3.org/2004/02/skos/core#> "
        "PREFIX kg: <https://w3id.org/kg/ontology#> "
        "SELECT ?label ?example WHERE { ?paper kg:technique ?t . "
        "?t skos:inScheme ?s ; skos:prefLabel ?label ; skos:example ?example . "
        "FILTER(STRENDS(STR(?s), '/techniques/discovered')) }"
    )
    assert [(str(r[0]), str(r[1])) for r in rows] == [
        (
            "task graph rewriting",
            "Hidet uses task graph rewriting to express fine-grained schedules.",
        )
    ]


@pytest.mark.parametrize(
    ("text", "labels", "broader"),
    [
        # no cue: a noun phrase that ends with a technique's head word
        ("Lucid cuts interference with an indolent packing strategy.", ["indolent packing"], {}),
        # it narrows a concept of the scheme: discovered, under that concept
        (
            "Marconi brings efficient state caching to hybrid models.",
            ["state caching"],
            {"state caching": ("caching",)},
        ),
        # names and verbs are not part of it; the plural is kept as the singular
        ("FlashInfer uses bitmap-sparse formats for its KV cache.", ["bitmap-sparse format"], {}),
        # a phrase that is a concept's name is the concept, not a new one
        ("The runtime relies on pipeline parallelism.", [], {}),
        # a head that names something else is no technique ("programming paradigm")
        ("Hidet: Task-Mapping Programming Paradigm for Tensor Programs", [], {}),
        # named only to be contrasted
        ("Unlike declarative scheduling primitives, we search the space.", [], {}),
        # adverbs, quantities and stock adjectives are not part of it
        (
            "It speeds up many DNN training jobs with conventional data flow analysis.",
            ["data flow analysis"],
            {},
        ),
        # a term in capitals, with its acronym after it
        (
            (
                "In each rack, incoming jobs are placed by Multi-Accelerator Pattern Allocation "
                "(MAPA) on a shared server."
            ),
            ["multi-accelerator pattern allocation"],
            {},
        ),
        # a verb after the head ends the phrase ("removes"), an article starts it
        (
            "Its adaptive workload assignment removes stragglers.",
            ["adaptive workload assignment"],
            {},
        ),
        ("The switch can bend the dynamic routing of each flow.", ["dynamic routing"], {}),
        # a hyphenated "-only" is no adverb; a relative pronoun or a participle ends it
        (
            "AWQ is a low-bit weight-only quantization method built on one observation.",
            ["low-bit weight-only quantization"],
            {"low-bit weight-only quantization": ("weight-only-quantization",)},
        ),
        (
            "The scales come from an equivalent transformation whose factors vary.",
            ["equivalent transformation"],
            {},
        ),
        # Chinese: up to five words back from a head word, over short Latin words
        (
            "系统层面采用三阶段的 token 级动态调度来取舍。",
            ["token 级动态调度"],
            {"token 级动态调度": ("scheduling",)},
        ),
        ("作者借助集群里的高速背板互连完成这次状态传输。", ["高速背板互连", "状态传输"], {}),
        # 的 stays inside after 感知 / 驱动; a verb before the phrase is not part of it
        (
            "它还引入缓存感知的梯度压缩。",
            ["缓存感知的梯度压缩"],
            {"缓存感知的梯度压缩": ("gradient-compression",)},
        ),
        ("这个方法很难放进整数流水线。", ["整数流水线"], {}),
        # a Chinese term glossed with its English name gives both names
        (
            "作者然后提出分解量化（decomposed quantization），把激活张量拆开。",
            ["分解量化", "decomposed quantization"],
            {"decomposed quantization": ("quantization",)},
        ),
        # "fine-grained" alone says how, not what
        ("The compiler emits fine-grained schedules for each operator.", [], {}),
        # storage systems' heads: logging, shadowing, decoupling
        (
            "The tree gets by with sparse redo logging and deterministic page shadowing.",
            ["sparse redo logging", "deterministic page shadowing"],
            {},
        ),
        # an -ed word that is no verb's past stands before the head ("affinitized"); a
        # verb's past does not ("tackled"), nor a word that says only how good it is
        (
            "Latency drops thanks to affinitized scheduling and virtualized routing.",
            ["affinitized scheduling", "virtualized routing"],
            {},
        ),
        ("They tackled sparsity with a dedicated algorithm.", [], {}),
        # a generic head after a head does not take the phrase from it
        (
            "And a load-balanced scheduling algorithm keeps up with requests.",
            ["load-balanced scheduling"],
            {"load-balanced scheduling": ("scheduling",)},
        ),
        # a subject and its verb are no phrase: "The system realized pipelining"
        ("The system realized pipelining across GPUs.", [], {}),
        ("The compiler specialized kernels per shape.", [], {}),
        # a Chinese verb, a place word or "top-k"'s hyphen: where a phrase starts
        ("它借用 CXL 互连，还有 top-k 梯度压缩。", ["CXL 互连", "top-k 梯度压缩"], {}),
        ("线程之间交换数据，办法叫非对称函数映射。", ["非对称函数映射"], {}),
        # "X-based" before a head that names a process is part of its name; a word that only
        # judges is not; a Chinese word between English phrases joins two of them
        ("Their use case is switch-based caching.", ["switch-based caching"], {}),
        ("Their profile blames poor data reuse.", ["data reuse"], {}),
        (
            "核心是 Order-Preserving Dispatch 和 Dual-Mode Journaling。",
            ["dual-mode journaling"],
            {},
        ),
        # a verb that takes an object ends a phrase before it, not one that ends with it
        ("用 CNN 给稀疏矩阵选存储格式。", ["存储格式"], {}),
        ("异步维护全列索引（all-column indexes）。", ["全列索引", "all-column indexes"], {}),
        ("一个基于基数选择（radix top-k）的实现。", ["基数选择", "radix top-k"], {}),
        # a place glossed in English is no technique
        ("作者来自佐治亚理工学院（Georgia Institute of Technology）。", [], {}),
    ],
)
def test_a_noun_phrase_with_a_technique_head_is_a_technique(  # type: ignore[no-untyped-def]
    tables, text: str, labels: list[str], broader: dict[str, tuple[str, ...]]
) -> None:
    found = [c for c in discovered_concepts(text, tables) if c.scheme]
    assert [c.label_zh or c.label for c in found] == labels
    for c in found:
        assert c.broader == broader.get(c.label_zh or c.label, c.broader)
        assert c.example == text


def test_a_topic_is_what_a_paper_is_about_not_a_technique_it_uses(tmp_path) -> None:  # type: ignore[no-untyped-def]
    graph = _one_paper_graph(
        tmp_path,
        "DistServe: Disaggregating Prefill and Decoding",
        "DistServe serves large language models with pipeline parallelism.",
    )
    about = (
        "PREFIX kg: <https://w3id.org/kg/ontology#> SELECT ?p WHERE { "
        "?paper ?p <https://w3id.org/kg/id/technique/%s> }"
    )
    assert [str(r[0]) for r in graph.query(about % "large-language-models")] == [
        "https://w3id.org/kg/ontology#topic"
    ]
    assert [str(r[0]) for r in graph.query(about % "pipeline-parallelism")] == [
        "https://w3id.org/kg/ontology#technique"
    ]
    # a question about a technique answers for a topic too
    rows = kg.query(graph, "papers-using-technique", technique="large language models")
    assert [str(r[0]) for r in rows] == ["DistServe: Disaggregating Prefill and Decoding"]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # a term defined with its acronym: the long form is the label, the acronym its other name
        (
            "Workers stay consistent under Wave Synchronous Parallel (WSP), a new model.",
            [("wave synchronous parallel", ("WSP",))],
        ),
        (
            "Samples arrive through data storage and ingestion (DSI) pipelines at exabyte scale.",
            [("data storage and ingestion", ("DSI",))],
        ),
        # capitals written for the acronym are not kept; inner capitals are
        (
            "It ships gradients with Tensor Homomorphic Compression (THC) between servers.",
            [("tensor homomorphic compression", ("THC",))],
        ),
        # Chinese: the term before the acronym, or after it in brackets
        ("硬件由一个多尺度脉动阵列（MSA）组成。", [("多尺度脉动阵列", ("MSA",))]),
        ("它用 BOCD（贝叶斯在线变点检测）在线发现异常。", [("贝叶斯在线变点检测", ("BOCD",))]),
        # a measure, a model family, an institution, a known concept: not a new technique
        ("Job completion time (JCT) drops for Large Language Models (LLMs).", []),
        ("Work done at Lawrence Livermore National Laboratory (LLNL).", []),
        ("It relies on Remote Direct Memory Access (RDMA).", []),
        ("首 token 时间（TTFT）最多降低 87%。", []),
        ("meeting SLOs for performance-critical (PC) RPCs is hard.", []),
    ],
)
def test_a_term_defined_with_its_acronym_is_a_technique(  # type: ignore[no-untyped-def]
    tables, text: str, found: list[tuple[str, tuple[str, ...]]]
) -> None:
    got = [c for c in discovered_concepts(text, tables) if c.scheme and c.synonyms]
    assert [(c.label_zh or c.label, c.synonyms) for c in got] == found


@pytest.mark.parametrize(
    ("text", "labels"),
    [
        # each item of a list a cue points at
        (
            "Two optimizations, a decoupled backward pass and a staggered optimizer step, fix it.",
            ["decoupled backward pass", "staggered optimizer step"],
        ),
        # a part that goes on past its noun phrase ends the list
        (
            "Arctic uses a massive amount of energy, and power delivery has become a limit.",
            [],
        ),
        # a prefix jieba cuts off its word stays with it (自|适应, 可|重构)
        ("平时用自适应调度来分配显存。", ["自适应调度"]),
        # (异步访存 is the scheme's; 感知负载 is only part of the longer phrase)
        (
            "新的加速技术包括稀疏感知负载均衡、异步访存以及定制量化。",
            ["稀疏感知负载均衡", "定制量化"],
        ),
    ],
)
def test_lists_and_cut_prefixes(tables, text: str, labels: list[str]) -> None:  # type: ignore[no-untyped-def]
    found = [c for c in discovered_concepts(text, tables) if c.scheme]
    assert [c.label_zh or c.label for c in found] == labels


def test_an_acronym_is_the_discovered_techniques_other_label(tmp_path) -> None:  # type: ignore[no-untyped-def]
    graph = _one_paper_graph(
        tmp_path,
        "ESP: Consistent Workers",
        "Workers stay consistent under Wave Synchronous Parallel (WSP), a new model.",
    )
    rows = graph.query(
        "PREFIX skos: <http://www.w3.org/2004/02/skos/core#> "
        "SELECT ?label ?alt WHERE { ?t skos:prefLabel ?label ; skos:altLabel ?alt . "
        "FILTER(STRENDS(STR(?t), 'wave-synchronous-parallel')) }"
    )
    assert [(str(r[0]), str(r[1])) for r in rows] == [("wave synchronous parallel", "WSP")]


@pytest.mark.parametrize(
    ("text", "labels"),
    [
        ("三个设计：一是利用这种差异的非均匀量化。", ["非均匀量化"]),  # 非|均匀: one word
        ("我们用数据并行而非模型并行。", []),  # 而非: "rather than", no prefix
    ],
)
def test_a_negating_character_is_a_prefix_only_inside_a_word(
    tables, text: str, labels: list[str]
) -> None:  # type: ignore[no-untyped-def]
    found = [c for c in discovered_concepts(text, tables) if c.scheme]
    assert [c.label_zh or c.label for c in found] == labels


@pytest.mark.parametrize(
    ("text", "labels"),
    [
        # a measure, a vague baseline or a non-system defined with an acronym is no technique
        ("Throughput in queries per second (QPS) doubles.", []),
        ("每秒查询数（QPS）提高。", []),
        ("It beats the state of the art (SOTA).", []),
        ("It runs on Graphics Processing Units (GPUs).", []),
        ("服务等级目标（SLO）更稳。", []),
        # problems and filler after a cue are no techniques
        ("This introduces significant synchronization overhead.", []),
        ("Three main ideas are worth noting.", []),
        ("结合实验结果来看，效果不错。", []),
        # "可" as "can" stays out; 可 of 可重构 stays in
        ("系统提出一种可动态调度的方法。", ["动态调度"]),
        ("基于并行模式的可重构数据流加速器（RDA）。", ["可重构数据流加速器", "并行模式"]),
        # a list joined by 和 is two items
        ("借助类型约束和等价关系高效搜索。", ["类型约束", "等价关系"]),
        # a defined term stays, though a longer phrase in another sentence holds it
        (
            "硬件由一个多尺度脉动阵列（MSA）组成。本文提出一种基于多尺度脉动阵列调度的方法。",
            ["多尺度脉动阵列", "多尺度脉动阵列调度"],
        ),
    ],
)
def test_what_a_cue_or_a_definition_does_not_make_a_technique(  # type: ignore[no-untyped-def]
    tables, text: str, labels: list[str]
) -> None:
    found = [c for c in discovered_concepts(text, tables) if c.scheme]
    assert [c.label_zh or c.label for c in found] == labels


@pytest.mark.parametrize(
    ("text", "labels"),
    [
        # a generic head goes only after a word that names a process
        ("We propose a tensor-aware scheduling framework.", ["tensor-aware scheduling"]),
        # ("vectorized query engine" keeps its head: the scheme's vectorized execution)
        (
            "Vega combines speculative prefetching and a vectorized query engine.",
            ["speculative prefetching"],
        ),
        # a later item cut inside "X of Y" is not taken
        ("Vega combines expert migration and sparsely-gated mixture of experts.", []),
    ],
)
def test_what_a_list_item_and_a_generic_head_leave(tables, text: str, labels: list[str]) -> None:  # type: ignore[no-untyped-def]
    found = [c for c in discovered_concepts(text, tables) if c.scheme]
    assert [c.label_zh or c.label for c in found] == labels


@pytest.mark.parametrize(
    ("text", "marked", "labels"),
    [
        # a term set in bold or italics inside a summary is a technique, with its gloss
        (
            "Two levels: vertex parallelism first. It caches data in registers.",
            ("vertex parallelism",),
            ["vertex parallelism"],
        ),
        (
            "它把网格切成子网格（subgrid）再查表。",
            ("子网格（subgrid）",),
            ["子网格"],
        ),
        # a label, a figure, a name, an everyday word, a denied term: none
        ("报告人：张三。", ("报告人",), []),
        ("Up to 12% better performance.", ("12% better performance",), []),
        ("Neon runs on every GPU of a node.", ("Neon",), []),
        ("It is dynamic.", ("dynamic",), []),
        ("Unlike pipeline flushing, it keeps going.", ("pipeline flushing",), []),
        # dates, times, scores, stars, LaTeX, verdicts and people's names: none
        (
            (
                "Read on 2022-09-13 at 14:30. Must-read, 4/5. Immanuel Trummer and Alice Bob "
                "wrote it; the bound is $\\frac{a}{b}$. 必读，非常好，张三说没看懂。"
            ),
            (
                "2022-09-13",
                "14:30",
                "must-read",
                "4/5",
                "Immanuel Trummer",
                "Alice Bob",
                "\\frac{a}{b}",
                "必读",
                "非常好",
                "张三",
                "没看懂",
                "⭐⭐⭐",
            ),
            [],
        ),
    ],
)
def test_a_term_the_notes_set_in_bold_or_italics_is_a_technique(  # type: ignore[no-untyped-def]
    tables, text: str, marked: tuple[str, ...], labels: list[str]
) -> None:
    found = [c for c in discovered_concepts(text, tables, marked) if c.scheme]
    assert [c.label_zh or c.label for c in found] == labels


def test_a_summary_keeps_the_phrases_it_sets_in_bold_or_italics(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "notes.md").write_text(
        "# HPDC 2022\n\n## TLPGNN: A Lightweight Two-Level Parallelism Paradigm for Graph "
        "Neural Network Computation on GPU\n\nIt splits the work into **vertex parallelism** "
        "and *feature parallelism*, and fuses kernels.\n",
        encoding="utf-8",
    )
    (paper,) = kg.read_notes([tmp_path]).papers
    assert paper.marked == ("vertex parallelism", "feature parallelism")


@pytest.mark.parametrize(
    ("title", "labels"),
    [
        (
            (
                "DeftNN: Addressing Bottlenecks for DNN Execution on GPUs via Synapse Vector"
                " Elimination and Near-compute Data Fission"
            ),
            ["synapse vector elimination", "near-compute data fission"],
        ),
        (
            (
                "CirCNN: Accelerating and Compressing Deep Neural Networks Using Block-Circulant"
                " Weight Matrices"
            ),
            ["block-circulant weight matrices"],
        ),
        ("Parallel Tensor Train Rounding using Gram SVD", ["gram SVD"]),
        # a verb's -ing form leads what is done, not the means; a count is no technique; a
        # phrase cut before "of" is cut short; "dealing with X" names the problem
        (
            (
                "QuCT: A Framework for Analyzing Quantum Circuit by Extracting Contextual and"
                " Topological Features"
            ),
            [],
        ),
        ("Scaling graph traversal to 281 trillion edges with 40 million cores", []),
        (
            (
                "TASO: Optimizing Deep Learning Computation with Automatic Generation of Graph"
                " Substitutions"
            ),
            [],
        ),
        ("RESIN: A Holistic Service for Dealing with Memory Leaks in Production", []),
        ("Bandana: Using Non-volatile Memory for Storing Deep Learning Models", []),  # a concept
    ],
)
def test_a_title_names_its_means_after_via_using_with(tables, title: str, labels) -> None:  # type: ignore[no-untyped-def]
    found = [c for c in discovered_concepts("", tables, title=title) if c.scheme]
    assert [c.label for c in found] == labels
    assert all(c.example == title for c in found)
