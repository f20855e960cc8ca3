"""What each speed trick in kg buys, each measured with and without it in one run.

    python bench/tricks.py                    # on a generated corpus of 3,000 papers
    python bench/tricks.py --papers 10000

- the cycle collector paused while a build makes its statements, and while a page is
  made (``kg.collector.paused``);
- each file's Turtle made by the worker process that made its statements, rather than
  by the main process when the file is written (two workers);
- lexicon words found with :class:`kg.extract.matcher.Matcher` (pyahocorasick's
  automaton, the longest word at each place), rather than with one regex of all the
  words (each made from the words, then run over every notes file);
- IRIs and ids encoded once (``kg.rdf.terms.iri``, ``kg.text.slug`` are cached);
- Oxigraph's Turtle cut into tokens only on the lines holding a backslash escape
  (``kg.rdf.statements.plain_names``), rather than every token of it;
- the comparison pattern "X is beaten by" tried where a clause starts (kg's
  ``metrics.yaml``), rather than from every character of every sentence.

Each trick is switched off in this process only (by replacing the function that holds
it), never in kg itself. Numbers, not a test: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pyoxigraph as ox

import kg.pipeline as pipeline
from kg import collector, files
from kg.extract import tables_for
from kg.extract.claims import split_sentences
from kg.extract.matcher import Matcher
from kg.html import prepare, write_page
from kg.lexicon import load_lexicon
from kg.rdf import check_base, terms, to_store
from kg.rdf.statements import _TOKENS, Statements, plain_names, turtle_prefixes
from kg.text import slug

HERE = Path(__file__).resolve().parent
BASE = check_base("https://w3id.org/kg/id/")


def timed(run: Callable[[], object], repeat: int = 2) -> float:
    """The best of ``repeat`` wall times."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def build(notes: list[files.NotesPath], workers: int) -> Statements:
    _, statements, _ = pipeline.build_statements(notes, load_lexicon(), BASE, workers=workers)
    return statements


def turtle(statements: Statements) -> bytes:
    return b"".join(statements.turtle_chunks(BASE))


