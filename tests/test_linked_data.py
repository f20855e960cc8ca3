"""Linked data any store and reasoner reads the same way: names without escapes, the
vocabularies as they are today, identifier links that do not merge things."""

from __future__ import annotations

import json
import re
import urllib.parse
import urllib.request
from decimal import Decimal
from pathlib import Path

import pyoxigraph as ox
import pytest
import rdflib
from rdflib.compare import isomorphic
from rdflib.namespace import OWL, RDFS, SKOS, XSD

import kg
from kg.cli import main
from kg.rdf.vocab import KG

from .conftest import SC21

# a prefixed name (not inside a string or an IRI) holding a backslash escape
_STRING_OR_IRI = re.compile(r'"(?:[^"\\\n]|\\.)*"|<[^>\n]*>')
_ESCAPED_NAME = re.compile(r"(?<![\w:\\])[A-Za-z][\w.-]*:\S*\\")


def test_turtle_and_trig_write_no_escaped_local_names(sc21_out: Path) -> None:
    """Virtuoso 7.2 keeps the backslash of "paper:x\\/claim\\/1" in the IRI: kg writes
    such names as full IRIs, and each file still holds the same statements."""
    for name in ("graph.ttl", "graph.trig"):
        text = _STRING_OR_IRI.sub('""', (sc21_out / name).read_text(encoding="utf-8"))
        assert _ESCAPED_NAME.search(text) is None, name
    turtle = set(ox.parse(path=str(sc21_out / "graph.ttl")))
    assert turtle == set(ox.parse(path=str(sc21_out / "graph.nt")))
    assert any("/claim/" in q.subject.value for q in turtle)
    trig = set(ox.parse(path=str(sc21_out / "graph.trig")))
    assert trig == set(ox.parse(path=str(sc21_out / "graph.nq")))


# --- the vocabularies as they are today ------------------------------------------------------

VOCABULARIES = Path(__file__).parent / "data" / "vocabularies"
ROOT = Path(__file__).resolve().parents[1]
# namespace -> its term list (the QUDT units ship with kg: ontology/qudt-units.txt)
LISTS = {
    "http://qudt.org/schema/qudt/": VOCABULARIES / "qudt-schema.txt",
    "http://qudt.org/vocab/unit/": ROOT / "ontology" / "qudt-units.txt",
    "https://schema.org/": VOCABULARIES / "schema.txt",
    "http://purl.org/ontology/bibo/": VOCABULARIES / "bibo.txt",
    "http://purl.org/spar/fabio/": VOCABULARIES / "fabio.txt",
    "http://www.w3.org/2004/02/skos/core#": VOCABULARIES / "skos.txt",
    "http://www.w3.org/ns/prov#": VOCABULARIES / "prov.txt",
    "http://www.w3.org/ns/org#": VOCABULARIES / "org.txt",
    "http://purl.org/dc/terms/": VOCABULARIES / "dcterms.txt",
    "http://rdfs.org/ns/void#": VOCABULARIES / "void.txt",
    "http://www.w3.org/ns/dcat#": VOCABULARIES / "dcat.txt",
    "http://xmlns.com/foaf/0.1/": VOCABULARIES / "foaf.txt",
    "http://purl.org/vocab/vann/": VOCABULARIES / "vann.txt",
}


def _terms_used(paths: list[Path]) -> set[str]:
    used = set()
    for path in paths:
        for q in ox.parse(path=str(path)):
            for term in (q.subject, q.predicate, q.object):
                if isinstance(term, ox.NamedNode):
                    used.add(term.value)
    return used


