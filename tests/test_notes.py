"""The reader: notes -> records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from kg.lexicon import load_lexicon
from kg.notes import labels_for, parse_conference, parse_text, read_notes
from kg.notes.reader import Structure

from .conftest import DATA, SC21

CASES = sorted(p for p in (DATA / "cases").iterdir() if p.is_dir())


def test_sc21_notes_match_the_hand_written_fixture() -> None:
    expected = yaml.safe_load((DATA / "sc21-expected.yaml").read_text(encoding="utf-8"))
    corpus = read_notes([SC21])
    (notes,) = corpus.files
    assert corpus.all_problems == []
    assert (notes.conference.name, notes.conference.year) == ("SC", 2021)
    assert [s.name for s in notes.sessions] == expected["sessions"]
    got = [
        {"line": p.span.line, "session": p.session, "doi": p.doi, "title": p.title}
        for p in notes.papers
    ]
    assert got == expected["papers"]
    for paper in notes.papers:
        assert paper.span.path == str(SC21)
        assert paper.span.end_line >= paper.span.line
        if paper.doi in expected["no_abstract"]:
            assert paper.abstract == ""
        else:
            assert paper.abstract and paper.abstract_lang == "zh"
        assert paper.remarks == expected["remarks"].get(paper.doi, "")
        if paper.doi in expected["institutions_text"]:
            assert paper.institutions == expected["institutions_text"][paper.doi]


def test_sc21_abstract_lines_point_into_the_file() -> None:
    lines = SC21.read_text(encoding="utf-8").splitlines()
    for paper in read_notes([SC21]).papers:
        for number, text in zip(paper.abstract_lines, paper.abstract.splitlines(), strict=False):
            assert text in lines[number - 1]


def test_page_chrome_is_not_read_as_an_abstract() -> None:
    last = read_notes([SC21]).papers[-1]
    assert "xamrdz" not in last.abstract and "相关文章" not in last.abstract


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_case(case: Path) -> None:
    expected = yaml.safe_load((case / "expected.yaml").read_text(encoding="utf-8"))
    corpus = read_notes([case])
    papers = corpus.papers
    want = expected.get("papers", [])
    assert len(papers) == len(want), [p.title for p in papers]
    for paper in papers:  # every line kg names is a line of the file
        lines = Path(paper.span.path).read_bytes().count(b"\n") + 1
        assert 1 <= paper.span.line <= paper.span.end_line <= lines, paper.span
        assert all(1 <= n <= lines for n in paper.abstract_lines), paper.abstract_lines
    for paper, spec in zip(papers, want, strict=False):
        for key, value in spec.items():
            derived = {
                "lang": paper.abstract_lang,
                "line": paper.span.line,
                "abstract_lines": list(paper.abstract_lines),
                "authors": [a.name for a in paper.authors],
                # each author's affiliations as the notes give them
                "affiliated": {a.name: list(a.affiliations) for a in paper.authors},
                "names": list(paper.names),
                # the paper's own venue, when the notes give each paper one
                "venue": f"{paper.conference.name} {paper.conference.year}"
                if paper.conference
                else "",
            }
            got = derived[key] if key in derived else getattr(paper, key)
            assert got == value, (key, got, value)
    if "sessions" in expected:
        assert [s.name for f in corpus.files for s in f.sessions] == expected["sessions"]
    if "conference" in expected:
        conf = corpus.files[0].conference
        assert {"name": conf.name, "year": conf.year} == expected["conference"]
    problems = corpus.all_problems
    assert len(problems) == len(expected["problems"]), [str(p) for p in problems]
    for problem, spec in zip(problems, expected["problems"], strict=False):
        assert problem.severity == spec["severity"]
        assert problem.line == spec["line"]
        assert spec["message"] in problem.message
        assert Path(problem.path).name == spec.get("file", Path(problem.path).name)
        assert str(problem).startswith(f"{problem.path}:{problem.line}: ")


def test_every_problem_names_file_and_line() -> None:
    for case in CASES:
        for problem in read_notes([case]).all_problems:
            assert Path(problem.path).exists() and problem.line >= 1


def test_a_paragraph_gives_each_linked_paper_its_own_words(tmp_path: Path) -> None:
    """Who a later link's paper is by, said just before that link, is that paper's; a clause
    goes to the paper whose name stands first in it, as a word ("FlashAttention-2")."""
    alpa = "Alpa: Automating Inter- and Intra-Operator Parallelism for Distributed Deep Learning"
    orca = "Orca: A Distributed Serving System for Transformer-Based Generative Models"
    (tmp_path / "notes.md").write_text(
        f"# OSDI 2022\n\n先是 [{alpa}](https://www.usenix.org/conference/osdi22/presentation/"
        "zheng-lianmin)，把并行拆成算子间和算子内两层来搜。接着是 Byung-Gon Chun 老师组里 "
        f"Gyeong-In Yu 的 [{orca}](https://www.usenix.org/conference/osdi22/presentation/yu)，"
        "按迭代来调度请求。\n\n"
        "Read together: [FlashAttention: Fast and Memory-Efficient Exact Attention with "
        "IO-Awareness](https://arxiv.org/abs/2205.14135) and [FlashAttention-2: Faster Attention"
        " with Better Parallelism and Work Partitioning](https://arxiv.org/abs/2307.08691). "
        "FlashAttention tiles attention so it stays in on-chip memory. FlashAttention-2 splits "
        "the work better across warps and is about 2x faster than FlashAttention.\n",
        encoding="utf-8",
    )
    papers = {p.title.split(":")[0]: p for p in read_notes([tmp_path]).papers}
    assert [a.name for a in papers["Alpa"].authors] == []
    assert [a.name for a in papers["Orca"].authors] == ["Byung-Gon Chun", "Gyeong-In Yu"]
    first, second = papers["FlashAttention"].abstract, papers["FlashAttention-2"].abstract
    assert "2x" in second and "2x" not in first and "tiles" in first


def test_files_are_read_in_a_stable_order_whatever_the_order_given() -> None:
    case = DATA / "cases" / "duplicate-doi"
    a, b = sorted(case.glob("*.txt"))
    forward = read_notes([a, b])
    backward = read_notes([b, a])
    assert [p.title for p in forward.papers] == [p.title for p in backward.papers]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("SC 2021", ("SC", 2021)),
        ("OSDI '22", ("OSDI", 2022)),
        ("SC21 论文简读[2] -- DL GPU 云计算", ("SC", 2021)),
        ("ISCA", ("ISCA", None)),
        ("MLSys 2024", ("MLSys", 2024)),
    ],
)
def test_parse_conference(text: str, expected: tuple[str, int | None]) -> None:
    assert parse_conference(text) == expected


def test_missing_path_is_an_error_naming_it(tmp_path: Path) -> None:
    from kg.errors import NotesError

    with pytest.raises(NotesError, match="no-such"):
        read_notes([tmp_path / "no-such.txt"])


def test_english_and_chinese_labels_read_the_same_notes() -> None:
    labels = labels_for(load_lexicon())
    zh = "会议/期刊:SC 2021\n论文题目:T\n作者背景:MIT\n论文地址:https://doi.org/10.1/x\n摘要:A.\n"
    en = "Conference: SC 2021\nTitle: T\nAuthors: MIT\nLink: https://doi.org/10.1/x\nAbstract: A.\n"
    a, b = parse_text(zh, "zh.txt", labels), parse_text(en, "en.txt", labels)
    fields = ("title", "doi", "institutions", "abstract")
    assert [getattr(a.papers[0], f) for f in fields] == [getattr(b.papers[0], f) for f in fields]


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("[Session] Scaling training", "Scaling training"),
        ("【分会】大模型训练", "大模型训练"),
        ("Session 3: Storage", "Storage"),
        ("[Best Paper] Orca", None),
        # one letter off only in a long word: "问题：" (problem) is no "专题：" (session)
        ("Sessin: Kernels", "Kernels"),
        ("问题：内存是瓶颈。", None),
        # a whole word: "Tracking …" is no "Track"
        ("Tracking the EuroSys 2024 papers people want to discuss.", None),
        ("Track 2: Networking", "Networking"),
    ],
)
def test_a_session_word_may_stand_in_brackets(line: str, name: str | None) -> None:
    """Phone notes wrote "[Session] Scaling training" above their papers: no session."""
    assert labels_for(load_lexicon()).session_name(line) == name


def test_the_date_a_page_was_written_is_no_session(tmp_path: Path) -> None:
    """Tried by hand: a OneNote page exported as HTML has its date and time under its
    title ("Tuesday, August 2, 2022 3:14 PM"); it had named a session."""
    notes_file = tmp_path / "OSDI22.html"
    notes_file.write_text(
        "<html><body><p>OSDI22 papers</p><p>Tuesday, August 2, 2022 3:14 PM</p>"
        "<p><b>Orca: A Distributed Serving System for Transformer-Based Generative "
        "Models</b></p><p>Gyeong-In Yu, Joo Seong Jeong, Byung-Gon Chun (Seoul National "
        "University)</p><ul><li>iteration-level scheduling</li></ul></body></html>\n",
        encoding="utf-8",
    )
    notes = read_notes([notes_file])
    assert [p.title.split(":")[0] for p in notes.papers] == ["Orca"]
    assert notes.papers[0].session is None
    structure = Structure(labels_for(load_lexicon()), 0)
    assert structure.timed_session("Machines, Learning (09:00-10:20)") == "Machines, Learning"


def test_a_field_that_names_a_weekday_is_no_session_line() -> None:
    """Found by hypothesis: "Abstract: A wED" ended the labelled paper above it, as if "wED"
    (Wednesday) started a session of a programme, and the abstract was reported as a label
    with no paper."""
    text = (
        "Conference: MLSys 2024\n\nTitle: Serving at scale\nAuthors: Ann Lee\n"
        "Link: https://doi.org/10.1000/1\nAbstract: We measured it on Wed and Thu.\n"
    )
    notes = parse_text(text, "gen.txt", labels_for(load_lexicon()))
    assert notes.problems == []
    assert notes.papers[0].abstract == "We measured it on Wed and Thu."


_DISTSERVE = (
    "## DistServe: Disaggregating Prefill and Decoding for Goodput-optimized Large Language"
    " Model Serving\n- Authors: Yinmin Zhong, Shengyu Liu\n- DOI: 10.5555/3691938.3691945\n"
)


@pytest.mark.parametrize(
    ("text", "titles", "warns"),
    [
        # a Markdown note that shows an Org template in a code block is no Org file
        ("# Notes\n\n```\n#+title: ${title}\n```\n\n" + _DISTSERVE, ["DistServe"], ""),
        # a code block that is no BibTeX, with a line like an entry, stays code
        (
            _DISTSERVE + "\n```python\n@dataclass(frozen=True)\ntitle = 'prompt'\n```\n",
            ["DistServe"],
            "",
        ),
        # a BibTeX block never closed is reported, not read to the end of the file
        (
            "# OSDI 2024\n\n```bibtex\n@inproceedings{a,\n  title={X: Y Z}\n\n" + _DISTSERVE,
            [],
            "this code block is never closed",
        ),
        # two entries in one block are two papers; the document's title is not retitled
        (
            (
                "# OSDI 2024 reading list\n\n```bibtex\n@inproceedings{a,\n"
                "  title={DistServe: Disaggregating Prefill and Decoding},\n"
                "  author={Zhong, Yinmin and Liu, Shengyu}\n}\n@inproceedings{b,\n"
                "  title={Llumnix: Dynamic Scheduling for Large Language Model Serving},\n"
                "  author={Sun, Biao and Huang, Ziming}\n}\n```\n"
            ),
            ["DistServe", "Llumnix"],
            "",
        ),
        # a paper's heading, then other headings: they stay reported, not its notes
        (
            _DISTSERVE + "\n## Llumnix\nRequests migrate; 10x lower than INFaaS.\n",
            ["DistServe"],
            "",
        ),
        # a notes title over weeks is the notes' title, not a paper
        ("# Reading Group: Efficient LLM Serving\n\n## Week 1\nWe discussed batching.\n", [], ""),
        # page properties with a paper's fields are that paper's, not the page's metadata
        (
            (
                "title:: DistServe: Disaggregating Prefill and Decoding\n"
                "authors:: Yinmin Zhong, Shengyu Liu\n\nPrefill and decoding run apart.\n"
            ),
            ["DistServe"],
            "",
        ),
        # page properties that name the page are no paper
        ("title:: OSDI 2024 notes\ntype:: reading\n\n" + _DISTSERVE, ["DistServe"], ""),
        # an HTML table never closed ends with its HTML block, not with the file
        (
            (
                "<table><tr><td>Llumnix: Dynamic Scheduling for Large Language Model Serving</td>"
                "<td>Biao Sun, Ziming Huang</td></tr>\n\n"
            )
            + _DISTSERVE,
            ["Llumnix", "DistServe"],
            "",
        ),
        # a table inside a cell is that cell's text; markup in a cell is text, never run
        (
            (
                "<table><tr><th>Paper</th><th>Authors</th><th>Notes</th></tr>\n<tr><td>Llumnix:"
                " Dynamic Scheduling for Large Language Model Serving</td><td>Biao Sun</td>"
                "<td><table><tr><td>&lt;script&gt;x</td></tr></table></td></tr></table>\n"
            ),
            ["Llumnix"],
            "",
        ),
    ],
)
def test_what_the_new_readers_leave_alone(text: str, titles: list[str], warns: str) -> None:
    """Cases a review found: Org, BibTeX and the one-paper readings must not take text that
    is no paper's, nor lose a paper they do not read."""
    notes = parse_text(text, "n.md", labels_for(load_lexicon()))
    assert [p.title.split(":")[0] for p in notes.papers] == titles
    if warns:
        assert any(warns in p.message for p in notes.problems), notes.problems
    if text.startswith(_DISTSERVE) and "Llumnix" in text:
        assert "INFaaS" not in notes.papers[0].abstract
        assert any(block for block in notes.skipped)


