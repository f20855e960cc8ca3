"""Namespaces kg writes, and its own closed vocabulary as a DefinedNamespace.

Every term of ``KG`` is declared in ``ontology/kg.ttl``; a test checks that
the two agree, so a typo here fails loudly instead of minting a new IRI.
"""

from __future__ import annotations

from rdflib import Namespace, URIRef
from rdflib.namespace import DefinedNamespace

from .prefixes import DEFAULT_BASE, NAMESPACES, ONTOLOGY_IRI, prefixes

__all__ = ["DEFAULT_BASE", "KG", "ONTOLOGY_IRI", "prefixes"]


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
    Method: URIRef
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
    topic: URIRef
    presents: URIRef
    comparesWith: URIRef
    instanceOf: URIRef
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
BIBO = Namespace(NAMESPACES["bibo"])
DCTERMS = Namespace(NAMESPACES["dcterms"])
FABIO = Namespace(NAMESPACES["fabio"])
FOAF = Namespace(NAMESPACES["foaf"])
ORG = Namespace(NAMESPACES["org"])
OWL = Namespace(NAMESPACES["owl"])
PROV = Namespace(NAMESPACES["prov"])
QUDT = Namespace(NAMESPACES["qudt"])
UNIT = Namespace(NAMESPACES["unit"])
RDF = Namespace(NAMESPACES["rdf"])
RDFS = Namespace(NAMESPACES["rdfs"])
SCHEMA = Namespace(NAMESPACES["schema"])
SKOS = Namespace(NAMESPACES["skos"])
XSD = Namespace(NAMESPACES["xsd"])
WD = Namespace(NAMESPACES["wd"])
ROR = Namespace(NAMESPACES["ror"])
DOI = Namespace(NAMESPACES["doi"])
VOID = Namespace(NAMESPACES["void"])
DCAT = Namespace(NAMESPACES["dcat"])

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
    "method": KG.Method,
}
