"""A board's auction and play, as hand records hold them: calls read and written in PBN's
words, the contract an auction ends in, and the cards played, in PBN's ``[Auction]`` and
``[Play]`` sections (a board's ``Play`` section lists each trick by seat, from the opening
leader's column, not in the order played — the order is found trick by trick from who won).

>>> calls = parse_auction(["1NT Pass 3NT Pass", "Pass Pass"])
>>> calls, auction_contract(Seat.N, calls)
(('1NT', 'Pass', '3NT', 'Pass', 'Pass', 'Pass'), (Contract.parse('3NT'), <Seat.N: 0>))
>>> auction_lines(Seat.N, calls)
('1NT Pass 3NT Pass', 'Pass Pass')
>>> auction_contract(Seat.E, ("Pass",) * 4) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from whistgui.engine.bridge.contract import Contract
from whistgui.engine.bridge.deal import BridgeCard, BridgeDeal, Seat
from whistgui.engine.bridge.play import BridgePosition
from whistgui.engine.checks import whole
from whistgui.engine.errors import IllegalPlayError, NotationError
from whistgui.engine.reading import quote

__all__ = [
    "MAX_CALLS",
    "auction_contract",
    "auction_lines",
    "board_rotation",
    "check_auction",
    "parse_auction",
    "parse_call",
    "parse_play",
    "play_lines",
]

#: The most calls an auction may hold: 35 bids, each doubled and redoubled, then 3 passes
#: after each, is 319; a longer one is refused, not held.
MAX_CALLS: Final = 320
_BID: Final = re.compile(r"([1-7])\s*(NT|N|[CDHS])", re.IGNORECASE)
_PASS: Final = frozenset({"P", "PASS", "PA", "-P"})
#: An annotation PBN allows after a call or a card: a note reference ``=1=``, a NAG ``$12``,
#: and the suffixes ``!`` ``?`` (``!!``, ``?!`` …).
_NOTE: Final = re.compile(r"=\d+=|\$\d+")
_SUFFIX: Final = "!?"
_STRAIN_ORDER: Final = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": 4}
_CALL_HINT: Final = "a call: a bid 1C to 7NT, Pass, X or XX"


def parse_call(text: str) -> str:
    """A call in PBN's words: ``1S``, ``3NT``, ``Pass``, ``X``, ``XX`` (from any case, ``P``,
    ``1N``, ``D``/``R`` for double and redouble as LIN writes them, and suffixes ``!``/``?``).

    >>> [parse_call(t) for t in ("1n", "p", "Pass", "d", "XX", "4s!")]
    ['1NT', 'Pass', 'Pass', 'X', 'XX', '4S']
    """
    if not isinstance(text, str):
        raise NotationError(f"{quote(text)} is not a call; expected {_CALL_HINT}")
    t = text.strip().rstrip(_SUFFIX).upper()
    if t in _PASS:
        return "Pass"
    if t in ("X", "D", "DBL"):
        return "X"
    if t in ("XX", "R", "RDBL"):
        return "XX"
    m = _BID.fullmatch(t)
    if m is None:
        raise NotationError(f"{quote(text)} is not a call; expected {_CALL_HINT}")
    strain = m.group(2).upper()
    return f"{m.group(1)}{'NT' if strain in ('N', 'NT') else strain}"


def _bid_rank(call: str) -> int:
    return (int(call[0]) - 1) * 5 + _STRAIN_ORDER[call[1:]]


def check_auction(dealer: Seat, calls: Sequence[str]) -> None:
    """NotationError quoting the first call the rules do not allow: a bid no higher than the
    last, a double of no opponent's bid, a redouble of no double, a call after the auction
    ended, or more than :data:`MAX_CALLS` calls."""
    if len(calls) > MAX_CALLS:
        raise NotationError(
            f"the auction has {len(calls):,} calls; expected at most {MAX_CALLS} (an auction "
            "ends after three passes)"
        )
    last_bid: int | None = None
    bidder: Seat | None = None
    doubled = 0
    passes = 0
    seat = dealer
    for i, call in enumerate(calls):
        if (last_bid is None and passes == 4) or (last_bid is not None and passes == 3):
            raise NotationError(
                f"call {i + 1} ({quote(call)}) comes after the auction ended (three passes)"
            )
        if call == "Pass":
            passes += 1
        elif call == "X":
            if bidder is None or bidder.side == seat.side or doubled:
                raise NotationError(
                    f"call {i + 1} ({call}, by {seat.word}) doubles no opponent's bid; a double "
                    "follows an opponent's bid that is not yet doubled"
                )
            doubled, passes = 1, 0
        elif call == "XX":
            if bidder is None or bidder.side != seat.side or doubled != 1:
                raise NotationError(
                    f"call {i + 1} ({call}, by {seat.word}) redoubles no double; a redouble "
                    "follows an opponent's double of one's own side's bid"
                )
            doubled, passes = 2, 0
        else:
            rank = _bid_rank(call)
            if last_bid is not None and rank <= last_bid:
                raise NotationError(
                    f"call {i + 1} ({call}, by {seat.word}) is not higher than the bid before "
                    "it; each bid names a higher level, or the same level in a higher strain"
                )
            last_bid, bidder, doubled, passes = rank, seat, 0, 0
        seat = seat.next


def parse_auction(lines: Iterable[str], *, limit: int = MAX_CALLS) -> tuple[str, ...]:
    """The calls of a PBN ``[Auction]`` section's lines, in order (from the seat the section's
    tag names): ``AP`` is three passes (all pass), ``-`` a call not made, ``*`` the end; notes
    (``=1=``), NAGs (``$1``) and suffixes are left out. NotationError quoting a word that is no
    call; the rules are :func:`check_auction`'s."""
    calls: list[str] = []
    for line in lines:
        for word in line.split():
            if _NOTE.fullmatch(word) or word in ("-", "+") or word.startswith("^"):
                continue
            if word == "*":
                return tuple(calls)
            if word.upper() == "AP":
                calls.extend(["Pass"] * 3)
            else:
                calls.append(parse_call(_NOTE.sub("", word)))
            if len(calls) > limit:
                raise NotationError(
                    f"the auction has more than {limit} calls; expected at most {limit}"
                )
    return tuple(calls)


