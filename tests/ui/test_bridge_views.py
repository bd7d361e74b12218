"""The bridge views: the double-dummy table (every cell against DDS, the contract's cell, a
cell chooses a contract) and the tree of the current trick (every node against a plain minimax
over the ending, win/lose, equivalent cards merged, the path played open, following the
session)."""

from __future__ import annotations

import dataclasses
import itertools
from functools import cache

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont

from whistgui.app.bridge import BridgeDocument
from whistgui.engine.bridge import BridgeCard, BridgePosition, Contract, Seat, Side, Strain
from whistgui.engine.bridge.dds import dd_table
from whistgui.ui.bridge.dd_table import CurrentRole, DDTableView, MakesRole
from whistgui.ui.bridge.session import BridgeSession
from whistgui.ui.bridge.trick_tree import (
    COL_LEVELS,
    COL_RESULT,
    COL_TRICKS,
    COMPUTING,
    OnLineRole,
    TrickNode,
    TrickTreeView,
)
from whistgui.ui.engine_service import EngineService

# -- the double-dummy table -------------------------------------------------------------------


@pytest.fixture(scope="module")
def table():
    return dd_table(BridgeDocument.random(7).deal)


@pytest.fixture
def dd_view(qtbot):
    view = DDTableView()
    qtbot.addWidget(view)
    view.resize(420, 220)
    view.show()
    return view


def _cells(view: DDTableView):
    """(seat, strain, item) for every cell, read from the headers the user sees."""
    grid = view.grid
    for row in range(grid.rowCount()):
        seat = Seat.parse(grid.verticalHeaderItem(row).text())
        for col in range(grid.columnCount()):
            strain = Strain.parse(grid.horizontalHeaderItem(col).text())
            yield seat, strain, grid.item(row, col)


def test_the_table_is_laid_out_as_bridge_programs_print_it(dd_view):
    grid = dd_view.grid
    rows = [grid.verticalHeaderItem(r).text() for r in range(grid.rowCount())]
    cols = [grid.horizontalHeaderItem(c).text() for c in range(grid.columnCount())]
    assert (rows, cols) == (["N", "S", "E", "W"], ["NT", "♠", "♥", "♦", "♣"])
    colours = {t: grid.horizontalHeaderItem(cols.index(t)).foreground().color() for t in cols}
    assert colours["♥"] == colours["♦"] != colours["♠"] == colours["♣"]


def test_every_cell_shows_the_tricks_of_dds(dd_view, table):
    assert all(item.text() == "—" for _s, _t, item in _cells(dd_view))
    dd_view.set_table(table, par_text="Par +420 for N–S")
    seen = 0
    for seat, strain, item in _cells(dd_view):
        tricks = table[seat, strain]
        assert item.text() == str(tricks), (seat, strain)
        assert item.data(MakesRole) is (tricks >= 7)
        assert QFont(item.font()).bold() is (tricks >= 7)
        assert f"{seat.word} " in item.toolTip()
        assert f"{tricks} trick" in item.toolTip()
        seen += 1
    assert seen == 20
    assert dd_view.note.text() == "Par +420 for N–S"
    dd_view.set_table(None)
    dd_view.set_message("computing…")
    assert {item.text() for _s, _t, item in _cells(dd_view)} == {"—"}
    assert dd_view.note.text() == "computing…"


def test_set_current_outlines_the_contracts_cell(dd_view, table):
    dd_view.set_table(table)
    dd_view.set_current(Contract.parse("4H"), Seat.E)
    current = [(seat, strain) for seat, strain, item in _cells(dd_view) if item.data(CurrentRole)]
    assert current == [(Seat.E, Strain.H)]
    plain = dd_view.cell(Seat.W, Strain.H).background().color()
    assert dd_view.cell(Seat.E, Strain.H).background().color() != plain
    dd_view.set_current(Contract.parse("3NT"), Seat.S)
    current = [(seat, strain) for seat, strain, item in _cells(dd_view) if item.data(CurrentRole)]
    assert current == [(Seat.S, Strain.NT)]
    dd_view.set_current(None, None)
    assert not any(item.data(CurrentRole) for _s, _t, item in _cells(dd_view))


