"""Every legal card's reason before it is played (issue 25): what it costs and why, true to
the exact search.

A card's stated cost is the exact solver's difference between the best card and it; its
reason states it in words; the value it says the card leaves (with who then leads) rounds, by
ρ, to the solver's result after the card, and the value it says the best play keeps to the
solver's best; a suit it says the card weakens is worth less to the player who played it. On
random small symmetric deals, at random points of their play.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as hs

from whistgui.app.examples import load_examples
from whistgui.engine import Deal, Player, Position, Solver, Strategist, Value
from whistgui.engine.games import find_game
from whistgui.engine.games.whist.rounding import rho
from whistgui.engine.strategy import CardReason, Searcher, Standing
from whistgui.engine.strategy.line import card_symbols
from whistgui.engine.strategy.state import exit_owner, side, trick_start
from whistgui.engine.trick.cards import Card, count
from whistgui.engine.trick.rules import Rules

from .strategies import symmetric_deals

W, E = Player.WEST, Player.EAST
_VALUE = r"(.+?) with (West|East) on lead"
# a lead: "...: V with L on lead after O's best reply, the X, against V0 with P on lead"
_LEAD = re.compile(
    rf": {_VALUE} after (?:West|East)'s best reply, the \S+, against {_VALUE}(?:;|$)"
)
# a reply: "...: V with L on lead, against V0 with L0 on lead after the X"
_REPLY = re.compile(rf": {_VALUE}, against {_VALUE} after the \S+$")
_EXIT = re.compile(
    r"(uses up|turns|gives|costs|strengthens|weakens \w+'s exit)[^(]* exit[^(]*"
    r"\(\w+ (.+?) (→|instead of) (.+?)\)"
)
_WEAKENS = re.compile(r"weakens \w+(?: for East)? \((.+?) (→|instead of) (.+?)\)")


def _predicts(text: str, leader: str) -> int:
    """ρ of the value ``text`` with ``leader`` on lead: West's tricks."""
    return int(side(rho(Value.parse(text)), Player.parse(leader[0])))


def _check_reason(r: CardReason, searched: dict, best: int, mover: Player) -> None:
    """One card's reason against the solver's marks of its position."""
    assert r.mark == searched[r.card]
    assert r.best == best
    cost = best - r.mark if mover is W else r.mark - best
    assert r.cost == cost >= 0
    assert r.is_best == (cost == 0)
    if cost == 0:
        assert r.why == ""
        assert r.text == r.does
        assert "not best" not in r.text
        return
    assert r.text.startswith(
        f"not best: West ends with {r.mark} instead of {best} ({count(cost, 'trick')} lost) — "
    )
    assert r.why
    assert r.text.endswith(r.why)
    why = r.why.split("; §15")[0]
    m = _LEAD.search(why) or _REPLY.search(why)
    if m is None:  # the last trick: the value it leaves is West's tricks, "V at the end"
        end = re.search(r": (.+?) at the end", why)
        assert end is not None, why
        assert int(Value.parse(end.group(1)).number) == r.mark
    else:
        assert _predicts(m.group(1), m.group(2)) == r.mark, why
        assert _predicts(m.group(3), m.group(4)) == best, why
    weak = _WEAKENS.search(why)
    if weak is not None:  # "(before → after)" for a lead, "(after instead of best's)" a reply
        a, arrow, b = weak.groups()
        before, after = (a, b) if arrow == "→" else (b, a)
        x, y = Value.parse(before).number, Value.parse(after).number
        assert (y < x) if mover is W else (y > x), why
    exit_ = _EXIT.search(why)
    if exit_ is not None:  # the number kept, the infinitesimal part worse for the mover
        verb, a, arrow, b = exit_.groups()
        x, y = (
            (Value.parse(a), Value.parse(b)) if arrow == "→" else (Value.parse(b), Value.parse(a))
        )
        assert x.number == y.number, why
        assert y.compare(x) == (-1 if mover is W else 1), why
        was, now = exit_owner(x), exit_owner(y)
        if verb == "uses up":
            assert was is mover, why
            assert now is not mover, why
        elif verb == "turns":
            assert (was, now) == (mover, mover.other), why
        elif verb == "gives":
            assert now is mover.other, why
            assert was is not mover.other, why