def test_org_drawers_and_planning_lines_are_no_papers() -> None:
    text = (
        "#+TITLE: OSDI 2024\n* Serving\n** TODO DistServe: Disaggregating Prefill and Decoding\n"
        "SCHEDULED: <2024-05-01 Wed 10:00>\n:PROPERTIES:\n:ID: 3f2a9c1e-77\n"
        ":AUTHORS: Yinmin Zhong, Shengyu Liu\n:END:\n:LOGBOOK:\nCLOCK: [2024-05-01 Wed 10:00]\n"
        ":END:\nPrefill and decoding run apart.\n"
    )
    notes = parse_text(text, "n.org", labels_for(load_lexicon()))
    (paper,) = notes.papers
    assert paper.title == "DistServe: Disaggregating Prefill and Decoding"
    assert [a.name for a in paper.authors] == ["Yinmin Zhong", "Shengyu Liu"]
    assert paper.abstract == "Prefill and decoding run apart."


def test_latex_notes_become_markdown_line_for_line() -> None:
    from kg.notes.latex import latex_to_markdown

    source = (
        "\\section*{Caching \\& {Storage}} % a comment\n"
        "\\paragraph{A: B}\\label{x}\n"
        "100\\% of \\emph{\\textbf{X}}~Y, see \\href{https://doi.org/10.1/x}{the paper}\n"
        "\\begin{itemize}\n"
        "  \\item G\\'omez"
    )
    assert latex_to_markdown(source).split("\n") == [
        "### Caching & Storage",
        "###### A: B",
        "100% of ***X*** Y, see [the paper](https://doi.org/10.1/x)",
        "",
        "  - Gómez",
    ]


def test_an_affiliation_may_hold_brackets_of_its_own() -> None:
    from kg.lexicon import load_lexicon
    from kg.notes import labels_for
    from kg.notes.shapes import author_line

    line = author_line(
        "Hongyuan Liu (William & Mary; HKUST (Guangzhou)), Sreepathi Pai (University of Rochester)",
        labels_for(load_lexicon()),
    )
    assert line is not None
    assert [(a.name, a.affiliations) for a in line.authors] == [
        ("Hongyuan Liu", ("William & Mary; HKUST (Guangzhou)",)),
        ("Sreepathi Pai", ("University of Rochester",)),
    ]


def test_a_linked_title_heading_under_a_session_heading_is_a_paper_of_it() -> None:
    """ "#### Borg" over a line that links the paper is the paper's short heading; a
    session's heading over a paper's own linked heading is not."""
    from kg.lexicon import load_lexicon
    from kg.notes import labels_for, parse_text

    notes = parse_text(
        "# OSDI 2022 notes\n\n## ML serving\n\n"
        "### [Orca: A Distributed Serving System for Transformer-Based Generative Models]"
        "(https://www.usenix.org/conference/osdi22/presentation/yu)\n\n"
        "Authors: Gyeong-In Yu, Byung-Gon Chun (Seoul National University)\n",
        "notes.md",
        labels_for(load_lexicon()),
    )
    assert [(p.title[:4], p.session, p.span.line) for p in notes.papers] == [
        ("Orca", "ML serving", 5)
    ]


def test_a_web_page_s_text_stays_text_and_its_scripts_are_no_notes() -> None:
    from kg.notes.webpage import webpage_to_markdown

    page = (
        "<html><head><title>Notes</title><script>alert('x')</script></head>\n"
        "<body><nav><ul><li><a href='/'>Home</a><li>About</ul></nav>\n"
        "<p>Use &lt;script&gt; tags, *stars* and [brackets] as text.</p>\n"
        "<p><b>Bold</b> and <a href='https://doi.org/10.1/x'>a link</a></p>\n</body></html>"
    )
    text, exact = webpage_to_markdown(page)
    assert exact
    assert text.split("\n") == [
        "Notes",
        "",
        r"Use \<script\> tags, \*stars\* and \[brackets\] as text.",
        "**Bold** and [a link](https://doi.org/10.1/x)",
        "",
    ]


def test_a_title_label_before_an_address_and_a_note_is_the_paper_s_link() -> None:
    """ "论文：https://… 🏆 Best Paper" under a paper's heading is its link, not a second
    paper titled by the address; "Session chair 是 …" under a session's heading is no
    session of its own."""
    from kg.lexicon import load_lexicon
    from kg.notes import labels_for, parse_text

    notes = parse_text(
        "# OSDI'22 notes\n\n## Distributed Storage and Far Memory\n\n"
        "Session chair 是 Doug Terry。\n\n"
        "### MemLiner: Lining up Tracing and Application for a Far-Memory-Friendly Runtime\n\n"
        "论文：https://www.usenix.org/conference/osdi22/presentation/wang 🏆 Best Paper\n",
        "notes.md",
        labels_for(load_lexicon()),
    )
    assert [(p.title[:8], p.session, p.url) for p in notes.papers] == [
        (
            "MemLiner",
            "Distributed Storage and Far Memory",
            "https://www.usenix.org/conference/osdi22/presentation/wang",
        )
    ]


