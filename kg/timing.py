"""Where a build's time goes (``kg build --timings``), and a progress bar for long builds
(tqdm)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

_T = TypeVar("_T")


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


def _nothing(n: int) -> None:
    del n


@contextmanager
def progress(total: int, enabled: bool, unit: str = "files") -> Iterator[Callable[[int], None]]:
    """A function to call with each amount of work done; with ``enabled``, a bar on
    standard error that appears once a second has passed (short builds stay quiet)
    and is cleared when the work is done."""
    if not enabled or total <= 0:
        yield _nothing
        return
    from tqdm import tqdm

    with tqdm(total=total, unit=f" {unit}", delay=1.0, mininterval=0.2, leave=False) as bar:

        def done(n: int) -> None:
            bar.update(n)

        yield done


def within(run: Callable[[], _T], seconds: float, late: Callable[[], Exception]) -> _T:
    """``run()`` in a daemon thread; ``late()`` is raised if it has not returned within
    ``seconds`` (the thread is left to finish on its own), and its own error otherwise."""
    box: dict[str, _T] = {}
    failed: list[BaseException] = []

    def work() -> None:
        try:
            box["result"] = run()
        except BaseException as exc:  # noqa: BLE001 (handed to the caller below)
            failed.append(exc)

    worker = threading.Thread(target=work, daemon=True, name="kg-within")
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        raise late()
    if failed:
        raise failed[0]
    return box["result"]
