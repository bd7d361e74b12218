"""Where the heaps board draws things: a column per stack and one more, the *new stack* slot,
at the end of the row; counters as flat discs seen edge on, one scale for all stacks (as thick
as the tallest stack lets them be, a stack drawn as a bar when they would be thinner than
:data:`THINNEST`); a strip for each stack's labels under the row, and the palette's strip at
the bottom. Plain arithmetic on the board's size, the same for painting and for finding what
is under the pointer."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PySide6.QtCore import QPointF, QRectF

__all__ = ["THINNEST", "BoardGeometry"]

#: The thinnest disc drawn as a disc (pixels); thinner, a stack is drawn as a bar.
THINNEST: Final = 4.0
MARGIN: Final = 14.0
#: The strips under the row: a stack's size and its element; the palette.
LABELS: Final = 40.0
PALETTE: Final = 46.0
#: The widest a column and a counter are.
MAX_COLUMN: Final = 140.0
MAX_COUNTER: Final = 90.0
#: The least height a stack drawn as a bar is drawn and clicked at (pixels): a heap of 1
#: beside heaps of 1,000 was a line a pixel high that no click could hit.
MIN_STACK: Final = 8.0


@dataclass(frozen=True, slots=True)
class BoardGeometry:
    """The board's layout for stacks of ``heights`` in a ``width`` × ``height`` widget."""

    width: float
    height: float
    heights: tuple[int, ...]
    #: where the room for the stacks begins (below the lines at the board's top)
    top: float = MARGIN

    @classmethod
    def of(
        cls, width: float, height: float, heights: Sequence[int], top: float = MARGIN
    ) -> BoardGeometry:
        return cls(float(width), float(height), tuple(heights), float(top))

    @property
    def columns(self) -> int:
        return len(self.heights) + 1  # and the new stack's slot

    @property
    def column(self) -> float:
        """A column's width."""
        return max(1.0, min(MAX_COLUMN, (self.width - 2 * MARGIN) / self.columns))

    @property
    def counter(self) -> float:
        """A counter's width."""
        return max(1.0, min(MAX_COUNTER, self.column * 0.72))

    @property
    def bottom(self) -> float:
        """The row's floor: the lower edge of every stack's bottom counter."""
        return max(self.top + 10, self.height - PALETTE - LABELS)

    @property
    def pitch(self) -> float:
        """The distance from one counter to the next up a stack (the tallest fits)."""
        room = self.bottom - self.top - 14  # a badge's room above the tallest
        tallest = max(self.heights, default=1) or 1
        return max(0.05, min(self.counter * 0.42, room / tallest))

    @property
    def thick(self) -> float:
        """A counter's thickness (less than the pitch: a gap between counters)."""
        return self.pitch * 0.8

    @property
    def as_bars(self) -> bool:
        """Are the stacks drawn as bars (the discs too thin to see)?"""
        return self.thick < THINNEST

    def pitch_of(self, i: int) -> float:
        """Stack ``i``'s pitch: the common one, or more for a stack drawn as a bar that would
        be lower than :data:`MIN_STACK` (its counters share that height)."""
        n = self.heights[i] if 0 <= i < len(self.heights) else 0
        if not self.as_bars or not n or n * self.pitch >= MIN_STACK:
            return self.pitch
        return MIN_STACK / n

    @property
    def left(self) -> float:
        """The row's left edge (the row is centred)."""
        return max(MARGIN, (self.width - self.columns * self.column) / 2)

    def column_rect(self, i: int) -> QRectF:
        """Column ``i``'s room (``len(heights)``: the new stack's slot), the floor to the
        top."""
        return QRectF(self.left + i * self.column, self.top, self.column, self.bottom - self.top)

    def counter_rect(self, i: int, j: int) -> QRectF:
        """Counter ``j`` (from 0 at the bottom) of stack ``i``."""
        pitch = self.pitch_of(i)
        thick = pitch * 0.8
        x = self.left + i * self.column + (self.column - self.counter) / 2
        y = self.bottom - (j + 1) * pitch + (pitch - thick) / 2
        return QRectF(x, y, self.counter, thick)

    def stack_rect(self, i: int, height: int) -> QRectF:
        """What ``height`` counters of stack ``i`` cover."""
        pitch = self.pitch_of(i)
        x = self.left + i * self.column + (self.column - self.counter) / 2
        return QRectF(x, self.bottom - height * pitch, self.counter, height * pitch)

    def label_rect(self, i: int, line: int) -> QRectF:
        """Stack ``i``'s label line ``line`` (0: its size, 1: its element)."""
        return QRectF(self.left + i * self.column, self.bottom + 2 + line * 18, self.column, 18)

    def palette_rect(self) -> QRectF:
        return QRectF(MARGIN, self.height - PALETTE + 4, self.width - 2 * MARGIN, PALETTE - 8)

    def palette_item(self, k: int) -> QRectF:
        """The palette's counter ``k`` (a heap's; a pile's blue, then red)."""
        p = self.palette_rect()
        d, t = 40.0, 16.0
        return QRectF(p.left() + 8 + k * (d + 10), p.center().y() - t / 2, d, t)

    # -- what is under the pointer ---------------------------------------------------------
    def column_at(self, point: QPointF) -> int | None:
        """The column under ``point`` (``len(heights)``: the new stack's slot), above the
        labels; None elsewhere."""
        if not self.top - 4 <= point.y() <= self.bottom + LABELS:
            return None
        i = math.floor((point.x() - self.left) / self.column)
        return i if 0 <= i < self.columns else None

    def level_at(self, y: float, i: int | None = None) -> int:
        """The counter level at height ``y`` (0 the bottom counter; may be below 0 or above a
        stack's top), of stack ``i`` (its pitch: :meth:`pitch_of`) or of the common pitch."""
        pitch = self.pitch if i is None else self.pitch_of(i)
        return math.floor((self.bottom - y) / pitch)

    def counter_at(self, point: QPointF) -> tuple[int, int] | None:
        """``(stack, counter)`` under ``point`` (anywhere in the stack's column at that
        counter's height), or None."""
        i = self.column_at(point)
        if i is None or i >= len(self.heights):
            return None
        j = self.level_at(point.y(), i)
        return (i, j) if 0 <= j < self.heights[i] else None

    def palette_at(self, point: QPointF, items: int) -> int | None:
        """The palette's item under ``point``, or None."""
        for k in range(items):
            if self.palette_item(k).adjusted(-4, -8, 4, 8).contains(point):
                return k
        return None
