"""The heaps board: the position drawn — a stack of counters per heap (End-nim's in their row's
order), a stack of blue and red counters per hackenbush pile — with each stack's size and
element under it, every counter that is a move marked with its result, and the palette.

**Playing.** A click on a counter asks for the move that takes it and every counter above it
(:attr:`HeapsBoard.counterClicked`; the page finds the move, or says why there is none).

**Editing** (each an undo step, :attr:`HeapsBoard.edited` with the new stacks):

* drag the top counter of a stack up or down: the stack grows or shrinks to the pointer (a
  pile grows with counters of its top's colour);
* drag any counter off the board (anywhere but a stack): it is removed, those above it drop;
  onto another stack: it moves to that stack's top; into the dashed slot at the row's end: a
  new stack of it;
* drag a counter from the palette (a heap's counter; a pile's blue or red) onto a stack: it is
  put on top; into the dashed slot: a new stack.

**Keys** (the focused counter has a ring): arrows walk (Left/Right a stack, Up/Down a counter),
Home/End the bottom and top counter; Enter or Space takes the focused counter; + adds a
counter on top (a pile's: its top's colour), B and R a blue or red one (piles), − takes the
top counter off, Delete removes the focused counter, Shift+Delete the whole stack, Insert a
new stack of one counter.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QApplication, QToolTip, QWidget

from whistgui.app.heaps import BLUE, PLAIN, RED, Kind, Stack
from whistgui.ui.heaps.board_geometry import MARGIN, BoardGeometry
from whistgui.ui.heaps.hats import draw_hatted
from whistgui.ui.theme import colour, contrasting_text, is_theme_change

__all__ = ["HeapsBoard", "Mark"]

_COUNTER_ROLES: Final = {PLAIN: "counter", BLUE: "counter_blue", RED: "counter_red"}
_COLOUR_WORDS: Final = {PLAIN: "counter", BLUE: "blue counter", RED: "red counter"}


@dataclass(frozen=True, slots=True)
class Mark:
    """A counter's mark: its text (the result once it is taken), whether that is optimal, and
    what it means (the tooltip)."""

    text: str
    optimal: bool
    tip: str = ""
    #: the theory's prediction, shown until the search's mark comes: drawn hollow
    theory: bool = False


def _runs(stack: Stack, pitch: float) -> list[tuple[float, float, str]]:
    """A stack drawn as a bar: its runs of one colour as (bottom, top, counter), heights
    from the floor; where counters are thinner than a pixel (a heap of hundreds: a pile has at
    most 100, and the board's floor room is more) a pixel row is one run, of the counter at
    its foot, so that a bar costs its height in pixels, not its length.

    >>> _runs(('B', 'B', 'R'), 2.0)
    [(0.0, 4.0, 'B'), (4.0, 6.0, 'R')]
    >>> _runs(('',) * 1000, 0.1)  # 1,000 counters, 100 pixel rows
    [(0.0, 100.0, '')]
    """
    runs: list[tuple[float, float, str]] = []
    step = max(1.0, pitch)
    y = 0.0
    top = len(stack) * pitch
    while y < top - 1e-9:
        c = stack[min(len(stack) - 1, int(y / pitch + 1e-9))]
        high = min(top, y + step)
        if runs and runs[-1][2] == c:
            runs[-1] = (runs[-1][0], high, c)
        else:
            runs.append((y, high, c))
        y = high
    return runs


class _Drag(enum.Enum):
    RESIZE = "resize"  # the top counter dragged up or down
    CARRY = "carry"  # a counter carried off its stack
    NEW = "new"  # a counter from the palette


class HeapsBoard(QWidget):
    """The position drawn, played by clicks and edited by drag and drop and keys."""

    #: (stack, counter, global position): take that counter and every one above it
    counterClicked = Signal(int, int, QPoint)
    #: (stacks, what was done): the position drawn so, as an edit
    edited = Signal(object, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("heapsBoard")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setMinimumSize(420, 260)
        self.kind = Kind.HEAPS
        self.stacks: tuple[Stack, ...] = ()
        self.labels: tuple[str, ...] = ()
        self.elements: tuple[str, ...] = ()
        self.marks: dict[tuple[int, int], Mark] = {}
        self.message = ""
        self.hint = ""
        #: a click may split a heap (octal games): the hint and tooltips say so
        self.splits = False
        #: the line at the board's top (the game's rules, in a word)
        self.caption = ""
        #: lines under it: how to read the marks, how to play what a click cannot
        self.notes: tuple[str, ...] = ()
        #: the focused counter (stack, counter); the counter may be the stack's height (none)
        self.focus_at: tuple[int, int] = (0, 0)
        self._press: QPointF | None = None
        self._pressed: tuple[int, int] | None = None
        self._palette_pressed: int | None = None
        self._drag: _Drag | None = None
        self._pointer = QPointF()
        self._resize_to = 0
        self._carried = PLAIN

    # -- what it shows ---------------------------------------------------------------------
    def set_position(
        self,
        stacks: Sequence[Stack],
        kind: Kind,
        labels: Sequence[str] = (),
        elements: Sequence[str] = (),
    ) -> None:
        """Show ``stacks`` (of ``kind``), with ``labels`` and ``elements`` under them; the
        marks and any message go (they were the old position's)."""
        self.stacks = tuple(stacks)
        self.kind = kind
        self.labels = tuple(labels)
        self.elements = tuple(elements)
        self.marks = {}
        self.message = ""
        self._drag = None
        self._clamp_focus()
        self.update()

    def set_caption(self, text: str) -> None:
        self.caption = text
        self.update()

    def set_notes(self, notes: Sequence[str]) -> None:
        """The lines under the caption ("" lines left out)."""
        self.notes = tuple(n for n in notes if n)
        self.update()

    def set_elements(self, elements: Sequence[str]) -> None:
        self.elements = tuple(elements)
        self.update()

    def set_marks(self, marks: Mapping[tuple[int, int], Mark]) -> None:
        self.marks = dict(marks)
        self.update()

    def set_message(self, text: str) -> None:
        """A refusal shown on the board's floor until the position changes ("" clears it)."""
        self.message = text
        self.update()

    def geometry_now(self) -> BoardGeometry:
        return BoardGeometry.of(
            self.width(), self.height(), [len(s) for s in self.stacks], self._top()
        )

    def _top(self) -> float:
        """Where the stacks' room begins: below the notes under the caption."""
        return MARGIN + 18 * len(self.notes)

    def sizeHint(self) -> QSize:
        return QSize(720, 440)

    def _clamp_focus(self) -> None:
        if not self.stacks:
            self.focus_at = (0, 0)
            return
        i = min(self.focus_at[0], len(self.stacks) - 1)
        j = min(self.focus_at[1], max(0, len(self.stacks[i]) - 1))
        self.focus_at = (i, j)

    # -- palette ---------------------------------------------------------------------------
    @property
    def palette_counters(self) -> tuple[str, ...]:
        return (BLUE, RED) if self.kind is Kind.PILES else (PLAIN,)

    # -- edits -----------------------------------------------------------------------------
    def _edit(self, stacks: list[list[str]], text: str) -> None:
        self.edited.emit([tuple(s) for s in stacks], text)

    def _name(self, i: int) -> str:
        word = "Pile" if self.kind is Kind.PILES else "Heap"
        return f"{word} {i + 1}"

    def resize_stack(self, i: int, height: int) -> None:
        """Stack ``i`` made ``height`` counters tall (a pile grows with its top's colour)."""
        stacks = [list(s) for s in self.stacks]
        old = stacks[i]
        top = old[-1] if old else (BLUE if self.kind is Kind.PILES else PLAIN)
        stacks[i] = old[:height] + [top] * max(0, height - len(old))
        self._edit(stacks, f"{self._name(i)}: {len(old)} → {max(0, height)} counters")

    def remove_counter(self, i: int, j: int) -> None:
        stacks = [list(s) for s in self.stacks]
        c = stacks[i].pop(j)
        self._edit(stacks, f"{self._name(i)}: a {_COLOUR_WORDS[c]} removed")

    def move_counter(self, i: int, j: int, to: int) -> None:
        """Counter ``j`` of stack ``i`` put on top of stack ``to`` (``len(stacks)``: a new
        stack)."""
        stacks = [list(s) for s in self.stacks]
        c = stacks[i].pop(j)
        if to >= len(stacks):
            stacks.append([c])
            text = f"A new {'pile' if self.kind is Kind.PILES else 'heap'} of a counter moved"
        else:
            stacks[to].append(c)
            text = f"A {_COLOUR_WORDS[c]} moved to {self._name(to).lower()}"
        self._edit(stacks, text)

    def add_counter(self, to: int, counter: str) -> None:
        """``counter`` put on top of stack ``to`` (``len(stacks)``: a new stack of it)."""
        stacks = [list(s) for s in self.stacks]
        if to >= len(stacks):
            stacks.append([counter])
            word = "pile" if self.kind is Kind.PILES else "heap"
            text = f"A new {word} ({_COLOUR_WORDS[counter]})"
            self.focus_at = (len(stacks) - 1, 0)
        else:
            stacks[to].append(counter)
            text = f"{self._name(to)}: a {_COLOUR_WORDS[counter]} added"
        self._edit(stacks, text)

    def remove_stack(self, i: int) -> None:
        stacks = [list(s) for s in self.stacks]
        del stacks[i]
        self._edit(stacks, f"{self._name(i)} removed")

    # -- the mouse -------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        g = self.geometry_now()
        p = event.position()
        self._press = p
        self._pressed = g.counter_at(p)
        self._palette_pressed = g.palette_at(p, len(self.palette_counters))
        if self._pressed is not None:
            self.focus_at = self._pressed
            self.update()
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        p = event.position()
        self._pointer = p
        if self._press is None:
            return
        if self._drag is None:
            moved = p - self._press
            if moved.manhattanLength() < QApplication.startDragDistance():
                return
            if self._pressed is not None:
                i, j = self._pressed
                vertical = abs(moved.y()) > abs(moved.x())
                self._carried = self.stacks[i][j]
                self._drag = (
                    _Drag.RESIZE if j == len(self.stacks[i]) - 1 and vertical else _Drag.CARRY
                )
            elif self._palette_pressed is not None:
                self._carried = self.palette_counters[self._palette_pressed]
                self._drag = _Drag.NEW
            else:
                self._press = None
                return
        if self._drag is _Drag.RESIZE and self._pressed is not None:
            g = self.geometry_now()
            i = self._pressed[0]
            self._resize_to = max(0, g.level_at(p.y(), i) + 1)
            if g.column_at(p) != i:  # carried out of its column: a carry of the top counter
                self._drag = _Drag.CARRY
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or self._press is None:
            return super().mouseReleaseEvent(event)
        p = event.position()
        drag, pressed, palette = self._drag, self._pressed, self._palette_pressed
        self._press = self._pressed = self._palette_pressed = None
        self._drag = None
        self.update()
        g = self.geometry_now()
        if drag is None:
            if pressed is not None and g.counter_at(p) == pressed:
                self.counterClicked.emit(*pressed, event.globalPosition().toPoint())
            return
        to = g.column_at(p)
        if drag is _Drag.RESIZE and pressed is not None:
            if self._resize_to != len(self.stacks[pressed[0]]):
                self.resize_stack(pressed[0], self._resize_to)
        elif drag is _Drag.CARRY and pressed is not None:
            i, j = pressed
            if to is None:
                self.remove_counter(i, j)
            elif to != i:
                self.move_counter(i, j, to)
        elif drag is _Drag.NEW and palette is not None and to is not None:
            self.add_counter(to, self.palette_counters[palette])

    def leaveEvent(self, event: QEvent) -> None:
        self._pointer = QPointF(-1, -1)
        self.update()
        super().leaveEvent(event)

    # -- keys ------------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        n = len(self.stacks)
        i, j = self.focus_at
        if key == Qt.Key.Key_Insert:
            self.add_counter(n, self.palette_counters[0])
        elif not n:
            return super().keyPressEvent(event)
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            i = max(0, min(n - 1, i + (1 if key == Qt.Key.Key_Right else -1)))
            self.focus_at = (i, min(j, max(0, len(self.stacks[i]) - 1)))
        elif key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            step = 1 if key == Qt.Key.Key_Up else -1
            self.focus_at = (i, max(0, min(len(self.stacks[i]) - 1, j + step)))
        elif key == Qt.Key.Key_Home:
            self.focus_at = (i, 0)
        elif key == Qt.Key.Key_End:
            self.focus_at = (i, max(0, len(self.stacks[i]) - 1))
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            if j < len(self.stacks[i]):
                rect = self.geometry_now().counter_rect(i, j)
                where = self.mapToGlobal(rect.center().toPoint())
                self.counterClicked.emit(i, j, where)
        elif key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            top = self.stacks[i][-1] if self.stacks[i] else self.palette_counters[0]
            self.add_counter(i, top)
        elif self.kind is Kind.PILES and key in (Qt.Key.Key_B, Qt.Key.Key_R):
            self.add_counter(i, BLUE if key == Qt.Key.Key_B else RED)
        elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Backspace) and self.stacks[i]:
            self.resize_stack(i, len(self.stacks[i]) - 1)
        elif key == Qt.Key.Key_Delete and shift:
            self.remove_stack(i)
        elif key == Qt.Key.Key_Delete and j < len(self.stacks[i]):
            self.remove_counter(i, j)
        else:
            return super().keyPressEvent(event)
        event.accept()
        self.update()

    # -- tooltips and the theme ------------------------------------------------------------
    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            at = self.geometry_now().counter_at(QPointF(event.pos()))
            mark = self.marks.get(at) if at is not None else None
            if at is not None:
                i, j = at
                size = len(self.stacks[i])
                text = (
                    f"{self._name(i)}, {_COLOUR_WORDS[self.stacks[i][j]]} {j + 1} of {size} "
                    f"from the bottom: click to take it"
                    + (f" and the {size - j - 1} above it" if size - j - 1 else "")
                    + (" — or some of them, the heap split there" if self.splits and j else "")
                )
                if mark is not None and mark.tip:
                    text += f"\n{mark.tip}"
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
            return True
        return super().event(event)

    def changeEvent(self, event: QEvent) -> None:
        if is_theme_change(event):
            self.update()  # every colour is read from the theme as it paints
        super().changeEvent(event)

    # -- painting --------------------------------------------------------------------------
    def _shown_stacks(self) -> list[Stack]:
        """The stacks as a drag in progress would leave them."""
        stacks = list(self.stacks)
        if self._pressed is not None and self._drag is _Drag.RESIZE:
            i = self._pressed[0]
            old = stacks[i]
            top = old[-1] if old else PLAIN
            stacks[i] = old[: self._resize_to] + (top,) * max(0, self._resize_to - len(old))
        elif self._pressed is not None and self._drag is _Drag.CARRY:
            i, j = self._pressed
            stacks[i] = stacks[i][:j] + stacks[i][j + 1 :]
        return stacks

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        p.fillRect(self.rect(), pal.base())
        shown = self._shown_stacks()
        heights = [len(s) for s in shown]
        if self._drag is _Drag.RESIZE:
            heights = [max(h, len(s)) for h, s in zip(heights, self.stacks, strict=True)]
        g = BoardGeometry.of(self.width(), self.height(), heights, self._top())
        text_ink = pal.text().color()
        muted = colour("muted", pal)
        font = QFont(self.font())
        p.setFont(font)
        target = g.column_at(self._pointer) if self._drag is not None else None
        for i, stack in enumerate(shown):
            if target == i:
                p.fillRect(g.column_rect(i), pal.alternateBase())
            self._paint_stack(p, g, i, stack)
            for line, text, ink in ((0, self._label(i), text_ink), (1, self._element(i), muted)):
                if text:
                    p.setPen(ink)
                    rect = g.label_rect(i, line).adjusted(1, 0, -1, 0)
                    top = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
                    draw_hatted(p, rect, top, text)  # misère's hats over their digits
        if not shown:
            word = "pile" if self.kind is Kind.PILES else "heap"
            p.setPen(muted)
            room = QRectF(14, 30, max(1.0, g.column_rect(0).left() - 28), g.bottom - 40)
            p.drawText(
                room,
                Qt.AlignmentFlag.AlignRight
                | Qt.AlignmentFlag.AlignBottom
                | Qt.TextFlag.TextWordWrap,
                f"The empty position: drag a counter into “new” for a {word} (or press Insert)",
            )
        self._paint_new_slot(p, g, target == len(shown), muted)
        self._paint_palette(p, g, muted)
        if self._drag is not None:  # the counter carried, under the pointer
            r = QRectF(0, 0, g.counter, max(8.0, g.thick))
            r.moveCenter(self._pointer)
            self._paint_counter(p, r, self._carried, alpha=170)
        if self.caption and not self.message:
            p.setPen(muted)
            line = QRectF(14, 6, self.width() - 28, 22)
            text = QFontMetricsF(font).elidedText(
                self.caption, Qt.TextElideMode.ElideRight, line.width()
            )
            p.drawText(line, Qt.AlignmentFlag.AlignVCenter, text)
        for k, note in enumerate(self.notes):
            p.setPen(muted)
            line = QRectF(14, 28 + 18 * k, self.width() - 28, 18)
            text = QFontMetricsF(font).elidedText(note, Qt.TextElideMode.ElideRight, line.width())
            p.drawText(line, Qt.AlignmentFlag.AlignVCenter, text)
        if self.message:
            self._paint_message(p, g)
        if self.hasFocus():  # the board has the keys: a frame in the focus colour
            p.setPen(QPen(colour("turn"), 2.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(QRectF(self.rect()).adjusted(1, 1, -1, -1), 4, 4)
        p.end()

    def _label(self, i: int) -> str:
        return self.labels[i] if i < len(self.labels) else ""

    def _element(self, i: int) -> str:
        return self.elements[i] if i < len(self.elements) else ""

    def _paint_counter(self, p: QPainter, rect: QRectF, counter: str, alpha: int = 255) -> None:
        fill = colour(_COUNTER_ROLES.get(counter, "counter"))
        fill.setAlpha(alpha)
        edge = colour("counter_edge")
        edge.setAlpha(alpha)
        p.setBrush(fill)
        p.setPen(QPen(edge, 1.0) if rect.height() >= 6 else Qt.PenStyle.NoPen)
        radius = min(rect.height(), rect.width()) / 2
        p.drawRoundedRect(rect, radius, radius)

    def _paint_stack(self, p: QPainter, g: BoardGeometry, i: int, stack: Stack) -> None:
        focus = self.hasFocus() and self.focus_at[0] == i
        if g.as_bars:
            fills = {c: colour(role) for c, role in _COUNTER_ROLES.items()}
            left = g.counter_rect(i, 0).left()
            for low, high, c in _runs(stack, g.pitch_of(i)):
                rect = QRectF(left, g.bottom - high, g.counter, high - low)
                p.fillRect(rect, fills.get(c, fills[PLAIN]))
            p.setPen(QPen(colour("counter_edge"), 1.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(g.stack_rect(i, len(stack)))
        else:
            for j, c in enumerate(stack):
                self._paint_counter(p, g.counter_rect(i, j), c)
        for (si, j), mark in self.marks.items():
            if si == i and j < len(stack) and self._drag is None:
                self._paint_mark(p, g, g.counter_rect(i, j), mark)
        if focus and stack and self._drag is None:
            # the focused counter: a ring in the focus colour, edged in the text's colour so
            # that it reads on any counter and any ground (its amber alone was faint)
            j = min(self.focus_at[1], len(stack) - 1)
            ring = g.counter_rect(i, j).adjusted(-4, -4, 4, 4)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(self.palette().text().color(), 5.0))
            p.drawRoundedRect(ring, ring.height() / 2, ring.height() / 2)
            p.setPen(QPen(colour("turn"), 3.0))
            p.drawRoundedRect(ring, ring.height() / 2, ring.height() / 2)

    def _paint_mark(self, p: QPainter, g: BoardGeometry, rect: QRectF, mark: Mark) -> None:
        """A counter's mark: a badge at its right (a tick where counters are thin), outlined
        in the optimal colour when the move is optimal, as the card table marks cards."""
        fill = colour("optimal_mark" if mark.optimal else "other_mark")
        if mark.optimal and not g.as_bars:
            p.setPen(QPen(fill, 2.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(rect.adjusted(-1, -1, 1, 1), rect.height() / 2, rect.height() / 2)
        if g.pitch < 13:
            tick = QRectF(rect.right() + 2, rect.top(), 4, max(1.0, rect.height()))
            p.fillRect(tick, fill)
            return
        f = QFont(self.font())
        f.setBold(True)
        f.setPixelSize(max(9, min(13, round(g.pitch * 0.6))))
        metrics = QFontMetricsF(f)
        h = min(g.pitch, 20.0)
        w = max(h, metrics.horizontalAdvance(mark.text) + 8)
        badge = QRectF(rect.right() + 3, rect.center().y() - h / 2, w, h)
        if mark.theory:  # hollow: the theory's, until the search's comes
            p.setPen(QPen(fill, 1.5))
            p.setBrush(self.palette().base())
            p.drawRoundedRect(badge.adjusted(0.75, 0.75, -0.75, -0.75), h / 2, h / 2)
            p.setFont(f)
            p.setPen(self.palette().text().color())
        else:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(fill)
            p.drawRoundedRect(badge, h / 2, h / 2)
            p.setFont(f)
            p.setPen(colour("mark_text"))
        p.drawText(badge, Qt.AlignmentFlag.AlignCenter, mark.text)
        p.setFont(self.font())

    def _paint_new_slot(self, p: QPainter, g: BoardGeometry, hot: bool, ink: QColor) -> None:
        slot = g.column_rect(g.columns - 1)
        box = QRectF(
            slot.center().x() - g.counter / 2 - 4, g.bottom - 64, g.counter + 8, 64
        ).intersected(slot)
        if hot:
            p.fillRect(box, self.palette().alternateBase())
        pen = QPen(ink, 1.0, Qt.PenStyle.DashLine)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(box, 4, 4)
        p.drawText(
            g.label_rect(g.columns - 1, 0),
            Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
            "new",
        )

    def _paint_palette(self, p: QPainter, g: BoardGeometry, ink: QColor) -> None:
        counters = self.palette_counters
        for k, c in enumerate(counters):
            self._paint_counter(p, g.palette_item(k), c)
        area = g.palette_rect()
        x = g.palette_item(len(counters) - 1).right() + 14
        rect = QRectF(x, area.top(), area.right() - x, area.height())
        word = "pile" if self.kind is Kind.PILES else "heap"
        split = ", or split the heap there" if self.splits else ""
        text = self.hint or (
            f"Click a counter to take it (and all above it{split}). "
            f"Drag one from here onto a {word}, "
            f"or into “new”; drag a {word}'s top up or down, a counter off the board to remove it"
        )
        p.setPen(ink)
        flags = Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap
        metrics = QFontMetricsF(self.font())
        if metrics.boundingRect(rect, int(flags), text).height() > rect.height():
            text = metrics.elidedText(text, Qt.TextElideMode.ElideRight, rect.width())
            flags = Qt.AlignmentFlag.AlignVCenter
        p.drawText(rect, flags, text)

    def _paint_message(self, p: QPainter, g: BoardGeometry) -> None:
        fill = colour("error")
        line = QRectF(14, 6, self.width() - 28, 24)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QBrush(fill))
        p.drawRoundedRect(line, 4, 4)
        p.setPen(contrasting_text(fill))
        text = QFontMetricsF(self.font()).elidedText(
            self.message, Qt.TextElideMode.ElideRight, line.width() - 12
        )
        p.drawText(line.adjusted(6, 0, -6, 0), Qt.AlignmentFlag.AlignVCenter, text)
