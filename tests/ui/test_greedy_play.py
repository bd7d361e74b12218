"""Greedy Whist in the play panel: a symmetric deal is played from Greedy Whist's own values
(marks from an ``Evaluator(greedy=True)``, confirmed by exact search under the greedy rule), an
asymmetric one by search, and the engine service keeps Greedy Whist's values apart from
whist's."""

from __future__ import annotations

from whistgui.engine import Deal, Player, Position, Solver
from whistgui.engine.games.greedy_whist import GREEDY_WHIST_RULES
from whistgui.ui.engine_service import _greedy_values

W, E = Player.WEST, Player.EAST


def _searched_marks(position: Position) -> dict[str, int]:
    results = Solver().card_results(position)
    return {position.card_name(c): r for c, r in results.items()}  # type: ignore[misc]


def test_a_symmetric_deal_is_played_from_greedy_whists_values(panel, qtbot) -> None:
    deal = Deal.parse("KJ/AQ A/K")
    with qtbot.waitSignal(panel.confirmed, timeout=30000) as blocker:
        panel.set_deal_now(deal, W, "greedy-whist")
    assert blocker.args[0] == []  # every mark confirmed by search
    assert not panel.by_search
    t = panel.turn(panel.position)
    assert panel.position.rules.greedy
    marks = {panel.position.card_name(c): m for c, m in t.marks.items()}
    # West's ♥A is no better than a spade under the greedy rule (whist's marks it 2)
    assert marks == _searched_marks(Position.start(deal, W, GREEDY_WHIST_RULES))
    assert marks == {"S:K": 1, "S:J": 1, "H:A": 1}
    assert "Value 1½ − ε₀ with West on lead" in panel.status.text()
    panel.to_end()
    assert panel.position.is_over
    assert panel.line().outcome == 1


def test_a_reply_that_can_win_must_win(panel) -> None:
    panel.set_deal_now(Deal.parse("AQ/KJ K/A"), W, "greedy-whist")
    p = panel.position
    panel.play(p.deal.card_from_text("S:Q"))  # East must win with the ♠K
    t = panel.turn(panel.position)
    assert [panel.position.card_name(c) for c in t.marks] == ["S:K"]


def test_an_asymmetric_deal_is_played_by_search(panel) -> None:
    panel.set_deal_now(Deal.parse("AQ/K K/AJ"), W, "greedy-whist")
    assert panel.by_search
    assert (
        panel.turn(panel.position).predicted
        == Solver().outcome(Deal.parse("AQ/K K/AJ"), rules=GREEDY_WHIST_RULES).west_lead
    )


def test_the_service_values_greedy_whist_with_its_own_evaluator() -> None:
    assert _greedy_values("greedy-whist")
    assert not _greedy_values("whist")
    assert not _greedy_values("five-card")  # greedy rules, but no values
    assert not _greedy_values("no-such-game")


def test_the_suit_view_values_greedy_suits_only_within_the_live_reach(qtbot) -> None:
    """R43's tab shows every suit in Greedy Whist (GameSuitView): a short suit with its value,
    one whose values would reach more than GREEDY_LIVE_REACH patterns — computed on the GUI
    thread — with R43's numbers and Theorem 6.1 instead (17 alternating cards a hand reach
    2,491,934: the inspector hung there)."""
    import time

    from whistgui.engine import SuitDeal
    from whistgui.engine.games import find_game
    from whistgui.ui.trick.game_suit_view import GREEDY_LIVE_REACH, GameSuitView

    view = GameSuitView()
    qtbot.addWidget(view)
    view.show_suit(SuitDeal.parse("KQT/AJ9"), find_game("greedy-whist"))
    assert "1¾" in view.element.text()
    assert view.details["maxmin"] == "(E, 1½)"  # the values' details, over the greedy replies
    long = SuitDeal(range(2, 36, 2), range(1, 35, 2))
    t0 = time.monotonic()
    view.show_suit(long, find_game("greedy-whist"))
    assert time.monotonic() - t0 < 20  # a generous limit: the values would take minutes
    text = view.element.text()
    assert f"2,491,934 positions, past {GREEDY_LIVE_REACH:,}" in text
    assert "R43 Theorem 6.1" in text
    # typeset as elsewhere, not with its underscore (review 28b, K3)
    assert "H<sub>Greedy</sub> = +1: West takes 9 of 17 whoever leads" in text
    assert "H_Greedy" not in text
    assert "maxmin" not in view.details
    assert view.details["H_Greedy"] == 1


def test_the_live_limit_question_typesets_h_greedy() -> None:
    """Review 28b, K3: "H_Greedy" was printed with its underscore in the inspector's question
    before valuing a long Greedy Whist suit."""
    from whistgui.engine import SuitDeal
    from whistgui.engine.games import find_game
    from whistgui.ui.trick.inspector_game import limit_html, valued_game

    game = valued_game(find_game("greedy-whist"))
    assert game is not None
    text = limit_html(SuitDeal(range(2, 36, 2), range(1, 35, 2)), game)
    assert "H<sub>Greedy</sub> = +1" in text
    assert "H_Greedy" not in text