@pytest.mark.parametrize(
    ("name", "text"),
    [
        # a bare DOI under a title is its link, as an address is
        ("notes.md", "- {title}\n  DOI: {doi}\n"),
        ("notes.md", "| Title | DOI |\n|---|---|\n| {title} | {doi} |\n"),
        # a whole file of records: two columns, or a header with an empty name, are a table
        ("papers.csv", "Title,DOI\n{title},{doi}\n"),
        ("papers.csv", 'Title,Authors,DOI,\n{title},"Jianguo Wang, Xiaomeng Yi",{doi}\n'),
    ],
)
def test_a_title_with_a_bare_doi_is_a_paper(name: str, text: str) -> None:
    from kg.lexicon import load_lexicon
    from kg.notes import labels_for, parse_text

    title = "Milvus: A Purpose-Built Vector Data Management System"
    notes = parse_text(
        text.format(title=title, doi="10.1145/3448016.3457550"), name, labels_for(load_lexicon())
    )
    assert [(p.title, p.doi) for p in notes.papers] == [(title, "10.1145/3448016.3457550")]


def test_a_topic_heading_over_linked_titles_is_their_session() -> None:
    """ "### Well Tested" over a list of linked titles is their session; a title's trailing
    note after its link (", XMU, Qiao Xiang") is no part of it; a name in full-width
    brackets after an English title ("（vLLM）") is the note-taker's, kept as a name."""
    from kg.lexicon import load_lexicon
    from kg.notes import labels_for, parse_text

    notes = parse_text(
        "---\ntitle: SIGCOMM 23 papers\n---\n\n### Well Tested\n\n"
        "- [**Hydra: Effective Runtime Network Verification**]"
        "(https://dl.acm.org/doi/pdf/10.1145/3603269.3604856)\n"
        "- [Beyond a Centralized Verifier: Scaling Data Plane Checking via Distributed, "
        "On-Device Verification](https://dl.acm.org/doi/pdf/10.1145/3603269.3604843),"
        " XMU, Qiao Xiang\n"
        "- Efficient Memory Management for LLM Serving with PagedAttention（vLLM）\n",
        "notes.md",
        labels_for(load_lexicon()),
    )
    assert [(p.title[:12], p.session, p.names) for p in notes.papers] == [
        ("Hydra: Effec", "Well Tested", ()),
        ("Beyond a Cen", "Well Tested", ()),
        ("Efficient Me", "Well Tested", ("vLLM",)),
    ]
    assert notes.papers[1].title.endswith("On-Device Verification")


def test_a_system_field_names_what_the_paper_presents_and_a_system_tag_does_not() -> None:
    """ "System: [[Sinbad]]" in a paper's fields names its system, even a word some
    dictionary has; "[System] Title" is a tag of the paper's kind; "四、论文三：《Title》"
    loses both its numberings and its marks."""
    from kg.lexicon import load_lexicon
    from kg.notes import labels_for, parse_text

    notes = parse_text(
        "# SIGCOMM 2013\n\n## Leveraging Endpoint Flexibility in Data-Intensive Clusters\n\n"
        "Authors: Mosharaf Chowdhury, Ion Stoica (UC Berkeley); Srikanth Kandula (MSR)\n"
        "System: [[Sinbad]]\n\nSinbad places replicas behind uncongested links.\n\n"
        "## 四、论文三：《Regent: A High-Productivity Programming Language for HPC with Logical"
        " Regions》\n\n作者：Elliott Slaughter、Alex Aiken（斯坦福大学）\n\n"
        "Regent 是一门面向高性能计算的编程语言，程序由任务和逻辑区域组成。\n\n## Blockchain\n\n"
        "[System][Monoxide: Scale Out Blockchain with Asynchronized Consensus Zones]"
        "(https://www.usenix.org/system/files/nsdi19-wang-jiaping.pdf). Jiaping Wang, Hao Wang."
        " NSDI'19\n",
        "notes.md",
        labels_for(load_lexicon()),
    )
    assert [(p.title[:24], p.names) for p in notes.papers] == [
        ("Leveraging Endpoint Flex", ("Sinbad",)),
        ("Regent: A High-Productiv", ()),
        ("Monoxide: Scale Out Bloc", ()),
    ]


def test_a_numbered_section_over_a_table_whose_title_column_is_named_in_parts() -> None:
    """A lone "#### 12.1.2.3 Name" heading is a section of a longer text, a session; a
    column headed "论文 / 链接" holds the titles, not the summaries beside it; a short
    Chinese note after a title and a dash ("——论文泛读") is no part of it."""
    from kg.lexicon import load_lexicon
    from kg.notes import labels_for, parse_text

    notes = parse_text(
        "\n#### 12.1.2.3 硬件驱动的冷热页识别与页面分级\n\n"
        "| 日期 | 概要 | 论文 / 链接 | 团队 |\n|:---:|:----:|----:|:----:|\n"
        "| 2021/07 | HeMem, 借助 PMU 采样判断页面冷热, 热数据留在 DRAM |"
        " [HeMem: Scalable Tiered Memory Management for Big Data Applications and Real NVM,"
        " SOSP'21](https://dl.acm.org/doi/10.1145/3477132.3483550) | 团队 |\n"
        "| 2023/12 | FreqTier, 按访问频率分层. |"
        " [Lightweight Frequency-Based Tiering for CXL Memory Systems——论文泛读]"
        "(https://zhuanlan.zhihu.com/p/687833058) | 团队 |\n",
        "notes.md",
        labels_for(load_lexicon()),
    )
    assert [(p.title, p.session) for p in notes.papers] == [
        (
            "HeMem: Scalable Tiered Memory Management for Big Data Applications and Real NVM",
            "硬件驱动的冷热页识别与页面分级",
        ),
        (
            "Lightweight Frequency-Based Tiering for CXL Memory Systems",
            "硬件驱动的冷热页识别与页面分级",
        ),
    ]


@pytest.mark.parametrize("label", ["Link", "链接", "DOI"])
def test_a_labelled_link_is_read_by_its_address_not_its_text(label: str) -> None:
    from kg.lexicon import load_lexicon
    from kg.notes import labels_for, parse_text

    notes = parse_text(
        "Conference: SIGMOD 2021\n\n"
        "### PolarDB Serverless: A Cloud Native Database for Disaggregated Data Centers\n\n"
        f"{label}: [DOI](https://doi.org/10.1145/3448016.3457560)\n",
        "notes.md",
        labels_for(load_lexicon()),
    )
    assert [p.doi for p in notes.papers] == ["10.1145/3448016.3457560"]
    assert notes.problems == []


@pytest.mark.parametrize(
    ("text", "authors", "institutions"),
    [
        # a reference manager's "Last, First" names, cut at ";" or "and"
        ("Zhou, Jingyu; Xu, Meng", ["Jingyu Zhou", "Meng Xu"], []),
        ("van Renesse, Robbert and Birman, Ken", ["Robbert van Renesse", "Ken Birman"], []),
        ("Li, Fei-Fei; Cao, Wei", ["Fei-Fei Li", "Wei Cao"], []),
        # a surname of two words among one-word ones; an initial keeps its point
        (
            "Jayaram Subramanya, Suhas; Arfeen, Daiyaan; Ganger, Gregory R.",
            ["Suhas Jayaram Subramanya", "Daiyaan Arfeen", "Gregory R. Ganger"],
            [],
        ),
        # a person and an institution per group stays so
        ("Jane Doe, MIT; John Roe, Stanford", ["Jane Doe", "John Roe"], []),
        # a group that names its place first, then its people after a dash
        (
            "University of Utah —— Ali Shafiee、Anirban Nag；Hewlett Packard Labs —— Miao Hu",
            ["Ali Shafiee", "Anirban Nag", "Miao Hu"],
            [],
        ),
        # named authors' other place, after the groups
        (
            "Kay Ousterhout、Scott Shenker（UC Berkeley）；Shenker 还挂着 ICSI",
            ["Kay Ousterhout", "Scott Shenker"],
            ["ICSI"],
        ),
    ],
)
def test_names_written_last_name_first_are_turned_round(
    text: str, authors: list[str], institutions: list[str]
) -> None:
    from kg.lexicon import load_lexicon
    from kg.notes import labels_for
    from kg.notes.shapes import author_line

    line = author_line(text, labels_for(load_lexicon()), labelled=True)
    assert line is not None
    assert [a.name for a in line.authors] == authors
    assert list(line.institutions) == institutions


@pytest.mark.parametrize(
    ("text", "authors", "institutions"),
    [
        # places kept apart by middle dots are a list; an acronym before the dot is a place
        ("NVIDIA · Stanford University", [], ["NVIDIA, Stanford University"]),
        # a note after a dot is no author nor place
        ("Alice Smith, Bob Lee (MIT) · Best Paper Award", ["Alice Smith", "Bob Lee"], []),
        # the paper's id after a dot ends the names
        (
            "X. Li, I. Laguna, B. Fang · doi:10.1145/3588195.3592991",
            ["X. Li", "I. Laguna", "B. Fang"],
            [],
        ),
    ],
)
def test_middle_dots_in_an_author_line(
    text: str, authors: list[str], institutions: list[str]
) -> None:
    from kg.lexicon import load_lexicon
    from kg.notes import labels_for
    from kg.notes.shapes import author_line

    line = author_line(text, labels_for(load_lexicon()))
    assert line is not None
    assert [a.name for a in line.authors] == authors
    assert list(line.institutions) == institutions


def test_a_table_column_kg_has_no_label_for_is_no_paper() -> None:
    """A cell "Publication Year: 2021" under a title reads like a title ("Name: subtitle"); a short
    cell of a column kg reads nothing from is left out, and prose in one is kept."""
    from kg.lexicon import load_lexicon
    from kg.notes import labels_for, parse_text

    notes = parse_text(
        "Conference: SIGMOD 2021\n\n"
        "| Title | Publication Year | Authors | Why read it |\n|---|---|---|---|\n"
        "| FoundationDB: A Distributed Unbundled Transactional Key Value Store | 2021 |"
        " Jingyu Zhou, Meng Xu | Every feature is tested under simulated faults first. |\n",
        "notes.md",
        labels_for(load_lexicon()),
    )
    assert [p.title for p in notes.papers] == [
        "FoundationDB: A Distributed Unbundled Transactional Key Value Store"
    ]
    assert [a.name for a in notes.papers[0].authors] == ["Jingyu Zhou", "Meng Xu"]
    assert "simulated faults" in notes.papers[0].abstract


