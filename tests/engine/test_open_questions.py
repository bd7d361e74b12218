"""The open questions in ``whist conjectures``: the deals enumerated are every deal once (against
a pack dealt out and against their generating function), the exhaustive minimax agrees with the
engine's solver, Conjecture 7.2 and R44 §15 count what a brute force over the engine's
:class:`Solver` and :class:`Position` counts, a planted wrong search is caught, and Theorem 9.1's
vectorised exceptions are those of :func:`h_whist` and of the values."""

from __future__ import annotations

import random
from itertools import combinations
from math import comb

import pytest

from whistgui.engine import Player
from whistgui.engine.games.single_suit import greedy_tricks, h_whist
from whistgui.engine.tables.chunked import check_in_chunks
from whistgui.engine.tables.cluster import ChunkRunner
from whistgui.engine.tables.conjectures import check
from whistgui.engine.tables.open_questions import (
    Minimax,
    OpenQuestions,
    ReplyTables,
    check_7_2,
    deals,
    random_deal,
    random_deals,
    solver_tricks,
    swaps,
    symmetric_deals,
    theorem_9_1_exceptions,
)
from whistgui.engine.tables.rows import patterns, r43_numbers, suit_rows, whist_tricks
from whistgui.engine.trick.deal import Deal, SuitDeal
from whistgui.engine.trick.play import Position
from whistgui.engine.trick.solver import Solver, canonical

Suits = tuple[str, ...]


# -- the deals -----------------------------------------------------------------------------------
def _multisets(n: int, symmetric: bool) -> int:
    """How many multisets of suits make a deal of n cards a hand: the coefficient of x^n y^n
    of Π 1/(1 − x^w y^e)^C(w+e, w) (symmetric: of x^n in Π_a 1/(1 − x^a)^C(2a, a))."""
    if symmetric:
        s = [1] + [0] * n
        for a in range(1, n + 1):
            for _ in range(comb(2 * a, a)):
                for i in range(a, n + 1):
                    s[i] += s[i - a]
        return s[n]
    t = [[0] * (n + 1) for _ in range(n + 1)]
    t[0][0] = 1
    for w in range(n + 1):
        for e in range(n + 1):
            if w + e == 0:
                continue
            for _ in range(comb(w + e, w)):
                for i in range(w, n + 1):
                    for j in range(e, n + 1):
                        t[i][j] += t[i - w][j - e]
    return t[n][n]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_every_deal_once(n: int) -> None:
    every = list(deals(n))
    assert len(every) == len(set(every)) == _multisets(n, symmetric=False)
    for d in every:
        assert d == canonical(d)
        assert sum(p.count("W") for p in d) == sum(p.count("E") for p in d) == n
    sym = list(symmetric_deals(n))
    assert len(sym) == len(set(sym)) == _multisets(n, symmetric=True)
    assert set(sym) == {d for d in every if all(p.count("W") == p.count("E") for p in d)}


@pytest.mark.parametrize("n", [1, 2])
def test_the_deals_are_those_of_a_pack(n: int) -> None:
    """A pack of 2n suits of 2n ranks holds every deal of n cards a hand: dealt out every way,
    it gives exactly :func:`deals`."""
    pack = [(s, r) for s in range(2 * n) for r in range(2 * n)]
    seen = set()
    for west in combinations(pack, n):
        rest = [c for c in pack if c not in west]
        for east in combinations(rest, n):
            owner = {c: "W" for c in west} | {c: "E" for c in east}
            suits = ["".join(owner[(s, r)] for r in range(2 * n) if (s, r) in owner)
                     for s in range(2 * n)]  # fmt: skip
            seen.add(canonical(suits))
    assert seen == set(deals(n))


def test_swaps_move_one_west_card_above_the_next_east_card() -> None:
    assert list(swaps(("WEWE", "E", "W"))) == [
        (0, 0, canonical(("EWWE", "E", "W"))),
        (0, 2, canonical(("WEEW", "E", "W"))),
    ]
    assert list(swaps(("EW", "EEWW"))) == []


# -- the search ----------------------------------------------------------------------------------
def test_minimax_is_the_engines_solver_on_every_deal_to_n_4() -> None:
    m, s = Minimax(), solver_tricks(Solver())
    for n in range(1, 5):
        for d in deals(n):
            assert m(d) == s(d), d
    rng = random.Random(7)
    for _ in range(30):
        d = random_deal(rng.randint(5, 6), rng)
        assert m(d) == s(d), d


