"""The tree of reductions of one suit, to a depth, as the inspector's tree shows it: one row per
state — the root D, then its reductions D_ij (one per pair of West and East *sequences*), their
reductions, and so on — indented by depth with connector lines, in four aligned columns: the
state (tricks West has won + the cards left), the cards played, the labeled value α (the root:
its value) and ρ, West's tricks with West and with East on lead.

The rows are made here from the engine (:func:`tree_rows`), in the same order and the same words
as :class:`whistgui.ui.trick.tree_model.ReductionTreeModel`, so that a figure needs no item model.
Columns too wide for the figure wrap their text (the state at its indent); nothing is cut.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

from whistgui.engine import (
    Evaluator,
    LabeledValue,
    Player,
    SuitDeal,
    Value,
    WhistError,
    rho,
)
from whistgui.engine.trick.cards import ranks_text
from whistgui.engine.trick.notation import format_suit_paper
from whistgui.engine.trick.rules import WHIST_RULES
from whistgui.figures.layout import fit_widths, outline, split_suit, wrap_pieces
from whistgui.figures.scene import Figure
from whistgui.figures.text import measure

__all__ = ["HEADERS", "MAX_ROWS", "TreeRow", "build_tree", "count_rows", "tree_rows"]

#: The columns, as the inspector names them.
HEADERS: Final = ("State", "Cards played", "α", "ρ")
#: The most rows a tree figure draws.
MAX_ROWS: Final = 400
#: Counting stops (and says "more than") when one level holds this many different states.
_COUNT_STATES: Final = 5_000

_W, _E = Player.WEST, Player.EAST


@dataclass(frozen=True, slots=True)
class TreeRow:
    """One state of the tree: its ``depth`` (the root 0), the index of its ``parent`` row
    (None for the root), whether it is its parent's ``last`` child, and its four cells, each
    as the pieces a narrow column may put on separate lines (``1 +`` | ``Q/J``, ``W A ·`` |
    ``E K``, ``(W,`` | ``2 − ε₀)``): the cell's text is its pieces joined by spaces."""

    depth: int
    parent: int | None
    last: bool
    pieces: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]

    @property
    def cells(self) -> tuple[str, str, str, str]:
        s, p, a, r = (" ".join(c) for c in self.pieces)
        return (s, p, a, r)

    @property
    def state(self) -> str:
        """``1 + Q/J``, as the inspector's State column."""
        return self.cells[0]

    @property
    def played(self) -> str:
        """``W A · E K`` (empty for the root)."""
        return self.cells[1]

    @property
    def alpha(self) -> str:
        """The labeled value ``(W, 2 − ε₀)``; the root's value ``val 1½``."""
        return self.cells[2]

    @property
    def rho(self) -> str:
        """``(1, 2)``: West's tricks with West and with East on lead."""
        return self.cells[3]


def reductions(suit: SuitDeal) -> list[tuple[tuple[int, ...], tuple[int, ...], SuitDeal]]:
    """``(West's sequence, East's sequence, what is left)`` per reduction of ``suit``, West's
    sequences then East's in the suit's order; one card of each sequence (the lowest) is
    played. The inspector's tree and this figure both enumerate them here."""
    if suit.is_empty:
        return []
    return [
        (wseq, eseq, suit.without(west=wseq[-1], east=eseq[-1]))
        for wseq in suit.sequences(_W)
        for eseq in suit.sequences(_E)
    ]


def _check(suit: SuitDeal, depth: int) -> None:
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise WhistError(f"depth {depth!r}: expected a whole number of tricks, 0 or more")
    if suit.is_empty:
        raise WhistError(f"the suit {str(suit)!r} is empty: it has no tree of reductions")
    if not suit.is_symmetric:
        _ = suit.n  # AsymmetricSuitError, quoting the suit


def count_rows(suit: SuitDeal, depth: int) -> tuple[int, bool]:
    """``(rows, exact)``: the number of states of ``suit``'s tree down to ``depth`` levels
    below the root, counted level by level (equal states counted once, with their number).
    ``exact`` is False when a level grew too wide to count and ``rows`` is a lower bound.

    >>> count_rows(SuitDeal.parse('AQ/KJ'), 1), count_rows(SuitDeal.parse('AQ/KJ'), 9)
    ((5, True), (9, True))
    """
    _check(suit, depth)
    level: Counter[SuitDeal] = Counter({suit: 1})
    rows = 1
    levels = min(depth, suit.n)
    for below in range(1, levels + 1):
        nxt: Counter[SuitDeal] = Counter()
        for s, k in level.items():
            for _w, _e, rest in reductions(s):
                nxt[rest] += k
        rows += sum(nxt.values())
        level = Counter({s: k for s, k in nxt.items() if not s.is_empty})
        if below < levels and len(level) > _COUNT_STATES:
            return rows, False
    return rows, True