def test_a_notebook_with_each_cell_on_one_line_is_read_and_says_so() -> None:
    """Some tools write a cell's source as one string: its papers are read all the same,
    and a warning says the line numbers count the cells' text, not the file's lines."""
    import json

    cell = (
        "## Serving\n\n### DistServe: Disaggregating Prefill and Decoding for Goodput-optimized"
        " Large Language Model Serving\n\n- Authors: Yinmin Zhong (Peking University)\n"
    )
    notebook = {
        "cells": [
            {"cell_type": "markdown", "source": "# OSDI 2024\n"},
            {"cell_type": "code", "source": "print('### Not a paper: a code cell')", "outputs": []},
            {"cell_type": "markdown", "source": cell},
        ],
        "nbformat": 4,
    }
    labels = labels_for(load_lexicon())
    notes = parse_text(json.dumps(notebook), "one-line.ipynb", labels)
    title = (
        "DistServe: Disaggregating Prefill and Decoding for Goodput-optimized Large Language "
        "Model Serving"
    )
    assert [p.title for p in notes.papers] == [title]
    assert [(p.severity, p.line) for p in notes.problems] == [("warning", 1)]
    assert "line numbers count its cells' text" in notes.problems[0].message


def test_a_build_inside_the_notes_folder_is_not_read_as_notes(tmp_path: Path) -> None:
    """kg build notes -o notes/kg-out: the next build must not read the page, the tables or
    the cache it wrote as notes; nor hidden folders, node_modules or a virtual environment."""
    from kg import build_all, write

    notes = tmp_path / "notes"
    notes.mkdir()
    case = DATA / "cases" / "saved-blog-pages" / "osdi22-notes.html"
    (notes / "osdi22.html").write_bytes(case.read_bytes())
    first = build_all([notes])
    write(first, notes / "kg-out", store=False)
    assert (notes / "kg-out" / "graph.html").is_file()
    for name in (".obsidian", "node_modules", "venv"):
        (notes / name).mkdir()
        (notes / name / "page.html").write_bytes(case.read_bytes())
    (notes / "venv" / "pyvenv.cfg").write_text("home = /usr/bin\n", encoding="utf-8")
    again = read_notes([notes])
    assert [f.name for f in again.files] == ["osdi22.html"]
    assert len(again.papers) == len(first.knowledge.corpus.papers) == 2


def test_jupyters_autosaved_copies_are_not_read_again(tmp_path: Path) -> None:
    """A folder of notebooks holds .ipynb_checkpoints/, Jupyter's copies of them: read,
    every paper would be there twice (and each DOI reported as a duplicate)."""
    case = DATA / "cases" / "jupyter-notebook" / "nsdi24.ipynb"
    (tmp_path / ".ipynb_checkpoints").mkdir()
    (tmp_path / "nsdi24.ipynb").write_bytes(case.read_bytes())
    (tmp_path / ".ipynb_checkpoints" / "nsdi24-checkpoint.ipynb").write_bytes(case.read_bytes())
    corpus = read_notes([tmp_path])
    assert [f.name for f in corpus.files] == ["nsdi24.ipynb"]
    assert len([p for f in corpus.files for p in f.papers]) == 2


def test_a_word_a_colon_and_a_word_is_a_field_not_a_title() -> None:
    """The tenth held-out set: 'Tag: Morphling' under a paper's heading was read as the
    paper's title, and the heading above it as a session."""
    text = (
        "## \\[SoCC 21\\] Morphling: Fast, Near-Optimal Auto-Configuration for Cloud-Native"
        " Model Serving\nTag: Morphling\n作者：Luping Wang, Lingyun Yang, Yinghao Yu\n单位：阿里\n"
    )
    notes = parse_text(text, "notes.md", labels_for(load_lexicon()))
    assert [p.title for p in notes.papers] == [
        "Morphling: Fast, Near-Optimal Auto-Configuration for Cloud-Native Model Serving"
    ]
    assert notes.sessions == []


@pytest.mark.parametrize(
    ("text", "prefix", "title"),
    [
        (
            "最佳论文1：ngAP: Non-blocking Large-scale Automata Processing on GPUs",
            "最佳论文1：",
            "ngAP: Non-blocking Large-scale Automata Processing on GPUs",
        ),
        (
            "Best Paper 2: Orca: A Distributed Serving System",
            "Best Paper 2:",
            "Orca: A Distributed Serving System",
        ),
        ("[Best Paper] Orca", "[Best Paper]", "Orca"),
    ],
)
def test_an_award_and_its_number_are_no_part_of_the_title(
    text: str, prefix: str, title: str
) -> None:
    """The eleventh held-out set's trip report: '#### 最佳论文1：ngAP: …' kept '1：'."""
    assert labels_for(load_lexicon()).title_prefix(text) == (prefix, title)


def test_a_rst_title_over_a_short_underline_is_a_section(tmp_path: Path) -> None:
    """docutils reads a title over an underline shorter than it as a section (with a
    warning); Markdown would read a run of "~" as a code fence that never closes."""
    title = "Chimera: Efficiently Training Large-Scale Neural Networks with Bidirectional Pipelines"
    paged = "Efficient Memory Management for Large Language Model Serving with PagedAttention"
    (tmp_path / "notes.rst").write_text(
        "Training\n--------\n\n"
        f"{title}\n{'~' * (len(title) - 2)}\n\n"
        ":Authors: Shigang Li, Torsten Hoefler\n:DOI: 10.1145/3458817.3476145\n\n"
        "Two pipelines run in opposite directions, so fewer bubbles are left.\n\n"
        f"{paged}\n{'~' * 40}\n\n:DOI: 10.1145/3600006.3613165\n",
        encoding="utf-8",
    )
    corpus = read_notes([tmp_path])
    assert [(p.title, p.doi) for p in corpus.papers] == [
        (title, "10.1145/3458817.3476145"),
        (paged, "10.1145/3600006.3613165"),
    ]
    assert not [p for p in corpus.all_problems if "never closed" in p.message]


def test_pandoc_heading_attributes_are_no_part_of_a_title(tmp_path: Path) -> None:
    """Quarto and Pandoc name a heading with "{#sec-x}" (or classes, "{.unnumbered}")."""
    title = (
        "waveSZ: A Hardware-Algorithm Co-Design of Efficient Lossy Compression for Scientific Data"
    )
    (tmp_path / "notes.qmd").write_text(
        f"## {title} {{#sec-wavesz .unnumbered}}\n\n- DOI：10.1145/3332466.3374525\n\n"
        "waveSZ 把 SZ 压缩搬到 FPGA 上。\n",
        encoding="utf-8",
    )
    assert [p.title for p in read_notes([tmp_path]).papers] == [title]


@pytest.mark.parametrize(
    ("name", "text", "kind"),
    [
        # MediaWiki and DokuWiki by two of their own marks beside a "== Heading ==" line
        ("page.txt", "== Notes ==\n'''Atoll''' is [https://a.org/x fast].\n", "mediawiki"),
        ("page.txt", "===== 存储 =====\n~~NOTOC~~\n[[https://a.org/x|原文]]\n", "dokuwiki"),
        ("page.wiki", "Atoll: A Scalable Low-Latency Serverless Platform\n", "mediawiki"),
        # a code block's text, an indented list, an rST table rule: no wiki
        ("notes.md", "# OSDI\n\n```python\ns = '''\n== Results ==\n'''\n```\n", None),
        ("notes.md", "== Results ==\n\n  * a point\n  - another\n", None),
        ("notes.rst", "=====  =====\nSetup  Value\n=====  =====\n", None),
    ],
)
def test_a_wiki_page_is_known_by_its_own_marks(name: str, text: str, kind: str | None) -> None:
    from kg.notes.wiki import wiki_kind

    assert wiki_kind(name, text) == kind


def test_a_section_about_a_listed_paper_keeps_both_what_the_list_and_the_section_say() -> None:
    """A list linking a paper, then a section with the same title: one paper, with the
    section's authors and summary; the list's link is kept too."""
    from kg.lexicon import load_lexicon
    from kg.notes import labels_for, parse_text

    notes = parse_text(
        "# OSDI 2021\n\n1. [Fast Persistent Memory Indexing](https://doi.org/10.1145/1.2)\n\n"
        "## Fast Persistent Memory Indexing\n\nAuthors: Alice Smith, Bob Jones\n\n"
        "It is 3x faster than FAST-FAIR.\n",
        "notes.md",
        labels_for(load_lexicon()),
    )
    assert [p.title for p in notes.papers] == ["Fast Persistent Memory Indexing"]
    paper = notes.papers[0]
    assert [a.name for a in paper.authors] == ["Alice Smith", "Bob Jones"]
    assert "3x faster" in paper.abstract
    assert paper.doi == "10.1145/1.2"


