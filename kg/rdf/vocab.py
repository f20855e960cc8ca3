"""Namespaces kg writes, and its own closed vocabulary as a DefinedNamespace.

Every term of ``KG`` is declared in ``ontology/kg.ttl``; a test checks that
the two agree, so a typo here fails loudly instead of minting a new IRI.
"""

from __future__ import annotations

from rdflib import Namespace, URIRef
from rdflib.namespace import DefinedNamespace

ONTOLOGY_IRI = "https://w3id.org/kg/ontology"
DEFAULT_BASE = "https://w3id.org/kg/id/"


class KG(DefinedNamespace):
    """The kg ontology: only what the standard vocabularies lack."""

    _NS = Namespace(ONTOLOGY_IRI + "#")
    _fail = True

    # classes
    Conference: URIRef
    Session: URIRef
    Paper: URIRef
    Institution: URIRef
    Technique: URIRef
    Metric: URIRef
    NamedEntity: URIRef
    System: URIRef
    Library: URIRef
    Hardware: URIRef
    Platform: URIRef
    Dataset: URIRef
    Model: URIRef
    Benchmark: URIRef
    Person: URIRef
    Country: URIRef
    Unit: URIRef
    Measure: URIRef
    Qualifier: URIRef
    Direction: URIRef
    NotesFile: URIRef
    Authorship: URIRef

    # object properties
    conference: URIRef
    session: URIRef
    affiliation: URIRef
    person: URIRef
    country: URIRef
    technique: URIRef
    presents: URIRef
    comparesWith: URIRef
    mentions: URIRef
    claim: URIRef
    paper: URIRef
    unit: URIRef
    measures: URIRef
    direction: URIRef
    qualifier: URIRef
    baseline: URIRef
    sourceFile: URIRef
    authorship: URIRef
    author: URIRef
    authorAffiliation: URIRef

    # datatype properties
    year: URIRef
    position: URIRef
    affiliationText: URIRef
    arxiv: URIRef
    remarks: URIRef
    resolved: URIRef
    value: URIRef
    minValue: URIRef
    maxValue: URIRef
    claimText: URIRef
    baselineText: URIRef
    sourceSentence: URIRef
    sourceLine: URIRef
    sourceEndLine: URIRef

    # individuals
    Improvement: URIRef
    Reduction: URIRef
    Neutral: URIRef
    UpTo: URIRef
    MoreThan: URIRef
    AtLeast: URIRef
    OnAverage: URIRef
    LessThan: URIRef
    About: URIRef


# Standard vocabularies kg reuses.
BIBO = Namespace("http://purl.org/ontology/bibo/")
DCTERMS = Namespace("http://purl.org/dc/terms/")
FABIO = Namespace("http://purl.org/spar/fabio/")
FOAF = Namespace("http://xmlns.com/foaf/0.1/")
ORG = Namespace("http://www.w3.org/ns/org#")
OWL = Namespace("http://www.w3.org/2002/07/owl#")
PROV = Namespace("http://www.w3.org/ns/prov#")
QUDT = Namespace("http://qudt.org/schema/qudt/")
UNIT = Namespace("http://qudt.org/vocab/unit/")
RDF = Namespace("http://www.w3.org/1999/02/22-rdf-syntax-ns#")
RDFS = Namespace("http://www.w3.org/2000/01/rdf-schema#")
SCHEMA = Namespace("https://schema.org/")
SKOS = Namespace("http://www.w3.org/2004/02/skos/core#")
XSD = Namespace("http://www.w3.org/2001/XMLSchema#")
WD = Namespace("http://www.wikidata.org/entity/")
ROR = Namespace("https://ror.org/")
DOI = Namespace("https://doi.org/")
VOID = Namespace("http://rdfs.org/ns/void#")
DCAT = Namespace("http://www.w3.org/ns/dcat#")

QUALIFIERS = {
    "up-to": KG.UpTo,
    "more-than": KG.MoreThan,
    "at-least": KG.AtLeast,
    "on-average": KG.OnAverage,
    "less-than": KG.LessThan,
    "about": KG.About,
}
DIRECTIONS = {"improvement": KG.Improvement, "reduction": KG.Reduction, "neutral": KG.Neutral}
ENTITY_CLASSES = {
    "system": KG.System,
    "framework": KG.System,
    "library": KG.Library,
    "hardware": KG.Hardware,
    "platform": KG.Platform,
    "supercomputer": KG.Platform,
    "dataset": KG.Dataset,
    "model": KG.Model,
    "benchmark": KG.Benchmark,
}


def prefixes(base: str) -> dict[str, str]:
    """Prefixes for Turtle output and for queries, given the data's base IRI."""
    return {
        "kg": str(KG._NS),
        "paper": base + "paper/",
        "inst": base + "institution/",
        "tech": base + "technique/",
        "bibo": str(BIBO),
        "dcterms": str(DCTERMS),
        "fabio": str(FABIO),
        "foaf": str(FOAF),
        "org": str(ORG),
        "owl": str(OWL),
        "prov": str(PROV),
        "qudt": str(QUDT),
        "unit": str(UNIT),
        "rdf": str(RDF),
        "rdfs": str(RDFS),
        "schema": str(SCHEMA),
        "skos": str(SKOS),
        "xsd": str(XSD),
        "wd": str(WD),
        "void": str(VOID),
        "dcat": str(DCAT),
    }
