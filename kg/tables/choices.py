"""The tables kg makes and the formats it writes them in, known before anything is loaded:
``kg --help`` lists them."""

TABLES = ("claims", "papers", "institutions")
FORMATS = ("table", "csv", "markdown", "json")
