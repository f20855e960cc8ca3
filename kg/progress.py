"""Where a build's time goes (``kg build --timings``) and a progress bar for long builds."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager


class Stages:
    """Wall-clock seconds per named stage."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    @contextmanager
    def __call__(self, name: str) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - start

    def as_dict(self) -> dict[str, float]:
        return {k: round(v, 3) for k, v in self.seconds.items()}


def progress_bar(total: int, enabled: bool, unit: str = "paper") -> Callable[[int], None]:
    """A function to call with each amount of work done; draws a bar on a terminal only.

    The bar appears after a second, so short builds stay quiet.
    """
    if not enabled or total <= 0:
        return lambda n: None
    from tqdm import tqdm

    bar = tqdm(total=total, unit=unit, delay=1.0, leave=False, dynamic_ncols=True)

    def update(n: int) -> None:
        bar.update(n)
        if bar.n >= total:
            bar.close()

    return update
