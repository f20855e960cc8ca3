"""Step 4b: the graph in an embedded on-disk Oxigraph store, beside the files.

``kg build`` keeps ``OUT/store/``; ``kg query`` and ``kg serve`` read it, so that a
question does not parse the graph file first.

- A store is written once and never changed afterwards: each build makes a new
  *generation* (``OUT/store/g-<digest>/``, a RocksDB folder) and then points the link
  ``OUT/store/current`` at it, in one rename. A reader opens the generation the link
  names at that moment (read-only), so it sees the old graph or the new one, never a
  mix; Oxigraph does not allow a reader on a store another process is writing.
- A new generation starts as a copy of the current one made of hard links
  (``Store.backup``, free of cost), then only the named graphs whose statements changed
  are replaced: a rebuild with one notes file changed rewrites one graph.
- The previous generation is kept, for a question that opened it just before the link
  moved; older ones are removed. Builds into one folder take turns (a lock file).

Each notes file's statements are a named graph, as in graph.trig, and the default graph
is their union, as in graph.ttl (each statement once): questions run on the default
graph and answer as graph.ttl does, ``GRAPH`` patterns see each file. The union is
stored twice, which costs load time and space and halves the time of heavy questions
against a union of named graphs (which Oxigraph does not de-duplicate).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pyoxigraph as ox

from .errors import KgError, StoreError, naming

if TYPE_CHECKING:
    from .rdf.statements import Statements

STORE_DIR = "store"
CURRENT = "current"
MANIFEST = "kg-store.json"  # in a generation: what each of its graphs holds (SHA-256)
FORMAT = 2  # the layout of a generation; another layout is made anew, never copied
DEFAULT = ""  # the default graph's key in a manifest
# A generation is loaded anew when more than this share of its statements changed:
# replacing a graph in a copy costs over 2x loading it (3,000 generated papers, every
# file changed: 6.2 s replacing, 2.7 s loading anew; `python bench/store.py`)
ANEW = 0.2


def store_root(out_dir: str | Path) -> Path:
    return Path(out_dir) / STORE_DIR


def prepare_store(statements: Statements, out_dir: str | Path) -> Path:
    """Make the generation of ``OUT/store`` that holds the statements, unless it exists,
    and return it; readers do not see it until :func:`publish_store`. Only the graphs
    whose statements differ from the current generation's are written."""
    root = store_root(out_dir)
    with naming(root):
        root.mkdir(parents=True, exist_ok=True)
        with _lock(root):
            return _prepare(statements, root)


def publish_store(generation: Path) -> Path:
    """Point ``current`` at a generation :func:`prepare_store` made, and remove the
    generations older than the one it replaces."""
    root = generation.parent
    with naming(root), _lock(root):
        if _manifest(generation) is None:
            raise StoreError(
                f"{generation}: removed by another build into the same folder; build again"
            )
        previous = _current(root)
        _point(root, generation.name)
        keep = {generation.name, previous.name if previous is not None else ""}
        for old in root.iterdir():
            if old.name not in keep and old.is_dir() and not old.is_symlink():
                shutil.rmtree(old, ignore_errors=True)
    return generation


def _prepare(statements: Statements, root: Path) -> Path:
    # each named graph as in graph.trig (the file's head and body); the default graph is
    # the union, as in graph.ttl: the merged heads (keyed DEFAULT) and every body
    texts = {DEFAULT: statements.heads_text()} | {
        g.value: part.ntriples() for g, part in statements.parts
    }
    wanted = {g: hashlib.sha256(text).hexdigest() for g, text in texts.items()}
    name = "g-" + hashlib.sha256(json.dumps(wanted, sort_keys=True).encode()).hexdigest()[:20]
    target = root / name
    if _manifest(target) != wanted:
        shutil.rmtree(target, ignore_errors=True)
        tmp = root / f".new-{os.getpid()}"  # under the lock: no other build writes here
        shutil.rmtree(tmp, ignore_errors=True)
        try:
            _make(tmp, statements, texts, wanted, _current(root))
            tmp.rename(target)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    return target


def _make(
    tmp: Path,
    statements: Statements,
    texts: dict[str, bytes],
    wanted: dict[str, str],
    previous: Path | None,
) -> None:
    """A new generation in ``tmp``: a copy of ``previous`` (hard links) with the graphs
    that changed replaced, or all graphs loaded when there is nothing to start from or
    much changed (:data:`ANEW`).

    A changed file's statements leave the default graph with its named graph (bodies
    describe subjects no other file does), then the merged heads are stated again: a
    statement other files share stays."""
    had = _manifest(previous) if previous is not None else None
    changed = sum(len(t) for g, t in texts.items() if g and (had or {}).get(g) != wanted[g])
    if had is None or previous is None or changed > ANEW * sum(map(len, texts.values())):
        store = ox.Store(str(tmp))
        store.bulk_load(statements.ntriples(), ox.RdfFormat.N_TRIPLES)
        store.bulk_load(
            b"".join(_nquads(g, text) for g, text in texts.items() if g), ox.RdfFormat.N_QUADS
        )
        # compacted once, while the build writes its files: questions on it take 0.6-0.9x
        # the time (30,000 papers: system-claims 5.4 -> 3.7 s, claims-of-paper 0.32 ->
        # 0.18 s) for 4.8 s of a background thread (that build waits 6.5 s more at its
        # end) and 1.6x the disk; bench/README.md
        store.optimize()
    else:
        ox.Store.read_only(str(previous)).backup(str(tmp))
        store = ox.Store(str(tmp))
        gone = [ox.NamedNode(g) for g in sorted(g for g in had if g and had[g] != wanted.get(g))]
        if gone:  # one update in Oxigraph, not each quad removed from Python (3,000
            # papers, every file replaced: 7.9 -> 6.1 s, one run each)
            graphs = " ".join(str(g) for g in gone)  # IRIs written by Oxigraph's terms
            where = f"VALUES ?g {{ {graphs} }} GRAPH ?g {{ ?s ?p ?o }}"
            store.update(f"DELETE {{ ?s ?p ?o }} WHERE {{ {where} }}")
            for graph in gone:
                store.remove_graph(graph)
        new = sorted(g for g in wanted if g and had.get(g) != wanted[g])
        if gone or new or had.get(DEFAULT) != wanted[DEFAULT]:
            store.bulk_load(texts[DEFAULT], ox.RdfFormat.N_TRIPLES)  # the heads, again
        store.bulk_load(b"".join(texts[g] for g in new), ox.RdfFormat.N_TRIPLES)
        store.bulk_load(b"".join(_nquads(g, texts[g]) for g in new), ox.RdfFormat.N_QUADS)
    store.flush()
    del store  # closed: the generation is never written again
    manifest = {"format": FORMAT, "graphs": wanted}
    (tmp / MANIFEST).write_text(json.dumps(manifest, indent=0, sort_keys=True), encoding="utf-8")


