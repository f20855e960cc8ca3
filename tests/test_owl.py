"""kg's ontology with the SC21 graph under OWL 2 DL reasoners (HermiT and Pellet, both in
owlready2, run with the system's Java) and the OWL 2 RL closure (owlrl): consistent, with
no class equivalence, empty class or identity a user did not state."""

from __future__ import annotations

import contextlib
import io
import shutil
import tempfile
from pathlib import Path

import pytest
import rdflib
from rdflib.namespace import OWL, RDF, RDFS, SKOS

from .conftest import ROOT, need

KG = "https://w3id.org/kg/ontology#"
DATA = "https://w3id.org/kg/id/"
# the datatypes of OWL 2's datatype map that kg may use (xsd:gYear, rdf:langString are not)
OWL2_DATATYPES = {
    str(rdflib.XSD[name])
    for name in ("string", "integer", "decimal", "boolean", "date", "dateTime", "anyURI")
} | {str(RDF.PlainLiteral), str(RDFS.Literal)}


@pytest.fixture(scope="module")
def combined(sc21_out: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ontology and the SC21 graph, as one N-Triples file (owlready2 reads no Turtle)."""
    g = rdflib.Graph().parse(ROOT / "ontology" / "kg.ttl")
    g.parse(sc21_out / "graph.ttl")
    path = tmp_path_factory.mktemp("owl") / "combined.nt"
    g.serialize(path, format="nt", encoding="utf-8")
    return path


def test_the_ontology_uses_only_owl2_datatypes() -> None:
    g = rdflib.Graph().parse(ROOT / "ontology" / "kg.ttl")
    ranges = {
        str(r) for p in g.subjects(RDF.type, OWL.DatatypeProperty) for r in g.objects(p, RDFS.range)
    }
    assert ranges <= OWL2_DATATYPES, ranges - OWL2_DATATYPES
    # a datatype property under an annotation property (skos:note) is outside OWL 2 DL
    for p in g.subjects(RDF.type, OWL.DatatypeProperty):
        assert SKOS.note not in set(g.objects(p, RDFS.subPropertyOf)), p


def _reason(combined: Path, reasoner: str) -> tuple[set[str], dict[str, set[str]]]:
    """Run one reasoner on a fresh in-memory owlready2 world: the kg classes found empty,
    and each kg class's equivalents, before and after, must not change. Raises what the
    reasoner raises (inconsistency, an unsupported datatype)."""
    import owlready2

    need(shutil.which("java") is not None, "Java missing: apt-get install default-jre-headless")
    scratch = tempfile.mkdtemp(prefix="kg-owl-")
    saved, tempfile.tempdir = tempfile.tempdir, scratch  # the reasoner's input file goes here
    try:
        world = owlready2.World()  # in memory: no quadstore file
        with combined.open("rb") as f, contextlib.redirect_stderr(io.StringIO()):
            world.get_ontology("http://kg-check.invalid/combined").load(
                fileobj=f, format="ntriples"
            )

        def equivalents() -> dict[str, set[str]]:
            return {
                c.iri: {getattr(e, "iri", str(e)) for e in c.equivalent_to}
                for c in world.classes()
                if c.iri.startswith(KG)
            }

        before = equivalents()
        with contextlib.redirect_stderr(io.StringIO()):
            if reasoner == "hermit":
                owlready2.sync_reasoner(world, infer_property_values=False, debug=0)
            else:
                owlready2.sync_reasoner_pellet(
                    world, infer_property_values=False, infer_data_property_values=False, debug=0
                )
        empty = {c.iri for c in world.inconsistent_classes() if c.iri.startswith(KG)}
        after = equivalents()
        added = {k: v - before.get(k, set()) for k, v in after.items() if v - before.get(k, set())}
        world.close()
        return empty, added
    finally:
        tempfile.tempdir = saved
        shutil.rmtree(scratch, ignore_errors=True)


@pytest.mark.parametrize("reasoner", ["hermit", "pellet"])
def test_owl2_dl_reasoners_find_the_graph_consistent(combined: Path, reasoner: str) -> None:
    """HermiT refused xsd:gYear (not in OWL 2's datatype map); Pellet called every
    rdf:langString value outside its range, so ontology and data inconsistent."""
    empty, added = _reason(combined, reasoner)
    assert empty == set()
    assert added == {}


def test_the_owl2_rl_closure_merges_nothing(combined: Path) -> None:
    """No resource of kg's is made empty, the same as another, or a class equal to another;
    no two kg units become one."""
    import owlrl

    g = rdflib.Graph().parse(combined)
    owlrl.DeductiveClosure(owlrl.OWLRL_Semantics).expand(g)
    assert not set(g.subjects(RDF.type, OWL.Nothing))
    same = {
        (a, b)
        for a, b in g.subject_objects(OWL.sameAs)
        if a != b and (str(a).startswith(DATA) or str(b).startswith(DATA))
    }
    assert same == set()
    equal = {
        (a, b)
        for a, b in g.subject_objects(OWL.equivalentClass)
        if a != b and str(a).startswith(KG) and str(b).startswith(KG)
    }
    assert equal == set()
    units = DATA + "unit/"
    matched = {
        (a, b)
        for a, b in g.subject_objects(SKOS.exactMatch)
        if a != b and str(a).startswith(units) and str(b).startswith(units)
    }
    assert matched == set()
