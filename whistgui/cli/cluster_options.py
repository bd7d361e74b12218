"""``--workers [N]`` / ``--scheduler ADDRESS``: where a command's chunks of work run — a local
Dask cluster this command starts, or an existing one (``dask scheduler`` and ``dask worker``
started by hand) — shared by ``whist table`` and ``whist gops solve``."""

from __future__ import annotations

import argparse
from typing import Final

from whistgui.engine.tables.cluster import default_workers

__all__ = ["CORES", "add_cluster_options", "workers_asked"]

#: ``--workers`` given without N: the machine's cores (argparse gives a const that is not a
#: str as it is, so ``--workers -1`` stays a bad number).
CORES: Final = object()


def add_cluster_options(p: argparse.ArgumentParser, work: str, there: str = "") -> None:
    """The two options, one or the other: ``work`` says what runs there ("run the chunks of
    the work"), ``there`` what an existing cluster needs besides ("; a store on storage its
    workers see")."""
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=int,
        nargs="?",
        const=CORES,
        metavar="N",
        help=f"{work} on a local Dask cluster of N worker processes (N left out: the "
        f"machine's cores, {default_workers()} here)",
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help=f"{work} on an existing Dask cluster, its scheduler at ADDRESS (tcp://HOST:8786, "
        f"as 'dask scheduler' prints it{there})",
    )


def workers_asked(args: argparse.Namespace) -> int | None:
    """``--workers``' number of processes (the machine's cores for a bare ``--workers``), or
    None when it is not given."""
    if args.workers is None:
        return None
    return default_workers() if args.workers is CORES else int(args.workers)
