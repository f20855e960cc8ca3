"""The graph's statements, one named graph per notes file, kept as N-Triples text.

A :class:`GraphPart` is the statements of one named graph. ``head`` holds
triples about things other graphs may describe too (a notes file's
conference, sessions and source); the heads of all graphs are merged and
de-duplicated. ``body`` holds the rest, about subjects no other graph
describes (a file's papers and claims; the lexicon's institutions, techniques
...), as sorted N-Triples text, with the facts the writers and the page need
(its subjects, the number of subjects of each class, and its Turtle). Bodies
are written as they are, so a large graph is never handled triple by triple in
Python: that is what keeps ``kg build`` near the speed of Oxigraph itself
(``bench/run.py``: 30,000 papers in 21.4 s, 2.9x Oxigraph's load and Turtle write
of the same triples, against 75x for rdflib's path).

:class:`Statements` is the whole graph: the union (Turtle, N-Triples) is the
merged heads, then each body in the order of the graph IRIs, so the same input
always gives the same bytes, and no statement appears twice.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property

import pyoxigraph as ox

from ..errors import KgError
from .terms import IRI, Literal, Term, Triple, iri
from .vocab import RDF, RDFS, prefixes

A = iri(RDF.type)
LABEL = iri(RDFS.label)


@dataclass
class GraphPart:
    """The statements of one named graph, in the form the writers need."""

    head: tuple[Triple, ...]
    body: bytes = b""  # sorted N-Triples lines, each ending in " .\n"
    lines: int = 0
    subjects: tuple[IRI, ...] = ()
    classes: dict[str, int] = field(default_factory=dict)  # class IRI -> subjects
    turtle: bytes | None = None  # the body as Turtle without prefixes; None: not made yet

    def ntriples(self) -> bytes:
        """The graph's statements (its head, then its body) as N-Triples."""
        return _ntriples(self.head) + self.body


def graph_part(
    head: Iterable[Triple], body: Iterable[Triple], base: str | None = None
) -> GraphPart:
    """A :class:`GraphPart`; with ``base``, its Turtle is made now, by the worker process
    that made the statements, rather than by the main process when the file is written
    (``python bench/tricks.py --papers 10000``, two workers: 6.54 s -> 5.88 s for the
    statements and their Turtle)."""
    by_line = {t.line(): t for t in body}  # each statement written once, and once only
    lines = sorted(by_line)
    triples = [by_line[line] for line in lines]
    classes: dict[str, int] = {}
    for t in triples:
        if t.predicate == A and isinstance(t.object, IRI):
            classes[t.object.value] = classes.get(t.object.value, 0) + 1
    text = _joined(lines)
    part = GraphPart(
        head=tuple(sorted(set(head), key=Triple.line)),
        body=text,
        lines=len(lines),
        subjects=tuple(dict.fromkeys(t.subject for t in triples)),
        classes=classes,
    )
    if base is not None:
        part.turtle = turtle_body(text, base)
    return part


def _joined(lines: list[str]) -> bytes:
    return (" .\n".join(lines) + " .\n").encode("utf-8") if lines else b""


def _ntriples(triples: Iterable[Triple]) -> bytes:
    return _joined([t.line() for t in triples])


def parse_triples(ntriples: bytes) -> list[Triple]:
    """N-Triples text (kg's own) back to typed triples, by Oxigraph's parser."""

    def term(t: ox.NamedNode | ox.Literal | ox.BlankNode | ox.Triple) -> Term:
        if isinstance(t, ox.NamedNode):
            return iri(t.value)
        if isinstance(t, ox.Literal):
            return Literal(str(t))
        raise KgError(f"kg writes no blank nodes, found {t}")

    out = []
    for q in ox.parse(ntriples, format=ox.RdfFormat.N_TRIPLES):
        subject, predicate, obj = term(q.subject), term(q.predicate), term(q.object)
        if not isinstance(subject, IRI) or not isinstance(predicate, IRI):
            raise KgError(f"not a statement kg writes: {q}")
        out.append(Triple(subject, predicate, obj))
    return out


def turtle_prefixes(base: str) -> dict[str, str]:
    """The prefixes kg's Turtle and TriG files declare, in a stable order."""
    return dict(sorted(prefixes(base).items()))


def turtle_header(base: str) -> bytes:
    return "".join(f"@prefix {k}: <{v}> .\n" for k, v in turtle_prefixes(base).items()).encode()


# Turtle's lexical tokens as Oxigraph writes them: a one-line string (its escapes kept),
# an IRI in brackets, or a prefixed name whose local part may hold backslash escapes
_TOKENS = re.compile(
    rb'"(?:[^"\\\n]|\\.)*"'
    rb"|<[^>\n]*>"
    rb"|(?<![\w:\\])([A-Za-z][\w.-]*)?:((?:[\w:%-]|\\.|\.(?=[\w:%\\-]))+)"
)


def plain_names(turtle: bytes, names: dict[str, str]) -> bytes:
    """Turtle (or TriG) whose prefixed names hold no backslash escape: such a name
    ("paper:10.1145-3458817.3476143\\/claim\\/1", as Oxigraph writes it) is written as
    its full IRI instead. Escapes are valid Turtle, but Virtuoso 7.2 keeps the backslash
    in the IRI, so that its Turtle and N-Triples loads of one graph differ."""

    def full(m: re.Match[bytes]) -> bytes:
        local = m.group(2)
        if local is None or b"\\" not in local:
            return m.group(0)
        namespace = names[(m.group(1) or b"").decode()]
        return b"<" + namespace.encode() + re.sub(rb"\\(.)", rb"\1", local) + b">"

    def line(m: re.Match[bytes]) -> bytes:
        return _TOKENS.sub(full, m.group(0))

    # only the lines with a backslash are cut into tokens (no token spans lines):
    # `python bench/tricks.py --papers 1000`, 3.7 MB of Turtle: 0.40 s -> 0.10 s
    return _ESCAPED_LINE.sub(line, turtle)


