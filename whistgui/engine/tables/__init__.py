"""Single-suit tables: every suit of n cards a hand with its value, maxmin, minmax and R43's
T_0, H and H̄ (:mod:`~whistgui.engine.tables.rows`), kept in SQLite
(:mod:`~whistgui.engine.tables.store`), and the conjectures of symmetric whist §18 and R43's
statements checked against them (:mod:`~whistgui.engine.tables.conjectures`). The values come
from whist's value theory, from its numpy kernel for long suits
(:mod:`~whistgui.engine.games.whist.kernel`); nothing of that theory imports the tables."""
