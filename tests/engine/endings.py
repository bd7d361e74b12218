"""Random bridge endings, for the tests of the bridge solver's memo and its benchmark
(benchmarks/bench_memo.py)."""

from __future__ import annotations

import random

from whistgui.engine.bridge.deal import BridgeDeal


def random_ending(rng: random.Random, cards: int) -> BridgeDeal:
    """``cards`` random cards a hand from a shuffled deck."""
    ranks = "AKQJT98765432"
    deck = [(s, r) for s in "SHDC" for r in ranks]
    rng.shuffle(deck)
    hands = []
    for h in range(4):
        mine = deck[h * cards : (h + 1) * cards]
        suits = ("".join(sorted((r for s, r in mine if s == x), key=ranks.index)) for x in "SHDC")
        hands.append(".".join(suits))
    return BridgeDeal.parse("N:" + " ".join(hands))
