"""Property tests for the reader (hypothesis): any notes laid out in any of
the accepted styles read back to the papers that were written."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kg.lexicon import load_lexicon
from kg.notes import labels_for, parse_text

LABELS = labels_for(load_lexicon())
STYLES = {
    "zh": {"title": "论文题目", "inst": "作者背景", "link": "论文地址", "abstract": "摘要"},
    "en": {"title": "Title", "inst": "Authors", "link": "Link", "abstract": "Abstract"},
    "en2": {"title": "Paper title", "inst": "Affiliation", "link": "DOI", "abstract": "Summary"},
}
# words that cannot be mistaken for labels, headings, numbering or URLs ("sEssion A A" on a
# line of its own is a session heading, whatever its case)
HEADING_WORDS = {"session", "sessions", "track", "keynote", "panel", "workshop", "tutorial"}
word = st.text(
    alphabet=st.sampled_from(list("abcdefghijklmnopqrstuvwxyzABCDEFG深度学习图计算系统加速")),
    min_size=1,
    max_size=10,
).filter(lambda w: w.casefold() not in HEADING_WORDS)
sentence = st.lists(word, min_size=2, max_size=8).map(" ".join)
doi = st.tuples(st.integers(1000, 99999), st.integers(1, 10**7)).map(lambda t: f"10.{t[0]}/{t[1]}")
paper = st.fixed_dictionaries(
    {"title": sentence, "doi": doi, "inst": sentence, "abstract": sentence}
)


@st.composite
def notes(draw: st.DrawFn) -> tuple[str, list[dict], list[str | None]]:
    style = STYLES[draw(st.sampled_from(sorted(STYLES)))]
    colon = draw(st.sampled_from([":", "：", ": "]))
    papers = draw(st.lists(paper, min_size=1, max_size=6, unique_by=lambda p: p["doi"]))
    lines = ["Conference: MLSys 2024", ""]
    sessions: list[str | None] = []
    current: str | None = None
    for i, p in enumerate(papers):
        if draw(st.booleans()):
            current = f"S{i} " + draw(word)
            heading = draw(st.sampled_from(["Session ", "## Session ", "## "]))
            lines += [heading + current, ""]
        if draw(st.booleans()):
            lines.append(draw(st.sampled_from([f"{i + 1},", str(i + 1), f"{i + 1}、"])))
        lines.append(f"{style['title']}{colon}{p['title']}")
        lines.append(f"{style['inst']}{colon}{p['inst']}")
        link = draw(st.sampled_from(["https://doi.org/", "https://dl.acm.org/doi/", ""]))
        lines.append(f"{style['link']}{colon}{link}{p['doi']}")
        if draw(st.booleans()):
            lines += [style["abstract"], p["abstract"]]
        else:
            lines.append(f"{style['abstract']}{colon}{p['abstract']}")
        lines.append("")
        sessions.append(current)
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    bom = draw(st.sampled_from(["", "\ufeff"]))
    return bom + newline.join(lines), papers, sessions


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(notes())
def test_written_papers_read_back(case: tuple[str, list[dict], list[str | None]]) -> None:
    text, papers, sessions = case
    parsed = parse_text(text, "gen.txt", LABELS)
    assert parsed.problems == []
    assert [p.title for p in parsed.papers] == [p["title"] for p in papers]
    assert [p.doi for p in parsed.papers] == [p["doi"].lower() for p in papers]
    assert [p.institutions for p in parsed.papers] == [p["inst"] for p in papers]
    assert [p.abstract for p in parsed.papers] == [p["abstract"] for p in papers]
    assert [p.session for p in parsed.papers] == sessions
    assert parsed.conference.name == "MLSys" and parsed.conference.year == 2024


@settings(max_examples=300)
@given(st.text(max_size=400))
def test_any_text_reads_without_crashing_and_problems_point_inside(text: str) -> None:
    parsed = parse_text(text, "any.txt", LABELS)
    last = max(1, len(text.splitlines()))
    for problem in parsed.problems:
        assert 1 <= problem.line <= last
    for p in parsed.papers:
        assert p.title and 1 <= p.span.line <= p.span.end_line <= last


def test_a_venue_name_in_other_letters_is_no_venue_heading() -> None:
    """Found by the property above: "## S0 sC" was taken for the venue SC, and so would
    "## Fast storage" be for FAST; "## SC" and "## osdi" alone still name venues."""
    for heading, session in [
        ("S0 sC", "S0 sC"),
        ("Fast storage", "Fast storage"),
        ("SC", None),
        ("osdi", None),
    ]:
        text = (
            f"Conference: MLSys 2024\n\n## {heading}\n\nTitle: A A\nAuthors: A A\n"
            "Link: https://doi.org/10.1000/1\nAbstract: A A\n"
        )
        parsed = parse_text(text, "gen.txt", LABELS)
        assert [p.session for p in parsed.papers] == [session], heading
