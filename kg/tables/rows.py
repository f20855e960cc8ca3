"""The rows of the claims, papers and institutions tables, and their text (see
:mod:`kg.tables`)."""

from __future__ import annotations

import csv
import io
import json
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import KgError
from ..query.engines import values
from ..rdf.prefixes import NAMESPACES
from ..text import fold, plain_table, printable
from .choices import FORMATS, TABLES

if TYPE_CHECKING:
    from ..rdf.graph import GraphOrStore

__all__ = ["CLAIM_COLUMNS", "CLAIM_PAPER_COLUMNS", "Table", "table"]

Cell = str | float | int | None

# the IRIs of kg's directions and qualifiers (kg.rdf.vocab), by name
_KG = NAMESPACES["kg"]
_DIRECTION = {_KG + k: k.lower() for k in ("Improvement", "Reduction", "Neutral")}
_QUALIFIER = {
    _KG + "".join(w.title() for w in name.split()): name
    for name in ("up to", "more than", "at least", "on average", "less than", "about")
}

_CLAIMS = """
SELECT ?m ?paper ?claim ?text ?measure ?direction ?qualifier ?value ?min ?max ?unit ?vague
       ?sentence ?line WHERE {
  ?m a kg:Metric ; kg:paper ?paper ; rdfs:label ?claim .
  OPTIONAL { ?m kg:claimText ?text }
  OPTIONAL { ?m kg:measures/rdfs:label ?measure }
  OPTIONAL { ?m kg:direction ?direction }
  OPTIONAL { ?m kg:qualifier ?qualifier }
  OPTIONAL { ?m kg:value ?value }
  OPTIONAL { ?m kg:minValue ?min }
  OPTIONAL { ?m kg:maxValue ?max }
  OPTIONAL { ?m kg:unit/skos:notation ?unit }
  OPTIONAL { ?m kg:baselineText ?vague }
  OPTIONAL { ?m kg:sourceSentence ?sentence }
  OPTIONAL { ?m kg:sourceLine ?line }
}
"""
_PAPERS = """
SELECT ?paper ?title ?doi ?session ?conference ?year WHERE {
  ?paper a kg:Paper ; dcterms:title ?title .
  OPTIONAL { ?paper bibo:doi ?doi }
  OPTIONAL { ?paper kg:session/rdfs:label ?session }
  OPTIONAL { ?paper kg:conference ?c . ?c rdfs:label ?conference . OPTIONAL { ?c kg:year ?year } }
}
"""
# (subject, label) pairs of the many-valued links
_LINKS = {
    "baselines": "SELECT ?s ?l WHERE { ?s a kg:Metric ; kg:baseline/rdfs:label ?l }",
    "systems": "SELECT ?s ?l WHERE { ?s a kg:Paper ; kg:presents/rdfs:label ?l }",
    "institutions": "SELECT ?s ?l WHERE { ?s a kg:Paper ; kg:affiliation/rdfs:label ?l }",
    "countries": """SELECT DISTINCT ?s ?l WHERE { ?s a kg:Paper .
        { ?s kg:country ?c } UNION { ?s kg:affiliation/kg:country ?c } ?c rdfs:label ?l }""",
    "techniques": "SELECT ?s ?l WHERE { ?s a kg:Paper ; kg:technique/rdfs:label ?l }",
}
_INSTITUTIONS = """
SELECT ?i ?name ?country ?ror ?resolved WHERE {
  ?p kg:affiliation ?i . ?i rdfs:label ?name .
  OPTIONAL { ?i kg:country/rdfs:label ?country }
  OPTIONAL { ?i schema:sameAs ?ror FILTER(STRSTARTS(STR(?ror), "https://ror.org/")) }
  OPTIONAL { ?i kg:resolved ?resolved }
}
"""
_INSTITUTION_PAPERS = "SELECT ?i ?p WHERE { ?p a kg:Paper ; kg:affiliation ?i }"
_CLAIM_PAPERS = "SELECT ?m ?p WHERE { ?m a kg:Metric ; kg:paper ?p }"