def test_a_makes_tooltip_names_the_contract(dd_view, table):
    dd_view.set_table(table)
    seat, strain = max(((s, t) for s in Seat for t in Strain), key=lambda k: table[k])
    tricks = table[seat, strain]
    assert tricks >= 7
    assert (
        dd_view.cell(seat, strain)
        .toolTip()
        .startswith(
            f"{seat.word} makes {tricks} tricks in {strain.symbol}: "
            f"{tricks - 6}{strain.symbol} makes"
        )
    )


def test_clicking_a_cell_chooses_the_highest_contract_it_makes(dd_view, qtbot, table):
    dd_view.set_table(table)
    grid = dd_view.grid
    best = max(((s, t) for s in Seat for t in Strain), key=lambda k: table[k])
    worst = min(((s, t) for s in Seat for t in Strain), key=lambda k: table[k])
    assert table[worst] < 7 <= table[best]
    for seat, strain in (best, worst):
        item = dd_view.cell(seat, strain)
        with qtbot.waitSignal(dd_view.contractChosen, timeout=1000) as blocker:
            qtbot.mouseClick(
                grid.viewport(), Qt.MouseButton.LeftButton, pos=grid.visualItemRect(item).center()
            )
        level = max(1, table[seat, strain] - 6)
        assert blocker.args == [Contract(level, strain), seat]
    # the keyboard: arrows to a cell, Enter chooses it
    grid.setFocus()
    grid.setCurrentCell(0, 0)  # N, NT
    qtbot.keyClick(grid, Qt.Key.Key_Down)  # S
    qtbot.keyClick(grid, Qt.Key.Key_Right)  # ♠
    with qtbot.waitSignal(dd_view.contractChosen, timeout=1000) as blocker:
        qtbot.keyClick(grid, Qt.Key.Key_Return)
    assert blocker.args == [Contract(max(1, table[Seat.S, Strain.S] - 6), Strain.S), Seat.S]


# -- the tree of the trick --------------------------------------------------------------------

#: Seed 20, declarer's side playing high and the defence low for ten tricks: a 3-card ending
#: where North–South have 7 tricks and 2NT (8) is made on some lines and not on others.
SEED = 20
LATE = 40


def late_document() -> BridgeDocument:
    doc = BridgeDocument.random(SEED, contract=Contract.parse("1NT"), declarer=Seat.S)
    pos = doc.position()
    for _ in range(LATE):
        legal = pos.legal()
        doc = doc.play(legal[-1] if pos.to_move.side is Side.NS else legal[0])
        pos = doc.position()
    return dataclasses.replace(doc, contract=Contract.parse("2NT"))


@cache
def ns_tricks(pos: BridgePosition) -> int:
    """North–South's tricks from ``pos`` on (the trick in progress included): plain minimax."""
    if pos.is_over:
        return 0
    values = []
    for card in pos.legal():
        nxt = pos.play(card)
        values.append(nxt.tricks[Side.NS] - pos.tricks[Side.NS] + ns_tricks(nxt))
    return max(values) if pos.to_move.side is Side.NS else min(values)


def minimax_scores(pos: BridgePosition) -> dict[BridgeCard, int]:
    """``card_scores`` by the minimax above: the mover's side's tricks from the trick's start."""
    done = pos.tricks[Side.NS]
    out = {}
    for card in pos.legal():
        nxt = pos.play(card)
        ns = nxt.tricks[Side.NS] - done + ns_tricks(nxt)
        out[card] = ns if pos.to_move.side is Side.NS else pos.tricks_left - ns
    return out


@pytest.fixture
def engine():
    service = EngineService()
    yield service
    service.shutdown()


def _tree(qtbot, session, engine, **kw) -> TrickTreeView:
    view = TrickTreeView(session, engine, **kw)
    qtbot.addWidget(view)
    view.resize(520, 500)
    view.show()
    qtbot.waitUntil(lambda: not view.busy, timeout=10000)
    return view


def _expand_all(qtbot, view: TrickTreeView) -> list[TrickNode]:
    """Expand every node by the view (as a click on its arrow does); the nodes below the root."""
    while True:
        todo = [n for n in view.root.walk() if not n.is_leaf and n.children is None]
        if not todo:
            break
        for node in todo:
            view.tree.expand(view.index_of(node))
        qtbot.waitUntil(lambda: not view.busy, timeout=10000)
    return [n for n in view.root.walk() if n.parent is not None]


