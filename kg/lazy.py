"""Names a package exports, imported on first use (PEP 562): ``kg --help`` and a question
on the store need none of rdflib, the extraction or the drawing libraries."""

from __future__ import annotations

import importlib
import sys

TYPE_CHECKING = False  # typing is not imported at run time: see kg/__init__.py
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any


def exports(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: each name in ``homes`` is taken from
    its module (``"rdf.vocab"``: ``package.rdf.vocab``) when first asked for, then kept."""

    def getattr_(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{home}", package), name)
        vars(sys.modules[package])[name] = value
        return value

    return getattr_
