"""The play tree of a whole deal, trick by trick, as the inspector's Whole Deal tab shows it
(:class:`whistgui.ui.trick.play_tree_model.PlayTreeModel`) — drawn from the engine here, not
from the item model: one row per position between tricks, indented by depth with connector
lines, in six aligned columns: the trick that leads there, the remaining deal, West's tricks
so far, the theory's value of the remaining deal, the outcome it predicts for the player on
lead, and the exact result under optimal play (by search). The figure draws a line a trick,
the remaining deal on a line of its own under the tricks whose own tricks are listed.

A position's children are the tricks that can be played from it, one per pair of a lead group
and a reply group (cards in sequence are one group: the lowest is played, the others follow in
brackets, ``♠Q (=K)``), in the model's order. A trick optimal for both sides — the leader's
best lead answered by the follower's best reply — is marked ``★`` and set in bold. The whole
tree is too large to print (the first trick alone of a deal of 19 cards a hand has 58
children), so the figure follows the optimal line: the root and every optimal trick, down to
the depth asked for (:data:`DEFAULT_DEPTH` unless asked), show all their children; the others
are leaves, their values and results said. A column too wide for the page wraps between the
pieces of its cells; nothing is cut.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from whistgui.app.analysis import game_label
from whistgui.app.document import Document
from whistgui.app.play_tree import optimal_tricks, position_value, predicted_result, theory_for
from whistgui.engine import Card, Evaluator, Player, Position, Solver, WhistError
from whistgui.engine.errors import NoTheoryError
from whistgui.engine.games import Game, Theory
from whistgui.engine.games.whist.rounding import rounding_symbol
from whistgui.engine.strategy.line import mark_text
from whistgui.engine.trick.rules import Scoring
from whistgui.figures.layout import fit_widths, outline, paragraph
from whistgui.figures.play import card_text
from whistgui.figures.scene import Figure
from whistgui.figures.text import line_height, measure

__all__ = [
    "DEFAULT_DEPTH",
    "FIGURE_HEADERS",
    "HEADERS",
    "MAX_CARDS",
    "MAX_ROWS",
    "NO_VALUE",
    "STAR",
    "PlayTreeRow",
    "build_play_tree",
    "play_tree_rows",
]

#: The columns, as the inspector names them.
HEADERS: Final = ("Trick", "Remaining", "West tricks", "Value", "Predicted", "Exact")
#: The figure's columns: Remaining is a line under the tricks whose own tricks are listed.
FIGURE_HEADERS: Final = ("Trick", "West tricks", "Value", "Predicted", "Exact")
#: The depth a figure is drawn to unless asked (``figures.DEFAULT_DEPTHS["playtree"]``): a
#: deal of 13 cards a hand has some 60 first tricks, and every optimal one as many replies
#: again (deal (27) to depth 2: 341 rows).
DEFAULT_DEPTH: Final = 1
#: The most rows a play-tree figure draws.
MAX_ROWS: Final = 400
#: Deals with more cards a hand are refused: every child is searched exactly (a deal of 19
#: cards a hand, the papers' largest, takes some seconds a level).
MAX_CARDS: Final = 20
NO_VALUE: Final = "—"
STAR: Final = "★"


@dataclass(frozen=True, slots=True)
class PlayTreeRow:
    """One position of the tree: its ``depth`` (the root 0), the index of its ``parent`` row
    (None for the root), whether it is its parent's ``last`` child and whether its trick is
    ``optimal`` for both sides; its six cells, each as the pieces a narrow column may put on
    separate lines (``★ W ♠A ·`` | ``E ♠K``); a cell's text is its pieces joined by
    spaces."""

    depth: int
    parent: int | None
    last: bool
    optimal: bool
    pieces: tuple[tuple[str, ...], ...]

    @property
    def cells(self) -> tuple[str, ...]:
        return tuple(" ".join(c) for c in self.pieces)


class _Node:
    """A position between tricks, the trick that led there (its leader and the sequences its
    cards stand for; none at the root) and its children once expanded."""

    __slots__ = ("children", "lead_group", "lead_seq", "leader", "optimal", "position", "reply_seq")

    def __init__(
        self,
        position: Position,
        leader: Player | None = None,
        lead_seq: tuple[Card, ...] = (),
        reply_seq: tuple[Card, ...] = (),
        lead_group: int = 0,
    ) -> None:
        self.position = position
        self.leader = leader
        self.lead_seq = lead_seq
        self.reply_seq = reply_seq
        self.lead_group = lead_group
        self.optimal = True
        self.children: list[_Node] = []


class _Tree:
    """The positions of one deal in one game, with their values and results."""

    def __init__(self, doc: Document, solver: Solver, evaluator: Evaluator) -> None:
        self.game: Game = doc.game_info
        self.solver = solver
        self.theory = theory_for(self.game, evaluator)
        self.root = _Node(Position.start(doc.deal, doc.lead, self.game.rules))

    def expand(self, node: _Node) -> None:
        """Make ``node``'s children (in the inspector's order) and mark the optimal ones."""
        pos = node.position
        for g, lead_seq in enumerate(pos.legal_groups()):
            after_lead = pos.play(lead_seq[-1])
            for reply_seq in after_lead.legal_groups():
                child = _Node(after_lead.play(reply_seq[-1]), pos.leader, lead_seq, reply_seq, g)
                node.children.append(child)
        tricks = [(c.lead_group, self.solver.result(c.position)) for c in node.children]
        for c, optimal in zip(node.children, optimal_tricks(pos.leader, tricks), strict=True):
            c.optimal = optimal

    def cells(self, node: _Node) -> tuple[tuple[str, ...], ...]:
        """The row's pieces: trick, remaining deal, West's tricks, value, prediction, exact."""
        pos = node.position
        leader = node.leader
        if leader is None:
            trick: tuple[str, ...] = ("Start:", f"{pos.leader.word} on lead")
        else:
            star = f"{STAR} " if node.optimal else ""
            trick = (
                f"{star}{leader.value} {_seq_text(pos, node.lead_seq)} ·",
                f"{leader.other.value} {_seq_text(pos, node.reply_seq)}",
            )
        remaining = tuple(str(pos.deal).split()) if not pos.is_over else (NO_VALUE,)
        value, predicted = self._value(pos)
        exact = mark_text(self.solver.result(pos))
        return (trick, remaining, (str(pos.west_tricks),), value, predicted, (exact,))

    def _value(self, pos: Position) -> tuple[tuple[str, ...], tuple[str, ...]]:
        theory = self.theory
        if theory is None:
            return (NO_VALUE,), (NO_VALUE,)
        try:
            _, v = position_value(theory, pos)
        except NoTheoryError:
            return (NO_VALUE,), (NO_VALUE,)
        return (theory.pretty(v),), (mark_text(predicted_result(theory, v, pos)),)


def _seq_text(position: Position, seq: tuple[Card, ...]) -> str:
    """``♠Q (=K)``: the card played, the lowest of its sequence, and the others."""
    text = card_text(position.card_name(seq[-1]))
    others = seq[:-1]
    if others:
        text += " (=" + "=".join(position.card_name(c).split(":", 1)[1] for c in others) + ")"
    return text


def _check(doc: Document, depth: int) -> None:
    if not isinstance(doc, Document):
        raise TypeError(f"doc: expected a Document, not {type(doc).__name__}")
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise WhistError(f"depth {depth!r}: expected a whole number of tricks, 0 or more")
    deal = doc.deal
    size = deal.size  # DealError for hands of different sizes
    if size == 0:
        raise WhistError(f"no cards are dealt in {str(deal)!r}: it has no play tree")
    if size > MAX_CARDS:
        raise WhistError(
            f"{str(deal)!r} has {size} cards a hand; the play tree is searched exactly, for "
            f"deals of at most {MAX_CARDS}"
        )


def play_tree_rows(
    doc: Document,
    depth: int,
    solver: Solver | None = None,
    evaluator: Evaluator | None = None,
    *,
    optimal_only: bool = False,
) -> list[PlayTreeRow]:
    """The rows of the play tree of ``doc`` (its deal, lead and game) in outline order: the
    root, and the children of the root and of every optimal trick down to ``depth`` tricks
    below it — only the optimal tricks (``★``) with ``optimal_only``. WhistError for a deal
    with no cards or more than :data:`MAX_CARDS` a hand, and
    for a tree of more than :data:`MAX_ROWS` rows (saying how many, and which depth fits).

    >>> from whistgui.engine import Deal
    >>> rows = play_tree_rows(Document.from_deal(Deal.parse('AQ/KJ')), 1)
    >>> for r in rows:
    ...     print(r.depth, r.cells[0], "|", r.cells[3], "|", r.cells[5])
    0 Start: West on lead | 1½ | 1
    1 W ♠A · E ♠K | 2 − ε₀ | 2
    1 ★ W ♠A · E ♠J | 1 + ε₀ | 1
    1 ★ W ♠Q · E ♠K | 1 − ε₀ | 1
    1 W ♠Q · E ♠J | 2 − ε₀ | 2
    """
    _check(doc, depth)
    tree = _Tree(doc, solver or Solver(), evaluator or Evaluator())
    # level by level, counting the rows, so that a tree too large is refused before its rows
    # are valued, naming the depth that fits
    level, rows, fits = [tree.root], 1, (0, 1)
    for d in range(1, depth + 1):
        nxt: list[_Node] = []
        for node in level:
            if not node.position.is_over:
                tree.expand(node)
                if optimal_only:
                    node.children = [c for c in node.children if c.optimal]
                rows += len(node.children)
                nxt += [c for c in node.children if c.optimal]
        if rows > MAX_ROWS:
            raise WhistError(
                f"the play tree of {str(doc.deal)!r} to depth {d} has {rows:,} rows; a figure "
                f"draws at most {MAX_ROWS}: choose a smaller depth (depth {fits[0]} has "
                f"{fits[1]} row{'' if fits[1] == 1 else 's'})"
            )
        fits = (d, rows)
        level = nxt
        if not level:
            break
    out: list[PlayTreeRow] = []

    def visit(node: _Node, d: int, parent: int | None, last: bool) -> None:
        out.append(PlayTreeRow(d, parent, last, node.optimal, tree.cells(node)))
        me = len(out) - 1
        for k, child in enumerate(node.children):
            visit(child, d + 1, me, k == len(node.children) - 1)

    visit(tree.root, 0, None, True)
    return out


# ----------------------------------------------------------------------------- layout
_CENTRED: Final = (False, True, True, True, True)


def _caption(game: Game, theory: Theory[Any] | None, optimal_only: bool = False) -> str:
    """What the columns say, in the words of ``game``."""
    scoring = game.rules.scoring
    if scoring is Scoring.TRICKS:
        exact = "West's total tricks under optimal play from there (exact search)"
    elif scoring is Scoring.REFINED:
        exact = "West's refined score under optimal play from there (exact search)"
    elif scoring is Scoring.REDUCED:
        exact = (
            "West's total tricks under optimal play from there, the last trick not counted "
            "(exact search)"
        )
    else:
        exact = f"who wins under optimal play from there, {scoring.value} (exact search)"
    if theory is None:
        value = f"Value, Predicted: {game.title} has no value theory, exact search only"
    elif theory.whist_values:
        rho = rounding_symbol(scoring)
        value = (
            f"Value: val(remaining deal) + West's tricks so far; Predicted: {rho}(value) "
            "for the player on lead"
        )
    else:
        value = (
            "Value: the theory's element of the remaining deal; Predicted: the outcome it "
            "gives the player on lead"
        )
    return (
        f"{STAR}: the trick optimal for both sides. {value}; Exact: {exact}; {NO_VALUE}: not "
        "covered by the theory. "
        + (
            "Only the optimal tricks are shown, "
            if optimal_only
            else "Every trick that can be played is shown from the start and from each "
            "optimal trick, "
        )
        + "the deal that remains under the trick; cards in sequence are one (the lowest "
        "played, the others in brackets)."
    )


@dataclass(frozen=True, slots=True)
class _Drawn:
    """A row as the figure draws it: the columns but Remaining."""

    parent: int | None
    last: bool
    pieces: tuple[tuple[str, ...], ...]


def build_play_tree(
    doc: Document,
    width: float,
    size: float = 9.0,
    *,
    depth: int = DEFAULT_DEPTH,
    optimal_only: bool = False,
    solver: Solver | None = None,
    evaluator: Evaluator | None = None,
) -> Figure:
    """The play tree of ``doc`` along its optimal line, ``depth`` tricks deep, as a figure
    ``width`` points wide in ``size``-point type (:func:`play_tree_rows`): a heading with
    the deal, the lead and the game, the outline — a line a trick, in the columns
    :data:`FIGURE_HEADERS` — and what the columns mean. The deal that remains is written
    once where it is needed, on a line of its own under each trick whose own tricks are
    listed (the whole deal is in the heading): a leaf's is its parent's less its trick's
    two cards. (Written in every row, in a column of its own, it wrapped suit by suit, seven
    lines a row: deal (27) to one trick was 121 × 1683 mm.) A column too wide wraps between
    the pieces of its cells (``★ W ♠A ·`` | ``E ♠K``, a header between its words); a figure
    too narrow for even that grows. With ``optimal_only`` only the optimal tricks are drawn
    (deal (27) to one trick: 120 × 346 mm with every trick, a page's part without). WhistError
    as :func:`play_tree_rows` says."""
    rows = play_tree_rows(doc, depth, solver, evaluator, optimal_only=optimal_only)
    game = doc.game_info
    fig = Figure(width, 0, title=doc.title or f"Play tree of {doc.deal}", font_size=size)
    fig.smaller = (
        "choose a smaller depth" + ("" if optimal_only else ", or optimal tricks only")
        if depth
        else ""
    )
    margin = size
    pad = 0.4 * size
    lh = line_height(size)
    room = width - 2 * margin
    step = 1.2 * size
    indent = [r.depth * step for r in rows]
    drawn = [_Drawn(r.parent, r.last, r.pieces[:1] + r.pieces[2:]) for r in rows]
    parents = {r.parent for r in rows if r.parent is not None}
    notes = [
        ("Remaining:", *r.pieces[1]) if i in parents and r.parent is not None else ()
        for i, r in enumerate(rows)
    ]
    n_cols = len(FIGURE_HEADERS)

    def widest(j: int, form: str) -> float:
        def texts(r: _Drawn) -> list[str]:
            return [" ".join(r.pieces[j])] if form == "whole" else list(r.pieces[j])

        cells = max(
            (indent[i] if j == 0 else 0.0)
            + max(measure(t, size, bold=rows[i].optimal) for t in texts(r))
            for i, r in enumerate(drawn)
        )
        head = max(measure(h, size, bold=True) for h in FIGURE_HEADERS[j].split())
        if form == "whole":
            head = measure(FIGURE_HEADERS[j], size, bold=True)
        return max(cells, head) + 2 * pad

    natural = [widest(j, "whole") for j in range(n_cols)]
    pieces = [widest(j, "pieces") for j in range(n_cols)]
    # headers on two lines and the trick by its cards — no narrower: a trick or a value
    # broken inside is hard to read, and the figure widens instead
    widths = fit_widths(natural, [pieces], room)
    # the table as wide as its widest note on one line, where the room allows
    noted = max(
        (
            indent[i] + 1.2 * size + measure(" ".join(note), size) + 2 * pad
            for i, note in enumerate(notes)
            if note
        ),
        default=0.0,
    )
    widths[0] += max(0.0, min(noted, room) - sum(widths))
    total = sum(widths)
    fig.width = max(width, total + 2 * margin)
    text_w = fig.width - 2 * margin
    lefts = [margin + sum(widths[:j]) for j in range(n_cols)]

    # the heading
    y = margin
    if doc.title:
        y = paragraph(fig, margin, y, text_w, doc.title, size, bold=True)
    who = doc.lead.word
    y = paragraph(
        fig,
        margin,
        y,
        text_w,
        f"Play tree of {doc.deal}, {who} on lead · {game_label(game)} · to "
        f"{depth} trick{'' if depth == 1 else 's'} along optimal play"
        + (", the optimal tricks only" if optimal_only else ""),
        size,
    )
    y += 0.5 * lh

    bold = [r.optimal and r.parent is not None for r in rows]
    y = outline(
        fig, y, FIGURE_HEADERS, drawn, lefts, widths, indent, _CENTRED, size, pad, bold, notes
    )
    y += 0.4 * lh
    y = paragraph(fig, margin, y, text_w, _caption(game, game.new_theory(), optimal_only), size)
    fig.height = y + margin
    return fig