@dataclass(frozen=True)
class Table:
    """A table: its name, column names and rows of cells (text, numbers or None)."""

    name: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]

    def __len__(self) -> int:
        return len(self.rows)

    def records(self) -> list[dict[str, Cell]]:
        """The rows as dicts, column name to cell."""
        return [dict(zip(self.columns, row, strict=True)) for row in self.rows]

    def text(self, fmt: str = "table") -> str:
        """The table as ``csv`` (RFC 4180), ``markdown``, ``json`` (an array of objects)
        or a plain-text ``table``; every format ends with a newline."""
        if fmt not in FORMATS:
            raise KgError(f"unknown table format {fmt!r}; choose from {', '.join(FORMATS)}")
        writer: Callable[[], str] = {
            "csv": self._csv,
            "markdown": self._markdown,
            "json": self._json,
            "table": self._plain,
        }[fmt]
        return writer()

    def _csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(self.columns)
        writer.writerows([_inert(_cell(c)) for c in row] for row in self.rows)
        return out.getvalue()

    def _markdown(self) -> str:
        def esc(text: str) -> str:
            return re.sub(r"([\\|`*_\[\]<>])", r"\\\1", " ".join(printable(text).split()))

        lines = ["| " + " | ".join(self.columns) + " |"]
        lines.append("|" + "|".join(" --- " for _ in self.columns) + "|")
        lines += ["| " + " | ".join(esc(_cell(c)) for c in row) + " |" for row in self.rows]
        return "\n".join(lines) + "\n"

    def _json(self) -> str:
        return json.dumps(self.records(), ensure_ascii=False, indent=1) + "\n"

    def _plain(self) -> str:
        cells = [[" ".join(_cell(c).split()) for c in row] for row in self.rows]
        cells = [[c if len(c) <= 60 else c[:59] + "…" for c in row] for row in cells]
        return plain_table(self.columns, cells) + "\n"


def table(graph: GraphOrStore, name: str) -> Table:
    """The ``claims``, ``papers`` or ``institutions`` table of ``graph``."""
    if name not in TABLES:
        raise KgError(f"unknown table {name!r}; choose from {', '.join(TABLES)}")
    return {"claims": claims_table, "papers": papers_table, "institutions": institutions_table}[
        name
    ](graph)


# the claims table's columns that belong to the claim's paper (the page sends them once)
CLAIM_PAPER_COLUMNS = (
    "paper",
    "doi",
    "system",
    "session",
    "conference",
    "year",
    "institutions",
    "countries",
    "techniques",
)
CLAIM_COLUMNS = (
    *CLAIM_PAPER_COLUMNS,
    "claim",
    "measure",
    "direction",
    "qualifier",
    "value",
    "min",
    "max",
    "unit",
    "baseline",
    "baseline_kind",
    "sentence",
    "line",
)


def claims_table(graph: GraphOrStore) -> Table:
    """Every claim, with its paper's facts, what it measures and what it is compared with."""
    papers = _papers(graph)
    links = _links(graph, ("baselines", "systems", "institutions", "countries", "techniques"))
    rows: list[tuple[tuple[object, ...], tuple[Cell, ...]]] = []
    for m, paper, label, text, measure, direction, qualifier, *rest in values(graph, _CLAIMS):
        value, low, high, unit, vague, sentence, line = rest
        if m is None or paper is None:
            continue
        p = papers.get(paper, {})
        named = links["baselines"].get(m, [])
        baseline = "; ".join(named) or (vague or "")
        kind = "named" if named else ("unnamed" if vague else "")
        row: tuple[Cell, ...] = (
            p.get("title", ""),
            p.get("doi", ""),
            "; ".join(links["systems"].get(paper, [])),
            p.get("session", ""),
            p.get("conference", ""),
            _int(p.get("year")),
            "; ".join(links["institutions"].get(paper, [])),
            "; ".join(links["countries"].get(paper, [])),
            "; ".join(links["techniques"].get(paper, [])),
            text or label or "",
            measure or "",
            _DIRECTION.get(direction or "", ""),
            _QUALIFIER.get(qualifier or "", ""),
            _number(value),
            _number(low),
            _number(high),
            unit or "",
            baseline,
            kind,
            sentence or "",
            _int(line),
        )
        order = (
            p.get("conference", ""),
            p.get("session", ""),
            row[0],
            paper,
            row[20] or 0,
            _natural(m),
        )
        rows.append((order, row))
    return Table("claims", CLAIM_COLUMNS, tuple(r for _, r in sorted(rows, key=lambda x: x[0])))


PAPER_COLUMNS = (
    "title",
    "system",
    "session",
    "conference",
    "year",
    "institutions",
    "countries",
    "doi",
    "claims",
)


