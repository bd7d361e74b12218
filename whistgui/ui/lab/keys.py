"""The Single Suits window's keys, for Help ▸ Keyboard Shortcuts (F1): rows of the two-column
HTML table the help shows, and the game its suits open in. Plain text, importing nothing, so
that the help and the workspace's declaration can read them without loading the window (nor
numpy, nor pyqtgraph)."""

from __future__ import annotations

from typing import Final

__all__ = ["GAME", "KEYS_HTML"]

#: The game whose values the list shows (its Value, maxmin, minmax and T₀ are whist's): a suit
#: opened from it opens in this game.
GAME: Final = "whist"

#: The window's section of F1's list (``<tr>`` rows: the keys, what they do).
KEYS_HTML: Final = """<tr><td colspan=2><b>Single Suits</b> (View ▸ Single Suits, \
Ctrl+Shift+L)</td></tr>
<tr><td>Alt+C, Alt+T; Enter, Alt+L</td><td>cards a hand (from, to); list them</td></tr>
<tr><td>Alt+F</td><td>the filter: words in the cells shown, each anywhere in the row; \
"with 2 stoppers" in quotes: the phrase, in one cell (from 7 cards a hand a suit's W/E text: \
WWE anywhere, ^WWE at the top, EEW$ at the bottom)</td></tr>
<tr><td>Arrows; click</td><td>move; open the suit in the table behind</td></tr>
<tr><td>Enter, double-click</td><td>open the suit and bring the table to the front (a \
store's suit of more than 13 cards a hand is beyond the card table: the window says so)</td></tr>
<tr><td>Ctrl+C; right-click</td><td>copy the current row's suit in the paper's notation \
(for 'whist value')</td></tr>
<tr><td>Click a column's header</td><td>sort by it (again: the other way; ▲ ascending)</td></tr>
<tr><td>Alt+V</td><td>the n whose values are plotted</td></tr>
<tr><td>Alt+E; Ctrl+E</td><td>export the rows (CSV, LaTeX) or the plots; the plots as a \
figure</td></tr>
<tr><td>Esc, Ctrl+.</td><td>stop the listing, the export or the store's count</td></tr>
<tr><td>Ctrl+O; Alt+I or F10</td><td>open a table store (its suits listed, not computed); \
the File menu (the last store, Close Table Store, Export)</td></tr>
<tr><td>Alt+N, Alt+Q; Enter</td><td>with a store open: which n; an SQL condition over its \
suits (value = '1+e1' AND t0 &gt; 2; pattern = 'EWEW' is AQ/KJ, who holds each card from the \
lowest up); list them</td></tr>
<tr><td>Alt+G; Ctrl+PgDown, Ctrl+PgUp</td><td>with a store open: go to a row; the next or the \
previous 100,000 rows (the table shows 100,000 at a time; ◀ ▶ too)</td></tr>
<tr><td>F1 (in the window)</td><td>these keys</td></tr>"""