def _line(
    deal: Deal, leader: Player, picks: list[int], rules: Rules | None = None
) -> list[Position]:
    """Every position of ``deal`` played out from ``leader``'s lead, each card the
    ``picks[i]``-th legal one (mod their number; the first when the picks run out)."""
    p = Position.start(deal, leader) if rules is None else Position.start(deal, leader, rules)
    out = [p]
    i = 0
    while not p.is_over:
        cards = p.legal_cards()
        p = p.play(cards[(picks[i] if i < len(picks) else 0) % len(cards)])
        out.append(p)
        i += 1
    return out


@settings(max_examples=40, deadline=None)
@given(
    deal=symmetric_deals(max_cards=6, max_suits=4, min_cards=3),
    leader=hs.sampled_from([W, E]),
    picks=hs.lists(hs.integers(0, 12), max_size=10),
)
def test_every_legal_card_has_a_true_reason(deal: Deal, leader: Player, picks: list[int]) -> None:
    """At every position of a line (mistakes included), every legal card's reason."""
    st = Strategist()
    solver = Solver()
    for position in _line(deal, leader, picks):
        reasons = st.reasons(position)
        if position.is_over:
            assert reasons == {}
            continue
        searched = solver.card_results(position)
        assert set(reasons) == set(searched) == set(position.legal_cards())
        mover = position.to_move
        best = max(searched.values()) if mover is W else min(searched.values())
        for card, r in reasons.items():
            assert (r.card, r.name, r.player) == (card, position.card_name(card), mover)
            _check_reason(r, searched, int(best), mover)  # type: ignore[arg-type]
            assert st.reason(position, card) == r.text


@settings(max_examples=30, deadline=None)
@given(
    deal=symmetric_deals(max_cards=6, max_suits=4, min_cards=3),
    leader=hs.sampled_from([W, E]),
    picks=hs.lists(hs.integers(0, 12), max_size=10),
)
def test_the_standing_predicts_the_solvers_result(
    deal: Deal, leader: Player, picks: list[int]
) -> None:
    """Value and prediction belong together: ρ of the stated value, with the stated leader,
    is the prediction, and the prediction is the solver's result from the position — at every
    position of a line, inside tricks too."""
    st, solver = Strategist(), Solver()
    for position in _line(deal, leader, picks):
        s = st.standing(position)
        assert isinstance(s, Standing)
        assert s.predicted == solver.result(position)
        assert isinstance(s.value, Value)
        if position.is_over:
            assert s.to_move is None
            assert s.value == Value(position.west_tricks)
            continue
        assert s.to_move is position.to_move
        assert int(side(rho(s.value), s.on_lead)) == s.predicted
        assert bool(s.reply) == (position.led is not None)


def test_the_paper_s_mistake_in_deal_27() -> None:
    """Issue 25's case: deal (27), trick 8, West's ♦A. The value is stated after the mistake
    (with East's best reply), and it predicts what West then ends with; the ♦A's reason says
    it weakens diamonds, and the exit it should have been (§16: West exits with the ♥9)."""
    deal = Deal.parse("KQT98/AJ765 AK9/QJT AJ9753/KQT864 KQT86/AJ975")
    before = "S:K S:A H:Q H:K S:Q S:5 S:T S:J H:J H:A S:9 S:6 S:8 S:7"
    p = Position.start(deal, W)
    for name in before.split(" "):
        p = p.play(deal.card_from_text(name))
    st = Strategist()
    assert st.standing(p).text == "Value 10½ + ε₀ with West on lead: West should end with 11."
    reasons = {r.name: r for r in st.reasons(p).values()}
    assert reasons["H:9"].cost == 0
    assert "exits in a suit with positive infinitesimal part" in reasons["H:9"].text
    ace = reasons["D:A"]
    assert (ace.mark, ace.best, ace.cost) == (10, 11, 1)
    assert ace.why.startswith("leading the ♦A weakens diamonds (3 → 2½): 10 + ε₀ with West on")
    after = p.play(deal.card_from_text("D:A"))
    now = st.standing(after)
    assert now.text == (
        "After East's best reply, the ♦4: value 10 + ε₀ with West on lead — West should end "
        "with 10."
    )
    assert now.record() == {"value": "10+e0", "lead": "W", "predicted": 10, "reply": "D:4"}
    step = st.step(p, deal.card_from_text("D:A"))
    assert (step.cost, step.cost_text, step.standing) == (1, "1 trick", now)
    assert step.text_lines()[1] == f"     better: H:9 — {reasons['H:9'].text}"


