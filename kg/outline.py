"""What kg understood of notes files, as text a person reads (``kg outline``).

For each file: the conference and where it came from, the sessions, and for
each paper its line, title, authors, institutions, DOI and the cues that made
it a paper; then the blocks that were skipped, once per block, and the
problems. Built from the records of steps 1 and 2; it changes nothing.
"""

from __future__ import annotations

from .records import Knowledge, NotesFile, PaperFacts
from .text import printable

SOURCES = {
    "option": "from --conference",
    "front matter": "from the front matter",
    "label": "from the conference line",
    "heading": "from the title",
    "text": "guessed from the text",
    "papers": "named by every paper",
}


def outline_text(know: Knowledge) -> str:
    """The outline of every notes file of a build, one after another."""
    facts = {id(f.paper): f for f in know.papers}
    parts = [_file(notes, know, facts) for notes in know.corpus.files]
    return printable("\n\n".join(parts)) + "\n"


def _file(notes: NotesFile, know: Knowledge, facts: dict[int, PaperFacts]) -> str:
    conf = notes.conference
    if conf.name:
        where = SOURCES.get(conf.source, f"from {conf.source}")
        line = f", line {conf.span.line}" if conf.span and conf.span.line else ""
        conference = f"{conf.label} ({where}{line})"
    elif any(p.conference.source == "paper" for p in notes.papers):
        own = sorted({p.conference.label for p in notes.papers if p.conference.source == "paper"})
        conference = "each paper's own (" + ", ".join(own) + ")"
    else:
        conference = "not found (give --conference 'NAME YEAR' or a kg.yaml)"
    out = [
        f"{notes.path}",
        f"  conference: {conference}",
        f"  {len(notes.papers)} papers, {len(notes.sessions)} sessions",
    ]
    session = None
    for paper in notes.papers:
        if paper.session != session:
            session = paper.session
            if session is not None:
                at = next((s.span.line for s in notes.sessions if s.name == session), 0)
                out.append(f"  session {session!r} (line {at})")
        f = facts.get(id(paper))
        indent = "    " if paper.session is not None else "  "
        out.append(f"{indent}{paper.span.line:>4}  {paper.title}")
        pad = indent + "      "
        if paper.conference.source == "paper" and conf.source != "papers":
            out.append(pad + "conference: " + paper.conference.label)
        if paper.authors:
            out.append(pad + "authors: " + ", ".join(a.name for a in paper.authors))
        if f is not None and f.institutions:
            names = []
            for iid in f.institutions:
                inst = know.institutions[iid]
                names.append(inst.name + ("" if inst.resolved else " (unresolved)"))
            out.append(pad + "institutions: " + "; ".join(names))
        ids = [f"doi {paper.doi}"] if paper.doi else []
        if paper.arxiv:
            ids.append(f"arXiv {paper.arxiv}")
        others = [link.kind for link in paper.links if link.kind != "paper"]
        if others:
            ids.append("links: " + ", ".join(others))
        if ids:
            out.append(pad + "; ".join(ids))
        out.append(pad + "cues: " + ", ".join(paper.cues))
    if notes.skipped:
        out.append("  skipped:")
        for block in notes.skipped:
            lines = f"{block.span.line}" + (
                f"-{block.span.end_line}" if block.span.end_line != block.span.line else ""
            )
            out.append(f"    {notes.path}:{lines}: {block.reason}: {block.excerpt!r}")
    if notes.problems:
        out.append("  problems:")
        out += [f"    {p}" for p in notes.problems]
    return "\n".join(out)
