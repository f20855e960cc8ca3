"""How much of a build reading the notes takes, on Markdown notes in real layouts.

    python bench/reader.py                  # 100 copies of each layout
    python bench/reader.py --copies 300

The corpus is made of the development notes of ``tests/data/notes-real/`` (headings
per paper, list items with nested authors, a pasted program, bare titles, dblp
entries, YAML front matter, Chinese prose) and kg's own default notes (the
labelled SC21 layout), each copied ``--copies`` times with its DOIs made unique.
The same run then times, per layout and for the whole corpus:

- reading (``kg.read_notes``: Markdown parsing and finding papers),
- understanding (``kg.extract``),
- a whole ``kg build --no-cache --no-html`` of the corpus,

and prints reading's share of each. Numbers, not a test: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import kg

ROOT = Path(__file__).resolve().parent.parent
LAYOUTS = [
    *sorted((ROOT / "tests" / "data" / "notes-real").glob("*/*.md")),
    ROOT / "data" / "sc21-dl-gpu-cloud.txt",
]
_DOI = re.compile(r"10\.(\d{4,9})/")


def corpus(folder: Path, copies: int) -> dict[str, list[Path]]:
    """``copies`` copies of each layout file, each with DOIs of its own."""
    made: dict[str, list[Path]] = {}
    for source in LAYOUTS:
        text = source.read_text(encoding="utf-8")
        layout = folder / source.stem
        layout.mkdir(parents=True)
        made[source.stem] = []
        for k in range(copies):
            path = layout / f"{k:04d}{source.suffix}"
            path.write_text(_DOI.sub(rf"10.\1/c{k}-", text), encoding="utf-8")
            made[source.stem].append(path)
    return made


def timed(step, *args):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = step(*args)
    return result, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--copies", type=int, default=100)
    args = parser.parse_args()
    lexicon = kg.load_lexicon()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "notes"
        made = corpus(folder, args.copies)
        print(f"{'layout':<40}{'papers':>8}{'KB':>8}{'read s':>9}{'extract s':>11}{'read %':>8}")
        total_read = total_extract = 0.0
        for name, paths in made.items():
            notes, read_s = timed(kg.read_notes, paths, lexicon)
            _, extract_s = timed(kg.extract, notes, lexicon)
            size = sum(p.stat().st_size for p in paths) // 1024
            share = 100 * read_s / (read_s + extract_s)
            print(
                f"{name:<40}{len(notes.papers):>8}{size:>8}{read_s:>9.2f}{extract_s:>11.2f}"
                f"{share:>7.0f}%"
            )
            total_read += read_s
            total_extract += extract_s
        out = Path(tmp) / "out"
        start = time.perf_counter()
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "kg",
                "build",
                str(folder),
                "-o",
                str(out),
                "--no-cache",
                "--no-html",
                "-q",
            ],
            check=False,
            capture_output=True,
            env={**os.environ, "KG_WORKERS": "1"},
        )
        if done.returncode not in (0, 1):  # 1: some notes could not be used, listed
            sys.exit(f"kg build failed ({done.returncode}): {done.stderr.decode()[-2000:]}")
        build_s = time.perf_counter() - start
        papers = sum(len(p) for p in made.values())
        print(
            f"\n{len(made)} layouts x {args.copies} copies = {papers} files:"
            f" read {total_read:.2f} s,"
            f" extract {total_extract:.2f} s, kg build (one process, --no-cache --no-html)"
            f" {build_s:.2f} s"
        )
        print(
            f"reading is {100 * total_read / (total_read + total_extract):.0f}% of reading +"
            f" understanding, and {100 * total_read / build_s:.0f}% of the whole build"
        )
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