def test_deal_26_the_numerical_suits_would_be_weakened() -> None:
    """§16 on deal (26): "A lead in either of the numerical suits, spades, diamonds or clubs,
    will weaken that suit. Instead, West has to exit by playing a small heart." """
    deal = Deal.parse("AKQ8/JT97 AQ87/KJT9 AJT7/KQ98 KQ9/AJT")
    reasons = Strategist().reasons(Position.start(deal, W))
    for r in reasons.values():
        suit = r.name[0]
        if suit in "SDC":
            word = {"S": "spades", "D": "diamonds", "C": "clubs"}[suit]
            assert r.cost == 1
            assert f"weakens {word}" in r.why
            assert "§15: never lead a number while there is an exit (hearts)" in r.why
        elif r.name in ("H:8", "H:7"):
            assert r.cost == 0
    assert "uses up West's exit in hearts" in reasons[deal.card_from_text("H:A")].why


def test_deal_25_winning_puts_the_wrong_player_on_lead() -> None:
    """§16 on deal (25): taking the first trick with the ♠A leaves spades at 2 "The problem is
    that West gets the lead"."""
    deal = Deal.parse("AJ98/KQT7 AKT/QJ9 KQ9/AJT")
    p = Position.start(deal, E)
    p = p.play(deal.card_from_text("S:K"))
    ace = Strategist().explain(p, deal.card_from_text("S:A"))
    assert ace.cost == 1
    assert ace.why.startswith("winning with the ♠A puts West on lead (spades 2 either way)")


def test_every_position_of_the_paper_s_small_deals() -> None:
    """Every position reachable in the paper's deals of at most five cards a hand ((2), (6),
    (7), (9), (13)–(18), (23), (24); both leads, every card played): every legal card's reason
    true to the exact search — some 3,000 positions."""
    checked = 0
    for example in load_examples():
        deal = example.deal
        if deal.size > 5:
            continue
        st, solver = Strategist(), Solver()
        seen: set[Position] = set()
        stack = [Position.start(deal, W), Position.start(deal, E)]
        while stack:
            p = stack.pop()
            if p in seen or p.is_over:
                continue
            seen.add(p)
            searched = solver.card_results(p)
            mover = p.to_move
            best = max(searched.values()) if mover is W else min(searched.values())
            for card, r in st.reasons(p).items():
                _check_reason(r, searched, int(best), mover)  # type: ignore[arg-type]
                stack.append(p.play(card))
        checked += len(seen)
    assert checked > 2500


# ----------------------------------------------------------------------------- by search
_SEARCH_LEAD = re.compile(
    r"leading the (\S+) leaves (.+) after (West|East)'s best reply, the (\S+), against (.+) "
    r"after the (\S+) and the (\S+)"
)
_SEARCH_REPLY = re.compile(r"playing the (\S+) leaves (.+), against (.+) after the (\S+)")
_LEAVES = re.compile(
    r"(?:(West|East) on lead(?: with (.+?))?|the last trick to (West|East))"
    r"(?: \(West (\d+) tricks?\))?"
)