_ESCAPED_LINE = re.compile(rb"^[^\n\\]*\\[^\n]*", re.MULTILINE)


def turtle_body(ntriples: bytes, base: str) -> bytes:
    """N-Triples text as Turtle statements with kg's prefixes, without the prefix lines:
    a Turtle file is one header (:func:`turtle_header`) followed by the bodies of its
    graphs. Oxigraph writes a line for each prefix it is given before the statements;
    those lines are left out."""
    if not ntriples:
        return b""
    names = turtle_prefixes(base)
    out = (
        ox.serialize(
            ox.parse(ntriples, format=ox.RdfFormat.N_TRIPLES),
            format=ox.RdfFormat.TURTLE,
            prefixes=names,
        )
        or b""
    )
    cut = 0
    for _ in names:
        if not out.startswith(b"@prefix ", cut):
            raise KgError("Oxigraph's Turtle did not start with the prefixes kg gave it")
        cut = out.index(b"\n", cut) + 1
    return plain_names(out[cut:], names)


@dataclass
class Statements:
    """The graph: one :class:`GraphPart` per named graph (keyed by the graph's IRI)."""

    graphs: dict[IRI, GraphPart]

    def __post_init__(self) -> None:
        self._separate()

    def _separate(self) -> None:
        """Keep bodies about subjects of their own: should two bodies (or a body and a
        head) describe one subject (a paper written out in two files, with one IRI), its
        statements move to the heads, which are merged."""
        seen: set[IRI] = set()
        shared = {t.subject for part in self.graphs.values() for t in part.head}
        for part in self.graphs.values():
            for subject in part.subjects:
                if subject in seen:
                    shared.add(subject)
                seen.add(subject)
        for g, part in self.graphs.items():
            if shared.isdisjoint(part.subjects):
                continue
            triples = parse_triples(part.body)
            moved = [t for t in triples if t.subject in shared]
            kept = [t for t in triples if t.subject not in shared]
            self.graphs[g] = graph_part([*part.head, *moved], kept)

    @cached_property
    def parts(self) -> list[tuple[IRI, GraphPart]]:
        return [(g, self.graphs[g]) for g in sorted(self.graphs, key=lambda g: g.value)]

    @cached_property
    def heads(self) -> list[Triple]:
        """The merged heads: sorted, distinct."""
        return sorted({t for part in self.graphs.values() for t in part.head}, key=Triple.line)

    def __len__(self) -> int:
        return len(self.heads) + sum(part.lines for part in self.graphs.values())

    def subjects(self) -> int:
        """How many distinct subjects the statements have."""
        heads = {t.subject for t in self.heads}
        return len(heads) + sum(len(part.subjects) for part in self.graphs.values())

    def classes(self) -> dict[str, int]:
        """How many subjects each class (IRI) has."""
        typed: dict[str, set[IRI]] = {}
        for t in self.heads:
            if t.predicate == A and isinstance(t.object, IRI):
                typed.setdefault(t.object.value, set()).add(t.subject)
        counts = {cls: len(subjects) for cls, subjects in typed.items()}
        for part in self.graphs.values():
            for cls, n in part.classes.items():
                counts[cls] = counts.get(cls, 0) + n
        return counts

    def ntriples_chunks(self) -> Iterator[bytes]:
        """The union as N-Triples, in pieces (written one after another)."""
        yield self._heads_text
        for _, part in self.parts:
            yield part.body

    def heads_text(self) -> bytes:
        """The merged heads as N-Triples."""
        return self._heads_text

    @cached_property
    def _heads_text(self) -> bytes:
        return _ntriples(self.heads)

    def ntriples(self) -> bytes:
        return self._ntriples

    @cached_property
    def _ntriples(self) -> bytes:
        return b"".join(self.ntriples_chunks())

    def turtle_chunks(self, base: str) -> Iterator[bytes]:
        """The union as Turtle, in pieces: the prefixes, the heads, then each body."""
        yield turtle_header(base)
        yield turtle_body(self._heads_text, base)
        for _, part in self.parts:
            yield part.turtle if part.turtle is not None else turtle_body(part.body, base)

    def ox_triples(self) -> Iterator[ox.Quad]:
        """The union, parsed by Oxigraph (quads in the default graph), in order."""
        return ox.parse(self.ntriples(), format=ox.RdfFormat.N_TRIPLES)

    def ox_quads(self) -> Iterator[ox.Quad]:
        """Each graph (its head, then its body) as quads in that graph, graph by graph."""
        for g, part in self.parts:
            graph = ox.NamedNode(g.value)
            for text in (_ntriples(part.head), part.body):
                for t in ox.parse(text, format=ox.RdfFormat.N_TRIPLES):
                    yield ox.Quad(t.subject, t.predicate, t.object, graph)

    def nquads(self) -> bytes:
        """Each graph in N-Quads, graph by graph (written by Oxigraph)."""
        return ox.serialize(self.ox_quads(), format=ox.RdfFormat.N_QUADS) or b""