@pytest.mark.parametrize(
    ("text", "titles"),
    [
        # notes each with front matter whose values go on over indented lines
        (
            (
                "---\ntitle: '202103011015 Fast Persistent Memory Indexing'\nauthors: Alice Smith\n"
                "tags:\n  - paper\n---\nIt is 3x faster than FAST-FAIR.\n\n---\n"
                "title: '202103011020 Another Thing For Caching'\nauthors: Carol White\n"
                "tags:\n  - paper\n---\nIt reduces latency by 40% over Memcached.\n"
            ),
            ["Fast Persistent Memory Indexing", "Another Thing For Caching"],
        ),
        # a blog's related posts, then its sidebar: no paper
        (
            (
                "# OSDI 2021 notes\n\n### Fast Persistent Memory Indexing\nAuthors: Alice Smith\n\n"
                "It is 3x faster than FAST-FAIR.\n\n### Related posts\n\n"
                "- [Reading notes: Distributed Transactions Over RDMA Networks](/a.html)\n\n"
                "## Archives\n\n- March 2021\n"
            ),
            ["Fast Persistent Memory Indexing"],
        ),
    ],
)
def test_bundles_of_notes_and_page_chrome(text: str, titles: list[str]) -> None:
    from kg.lexicon import load_lexicon
    from kg.notes import labels_for, parse_text

    notes = parse_text(text, "notes.md", labels_for(load_lexicon()))
    assert [p.title for p in notes.papers] == titles


def test_xml_notes_that_expand_without_end_are_refused(tmp_path: Path) -> None:
    """A mind map whose entities expand a billion times, or that names an external entity,
    gives an error with the line and no paper: notes declare no entity, so kg refuses the
    first declaration, expands nothing and fetches nothing."""
    entities = ['<!ENTITY a "' + "a" * 50 + '">']
    for name, inner in zip("bcdefg", "abcdef", strict=True):
        entities.append(f'<!ENTITY {name} "' + f"&{inner};" * 20 + '">')
    (tmp_path / "laughs.mm").write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE map [\n'
        + "\n".join(entities)
        + '\n<!ENTITY x SYSTEM "http://example.invalid/x">\n]>\n'
        + '<map><node TEXT="&g;"/><node TEXT="&x;"/></map>\n',
        encoding="utf-8",
    )
    corpus = read_notes([tmp_path])
    assert corpus.papers == []
    (problem,) = corpus.all_problems
    assert (problem.severity, problem.line) == ("error", 3)  # the first declaration
    assert "entity declaration" in problem.message


def test_a_title_opening_with_an_article_is_no_author_line() -> None:
    """ "An End-to-end and Adaptive I/O Optimization Tool for …": no name starts with an
    article, so the heading stays a title and not 'An End-to-end' of some place."""
    from kg.lexicon import load_lexicon
    from kg.notes import labels_for
    from kg.notes.shapes import author_line

    labels = labels_for(load_lexicon())
    title = "An End-to-end and Adaptive I/O Optimization Tool for Modern HPC Storage Systems"
    assert author_line(title, labels) is None
    assert author_line("An Chen, Wei Xue (Tsinghua University)", labels) is not None


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        # a reading group's own fields are no paper's: who presents, who takes notes, tags
        ("Presenter: Wen", "ignored"),
        ("Scribe: Marisol", "ignored"),
        ("When: Thu, Jul 16, 2020, 3:00–4:45 pm", "ignored"),
        # "Links:" is a paper's links (the fourteenth held-out set's notes)
        ("Links: doi · arXiv 2001.09249 · pp. 125–136", "link"),
    ],
)
def test_reading_group_fields(line: str, kind: str) -> None:
    from kg.lexicon import load_lexicon
    from kg.notes import labels_for

    found = labels_for(load_lexicon()).label(line)
    assert found is not None and found[0] == kind


def test_a_log_of_timestamped_entries_is_no_chat_export(tmp_path: Path) -> None:
    """ "[2023-06-18 09:15] Read “Title” by …": a reading log's entries, not a chat's
    message lines (those hold only who wrote them); its paper is read."""
    (tmp_path / "journal.txt").write_text(
        "ISCA 2023 reading log\n\n"
        '[2023-06-18 09:15] Read "Orca: A Distributed Serving System for Transformer-Based '
        'Generative Models" by Gyeong-In Yu and Byung-Gon Chun (Seoul National University).\n'
        "[2023-06-19 10:00] Skimmed the evaluation again.\n"
        "[2023-06-20 11:30] Wrote up the notes.\n",
        encoding="utf-8",
    )
    titles = [p.title for p in read_notes([tmp_path]).papers]
    assert any(t.startswith("Orca") for t in titles), titles


def test_an_evernote_export_on_one_line_loses_no_paper(tmp_path: Path) -> None:
    """An export written on fewer lines than it has notes gives every note, one after the
    other (and says that line numbers are near)."""
    case = DATA / "cases" / "evernote-export" / "llm-serving.enex"
    text = case.read_text(encoding="utf-8").replace("\n", " ")
    (tmp_path / "one-line.enex").write_text(text, encoding="utf-8")
    corpus = read_notes([tmp_path])
    assert len(corpus.papers) == 2
    assert corpus.papers[0].authors and corpus.papers[1].authors
    assert any("line numbers are near" in p.message for p in corpus.all_problems)


def test_a_korean_name_after_an_article_shape_is_a_name() -> None:
    from kg.lexicon import load_lexicon
    from kg.notes import labels_for
    from kg.notes.shapes import author_line

    found = author_line("An Jae-Hyun, Wei Xue (Tsinghua University)", labels_for(load_lexicon()))
    assert found is not None and [a.name for a in found.authors] == ["An Jae-Hyun", "Wei Xue"]


def test_lines_that_look_like_textile_in_markdown_stay_markdown() -> None:
    from kg.notes.wiki import wiki_kind

    text = "## XRP: In-Kernel Storage Functions\n\nh1. the hook is the key trick\nh2. it helps\n"
    assert wiki_kind("notes.md", text) is None
    assert wiki_kind("notes.md", "h2. Scheduling\n\nh3. Caladan: …\n") == "textile"
    assert wiki_kind("osdi.tid", "title: OSDI\ntype: text/markdown\n\n# Papers\n") is None


def test_a_see_also_line_before_a_list_ends_the_notes(tmp_path: Path) -> None:
    """ "See also my other posts from this conference:" opens a list of other posts: the
    notes end there; "See also [[X]] and issue #412." in passing does not end them."""
    (tmp_path / "post.md").write_text(
        "# OSDI 2022\n\n## Orca: A Distributed Serving System for Transformer-Based Generative "
        "Models\n\nGyeong-In Yu, Byung-Gon Chun (Seoul National University)\n\n"
        "It schedules a batch one iteration at a time.\n\n"
        "See also my other posts from this conference:\n\n"
        "### Notes on Running a Reading Group for Systems Research Papers\n\nA post.\n",
        encoding="utf-8",
    )
    assert [p.title[:4] for p in read_notes([tmp_path]).papers] == ["Orca"]


def test_objective_c_beside_the_notes_is_no_mind_map(tmp_path: Path) -> None:
    (tmp_path / "Bridge.mm").write_text('#import "Bridge.h"\n@implementation Bridge\n@end\n')
    (problem,) = read_notes([tmp_path]).all_problems
    assert (problem.severity, problem.line) == ("warning", 1)
    assert "not a mind map" in problem.message


def test_a_daily_note_s_memos_give_titles_without_tags_and_authors_without_remarks() -> None:
    """A journal's memos (made up after the fifteenth held-out set's layouts): a bold title
    with #tags after it, an author label with the writer's remark after a semicolon, a DOI
    label with a remark in brackets, and "全部来自 X" after the names."""
    text = (
        "# 2018-05-02\n\n"
        "- 15:48 **Tiling Sparse Kernels for Manycore CPUs** #论文/PPoPP18 #稀疏\n"
        "\t- 作者：Ann Lee、Bo Chen；Princeton 的机构库收录了这篇，作者单位没逐个查\n"
        "\t- DOI（SIGPLAN Notices 版）：https://doi.org/10.1145/3200691.3178400 ，pp. 1-12\n"
        "\t- 问题：以前的实现只支持 2D。\n"
        "- 17:30 **Tuning Buffers for Cloud Databases** #论文/VLDB19\n"
        "\t- 作者：Jian Wu、Mei Tan，全部来自 Alibaba Group\n"
        "\t- DOI：https://doi.org/10.14778/3339490.3339400\n"
    )
    notes = parse_text(text, "daily.md", labels_for(load_lexicon()))
    assert [(p.title, p.doi, [a.name for a in p.authors]) for p in notes.papers] == [
        (
            "Tiling Sparse Kernels for Manycore CPUs",
            "10.1145/3200691.3178400",
            ["Ann Lee", "Bo Chen"],
        ),
        ("Tuning Buffers for Cloud Databases", "10.14778/3339490.3339400", ["Jian Wu", "Mei Tan"]),
    ]
    assert notes.papers[1].authors[0].affiliations == ("Alibaba Group",)


def test_a_field_right_after_a_paper_read_by_its_peers_is_that_paper_s() -> None:
    """The tenth held-out set's video notes: a paper read among its peers ended with its
    author line, and its lone "- DOI：" line below became a paper with no title."""
    notes = read_notes([DATA / "notes-extract" / "holdout-10" / "zh-icpp-2023-bilibili-notes.md"])
    dcomp = next(p for p in notes.papers if p.title.startswith("DComp"))
    assert dcomp.doi == "10.1145/3605573.3605633"
    assert "compaction 加速" in dcomp.abstract
    assert not [p for p in notes.problems if "no title" in p.message]


