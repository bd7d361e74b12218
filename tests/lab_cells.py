"""A Single Suits row's cells written from the :class:`~whistgui.app.lab.LabRow` (the evaluator's
objects) in plain Python: what the window's model (tests/ui/test_single_suits.py) and the
exported rows (tests/app/test_lab_export.py) must agree with, never from the columns' tables."""

from __future__ import annotations

from whistgui.app.lab import LabRow


def row_cells(row: LabRow) -> list[str]:
    """The row's cells in the window's columns: Suit, n, Value, Kind, maxmin, minmax, T₀, H,
    H̄, which of H and H̄ whist's H is, and the whist, Greedy and five-card outcomes."""
    if row.whist_h is None:
        which = "neither"
    else:
        which = "H = H̄" if row.h == row.hbar else ("H" if row.whist_h == row.h else "H̄")
    return [
        row.suit,
        str(row.n),
        row.value.pretty(),
        row.kind,
        row.maxmin.pretty(),
        row.minmax.pretty(),
        str(row.t0),
        str(row.h),
        str(row.hbar),
        which,
        f"{row.whist[0]} / {row.whist[1]}",
        f"{row.greedy[0]} / {row.greedy[1]}",
        f"{row.five_card[0]} / {row.five_card[1]}",
    ]
