"""The one place that finds files: kg's own, and the user's notes.

kg's own files: from a checkout the ontology and the default notes sit at the
top of the repository (``ontology/``, ``data/``); a wheel carries copies of them
under ``kg/_bundled/``. Lexicons, named questions and the page template always
live inside the package.

The user's notes: :func:`notes_files` lists the notes files under the paths
given, each with a stable name (relative to the folder it was found under,
used in IRIs and provenance), and :func:`settings_for` finds the ``kg.yaml``
that applies to one.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from .errors import NotesError

CACHE_DIR_NAME = ".kg-cache"  # in the output folder: what each notes file gave

_PACKAGE = Path(__file__).resolve().parent
_CHECKOUT = _PACKAGE.parent

NOTES_SUFFIXES = (
    ".txt",
    ".md",
    ".markdown",
    ".mdown",
    ".mkd",
    ".mdx",
    ".qmd",
    ".org",
    ".rst",
    ".adoc",
    ".asciidoc",
    ".tex",
    ".typ",
    ".ipynb",
    ".csv",
    ".tsv",
    ".bib",
    ".ris",
    ".html",
    ".htm",
    ".xhtml",
    ".notes",
    ".wiki",
    ".mediawiki",
    ".wikitext",
    ".textile",
    ".tid",
    ".mm",
    ".opml",
    ".enex",
    ".xml",
    ".atom",
    ".rss",
    ".taskpaper",
    ".json",
    ".docx",
    ".pptx",
    ".canvas",
    ".xlsx",
)
SETTINGS_FILE = "kg.yaml"


# --- kg's own files --------------------------------------------------------------------


def _bundled(name: str) -> Path:
    for candidate in (_PACKAGE / "_bundled" / name, _CHECKOUT / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"kg cannot find its {name}/ folder (looked beside {_PACKAGE})")


def ontology_file() -> Path:
    return _bundled("ontology") / "kg.ttl"


def shapes_file() -> Path:
    return _bundled("ontology") / "shapes.ttl"


def qudt_units() -> frozenset[str]:
    """Every unit IRI of QUDT's unit vocabulary (``ontology/qudt-units.txt``, QUDT v3.5.0;
    its source is in ``tests/data/vocabularies/README.md``)."""
    text = (_bundled("ontology") / "qudt-units.txt").read_text(encoding="utf-8")
    return frozenset(line for line in text.split() if line)


def default_notes_dir() -> Path:
    """``./data`` when run from a folder that has notes there, else the notes kg ships."""
    local = Path("data")
    if local.is_dir() and any(p.suffix in NOTES_SUFFIXES for p in local.iterdir()):
        return local
    return _bundled("data")


def lexicon_file(name: str) -> Path:
    return _PACKAGE / "lexicon" / "data" / f"{name}.yaml"


def queries_dir() -> Path:
    return _PACKAGE / "query" / "named"


def template_dir() -> Path:
    """Where the page's template is (``kg/html/templates``)."""
    return _PACKAGE / "html" / "templates"


def code_files() -> list[Path]:
    """kg's own code: its Python source and the page's template, in a stable order (what
    kg makes of a notes file depends on them, so the cache's keys do too)."""
    found = [*_PACKAGE.rglob("*.py"), *template_dir().glob("*")]
    return sorted(found, key=lambda p: p.relative_to(_PACKAGE).as_posix())


# --- the user's notes ----------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """What the user says about a notes file outside it: ``--conference``, or a ``kg.yaml``
    in its folder (``conference: OSDI 2020``)."""

    conference: str = ""
    source: str = ""  # "option" or the kg.yaml path


@dataclass(frozen=True)
class NotesPath:
    """A notes file to read: where it is, and its stable name."""

    path: Path
    name: str


def given_paths(paths: str | Path | Iterable[str | Path]) -> list[Path]:
    """The files and folders a caller gave: one path alone is one path, not the
    characters of its name (``kg.build("notes/")``)."""
    return [Path(paths)] if isinstance(paths, (str, Path)) else [Path(p) for p in paths]


def find_notes(paths: Iterable[str | Path]) -> list[Path]:
    """The notes files under the given files and folders, in a stable order. Folders
    are followed through links (each real folder once); one that cannot be read is an
    error, not a silent gap in the graph."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(_walk(path))
        elif path.is_file():
            found.append(path)
        elif path.exists():
            raise NotesError("not a file or a folder kg can read notes from", str(path))
        else:
            raise NotesError("no such file or folder", str(path))
    given = [str(p) for p in paths]
    if given and not found:  # rather than an empty graph over the last build's
        suffixes = ", ".join(sorted(NOTES_SUFFIXES))
        raise NotesError(f"no notes files ({suffixes}) here; nothing read or written", given[0])
    unique = {p.resolve(): p for p in found}
    return [unique[k] for k in sorted(unique, key=lambda p: p.as_posix())]


