"""One suit as another game than whist sees it (the inspector's game tab and its R43 tab):
R43's matrix A (lowest cards first, as in the paper), its diagonal sums T_k and the sign change
H, H̄, H_Greedy (Greedy Whist and five-card, on the suit's symmetrization), or the exit and its
stoppers (misère five-card); and the suit's element with the theory's words.

Its ±1 cells are painted in the theme's ``plus_fill`` and ``minus_fill``
(:mod:`whistgui.ui.theme`), and painted again when the theme changes.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.analysis import game_label, outcome_words
from whistgui.engine import Deal, Player, SuitDeal, WhistError
from whistgui.engine.games import Game
from whistgui.engine.games.five_card import symmetrize
from whistgui.engine.games.greedy_whist import theorem_6_1_words
from whistgui.engine.games.misere_five_card import stopper_pairs
from whistgui.engine.games.single_suit import details as r43_details
from whistgui.engine.games.whist.evaluator import Evaluator
from whistgui.engine.symbols import minus, signed_or_zero
from whistgui.engine.trick.cards import count, rank_text
from whistgui.ui.theme import colour, contrasting_text, is_theme_change
from whistgui.ui.widgets.rich_text import subscripts_html

__all__ = ["GameSuitView"]

_SUBSCRIPTS = str.maketrans("0123456789-", "₀₁₂₃₄₅₆₇₈₉₋")


#: The most patterns Greedy Whist's values (the recursion: no kernel) may reach to be computed
#: here, on the GUI thread (about half a second); a longer suit shows R43's numbers instead.
GREEDY_LIVE_REACH = 5_000


def _past_live_reach(theory: Any, suit: SuitDeal) -> int | None:
    """How many patterns ``suit`` reaches, if ``theory`` values it by Greedy Whist's values
    and that is past :data:`GREEDY_LIVE_REACH`; else None."""
    ev = getattr(theory, "evaluator", None)
    if not (isinstance(ev, Evaluator) and ev.greedy) or not suit.is_symmetric or suit.is_empty:
        return None
    from whistgui.engine.games.whist.kernel import reach_size  # numpy, when needed

    size = reach_size(suit.pattern)
    return size if size > GREEDY_LIVE_REACH else None


class GameSuitView(QWidget):
    """One suit as another game than whist sees it: R43's matrix A (lowest cards first, as in
    the paper), its diagonal sums T_k and the sign change H, H̄, H_Greedy (Greedy Whist and
    five-card, on the suit's symmetrization), or the exit and its stoppers (misère
    five-card); and the suit's element with the theory's words."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        #: what is shown: the suit and its game, or the message shown instead
        self._shown: tuple[SuitDeal, Game] | str = ""
        self.setObjectName("gameSuitView")
        v = QVBoxLayout(self)
        v.setContentsMargins(4, 4, 4, 4)

        def label(name: str) -> QLabel:
            lab = QLabel(self)
            lab.setObjectName(name)
            lab.setWordWrap(True)
            lab.setTextFormat(Qt.TextFormat.RichText)
            lab.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            v.addWidget(lab)
            return lab

        self.heading = label("gameSuitHeading")
        self.element = label("gameElement")
        self.caption = label("aCaption")
        row = QHBoxLayout()
        self.a_table = QTableWidget(0, 0, self)
        self.a_table.setObjectName("aMatrix")
        self.t_table = QTableWidget(0, 0, self)
        self.t_table.setObjectName("diagonalSums")
        for table in (self.a_table, self.t_table):
            table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
            table.setTabKeyNavigation(False)
            table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
            table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            table.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        row.addWidget(self.a_table, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.t_table, 0, Qt.AlignmentFlag.AlignTop)
        row.addStretch(1)
        v.addLayout(row)
        self.sign = label("signChange")
        self.stoppers = label("stoppers")
        v.addStretch(1)
        self.theory = label("gameTheory")
        self.theory.setForegroundRole(QPalette.ColorRole.PlaceholderText)  # muted, any theme
        self.details: dict[str, object] = {}

    def clear(self, text: str = "") -> None:
        self.details = {}
        self._shown = text
        self.heading.setText(html.escape(text))
        for lab in (self.element, self.caption, self.sign, self.stoppers, self.theory):
            lab.clear()
            lab.hide()
        for table in (self.a_table, self.t_table):
            table.clear()
            table.setRowCount(0)
            table.setColumnCount(0)
            table.hide()

    def show_suit(self, suit: SuitDeal, game: Game) -> None:
        """Fill the view with ``suit`` in ``game`` (a suit :func:`cannot_inspect` accepts)."""
        self.clear()
        self._shown = (suit, game)
        theory = game.new_theory()
        self.heading.setText(
            f"<b>{html.escape(str(suit))}</b> in {html.escape(game_label(game))} — "
            f"{html.escape(game.rules.describe())}"
        )
        if theory is None:
            self.element.setText("No value theory: this game is solved by search only.")
            self.element.show()
            return
        self.theory.setText(f"Theory: {html.escape(theory.title)}")
        self.theory.show()
        past = _past_live_reach(theory, suit)
        if past is None:
            self.details = theory.details(suit)
            self._show_element(suit, theory)
        else:  # Greedy Whist's values would take seconds here: R43's numbers, Theorem 6.1
            self.details = r43_details(suit)
            self.element.setText(
                f"<b>Value:</b> not computed here ({past:,} positions, past "
                f"{GREEDY_LIVE_REACH:,}); by R43 Theorem 6.1, "
                f"{subscripts_html(theorem_6_1_words(suit))}"
            )
            self.element.show()
        standard = all(2 <= r <= 14 for r in suit.west + suit.east)
        if "A" in self.details:
            shown = symmetrize(suit) if "symmetrization" in self.details else suit
            self._show_matrix(shown, standard, suit if shown != suit else None)
        if "stoppers" in self.details:
            self._show_stoppers(suit, standard)

    def _show_element(self, suit: SuitDeal, theory: Any) -> None:
        try:
            element = theory.element(suit)
        except WhistError as exc:
            self.element.setText(f"<b>No element:</b> {html.escape(str(exc))}")
        else:
            alone = ""
            if theory.covers(Deal([suit])) is None:
                alone = (
                    f"<br><b>This suit alone:</b> "
                    f"{html.escape(outcome_words(theory.outcome(element)))}"
                )
            self.element.setText(
                f"<b>Element</b> {html.escape(theory.pretty(element))}: "
                f"{subscripts_html(theory.describe(element))}{alone}"
            )
        self.element.show()

    def _show_matrix(self, suit: SuitDeal, standard: bool, original: SuitDeal | None) -> None:
        d = self.details
        a = d["A"]
        t = d["T"]
        assert isinstance(a, list)
        assert isinstance(t, dict)
        west = list(reversed(suit.west))  # W_1 < … < W_n, the paper's order
        east = list(reversed(suit.east))
        n = len(west)

        def card(r: int) -> str:
            return rank_text(r, standard=standard)

        sym = (
            f"Its symmetrization (Theorem 7.1: the lowest cards of the longer holding "
            f"dropped) is <b>{html.escape(str(suit))}</b>. "
            if original is not None
            else ""
        )
        self.caption.setText(
            f"{sym}<b>A</b>: A<sub>ij</sub> = +1 if West's i-th lowest card beats East's j-th "
            "lowest, else −1 (R43 §3); <b>T<sub>k</sub></b> sums the diagonal j − i = k."
        )
        self.caption.show()
        at = self.a_table
        at.setRowCount(n)
        at.setColumnCount(n)
        at.setVerticalHeaderLabels(
            [f"W{str(i + 1).translate(_SUBSCRIPTS)} {card(w)}" for i, w in enumerate(west)]
        )
        at.setHorizontalHeaderLabels(
            [f"E{str(j + 1).translate(_SUBSCRIPTS)} {card(e)}" for j, e in enumerate(east)]
        )
        bold = QFont()
        bold.setBold(True)
        plus, minus_ = self._fills()
        for i in range(n):
            for j in range(n):
                x = int(a[i][j])
                item = QTableWidgetItem(signed_or_zero(x))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                fill = plus if x > 0 else minus_
                item.setBackground(QBrush(fill))
                item.setForeground(QBrush(contrasting_text(fill)))
                beats = "beats" if x > 0 else "does not beat"
                item.setToolTip(
                    f"A{i + 1},{j + 1} = {signed_or_zero(x)}: West's {card(west[i])} {beats} "
                    f"East's {card(east[j])} (diagonal k = {minus(j - i)})"
                )
                if i == j:
                    item.setFont(bold)
                at.setItem(i, j, item)
        h, hbar = int(str(d["H"])), int(str(d["H̄"]))
        tt = self.t_table
        ks = sorted(int(k) for k in t)
        tt.setRowCount(1)
        tt.setColumnCount(len(ks))
        tt.setVerticalHeaderLabels(["T"])
        tt.setHorizontalHeaderLabels([f"k = {minus(k)}" for k in ks])
        for c, k in enumerate(ks):
            x = int(t[str(k)])
            item = QTableWidgetItem(signed_or_zero(x))
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            if x:
                fill = plus if x > 0 else minus_
                item.setBackground(QBrush(fill))
                item.setForeground(QBrush(contrasting_text(fill)))
            item.setToolTip(f"T{minus(k).translate(_SUBSCRIPTS)} = {signed_or_zero(x)}")
            if k in (h, hbar):
                item.setFont(bold)
            tt.setItem(0, c, item)
        for table in (at, tt):
            self._fit(table)
        if h == hbar and abs(h) == n:
            where = f"{'West' if h > 0 else 'East'} holds every high card"
        elif h == hbar:
            where = f"T<sub>{minus(h)}</sub> = 0"
        else:
            where = f"T<sub>k</sub> changes sign between k = {minus(h)} and k = {minus(hbar)}"
        self.sign.setText(
            f"<b>H</b> = {minus(h)}, <b><span style='text-decoration: overline'>H</span></b> = "
            f"{minus(hbar)} ({where}; R43 §5) &nbsp; "
            f"<b>H<sub>Greedy</sub></b> = {signed_or_zero(int(str(d['H_Greedy'])))} (Theorem 6.1) "
            f"&nbsp; <b>trace</b> T<sub>0</sub> = {signed_or_zero(int(str(d['trace'])))}"
        )
        self.sign.show()

    def _fills(self) -> tuple[QColor, QColor]:
        """The fills of a +1 cell and of a −1 cell, in the palette's theme."""
        pal = self.palette()
        return colour("plus_fill", pal), colour("minus_fill", pal)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if is_theme_change(event) and not isinstance(self._shown, str):
            self.show_suit(*self._shown)  # the ±1 cells in the new theme's fills

    @staticmethod
    def _fit(table: QTableWidget) -> None:
        """Size ``table`` to show every cell, and nothing more, without scroll bars."""
        table.resizeColumnsToContents()
        table.resizeRowsToContents()
        frame = 2 * table.frameWidth()
        vh, hh = table.verticalHeader(), table.horizontalHeader()
        table.setFixedSize(
            vh.sizeHint().width() + hh.length() + frame,
            hh.sizeHint().height() + vh.length() + frame,
        )
        table.show()

    def _show_stoppers(self, suit: SuitDeal, standard: bool) -> None:
        d = self.details
        holder = Player.parse(str(d["exit"]))
        k = int(str(d["stoppers"]))
        name = holder.name.title()
        other = holder.other.name.title()
        lowest = min(suit.west + suit.east)
        mine = sorted(suit.hand(holder))[1:]
        theirs = sorted(suit.hand(holder.other))[1:]
        found = stopper_pairs(suit)  # the comparisons the theory counts
        pairs = found[1] if found is not None else []

        def cards(rs: list[int]) -> str:
            return " ".join(rank_text(r, standard=standard) for r in sorted(rs, reverse=True))

        shown = (
            ", ".join(
                f"{rank_text(a, standard=standard)} &gt; {rank_text(b, standard=standard)}"
                for a, b in sorted(pairs, reverse=True)
            )
            if len(pairs) == k and pairs
            else ""
        )
        self.stoppers.setText(
            f"<b>Exit:</b> the lowest card, the {rank_text(lowest, standard=standard)}, is "
            f"{name}'s — an exit for {name} (strange algebra §7.3).<br>"
            f"<b>Stoppers:</b> without each hand's lowest card, {name}'s "
            f"{cards(mine) or '—'} against {other}'s {cards(theirs) or '—'}: {name} wins at most "
            f"{count(k, 'comparison')} — <b>{count(k, 'stopper')}</b>"
            + (f" ({shown})" if shown else "")
            + "."
        )
        self.stoppers.show()
