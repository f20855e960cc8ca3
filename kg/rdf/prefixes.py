"""The namespaces kg writes and the prefixes its files and queries declare, as plain
strings: what a question needs, without loading rdflib (:mod:`.vocab` makes rdflib
namespaces of the same IRIs)."""

from __future__ import annotations

ONTOLOGY_IRI = "https://w3id.org/kg/ontology"
DEFAULT_BASE = "https://w3id.org/kg/id/"
DEFAULT_LICENSE = "https://creativecommons.org/licenses/by/4.0/"  # of the data kg writes

NAMESPACES = {
    "kg": ONTOLOGY_IRI + "#",
    "bibo": "http://purl.org/ontology/bibo/",
    "dcterms": "http://purl.org/dc/terms/",
    "fabio": "http://purl.org/spar/fabio/",
    "foaf": "http://xmlns.com/foaf/0.1/",
    "org": "http://www.w3.org/ns/org#",
    "owl": "http://www.w3.org/2002/07/owl#",
    "prov": "http://www.w3.org/ns/prov#",
    "qudt": "http://qudt.org/schema/qudt/",
    "unit": "http://qudt.org/vocab/unit/",
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "schema": "https://schema.org/",
    "skos": "http://www.w3.org/2004/02/skos/core#",
    "xsd": "http://www.w3.org/2001/XMLSchema#",
    "wd": "http://www.wikidata.org/entity/",
    "ror": "https://ror.org/",
    "doi": "https://doi.org/",
    "void": "http://rdfs.org/ns/void#",
    "dcat": "http://www.w3.org/ns/dcat#",
}
_DECLARED = (
    "kg", "paper", "inst", "tech", "bibo", "dcterms", "fabio", "foaf", "org", "owl", "prov",
    "qudt", "unit", "rdf", "rdfs", "schema", "skos", "xsd", "wd", "void", "dcat",
)  # fmt: skip


def prefixes(base: str) -> dict[str, str]:
    """Prefixes for Turtle output and for queries, given the data's base IRI."""
    here = {"paper": base + "paper/", "inst": base + "institution/", "tech": base + "technique/"}
    return {name: here.get(name) or NAMESPACES[name] for name in _DECLARED}