def _not_notes(folder: Path) -> bool:
    """A folder inside the notes that holds no notes of the user's: hidden (``.git``,
    ``.obsidian``, Jupyter's ``.ipynb_checkpoints``, whose copies would give each paper
    twice), a package tree (``node_modules``, a Python virtual environment), or what a
    build of kg wrote (its ``void.ttl`` or its cache): its ``graph.html`` and tables read
    as notes would feed the graph its own page."""
    name = folder.name
    if name.startswith(".") or name == "node_modules":
        return True
    try:
        return (
            (folder / "pyvenv.cfg").is_file()
            or (folder / "void.ttl").is_file()
            or (folder / CACHE_DIR_NAME).is_dir()
        )
    except OSError:  # a folder kg cannot look into: the walk says so, with its name
        return False


# kinds of files a notes folder holds beside the notes that never are notes: passed over
# without a word (images, documents, archives, code, data, kg's own outputs)
_NEVER_NOTES = frozenset(
    """.png .jpg .jpeg .gif .svg .webp .bmp .ico .tif .tiff .heic .pdf .ps .eps .zip .gz
    .tgz .bz2 .xz .7z .tar .rar .zst .mp4 .mov .webm .mp3 .wav .m4a
    .key .pyc .so .o .a .exe .dll .bin .class .jar .ttf .otf .woff
    .woff2 .ttl .nt .nq .trig .jsonld .rdf .owl .json .yaml .yml .toml .cfg .ini .conf .py
    .js .mjs .ts .css .scss .sh .bat .ps1 .c .h .cc .cpp .hpp .rs .go .java .lock .log .db
    .sqlite .rq .msgpack .pickle .pkl .excalidraw .drawio .base .sty .cls .bbl .bst
    .aux .edn .eml .orig .bak .swp .tmp .old .m .mm.orig .bib.bak .patch .diff .csl""".split()  # noqa: SIM905
)


# documents kg reads once saved in the newer format (Word and Excel since 2007): each one
# met is named, rather than passed over as the binary file it is
SAVE_AS = {
    ".doc": ".docx",
    ".odt": ".docx",
    ".rtf": ".docx",
    ".xls": ".xlsx",
    ".ods": ".xlsx",
    ".ppt": ".pptx",
    ".odp": ".pptx",
}


def passed_over(paths: Iterable[str | Path]) -> list[Path]:
    """Text files under the given folders that kg does not read as notes: a suffix that is
    no notes suffix (``notes.foo``, ``paper.textile`` before kg read Textile), not a kind
    of file that never holds notes, and text with letters in its first 4 KB. A build says
    so, rather than leave their papers out without a word."""
    out: list[Path] = []
    for raw in paths:
        folder = Path(raw)
        if not folder.is_dir():
            continue
        for path in _files(folder):
            if path.name.startswith(".") or not path.is_file():
                continue
            suffix = path.suffix.lower()
            if suffix in SAVE_AS:
                out.append(path)
                continue
            if not suffix or suffix in NOTES_SUFFIXES or suffix in _NEVER_NOTES:
                continue
            if path.name.endswith("~") or path.name.startswith("#"):
                continue  # an editor's backup or lock file
            try:
                with path.open("rb") as handle:
                    head = handle.read(4096)
            except OSError:
                continue
            if b"\x00" in head:
                continue
            text = head.decode("utf-8", "ignore")
            if sum(ch.isalpha() for ch in text) >= 20:
                out.append(path)
    return sorted(dict.fromkeys(out), key=lambda p: p.as_posix())


def _walk(folder: Path) -> Iterator[Path]:
    """The notes files under a folder; one that is no regular file is an error."""
    for path in _files(folder):
        if path.suffix.lower() not in NOTES_SUFFIXES:
            continue
        if not path.is_file():  # a pipe, a socket, a broken link: its notes would be lost
            what = "a link to nothing" if not path.exists() else "not a regular file"
            raise NotesError(f"{what}; kg cannot read notes from it", str(path))
        yield path