def _too_many(suit: SuitDeal, depth: int, rows: int, exact: bool) -> WhistError:
    fits, fit_rows = 0, 1  # the deepest tree that a figure draws
    for d in range(1, depth):
        n, _ = count_rows(suit, d)
        if n > MAX_ROWS:
            break
        fits, fit_rows = d, n
    n_text = f"{rows:,}" if exact else f"more than {rows:,}"
    return WhistError(
        f"the tree of {str(suit)!r} to depth {depth} has {n_text} rows; a figure draws at "
        f"most {MAX_ROWS}: choose a smaller depth (depth {fits} has {fit_rows} rows)"
    )


def tree_rows(suit: SuitDeal, depth: int, evaluator: Evaluator | None = None) -> list[TreeRow]:
    """The rows of ``suit``'s tree of reductions to ``depth`` levels below the root, in
    outline order (each state followed by its subtree), valued by ``evaluator`` (a fresh one
    when not given). WhistError for an empty or asymmetric suit, and for a tree of more than
    :data:`MAX_ROWS` rows (saying how many, and which depth fits).

    >>> [(r.depth, r.state, r.played, r.alpha, r.rho) for r in tree_rows(SuitDeal.parse('K/A'), 1)]
    [(0, 'K/A', '', 'val ε₀', '(0, 0)'), (1, '0', 'W K · E A', '(E, 0)', '(0, 0)')]
    """
    _check(suit, depth)
    rows_wanted, exact = count_rows(suit, depth)
    if rows_wanted > MAX_ROWS:
        raise _too_many(suit, depth, rows_wanted, exact)
    ev = evaluator if evaluator is not None else Evaluator()
    abstract = not suit.is_standard

    def value(s: SuitDeal, tricks: int) -> Value:
        return (Value(0) if s.is_empty else ev.suit_value(s)) + tricks

    def state(s: SuitDeal, tricks: int) -> tuple[str, ...]:
        if s.is_empty:
            body: tuple[str, ...] = ("0",)
        elif abstract:  # [12 10 8, 11 9 7]: a line may break after the comma
            west, comma, east = format_suit_paper(s, integers=True).partition(", ")
            body = (west + comma.rstrip(), east) if comma else (west,)
        else:
            body = (str(s),)
        return (f"{tricks} +", *body) if tricks else body

    def alpha(text: str) -> tuple[str, ...]:
        head, comma, rest = text.partition(", ")  # (W, 2 − ε₀)
        return (head + ",", rest) if comma else (text,)

    def rho_text(v: Value) -> tuple[str, str]:
        o = rho(v)
        return (f"({o.west_lead},", f"{o.east_lead})")

    def ranks(r: tuple[int, ...]) -> str:
        return ranks_text(r, standard=not abstract)

    root = value(suit, 0)
    rows = [TreeRow(0, None, True, (state(suit, 0), (), ("val", root.pretty()), rho_text(root)))]

    def grow(s: SuitDeal, tricks: int, level: int, parent: int) -> None:
        if level > depth:
            return
        kids = reductions(s)
        for i, (wseq, eseq, rest) in enumerate(kids):
            west_wins = WHIST_RULES.beats(eseq[-1], wseq[-1])  # one suit: the higher card
            t = tricks + (1 if west_wins else 0)
            v = value(rest, t)
            label = LabeledValue(_W if west_wins else _E, v)
            played = (f"W {ranks(wseq)} ·", f"E {ranks(eseq)}")
            cells = (state(rest, t), played, alpha(label.pretty()), rho_text(v))
            rows.append(TreeRow(level, parent, i == len(kids) - 1, cells))
            grow(rest, t, level + 1, len(rows) - 1)

    grow(suit, 0, 1, 0)
    return rows


# ----------------------------------------------------------------------------- layout
_CENTRED: Final = (False, False, False, True)


def _words(text: str) -> list[str]:
    """The pieces no line of a cell breaks inside: words, and a suit's two hands."""
    return [part for word in text.split() for part in split_suit(word)]


#: The orders in which the columns give up width once their headers are on two lines, as
#: (how the cells break, which columns): the cards played and the state between pieces
#: (``W A ·`` | ``E K``, ``1 +`` | ``Q/J``), then α between pieces (``(W,`` | ``2 − ε₀)``)
#: before or after the state and the cards played break between words and after a suit's
#: ``/``; then ρ between pieces, α and ρ between words; last of all, between letters.
_ORDERS: Final = (
    (
        ("pieces", (1,)),
        ("pieces", (0,)),
        ("pieces", (2,)),
        ("words", (0, 1)),
        ("pieces", (3,)),
        ("words", (2, 3)),
    ),
    (
        ("pieces", (1,)),
        ("pieces", (0,)),
        ("words", (0, 1)),
        ("pieces", (2,)),
        ("pieces", (3,)),
        ("words", (2, 3)),
    ),
)