def test_minimax_counts_its_table_and_is_cleared() -> None:
    m = Minimax()
    assert m(("EWEW",)) == (1, 2)
    assert m.stats["positions"] > 0
    m.clear()
    assert m.stats == {"positions": 0, "hits": 0}
    small = Minimax(max_positions=10)
    with pytest.raises(Exception, match="more than 10 positions"):
        small(("EWEWEWEW", "WEWEWE"))


# -- Conjecture 7.2 ------------------------------------------------------------------------------
def _brute_7_2(n: int) -> tuple[int, int, int]:
    """Conjecture 7.2 the long way, by the engine's solver: every deal of n cards a hand, every
    West card against every higher East card of its suit (not only the next), swapped: how
    many deals, how many swaps lowered West's tricks, how many deals the lead costs more than a
    trick."""
    s = solver_tricks(Solver())
    count = worse = lead = 0
    for d in deals(n):
        count += 1
        mine = s(d)
        if mine[1] > mine[0] + 1:
            lead += 1
        for si, p in enumerate(d):
            for a in range(len(p)):
                for b in range(a + 1, len(p)):
                    if p[a] == "W" and p[b] == "E":
                        q = list(p)
                        q[a], q[b] = "E", "W"
                        rest = list(d)
                        rest[si] = "".join(q)
                        got = s(canonical(rest))
                        worse += got[0] < mine[0] or got[1] < mine[1]
    return count, worse, lead


def test_conjecture_7_2_counts_what_a_brute_force_counts(exhaustive: bool) -> None:
    upto = 4 if exhaustive else 3
    higher, lead = check_7_2(upto)
    brute = [_brute_7_2(n) for n in range(1, upto + 1)]
    assert higher.checked == lead.checked == sum(b[0] for b in brute)
    assert (higher.found, lead.found) == (sum(b[1] for b in brute), sum(b[2] for b in brute))
    assert (higher.found, lead.found, higher.upto) == (0, 0, upto)


def test_conjecture_7_2_holds_on_every_deal_of_6_cards_a_hand(exhaustive: bool) -> None:
    upto = 6 if exhaustive else 4
    higher, lead = check_7_2(upto)
    assert higher.checked == sum(_multisets(n, symmetric=False) for n in range(1, upto + 1))
    assert (higher.found, lead.found, higher.upto, lead.upto) == (0, 0, upto, upto)


def _planted(wrong: dict[Suits, tuple[int, int]]) -> Minimax:
    class Planted(Minimax):
        def __call__(self, suits: Suits) -> tuple[int, int]:
            return wrong.get(suits) or super().__call__(suits)

    return Planted()


def test_a_planted_search_where_a_lower_card_is_better_is_caught() -> None:
    # [K Q, A J] (West K Q) takes (1, 1); planted: [A Q, K J] (West's K swapped for the A)
    # takes nothing
    higher, lead = check_7_2(2, _planted({("EWEW",): (0, 0)}))
    assert lead.found == 0
    assert higher.found == 2  # from [K Q, A J] and from [A J, K Q]: each has a swap to it
    deal, detail = higher.examples[0]
    assert deal == ("EWWE",)
    assert detail == (
        "West's K swapped for East's A gives [A Q, K J]: West's tricks (West leading, East "
        "leading) fall from (1, 1) to (0, 0)"
    )


def test_a_planted_lead_that_costs_two_tricks_is_caught_and_reported() -> None:
    q = OpenQuestions(asymmetric_upto=2, tricks=_planted({("EWEW",): (0, 2)}))
    report = check(2, 0, 0, questions=q)
    assert not report.ok
    by_key = {c.key: c for c in report.checks}
    assert by_key["7.2 lead"].found == 1
    assert by_key["7.2 lead"].counterexamples[0].text == (
        "Conjecture 7.2 lead: [A Q, K J] West takes 0 tricks on lead but 2 with East on lead: "
        "the lead costs him 2"
    )
    assert by_key["7.2"].found == 2  # and West's higher card is worth less


def test_random_deals_are_reproducible_by_their_seed() -> None:
    a = random_deals(20, (3, 9), seed=11)
    b = random_deals(20, (3, 9), seed=11)
    assert [t.checked for t in a] == [20, 20]
    assert a[0].upto == b[0].upto <= 9
    seen: list[Suits] = []
    planted = _planted({})

    def spy(suits: Suits) -> tuple[int, int]:
        seen.append(suits)
        return planted(suits)

    random_deals(3, (8, 8), seed=2, tricks=spy)
    again: list[Suits] = []
    random_deals(3, (8, 8), seed=2, tricks=lambda s: again.append(s) or planted(s))
    assert seen == again
    assert all(sum(p.count("W") for p in d) == 8 for d in seen)
    assert len(seen) > 3


