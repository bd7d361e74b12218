"""Hypothesis strategies for deals and values, shared by the engine's property tests."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import strategies as st

from whistgui.engine import EPS0, FUZZY, NEG_EPS0, ZERO, Deal, Infinitesimal, SuitDeal, Value, eps
from whistgui.engine.bridge import BridgeCard, BridgeDeal, BridgePosition, Seat, Strain, Suit


@st.composite
def suit_patterns(draw: st.DrawFn, min_n: int = 1, max_n: int = 6) -> str:
    """A symmetric single-suit pattern: n W's and n E's in random order."""
    n = draw(st.integers(min_n, max_n))
    owners = draw(st.permutations(["W"] * n + ["E"] * n))
    return "".join(owners)


@st.composite
def suits(draw: st.DrawFn, n: int) -> SuitDeal:
    """A symmetric suit with ``n`` cards a hand, standard ranks when they fit."""
    size = 2 * n
    ranks = draw(st.permutations(range(2, 15)))[:size] if size <= 13 else list(range(1, size + 1))
    owners = draw(st.permutations(["W"] * n + ["E"] * n))
    return SuitDeal(
        [r for r, o in zip(ranks, owners, strict=False) if o == "W"],
        [r for r, o in zip(ranks, owners, strict=False) if o == "E"],
    )


@st.composite
def symmetric_deals(
    draw: st.DrawFn, max_cards: int = 8, max_suits: int = 4, min_cards: int = 1
) -> Deal:
    """A symmetric multi-suit deal with ``min_cards`` to ``max_cards`` cards a hand."""
    total = draw(st.integers(min_cards, max_cards))
    k = draw(st.integers(1, min(max_suits, total)))
    # split total into k positive parts
    cuts = (
        sorted(
            draw(st.lists(st.integers(1, total - 1), min_size=k - 1, max_size=k - 1, unique=True))
        )
        if k > 1
        else []
    )
    parts = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    return Deal([draw(suits(p)) for p in parts])


@st.composite
def asymmetric_deals(draw: st.DrawFn, max_cards: int = 4, max_suits: int = 3) -> Deal:
    """A deal whose hands have the same size but whose suits need not be symmetric."""
    n = draw(st.integers(1, max_cards))
    k = draw(st.integers(1, max_suits))
    deck = [(s, r) for s in range(k) for r in range(2, 15)]
    cards = draw(st.permutations(deck))[: 2 * n]
    west, east = cards[:n], cards[n:]
    return Deal(
        SuitDeal([r for s, r in west if s == i], [r for s, r in east if s == i]) for i in range(k)
    )


infinitesimals = st.one_of(
    st.sampled_from([ZERO, EPS0, NEG_EPS0, FUZZY]),
    st.integers(1, 5).flatmap(lambda k: st.sampled_from([eps(k), eps(-k)])),
)


def _dyadic(m: int, k: int) -> Fraction:
    return Fraction(m, 2**k)


numbers = st.builds(_dyadic, st.integers(-40, 40), st.integers(0, 4))


@st.composite
def values(draw: st.DrawFn) -> Value:
    return Value(draw(numbers), draw(infinitesimals))


def all_infinitesimals(k_max: int = 6) -> list[Infinitesimal]:
    return [ZERO, EPS0, NEG_EPS0, FUZZY] + [
        eps(s * k) for k in range(1, k_max + 1) for s in (1, -1)
    ]


@st.composite
def bridge_endings(
    draw: st.DrawFn, min_size: int = 1, max_size: int = 5, max_played: int = 3
) -> BridgePosition:
    """A four-hand bridge ending of ``min_size`` to ``max_size`` cards a hand, any strain and
    leader, then 0 to ``max_played`` legal cards into its first trick. The cards come from the
    top ranks of a few suits, so that following, ruffing, discarding and equal cards all
    happen; sometimes from the whole suit, so that low cards sit between high ones."""
    size = draw(st.integers(min_size, max_size))
    n_suits = draw(st.integers(-(-4 * size // 13), 4))
    per_suit = draw(st.integers(-(-4 * size // n_suits), 13))
    suits = draw(st.permutations(list(Suit)))[:n_suits]
    deck = [BridgeCard(s, r) for s in suits for r in range(14, 14 - per_suit, -1)]
    cards = draw(st.permutations(deck))[: 4 * size]
    deal = BridgeDeal.from_hands({s: cards[s * size : (s + 1) * size] for s in Seat})
    pos = BridgePosition.from_deal(
        deal, draw(st.sampled_from(list(Strain))), draw(st.sampled_from(list(Seat)))
    )
    for _ in range(draw(st.integers(0, max_played))):
        pos = pos.play(draw(st.sampled_from(pos.legal())))
    return pos


def random_symmetric_deal(rng: random.Random, cards: int) -> Deal:
    """1–4 symmetric suits with ``cards`` cards a hand in all, ranks from 2..A (1..2n for a
    suit of n > 6 cards a hand) — seeded random deals for checks of many thousands (no
    Hypothesis shrinking needed)."""
    k = rng.randint(1, min(4, cards))
    cuts = sorted(rng.sample(range(1, cards), k - 1))
    sizes = [b - a for a, b in zip([0, *cuts], [*cuts, cards], strict=True)]
    suits = []
    for n in sizes:
        ranks = rng.sample(range(2, 15) if 2 * n <= 13 else range(1, 2 * n + 1), 2 * n)
        suits.append(SuitDeal(ranks[:n], ranks[n:]))
    return Deal(suits)
