"""HTTP for SPARQL endpoints and Graph Store Protocol servers (standard library only)."""

from __future__ import annotations

import re
import urllib.error
import urllib.parse
import urllib.request
from typing import IO

from .errors import KgError
from .timing import within


def check_url(url: str, error: type[KgError] = KgError) -> str:
    """An http(s) address with a host and no spaces or control characters, or ``error``."""
    try:
        parts = urllib.parse.urlsplit(url)
    except ValueError as exc:  # "http://[::1/": a bracket never closed
        raise error(f"{url!r} is not an http(s) address: {exc}") from None
    if (
        parts.scheme not in ("http", "https")
        or not parts.netloc
        or re.search(r"[\s\x00-\x1f\x7f]", url)
    ):
        raise error(f"{url!r}: not an http(s) address (e.g. http://localhost:7878/store)")
    return url


def readable(body: str, limit: int = 300) -> str:
    """A server's error page as one line of text: no markup, no control characters."""
    text = re.sub(r"<[^>]*>", " ", body)
    text = re.sub(r"[\x00-\x1f\x7f\s]+", " ", text).strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def send(
    request: urllib.request.Request, timeout: float, error: type[KgError] = KgError
) -> tuple[int, bytes]:
    """The status and body of a request; any failure is ``error`` naming the server.
    ``timeout`` bounds the whole exchange (urllib's own bounds each read, so a server
    that sends a byte a second was never timed out)."""
    url = request.full_url
    if request.type not in ("http", "https"):
        raise error(f"{url}: not an http(s) address")
    return within(
        lambda: _exchange(request, timeout, error),
        timeout,
        lambda: error(f"{url}: timed out after {timeout:g} s"),
    )


def _exchange(
    request: urllib.request.Request, timeout: float, error: type[KgError]
) -> tuple[int, bytes]:
    url = request.full_url
    try:
        response: IO[bytes]
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310 (http(s) only)
            return response.status, response.read()  # type: ignore[attr-defined]
    except urllib.error.HTTPError as exc:
        detail = readable(exc.read().decode("utf-8", "replace"))
        raise error(f"{url}: HTTP {exc.code}: {detail}") from exc
    except (urllib.error.URLError, TimeoutError, OSError, ValueError) as exc:
        raise error(f"{url}: {getattr(exc, 'reason', exc)}") from exc