def _check_leaves(sr: Searcher, text: str, before: Position, lead: Card, reply: Card) -> None:
    """``text`` says truly where the trick ``lead``, ``reply`` from ``before`` leaves play:
    its winner on lead (or with the last trick), the theory's element of the cards left, and
    West's tricks in a game that counts them."""
    m = _LEAVES.fullmatch(text)
    assert m is not None, text
    leader, value, last, tricks = m.groups()
    mid = before.play(lead)
    winner = mid.trick_winner(reply)
    end = mid.play(reply)
    assert (last or leader) == winner.word, text
    assert bool(last) == end.is_over, text
    if end.rules.scoring.counts_tricks:
        assert tricks is not None, text
        assert int(tricks) == before.west_tricks + (winner is W), text
    else:
        assert tricks is None, text
    element = None if end.is_over else sr.value(end)
    assert value == (element.pretty() if element is not None else None), text


@settings(max_examples=30, deadline=None)
@given(
    deal=symmetric_deals(max_cards=5, max_suits=3, min_cards=2),
    leader=hs.sampled_from([W, E]),
    game=hs.sampled_from(["greedy-whist", "five-card", "misere-five-card", "refined-whist"]),
    picks=hs.lists(hs.integers(0, 12), max_size=10),
)
def test_every_legal_card_has_a_reason_by_search(
    deal: Deal, leader: Player, game: str, picks: list[int]
) -> None:
    """In the games played by search, every legal card's reason: its cost is the exact
    solver's difference, and a card that is not best says where it leaves play once the trick
    is over — after one of the other's best replies to a lead — against where one of the best
    cards leaves it; each checked on the positions with a solver of its own."""
    g = find_game(game)
    sr, solver = Searcher(g.new_theory()), Solver()
    for position in _line(deal, leader, picks, g.rules):
        reasons = sr.reasons(position)
        if position.is_over:
            assert reasons == {}
            continue
        searched = solver.card_results(position)
        assert list(reasons) == list(searched)
        mover = position.to_move
        results = list(searched.values())
        if isinstance(results[0], Player):  # a last-trick game: the mover wins if he can
            best: object = mover if mover in results else mover.other
        else:
            best = (max if mover is W else min)(results)  # type: ignore[type-var]
        best_cards = set(solver.best_cards(position))
        names = {card_symbols(position.card_name(c)): c for c in position.legal_cards()}
        for card, r in reasons.items():
            assert (r.mark, r.best, r.player) == (searched[card], best, mover)
            if r.mark == best:
                assert (r.cost, r.why) == (0, "")
                assert r.text in ("the normal strategy (R43 §4)", "optimal by exact search")
                continue
            if isinstance(r.mark, Player):
                assert r.cost == 1
                assert isinstance(best, Player)
                assert r.text.startswith(f"not best: {r.mark.word} wins instead of {best.word}")
            else:
                assert r.cost == (best - r.mark if mover is W else r.mark - best) > 0  # type: ignore[operator]
                assert r.text.startswith(f"not best: West ends with {r.mark} instead of {best}")
            assert r.text.endswith(f" — {r.why}")
            if position.led is None:
                m = _SEARCH_LEAD.fullmatch(r.why)
                assert m is not None, r.why
                led, leaves, other, reply, against, alt, alt_reply = m.groups()
                assert (names[led], other) == (card, mover.other.word)
                after = position.play(card)
                replies = {card_symbols(after.card_name(c)): c for c in after.legal_cards()}
                assert replies[reply] in solver.best_cards(after)
                _check_leaves(sr, leaves, position, card, replies[reply])
                b = names[alt]
                assert b in best_cards
                mid = position.play(b)
                alts = {card_symbols(mid.card_name(c)): c for c in mid.legal_cards()}
                assert alts[alt_reply] in solver.best_cards(mid)
                _check_leaves(sr, against, position, b, alts[alt_reply])
            else:
                m = _SEARCH_REPLY.fullmatch(r.why)
                assert m is not None, r.why
                played, leaves, against, alt = m.groups()
                assert names[played] == card
                start = trick_start(position)
                lead = position.led
                assert lead is not None
                _check_leaves(sr, leaves, start, lead, card)
                assert names[alt] in best_cards
                _check_leaves(sr, against, start, lead, names[alt])
