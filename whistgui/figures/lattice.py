"""R43 §7's lattice L_n of one suit: every set of tricks West can win (the tricks numbered in
the order played), as a Hasse diagram ranked by the sum of the numbers — ∅ at the foot,
{1, …, n} at the head — with each set written where it stands and a line from each set to
every set that covers it; the sets West wins when both sides play whist optimally are marked,
one colour for West's lead and one for East's (both, where the two leads reach one set), and
a legend above says them in words. The inspector's R43 tab draws the same lattice
(:class:`whistgui.ui.trick.r43_view.LatticeView`); this figure is made from the same data
(:func:`whistgui.app.lab.lattice` and :func:`~whistgui.app.lab.r43_report`), not from the
widget.

Within a rank the sets are ordered so that few lines cross (:func:`untangled`: the
inspector's order, by size, crosses 70 pairs of lines at n = 6, this one 18).
Every set is labelled (a figure has no tooltips): where a rank's labels do not fit the width,
the figure widens rather than drop or overprint one. Lines join adjacent ranks only (a cover
adds one to the sum), from the foot of the upper label to the head of the lower one, so they
never cross a label.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from whistgui.app.lab import R43Report, lattice, r43_report
from whistgui.engine import SuitDeal, WhistError
from whistgui.engine.symbols import and_list
from whistgui.figures.layout import paragraph, text_item
from whistgui.figures.scene import GREY, Figure, Line, Rect
from whistgui.figures.text import line_height, measure

__all__ = [
    "EAST_COLOUR",
    "MAX_N",
    "WEST_COLOUR",
    "build_lattice",
    "lattice_ranks",
    "set_text",
    "untangled",
]

Cover = tuple[frozenset[int], frozenset[int]]
#: The lattice is drawn for suits of up to this many cards a hand (2^6 = 64 sets, 22 ranks).
MAX_N: Final = 6
#: The marks: West's lead in blue, East's in red (each reads in grey print by its frame: a
#: full line for West, a dashed one for East).
WEST_COLOUR: Final = "#1f5fa8"
EAST_COLOUR: Final = "#b71c1c"
_WEST_FILL: Final = "#dce8f6"
_EAST_FILL: Final = "#f8dddd"
_BOTH_FILL: Final = "#ece2ee"


def set_text(tricks: frozenset[int] | Sequence[int]) -> str:
    """A set of tricks as R43 writes it.

    >>> set_text(frozenset({3, 1})), set_text(())
    ('{1,3}', '∅')
    """
    return "{" + ",".join(map(str, sorted(tricks))) + "}" if tricks else "∅"


def _trick_words(tricks: Sequence[int]) -> str:
    if not tricks:
        return "no trick"
    return ("trick " if len(tricks) == 1 else "tricks ") + and_list([str(t) for t in tricks])


def lattice_ranks(n: int) -> list[list[frozenset[int]]]:
    """L_n's sets by rank (the sum of their elements), rank 0 (∅) first; within a rank
    fewer elements first, then by their elements high to low — as the inspector orders them.

    >>> [[set_text(x) for x in rank] for rank in lattice_ranks(3)]
    [['∅'], ['{1}'], ['{2}'], ['{3}', '{1,2}'], ['{1,3}'], ['{2,3}'], ['{1,2,3}']]
    """
    nodes, _ = lattice(n)
    ranks: list[list[frozenset[int]]] = [[] for _ in range(n * (n + 1) // 2 + 1)]
    for x in nodes:
        ranks[sum(x)].append(x)
    for row in ranks:
        row.sort(key=lambda s: (len(s), sorted(s, reverse=True)))
    return ranks


def _crossings(ranks: list[list[frozenset[int]]], covers: list[Cover]) -> int:
    """How many pairs of lines between the same two ranks cross, the sets in ``ranks``'s
    order."""
    place = {x: k for row in ranks for k, x in enumerate(row)}
    by_rank: dict[int, list[tuple[int, int]]] = {}
    for a, b in covers:
        by_rank.setdefault(sum(a), []).append((place[a], place[b]))
    return sum(
        1
        for lines in by_rank.values()
        for i, (a1, b1) in enumerate(lines)
        for a2, b2 in lines[i + 1 :]
        if (a1 - a2) * (b1 - b2) < 0
    )


def untangled(
    ranks: list[list[frozenset[int]]], covers: list[Cover], sweeps: int = 8
) -> list[list[frozenset[int]]]:
    """``ranks`` reordered within each rank so that fewer lines cross: each set moved to the
    mean place of its neighbours in the rank below, then above, in turn (the barycentre
    heuristic), keeping the order with the fewest crossings (n = 6: 18 where the
    inspector's order has 70). Deterministic.

    >>> from whistgui.app.lab import lattice
    >>> ranks = lattice_ranks(5)
    >>> covers = lattice(5)[1]
    >>> _crossings(ranks, covers), _crossings(untangled(ranks, covers), covers)
    (14, 2)
    """
    rows = [list(r) for r in ranks]
    below: dict[frozenset[int], list[frozenset[int]]] = {}
    above: dict[frozenset[int], list[frozenset[int]]] = {}
    for a, b in covers:
        above.setdefault(a, []).append(b)
        below.setdefault(b, []).append(a)
    best, fewest = [list(r) for r in rows], _crossings(rows, covers)
    for sweep in range(sweeps):
        upward = sweep % 2 == 0
        order = range(1, len(rows)) if upward else range(len(rows) - 2, -1, -1)
        for r in order:
            ref = rows[r - 1] if upward else rows[r + 1]
            at = {x: k / max(1, len(ref) - 1) for k, x in enumerate(ref)}
            now = {x: k / max(1, len(rows[r]) - 1) for k, x in enumerate(rows[r])}
            near = below if upward else above

            def key(
                x: frozenset[int],
                at: dict[frozenset[int], float] = at,
                now: dict[frozenset[int], float] = now,
                near: dict[frozenset[int], list[frozenset[int]]] = near,
            ) -> tuple[float, float]:
                ys = near.get(x, [])
                return (sum(at[y] for y in ys) / len(ys) if ys else now[x], now[x])

            rows[r].sort(key=key)
        c = _crossings(rows, covers)
        if c < fewest:
            best, fewest = [list(r) for r in rows], c
    return best


def _check(suit: SuitDeal) -> int:
    if not isinstance(suit, SuitDeal):
        raise TypeError(f"suit: expected a SuitDeal, not {type(suit).__name__}")
    if suit.is_empty:
        raise WhistError(f"the suit {str(suit)!r} is empty: it has no tricks to order")
    n = suit.n  # AsymmetricSuitError, quoting the suit
    if n > MAX_N:
        raise WhistError(
            f"the suit {str(suit)!r} has {n} cards a hand; the lattice of trick sets is drawn "
            f"for suits of 1 to {MAX_N} (L_{n} has {2**n:,} sets)"
        )
    return n


def build_lattice(
    suit: SuitDeal, width: float, size: float = 9.0, *, report: R43Report | None = None
) -> Figure:
    """R43's lattice L_n of ``suit`` (n cards a hand, 1 to :data:`MAX_N`) as a figure
    ``width`` points wide (wider where a rank's labels need it) in ``size``-point type, with
    the sets optimal whist play reaches marked — from ``report`` (searched when not given).
    WhistError for an empty suit, an asymmetric one or one too long."""
    n = _check(suit)
    if report is None:
        report = r43_report(suit)
    west, east = (frozenset(t) for t in report.west_trick_sets)
    marks: dict[frozenset[int], str] = {west: "W"}
    marks[east] = "WE" if east == west else "E"

    _, covers = lattice(n)
    ranks = untangled(lattice_ranks(n), covers)
    margin = size
    pad_x, pad_y = 0.35 * size, 0.25 * size
    box_h = size + 2 * pad_y  # a label's frame: the digits' height and a little air
    pitch = box_h + 1.1 * size  # rank to rank: the frame and room for the lines between
    lh = line_height(size)

    def label_w(x: frozenset[int]) -> float:
        return measure(set_text(x), size, bold=x in marks) + 2 * pad_x

    # each rank spread over the width, a label's frame apart from the next at the least
    gap = 0.8 * size
    need = max(
        sum(label_w(x) for x in row) + gap * (len(row) - 1) + max(label_w(x) for x in row)
        for row in ranks
    )
    inner = max(width - 2 * margin, need)
    fig = Figure(
        inner + 2 * margin,
        0,
        title=f"R43 §7: the lattice L_{n} of West's trick sets, {suit}",
        font_size=size,
    )

    y = paragraph(
        fig,
        margin,
        margin,
        inner,
        f"The lattice L{_sub(n)} of West's trick sets in {suit} (R43 §7)",
        size,
        bold=True,
    )
    y += 0.3 * lh
    y = _legend(fig, margin, y, inner, size, report.west_trick_sets)
    y += 0.6 * lh

    # the diagram: rank r's labels centred on a line, the head rank at the top
    top = y
    centres: dict[frozenset[int], tuple[float, float]] = {}
    for rank, row in enumerate(ranks):
        cy = top + (len(ranks) - 1 - rank) * pitch + box_h / 2
        widths = [label_w(x) for x in row]
        for k, x in enumerate(row):
            cx = margin + inner * (k + 1) / (len(row) + 1)
            centres[x] = (cx, cy)
        # where the even spread would bring two labels too close, pack them from the middle
        lefts = [centres[x][0] - w / 2 for x, w in zip(row, widths, strict=True)]
        if any(lefts[k] + widths[k] + gap > lefts[k + 1] + 1e-6 for k in range(len(row) - 1)):
            total = sum(widths) + gap * (len(row) - 1)
            left = margin + (inner - total) / 2
            for x, w in zip(row, widths, strict=True):
                centres[x] = (left + w / 2, cy)
                left += w + gap

    stroke = max(0.4, size / 20)
    for a, b in covers:  # b covers a: b is one rank above
        (ax, ay), (bx, by) = centres[a], centres[b]
        fig.add(Line(ax, ay - box_h / 2, bx, by + box_h / 2, stroke, GREY))
    for x, (cx, cy) in centres.items():
        mark = marks.get(x)
        w = label_w(x)
        if mark is not None:
            _frame(fig, cx - w / 2, cy - box_h / 2, w, box_h, mark, size)
        fig.add(
            text_item(
                cx,
                cy + 0.35 * size,
                set_text(x),
                size,
                bold=mark is not None,
                anchor="middle",
            )
        )
    y = top + (len(ranks) - 1) * pitch + box_h + 0.8 * lh
    y = paragraph(
        fig,
        margin,
        y,
        inner,
        "A set covers another when it is that set with trick 1 added, or with a trick i "
        "replaced by i+1; the sets are ranked by the sum of their tricks.",
        size,
        italic=True,
    )
    fig.height = y + margin
    return fig


def _sub(n: int) -> str:
    return str(n).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


def _frame(fig: Figure, x: float, y: float, w: float, h: float, mark: str, size: float) -> None:
    """The frame of a marked label: West's a full blue line, East's a dashed red one; both,
    East's inside West's."""
    width = max(0.6, size / 12)
    if mark == "W":
        fig.add(Rect(x, y, w, h, fill=_WEST_FILL, stroke=WEST_COLOUR, width=width))
    elif mark == "E":
        fig.add(Rect(x, y, w, h, fill=_EAST_FILL))
        _dashed(fig, x, y, w, h, width)
    else:
        fig.add(Rect(x, y, w, h, fill=_BOTH_FILL, stroke=WEST_COLOUR, width=width))
        inset = 1.8 * width
        _dashed(fig, x + inset, y + inset, w - 2 * inset, h - 2 * inset, width)


def _dashed(fig: Figure, x: float, y: float, w: float, h: float, width: float) -> None:
    """East's frame: a dashed red rectangle."""
    dash = (2.5 * width, 1.5 * width)
    for x1, y1, x2, y2 in (
        (x, y, x + w, y),
        (x + w, y, x + w, y + h),
        (x + w, y + h, x, y + h),
        (x, y + h, x, y),
    ):
        fig.add(Line(x1, y1, x2, y2, width, EAST_COLOUR, dash))


def _legend(
    fig: Figure,
    x: float,
    y: float,
    width: float,
    size: float,
    sets: tuple[tuple[int, ...], tuple[int, ...]],
) -> float:
    """A line for each lead (one for both when they reach the same set): its mark and the
    set West wins, in words; returns the bottom."""
    west, east = sets
    lines = (
        [("WE", f"Either side on lead: West wins {set_text(west)} ({_trick_words(west)})")]
        if west == east
        else [
            ("W", f"West on lead: West wins {set_text(west)} ({_trick_words(west)})"),
            ("E", f"East on lead: West wins {set_text(east)} ({_trick_words(east)})"),
        ]
    )
    lh = line_height(size)
    key_w = 2.2 * size
    for mark, text in lines:
        _frame(fig, x, y + 0.1 * size, key_w, 0.95 * size, mark, size)
        y = paragraph(fig, x + key_w + 0.6 * size, y, width - key_w - 0.6 * size, text, size)
        y += 0.15 * lh
    return paragraph(
        fig,
        x,
        y,
        width,
        "under optimal whist play by both sides (the tricks numbered in the order played)",
        size,
        italic=True,
    )
