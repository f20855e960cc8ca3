"""A deterministic force-directed layout (Fruchterman-Reingold) for graph.html.

Precomputing positions lets a large page open already drawn, with physics
off, instead of making the browser simulate thousands of nodes (vis-network
needs minutes for 2,000). Starting points come from a hash of each node's id,
so a node keeps its place from one build to the next.
"""

from __future__ import annotations

import hashlib
from collections.abc import Hashable, Iterable

import numpy as np


def _start(node: Hashable) -> tuple[float, float]:
    h = hashlib.blake2b(str(node).encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(h[:4], "big") / 2**32, int.from_bytes(h[4:], "big") / 2**32


def spring_layout(
    nodes: list[Hashable],
    edges: Iterable[tuple[Hashable, Hashable]],
    iterations: int = 0,
    scale: float | None = None,
) -> dict[Hashable, tuple[float, float]]:
    """Positions in pixels for ``nodes`` linked by ``edges`` (dense, O(n²) per iteration;
    80 iterations up to 300 nodes, 50 above)."""
    n = len(nodes)
    if n == 0:
        return {}
    iterations = iterations or (80 if n <= 300 else 50)
    index = {v: i for i, v in enumerate(nodes)}
    pos = np.array([_start(v) for v in nodes], dtype=np.float64)
    pairs = np.array(
        [(index[a], index[b]) for a, b in edges if a in index and b in index and a != b],
        dtype=np.int64,
    ).reshape(-1, 2)
    k = 1.0 / np.sqrt(n)  # the ideal distance in the unit square
    t = 0.1
    cool = t / (iterations + 1)
    for _ in range(iterations):
        delta = pos[:, None, :] - pos[None, :, :]
        dist = np.sqrt((delta**2).sum(axis=-1))
        np.fill_diagonal(dist, 1.0)
        dist = np.maximum(dist, 0.01)
        force = (k * k / dist**2)[:, :, None] * delta  # repulsion from every node
        disp = force.sum(axis=1)
        if len(pairs):
            d = pos[pairs[:, 0]] - pos[pairs[:, 1]]
            length = np.maximum(np.sqrt((d**2).sum(axis=1)), 0.01)
            pull = (length / k)[:, None] * d  # attraction along links
            np.add.at(disp, pairs[:, 0], -pull)
            np.add.at(disp, pairs[:, 1], pull)
        length = np.maximum(np.sqrt((disp**2).sum(axis=1)), 1e-9)
        pos += disp / length[:, None] * np.minimum(length, t)[:, None]
        t -= cool
    pos -= pos.mean(axis=0)
    span = np.abs(pos).max() or 1.0
    size = scale if scale is not None else 60.0 * np.sqrt(n) + 200.0
    pos = pos / span * size
    return {
        v: (round(float(x), 1), round(float(y), 1)) for v, (x, y) in zip(nodes, pos, strict=True)
    }