def test_every_standard_term_kg_uses_exists_today(sc21_out: Path) -> None:
    """Each term of QUDT, schema.org, BIBO, FaBiO, SKOS, PROV, ORG, DCTerms, VoID, DCAT,
    FOAF and VANN in the graph, its description and the ontology and shapes is in that
    vocabulary's current term list (sources and dates: tests/data/vocabularies/README.md).
    QUDT dropped qudt:unit in 2025, and has no unit:PetaFLOP-PER-SEC."""
    used = _terms_used(
        [
            sc21_out / "graph.nt",
            sc21_out / "void.ttl",
            ROOT / "ontology" / "kg.ttl",
            ROOT / "ontology" / "shapes.ttl",
        ]
    )
    lists = {ns: set(path.read_text(encoding="utf-8").split()) for ns, path in LISTS.items()}
    unknown = sorted(
        term
        for term in used
        for ns, known in lists.items()
        if term.startswith(ns) and term != ns and term not in known
    )
    assert unknown == []
    assert "http://qudt.org/schema/qudt/hasUnit" in used
    # every QUDT unit the lexicon names, not only those the SC21 claims use
    units = lists["http://qudt.org/vocab/unit/"]
    for spec in kg.load_lexicon().metrics.units.values():
        assert not spec.qudt or "http://qudt.org/vocab/unit/" + spec.qudt in units, spec.qudt


def test_a_lexicon_unit_that_qudt_lacks_is_an_error(tmp_path: Path) -> None:
    extra = tmp_path / "units.yaml"
    extra.write_text(
        "units:\n  EFLOP/s:\n    label: EFLOP/s\n    qudt: ExaFLOPS\n    patterns: ['EFLOPS']\n",
        encoding="utf-8",
    )
    with pytest.raises(kg.LexiconError, match="ExaFLOPS"):
        kg.load_lexicon([extra])


def test_a_unit_refined_by_a_measure_the_lexicon_lacks_is_an_error(tmp_path: Path) -> None:
    extra = tmp_path / "units.yaml"
    extra.write_text(
        "units:\n  h:\n    label: hours\n    measures: time\n    context: [latncy]\n"
        "    patterns: ['hours?']\n",
        encoding="utf-8",
    )
    with pytest.raises(kg.LexiconError, match="context 'latncy' is not a measure"):
        kg.load_lexicon([extra])


def test_a_pattern_the_extractor_cannot_compile_is_an_error_naming_its_file(
    tmp_path: Path,
) -> None:
    """A look-behind of varying width compiles in the regex module but not in Python's re,
    which runs the comparisons: the lexicon's check says so, with the file and line."""
    extra = tmp_path / "mine.yaml"
    extra.write_text('comparisons:\n  en: ["(?<=a|bc)over (?P<span>x)"]\n', encoding="utf-8")
    with pytest.raises(kg.LexiconError, match=r"mine\.yaml:1: .*look-behind"):
        kg.load_lexicon([extra])


# --- identifier links that merge nothing; units a reasoner keeps apart ----------------------


def test_identifier_links_are_schema_same_as_not_owl(sc21_graph) -> None:
    """owl:sameAs from a paper to doi.org, or from an institution to Wikidata and ROR,
    would make an OWL reasoner say of those resources all kg says of its own."""
    assert not list(sc21_graph.triples((None, OWL.sameAs, None)))
    rows = kg.query(
        sc21_graph,
        "SELECT ?p ?d WHERE { ?p a kg:Paper ; bibo:doi ?doi ; schema:sameAs ?d }",
    )
    assert len(rows) == 25 and all(str(d).startswith("https://doi.org/10.") for _, d in rows)
    ror = kg.table(sc21_graph, "institutions").records()
    assert any(r["ror"].startswith("https://ror.org/") for r in ror)


def test_units_match_qudt_without_making_counts_one_unit(sc21_graph) -> None:
    """skos:exactMatch is transitive and symmetric: GPUs, nodes and cores all exactly
    matching unit:NUM would be one unit. Counts are narrower than unit:NUM (broadMatch)."""
    exact = kg.query(sc21_graph, "SELECT ?u ?q WHERE { ?u a kg:Unit ; skos:exactMatch ?q }")
    targets = [str(q) for _, q in exact]
    assert len(targets) == len(set(targets))
    assert "http://qudt.org/vocab/unit/NUM" not in targets
    broad = kg.query(
        sc21_graph, "SELECT ?n WHERE { ?u skos:notation ?n ; skos:broadMatch unit:NUM }"
    )
    assert {"GPU"} <= {str(n) for (n,) in broad}


