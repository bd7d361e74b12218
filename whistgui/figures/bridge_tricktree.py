"""The tree of one trick as a figure — He & Chen's Figure 1, and what the bridge workspace's
trick tree shows on screen, drawn from the engine (never from the Qt model).

From the position at the start of the trick, four levels — the leader's cards, the next
player's replies, and so on — read ∃ ∀ ∃ ∀ when the declaring side leads (∀ ∃ ∀ ∃ when the
defence does): at a level of the declaring side *there is* a card that makes the contract, at a
level of the defence it must make *for every* card. Each level has a column headed by its
quantifier and player; each node is a card, or equivalent cards as one (``♠KQ``: one hand, one
suit, no card of that suit between them elsewhere), with the tricks the declaring side ends
the deal with if it is played and both sides then play best, and whether that makes the
contract (*win*, green) or not (*lose*, red) — in an ending, which decides no contract, *best*
or what it *costs* the side that plays it.

A trick has thousands of ways through it, so one line is shown open, as the screen does: every
card of each node on it, the others closed. The line is the cards already played to the trick,
then best play (the highest of the best cards, as :func:`~whistgui.engine.bridge.dds.
winning_line` plays); it is marked ●. Bold marks the side to play's best cards at each node
(the declaring side's most tricks, the defence's fewest), on the line or off it.

:func:`build_trick_tree_figure` is what ``whist bridge render --view tricktree`` and the
app's Export Figure draw.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from whistgui.app.bridge import CardMark, card_marks, cards_text, equivalent_groups
from whistgui.engine.bridge import BridgeCard, BridgePosition, Contract, Seat
from whistgui.engine.bridge.contract import TRICKS
from whistgui.figures.backends import whole_points
from whistgui.figures.deal import RED
from whistgui.figures.layout import text_item
from whistgui.figures.scene import BLACK, GREY, Figure, Line
from whistgui.figures.text import line_height, measure, wrap

__all__ = ["GREEN", "TreeRow", "build_trick_tree_figure", "trick_tree_rows"]

#: ``scorer(position)`` → {legal card: tricks the mover's side takes from the trick's start}.
Scorer = Callable[[BridgePosition], dict[BridgeCard, int]]
#: A card that makes the contract (or is best in an ending); red (:data:`RED`) for one that
#: does not, as the screen colours them.
GREEN: Final = "#1b5e20"
#: The mark of the line shown open.
OPEN: Final = "●"


@dataclass(frozen=True, slots=True)
class TreeRow:
    """A row of the figure: its ``level`` (0 the trick's start, 1–4 a card of the trick),
    the cards of its node (high to low; none for the root), who plays them, their mark (the
    root's: its best card's), whether it is on the line shown open, and its parent's row
    (None for the root)."""

    level: int
    cards: tuple[BridgeCard, ...]
    seat: Seat | None
    mark: CardMark | None
    open: bool
    parent: int | None


def _trick_start(position: BridgePosition) -> BridgePosition:
    if not position.trick:
        return position
    return BridgePosition(
        position.deal.hands, position.strain, position.leader, (), position.tricks
    )


def _best_of_siblings(rows: Sequence[TreeRow], declarer: Seat) -> set[int]:
    """The rows (by place) as good for the side to play as the best of their siblings: the
    declaring side's most tricks, the defence's fewest — bold, as the open line is."""
    best: set[int] = set()
    for parent in {r.parent for r in rows if r.parent is not None}:
        kids = [(i, r) for i, r in enumerate(rows) if r.parent == parent and r.mark is not None]
        if not kids or kids[0][1].seat is None:
            continue
        tricks = [r.mark.declarer_tricks for _, r in kids if r.mark is not None]
        top = max(tricks) if kids[0][1].seat.side is declarer.side else min(tricks)
        best |= {i for i, r in kids if r.mark is not None and r.mark.declarer_tricks == top}
    return best


def trick_tree_rows(
    position: BridgePosition,
    contract: Contract,
    declarer: Seat,
    scorer: Scorer | None = None,
) -> list[TreeRow]:
    """The rows of the tree of the trick ``position`` is in, depth first: the root, then at
    each level every node under the open one, the line open being the cards already played
    to the trick, then best play. ``scorer`` is DDS's :func:`~whistgui.engine.bridge.dds.
    card_scores` unless given (the engine's own solver, in a test)."""
    if scorer is None:
        from whistgui.engine.bridge.dds import card_scores

        scorer = card_scores
    played = position.trick
    node = _trick_start(position)
    # per level, the children of the open node: (cards, seat, mark, open)
    levels: list[list[tuple[tuple[BridgeCard, ...], Seat, CardMark, bool]]] = []
    root_mark: CardMark | None = None
    for level in range(1, 5):
        if node.is_over:
            break
        scores = scorer(node)
        marks = card_marks(node, scores, contract, declarer)
        if level == 1:
            root_mark = next((m for m in marks.values() if m.best), None)
        top = max(scores.values())
        if level <= len(played):
            chosen = played[level - 1]
        else:
            chosen = max(c for c, v in scores.items() if v == top)
        children = []
        for group in equivalent_groups(node, list(scores)):
            runs: list[list[BridgeCard]] = []
            for card in group:  # equivalent cards never differ; split them if they did
                if runs and scores[runs[-1][-1]] == scores[card]:
                    runs[-1].append(card)
                else:
                    runs.append([card])
            for run in runs:
                children.append((tuple(run), node.to_move, marks[run[0]], chosen in run))
        levels.append(children)
        node = node.play(chosen)
    rows = [TreeRow(0, (), None, root_mark, True, None)]

    def add(level: int, parent: int) -> None:
        """The children at ``level`` (from 1) under row ``parent``, the open one's below it."""
        if level > len(levels):
            return
        for cards, seat, mark, is_open in levels[level - 1]:
            rows.append(TreeRow(level, cards, seat, mark, is_open, parent))
            if is_open:
                add(level + 1, len(rows) - 1)

    add(1, 0)
    return rows


def _result(mark: CardMark, contract: Contract) -> tuple[str, str]:
    """The result column's words and colour: ``win =``, ``lose −2``; ``best``/``costs 1``."""
    if mark.ending:
        return ("best" if mark.best else f"costs {mark.cost}"), GREEN if mark.best else RED
    return ("win " if mark.made else "lose ") + mark.text(contract), GREEN if mark.made else RED


def build_trick_tree_figure(
    position: BridgePosition,
    contract: Contract,
    declarer: Seat,
    width: float,
    size: float = 9.0,
    *,
    title: str = "",
    scorer: Scorer | None = None,
    par: bool = False,
) -> Figure:
    """The tree of the trick ``position`` is in, for ``contract`` by ``declarer``, laid out
    ``width`` points wide (wider only if the tree needs it: the columns are spread to fill
    it, the legend wrapped to it) in ``size``-point type: a column per level headed
    ``∃ North`` / ``∀ East``, the declaring side's tricks and the result of each card; the
    line shown open marked ●, the side to play's best cards bold; ``title`` above it (by
    default the trick, the contract — ``(par)`` after it when ``par``: the board has none,
    par's is played — and who leads)."""
    rows = trick_tree_rows(position, contract, declarer, scorer)
    s, lh = size, line_height(size)
    start = _trick_start(position)
    trick_no = sum(start.tricks) + 1
    dealt = sum(start.tricks) + start.tricks_left
    ending = dealt < TRICKS
    said = f"{contract.words} by {declarer.word}{' (par)' if par else ''}"
    heading = title or f"Trick {trick_no}: {said}, {start.leader.word} to lead"
    seats = start.leader.following()
    side = declarer.side
    heads = [
        (f"∃ {seat.word}", "declaring") if seat.side is side else (f"∀ {seat.word}", "defending")
        for seat in seats
    ]
    tricks_head = ("N–S" if side.name == "NS" else "E–W", "tricks")
    result_head = (
        ("ending", "best/costs") if ending else (f"{contract.words} {declarer}", "win/lose")
    )
    pad = 0.7 * s
    mark_w = measure(OPEN, s) + 0.4 * s
    root_text = f"Trick {trick_no}"
    col0 = mark_w + measure(root_text, s, bold=True) + pad

    def level_width(level: int) -> float:
        texts = [cards_text(r.cards) for r in rows if r.level == level]
        head_w = max(measure(heads[level - 1][0], s, bold=True), measure(heads[level - 1][1], s))
        return max([head_w] + [measure(t, s, bold=True) for t in texts]) + pad

    widths = [col0] + [level_width(k) for k in range(1, 5)]
    tricks_head_w = max(measure(tricks_head[0], s, bold=True), measure(tricks_head[1], s))
    tricks_w = tricks_head_w + pad
    result_w = (
        max(
            [measure(result_head[0], s, bold=True), measure(result_head[1], s)]
            + [measure(_result(r.mark, contract)[0], s, bold=True) for r in rows if r.mark]
        )
        + 0.5 * pad
    )
    total = sum(widths) + tricks_w + result_w
    # the width asked is the figure's: the tree is spread to fill it (each column a little
    # wider, up to 2.5 em), the legend wrapped to it — a one-line legend set the width, and
    # a figure wider than asked came out in smaller type (120 mm at 9 pt: 5.3 pt)
    room = width - s - total  # (a margin of half an em each side)
    if room > 0:
        extra = min(room / 6, 2.5 * s)
        widths = [w + extra for w in widths]
        tricks_w += extra
        total += 6 * extra
    note = (
        f"{OPEN} the line shown open: "
        + ("the cards played, then best play" if position.trick else "best play")
        + "; bold: the side to play's best cards; tricks: the declaring side's with best play "
        "after the card"
    )
    fig = Figure(max(width, total + s), 0, title=heading, font_size=s)
    note_lines = wrap(note, 0.85 * s, fig.width - s, italic=True)
    x0 = (fig.width - total) / 2
    xs = [x0]
    for w in widths:
        xs.append(xs[-1] + w)
    x_tricks, x_result = xs[5], xs[5] + tricks_w

    y = s + s
    fig.add(text_item(fig.width / 2, y, heading, s, bold=True, anchor="middle"))
    y += 0.6 * lh
    heavy, light = max(0.8, s / 11), max(0.4, s / 22)
    right = x0 + total
    fig.add(Line(x0, y, right, y, heavy))
    top_line, second = y + s + 0.15 * s, y + s + 0.15 * s + lh
    for k, (quant, role) in enumerate(heads, start=1):
        fig.add(text_item(xs[k], top_line, quant, s, bold=True))
        fig.add(text_item(xs[k], second, role, s, italic=True, colour=GREY))
    fig.add(text_item(x_tricks, top_line, tricks_head[0], s, bold=True))
    fig.add(text_item(x_tricks, second, tricks_head[1], s, italic=True, colour=GREY))
    fig.add(text_item(x_result, top_line, result_head[0], s, bold=True))
    fig.add(text_item(x_result, second, result_head[1], s, italic=True, colour=GREY))
    y = second + 0.45 * s
    fig.add(Line(x0, y, right, y, light))

    row_h = lh + 0.15 * s
    baselines: list[float] = []
    best = _best_of_siblings(rows, declarer)
    for i, row in enumerate(rows):
        baseline = y + 0.1 * s + s + i * row_h
        baselines.append(baseline)
        bold = i in best  # the side to play's best cards only: the open line has its ●
        if row.level == 0:
            fig.add(text_item(x0 + mark_w, baseline, root_text, s, bold=True))
        else:
            text = cards_text(row.cards)
            colour = RED if row.cards[0].suit.symbol in "♥♦" else BLACK
            fig.add(text_item(xs[row.level], baseline, text, s, bold=bold, colour=colour))
            if row.open:
                fig.add(text_item(x0, baseline, OPEN, s))
            # the connector: down the parent's column from the sibling above (or the
            # parent), across to the card
            assert row.parent is not None
            parent_x = xs[row.level - 1] + (0.35 * s if row.level > 1 else mark_w + 0.35 * s)
            above = [j for j in range(row.parent + 1, i) if rows[j].parent == row.parent]
            mid = baseline - 0.33 * s
            from_y = baselines[above[-1]] - 0.33 * s if above else baselines[row.parent] + 0.3 * s
            fig.add(Line(parent_x, from_y, parent_x, mid, light, GREY))
            fig.add(Line(parent_x, mid, xs[row.level] - 0.2 * s, mid, light, GREY))
        if row.mark is not None:
            n = str(row.mark.declarer_tricks)
            fig.add(
                text_item(x_tricks + tricks_head_w / 2, baseline, n, s, bold=bold, anchor="middle")
            )
            words, colour = _result(row.mark, contract)
            fig.add(text_item(x_result, baseline, words, s, bold=bold, colour=colour))
    y = (baselines[-1] if baselines else y) + 0.45 * s
    fig.add(Line(x0, y, right, y, heavy))
    y += 0.4 * s
    for text in note_lines:
        y += line_height(0.85 * s)
        fig.add(
            text_item(fig.width / 2, y, text, 0.85 * s, italic=True, colour=GREY, anchor="middle")
        )
    fig.height = y + s
    return whole_points(fig)
