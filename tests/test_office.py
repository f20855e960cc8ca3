"""Notes kept in Word (.docx), Excel (.xlsx) and PowerPoint (.pptx): read by python-docx,
openpyxl and python-pptx.

Each document is made here with the same libraries, as Word and Excel save them; the
facts are real papers' (OSDI 2022, SOSP 2023), the sentences are written for the tests.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import docx
import openpyxl
import pytest
from docx.opc.constants import RELATIONSHIP_TYPE
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.text.paragraph import Paragraph

import kg
from kg.notes import office, read_notes

ORCA = "Orca: A Distributed Serving System for Transformer-Based Generative Models"
ALPA = "Alpa: Automating Inter- and Intra-Operator Parallelism for Distributed Deep Learning"
VLLM = "Efficient Memory Management for Large Language Model Serving with PagedAttention"
GEMINI = "Gemini: Fast Failure Recovery in Distributed Training with In-Memory Checkpoints"


def _hyperlink(paragraph: Paragraph, text: str, url: str) -> None:
    """A hyperlink as Word writes one (python-docx has no call that adds one)."""
    rid = paragraph.part.relate_to(url, RELATIONSHIP_TYPE.HYPERLINK, is_external=True)
    link = OxmlElement("w:hyperlink")
    link.set(qn("r:id"), rid)
    run, said = OxmlElement("w:r"), OxmlElement("w:t")
    said.text = text
    run.append(said)
    link.append(run)
    paragraph._p.append(link)


def _styled_word(path: Path) -> None:
    """Chinese notes made with Word's styles: a title, a heading per topic and per paper,
    list bullets, a hyperlink, a bold system name and a table of authors."""
    document = docx.Document()
    document.add_paragraph("OSDI 2022 组会笔记", style="Title")  # 1
    document.add_heading("大模型推理", level=1)  # 2
    document.add_heading(ORCA, level=2)  # 3
    document.add_paragraph(
        "作者：Gyeong-In Yu、Joo Seong Jeong、Geon-Woo Kim、Soojeong Kim（首尔大学），"
        "Byung-Gon Chun（首尔大学、FriendliAI）"
    )
    _hyperlink(document.add_paragraph("链接："), "USENIX 页面", "https://www.usenix.org/x/yu")
    summary = document.add_paragraph("这篇提出了 ")
    summary.add_run("Orca").bold = True
    summary.add_run("，按迭代调度请求。同样延迟下吞吐是 FasterTransformer 的 36.9 倍。")
    document.add_paragraph("迭代级调度", style="List Bullet")  # 7
    document.add_paragraph("思考：和分页的 KV cache 可以一起看。")
    document.add_paragraph("")
    document.add_heading(ALPA, level=2)  # 10
    table = document.add_table(rows=3, cols=2)  # lines 11-15: an empty line around it
    rows = [("姓名", "单位"), ("Lianmin Zheng", "UC Berkeley"), ("Zhuohan Li", "UC Berkeley")]
    for row, cells in zip(table.rows, rows, strict=True):
        row.cells[0].text, row.cells[1].text = cells
    document.add_paragraph("在 GShard MoE 上比 DeepSpeed 快 3.5 倍。")  # 16
    document.save(str(path))


def _plain_word(path: Path) -> None:
    """English notes typed with no heading styles: a bold title line, authors parted by
    manual line breaks, a DOI hyperlink, an italic remark."""
    document = docx.Document()
    document.add_paragraph("What I read for our SOSP 2023 group.")  # 1
    document.add_paragraph().add_run(VLLM).bold = True  # 2
    authors = document.add_paragraph("Authors:")  # 3, then a line for each break
    for name in ("Woosuk Kwon, Zhuohan Li (UC Berkeley)", "Ying Sheng (Stanford University)"):
        authors.add_run().add_break()
        authors.add_run(name)
    _hyperlink(document.add_paragraph("Link: "), "DOI", "https://doi.org/10.1145/3600006.3613165")
    document.add_paragraph(
        "Summary: the KV cache lives in fixed-size blocks, and serving gets 2-4x the "
        "throughput of FasterTransformer and Orca."
    )
    document.add_paragraph().add_run("My take: paging, again.").italic = True
    document.save(str(path))


def _workbook(path: Path, formula: bool = False) -> None:
    """A reading list kept in Excel: a header row, a paper a row, a hyperlink on its Link
    cell, a summary over two lines, an empty row, a note; a second sheet of ideas."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Papers"
    sheet.append(["Title", "Authors", "Link", "Summary", "Status"])
    sheet.append(
        [
            GEMINI,
            "Zhuang Wang (Rice University); T. S. Eugene Ng (Rice University)",
            "DOI",
            "Checkpoints are kept in CPU memory.\nRecovery is 13x faster than existing solutions.",
            "read",
        ]
    )
    url = "https://doi.org/10.1145/3600006.3613145"
    if formula:
        sheet["C2"] = f'=HYPERLINK("{url}","DOI")'
    else:
        sheet["C2"].hyperlink = url
    sheet.append([])
    sheet.append(["Notes: finish the list by Friday"])
    book.create_sheet("Ideas").append(["Try a paged KV cache in our own server"])
    book.save(str(path))


