"""ruff keeps the code base clean (lint and format), and mypy checks kg's types (strict)."""

from __future__ import annotations

import shutil
import subprocess
import sys

from .conftest import ROOT, need


def _ruff() -> list[str]:
    found = shutil.which("ruff")
    if found:
        return [found]
    try:
        import ruff  # noqa: F401
    except ImportError:
        need(False, "ruff is not installed: pip install -e '.[test]'")
    return [sys.executable, "-m", "ruff"]


def test_ruff_check() -> None:
    done = subprocess.run([*_ruff(), "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format() -> None:
    done = subprocess.run(
        [*_ruff(), "format", "--check", "."], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict() -> None:
    try:
        import mypy  # noqa: F401
    except ImportError:
        need(False, "mypy is not installed: pip install -e '.[test]'")
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
