"""Constrained random deals (issue 29): every deal meets its constraint (checked here by
our own count of points and lengths), the same seed gives the same deals, a constraint that
cannot be read is refused quoting it, and an impossible one gives up after its tries."""

from __future__ import annotations

import pytest

from whistgui.engine.bridge import Seat, Suit
from whistgui.engine.bridge.dealing import (
    MAX_CONSTRAINT,
    Constraint,
    DealingError,
    constrained_deals,
    hcp,
)
from whistgui.engine.errors import NotationError

STRONG_NT = (
    "hcp(south) >= 15 && hcp(south) <= 17 && shape(south, any 4333 + any 4432 + any 5332) "
    "&& spades(north) >= 5"
)


def _lengths(deal, seat):
    return sorted((sum(1 for c in deal.hand(seat) if c.suit is s) for s in Suit), reverse=True)


def test_every_deal_meets_the_constraint():
    deals = constrained_deals(STRONG_NT, 12, seed=5)
    assert len(deals) == 12
    assert len(set(deals)) == 12
    for d in deals:
        assert 15 <= hcp(d, Seat.S) <= 17
        assert _lengths(d, Seat.S) in ([4, 3, 3, 3], [4, 4, 3, 2], [5, 3, 3, 2])
        assert sum(1 for c in d.hand(Seat.N) if c.suit is Suit.S) >= 5


def test_the_same_seed_gives_the_same_deals_and_another_seed_others():
    a = constrained_deals("hcp(north) >= 12", 5, seed=11)
    assert a == constrained_deals("hcp(north) >= 12", 5, seed=11)
    assert a != constrained_deals("hcp(north) >= 12", 5, seed=12)
    assert all(hcp(d, Seat.N) >= 12 for d in a)


def test_no_constraint_gives_any_deals():
    deals = constrained_deals(None, 3, seed=1)
    assert [d.size for d in deals] == [13, 13, 13]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        # review29 (C7): the word it does not know is named, with what it knows
        ("hcp(nort) > 3", "'hcp\\(nort\\) > 3' is not a constraint: 'nort' is not a hand"),
        ("hcps(north) > 3", "'hcps' is not a function; expected a function \\(hcp, spades"),
        ("foo", "'foo' is not a word it knows; expected .*north, east, south, west"),
        ("hcp(north) >> 3", "is not a constraint: it cannot be read at character 13"),
        ("hcp(north) >", "is not a constraint"),
        ("", "is no constraint"),
        ("hcp(north)", "is a number \\(\\d+\\), not a condition"),
        ("1/0 > 0", "cannot be worked out"),
        ("(" * 40 + "1" + ")" * 40 + " > 0", "nests 40 parentheses"),
        ("hcp(north) > 1 && " * 200 + "1 > 0", "characters"),
    ],
)
def test_a_constraint_that_cannot_be_read_is_refused_quoting_it(text, words):
    with pytest.raises(NotationError, match=words):
        constrained_deals(text, 1, seed=1)
    assert len("hcp(north) > 1 && " * 200) > MAX_CONSTRAINT


def test_an_impossible_constraint_gives_up_after_its_tries():
    calls = []
    with pytest.raises(DealingError, match="no deal met 'hcp\\(north\\) > 37' in 2,000 tries"):
        constrained_deals(
            "hcp(north) > 37", 1, seed=1, max_tries=2000, progress=lambda f, t: calls.append(t)
        )
    assert calls == [500, 1000, 1500]


def test_the_search_stops_when_asked():
    with pytest.raises(DealingError, match="stopped after 500 tries"):
        constrained_deals("hcp(north) > 37", 1, seed=1, should_stop=lambda: True)


def test_arguments_are_checked():
    with pytest.raises(TypeError, match="text"):
        Constraint.parse(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="count"):
        constrained_deals(None, 0)
    with pytest.raises(TypeError, match="progress"):
        constrained_deals(None, 1, progress=3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    [
        "controls(north) >= 0 && loser(north) < 13 && losers(north, hearts) >= 0",
        "hascard(north, AS) || !hascard(north, AS)",
        "hcp(north, spades) >= 0 && spades(north) + hearts(north) + diamonds(north) "
        "+ clubs(north) == 13",
        "shape(north, 5431 + any 4333 + any 4432 - 4333) || shape(north, xxxx)",
        "hcp(north) >= 0 and not (hcp(north) > 40) or 1 == 0",
        "hcp(north) > 5 ? 1 == 1 : 2 > 1",
        "hcp(north) % 2 == 0 || hcp(north) * 2 / 2 - 1 + 1 != 0",
    ],
)
def test_every_form_whist_bridge_deal_help_names_is_read(text):
    """The forms ``whist bridge deal --help`` documents (cli/bridge_records.py DEAL) are
    read and hold on every deal (each is true of any deal)."""
    assert len(constrained_deals(text, 3, seed=2, max_tries=3)) == 3