def auction_contract(dealer: Seat, calls: Sequence[str]) -> tuple[Contract, Seat] | None:
    """The contract an auction ends in and its declarer (the first of the declaring side to
    name its strain), or None if it holds no bid (passed out, or not begun)."""
    last: str | None = None
    last_seat = dealer
    doubled = 0
    seat = dealer
    first_to_name: dict[tuple[int, str], Seat] = {}
    for call in calls:
        if call == "X":
            doubled = 1
        elif call == "XX":
            doubled = 2
        elif call != "Pass":
            last, last_seat, doubled = call, seat, 0
            first_to_name.setdefault((int(seat.side), call[1:]), seat)
        seat = seat.next
    if last is None:
        return None
    declarer = first_to_name[(int(last_seat.side), last[1:])]
    return Contract.parse(last + "X" * doubled), declarer


def auction_lines(dealer: Seat, calls: Sequence[str]) -> tuple[str, ...]:
    """A PBN ``[Auction]`` section's lines for ``calls``, four a line (the first line begins
    with ``dealer``, the seat the section's tag names)."""
    return tuple(" ".join(calls[i : i + 4]) for i in range(0, len(calls), 4))


def parse_play(
    lines: Iterable[str],
    first: Seat,
    deal: BridgeDeal,
    contract: Contract,
    declarer: Seat,
) -> tuple[BridgeCard, ...]:
    """The cards of a PBN ``[Play]`` section in the order they were played: each line a trick,
    its cards in seat order from ``first`` (the seat the section's tag names: the opening
    leader), ``-`` for a card not played (after a claim; a line of fewer than four cards has
    the others not played), ``*`` the end. Each trick's order is
    found from its leader, the winner of the trick before; every card is checked against the
    deal and the rules (:class:`BridgePosition`). NotationError (or IllegalPlayError) quoting
    the card or the line at fault."""
    if first != declarer.lho:
        raise NotationError(
            f"the play begins with {first.word}; expected the opening leader, "
            f"{declarer.lho.word}, on {declarer.word}'s left"
        )
    pos = BridgePosition.start(deal, contract, declarer)
    played: list[BridgeCard] = []
    ended = False
    for number, line in enumerate(lines, start=1):
        words = [w for w in line.split() if not _NOTE.fullmatch(w)]
        if not words:
            continue
        if words[0] == "*":
            break
        if ended:
            raise NotationError(
                f"play line {number} ({quote(line)}) follows a trick not played out; only the "
                "last trick may have cards not played (-)"
            )
        stop = "*" in words
        words = words[: words.index("*")] if stop else words
        if len(words) > 4:
            raise NotationError(
                f"play line {number} ({quote(line)}) has {len(words)} cards; expected a trick: "
                "4 cards (or -), in seat order from the opening leader's"
            )
        words += ["-"] * (4 - len(words))  # a line cut short: the cards not yet played
        by_seat: dict[Seat, str] = dict(zip(first.following(), words, strict=True))
        order = [by_seat[s] for s in pos.leader.following()]
        missing = False
        for seat, word in zip(pos.leader.following(), order, strict=True):
            if word == "-":
                missing = True
                continue
            if missing:
                raise NotationError(
                    f"play line {number} ({quote(line)}): {seat.word} plays {quote(word)} after "
                    "a card not played (-); cards are played in turn from the trick's leader"
                )
            try:
                card = BridgeCard.parse(_NOTE.sub("", word).rstrip(_SUFFIX))
                pos = pos.play(card)
            except (NotationError, IllegalPlayError) as exc:
                raise type(exc)(f"play line {number} ({quote(line)}): {exc}") from None
            played.append(card)
        if missing:
            ended = True
        if stop:
            break
    return tuple(played)


