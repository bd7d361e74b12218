"""DuckDB's side of the Parquet table store: the SQL macros its views use, the keys of whist's
listing order (a pattern's place among the suits of its n), and the table function over parts.

>>> lex_key(0b0011, 2), lex_key(lex_key(0b0110, 2), 2)
(3, 6)

The macro agrees with it for every n the store holds, 16 (32 bits) included:

>>> import duckdb
>>> con = duckdb.connect()
>>> _ = con.execute(MACROS)
>>> masks = [(0b0011, 2), (0b1011_0100, 4), (0xFFFF, 16), (0xFFFF_0000, 16), (0xAAAA_AAAA, 16)]
>>> [con.execute("SELECT lex_key(?, ?)", [m, k]).fetchone()[0] for m, k in masks] == [
...     lex_key(m, k) for m, k in masks]
True
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from math import comb
from typing import Final

from whistgui.engine.reading import quote
from whistgui.engine.tables.store import StoreError

__all__ = [
    "MACROS",
    "MEMORY_ENV",
    "lex_key",
    "lex_key_at",
    "memory_limit_mb",
    "query_error",
    "read_parquet",
    "suits_select",
]

#: DuckDB macros: a pattern's text from its mask, and its place in whist's listing order
#: (West's positions in lexicographic order: the mirrored mask, decreasing).
MACROS: Final = """
CREATE MACRO pattern_text(m, k) AS array_to_string(
    list_transform(range(2 * k), lambda i: CASE WHEN (m >> i) & 1 = 1 THEN 'W' ELSE 'E' END), '');
CREATE MACRO _r1(x) AS ((x >> 1) & 1431655765) | ((x & 1431655765) << 1);
CREATE MACRO _r2(x) AS ((x >> 2) & 858993459) | ((x & 858993459) << 2);
CREATE MACRO _r4(x) AS ((x >> 4) & 252645135) | ((x & 252645135) << 4);
CREATE MACRO _r8(x) AS ((x >> 8) & 16711935) | ((x & 16711935) << 8);
CREATE MACRO _r16(x) AS ((x >> 16) & 65535) | ((x & 65535) << 16);
CREATE MACRO lex_key(m, k) AS
    ((1::BIGINT << (2 * k)) - 1) - (_r16(_r8(_r4(_r2(_r1(m::BIGINT))))) >> (32 - 2 * k));
"""


#: The store's ``suits`` view, column by column: its name, the SQL that gives it from the
#: stored rows ``raw r``, and the dictionary it is read from (its join below), if any.
_SUITS_VIEW: Final = (
    ("n", "r.n", ""),
    ("rank", "r.rank", ""),
    ("mask", "r.mask", ""),
    ("pattern", "pattern_text(r.mask, r.n)", ""),
    ("lex", "lex_key(r.mask, r.n)", ""),
    ("value", "v.text", "v"),
    ("value_key", "r.value", ""),
    ("class", "v.class", "v"),
    ("stoppers", "v.stoppers", "v"),
    ("west_lead", "v.west_lead", "v"),
    ("east_lead", "v.east_lead", "v"),
    ("maxmin", "a.text", "a"),
    ("minmax", "b.text", "b"),
    ("t0", "r.t0", ""),
    ("h", "r.h", ""),
    ("hbar", "r.hbar", ""),
)
#: The dictionaries' joins. Left joins (every key is in its dictionary): a query skips the
#: joins of the columns it does not read (a count of 54 million suits by class: 2.2 → 1.9 s).
_DICTIONARY_JOINS: Final = {
    "v": "LEFT JOIN value_dictionary v ON r.value = v.key",
    "a": "LEFT JOIN labeled_dictionary a ON r.maxmin = a.key",
    "b": "LEFT JOIN labeled_dictionary b ON r.minmax = b.key",
}


def suits_select(names: Iterable[str] | None = None, extra: Iterable[str] = ()) -> str:
    """The SELECT of the store's ``suits`` view over ``raw``: the columns ``names`` (every
    column if None) in the view's order, then the ``extra`` expressions over ``raw r``, with
    only the joins those columns need.

    >>> print(suits_select(["value", "n"], ["r.maxmin AS _maxmin"]).replace(" LEFT", "\\nLEFT"))
    SELECT r.n AS n, v.text AS value, r.maxmin AS _maxmin FROM raw r
    LEFT JOIN value_dictionary v ON r.value = v.key
    """
    wanted = None if names is None else set(names)
    columns = [
        f"{sql} AS {name}" for name, sql, _ in _SUITS_VIEW if wanted is None or name in wanted
    ]
    used = {d for name, _, d in _SUITS_VIEW if d and (wanted is None or name in wanted)}
    joins = [join for d, join in _DICTIONARY_JOINS.items() if d in used]
    return " ".join([f"SELECT {', '.join([*columns, *extra])} FROM raw r", *joins])


def read_parquet(files: list[str]) -> str:
    """DuckDB's table function reading the parts ``files`` (their n from their folder)."""
    listed = ", ".join("'" + f.replace("'", "''") + "'" for f in files)
    return f"read_parquet([{listed}], hive_partitioning = true, hive_types = {{'n': INTEGER}})"