def test_every_node_holds_the_minimax_value_and_win_or_lose(qtbot, engine):
    doc = late_document()
    session = BridgeSession(doc)
    view = _tree(qtbot, session, engine)
    start = doc.position(LATE)
    assert view.root.position == start
    assert start.tricks_left == 3
    # level 1 is there, computed by DDS; no stand-in left
    assert [n.level for n in view.root.children] == [1] * len(view.root.children)
    nodes = _expand_all(qtbot, view)
    assert {n.level for n in nodes} == {1, 2, 3, 4}
    model = view.model
    needed = doc.contract.tricks_needed
    results = set()
    for node in nodes:
        assert node.message is None, node
        parent = node.parent.position
        # every card the node stands for leads to the declaring side's total the node shows
        values = {parent.play(c).tricks[Side.NS] + ns_tricks(parent.play(c)) for c in node.cards}
        assert values == {node.mark.declarer_tricks}, node
        assert node.mark.made is (node.mark.declarer_tricks >= needed)
        assert model.index_of(node, COL_TRICKS).data() == str(node.mark.declarer_tricks)
        result = model.index_of(node, COL_RESULT).data()
        assert result.split()[0] == ("win" if node.mark.made else "lose")
        results.add(result.split()[0])
        card_col = COL_LEVELS[node.level - 1]
        assert model.index_of(node, card_col).data().startswith(node.cards[0].suit.symbol)
        assert node.seat is parent.to_move
    assert results == {"win", "lose"}
    best = start.tricks[Side.NS] + ns_tricks(start)
    assert view.root.mark.declarer_tricks == best
    assert f"Trick {LATE // 4 + 1}" in view.caption.text()