def report(name: str, without: float, with_it: float) -> None:
    print(
        f"{name:<58} without {without:7.2f} s   with {with_it:7.2f} s   {without / with_it:5.2f}x"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--papers", type=int, default=3000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "notes"
        generate = [sys.executable, str(HERE / "generate.py"), str(args.papers), str(corpus)]
        subprocess.run(generate, check=True, capture_output=True)
        notes = files.notes_files([corpus])
        print(f"{args.papers} generated papers in {len(notes)} files\n")

        # 1. the cycle collector paused while statements are made (one process)
        with_it = timed(lambda: build(notes, 1))
        paused = collector.paused
        collector.paused = contextlib.nullcontext  # type: ignore[assignment]
        without = timed(lambda: build(notes, 1))
        collector.paused = paused
        report("collector paused during a build (1 process)", without, with_it)

        # 1b. the same while the page is made, from the statements of every file
        graph = to_store(build(notes, 1))
        prepare()
        page = Path(tmp) / "graph.html"
        with_it = timed(lambda: write_page(graph, page))
        collector.paused = contextlib.nullcontext  # type: ignore[assignment]
        without = timed(lambda: write_page(graph, page))
        collector.paused = paused
        report("collector paused while the page is made", without, with_it)

        # 2. Turtle made by the workers, or by the main process when it writes the file
        with_it = timed(lambda: turtle(build(notes, 2)))
        state = pipeline._Work.state

        def state_without_turtle(self: pipeline._Work, notes_file: object) -> object:
            record = state(self, notes_file)  # type: ignore[arg-type]
            graph = record.graph
            return type(record)(**{**_fields(record), "graph": _no_turtle(graph)})

        pipeline._Work.state = state_without_turtle  # type: ignore[assignment,method-assign]
        without = timed(lambda: turtle(build(notes, 2)))
        pipeline._Work.state = state  # type: ignore[method-assign]
        report("Turtle made by the workers (2 processes), then written", without, with_it)

        # 3. lexicon words: Matcher, against one regex of all the words
        lexicon = load_lexicon()
        words = {
            w.casefold(): c.id
            for c in lexicon.concepts.values()
            for w in (c.label, c.label_zh, *c.synonyms, *c.synonyms_zh)
            if w
        }
        texts = [p.read_text(encoding="utf-8") for p in (n.path for n in notes)]

        def with_matcher() -> object:
            matcher = Matcher(words, ignore_case=True)
            return [list(matcher.finditer(t)) for t in texts]

        def with_one_regex() -> object:
            re.purge()  # made anew, as in a new process
            alternation = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
            one = re.compile(rf"(?<![A-Za-z0-9])(?:{alternation})(?![A-Za-z0-9])", re.IGNORECASE)
            return [list(one.finditer(t)) for t in texts]

        with_it = timed(with_matcher)
        without = timed(with_one_regex)
        report(f"{len(words):,} technique words found by Matcher", without, with_it)

        # 4. IRIs and ids encoded once
        statements = build(notes, 1)
        values = [s.value for _, part in statements.parts for s in part.subjects] * 20
        names = [n.name for n in notes] * 500
        iri_cached, iri_plain = terms.iri, terms.iri.__wrapped__
        slug_cached, slug_plain = slug, slug.__wrapped__
        report(
            f"{len(values):,} IRIs encoded (iri)",
            timed(lambda: [iri_plain(v) for v in values]),
            timed(lambda: [iri_cached(v) for v in values]),
        )
        report(
            f"{len(names):,} ids made (slug)",
            timed(lambda: [slug_plain(n) for n in names]),
            timed(lambda: [slug_cached(n) for n in names]),
        )

        # 5. Turtle names with escapes: only the lines with a backslash cut into tokens
        spaces = turtle_prefixes(BASE)
        parsed = ox.parse(statements.ntriples(), format=ox.RdfFormat.N_TRIPLES)
        raw = ox.serialize(parsed, format=ox.RdfFormat.TURTLE, prefixes=spaces) or b""
        report(
            f"Turtle names unescaped ({len(raw) / 1e6:.1f} MB)",
            timed(lambda: _every_token(raw, spaces)),
            timed(lambda: plain_names(raw, spaces)),
        )

        # 6. "X is beaten by": tried where a clause starts, or from every character
        sentences = [s for text in texts for _, s in split_sentences(text)]
        anchored = next(rx for rx in tables_for(lexicon).comparisons if "beaten" in rx.pattern)
        anywhere = re.compile(anchored.pattern.replace(_CLAUSE_START, "", 1), re.IGNORECASE)
        report(
            f'"is beaten by" over {len(sentences):,} sentences',
            timed(lambda: [list(anywhere.finditer(s)) for s in sentences]),
            timed(lambda: [list(anchored.finditer(s)) for s in sentences]),
        )


_CLAUSE_START = "(?:^|(?<=[.;:,]))"


def _every_token(turtle: bytes, names: dict[str, str]) -> bytes:
    """``plain_names`` as it was: every token of the Turtle looked at in Python."""

    def full(m: re.Match[bytes]) -> bytes:
        local = m.group(2)
        if local is None or b"\\" not in local:
            return m.group(0)
        namespace = names[(m.group(1) or b"").decode()]
        return b"<" + namespace.encode() + re.sub(rb"\\(.)", rb"\1", local) + b">"

    return _TOKENS.sub(full, turtle)


def _fields(record: object) -> dict[str, object]:
    return {name: getattr(record, name) for name in record.__struct_fields__}  # type: ignore[attr-defined]


def _no_turtle(graph: object) -> object:
    return type(graph)(**{**_fields(graph), "turtle": None})


if __name__ == "__main__":
    main()