def test_links_say_what_they_are(sc21_graph) -> None:
    """A paper is not "part of" its session (dcterms:isPartOf), nor Azure a place; a
    schema:url is an IRI; text in Chinese says so."""
    ontology = rdflib.Graph().parse(ROOT / "ontology" / "kg.ttl")
    kgo = rdflib.Namespace("https://w3id.org/kg/ontology#")
    for p in (kgo.conference, kgo.session):
        assert not set(ontology.objects(p, rdflib.RDFS.subPropertyOf))
    assert rdflib.URIRef("https://schema.org/Place") not in set(
        ontology.objects(kgo.Platform, rdflib.RDFS.subClassOf)
    )
    urls = [
        o for _, _, o in sc21_graph.triples((None, rdflib.URIRef("https://schema.org/url"), None))
    ]
    assert all(isinstance(o, rdflib.URIRef) for o in urls)
    labels = kg.query(sc21_graph, "SELECT ?l WHERE { ?m a kg:Metric ; rdfs:label ?l }")
    # tagged by the script that carries most of them: "128个CPU插槽 (scale)" is Chinese,
    # "4.1倍 time reduction" English
    assert all(lab.language in ("en", "zh") for (lab,) in labels)
    assert {str(lab): lab.language for (lab,) in labels}["128个CPU插槽 (scale)"] == "zh"
    titles = kg.query(sc21_graph, "SELECT ?t WHERE { ?f a kg:NotesFile ; dcterms:title ?t }")
    assert [t.language for (t,) in titles] == ["zh"]
    years = kg.query(sc21_graph, "SELECT ?y WHERE { ?c kg:year ?y }")
    assert [y.datatype for (y,) in years] == [XSD.integer]


# --- validation: what SHACL lets through no longer passes ------------------------------------


def test_validation_catches_what_used_to_pass(sc21_out: Path, tmp_path: Path, capfd) -> None:
    bad = tmp_path / "bad.ttl"
    paper = "<https://w3id.org/kg/id/paper/10.1145-3458817.3476143>"
    claim = "<https://w3id.org/kg/id/paper/10.1145-3458817.3476143/claim/1>"
    bad.write_text(
        (sc21_out / "graph.ttl").read_text(encoding="utf-8")
        + f'{claim} kg:value "abc"^^xsd:decimal .\n'
        + '<https://w3id.org/kg/id/country/cn> skos:prefLabel "China" .\n'
        + f"{paper} schema:sameAs <https://doi.org/10.1/other> .\n"
        + f"{claim} qudt:hasUnit unit:NoSuchUnit .\n",
        encoding="utf-8",
    )
    capfd.readouterr()
    assert main(["validate", str(bad)]) == 1
    out, err = capfd.readouterr()
    assert "A country has language-tagged names" in out
    assert "the same as at most one DOI" in out
    assert "unit/NoSuchUnit" in out
    assert "(value: abc)" in out
    assert "Traceback" not in out + err


def test_validate_reads_every_format_build_writes(sc21_out: Path, capfd) -> None:
    for name in ("graph.ttl", "graph.nt", "graph.jsonld", "graph.trig", "graph.nq"):
        assert main(["validate", str(sc21_out / name)]) == 0, name
        assert "Conforms" in capfd.readouterr().out


# --- JSON-LD a web developer would use ------------------------------------------------------


def test_jsonld_has_terms_and_reads_back_to_the_same_graph(sc21_out: Path) -> None:
    document = json.loads((sc21_out / "graph.jsonld").read_text(encoding="utf-8"))
    context = document["@context"]
    assert context["title"] == {"@id": "http://purl.org/dc/terms/title", "@container": "@language"}
    assert context["sameAs"] == {"@id": "https://schema.org/sameAs", "@type": "@id"}
    assert context["Paper"] == "https://w3id.org/kg/ontology#Paper"
    paper = next(n for n in document["@graph"] if n.get("doi") == "10.1145/3458817.3476145")
    assert paper["type"] == "Paper" and isinstance(paper["title"]["en"], str)
    assert paper["sameAs"] == "https://doi.org/10.1145/3458817.3476145"
    conference = next(n for n in document["@graph"] if n.get("type") == "Conference")
    assert conference["year"] == 2021
    assert json.loads((sc21_out / "context.jsonld").read_text(encoding="utf-8")) == {
        "@context": context
    }
    back = rdflib.Graph().parse(sc21_out / "graph.jsonld", format="json-ld")
    nt = rdflib.Graph().parse(sc21_out / "graph.nt")
    assert isomorphic(back, nt)