def test_a_word_document_with_styles(tmp_path: Path) -> None:
    _styled_word(tmp_path / "zu-hui.docx")
    corpus = read_notes([tmp_path])
    (notes,) = corpus.files
    assert notes.conference.label == "OSDI 2022"
    assert [s.name for s in notes.sessions] == ["大模型推理"]
    orca, alpa = notes.papers
    assert (orca.title, orca.span.line, orca.session) == (ORCA, 3, "大模型推理")
    assert [a.name for a in orca.authors][-1] == "Byung-Gon Chun"
    assert [link.url for link in orca.links] == ["https://www.usenix.org/x/yu"]
    assert "36.9 倍" in orca.abstract
    assert "Orca" in orca.names or "**" not in orca.abstract  # the bold name is no markup
    # the table of authors, a row each, under the second paper
    assert (alpa.title, alpa.span.line) == (ALPA, 10)
    assert [a.name for a in alpa.authors] == ["Lianmin Zheng", "Zhuohan Li"]
    assert "UC Berkeley" in alpa.institutions
    assert "DeepSpeed" in alpa.abstract


def test_a_word_document_typed_without_styles(tmp_path: Path) -> None:
    _plain_word(tmp_path / "sosp.docx")
    (paper,) = read_notes([tmp_path]).papers
    assert (paper.title, paper.span.line) == (VLLM, 2)
    assert paper.doi == "10.1145/3600006.3613165"  # from the hyperlink's address
    assert [a.name for a in paper.authors] == ["Woosuk Kwon", "Zhuohan Li", "Ying Sheng"]
    assert "2-4x" in paper.abstract
    assert "paging" in paper.remarks


def test_a_word_document_builds_a_graph_with_its_claims(tmp_path: Path) -> None:
    _styled_word(tmp_path / "zu-hui.docx")
    with pytest.warns(UserWarning, match="link is not a DOI"):
        graph = kg.build([tmp_path])
    rows = kg.query(graph, "system-claims", name="Orca")
    assert [row["baseline"] for row in rows.to_dicts()] == ["FasterTransformer"]


@pytest.mark.parametrize("formula", [False, True], ids=["hyperlink", "HYPERLINK formula"])
def test_an_excel_reading_list(tmp_path: Path, formula: bool) -> None:
    _workbook(tmp_path / "sosp-2023-reading-list.xlsx", formula)
    corpus = read_notes([tmp_path])
    (notes,) = corpus.files
    (paper,) = notes.papers
    assert (paper.title, paper.span.line) == (GEMINI, 2)  # row 2 of the sheet
    assert paper.doi == "10.1145/3600006.3613145"
    assert [a.name for a in paper.authors] == ["Zhuang Wang", "T. S. Eugene Ng"]
    assert "13x faster than existing solutions" in paper.abstract
    assert notes.conference.label == ""  # a file's name is no conference (issue 14)
    (warning,) = [p for p in notes.problems if "sheet" in p.message]
    assert "'Ideas' has no column of titles" in warning.message
    assert warning.path.endswith("sosp-2023-reading-list.xlsx")


