"""kg's version (also in pyproject.toml; a test checks that the two agree)."""

__version__ = "0.1.0"
