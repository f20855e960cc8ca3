"""How long ``kg build`` takes to bring its on-disk store up to date, measured in one run.

    python bench/store.py                 # a generated corpus of 3,000 papers
    python bench/store.py --papers 30000

A store is made from the corpus, then brought up to date for the same corpus with one
file changed, and for a copy with every file changed, both by replacing the graphs that
changed in a copy of the last generation and by loading a new generation from nothing
(what kg does when :data:`kg.store.ANEW` says much changed). Numbers, not a test:
nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import kg.store as store
from kg.api import build_all

HERE = Path(__file__).resolve().parent
kept = store.ANEW  # what update() puts back


def update(before: Path, after: Path, anew: float) -> float:
    """Seconds to bring a store of ``before`` up to date for ``after``."""
    first, second = build_all([before]), build_all([after])
    out = Path(tempfile.mkdtemp(prefix="kg-bench-store-"))
    try:
        store.publish_store(store.prepare_store(first.statements, out))
        store.ANEW = anew
        start = time.perf_counter()
        store.publish_store(store.prepare_store(second.statements, out))
        return time.perf_counter() - start
    finally:
        store.ANEW = kept
        shutil.rmtree(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--papers", type=int, default=3000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="kg-bench-store-") as tmp:
        corpus, every, one = Path(tmp, "corpus"), Path(tmp, "every"), Path(tmp, "one")
        subprocess.run(
            [sys.executable, str(HERE / "generate.py"), str(args.papers), str(corpus)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        shutil.copytree(corpus, every)
        shutil.copytree(corpus, one)
        for i, path in enumerate(sorted(every.iterdir())):  # a word more in the last line
            changed = path.read_text(encoding="utf-8").rstrip("\n") + " Changed.\n"
            path.write_text(changed, encoding="utf-8")
            if i == 0:
                (one / path.name).write_text(changed, encoding="utf-8")
        never, always = 1.0, 0.0
        print(f"{args.papers} papers, seconds to bring the store up to date:")
        print(f"  one file changed, graphs replaced: {update(corpus, one, never):.2f}")
        print(f"  one file changed, loaded anew:     {update(corpus, one, always):.2f}")
        print(f"  every file changed, graphs replaced: {update(corpus, every, never):.2f}")
        print(f"  every file changed, loaded anew:     {update(corpus, every, always):.2f}")


if __name__ == "__main__":
    main()