def test_a_broken_or_oversized_office_file_is_reported_and_the_rest_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "broken.docx").write_bytes(b"PK\x03\x04 not really a zip")
    _workbook(tmp_path / "list.xlsx")
    monkeypatch.setattr(office, "MAX_UNPACKED", 1000)  # the workbook unpacks to more
    _plain_word(tmp_path / "notes.docx")
    monkeypatch.setattr(office, "MAX_UNPACKED", 1 << 28)
    big = io.BytesIO()
    with zipfile.ZipFile(big, "w", zipfile.ZIP_DEFLATED) as package:
        package.writestr("word/document.xml", b" " * (office.MAX_UNPACKED + 1))
    (tmp_path / "bomb.docx").write_bytes(big.getvalue())
    corpus = read_notes([tmp_path])
    errors = {Path(p.path).name: p.message for p in corpus.all_problems if p.severity == "error"}
    assert "not a Word file" in errors["broken.docx"]
    assert "unpacks to" in errors["bomb.docx"]
    assert [p.title for p in corpus.papers] == [GEMINI, VLLM]  # the others still read


def test_an_old_binary_document_is_named_not_passed_over(tmp_path: Path) -> None:
    (tmp_path / "osdi.doc").write_bytes(b"\xd0\xcf\x11\xe0\x00\x00binary")
    (tmp_path / "notes.md").write_text(f"# OSDI 2022\n\n## {ORCA}\n", encoding="utf-8")
    result = kg.build_all([tmp_path])
    (warning,) = [p for p in result.problems if p.path.endswith("osdi.doc")]
    assert "save it as .docx" in warning.message


@pytest.mark.parametrize(
    "table",
    [
        "| 姓名 | 单位 |\n|---|---|\n| Lianmin Zheng | UC Berkeley |\n| Zhuohan Li | UC Berkeley |",
        "Author\tAffiliation\nLianmin Zheng\tUC Berkeley\nZhuohan Li\tUC Berkeley",
    ],
    ids=["pipe table", "tab-separated"],
)
def test_a_table_of_authors_under_a_paper(tmp_path: Path, table: str) -> None:
    text = f"# OSDI 2022\n\n## {ALPA}\n\n{table}\n\nIt is 3.5x faster than DeepSpeed.\n"
    (tmp_path / "n.md").write_text(text, encoding="utf-8")
    (paper,) = read_notes([tmp_path]).papers
    assert [a.name for a in paper.authors] == ["Lianmin Zheng", "Zhuohan Li"]
    assert "UC Berkeley" in paper.institutions


def test_a_workbook_with_a_sheet_per_conference(tmp_path: Path) -> None:
    """Sheets named after conferences ("OSDI 2022", "SOSP'23") with no column of venues:
    each sheet's papers are of its conference; a sheet named otherwise gives none."""
    book = openpyxl.Workbook()
    first = book.active
    assert first is not None
    first.title = "OSDI 2022"
    first.append(["Title", "Authors"])
    first.append([ORCA, "Gyeong-In Yu (Seoul National University)"])
    second = book.create_sheet("SOSP'23")
    second.append(["Title", "Authors", "Notes"])
    second.append([VLLM, "Woosuk Kwon (UC Berkeley)", "2-4x the throughput of Orca"])
    third = book.create_sheet("Later")
    third.append(["Title", "Authors"])
    third.append([ALPA, "Lianmin Zheng"])
    book.save(str(tmp_path / "reading.xlsx"))
    papers = read_notes([tmp_path]).papers
    assert [(p.title, p.conference.label) for p in papers] == [
        (ORCA, "OSDI 2022"),
        (VLLM, "SOSP 2023"),
        (ALPA, ""),
    ]
    assert papers[0].span.line == 2