# -- R44 §15 -------------------------------------------------------------------------------------
def _brute_15(upto: int) -> tuple[int, int]:
    """§15 the long way, by the engine's Position and Solver: every symmetric deal of n ≤
    upto, East on lead; every best lead (a card) and West's best replies (cards), keyed by the
    suit and the lowest card of the led card's sequence, intersected over positions, the
    replies named by the lowest card of their sequence. How many (position, best lead by
    sequence), and how many (suit, lead) are left with no reply."""
    solver = Solver()
    left: dict[tuple[str, int], set[int]] = {}
    leads = 0
    for n in range(1, upto + 1):
        for d in symmetric_deals(n):
            deal = Deal([SuitDeal.from_pattern(p) for p in d])
            start = Position.start(deal, Player.EAST)
            results = solver.card_results(start)
            chi = min(results.values())
            keys = set()
            for card, r in results.items():
                if r != chi:
                    continue
                p = d[card.suit]
                base = 15 - len(p)

                def low(i: int, p: str = p) -> int:
                    while i > 0 and p[i - 1] == p[i]:
                        i -= 1
                    return i

                key = (p, low(card.rank - base))
                if (card.suit, key) in keys:
                    continue
                keys.add((card.suit, key))
                if any(k[1] == key for k in keys if k[0] < card.suit):
                    continue  # the same suit twice
                leads += 1
                after = solver.card_results(start.play(card))
                best = max(after.values())
                fit = {low(c.rank - base) for c, v in after.items() if v == best}
                left[key] = left.get(key, fit) & fit
    return leads, sum(not v for v in left.values())


def test_the_reply_tables_count_what_a_brute_force_counts() -> None:
    t = ReplyTables()
    for n in range(1, 5):
        t.level(n)
    assert (t.optimal_tally.checked, t.optimal_tally.found) == _brute_15(4)
    assert t.optimal_tally.found == t.good_tally.found == 0


def test_west_never_needs_the_other_suits_to_reply(exhaustive: bool) -> None:
    upto = 8 if exhaustive else 6
    t = ReplyTables()
    for n in range(1, upto + 1):
        t.level(n)
    assert t.positions == sum(_multisets(n, symmetric=True) for n in range(1, upto + 1))
    assert (t.optimal_tally.found, t.good_tally.found, t.optimal_tally.upto) == (0, 0, upto)
    assert t.good_tally.checked > t.optimal_tally.checked > t.positions


def test_if_east_may_lead_badly_the_papers_deals_23_and_24_need_the_other_suits() -> None:
    t = ReplyTables(optimal_leads=False)
    for n in range(1, 6):
        t.level(n)
    assert t.optimal_tally.found == 1
    deal, detail = t.optimal_tally.examples[0]
    assert deal == canonical(("WEWEEW", "WE", "EW"))  # (24): ♠AJ9/KQ10 ♥A/K ♦K/A
    assert "East leads K from [A J 9, K Q 10]" in detail
    assert "at [A J 9, K Q 10] 9;" in detail  # (23): hold off
    assert detail.endswith("at [A, K] + [K, A] + [A J 9, K Q 10] A")  # (24): take it
    assert t.good_tally.found == 0  # ducking keeps West his due in both (§15)


def test_a_planted_search_that_wants_other_replies_with_other_suits_is_caught() -> None:
    class Planted(Minimax):
        """West likes winning a trick when other suits remain, ducking when one does."""

        def score(self, suits: Suits, west_leads: bool) -> int:
            bonus = 3 if (len(suits) > 1) == west_leads else 0
            return super().score(suits, west_leads) + bonus

    t = ReplyTables(Planted())
    for n in range(1, 5):
        t.level(n)
    assert t.optimal_tally.found == 4
    assert t.optimal_tally.examples[0] == (
        ("EEWW", "EWEW"),
        "East leads K from [A Q, K J]: no West reply is best at every position — the ones that "
        "do: at [A Q, K J] Q; at [A K, Q J] + [A Q, K J] A",
    )


# -- Theorem 9.1's exceptions --------------------------------------------------------------------
def _brute_exceptions(n: int) -> list[str]:
    out = []
    for p in patterns(n):
        _, h, hbar = r43_numbers(p)
        if p.endswith("W") and hbar == h + 1 and h_whist(p, h, hbar) == h:
            out.append(p)
    return out