def papers_table(graph: GraphOrStore) -> Table:
    """Every paper: title, the systems it presents, session, conference, institutions,
    countries, DOI and how many claims it makes."""
    papers = _papers(graph)
    links = _links(graph, ("systems", "institutions", "countries"))
    claims = _count(values(graph, _CLAIM_PAPERS), by=1)
    rows = []
    for iri, p in papers.items():
        rows.append(
            (
                (p.get("conference", ""), p.get("session", ""), p["title"], iri),
                (
                    p["title"],
                    "; ".join(links["systems"].get(iri, [])),
                    p.get("session", ""),
                    p.get("conference", ""),
                    _int(p.get("year")),
                    "; ".join(links["institutions"].get(iri, [])),
                    "; ".join(links["countries"].get(iri, [])),
                    p.get("doi", ""),
                    claims.get(iri, 0),
                ),
            )
        )
    return Table("papers", PAPER_COLUMNS, tuple(r for _, r in sorted(rows, key=lambda x: x[0])))


INSTITUTION_COLUMNS = ("institution", "country", "ror", "in_registry", "papers", "claims")


def institutions_table(graph: GraphOrStore) -> Table:
    """Every institution named in a paper: country, ROR id, whether kg's registry knows it,
    and its number of papers and claims, most papers first."""
    found: dict[str, tuple[str, str, str, str]] = {}
    for i, name, country, ror, resolved in values(graph, _INSTITUTIONS):
        if i is not None:
            found.setdefault(i, (name or "", country or "", ror or "", resolved or "true"))
    papers_of: dict[str, set[str]] = defaultdict(set)
    for i, p in values(graph, _INSTITUTION_PAPERS):
        papers_of[str(i)].add(str(p))
    claims_of = _count(values(graph, _CLAIM_PAPERS), by=1)
    rows = []
    for i, (name, country, ror, resolved) in found.items():
        n_papers = len(papers_of[i])
        n_claims = sum(claims_of.get(p, 0) for p in papers_of[i])
        row: tuple[Cell, ...] = (name, country, ror, "no" if resolved == "false" else "yes")
        rows.append(((-n_papers, fold(name), i), (*row, n_papers, n_claims)))
    return Table(
        "institutions", INSTITUTION_COLUMNS, tuple(r for _, r in sorted(rows, key=lambda x: x[0]))
    )


# --- helpers ------------------------------------------------------------------------------


def _papers(graph: GraphOrStore) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for paper, title, doi, session, conference, year in values(graph, _PAPERS):
        if paper is None:
            continue
        entry = out.setdefault(paper, {"title": title or ""})
        for key, value in (("doi", doi), ("session", session), ("conference", conference)):
            if value and (key not in entry or value < entry[key]):
                entry[key] = value  # several: the least, so that the table is stable
        if year:
            entry["year"] = year
    return out


def _links(graph: GraphOrStore, names: Iterable[str]) -> dict[str, dict[str, list[str]]]:
    """Each link's labels per subject, in a stable order (sorted, without repeats)."""
    out: dict[str, dict[str, list[str]]] = {}
    for name in names:
        found: dict[str, set[str]] = defaultdict(set)
        for s, label in values(graph, _LINKS[name]):
            if s is not None and label is not None:
                found[s].add(label)
        out[name] = {s: sorted(labels, key=lambda x: (fold(x), x)) for s, labels in found.items()}
    return out


def _count(rows: Iterable[tuple[str | None, ...]], by: int) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        if row[by] is not None:
            counts[str(row[by])] += 1
    return counts


def _number(text: str | None) -> float | int | None:
    if text is None:
        return None
    number = float(text)
    return int(number) if number.is_integer() and abs(number) < 2**53 else number


def _int(text: str | None) -> int | None:
    try:
        return int(text) if text else None
    except ValueError:
        return None


def _natural(text: str) -> tuple[object, ...]:
    """ "claim/10" after "claim/9"."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text))


def _cell(cell: Cell) -> str:
    return "" if cell is None else str(cell)


def _inert(text: str) -> str:
    """A CSV cell a spreadsheet will not run: text from the notes that starts like a
    formula ("=HYPERLINK(...)", "+cmd", "@SUM") gets a leading apostrophe, as OWASP
    advises; numbers ("-20") stay numbers. graph.html's CSV export does the same."""
    if text[:1] in ("=", "+", "-", "@", "\t", "\r") and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
