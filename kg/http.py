"""HTTP for SPARQL endpoints and Graph Store Protocol servers (standard library only)."""

from __future__ import annotations

import urllib.error
import urllib.request
from typing import IO

from .errors import KgError


def send(
    request: urllib.request.Request, timeout: float, error: type[KgError] = KgError
) -> tuple[int, bytes]:
    """The status and body of a request; any failure is ``error`` naming the server."""
    url = request.full_url
    if request.type not in ("http", "https"):
        raise error(f"{url}: not an http(s) address")
    try:
        response: IO[bytes]
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310 (http(s) only)
            return response.status, response.read()  # type: ignore[attr-defined]
    except urllib.error.HTTPError as exc:
        detail = exc.read().decode("utf-8", "replace").strip()
        raise error(f"{url}: HTTP {exc.code}: {detail[:500]}") from exc
    except (urllib.error.URLError, TimeoutError, OSError, ValueError) as exc:
        raise error(f"{url}: {getattr(exc, 'reason', exc)}") from exc