def test_the_exceptions_are_h_whists(exhaustive: bool) -> None:
    for n in range(1, (10 if exhaustive else 8) + 1):
        e = theorem_9_1_exceptions(n, block=997)  # blocks that split the suits anywhere
        brute = _brute_exceptions(n)
        assert (e.exceptions, e.first) == (len(brute), tuple(brute[:3])), n
        candidates = sum(
            p.endswith("W") and r43_numbers(p)[2] == r43_numbers(p)[1] + 1 for p in patterns(n)
        )
        assert (e.suits, e.candidates) == (comb(2 * n, n), candidates)


def test_the_exceptions_are_where_the_values_say_whist_takes_h() -> None:
    """By the table's values: West on top, H̄ = H + 1, and ρ(val) is (n + H)/2's outcome."""
    for n in range(1, 7):
        rows = [
            r.pattern
            for r in suit_rows(n)
            if r.pattern.endswith("W")
            and r.hbar == r.h + 1
            and whist_tricks(r.value) == (greedy_tricks(n, r.h, Player.WEST),
                                          greedy_tricks(n, r.h, Player.EAST))
        ]  # fmt: skip
        assert theorem_9_1_exceptions(n).exceptions == len(rows), n
        assert list(theorem_9_1_exceptions(n).first) == rows[:3]
    assert [theorem_9_1_exceptions(n).exceptions for n in range(1, 9)] == [
        0, 0, 0, 1, 4, 21, 80, 345
    ]  # fmt: skip


# -- in the report ---------------------------------------------------------------------------------
def test_the_report_holds_the_open_questions_in_one_process_or_in_chunks() -> None:
    q = OpenQuestions(
        asymmetric_upto=3, random_deals=4, random_sizes=(4, 7), seed=3, replies_upto=4,
        exceptions_upto=5,
    )  # fmt: skip
    report = check(3, 2, 2, questions=q)
    assert report.ok
    got = report.json()
    assert (got["asymmetric_upto"], got["random_deals"], got["random_sizes"], got["seed"]) == (
        3, 4, [4, 7], 3
    )  # fmt: skip
    by_key = {s["statement"]: s for s in got["statements"]}
    assert (by_key["7.2"]["checked"], by_key["7.2"]["unit"], by_key["7.2"]["upto"]) == (
        3 + 21 + 131, "deals", 3
    )  # fmt: skip
    assert by_key["7.2 random"]["checked"] == 4
    assert 4 <= by_key["7.2 random"]["upto"] <= 7
    assert by_key["R44 §15"]["upto"] == 4
    assert by_key["R44 §15"]["method"] == "search"
    assert [e["exceptions"] for e in got["theorem_9_1_exceptions"]] == [0, 0, 0, 1, 4]
    assert got["theorem_9_1_exceptions"][3]["first"] == ["[A J 10 8, K Q 9 7]"]
    chunked = check_in_chunks(3, 2, 2, runner=ChunkRunner(), questions=q)
    assert chunked.json() == got
    plain = check(2, 0, 0).json()  # asked for nothing: the statements are there, unchecked
    assert {s["statement"]: s["checked"] for s in plain["statements"]}["R44 §15"] == 0
    assert plain["theorem_9_1_exceptions"] == []


@pytest.mark.parametrize(
    ("kw", "said"),
    [
        ({"asymmetric_upto": 9}, "asymmetric_upto must be 0 to 7, not 9"),
        ({"replies_upto": -1}, "replies_upto must be 0 to 9, not -1"),
        ({"exceptions_upto": 15}, "exceptions_upto must be 0 to 14, not 15"),
        ({"random_deals": "5"}, "random_deals must be a number, at least 0, not '5'"),
        ({"random_sizes": (8, 3)}, "random_sizes must be low ≤ high cards a hand"),
    ],
)
def test_bad_bounds_are_refused_with_what_was_given(kw: dict[str, object], said: str) -> None:
    with pytest.raises(ValueError, match=said.replace("(", r"\(")):
        OpenQuestions(**kw)  # type: ignore[arg-type]


def test_an_asymmetric_counterexample_names_its_cards_and_voids() -> None:
    # ♠ A Q / K and ♥ - / A: West takes 2 on lead, 1 with East on lead; planted: with West's
    # Q and East's K swapped he takes nothing
    higher, _ = check_7_2(2, _planted({canonical(("EWW", "E")): (0, 0)}))
    assert higher.examples == [
        (
            ("E", "WEW"),
            "West's Q swapped for East's K gives [, A] + [A K, Q]: West's tricks (West leading, "
            "East leading) fall from (2, 1) to (0, 0)",
        )
    ]