def test_memos_exported_as_html_are_a_paper_each(tmp_path: Path) -> None:
    """A memo app's HTML export (made up after the fifteenth held-out set's flomo page): a
    memo per paper, its paragraphs on consecutive lines; the second memo names its authors
    in prose, so only its bold title, opening its paragraph, says it is the next paper."""
    page = tmp_path / "memos.html"
    page.write_text(
        "<html><body>\n"
        '<div class="memo">\n<div class="time">2019-09-16 22:17:36</div>\n<div class="content">\n'
        "<p><strong>Columnar Indexes for Real-time OLAP at Scale</strong></p>\n"
        "<p>作者：Ann Lee、Bo Chen（都在 Alibaba Group）</p>\n"
        "<p>DOI：https://doi.org/10.14778/3352063.3352100</p>\n"
        "<p>行列混存，复杂查询几百毫秒返回。</p>\n</div>\n</div>\n"
        '<div class="memo">\n<div class="time">2019-09-15 20:56:08</div>\n<div class="content">\n'
        "<p><strong>A Graph Platform for Recommendation at Scale</strong></p>\n"
        "<p>一作 Rong Zhu，都是阿里巴巴的。DOI：https://doi.org/10.14778/3352063.3352101</p>\n"
        "<p>缓存策略带来 40% 的提速。</p>\n</div>\n</div>\n</body></html>\n",
        encoding="utf-8",
    )
    notes = read_notes([page])
    assert [(p.title, p.doi) for p in notes.papers] == [
        ("Columnar Indexes for Real-time OLAP at Scale", "10.14778/3352063.3352100"),
        ("A Graph Platform for Recommendation at Scale", "10.14778/3352063.3352101"),
    ]


def test_a_block_property_kg_does_not_know_is_no_title(tmp_path: Path) -> None:
    """A Logseq journal page (tried by hand): a paper's block, its properties below it
    ("type:: paper", "authors:: …"), then nested bullets; "type:: paper" had become the
    title and the paper's own title a session."""
    page = tmp_path / "2024_06_12.md"
    page.write_text(
        "- Reading [[OSDI 2024]] papers #reading\n"
        "- [[Llumnix: Dynamic Scheduling for Large Language Model Serving]]\n"
        "  type:: paper\n"
        "  collapsed:: true\n"
        "  authors:: Biao Sun, Ziming Huang, Hanyu Zhao\n"
        "  affiliation:: Alibaba Group\n"
        "\t- Live migration of requests; up to 15x lower prefill latency than static dispatch.\n",
        encoding="utf-8",
    )
    notes = read_notes([page])
    (paper,) = notes.papers
    assert paper.title == "Llumnix: Dynamic Scheduling for Large Language Model Serving"
    assert [a.name for a in paper.authors] == ["Biao Sun", "Ziming Huang", "Hanyu Zhao"]
    assert paper.session is None


@pytest.mark.parametrize(
    ("text", "authors"),
    [
        # a one-word name among well-written ones, bare or with its place
        (
            "Deborah Bard, Peter Mendygral, Shirley Ho, Mike Ringenburg, Prabhat, Victor Lee",
            [
                "Deborah Bard",
                "Peter Mendygral",
                "Shirley Ho",
                "Mike Ringenburg",
                "Prabhat",
                "Victor Lee",
            ],
        ),
        (
            "Jack Deslippe (LBNL), Max Fatica (NVIDIA), Prabhat (LBNL), Michael Houston (NVIDIA)",
            ["Jack Deslippe", "Max Fatica", "Prabhat", "Michael Houston"],
        ),
    ],
)
def test_a_one_word_name_among_others_is_an_author(text: str, authors: list[str]) -> None:
    from kg.notes.shapes import author_line

    line = author_line(text, labels_for(load_lexicon()), labelled=True)
    assert line is not None
    assert [a.name for a in line.authors] == authors


@pytest.mark.parametrize(
    ("text", "authors"),
    [
        # USENIX's program: most groups end with a place, so does one kg does not know
        (
            (
                "Zhenming Liu, College of William and Mary; Xiaozhou Li, Celer Network; "
                "Ion Stoica, UC Berkeley"
            ),
            [
                ("Zhenming Liu", ("College of William and Mary",)),
                ("Xiaozhou Li", ("Celer Network",)),
                ("Ion Stoica", ("UC Berkeley",)),
            ],
        ),
        # a place with a comma in its name is one place
        (
            (
                "Shengan Zheng, Shanghai Jiao Tong University; Morteza Hoseinzadeh and Steven "
                "Swanson, University of California, San Diego"
            ),
            [
                ("Shengan Zheng", ("Shanghai Jiao Tong University",)),
                ("Morteza Hoseinzadeh", ("University of California, San Diego",)),
                ("Steven Swanson", ("University of California, San Diego",)),
            ],
        ),
        # names alone in groups stay names
        ("Ion Stoica; Matei Zaharia", [("Ion Stoica", ()), ("Matei Zaharia", ())]),
        # "作者是" before the names; a remark in brackets after them
        (
            "作者是 Sadjad Fouladi、John Emmons（Stanford University）",
            [
                ("Sadjad Fouladi", ("Stanford University",)),
                ("John Emmons", ("Stanford University",)),
            ],
        ),
        ("Charles Eckert et al. (affiliations not noted yet)", [("Charles Eckert", ())]),
        ("Linnan Wang、Tim Kraska（单位没查）", [("Linnan Wang", ()), ("Tim Kraska", ())]),
    ],
)
def test_author_lines_as_programs_and_notes_write_them(
    text: str, authors: list[tuple[str, tuple[str, ...]]]
) -> None:
    from kg.notes.shapes import author_line

    line = author_line(text, labels_for(load_lexicon()), labelled=True)
    assert line is not None
    assert [(a.name, a.affiliations) for a in line.authors] == authors


def test_a_long_remark_in_brackets_is_no_remark_of_an_author_line() -> None:
    from kg.notes.shapes import author_line

    text = "HKBU (the notes say so, and the gold gives the place to the paper, not to the authors)"
    assert author_line(text, labels_for(load_lexicon())) is None


def test_a_company_named_before_the_people_is_no_one_word_name() -> None:
    from kg.notes.shapes import author_line

    line = author_line(
        "Zilliz, Jianguo Wang, Xiaomeng Yi, Rentong Guo, Hai Jin", labels_for(load_lexicon())
    )
    assert line is None or "Zilliz" not in [a.name for a in line.authors]


def test_typographic_bullets_from_a_phone_notes_app_are_list_items(tmp_path: Path) -> None:
    """Tried by hand before stopping: a phone notes app exports its lists with "•" and tab
    indents; no paper was read. Its places are kept apart by " + " and " / "."""
    notes_file = tmp_path / "OSDI24 serving.txt"
    notes_file.write_text(
        "OSDI 24 serving 论文速记\n\n"
        "• Parrot: Efficient Serving of LLM-based Applications with Semantic Variable\n"
        "\t• Chaofan Lin, Zhenhua Han, Chengruidong Zhang, Yuqing Yang, Fan Yang\n"
        "\t• 上海交大 / Microsoft Research\n"
        "\t• 端到端最多快 11.7 倍（相对现有的请求级服务）。\n",
        encoding="utf-8",
    )
    notes = read_notes([notes_file])
    (paper,) = notes.papers
    assert paper.title.startswith("Parrot: Efficient Serving")
    assert [a.name for a in paper.authors][:2] == ["Chaofan Lin", "Zhenhua Han"]
    assert "Microsoft Research" in paper.institutions


def test_an_anki_plain_text_export_is_a_card_a_paper(tmp_path: Path) -> None:
    """Anki's "Notes in Plain Text": header lines, then a note a line, its fields apart by
    TABs, the back HTML; each labelled paragraph of the back is a field."""
    notes_file = tmp_path / "deck.txt"
    notes_file.write_text(
        "#separator:tab\n#html:true\n#notetype column:1\n#deck column:2\n#tags column:5\n"
        "Basic\t读论文::OSDI22\tOrca: A Distributed Serving System for Transformer-Based "
        "Generative Models\t<b>作者</b>：Gyeong-In Yu、Joo Seong Jeong（Seoul National "
        "University）<br><b>做法</b>：按迭代调度请求。<br>吞吐是 FasterTransformer 的 36.9 倍"
        "&amp;延迟不变。\tOSDI22\n"
        "Basic\t读论文::OSDI22\t什么是 KV cache？\t缓存注意力的键和值。\t\n",
        encoding="utf-8",
    )
    notes = read_notes([notes_file])
    (paper,) = notes.papers
    assert paper.title.startswith("Orca: A Distributed Serving System")
    assert paper.span.line == 6
    assert [a.name for a in paper.authors] == ["Gyeong-In Yu", "Joo Seong Jeong"]
    assert "Seoul National University" in paper.institutions
    assert "36.9 倍&延迟不变" in paper.abstract  # the entity decoded, the tags out
    assert notes.files[0].conference.label == "OSDI 2022"  # the deck most notes are in


def test_a_taskpaper_reading_list_with_tags_after_the_titles(tmp_path: Path) -> None:
    """A TaskPaper list (its own suffix): each paper a task, "@presenter(Tom) @done(…)"
    after its title; USENIX's author line and the summary as notes below it."""
    notes_file = tmp_path / "reading.taskpaper"
    notes_file.write_text(
        "Reading group — ATC '18:\n"
        "\t- Mainstream: Dynamic Stem-Sharing for Multi-Tenant Video Processing "
        "@presenter(Tom) @done(2018-08-07)\n"
        "\t\tAngela H. Jiang and Lilia Tang, Carnegie Mellon University; Michael Kaminsky, "
        "Intel Labs\n"
        "\t\tApps share the early layers of one network, which raises accuracy by up to 47%.\n"
        "\t- Peeking Behind the Curtains of Serverless Platforms @presenter(Ana)\n"
        "\t\tLiang Wang, UW-Madison; Thomas Ristenpart, Cornell Tech\n"
        "\t\tA measurement study of three function platforms.\n",
        encoding="utf-8",
    )
    notes = read_notes([notes_file])
    assert [p.title for p in notes.papers] == [
        "Mainstream: Dynamic Stem-Sharing for Multi-Tenant Video Processing",
        "Peeking Behind the Curtains of Serverless Platforms",
    ]
    assert [a.name for a in notes.papers[1].authors] == ["Liang Wang", "Thomas Ristenpart"]