def _files(folder: Path) -> Iterator[Path]:
    """Every name under a folder, in a stable order: folders followed through links (each
    real folder once), hidden and package folders and kg's outputs passed over."""
    seen: set[Path] = set()

    def unreadable(exc: OSError) -> None:
        raise NotesError(
            f"cannot read this folder ({exc.strerror or exc}); its notes would be missing",
            str(exc.filename or folder),
        )

    for top, dirs, names in os.walk(folder, onerror=unreadable, followlinks=True):
        real = Path(top).resolve()
        if real in seen:  # a link back up the tree
            dirs[:] = []
            continue
        seen.add(real)
        dirs[:] = sorted(d for d in dirs if not _not_notes(Path(top) / d))
        for name in sorted(names):
            yield Path(top) / name


def notes_files(paths: str | Path | Iterable[str | Path]) -> list[NotesPath]:
    """The notes files under the given files and folders, each with its stable name, in a
    stable order. One path alone is one path, not the characters of its name."""
    given = given_paths(paths)
    # resolved once: a shell glob gives one root per file (kg build notes/*.md)
    roots = list(dict.fromkeys((p if p.is_dir() else p.parent).resolve() for p in given))
    folders = [p for p in given if p.is_dir()]
    named = [(path, _stable_name(path, roots, folders)) for path in find_notes(given)]
    return [NotesPath(path, shown_name(name)) for path, name in named]


def shown_name(name: str) -> str:
    """A file name as text: bytes that are not UTF-8 (which Python keeps as surrogates)
    shown as U+FFFD, so that the name can be printed, hashed and put in the graph."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _stable_name(path: Path, roots: Sequence[Path], folders: Sequence[Path] = ()) -> str:
    """The file's name relative to the (resolved) folder it was found under, with POSIX
    separators; inside a linked folder, relative to the folder given."""
    resolved = path.resolve()
    root = next((r for r in roots if resolved.is_relative_to(r)), None)
    if root is not None:
        return resolved.relative_to(root).as_posix()
    folder = next((f for f in folders if path.is_relative_to(f)), None)
    return path.relative_to(folder).as_posix() if folder is not None else path.name


def settings_for(path: Path, conference: str = "") -> Settings:
    """The settings of a notes file: ``conference`` when given (the ``--conference``
    option), else the nearest ``kg.yaml`` in its folder or the folders above it, up to
    the first one that is a git checkout or the file system's root."""
    if conference:
        return Settings(conference, "option")
    folder = path.resolve().parent
    for candidate in (folder, *folder.parents):
        settings = candidate / SETTINGS_FILE
        if settings.is_file():
            return _read_settings(settings)
        if (candidate / ".git").exists():
            break
    return Settings()


def _read_settings(path: Path) -> Settings:
    import yaml

    from .text import yaml_too_deep

    try:
        text = path.read_text(encoding="utf-8")
        deep = yaml_too_deep(text)
        if deep is not None:
            raise NotesError("nests too deeply to be settings", str(path), deep)
        data = yaml.safe_load(text) or {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise NotesError(
            f"not valid YAML: {getattr(exc, 'problem', exc)}",
            str(path),
            mark.line + 1 if mark else 0,
        ) from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise NotesError(f"cannot read: {exc}", str(path)) from exc
    if not isinstance(data, dict):
        raise NotesError("expected a mapping such as 'conference: OSDI 2020'", str(path), 1)
    value = data.get("conference", "")
    if not isinstance(value, str | int):
        raise NotesError("'conference' must be text such as 'OSDI 2020'", str(path), 1)
    return Settings(str(value), str(path))


def dates_of(paths: Iterable[str | Path]) -> tuple[str, str]:
    """The first and last day (ISO dates, UTC) the files were changed, for a dataset's
    ``dcterms:created`` and ``dcterms:modified``: both the day ``SOURCE_DATE_EPOCH``
    names when it is set (reproducible builds), else the oldest and newest modification
    times; today when there is no file to look at."""
    import datetime as dt
    import os

    def day(seconds: float) -> str:
        return dt.datetime.fromtimestamp(seconds, dt.timezone.utc).date().isoformat()

    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return day(int(epoch)), day(int(epoch))
    times = [t for t in map(_modified, paths) if t is not None]
    if not times:
        today = day(dt.datetime.now(dt.timezone.utc).timestamp())
        return today, today
    return day(min(times)), day(max(times))


def _modified(path: str | Path) -> float | None:
    try:
        return Path(path).stat().st_mtime
    except OSError:
        return None
