"""The one place that finds kg's own files.

From a checkout the ontology and the default notes sit at the top of the
repository (``ontology/``, ``data/``); a wheel carries copies of them under
``kg/_bundled/``. Lexicons and named queries always live inside the package.
Everything else in kg asks this module for paths.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_CHECKOUT = _PACKAGE.parent


def _find(name: str) -> Path:
    for candidate in (_PACKAGE / "_bundled" / name, _CHECKOUT / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"kg cannot find its {name}/ folder (looked beside {_PACKAGE})")


def ontology_dir() -> Path:
    return _find("ontology")


def ontology_file() -> Path:
    return ontology_dir() / "kg.ttl"


def shapes_file() -> Path:
    return ontology_dir() / "shapes.ttl"


def default_notes_dir() -> Path:
    """``./data`` when run from a folder that has one, else the notes kg ships with."""
    local = Path("data")
    if local.is_dir() and any(p.suffix in (".txt", ".md") for p in local.iterdir()):
        return local
    return _find("data")


def lexicon_dir() -> Path:
    return _PACKAGE / "lexicons"


def lexicon_file(name: str) -> Path:
    return lexicon_dir() / f"{name}.yaml"


def queries_dir() -> Path:
    return _PACKAGE / "queries"
