"""A recorded play reviewed, "where did it go wrong?": each card's double-dummy cost (DDS's
AnalysePlay, :func:`~whistgui.engine.bridge.analysis.analyse_play`) and, from the position at
the cursor, the best continuation — each side playing its best card (the highest of its best,
as autoplay and :func:`~whistgui.engine.bridge.dds.winning_line` choose) to the end. Both are
jobs for the engine service; the words they are shown in are here too."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from whistgui.app.bridge import BridgeDocument
from whistgui.engine.bridge import BridgeCard, BridgePosition, Seat
from whistgui.ui.bridge.table_cards import card_text, pair_words
from whistgui.ui.engine_service import JobContext

__all__ = [
    "Continuation",
    "analyse_job",
    "continuation_job",
    "continuation_text",
    "cost_text",
]


def analyse_job(doc: BridgeDocument) -> Callable[[JobContext], dict[int, int]]:
    """Each card of ``doc``'s line of play, by its place in the line, with its cost to its
    side."""
    deal, contract, declarer, played = doc.deal, doc.contract, doc.declarer, doc.played

    def job(ctx: JobContext) -> dict[int, int]:
        from whistgui.engine.bridge.analysis import analyse_play

        ctx.report(f"the double-dummy cost of {len(played)} cards played", force=True)
        analysis = analyse_play(deal, contract, declarer, played)
        return {i: c.cost for i, c in enumerate(analysis.cards)}

    return job


@dataclass(frozen=True, slots=True)
class Continuation:
    """The best play from a position to the end: each card with its player, and the tricks
    the declaring side ends with."""

    start: BridgePosition
    cards: tuple[tuple[Seat, BridgeCard], ...]
    declarer_tricks: int


def continuation_job(
    position: BridgePosition,
    declarer: Seat,
    scorer: Callable[[BridgePosition], dict[BridgeCard, int]],
    best_card: Callable[[dict[BridgeCard, int]], BridgeCard],
) -> Callable[[JobContext], Continuation]:
    """The best continuation from ``position``: each side's best card, card after card."""

    def job(ctx: JobContext) -> Continuation:
        pos = position
        cards: list[tuple[Seat, BridgeCard]] = []
        while not pos.is_over:
            ctx.check()
            ctx.report(f"card {len(cards) + 1} of the best continuation")
            card = best_card(scorer(pos))
            cards.append((pos.to_move, card))
            pos = pos.play(card)
        return Continuation(position, tuple(cards), pos.tricks[int(declarer.side)])

    return job


def continuation_tricks(line: Continuation) -> list[str]:
    """The continuation a trick a row: ``Trick 3: W ♠A N ♠2 E ♠3 S ♠4`` (the first row
    the rest of the trick under way)."""
    rows: list[str] = []
    done = len(line.start.trick)
    number = sum(line.start.tricks) + 1  # the tricks already taken, by either side
    current: list[str] = []
    for seat, card in line.cards:
        current.append(f"{seat.name} {card_text(card)}")
        done += 1
        if done % 4 == 0:
            rows.append(f"Trick {number}: " + " ".join(current))
            number += 1
            current = []
    if current:
        rows.append(f"Trick {number}: " + " ".join(current))
    return rows


def continuation_end(line: Continuation, declarer: Seat) -> str:
    """``Best from here (double dummy), a trick a row below: North–South end with 9
    tricks.`` (``The play is over: …`` at the end)."""
    n = line.declarer_tricks
    if not line.cards:
        return continuation_text(line, declarer)
    return (
        "Best from here (double dummy), a trick a row below: "
        f"{pair_words(declarer)} end with {n} trick{'s' if n != 1 else ''}."
    )


def continuation_text(line: Continuation, declarer: Seat) -> str:
    """``Best from here (double dummy): W ♠A N ♠2 E ♠3 S ♠4 · N ♥A … — North–South end
    with 9 tricks``; a trick a group, the tricks parted by ``·``."""
    pair = f"{pair_words(declarer)}"
    if not line.cards:
        return f"The play is over: {pair} took {line.declarer_tricks}."
    groups: list[str] = []
    done = len(line.start.trick)
    current: list[str] = []
    for seat, card in line.cards:
        current.append(f"{seat.name} {card_text(card)}")
        done += 1
        if done % 4 == 0:
            groups.append(" ".join(current))
            current = []
    if current:
        groups.append(" ".join(current))
    tricks = f"{line.declarer_tricks} trick{'s' if line.declarer_tricks != 1 else ''}"
    return f"Best from here (double dummy): {' · '.join(groups)} — {pair} end with {tricks}."


def cost_text(seat: Seat, card: BridgeCard, cost: int) -> str:
    """``West's ♠4 cost East–West 1 trick`` or ``West's ♠4 cost nothing (double dummy)``."""
    pair = f"{pair_words(seat)}"
    if cost <= 0:
        return f"{seat.word}'s {card_text(card)} cost nothing (double dummy)"
    return f"{seat.word}'s {card_text(card)} cost {pair} {cost} trick{'s' if cost != 1 else ''}"
