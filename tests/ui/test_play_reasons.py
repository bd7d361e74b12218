"""Issue 25, optimal play: the header says where play stands now (the value and what it
predicts, and what a mistake cost), and every legal card has its reason — cost and why, in the
paper's words — in the card list and, through the record, at every card played. Everything is
the engine's (Strategist/Searcher reasons and standing), compared here with the engine itself.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from whistgui.app.examples import load_examples
from whistgui.engine import Deal, Player, Position, Strategist
from whistgui.engine.games.whist.value import Value
from whistgui.engine.strategy.line import trick_number
from whistgui.ui.trick.play_cards import CARD, COST, MARK, WHY

W, E = Player.WEST, Player.EAST


def example(n: int) -> Deal:
    return next(e for e in load_examples() if e.number == n).deal


def at_trick_8_of_27(panel) -> Deal:
    """Deal (27), West on lead, played optimally to West's lead at trick 8."""
    deal = example(27)
    panel.set_deal_now(deal, W)
    for _ in range(7):
        panel.next_trick()
    assert trick_number(panel.position) == 8
    assert panel.position.to_move is W
    return deal


def listed(panel) -> dict:
    """Every card in the card list, with its row (its own, or its sequence's)."""
    out = {}
    for top in panel.cards.rows():
        out.setdefault(top.data(CARD, Qt.ItemDataRole.UserRole), top)
        for j in range(top.childCount()):
            child = top.child(j)
            out[child.data(CARD, Qt.ItemDataRole.UserRole)] = child
    return out


def test_after_a_mistake_the_header_reads_the_value_now(panel):
    """Was "Value 10½ + ε₀: West should end with 10. West's ♦A gave away 1 trick": the value
    from before the mistake, the count after it."""
    deal = at_trick_8_of_27(panel)
    assert "Value 10½ + ε₀ with West on lead: West should end with <b>11</b>." in (
        panel.status.text()
    )
    panel.play(deal.card_from_text("D:A"))
    header = panel.status.text()
    now = Strategist().standing(panel.position)
    assert now.value == Value.parse("10+e0")
    assert now.predicted == 10
    assert panel.turn(panel.position).standing == now  # the engine's standing, not the UI's
    assert "After East's best reply, the ♦4: value 10 + ε₀ with West on lead" in header
    assert "West should end with <b>10</b>" in header
    assert "10½" not in header  # the value from before the mistake is gone
    assert "West's ♦A gave away 1 trick: West should have ended with 11." in header
    # East's reply ends the trick: the value now is the position's, the mistake remembered
    panel.next_card()
    header = panel.status.text()
    assert "Trick 9, <b>West</b> to play." in header
    assert "Value 10 + ε₀ with West on lead: West should end with <b>10</b>." in header
    assert "Given away so far: West's ♦A at trick 8, 1 trick." in header
    panel.to_end()
    assert panel.position.west_tricks == 10
    assert "Play is over: West took <b>10 tricks</b>." in panel.status.text()


def test_every_legal_card_is_listed_with_its_cost_and_why(panel):
    """Was: only the optimal cards had a "Why"; now every legal card has its mark, what it
    costs and why, the engine's CardReason."""
    deal = example(27)
    panel.set_deal_now(deal, W)
    pos = panel.position
    reasons = Strategist().reasons(pos)
    rows = listed(panel)
    assert set(rows) == set(reasons) == set(pos.legal_cards())
    head = panel.cards.headerItem()
    assert [head.text(c) for c in (CARD, MARK, COST, WHY)] == [
        "Card",
        "West ends with",
        "Costs",
        "Why",
    ]
    costly = 0
    for card, row in rows.items():
        r = reasons[card]
        assert row.text(MARK) == str(r.mark)
        assert row.text(COST) == r.cost_text
        assert row.text(WHY) == (r.does if r.is_best else r.why)
        assert row.toolTip(WHY) == r.text  # the whole sentence, cost first
        costly += not r.is_best
    assert costly == 14  # all but the five spades
    why = {pos.card_name(c): row.text(WHY) for c, row in rows.items()}
    assert why["D:A"].startswith("leading the ♦A weakens diamonds (3 → 2½)")
    assert "§15: attack East's exit (spades) first" in why["H:A"]
    assert rows[deal.card_from_text("C:K")].text(COST) == "1 trick"
    assert rows[deal.card_from_text("S:K")].text(COST) == ""