def _nquads(graph: str, ntriples: bytes) -> bytes:
    """kg's N-Triples (each statement a line ending in " .\\n"; a line break inside a
    literal is always escaped) as N-Quads in ``graph``."""
    if not graph or not ntriples:
        return ntriples
    return ntriples.replace(b" .\n", f" <{graph}> .\n".encode())


def _manifest(generation: Path | None) -> dict[str, str] | None:
    if generation is None:
        return None
    try:
        data = json.loads((generation / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return None
    graphs = data.get("graphs")
    return graphs if isinstance(graphs, dict) else None


def _current(root: Path) -> Path | None:
    link = root / CURRENT
    if not link.is_symlink():
        return None
    target = root / link.readlink()
    return target if target.parent == root and target.is_dir() else None


def _point(root: Path, name: str) -> None:
    """Point ``current`` at ``name`` in one rename (a new link, moved over the old)."""
    tmp = root / f".{CURRENT}-{os.getpid()}"
    tmp.unlink(missing_ok=True)
    tmp.symlink_to(name)
    tmp.replace(root / CURRENT)


@contextlib.contextmanager
def _lock(root: Path) -> Iterator[None]:
    with (root / ".lock").open("a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


# --- reading -----------------------------------------------------------------------------


def find_store(path: str | Path) -> Path | None:
    """The generation a path names: an output folder (``out``), its ``store`` folder,
    ``store/current`` or a generation itself. None when it names none."""
    path = Path(path)
    for candidate in (path / STORE_DIR / CURRENT, path / CURRENT, path):
        if candidate.is_dir() and _manifest(candidate.resolve()) is not None:
            return candidate.resolve()
    return None


def open_store(path: str | Path) -> ox.Store:
    """The store a path names (see :func:`find_store`), opened read-only at the
    generation current now."""
    found = find_store(path)
    if found is None:
        raise KgError(f"{path}: no kg store here (kg build writes one in OUT/{STORE_DIR})")
    try:
        return ox.Store.read_only(str(found))
    except OSError as exc:
        raise StoreError(f"{found}: cannot open the store: {exc}") from exc


# --- serving -----------------------------------------------------------------------------

LOOPBACK = "127.0.0.1"
DEFAULT_PORT = 7878


def server_command() -> list[str]:
    """The ``oxigraph`` server program (the ``oxigraph`` package, installed with kg)."""
    beside = Path(sys.executable).parent / "oxigraph"
    found = str(beside) if beside.is_file() else shutil.which("oxigraph")
    if found is None:
        raise KgError("kg serve runs Oxigraph's server: pip install 'oxigraph>=0.5,<0.6'")
    return [found]


def serve(
    out_dir: str | Path = "out",
    port: int = DEFAULT_PORT,
    *,
    on_start: Callable[[Path, str], None] | None = None,
    poll: float = 1.0,
) -> int:
    """Answer SPARQL 1.1 questions over HTTP, on this machine only (``127.0.0.1``), from
    the store in ``out_dir``: Oxigraph's server, read-only (questions run on the default
    graph, the union; ``GRAPH`` patterns see each notes file's graph). When a build
    moves the store on, the server is started again on the new generation. Runs until
    interrupted (or the server stops: its exit code is returned); ``on_start(generation,
    url)`` is called at each start."""
    if not 0 < port < 65536:
        raise KgError(f"--port {port}: not a port (1-65535)")
    url = f"http://{LOOPBACK}:{port}"
    generation = find_store(out_dir)
    if generation is None:
        raise KgError(f"{out_dir}: no kg store here (kg build writes one in OUT/{STORE_DIR})")
    command = [*server_command(), "serve-read-only", "--bind", f"{LOOPBACK}:{port}"]
    child: subprocess.Popen[bytes] | None = None
    try:  # whenever this ends (an interrupt, even mid-restart), no server is left running
        while True:
            _stop(child)
            child = subprocess.Popen(  # noqa: S603 (a fixed program and arguments)
                [*command, "--location", str(generation)], stdin=subprocess.DEVNULL
            )
            if on_start is not None:
                on_start(generation, url)
            while True:
                try:
                    return child.wait(timeout=poll)
                except subprocess.TimeoutExpired:
                    pass
                now = find_store(out_dir)
                if now is not None and now != generation:
                    generation = now
                    break
    finally:
        _stop(child)


def _stop(child: subprocess.Popen[bytes] | None) -> None:
    """Stop a server: asked to, then made to if it has not within five seconds."""
    if child is None or child.poll() is not None:
        return
    child.terminate()
    try:
        child.wait(timeout=5)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