# --- the dataset's description --------------------------------------------------------------


def test_void_says_when_which_version_where_and_in_what_words(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # 2023-11-14
    out = tmp_path / "out"
    assert main(["build", str(SC21), "-o", str(out), "-q", "--format", "turtle"]) == 0
    void = rdflib.Graph().parse(out / "void.ttl")
    ds = rdflib.URIRef("https://w3id.org/kg/id/dataset")
    dct = rdflib.Namespace("http://purl.org/dc/terms/")
    void_ns = rdflib.Namespace("http://rdfs.org/ns/void#")
    dcat = rdflib.Namespace("http://www.w3.org/ns/dcat#")
    assert str(void.value(ds, dct.created)) == str(void.value(ds, dct.modified)) == "2023-11-14"
    assert str(void.value(ds, dcat.version)).startswith("sha256-")
    assert [str(d) for d in void.objects(ds, void_ns.dataDump)] == [
        "https://w3id.org/kg/id/dataset/graph.ttl"
    ]
    vocabularies = {str(v) for v in void.objects(ds, void_ns.vocabulary)}
    assert {
        "https://w3id.org/kg/ontology#",
        "http://qudt.org/schema/qudt/",
        "https://schema.org/",
        "http://www.w3.org/2004/02/skos/core#",
    } <= vocabularies
    assert "https://w3id.org/kg/id/paper/" not in vocabularies


# --- Virtuoso, the store that reads Turtle differently -------------------------------------


def _virtuoso_graph(url: str, graph: str) -> set[ox.Triple]:
    """A named graph of the server, fetched as N-Triples (a URL-encoded POST: Virtuoso 7.2
    never answers a POST of application/sparql-query)."""
    form = urllib.parse.urlencode(
        {"query": f"CONSTRUCT {{ ?s ?p ?o }} WHERE {{ GRAPH <{graph}> {{ ?s ?p ?o }} }}"}
    ).encode()
    request = urllib.request.Request(
        f"{url}/sparql",
        data=form,
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Accept": "application/n-triples",
        },
    )
    with urllib.request.urlopen(request, timeout=60) as r:
        quads = ox.parse(r.read(), format=ox.RdfFormat.N_TRIPLES)
        return {ox.Triple(q.subject, q.predicate, q.object) for q in quads}


def _triples(path: Path) -> set[ox.Triple]:
    return {ox.Triple(q.subject, q.predicate, q.object) for q in ox.parse(path=str(path))}


_DECIMAL = "http://www.w3.org/2001/XMLSchema#decimal"


def _values(triples: set[ox.Triple]) -> set[tuple[object, ...]]:
    """Statements compared by value: Virtuoso writes the decimal 50.0 as "50"."""

    def term(t: object) -> object:
        if isinstance(t, ox.Literal) and t.datatype.value == _DECIMAL:
            return ("decimal", Decimal(t.value))
        return t

    return {(t.subject, t.predicate, term(t.object)) for t in triples}


@pytest.mark.store
def test_virtuoso_loads_turtle_ntriples_and_trig_alike(sc21_out: Path, virtuoso) -> None:
    url, sql = virtuoso
    expected = _triples(sc21_out / "graph.nt")
    for name in ("graph.ttl", "graph.nt"):
        sql(f"DB.DBA.TTLP_MT(file_to_string_output('{sc21_out / name}'), '', 'urn:kg:{name}')")
        assert _values(_virtuoso_graph(url, f"urn:kg:{name}")) == _values(expected), name
    # TriG keeps each notes file's named graph (flag 256: the file names the graphs)
    sql(f"DB.DBA.TTLP_MT(file_to_string_output('{sc21_out / 'graph.trig'}'), '', 'urn:kg:x', 256)")
    graphs = {q.graph_name.value for q in ox.parse(path=str(sc21_out / "graph.nq"))}
    union: set[ox.Triple] = set()
    for g in graphs:
        union |= _virtuoso_graph(url, g)
    assert _values(union) == _values(expected)