def play_lines(
    first: Seat, deal: BridgeDeal, contract: Contract, declarer: Seat, cards: Sequence[BridgeCard]
) -> tuple[str, ...]:
    """A PBN ``[Play]`` section's lines for ``cards`` (in the order played): a line a trick,
    in seat order from ``first`` (the opening leader), ``-`` for a card not played."""
    pos = BridgePosition.start(deal, contract, declarer)
    lines = []
    trick: dict[Seat, str] = {}
    for card in cards:
        seat = pos.to_move
        trick[seat] = str(card)
        pos = pos.play(card)
        if not pos.trick:
            lines.append(" ".join(trick.get(s, "-") for s in first.following()))
            trick = {}
    if trick:
        lines.append(" ".join(trick.get(s, "-") for s in first.following()))
    return tuple(lines)


#: Vulnerability by board number (1–16, then again), as duplicate boards are dealt.
_ROTATION: Final = (
    "None",
    "NS",
    "EW",
    "All",
    "NS",
    "EW",
    "All",
    "None",
    "EW",
    "All",
    "None",
    "NS",
    "All",
    "None",
    "NS",
    "EW",
)


def board_rotation(number: int) -> tuple[Seat, str]:
    """Board ``number``'s dealer and vulnerability in the duplicate rotation (the dealer
    turns N E S W, the vulnerability repeats every 16 boards).

    >>> board_rotation(1), board_rotation(24)
    ((<Seat.N: 0>, 'None'), (<Seat.W: 3>, 'None'))
    """
    whole(number, "number", low=1, what="a board's number, from 1")
    return Seat((number - 1) % 4), _ROTATION[(number - 1) % 16]
