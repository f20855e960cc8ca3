"""Where a build's time goes (``kg build --timings``) and a progress bar for long builds."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO


class Stages:
    """Wall-clock seconds per named stage (a stage may run in several pieces), listed in
    the ``order`` given, then as met."""

    def __init__(self, order: tuple[str, ...] = ()) -> None:
        self.seconds: dict[str, float] = dict.fromkeys(order, 0.0)

    @contextmanager
    def __call__(self, name: str) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - start

    def as_dict(self) -> dict[str, float]:
        return {k: round(v, 3) for k, v in self.seconds.items() if v}


def progress_bar(
    total: int, enabled: bool, unit: str = "papers", stream: TextIO | None = None
) -> Callable[[int], None]:
    """A function to call with each amount of work done; draws a bar on a terminal only.

    The bar appears once a second has passed, so short builds stay quiet, and
    is cleared when the work is done.
    """
    if not enabled or total <= 0:
        return lambda n: None
    out = stream or sys.stderr
    start = time.perf_counter()
    state = {"done": 0, "shown": 0.0}

    def update(n: int) -> None:
        state["done"] += n
        now = time.perf_counter()
        if now - start < 1.0 or (now - state["shown"] < 0.2 and state["done"] < total):
            return
        state["shown"] = now
        done = min(state["done"], total)
        width = 30
        filled = int(width * done / total)
        rate = done / (now - start)
        left = (total - done) / rate if rate else 0
        out.write(
            f"\r{done * 100 // total:3d}% |{'█' * filled}{' ' * (width - filled)}| "
            f"{done:,}/{total:,} {unit}, {rate:,.0f}/s, {left:.0f} s left "
        )
        if done >= total:
            out.write("\r" + " " * (width + 60) + "\r")
        out.flush()

    return update