@pytest.mark.store
def test_kg_push_and_query_endpoint_work_against_virtuoso(sc21_out: Path, virtuoso, capfd) -> None:
    url, _ = virtuoso
    graph = "https://w3id.org/kg/id/graph/pushed"
    store = f"{url}/sparql-graph-crud"
    assert main(["push", store, str(sc21_out / "graph.ttl"), "--graph-iri", graph]) == 0
    assert _values(_virtuoso_graph(url, graph)) == _values(_triples(sc21_out / "graph.nt"))
    capfd.readouterr()
    question = ["query", "claims-above", "-p", "unit=x", "-p", "threshold=5", "--format", "csv"]
    assert main([*question, "--endpoint", f"{url}/sparql", "--graph-iri", graph]) == 0
    remote = capfd.readouterr().out
    assert main([*question, "-g", str(sc21_out / "graph.ttl")]) == 0
    local = capfd.readouterr().out
    assert remote == local and local.count("\n") == 8  # a header and 7 claims above 5x


def test_a_method_compared_with_is_an_instance_of_its_technique(tmp_path: Path) -> None:
    notes = tmp_path / "notes.md"
    notes.write_text(
        "## IC3: Scaling Multicore Databases via Constrained Parallel Execution\n\n"
        "Zhaoguo Wang, Shuai Mu, Yang Cui (NYU)\n\n"
        "Under contention on TPC-C it beats 2PL and OCC by up to 3.4x in throughput.\n",
        encoding="utf-8",
    )
    graph = kg.build([notes], conference="SIGMOD 2016")
    rows = graph.query(
        """SELECT ?name ?technique WHERE {
             ?paper kg:comparesWith ?m . ?claim kg:baseline ?m .
             ?m a kg:Method ; rdfs:label ?name ; kg:instanceOf/skos:prefLabel ?technique .
             FILTER(LANG(?technique) = "en") }""",
        initNs={"kg": str(KG), "skos": str(SKOS), "rdfs": str(RDFS)},
    )
    assert sorted((str(n), str(t)) for n, t in rows) == [
        ("2PL", "two-phase locking"),
        ("OCC", "optimistic concurrency control"),
    ]
    assert kg.validate(graph).conforms


def test_a_lexicon_method_names_a_technique_of_the_scheme(tmp_path: Path) -> None:
    extra = tmp_path / "entities.yaml"
    extra.write_text(
        "entities:\n  - id: raft\n    name: Raft\n    type: method\n", encoding="utf-8"
    )
    with pytest.raises(kg.LexiconError, match="method names its technique"):
        kg.load_lexicon([extra])
    extra.write_text(
        "entities:\n  - id: raft\n    name: Raft\n    type: method\n    technique: konsensus\n",
        encoding="utf-8",
    )
    with pytest.raises(kg.LexiconError, match="'konsensus' is not a concept"):
        kg.load_lexicon([extra])
    extra.write_text(
        "entities:\n  - id: raft\n    name: Raft\n    type: system\n    technique: consensus\n",
        encoding="utf-8",
    )
    with pytest.raises(kg.LexiconError, match="only a method names a technique"):
        kg.load_lexicon([extra])


def test_a_name_one_file_presents_and_another_compares_with_keeps_the_graph_valid(
    tmp_path: Path,
) -> None:
    (tmp_path / "a.md").write_text(
        "# ATC 2014\n\n## Raft: In Search of an Understandable Consensus Algorithm\n\n"
        "Diego Ongaro, John Ousterhout (Stanford University)\n\n"
        "Raft splits consensus into leader election and log replication.\n",
        encoding="utf-8",
    )
    (tmp_path / "b.md").write_text(
        "# OSDI 2020\n\n## Fast Replicated Logs for Everyone\n\nJane Doe, John Roe (MIT)\n\n"
        "Our protocol commits writes 2x faster than Raft.\n",
        encoding="utf-8",
    )
    graph = kg.build([tmp_path])
    assert kg.validate(graph).conforms
    compared = {str(o) for o in graph.objects(None, KG.comparesWith)}
    presented = {str(o) for o in graph.objects(None, KG.presents)}
    assert compared == {"https://w3id.org/kg/id/method/raft"}
    assert presented == {"https://w3id.org/kg/id/system/raft"}