def test_a_roam_export_keeps_to_dos_and_remarks_out_of_the_papers(tmp_path: Path) -> None:
    """Roam's Markdown: every line a bullet; "{{[[TODO]]}} find a DOI for …" and "Next:
    [[ISCA 2019]] batch" sit among the papers' bold bullets and are no papers."""
    notes_file = tmp_path / "isca.md"
    notes_file.write_text(
        "- Tags:: #ISCA #[[reading group]]\n"
        "- {{[[TODO]]}} find a DOI for UCNN and Euphrates\n"
        "- **UCNN: Exploiting Computational Reuse in Deep Neural Networks via Weight "
        "Repetition**\n"
        "    - Authors:: Kartik Hegde, Jiyong Yu, Christopher W. Fletcher\n"
        "    - Repeated weights let inputs be summed before one multiply: 1.2x-4x less energy.\n"
        "- **Euphrates: Algorithm-SoC Co-Design for Low-Power Mobile Continuous Vision**\n"
        "    - Authors:: [[Yuhao Zhu]], Anand Samajdar, Paul Whatmough\n"
        "    - Frames between key frames reuse the ISP's motion vectors: 66% less energy.\n"
        "- Next: [[ISCA 2019]] batch, maybe Eyeriss v2\n",
        encoding="utf-8",
    )
    notes = read_notes([notes_file])
    assert [p.title.split(":")[0] for p in notes.papers] == ["UCNN", "Euphrates"]


def test_a_slack_channel_export_is_a_paper_a_message(tmp_path: Path) -> None:
    """A day of a Slack channel's export: a JSON array of messages, a paper a message's
    text (``*Title*``, authors, an id, bullets), a member joining no paper."""
    messages = [
        {"type": "message", "subtype": "channel_join", "text": "<@U1> has joined", "ts": "1"},
        {
            "type": "message",
            "user": "U1",
            "text": "*Memory Hierarchy for Web Search*\nGrant Ayers, Jung Ho Ahn, Christos "
            "Kozyrakis\nDOI 10.1109/HPCA.2018.00061\nSearch reuses data its caches miss.\n"
            "\u2022 27% better performance than <https://example.org|current server chips>\n"
            "\u2022 8.3x faster than a CPU\n\u2022 6.2x better energy efficiency than a GPU",
            "ts": "2",
        },
        {"type": "message", "user": "U2", "text": "nice &amp; short", "ts": "3"},
    ]
    notes_file = tmp_path / "2018-03-02.json"
    notes_file.write_text(json.dumps(messages, indent=4), encoding="utf-8")
    notes = read_notes([notes_file])
    (paper,) = notes.papers
    assert paper.title == "Memory Hierarchy for Web Search"
    assert paper.doi == "10.1109/hpca.2018.00061"
    assert [a.name for a in paper.authors] == ["Grant Ayers", "Jung Ho Ahn", "Christos Kozyrakis"]
    # bullets that share a line stay sentences of their own
    assert "8.3x faster than a CPU. 6.2x better" in paper.abstract
    assert "current server chips" in paper.abstract and "<https" not in paper.abstract