def _widths(
    rows: list[TreeRow],
    indent: list[float],
    size: float,
    pad: float,
    room: float,
    order: tuple[tuple[str, tuple[int, ...]], ...] = _ORDERS[0],
) -> tuple[list[float], list[float]]:
    """``(natural, fitted)``: the columns' widths with nothing wrapped, and fitted to ``room``
    — giving up width first by the header on two lines, then as ``order`` says (one of
    :data:`_ORDERS`), and last by breaking between letters."""
    headers = [tuple(h.split()) for h in HEADERS]
    natural: list[float] = []
    limit: dict[str, list[float]] = {k: [] for k in ("whole", "pieces", "words", "floor")}

    def widest(texts: list[tuple[str, ...]], shift: list[float]) -> float:
        return max(
            shift[i] + max((measure(t, size) for t in ts), default=0.0)
            for i, ts in enumerate(texts)
        )

    for j, header in enumerate(HEADERS):
        shift = indent if j == 0 else [0.0] * len(rows)
        head = max(measure(p, size, bold=True) for p in headers[j])
        cells = widest([(r.cells[j],) for r in rows], shift)
        natural.append(max(measure(header, size, bold=True), cells) + 2 * pad)
        before = natural[-1]
        forms: tuple[tuple[str, list[tuple[str, ...]]], ...] = (
            ("whole", [(r.cells[j],) for r in rows]),
            ("pieces", [r.pieces[j] for r in rows]),
            ("words", [tuple(_words(r.cells[j])) for r in rows]),
        )
        for name, texts in forms:
            before = min(before, max(head, widest(texts, shift)) + 2 * pad)
            limit[name].append(before)
        limit["floor"].append(min(before, max(shift) + 2.5 * size + 2 * pad))
    inf = float("inf")
    steps = [limit["whole"]]
    for name, cols in order:
        steps.append([limit[name][j] if j in cols else inf for j in range(len(HEADERS))])
    steps.append(limit["floor"])
    return natural, fit_widths(natural, steps, room)


def _lines(
    rows: list[TreeRow], widths: list[float], indent: list[float], size: float, pad: float
) -> tuple[int, int]:
    """How many lines the rows take in columns ``widths`` wide, and how many lines of text
    their cells make (the fewer, the fewer breaks)."""
    height = cells = 0
    for i, r in enumerate(rows):
        rooms = [w - 2 * pad + 0.01 for w in widths]
        rooms[0] -= indent[i]
        counts = [
            len(wrap_pieces(cell, size, room, False))
            for cell, room in zip(r.pieces, rooms, strict=True)
        ]
        height += max(counts)
        cells += sum(counts)
    return height, cells


def build_tree(
    suit: SuitDeal,
    width: float,
    size: float = 9.0,
    *,
    depth: int = 2,
    evaluator: Evaluator | None = None,
) -> Figure:
    """The tree of reductions of ``suit`` to ``depth`` levels below the root (0: the root
    alone) as a figure ``width`` points wide in ``size``-point type: an outline, one row per
    state with connector lines, the columns State, Cards played, α and ρ aligned. A column
    too wide for the figure wraps between the pieces of its cells (``1 +`` | ``Q/J``), and
    only a figure too narrow for even that breaks inside them. WhistError for an empty or
    asymmetric suit or a tree of more than :data:`MAX_ROWS` rows."""
    rows = tree_rows(suit, depth, evaluator)
    fig = Figure(width, 0, title=f"Tree of reductions of {suit}", font_size=size)
    fig.smaller = "choose a smaller depth" if depth else ""
    margin = size
    pad = 0.4 * size  # either side of a column's text
    room = width - 2 * margin
    # indent per level: roomy when the columns fit whole, tighter when they must wrap
    step = 1.5 * size
    natural, widths = _widths(rows, [r.depth * step for r in rows], size, pad, room)
    indent = [r.depth * step for r in rows]
    if sum(natural) > room:  # of the orders of wrapping, the one that takes fewest lines
        step = 1.0 * size
        indent = [r.depth * step for r in rows]
        fits = [_widths(rows, indent, size, pad, room, order)[1] for order in _ORDERS]
        widths = min(fits, key=lambda ws: _lines(rows, ws, indent, size, pad))
    total = sum(widths)
    fig.width = max(width, total + 2 * margin)  # wider only if even broken words cannot fit
    lefts = [margin + sum(widths[:j]) for j in range(len(widths))]

    bottom = outline(fig, margin, HEADERS, rows, lefts, widths, indent, _CENTRED, size, pad)
    fig.height = bottom + margin
    return fig
