"""Write a large, realistic, deterministic corpus of notes for benchmarks.

    python bench/generate.py 30000 bench/corpus/30k          # 30,000 papers in 1,000 files

Files alternate between the Chinese layout of the SC21 notes and an English
Markdown layout; each has a conference, sessions and about 30 papers. Papers
have 1-4 institutions drawn from kg's registry (by name, Chinese name, alias or
abbreviation) and from names it has never seen, and abstracts made of sentences
that name techniques (from kg's technique scheme, in both languages), systems
and baselines (from kg's entity list) and quantitative claims. About one paper
in 500 is malformed (no title, a link that is no DOI, a DOI seen before), as in
real notes. The same size and seed always give the same files.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kg.lexicon import load_lexicon  # noqa: E402

PAPERS_PER_FILE = 30
CONFERENCES = ["SC", "OSDI", "SOSP", "ISCA", "MLSys", "PPoPP", "NSDI", "EuroSys", "ASPLOS", "HPDC"]
UNSEEN = [
    "Institute of Imaginary Computing",
    "Northfield Polytechnic",
    "Lakeside Systems Lab",
    "云岭计算研究院",
    "东海智能研究所",
    "Hanseatic Data Institute",
    "Quill AI",
    "Zenith Labs",
    "Meridian University",
    "海河超算中心",
]
SESSION_ZH = [
    "大规模训练",
    "图计算",
    "云和边缘计算",
    "编译器与运行时",
    "稀疏计算",
    "存储与IO",
    "调度",
    "通信优化",
    "容错与可靠性",
    "性能建模",
]
SESSION_EN = [
    "Large-scale training",
    "Graph processing",
    "Cloud and edge",
    "Compilers and runtimes",
    "Sparse computation",
    "Storage and I/O",
    "Scheduling",
    "Communication",
    "Resilience",
    "Performance modeling",
]
FILLER_ZH = [
    "现有的方法在扩展性和效率方面存在明显不足，尤其是在大规模集群上。",
    "我们分析了工作负载的特征，发现内存访问模式和通信开销是主要瓶颈。",
    "该系统由一个调度器、一个运行时和一组高度优化的内核组成。",
    "实验在多个真实数据集和模型上进行了评估。",
]
FILLER_EN = [
    "Existing approaches fall short in scalability and efficiency, especially on large clusters.",
    (
        "We characterize the workloads and find that memory access patterns and communication "
        "overheads are the main bottlenecks."
    ),
    "The system consists of a scheduler, a runtime and a set of highly optimized kernels.",
    "We evaluate it on several real-world datasets and models.",
]


class Writer:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)  # noqa: S311 (made-up notes, not secrets)
        lex = load_lexicon()
        self.institutions = sorted(lex.institutions.values(), key=lambda i: i.id)
        self.concepts = sorted(lex.concepts.values(), key=lambda c: c.id)
        ents = sorted(lex.entities.values(), key=lambda e: e.id)
        self.systems = [e for e in ents if e.type in ("system", "framework", "library")]
        self.hardware = [e for e in ents if e.type == "hardware"]
        self.doi_seen: list[str] = []

    def institution(self, zh: bool) -> str:
        r = self.rng
        if r.random() < 0.08:
            return r.choice(UNSEEN)
        inst = r.choice(self.institutions)
        names = [inst.name, *inst.aliases]
        if zh and inst.name_zh:
            names += [inst.name_zh] * 3
        return r.choice(names)

    def technique(self, zh: bool) -> str:
        c = self.rng.choice(self.concepts)
        if zh and (c.label_zh or c.synonyms_zh):
            return self.rng.choice([w for w in (c.label_zh, *c.synonyms_zh) if w])
        return self.rng.choice([c.label, *c.synonyms])

    def claim(self, zh: bool, system: str) -> str:
        r = self.rng
        base = r.choice(self.systems).name
        x = round(r.uniform(1.1, 40), 2)
        pct = r.randint(5, 95)
        gpus = r.choice([8, 16, 64, 128, 512, 1024, 3072, 4096])
        lo = round(r.uniform(1.1, 3), 2)
        hi = round(lo + r.uniform(0.5, 6), 2)
        hw = r.choice(self.hardware).name
        if zh:
            return r.choice(
                [
                    f"与最先进的系统{base}相比，{system}实现了{x}倍的加速。",
                    f"{system}最多减少了{pct}%的内存开销，并在{gpus}个GPU上保持了良好的扩展性。",
                    f"在{hw}上，{system}比{base}提高了{lo}-{hi}倍的吞吐量。",
                    f"实验表明，{system}平均降低了{pct}%的延迟。",
                    f"我们在{gpus}块{hw}上训练了具有{r.randint(2, 90)}亿个参数的模型。",
                ]
            )
        return r.choice(
            [
                f"{system} achieves a {x}x speedup over {base}.",
                f"{system} reduces memory overhead by up to {pct}% and scales to {gpus} GPUs.",
                f"On {hw}, {system} improves throughput by {lo}-{hi}x compared to {base}.",
                f"On average, {system} lowers latency by {pct}%.",
                f"We train models with {r.randint(2, 90)} billion parameters on {gpus} {hw} GPUs.",
            ]
        )

    def abstract(self, zh: bool, system: str) -> str:
        r = self.rng
        techs = [self.technique(zh) for _ in range(r.randint(2, 4))]
        filler = FILLER_ZH if zh else FILLER_EN
        if zh:
            parts = [f"本文提出了{system}，一个结合{techs[0]}和{techs[1]}的系统。"]
            parts += [r.choice(filler), f"此外，我们还使用了{techs[-1]}。"]
        else:
            parts = [f"We present {system}, a system that combines {techs[0]} and {techs[1]}."]
            parts += [r.choice(filler), f"We further apply {techs[-1]}."]
        parts += [self.claim(zh, system) for _ in range(r.randint(1, 3))]
        parts.append(r.choice(filler))
        return "".join(parts) if zh else " ".join(parts)

    def paper(self, zh: bool, n: int, file_no: int) -> list[str]:
        r = self.rng
        system = f"{r.choice(['Hydra', 'Orion', 'Falcon', 'Nimbus', 'Quartz', 'Vega', 'Atlas'])}{n}"
        topic = r.choice(["GPU clusters", "large models", "graphs", "the cloud", "exascale"])
        title = f"{system}: {self.technique(False).capitalize()} for {topic}"
        doi = f"10.5555/{file_no:05d}.{n:07d}"
        link = f"https://dl.acm.org/doi/{doi}" if zh else f"https://doi.org/{doi}"
        fault = r.random()
        if fault < 0.0007:
            title = ""  # a paper with no title
        elif fault < 0.0014:
            link = f"https://example.org/papers/{n}"  # a link that is no DOI
        elif fault < 0.002 and self.doi_seen:
            link = f"https://doi.org/{r.choice(self.doi_seen)}"  # a DOI seen before
        self.doi_seen.append(doi)
        insts = ",".join(self.institution(zh) for _ in range(r.randint(1, 4)))
        if zh:
            return [
                f"论文题目:{title}",
                f"作者背景:{insts}",
                f"论文地址:{link}",
                "",
                "摘要:",
                self.abstract(True, system),
                "",
            ]
        return [
            f"Title: {title}",
            f"Authors: {insts}",
            f"Link: {link}",
            f"Abstract: {self.abstract(False, system)}",
            "",
        ]

    def notes_file(self, file_no: int, papers: int, first: int) -> str:
        r = self.rng
        zh = file_no % 2 == 0
        conf = f"{r.choice(CONFERENCES)} {r.randint(2015, 2026)}"
        if zh:
            lines = [
                f"{conf} 论文笔记 {file_no}",
                "",
                f"会议/期刊:{conf}",
                "笔记时间:2026年11月22日",
                "",
            ]
        else:
            lines = [f"# Notes on {conf} ({file_no})", "", f"Conference: {conf}", ""]
        sessions = SESSION_ZH if zh else SESSION_EN
        for k in range(papers):
            if k % 6 == 0:
                name = f"{sessions[(k // 6 + file_no) % len(sessions)]} {k // 6 + 1}"
                lines += [f"Session {name}" if zh else f"## Session {name}", ""]
            lines += self.paper(zh, first + k, file_no)
        return "\n".join(lines) + "\n"


def generate(papers: int, out: Path, seed: int = 2026) -> list[Path]:
    """Write ``papers`` papers under ``out`` (replacing what was there); returns the files."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("notes-*.txt"):
        old.unlink()
    writer = Writer(seed)
    files = []
    for file_no, first in enumerate(range(0, papers, PAPERS_PER_FILE)):
        count = min(PAPERS_PER_FILE, papers - first)
        path = out / f"notes-{file_no:05d}.txt"
        path.write_text(writer.notes_file(file_no, count, first), encoding="utf-8")
        files.append(path)
    return files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("papers", type=int, help="number of papers, e.g. 1000, 10000, 30000")
    parser.add_argument("out", type=Path, help="folder to write the notes files into")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    files = generate(args.papers, args.out, args.seed)
    print(f"wrote {args.papers} papers in {len(files)} files under {args.out}")


if __name__ == "__main__":
    main()