def test_the_headers_name_the_quantifier_of_each_level(qtbot, engine):
    session = BridgeSession(late_document())
    view = _tree(qtbot, session, engine, scorer=minimax_scores)
    leader = view.root.position.leader
    for col, seat in zip(COL_LEVELS, leader.following(), strict=True):
        text = view.model.headerData(col, Qt.Orientation.Horizontal)
        tip = view.model.headerData(col, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
        if seat.side is Side.NS:  # South declares
            assert text.startswith(f"∃ {seat.word}")
            assert "declarer's side chooses" in tip
        else:
            assert text.startswith(f"∀ {seat.word}")
            assert "(defence)" in tip


def _between(a: BridgeCard, b: BridgeCard, others: set[BridgeCard]) -> bool:
    """Is a card of ``others`` of the suit of ``a`` and ``b`` ranked between them?"""
    lo, hi = sorted((a.rank, b.rank))
    return any(o.suit is a.suit and lo < o.rank < hi for o in others)


def test_equivalent_cards_are_one_node(qtbot, engine):
    session = BridgeSession(late_document())
    view = _tree(qtbot, session, engine, scorer=minimax_scores)
    nodes = _expand_all(qtbot, view)
    merged = 0
    for parent in [view.root, *nodes]:
        if parent.is_leaf:
            continue
        pos = parent.position
        kids = parent.children
        cards = [c for kid in kids for c in kid.cards]
        assert sorted(cards) == sorted(pos.legal()), parent  # each legal card once
        others = {c for s in Seat if s is not pos.to_move for c in pos.hands[s]} | set(pos.trick)

        for kid in kids:
            merged += len(kid.cards) > 1
            assert len({c.suit for c in kid.cards}) == 1
            assert all(
                not _between(a, b, others) for a, b in zip(kid.cards, kid.cards[1:], strict=False)
            )
        # groups are whole: two groups of one suit are kept apart by another hand's card
        for a, b in itertools.pairwise(kids):
            if a.cards[0].suit is b.cards[0].suit:
                assert _between(a.cards[-1], b.cards[0], others), (a, b)
    assert merged > 0


def test_the_cards_played_to_the_trick_are_the_path_shown_open(qtbot, engine):
    doc = late_document()
    for _ in range(3):  # the line goes on into the ending
        doc = doc.play(doc.position().legal()[-1])
    session = BridgeSession(doc)
    session.set_cursor(LATE + 2)
    view = _tree(qtbot, session, engine, scorer=minimax_scores)
    assert view.root.position == doc.position(LATE)
    first = next(n for n in view.root.children if doc.played[LATE] in n.cards)
    second = next(n for n in first.children if doc.played[LATE + 1] in n.cards)
    for node in (first, second):
        assert view.tree.isExpanded(view.index_of(node))
        assert view.index_of(node).data(OnLineRole) is True
        assert view.index_of(node).data(Qt.ItemDataRole.FontRole).underline()  # the card played
    assert view.tree.currentIndex() == view.index_of(second)
    assert second.children
    assert second.children[0].message is None
    # the line goes on in the document: its third card is marked, though not open
    third = next(n for n in second.children if doc.played[LATE + 2] in n.cards)
    assert view.index_of(third).data(OnLineRole) is True
    other = next(n for n in view.root.children if n is not first)
    assert view.index_of(other).data(OnLineRole) is False


def test_enter_on_a_node_emits_the_cards_to_it(qtbot, engine):
    doc = late_document()
    session = BridgeSession(doc)
    view = _tree(qtbot, session, engine, scorer=minimax_scores)
    lead = view.root.children[-1]
    view.tree.expand(view.index_of(lead))
    qtbot.waitUntil(lambda: not view.busy, timeout=5000)
    reply = lead.children[0]
    view.tree.setFocus()
    view.tree.setCurrentIndex(view.index_of(reply))
    with qtbot.waitSignal(view.cardsChosen, timeout=1000) as blocker:
        qtbot.keyClick(view.tree, Qt.Key.Key_Return)
    cards = blocker.args[0]
    assert len(cards) == 2
    assert cards[0] in lead.cards
    assert cards[1] in reply.cards
    doc.position(LATE).play(cards[0]).play(cards[1])  # legal, in order


def test_the_tree_follows_the_session_trick_by_trick(qtbot, engine):
    doc = late_document()
    session = BridgeSession(doc)
    calls: list[BridgePosition] = []

    def scorer(pos: BridgePosition) -> dict[BridgeCard, int]:
        calls.append(pos)
        return minimax_scores(pos)

    view = _tree(qtbot, session, engine, scorer=scorer)
    root = view.root
    assert root.position == doc.position(LATE)
    for _ in range(3):  # within the trick: the same tree, the line marked as it grows
        session.play(session.position().legal()[0])
        qtbot.waitUntil(lambda: not view.busy, timeout=5000)
        assert view.root is root
    played = session.document.played[LATE : LATE + 3]
    node = root
    for card in played:
        node = next(n for n in node.children if card in n.cards)
        assert view.index_of(node).data(OnLineRole) is True
    n_calls = len(calls)
    session.play(session.position().legal()[0])  # the trick is complete
    qtbot.waitUntil(lambda: not view.busy, timeout=5000)
    assert view.root is not root
    assert view.root.position == session.position()
    assert sum(view.root.position.tricks) == LATE // 4 + 1
    assert "Trick 12" in view.caption.text()
    assert view.root.children
    assert view.root.children[0].message is None
    assert len(calls) > n_calls
    # back to where it was: the scores are remembered, nothing is computed again
    n_calls = len(calls)
    session.set_cursor(LATE)
    assert view.root.position == doc.position(LATE)
    qtbot.waitUntil(lambda: not view.busy, timeout=5000)
    assert len(calls) == n_calls
    # a deal that is not one: no tree, and the caption says why
    session.move_cards([BridgeCard.parse("SA")], None)
    qtbot.waitUntil(lambda: view.root is None, timeout=2000)
    assert "hand" in view.caption.text()


def test_a_stand_in_shows_while_scores_are_computed_and_failures_are_said(qtbot, engine):
    import threading

    from whistgui.engine.errors import WhistError

    gate = threading.Event()

    def slow(pos: BridgePosition) -> dict[BridgeCard, int]:
        gate.wait(5)
        raise WhistError(f"no scores for {pos.to_move.word}")

    session = BridgeSession(late_document())
    view = TrickTreeView(session, engine, scorer=slow)
    qtbot.addWidget(view)
    stand_in = view.root.children[0]
    assert stand_in.message == COMPUTING
    assert view.model.index_of(stand_in, 0).data() == COMPUTING
    assert view.tree.isFirstColumnSpanned(0, view.index_of(view.root))
    gate.set()
    qtbot.waitUntil(lambda: not view.busy, timeout=5000)
    assert view.root.children[0].message.startswith("no scores for")


def test_the_tree_model_is_a_sound_item_model(qtbot, engine, qtmodeltester):
    session = BridgeSession(late_document())
    view = _tree(qtbot, session, engine, scorer=minimax_scores)
    _expand_all(qtbot, view)
    qtmodeltester.check(view.model, force_py=True)
