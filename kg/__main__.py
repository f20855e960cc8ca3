"""``python -m kg`` and the ``kg`` command: Ctrl-C at any moment, even while kg is still
being imported, ends with one line and exit 130, not a traceback."""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing is not imported at run time: see kg/__init__.py
if TYPE_CHECKING:
    from typing import Any


def _interrupt_again(unraisable: Any) -> None:
    """A Ctrl-C that lands inside a ``__del__`` (the ``regex`` module's, while patterns
    are compiled) cannot be raised there: Python prints "Exception ignored in ...", a
    traceback, and goes on as if nothing happened. Deliver it again, out of the ``__del__``:
    from another thread a moment later (sent from here, it would land in this hook)."""
    if issubclass(unraisable.exc_type, KeyboardInterrupt):
        # imported here, not above: each module imported before :func:`run` widens the
        # moment in which a Ctrl-C still prints a traceback (signal brings enum, ~3.5 ms)
        import os
        import signal
        import threading

        again = threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGINT))
        again.daemon = True
        again.start()
    else:
        sys.__unraisablehook__(unraisable)


def run() -> int:
    sys.unraisablehook = _interrupt_again
    try:
        from .cli import main

        return main()
    except KeyboardInterrupt:
        sys.stderr.write("kg: interrupted\n")
        return 130


if __name__ == "__main__":
    sys.exit(run())