def lex_key(mask: int, n: int) -> int:
    """The ``lex_key`` (the SQL macro) of a pattern of ``n`` cards a hand: its place's key in
    whist's listing order — the mirrored mask, from the top down. It is its own inverse.

    >>> lex_key(0b0011, 2), lex_key(lex_key(0b0110, 2), 2)
    (3, 6)
    """
    width = 2 * n
    return (1 << width) - 1 - int(f"{mask:0{width}b}"[::-1], 2)


def lex_key_at(n: int, place: int) -> int:
    """The ``lex_key`` (the SQL macro) of the pattern at ``place`` in whist's listing order
    (:func:`~whistgui.engine.tables.rows.patterns`: West's positions in lexicographic order).

    >>> keys = [lex_key_at(3, k) for k in range(20)]
    >>> keys == sorted(keys) and len(set(keys)) == 20
    True
    """
    size, left, mask = 2 * n, n, 0
    for i in range(size):  # West's positions, the place's combination unranked
        if left == 0:
            break
        with_i = comb(size - i - 1, left - 1)
        if place < with_i:
            mask |= 1 << (size - 1 - i)  # mirrored: bit size − 1 − i for position i
            left -= 1
        else:
            place -= with_i
    return (1 << size) - 1 - mask


#: The environment variable that sets DuckDB's memory limit for a store's queries (MB); unset,
#: :func:`memory_limit_mb` chooses.
MEMORY_ENV: Final = "WHISTGUI_STORE_MEMORY_MB"
#: The most memory a store's queries take (MB), whatever the machine has.
_MAX_MEMORY_MB: Final = 4096
_MIN_MEMORY_MB: Final = 64


def memory_limit_mb() -> int:
    """The memory DuckDB may take for a store's queries (MB): :data:`MEMORY_ENV` if set, or
    else a quarter of the machine's memory, at most 4 GB; a query that needs more spills to a
    temporary directory (a sort) or fails with DuckDB's "Out of Memory" message — the process
    is never killed for it.

    >>> 0 < memory_limit_mb() <= 4096 or MEMORY_ENV in os.environ
    True
    """
    said = os.environ.get(MEMORY_ENV, "").strip()
    if said:
        try:
            return max(_MIN_MEMORY_MB, int(said))
        except ValueError:
            raise StoreError(
                f"{MEMORY_ENV}={quote(said)}: expected a whole number of megabytes"
            ) from None
    try:
        ram = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // (1 << 20)
    except (ValueError, OSError, AttributeError):  # no sysconf: the most
        return _MAX_MEMORY_MB
    return max(_MIN_MEMORY_MB, min(_MAX_MEMORY_MB, ram // 4))


def query_error(what: str, exc: Exception) -> StoreError:
    """The :class:`StoreError` of ``what`` (a query, quoted) that DuckDB refused with ``exc``:
    its message on one line; out of memory, the limit and how to change it (DuckDB's own
    advice — SET memory_limit — is not the user's to take)."""
    said = " ".join(str(exc).split())
    if type(exc).__name__ == "OutOfMemoryException":
        said = said.split(" Possible solutions:")[0]
        return StoreError(
            f"{what} needs more memory than a store's queries may take, {memory_limit_mb():,} "
            f"MB ({said}); a query that keeps fewer rows needs less (a LIMIT … OFFSET keeps "
            f"them all up to its offset); {MEMORY_ENV} sets the limit in MB"
        )
    return StoreError(f"{what} failed: {said}")
