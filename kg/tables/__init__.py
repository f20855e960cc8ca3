"""Step 4c: the graph as tables people sort, filter and paste: claims, papers, institutions.

The claims table is the comparison researchers otherwise make by hand: one row per
quantitative claim, with its paper, the paper's system, session and conference,
what the claim measures, which way, its qualifier, value or range and unit, what
it was compared with (a named system, or the notes' own words for an unnamed one)
and the sentence it came from. A few fixed SPARQL queries read the graph (Oxigraph,
as for the page); the rows are joined and sorted here, so that the same graph gives
the same table, byte for byte.

:func:`table` gives a :class:`Table`; :meth:`Table.text` writes it as CSV, Markdown,
JSON (an array of objects) or a plain-text table. ``kg table`` and the page's claims
tab use the same rows.
"""

from __future__ import annotations

from ..lazy import exports
from .choices import FORMATS, TABLES

TYPE_CHECKING = False  # typing is not imported at run time: see kg/__init__.py
if TYPE_CHECKING:
    from typing import Any

    from .rows import CLAIM_COLUMNS, CLAIM_PAPER_COLUMNS, Table, table

__all__ = ["CLAIM_COLUMNS", "CLAIM_PAPER_COLUMNS", "FORMATS", "TABLES", "Table", "table"]

# imported on first use (PEP 562): `kg --help` loads none of the SPARQL or text helpers
_HOMES = dict.fromkeys(("CLAIM_COLUMNS", "CLAIM_PAPER_COLUMNS", "Table", "table"), "rows")
__getattr__: Any = exports(__name__, _HOMES)