def test_a_json_file_that_is_no_slack_export_is_named_and_passed_over(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text('{"name": "site"}', encoding="utf-8")
    (tmp_path / "n.md").write_text("# Notes\n", encoding="utf-8")
    notes = read_notes([tmp_path])
    assert any("not a Slack channel export" in p.message for p in notes.all_problems)


def test_a_chat_exported_as_text_without_brackets_is_a_message_a_paragraph(
    tmp_path: Path,
) -> None:
    """QQ and WeChat write "2017-11-02 21:03:15 阿斌" over each message: the title opens the
    message, an arXiv id on its own line says it is a paper, "一作 A（X），共同一作 B（Y），
    其余作者来自 Z 等" names its authors."""
    notes_file = tmp_path / "群聊.txt"
    notes_file.write_text(
        "2017-11-02 20:58:41 阿斌\n今晚发几篇 MICRO 2017 的论文\n\n"
        "2017-11-02 21:03:15 阿斌\n"
        "CirCNN: Accelerating and Compressing Deep Neural Networks Using Block-Circulant "
        "Weight Matrices\n"
        "一作 Caiwen Ding（Syracuse University），共同一作 Siyu Liao（City University of New "
        "York, City College），其余作者来自 University of Southern California 等\n"
        "arXiv 1708.08917\n用块循环矩阵表示权重，再用 FFT 做乘法。\n\n"
        "2017-11-02 21:05:02 小周\n[强]\n\n"
        "2017-11-02 21:10:37 阿斌\n"
        "DRISA: A DRAM-based Reconfigurable In-Situ Accelerator\n"
        "作者：Shuangchen Li、Yuan Xie（University of California, Santa Barbara）\n"
        "DOI 10.1145/3123939.3123977\n每条位线都能做 NOR。\n",
        encoding="utf-8",
    )
    notes = read_notes([notes_file])
    assert [p.title.split(":")[0] for p in notes.papers] == ["CirCNN", "DRISA"]
    circnn = notes.papers[0]
    assert [a.name for a in circnn.authors] == ["Caiwen Ding", "Siyu Liao"]
    assert "University of Southern California" in circnn.institutions
    assert notes.files[0].conference.label == "MICRO 2017"


def test_a_line_all_in_brackets_is_an_aside_not_a_title(tmp_path: Path) -> None:
    notes_file = tmp_path / "isca.md"
    notes_file.write_text(
        "## SCNN: An Accelerator for Compressed-sparse Convolutional Neural Networks\n"
        "**Authors:** Angshuman Parashar, Minsoo Rhu (NVIDIA), Anurag Mukkara (MIT)\n"
        "(only three affiliations were on the page, left the rest blank)\n"
        "**arXiv:** 1708.04485\n\nIt keeps weights and activations compressed.\n",
        encoding="utf-8",
    )
    notes = read_notes([notes_file])
    (paper,) = notes.papers
    assert paper.title.startswith("SCNN")
    assert paper.arxiv == "1708.04485"
    from kg.notes.shapes import title_shape

    aside = "(only three affiliations were on the page, left the rest blank)"
    assert not title_shape(aside, labels_for(load_lexicon())).ok
    assert title_shape("(Re)configurable Caches for Streaming", labels_for(load_lexicon())).ok


def test_an_anki_header_with_a_column_that_is_no_number_is_no_crash(tmp_path: Path) -> None:
    notes_file = tmp_path / "deck.txt"
    notes_file.write_text(
        "#separator:tab\n#deck column:x\nBasic\tA Title Here\t作者：Ann Lee、Bo Chen\n",
        encoding="utf-8",
    )
    notes = read_notes([notes_file])  # a ValueError before
    assert not notes.papers or notes.papers[0].span.line == 3


@pytest.mark.parametrize(
    ("lines", "count", "places"),
    [
        # the names on the lines below the label, then the place of them all on its own line
        (
            "Xingda Wei, Jiaxin Shi, Haibo Chen\nShanghai Jiao Tong University (all three)",
            3,
            {"Xingda Wei": ["Shanghai Jiao Tong University"]},
        ),
        # a list going on over a line, then the place in brackets on a line of its own
        (
            "Aleksandar Dragojevic, Dushyanth Narayanan,\nMiguel Castro\n(all Microsoft Research)",
            3,
            {"Miguel Castro": ["Microsoft Research"]},
        ),
        # a group a line, each with its place
        (
            "Amitabha Roy (Intel)\nLaurent Bindschaedler, Willy Zwaenepoel (EPFL)",
            3,
            {"Amitabha Roy": ["Intel"], "Willy Zwaenepoel": ["EPFL"]},
        ),
    ],
    ids=["place line", "bracket line", "a group a line"],
)
def test_an_authors_label_alone_takes_the_lines_below_it(
    tmp_path: Path, lines: str, count: int, places: dict[str, list[str]]
) -> None:
    """As typed in Word with Shift+Enter: "Authors:" alone, then the names and places on
    the lines below, up to the next field; a remark in brackets stays out."""
    text = (
        "**SOSP 2015 notes**\n\n**Fast In-memory Transaction Processing using RDMA and HTM**\n"
        f"Authors:\n{lines}\n(only two were listed, left the rest blank)\n"
        "DOI: https://doi.org/10.1145/2815400.2815419\n"
    )
    (tmp_path / "n.md").write_text(text, encoding="utf-8")
    (paper,) = read_notes([tmp_path]).papers
    affiliated = {a.name: list(a.affiliations) for a in paper.authors}
    assert len(affiliated) == count
    for name, where in places.items():
        assert affiliated[name] == where
    assert not any("blank" in p for a in paper.authors for p in a.affiliations)


@pytest.mark.parametrize(
    "award",
    ["NSDI'15 最佳论文", "Best Paper Award", "(SOSP'23 Best Paper)"],
)
def test_an_award_line_between_a_title_and_its_authors(tmp_path: Path, award: str) -> None:
    """A line that only says the paper won an award is a note on the title above it, not
    a title of its own (it had taken the authors below, or left them with no title)."""
    title = "Designing Distributed Systems Using Approximate Synchrony in Data Center Networks"
    text = (
        f"# 读书会\n\n**{title}**\n{award}\n"
        "作者：Dan R. K. Ports、Jialin Li（University of Washington）\n\n协议交给网络排序。\n"
    )
    (tmp_path / "n.md").write_text(text, encoding="utf-8")
    (paper,) = read_notes([tmp_path]).papers
    assert paper.title == title
    assert [a.name for a in paper.authors] == ["Dan R. K. Ports", "Jialin Li"]


def test_a_line_that_says_what_follows_is_no_title(tmp_path: Path) -> None:
    """ "作者见下表：" over a table of authors had become the paper's title, and the paper's
    own heading a session."""
    title = "PRIME: A Novel Processing-in-Memory Architecture for Neural Network Computation"
    text = (
        f"# ISCA 2016 组会\n\n## 存内计算\n\n### {title}\n\n作者见下表：\n\n"
        "| 姓名 | 单位 |\n|---|---|\n| Ping Chi | UC Santa Barbara |\n"
        "| Yuan Xie | UC Santa Barbara |\n\n"
        "概要：在 ReRAM 主存里做神经网络计算。\n"
    )
    (tmp_path / "n.md").write_text(text, encoding="utf-8")
    (notes,) = read_notes([tmp_path]).files
    (paper,) = notes.papers
    assert (paper.title, paper.session) == (title, "存内计算")
    assert [a.name for a in paper.authors] == ["Ping Chi", "Yuan Xie"]


def test_a_venue_and_a_year_in_columns_apart_are_the_papers_conference() -> None:
    papers = read_notes([DATA / "cases" / "table-venue-year-columns"]).papers
    assert [p.conference.label for p in papers] == ["SIGMOD 2018", "", "", "CACM 2009"]


def test_a_link_in_brackets_before_a_title_leaves_no_brackets(tmp_path: Path) -> None:
    """ "- ([summary](canopy.html)) Canopy: … (Added: 2017-10-19)": the link's word goes, and
    so do the brackets it leaves."""
    items = [
        ("canopy", "Canopy: An End-to-End Performance Tracing And Analysis System", "19"),
        ("algorand", "Algorand: Scaling Byzantine Agreements for Cryptocurrencies", "20"),
        ("sve", "SVE: Distributed Video Processing at Facebook Scale", "22"),
    ]
    text = "## SOSP 2017\n" + "".join(
        f"- ([summary](2017-sosp/{key}.html)) {title} (Added: 2017-10-{day})\n"
        for key, title, day in items
    )
    (tmp_path / "n.md").write_text(text, encoding="utf-8")
    assert [p.title for p in read_notes([tmp_path]).papers] == [t for _, t, _ in items]


def test_a_title_hard_wrapped_in_its_list_item(tmp_path: Path) -> None:
    """A title wrapped onto the next line of its item goes on there; a line of authors or
    of prose below a title does not."""
    text = (
        "## SOSP 2017\n"
        "- DeepXplore: Automated Whitebox Testing\n  of Deep Learning Systems (Added: 2017-10-18)\n"
        "- Canopy: An End-to-End Performance Tracing And Analysis System\n"
        "  by Jonathan Kaldor, Jonathan Mace\n"
        "- SVE: Distributed Video Processing at Facebook Scale\n"
        "  streams video through a pipeline of many small tasks, and the notes go on at length.\n"
    )
    (tmp_path / "n.md").write_text(text, encoding="utf-8")
    papers = read_notes([tmp_path]).papers
    assert [p.title for p in papers] == [
        "DeepXplore: Automated Whitebox Testing of Deep Learning Systems",
        "Canopy: An End-to-End Performance Tracing And Analysis System",
        "SVE: Distributed Video Processing at Facebook Scale",
    ]
    assert [a.name for a in papers[1].authors] == ["Jonathan Kaldor", "Jonathan Mace"]


def test_an_outline_s_letters_are_marks_only_in_a_run_and_initials_stay_names(
    tmp_path: Path,
) -> None:
    """In a plain-text outline nested by indentation, "A." and "B." at one indent mark
    points; an author line opening with an initial ("I. Stoica", "A. Smith") is no point,
    so its first author keeps the initial and the line stays the paper's."""
    (tmp_path / "outline.txt").write_text(
        "SOSP 2003 and OSDI 2004, an outline\n\n"
        "I. Storage and batch processing\n"
        "   A. The Google File System\n"
        "      S. Ghemawat, H. Gobioff, S.-T. Leung (Google)\n"
        "      1. Gist -- a file system for large files appended to, on cheap machines\n"
        "   B. MapReduce: Simplified Data Processing on Large Clusters\n"
        "      J. Dean, S. Ghemawat (Google)\n"
        "      1. Gist -- map and reduce functions, the library handles failures\n",
        encoding="utf-8",
    )
    papers = read_notes([tmp_path]).papers
    assert [(p.span.line, p.title) for p in papers] == [
        (4, "The Google File System"),
        (7, "MapReduce: Simplified Data Processing on Large Clusters"),
    ]
    assert [a.name for a in papers[0].authors] == ["S. Ghemawat", "H. Gobioff", "S.-T. Leung"]
    assert [a.name for a in papers[1].authors] == ["J. Dean", "S. Ghemawat"]
    assert all(a.affiliations == ("Google",) for p in papers for a in p.authors)


def test_the_authors_label_may_stand_before_a_dash(tmp_path: Path) -> None:
    """ "Authors -- A, B (X)" and "作者——A（X）" are author fields, as with a colon."""
    (tmp_path / "notes.md").write_text(
        "# NSDI 2024\n\n"
        "## Parcae: Proactive, Liveput-Optimized DNN Training on Preemptible Instances\n\n"
        "Authors -- Jiangfei Duan (CUHK); Zhihao Jia (Carnegie Mellon University)\n\n"
        "Predicts preemptions of spot instances and moves work ahead of them.\n\n"
        "## MegaScale: Scaling Large Language Model Training to More Than 10,000 GPUs\n\n"
        "作者——Ziheng Jiang、Haibin Lin（ByteDance）\n\n"
        "字节跳动在一万多张 GPU 上训练大模型的系统。\n",
        encoding="utf-8",
    )
    papers = read_notes([tmp_path]).papers
    assert [{a.name: a.affiliations for a in p.authors} for p in papers] == [
        {"Jiangfei Duan": ("CUHK",), "Zhihao Jia": ("Carnegie Mellon University",)},
        {"Ziheng Jiang": ("ByteDance",), "Haibin Lin": ("ByteDance",)},
    ]


def test_a_typst_call_left_open_ends_at_the_next_heading(tmp_path: Path) -> None:
    """A code call whose bracket is never closed (a typo) drops its own lines only: the
    heading after it and the paper under it are read."""
    (tmp_path / "notes.typ").write_text(
        '= OSDI 2022\n#figure(\n  image("orca.png",\n\n'
        "== Orca: A Distributed Serving System for Transformer-Based Generative Models\n"
        "*Authors:* Gyeong-In Yu, Joo Seong Jeong (Seoul National University)\n\n"
        "It schedules the requests of a batch anew at every iteration of the model.\n",
        encoding="utf-8",
    )
    (paper,) = read_notes([tmp_path]).papers
    assert paper.span.line == 5 and paper.title.startswith("Orca:")
    assert [a.name for a in paper.authors] == ["Gyeong-In Yu", "Joo Seong Jeong"]


def test_a_venue_before_a_title_without_its_year_is_the_paper_s_conference() -> None:
    """ "EUROSYS / Title", "ATC: Title" in a list of many venues: each paper's conference
    is its venue, its year unknown; a year said is kept ("OSDI '20 / Title")."""
    papers = read_notes([DATA / "cases" / "html-details-venue-tags"]).papers
    assert [p.conference.label for p in papers] == ["OSDI 2020", "EuroSys", "SOSP", "ATC"]


def test_a_venue_tag_without_a_year_keeps_the_notes_year(tmp_path: Path) -> None:
    """In notes of one conference ("# OSDI 2022"), a paper tagged with the same venue and
    no year ("OSDI / Title") keeps the notes' year."""
    (tmp_path / "n.md").write_text(
        "# OSDI 2022\n\n- OSDI / Orca: A Distributed Serving System for Transformer-Based"
        " Generative Models\n- OSDI / Alpa: Automating Inter- and Intra-Operator Parallelism"
        " for Distributed Deep Learning\n- OSDI / Ekko: A Large-Scale Deep Learning Recommender"
        " System with Low-Latency Model Update\n",
        encoding="utf-8",
    )
    assert [p.conference.label for p in read_notes([tmp_path]).papers] == ["OSDI 2022"] * 3


def test_an_xml_file_that_is_no_feed_is_named_not_read(tmp_path: Path) -> None:
    """A project's pom.xml beside the notes is no Atom or RSS feed: a warning, no error."""
    (tmp_path / "pom.xml").write_text(
        '<?xml version="1.0"?>\n<project><modelVersion>4.0.0</modelVersion></project>\n',
        encoding="utf-8",
    )
    (problem,) = read_notes([tmp_path]).all_problems
    assert (problem.severity, problem.line) == ("warning", 1)
    assert "not a web feed" in problem.message


def test_a_bookmark_s_page_title_keeps_only_the_paper_s() -> None:
    """A bookmark saves the page's title: the site's words after a bar are no part of the
    paper's ("Title | Proceedings of the 2018 Conference of …")."""
    from kg.notes.shapes import title_shape

    labels = labels_for(load_lexicon())
    saved = (
        "Elastic sketch: adaptive and fast network-wide measurements | Proceedings of the 2018"
        " Conference of the ACM Special Interest Group on Data Communication"
    )
    assert title_shape(saved, labels).title == (
        "Elastic sketch: adaptive and fast network-wide measurements"
    )
    # a bar inside a title that is no site's name stays
    kept = "Vortex | A Stream-oriented Storage Engine For Big Data Analytics"
    assert title_shape(kept, labels).title == kept


def test_the_venue_after_a_by_line_is_after_its_last_dash() -> None:
    from kg.lexicon import load_lexicon
    from kg.notes import labels_for
    from kg.notes.shapes import venue_tail

    labels = labels_for(load_lexicon())
    assert venue_tail("A, Stanford University -- Palo Alto -- USENIX ATC 2014", labels) == (
        "USENIX ATC 2014"
    )
    assert venue_tail("A and B, Stanford University — OSDI 2014", labels) == "OSDI 2014"
    assert venue_tail("A and B, Stanford University -- Palo Alto", labels) == ""
