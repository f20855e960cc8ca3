"""The choices a question offers, known before anything is loaded: ``kg --help`` lists them."""

ENGINES = ("auto", "oxigraph", "rdflib")  # who answers a question on a graph in memory
FORMATS = ("table", "markdown", "csv", "tsv", "json", "xml")  # how the answer is written
