"""Check a graph against kg's SHACL shapes (``ontology/shapes.ttl``) with pySHACL.

Like pySHACL's own command, :func:`validate` returns whether the graph
conforms and a report; ``kg validate`` exits 0 when it conforms, 1 on
violations, 2 when it could not validate at all. Warnings (sh:Warning, such
as a paper without a DOI) are reported but do not break conformance.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

import rdflib
from rdflib import Graph, URIRef
from rdflib.namespace import SH

from . import files
from .query import values
from .rdf.graph import plain_copy


@dataclass(frozen=True)
class Finding:
    severity: str  # "Violation" | "Warning" | "Info"
    focus: str
    path: str
    message: str
    value: str = ""

    def __str__(self) -> str:
        where = f"{self.focus}" + (f" {self.path}" if self.path else "")
        value = f" (value: {self.value})" if self.value else ""
        return f"{self.severity}: {where}: {self.message}{value}"


@dataclass
class Validation:
    conforms: bool
    findings: list[Finding] = field(default_factory=list)

    @property
    def violations(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "Violation"]

    def text(self) -> str:
        counts = {s: sum(f.severity == s for f in self.findings) for s in ("Violation", "Warning")}
        head = "Conforms" if self.conforms else "Does not conform"
        lines = [f"{head}: {counts['Violation']} violation(s), {counts['Warning']} warning(s)"]
        lines += [f"  {f}" for f in self.findings]
        return "\n".join(lines)


def validate(graph: Graph) -> Validation:
    """Validate ``graph`` against kg's shapes, with kg's ontology for the class hierarchy."""
    import pyshacl

    shapes = Graph().parse(files.shapes_file())
    ontology = Graph().parse(files.ontology_file())
    # an ill-typed literal ("abc"^^xsd:decimal) is a violation the report names; rdflib
    # would also log a traceback for it when it reads the value
    quiet = logging.getLogger("rdflib.term")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)
    try:
        conforms, report, _ = pyshacl.validate(
            plain_copy(graph),
            shacl_graph=shapes,
            ont_graph=ontology,
            inference="none",
            allow_warnings=True,
            advanced=True,
        )
    finally:
        quiet.setLevel(level)
    findings = []
    for result in report.subjects(rdflib.RDF.type, SH.ValidationResult):
        severity = str(report.value(result, SH.resultSeverity)).rsplit("#", 1)[-1]
        findings.append(
            Finding(
                severity=severity,
                focus=str(report.value(result, SH.focusNode)),
                path=_short(report.value(result, SH.resultPath)),
                message=str(report.value(result, SH.resultMessage) or ""),
                value=str(report.value(result, SH.value) or ""),
            )
        )
    findings += _unknown_units(graph)
    order = {"Violation": 0, "Warning": 1, "Info": 2}
    findings.sort(key=lambda f: (order.get(f.severity, 3), f.focus, f.path, f.message))
    return Validation(bool(conforms), findings)


_UNITS = "SELECT DISTINCT ?m ?u WHERE { ?m <http://qudt.org/schema/qudt/hasUnit> ?u }"


def _unknown_units(graph: Graph) -> list[Finding]:
    """Claims whose ``qudt:hasUnit`` is no unit of QUDT (SHACL cannot hold QUDT's 2,928
    units as well as a set can)."""
    known = files.qudt_units()
    return [
        Finding(
            severity="Violation",
            focus=str(m),
            path="<http://qudt.org/schema/qudt/hasUnit>",
            message="A claim's QUDT unit is a unit of QUDT's unit vocabulary (v3.5.0).",
            value=str(u),
        )
        for m, u in values(graph, _UNITS)
        if u is not None and u not in known
    ]


def _short(term: object) -> str:
    if isinstance(term, URIRef):
        return term.n3()
    return "" if term is None else str(term)
