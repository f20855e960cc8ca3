"""Python's cycle collector paused while kg makes many objects that live on.

A build's statements, and a page's index of every paper, are made of millions of small
objects. Each time enough of them pile up the collector walks them all again, and finds
no garbage: they are all still in use. ``python bench/tricks.py --papers 10000`` measures
what the pause buys in a build and in a page.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["paused"]


@contextmanager
def paused() -> Iterator[None]:
    """The collector paused for the ``with`` block.

    Afterwards the objects made meanwhile join the oldest generation: left in the
    youngest, the first allocation after the pause would walk all of them at once."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if gc.get_freeze_count() == 0:  # unfreeze would release what others froze
            gc.freeze()  # every tracked object to the permanent generation,
            gc.unfreeze()  # and from there to the oldest one
        if was:
            gc.enable()
