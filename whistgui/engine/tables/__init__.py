"""Single-suit tables: every suit of n cards a hand with its value, maxmin, minmax and R43's
T_0, H and H̄ (:mod:`~whistgui.engine.tables.rows`), kept as Parquet files queried with DuckDB
(:mod:`~whistgui.engine.tables.parquet_store`, written part by part by
:mod:`~whistgui.engine.tables.chunks` from the kernel out of core) or, as earlier versions
wrote them, in SQLite (:mod:`~whistgui.engine.tables.store`; copied by
:mod:`~whistgui.engine.tables.convert`), and the conjectures of symmetric whist §18 and R43's
statements checked against them (:mod:`~whistgui.engine.tables.conjectures`). The values come
from whist's value theory, from its numpy kernel for long suits
(:mod:`~whistgui.engine.games.whist.kernel`); nothing of that theory imports the tables."""
