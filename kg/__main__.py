"""``python -m kg`` and the ``kg`` command: Ctrl-C at any moment, even while kg is still
being imported, ends with one line and exit 130, not a traceback."""

from __future__ import annotations

import sys


def run() -> int:
    try:
        from .cli import main

        return main()
    except KeyboardInterrupt:
        sys.stderr.write("kg: interrupted\n")
        return 130


if __name__ == "__main__":
    sys.exit(run())
