"""graph.html: offline, and it works in a real browser."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .conftest import need

REMOTE = re.compile(
    r"""<(?:script|link|img|iframe)\b[^>]*\b(?:src|href)\s*=\s*["']?(?:https?:)?//""", re.I
)


def test_page_references_nothing_remote(sc21_out: Path) -> None:
    html = (sc21_out / "graph.html").read_text(encoding="utf-8")
    assert not REMOTE.search(html)
    assert "cdn.jsdelivr" not in html and "cdnjs" not in html and "bootstrap" not in html.lower()
    assert re.search(r"url\(\s*['\"]?https?:", html) is None
    assert "@import" not in html


def test_notes_text_is_data_not_markup(sc21_out: Path) -> None:
    html = (sc21_out / "graph.html").read_text(encoding="utf-8")
    data = html.split('id="kg-data">', 1)[1].split("</script>", 1)[0]
    assert "<" not in data and ">" not in data


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover
        need(False, "playwright is not installed: pip install playwright")
    need(Path("/usr/bin/chromium").exists(), "Chromium missing: apt-get install chromium")
    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield b
        b.close()


def open_offline(browser, path: Path):
    """Open a page with every http(s) request blocked and counted."""
    page = browser.new_page()
    remote: list[str] = []
    errors: list[str] = []
    dialogs: list[str] = []

    def block(route, request):
        remote.append(request.url)
        route.abort()

    page.route(re.compile(r"^https?://"), block)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(path.as_uri())
    return page, remote, errors, dialogs


@pytest.mark.browser
def test_page_loads_offline_without_errors_and_draws_the_graph(browser, sc21_out: Path) -> None:
    page, remote, errors, dialogs = open_offline(browser, sc21_out / "graph.html")
    page.wait_for_function("window.kgNetwork !== undefined", timeout=10_000)
    counts = page.evaluate(
        "() => ({nodes: window.kgNetwork.body.data.nodes.length,"
        " edges: window.kgNetwork.body.data.edges.length})"
    )
    assert counts["nodes"] > 100 and counts["edges"] > 100
    assert page.locator("canvas").count() == 1
    legend = page.locator("#legend").inner_text()
    assert "Paper (25)" in legend and "Session (8)" in legend
    assert remote == [] and errors == [] and dialogs == []
    page.close()


@pytest.mark.browser
def test_hiding_a_class_and_searching(browser, sc21_out: Path) -> None:
    page, _, errors, _ = open_offline(browser, sc21_out / "graph.html")
    page.wait_for_function("window.kgNetwork !== undefined", timeout=10_000)
    page.locator("#legend input[data-cls=Metric]").uncheck()
    hidden = page.evaluate(
        "() => window.kgNetwork.body.data.nodes.get({filter: n => n.hidden}).length"
    )
    assert hidden > 20
    page.fill("#search", "Chimera")
    selected = page.evaluate("() => window.kgNetwork.getSelectedNodes()")
    assert any("3476145" in s or "chimera" in s for s in selected)
    assert errors == []
    page.close()