def test_a_game_played_by_search_lists_every_cards_reason(panel):
    deal = Deal.parse("KQT/AJ9")  # five-card: West wins, but not by leading the ten
    panel.set_deal_now(deal, W, "five-card")
    rows = listed(panel)
    ten = rows[deal.card_from_text("S:T")]
    assert ten.text(MARK) == "East wins"
    assert ten.text(COST) == "the game"
    assert ten.text(WHY).startswith("leading the ♠T leaves East on lead")
    assert ten.toolTip(WHY).startswith("not best: East wins instead of West — ")
    king = rows[deal.card_from_text("S:K")]
    assert king.text(COST) == ""
    assert king.text(WHY)  # what the best card does
    # the header: the standing by search with the element's words, the game by its title
    header = panel.status.text()
    assert "(Five-card)" in header
    assert "should win" in header
    assert "By exact search." in header


def test_the_record_keeps_the_better_card_and_where_play_then_stood(panel):
    """The record of a mistake: its cost and why, the better card with its reason (was
    dropped: the panel renamed the cards but not the reasons' keys) and the standing."""
    deal = at_trick_8_of_27(panel)
    panel.play(deal.card_from_text("D:A"))
    record = panel.record.toPlainText().splitlines()
    i = next(i for i, line in enumerate(record) if line.startswith(" 8. W ♦A"))
    assert "leading the ♦A weakens diamonds" in record[i]
    assert record[i].endswith("[gives away 1 trick]")
    assert record[i + 1].startswith("     better: ♥9 — exits in a suit with positive")
    assert record[i + 2] == (
        "     now: After East's best reply, the ♦4: value 10 + ε₀ with West on lead — West "
        "should end with 10."
    )


def test_a_card_of_the_record_leads_to_every_legal_cards_reason(panel, qtbot):
    deal = at_trick_8_of_27(panel)
    before = panel.position
    panel.play(deal.card_from_text("D:A"))
    panel.next_card()
    step = panel.played[14]
    assert step.name == "D:A"
    record = panel.record
    line = next(
        n for n, t in enumerate(record.toPlainText().splitlines()) if t.startswith(" 8. W ♦A")
    )
    assert record.step_at(line) == 14
    assert "every legal card's reason" in record.tip(14)
    block = record.document().findBlockByNumber(line)
    from PySide6.QtGui import QTextCursor

    cursor = QTextCursor(block)
    record.ensureCursorVisible()
    record.setTextCursor(cursor)
    at = record.cursorRect(cursor).center()
    qtbot.mouseClick(record.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert panel.position == before  # the position before the ♦A
    assert len(panel.played) == 14
    assert len(panel.line()) == 14  # the line so far; the rest is kept for stepping on
    rows = listed(panel)
    assert {before.card_name(c) for c in rows} == set(step.reasons)
    for card, row in rows.items():
        assert row.toolTip(WHY) == step.reasons[before.card_name(card)].text
    current = panel.cards.currentItem()
    assert current is not None
    assert current.data(CARD, Qt.ItemDataRole.UserRole) == deal.card_from_text("D:A")
    assert "Next in this line: ♦A</b> — not best: West ends with 10 instead of 11" in (
        panel.why.text()
    )
    panel.next_card()  # steps on along the line: the ♦A again, nothing recomputed
    assert panel.played[-1].name == "D:A"


@pytest.mark.parametrize("leader", [W, E])
def test_the_standing_is_the_engines_at_every_card(panel, leader):
    deal = Deal.parse("KJ/AQ A/K K/A")  # (15)
    panel.set_deal_now(deal, leader)
    st = Strategist()
    while not panel.position.is_over:
        pos = panel.position
        t = panel.turn(pos)
        assert t.standing == st.standing(pos)
        assert set(t.reasons) == set(pos.legal_cards())
        assert all(t.reasons[c] == st.explain(pos, c) for c in t.reasons)
        worst = max(t.reasons.values(), key=lambda r: r.cost)
        panel.play(worst.card)  # a mistake where there is one: the header says its cost
        last = panel.played[-1]
        if last.cost:
            assert f"gave away {last.cost_text}" in panel.status.text()
    assert Position.start(deal, leader).deal == panel.line().deal
