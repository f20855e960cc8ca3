"""The address space the operating system allows kg's process (``ulimit -v``).

HPC login nodes often limit it. The engines kg uses (Oxigraph, and the RocksDB under
its on-disk store) stop the whole process when an allocation fails, with no error
Python could catch; so kg looks at the limit first and says what it leaves out."""

from __future__ import annotations

import contextlib

# Measured with the SC21 notes on this project's 2-core machines (`ulimit -v`):
# - a build with the on-disk store aborts in RocksDB at 1.1 GB and runs at 1.2 GB (it maps
#   a 200 MB block cache and starts its threads): below STORE_NEEDS, no store is written;
# - a build without it aborts at 500 MB and runs at 600 MB: below BUILD_NEEDS, a warning.
STORE_NEEDS = 3 << 29  # 1.5 GiB
BUILD_NEEDS = 3 << 28  # 768 MiB


def address_space() -> int | None:
    """The soft limit on the process's address space in bytes, or None when there is none."""
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
        if soft != resource.RLIM_INFINITY:
            return soft
    return None


def shown(size: int) -> str:
    return f"{size / 2**20:,.0f} MB"
