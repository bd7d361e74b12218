"""One suit per line, in every hand of every bridge figure (issue 29): each hand is four rows
♠ ♥ ♦ ♣ one under the other, each row its symbol and the suit's whole ranks on one run — West's
and East's long suits too, in a narrow figure and with the HCP line under the hands — read
from the figure's text items."""

from __future__ import annotations

import pytest

from tests.figures.helpers import texts
from tests.figures.test_bridge_figures import RANKS, SOLID, SYMBOLS, compass, random_deal
from whistgui.engine.bridge import BridgeDeal, PbnBoard, Seat
from whistgui.figures.bridge import (
    BridgeFigureOptions,
    build_bridge_deal,
    build_bridge_figure,
    hand_hcp,
    hand_lines,
)
from whistgui.figures.scene import Figure, Text

pytest.importorskip("endplay", reason="the double-dummy solver endplay is not installed")

#: West and East with long, gappy suits, the kind that wrapped: ♥A Q 10 6 5 …
LONG = "W:AQT65.AQT6532.K. KJ9872..AQT5.KJ4 43.KJ987.J9876.A .4.432.QT9876532"


def diagram_texts(fig: Figure) -> list[Text]:
    """The diagram's texts: those above the double-dummy table's heading, if it has one."""
    heads = [t.y for t in texts(fig) if t.text == "NT"]
    return [t for t in texts(fig) if not heads or t.y < min(heads) - 0.01]


def hands(fig: Figure) -> dict[Seat, list[tuple[Text, Text]]]:
    """Each hand's rows (its suit symbol and the run right after it on its baseline), top to
    bottom: the symbols stand in three columns — West's, North's and South's over and under
    the compass, East's."""
    box = compass(fig)
    shown = diagram_texts(fig)
    symbols = [t for t in shown if t.text in SYMBOLS]
    columns = sorted({round(t.left, 2) for t in symbols})
    assert len(columns) == 3, columns
    out: dict[Seat, list[tuple[Text, Text]]] = {seat: [] for seat in Seat}
    for sym in sorted(symbols, key=lambda t: t.y):
        column = columns.index(round(sym.left, 2))
        seat = (Seat.W, Seat.N if sym.y < box.y + box.h / 2 else Seat.S, Seat.E)[column]
        right = [t for t in shown if abs(t.y - sym.y) < 0.01 and t.left >= sym.left + sym.width]
        out[seat].append((sym, min(right, key=lambda t: t.left)))
    return out


def check_one_suit_a_line(fig: Figure, deal: BridgeDeal) -> None:
    rows = hands(fig)
    runs = set()
    for seat in Seat:
        want = hand_lines(deal.hands[seat])
        assert [(sym.text, r.text) for sym, r in rows[seat]] == want, seat  # whole suits
        ys = [sym.y for sym, _ in rows[seat]]
        assert len(set(ys)) == 4, seat  # four rows, one a suit
        runs |= {id(r) for _, r in rows[seat]}
    # no run of ranks anywhere in the diagram but those right after a suit's symbol: no suit
    # continued on a row of its own
    ranks = set(RANKS) | {"—"}
    for t in diagram_texts(fig):
        if t.text.split() and all(w in ranks for w in t.text.split()):
            assert id(t) in runs, t


@pytest.mark.parametrize("width", [100.0, 200.0, 340.0])
@pytest.mark.parametrize("pbn", [LONG, SOLID])
def test_every_hand_is_one_suit_a_line_however_narrow(pbn: str, width: float) -> None:
    deal = BridgeDeal.parse(pbn)
    fig = build_bridge_deal(deal, width, 9.0)
    check_one_suit_a_line(fig, deal)
    assert fig.width >= width  # widened, never cut


@pytest.mark.parametrize("seed", [11, 12])
def test_one_suit_a_line_with_the_table_and_the_hcp(seed: int) -> None:
    deal = random_deal(seed)
    options = BridgeFigureOptions(width=150.0, hcp=True)
    fig = build_bridge_figure("both", PbnBoard.make(deal), options)
    check_one_suit_a_line(fig, deal)
    rows = hands(fig)
    for seat in Seat:  # the HCP under each hand, in its column, below its clubs
        clubs = rows[seat][-1][0]
        (hcp,) = [
            t
            for t in texts(fig)
            if t.text.startswith("HCP")
            and abs(t.left - clubs.left) < 0.01
            and t.y > clubs.y
            and t.y - clubs.y < 2 * clubs.size
        ]
        assert hcp.text == f"HCP {hand_hcp(deal.hands[seat])}"
    assert sum(hand_hcp(deal.hands[seat]) for seat in Seat) == 40


def test_hcp_counts_honours() -> None:
    deal = BridgeDeal.parse(LONG)
    assert hand_hcp(deal.hands[Seat.W]) == 4 + 2 + 4 + 2 + 3
    assert hand_hcp(deal.hands[Seat.S]) == 2  # the club queen
