"""SHACL validation (`kg validate`) and the ontology's own quality."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
import rdflib
from rdflib import RDF, RDFS, XSD, Literal, URIRef
from rdflib.namespace import OWL, SKOS

from kg import files
from kg.cli import main
from kg.rdf.vocab import BIBO, DCTERMS, KG
from kg.validate import validate

from .conftest import ROOT, need

BASE = "https://w3id.org/kg/id/"
PAPER = URIRef(BASE + "paper/10.1145-3458817.3476145")  # Chimera
CLAIM = URIRef(str(PAPER) + "/claim/4")  # 1.16x-2.34x, a range
INST = URIRef(BASE + "institution/eth-zurich")


@pytest.fixture
def graph(sc21_out: Path) -> rdflib.Graph:
    return rdflib.Graph().parse(sc21_out / "graph.ttl")


def test_the_sc21_graph_conforms(graph: rdflib.Graph) -> None:
    result = validate(graph)
    assert result.conforms, result.text()
    assert result.findings == []


def _drop(p: URIRef, s: URIRef = PAPER) -> Callable[[rdflib.Graph], None]:
    return lambda g: g.remove((s, p, None))


BREAKS: dict[str, tuple[Callable[[rdflib.Graph], None], URIRef, str]] = {
    "no title": (_drop(DCTERMS.title), DCTERMS.title, "exactly one title"),
    "two titles": (
        lambda g: g.add((PAPER, DCTERMS.title, Literal("Another", lang="en"))),
        DCTERMS.title,
        "exactly one title",
    ),
    "untagged title": (
        lambda g: (
            g.remove((PAPER, DCTERMS.title, None)),
            g.add((PAPER, DCTERMS.title, Literal("No language"))),
        ),
        DCTERMS.title,
        "language tag",
    ),
    "two DOIs": (
        lambda g: g.add((PAPER, BIBO.doi, Literal("10.1145/1.2"))),
        BIBO.doi,
        "at most one DOI",
    ),
    "malformed DOI": (
        lambda g: (g.remove((PAPER, BIBO.doi, None)), g.add((PAPER, BIBO.doi, Literal("doi:x")))),
        BIBO.doi,
        "10.NNNN",
    ),
    "two sessions": (
        lambda g: g.add((PAPER, KG.session, URIRef(BASE + "session/sc-2021/other"))),
        KG.session,
        "at most one session",
    ),
    "two conferences": (
        lambda g: g.add((PAPER, KG.conference, URIRef("https://w3id.org/kg/id/conference/x"))),
        KG.conference,
        "at most one conference",
    ),
    "claim with value and range": (
        lambda g: g.add((CLAIM, KG.value, Literal("1.5", datatype=XSD.decimal))),
        None,
        "either one value",
    ),
    "claim without unit": (_drop(KG.unit, CLAIM), KG.unit, "exactly one unit"),
    "claim without paper": (_drop(KG.paper, CLAIM), KG.paper, "exactly one paper"),
    "range upside down": (
        lambda g: (
            g.remove((CLAIM, KG.minValue, None)),
            g.add((CLAIM, KG.minValue, Literal("9.9", datatype=XSD.decimal))),
        ),
        KG.minValue,
        "no larger than its maximum",
    ),
    "untagged institution name": (
        lambda g: g.add((INST, SKOS.prefLabel, Literal("ETH"))),
        SKOS.prefLabel,
        "language-tagged",
    ),
    "method of no technique": (
        lambda g: g.add((URIRef(BASE + "method/2pl"), RDF.type, KG.Method)),
        KG.instanceOf,
        "instance of exactly one technique",
    ),
    "line zero": (
        lambda g: (
            g.remove((PAPER, KG.sourceLine, None)),
            g.add((PAPER, KG.sourceLine, Literal(0))),
        ),
        KG.sourceLine,
        "names the line",
    ),
}


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_each_kind_of_violation_is_caught(graph: rdflib.Graph, name: str) -> None:
    change, path, message = BREAKS[name]
    change(graph)
    result = validate(graph)
    assert not result.conforms
    hits = [f for f in result.violations if message in f.message]
    assert hits, result.text()
    if path is not None:
        assert any(f.path == path.n3() for f in hits), result.text()


@pytest.mark.parametrize(
    ("dropped", "message"),
    [(KG.affiliation, "at least one institution"), (KG.conference, "name its conference")],
)
def test_real_notes_often_lack_institutions_or_conference_a_warning(
    graph: rdflib.Graph, dropped: URIRef, message: str
) -> None:
    _drop(dropped)(graph)
    result = validate(graph)
    assert result.conforms
    assert [f.severity for f in result.findings] == ["Warning"]
    assert message in result.text()


def test_a_paper_without_doi_is_a_warning_not_a_violation(graph: rdflib.Graph) -> None:
    graph.remove((PAPER, BIBO.doi, None))
    result = validate(graph)
    assert result.conforms
    assert [f.severity for f in result.findings] == ["Warning"]
    assert "should have a DOI" in result.text()


def test_validate_command_exit_codes(sc21_out: Path, tmp_path: Path, capsys) -> None:
    assert main(["validate", str(sc21_out / "graph.ttl")]) == 0
    assert capsys.readouterr().out.startswith("Conforms: 0 violation(s)")
    g = rdflib.Graph().parse(sc21_out / "graph.ttl")
    g.remove((PAPER, DCTERMS.title, None))
    broken = tmp_path / "broken.ttl"
    g.serialize(broken, format="turtle")
    assert main(["validate", str(broken)]) == 1
    assert "Does not conform: 1 violation(s)" in capsys.readouterr().out
    bad = tmp_path / "bad.ttl"
    bad.write_text("this is not turtle", encoding="utf-8")
    assert main(["validate", str(bad)]) == 2
    assert "bad.ttl" in capsys.readouterr().err


# --- the ontology ---------------------------------------------------------------------


def ontology() -> rdflib.Graph:
    return rdflib.Graph().parse(files.ontology_file())


def test_ontology_has_iri_version_and_licence() -> None:
    onto = ontology()
    (iri,) = onto.subjects(RDF.type, OWL.Ontology)
    assert onto.value(iri, OWL.versionIRI) and onto.value(iri, OWL.versionInfo)
    assert onto.value(iri, DCTERMS.license)


def test_every_property_has_domain_or_range_and_alignment_where_one_exists() -> None:
    onto = ontology()
    for kind in (OWL.ObjectProperty, OWL.DatatypeProperty):
        for prop in onto.subjects(RDF.type, kind):
            assert onto.value(prop, RDFS.range) is not None, prop
            assert onto.value(prop, RDFS.domain) is not None or prop in (
                KG.country,
                KG.position,
                KG.sourceLine,
                KG.sourceEndLine,
                KG.sourceFile,
            ), prop


def test_ontology_loads_in_an_owl_rl_reasoner() -> None:
    import owlrl

    g = ontology()
    before = len(g)
    owlrl.DeductiveClosure(owlrl.OWLRL_Semantics).expand(g)
    assert len(g) > before
    # the alignments are usable: a kg:Paper is a schema:ScholarlyArticle after reasoning
    assert (
        URIRef("https://w3id.org/kg/ontology#Paper"),
        RDFS.subClassOf,
        URIRef("https://schema.org/ScholarlyArticle"),
    ) in g


def test_ontology_and_shapes_load_in_pyoxigraph_strictly() -> None:
    import pyoxigraph as ox

    for path in (files.ontology_file(), files.shapes_file()):
        assert len(list(ox.parse(path=str(path), format=ox.RdfFormat.TURTLE))) > 50


@pytest.mark.store
def test_ontology_and_shapes_pass_jena_riot_with_no_warnings() -> None:
    need(
        Path("/usr/share/java/jena-cmds.jar").exists(),
        "Apache Jena missing: apt-get install libapache-jena-java default-jre-headless",
    )
    for path in (files.ontology_file(), files.shapes_file()):
        done = subprocess.run(
            [str(ROOT / ".ci" / "riot"), "--validate", str(path)], capture_output=True, text=True
        )
        assert done.returncode == 0 and not (done.stdout + done.stderr).strip(), done.stderr