def _deck(path: Path) -> None:
    """A group meeting's deck: a title slide, a slide per paper and a slide of its points
    under a title that goes on with it ("Orca · 要点"), a table of authors, a link, speaker
    notes, and slides that are no papers."""
    from pptx import Presentation

    deck = Presentation()
    title_slide, content, title_only = (
        deck.slide_layouts[0],
        deck.slide_layouts[1],
        deck.slide_layouts[5],
    )
    first = deck.slides.add_slide(title_slide)  # 1
    first.shapes.title.text = "OSDI 2022 论文分享"
    first.placeholders[1].text = "组会 · 汇报人：王同学"
    orca = deck.slides.add_slide(content)  # 2
    orca.shapes.title.text = ORCA
    body = orca.placeholders[1].text_frame
    body.text = "作者：Gyeong-In Yu、Joo Seong Jeong（Seoul National University）"
    link = body.add_paragraph().add_run()
    link.text = "USENIX 页面"
    link.hyperlink.address = "https://www.usenix.org/conference/osdi22/presentation/yu"
    points = deck.slides.add_slide(content)  # 3
    points.shapes.title.text = "Orca · 要点"
    body = points.placeholders[1].text_frame
    body.text = "按迭代调度请求，而不是按整个请求"
    result = body.add_paragraph()
    result.text = "同样延迟下吞吐是 FasterTransformer 的 36.9 倍"
    result.level = 1
    points.notes_slide.notes_text_frame.text = "被问到和分页 KV cache 的关系，没答上来。"
    alpa = deck.slides.add_slide(title_only)  # 4
    alpa.shapes.title.text = ALPA
    rows = [("姓名", "单位"), ("Lianmin Zheng", "UC Berkeley"), ("Yanping Huang", "Google")]
    shape = alpa.shapes.add_table(3, 2, 0, 1000000, 4000000, 1200000)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            shape.table.cell(r, c).text = text
    end = deck.slides.add_slide(title_slide)  # 5
    end.shapes.title.text = "谢谢！"
    deck.save(str(path))


def test_a_powerpoint_deck(tmp_path: Path) -> None:
    _deck(tmp_path / "osdi22-group-meeting.pptx")
    corpus = read_notes([tmp_path])
    orca, alpa = corpus.papers
    assert (orca.title, orca.span.line, alpa.title, alpa.span.line) == (ORCA, 2, ALPA, 4)
    assert corpus.files[0].conference.label == "OSDI 2022"
    assert [(a.name, a.affiliations) for a in orca.authors] == [
        ("Gyeong-In Yu", ("Seoul National University",)),
        ("Joo Seong Jeong", ("Seoul National University",)),
    ]
    assert "36.9" in orca.abstract and set(orca.abstract_lines) == {3}  # the slide of points
    assert [(a.name, a.affiliations) for a in alpa.authors] == [
        ("Lianmin Zheng", ("UC Berkeley",)),
        ("Yanping Huang", ("Google",)),
    ]
    assert all(1 <= p.line <= 5 for p in corpus.all_problems)  # a slide's number


def test_a_broken_deck_and_an_old_one_are_reported(tmp_path: Path) -> None:
    (tmp_path / "broken.pptx").write_bytes(b"PK\x03\x04 not really a zip")
    (tmp_path / "old.ppt").write_bytes(b"\xd0\xcf\x11\xe0\x00\x00binary")
    summary = "It schedules the requests of a batch anew at every iteration."
    text = f"# OSDI 2022\n\n## {ORCA}\n\n{summary}\n"
    (tmp_path / "notes.md").write_text(text, encoding="utf-8")
    result = kg.build_all([tmp_path])
    said = {Path(p.path).name: p.message for p in result.problems}
    assert "not a PowerPoint file" in said["broken.pptx"]
    assert "save it as .pptx" in said["old.ppt"]
    assert [p.title for p in result.knowledge.corpus.papers] == [ORCA]


@pytest.mark.parametrize("suffix", [".docx", ".xlsx", ".pptx"])
def test_a_zip_of_other_parts_is_reported_the_same_way_every_time(
    tmp_path: Path, suffix: str
) -> None:
    """A package the library cannot open (only a content-types part; a Word document
    named .pptx) is an error naming the file, whatever the library raised, and the
    message holds no address in memory."""
    package = io.BytesIO()
    with zipfile.ZipFile(package, "w") as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
    (tmp_path / f"bare{suffix}").write_bytes(package.getvalue())
    _plain_word(tmp_path / f"word-named{suffix}")
    first = [str(p) for p in read_notes([tmp_path]).all_problems if p.severity == "error"]
    again = [str(p) for p in read_notes([tmp_path]).all_problems if p.severity == "error"]
    assert first == again
    assert any(f"bare{suffix}:1: error: not a" in p for p in first), first
    assert not any("0x" in p for p in first), first
