"""Shared fixtures.

Tests that need an outside tool (Chromium, rapper, riot, the oxigraph server)
skip with a reason when it is missing, except under CI (CI=true), where a
missing tool is a failure: CI installs them all (see .ci/run).
"""

from __future__ import annotations

import os
import shutil
import warnings
from pathlib import Path

import pytest

import kg

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
SC21 = ROOT / "data" / "sc21-dl-gpu-cloud.txt"


def need(condition: bool, reason: str) -> None:
    """Skip (or, under CI, fail) when an outside tool is missing."""
    if condition:
        return
    if os.environ.get("CI"):
        pytest.fail(f"CI must provide this: {reason}")
    pytest.skip(reason)


def need_command(name: str, install: str) -> str:
    path = shutil.which(name)
    need(path is not None, f"`{name}` not found; install it with: {install}")
    return path  # type: ignore[return-value]


@pytest.fixture(scope="session")
def sc21_build() -> kg.Build:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return kg.build_all([SC21])


@pytest.fixture(scope="session")
def sc21_graph(sc21_build: kg.Build):
    return sc21_build.graph


@pytest.fixture(scope="session")
def sc21_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`kg build` run once on the SC21 notes, all formats, with the page."""
    from kg.cli import main

    out = tmp_path_factory.mktemp("out")
    code = main(["build", str(SC21), "-o", str(out), "-q", "--format", "all"])
    assert code == 0
    return out


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def oxigraph_server(tmp_path_factory: pytest.TempPathFactory):
    """A real `oxigraph serve` on a free loopback port (from the `oxigraph` PyPI package)."""
    import subprocess
    import sys
    import time
    import urllib.request

    exe = shutil.which("oxigraph") or str(Path(sys.executable).parent / "oxigraph")
    need(Path(exe).exists(), "the oxigraph server is missing: pip install oxigraph")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen(
        [
            exe,
            "serve",
            "--location",
            str(tmp_path_factory.mktemp("oxigraph")),
            "--bind",
            f"127.0.0.1:{port}",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            req = urllib.request.Request(
                url + "/query",
                data=b"ASK {}",
                headers={"Content-Type": "application/sparql-query"},
            )
            with urllib.request.urlopen(req, timeout=2):
                break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError(f"oxigraph did not start: {proc.stderr.read()!r}") from None
            time.sleep(0.1)
    yield url
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(scope="session")
def virtuoso(tmp_path_factory: pytest.TempPathFactory):
    """A throwaway Virtuoso 7 server (Debian's virtuoso-opensource-7-bin, started by
    .ci/virtuoso on free loopback ports): yields ``(sparql_url, sql)``, ``sql`` running a
    statement through isql as dba."""
    import shutil
    import subprocess

    need(
        shutil.which("virtuoso-t") is not None and shutil.which("isql-vt") is not None,
        "Virtuoso missing: apt-get install virtuoso-opensource-7-bin (or .ci/virtuoso install)",
    )
    script = str(ROOT / ".ci" / "virtuoso")
    home = tmp_path_factory.mktemp("virtuoso")
    http, sql_port = free_port(), free_port()
    subprocess.run([script, "start", str(home), str(http), str(sql_port)], check=True)

    def sql(statement: str) -> str:
        done = subprocess.run(
            [script, "sql", str(home), statement], check=True, capture_output=True, text=True
        )
        return done.stdout

    try:
        yield f"http://127.0.0.1:{http}", sql
    finally:
        subprocess.run([script, "stop", str(home)], check=False)
