"""Bridge's public API says what it wants (issue 23, item 6): the calls that failed deep inside
(``Seat.parse(None)`` was an AttributeError), the enums' look-ups, cards and deals checked when
they are made, DDS never reached by a refused call, PBN boards that write what reads back.
:mod:`tests.engine.test_api_fuzz` calls every entry point with hostile values; these are the
cases that need a closer look."""

from __future__ import annotations

import itertools
import pickle
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import whistgui.engine.bridge.dds as dds
from whistgui.engine.bridge import (
    BridgeCard,
    BridgeDeal,
    BridgePosition,
    Contract,
    EndgameSolver,
    PbnBoard,
    PbnError,
    Seat,
    Side,
    Strain,
    Suit,
    iter_pbn,
    read_pbn,
    trick_winner,
    write_pbn,
)
from whistgui.engine.bridge.contract import result_words
from whistgui.engine.errors import (
    ArgumentError,
    ArgumentTypeError,
    DealError,
    IllegalPlayError,
    WhistError,
)

#: A 2-card ending: North holds ♠AK, East ♠Q ♦K, South ♥A ♦Q, West ♦A ♣K.
ENDING = "N:AK... Q..K. .A.Q. ..A.K"


def _ending() -> BridgeDeal:
    return BridgeDeal.parse(ENDING)


def _position() -> BridgePosition:
    return BridgePosition.from_deal(_ending(), Strain.NT, Seat.N)


def _card(text: str) -> BridgeCard:
    return BridgeCard.parse(text)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        # each was an AttributeError from inside (.strip of None, of an int, of bytes)
        (lambda: Seat.parse(None), r"^text must be a seat \(a str: N, E, S, W or North, .*None$"),
        (
            lambda: Suit.parse(3),
            r"^text must be a suit \(a str: S, H, D, C or ♠ ♥ ♦ ♣\), not int 3$",
        ),
        (lambda: Strain.parse(b"NT"), r"^text must be a strain \(a str: .*\), not b'NT'$"),
        (lambda: BridgeCard.parse(None), r"^text must be a card \(a str such as 'SA'"),
        (lambda: BridgeDeal.parse(None), r"^text must be a PBN deal \(a str such as 'N:AKQ8"),
        (lambda: Contract.parse(4), r"^text must be a contract \(a str such as '4S'.*, not int 4$"),
        (lambda: read_pbn(None), r"^text must be a PBN file's text \(a str\), not None$"),
        (lambda: iter_pbn(b"[Board]"), r"^text must be a PBN file's text \(a str\), not b'"),
        # a card's suit, a deal's hands, a contract's strain: the types they hold
        (
            lambda: BridgeCard(3, 14),
            r"^suit must be a Suit \(Suit.parse reads 'S' or '♠'\), not int",
        ),
        (lambda: BridgeCard(Suit.S, 14.0), r"^rank must be a whole number \(an int\), not float"),
        (lambda: BridgeDeal([frozenset()] * 4), r"^hands must be a tuple of 4 hands \(North, "),
        (lambda: BridgeDeal((frozenset(),) * 3), r"^hands must be .*, not 3 hands: \(frozenset"),
        (
            lambda: BridgeDeal((frozenset({(3, 14)}), *(frozenset(),) * 3)),
            r"^each card of hands\[0\] \(North's hand\) must be a BridgeCard, not tuple \(3, 14\)$",
        ),
        (lambda: BridgeDeal.from_hands({0: []}), r"^hands must be a mapping of Seats .*key 0 is"),
        (lambda: BridgeDeal.from_hands({Seat.N: "SA"}), r"^hands\[Seat.N\] must be an iterable"),
        (lambda: _ending().hand(0), r"^seat must be a Seat, not int 0$"),
        (lambda: _ending().owner("SA"), r"^card must be a BridgeCard, not str 'SA'$"),
        (lambda: _ending().to_pbn("E"), r"^first must be a Seat, not str 'E'$"),
        (lambda: Contract(4, 3), r"^strain must be a Strain \(Strain.parse reads 'S', 'NT', '♥'\)"),
        # play
        (lambda: trick_winner("N", [], None), r"^leader must be a Seat, not str 'N'$"),
        (lambda: trick_winner(Seat.N, "SA SK", None), r"^cards must be a sequence of 4 Bridge"),
        (lambda: trick_winner(Seat.N, [_card("SA")] * 4, "S"), r"^trump must be a Strain, a Suit"),
        (lambda: BridgePosition(_ending().hands, "NT", Seat.N), r"^strain must be a Strain, not"),
        (lambda: BridgePosition(_ending().hands, Strain.NT, 0), r"^leader must be a Seat, not int"),
        (
            lambda: BridgePosition(_ending().hands, Strain.NT, Seat.N, [_card("SA")]),
            r"^trick must be a tuple of BridgeCards \(the trick so far\), not list",
        ),
        (
            lambda: BridgePosition(_ending().hands, Strain.NT, Seat.N, (), (1, True)),
            r"^tricks\[EW\] must be a whole number \(an int\), not True$",
        ),
        (lambda: _position().play("SA"), r"^card must be a BridgeCard, not str 'SA'$"),
        (lambda: _position().won_by(0), r"^side must be a Side, not int 0$"),
        (lambda: BridgePosition.start(_ending(), "1NT", Seat.S), r"^contract must be a Contract"),
        # the endgame solver: a Seat for a Side was answered, for the other side (Seat.N is 0,
        # and only Side.NS itself was taken for North-South)
        (lambda: EndgameSolver().tricks(_position(), Seat.N), r"^side must be a Side, not Seat"),
        (lambda: EndgameSolver().card_scores(ENDING), r"^pos must be a BridgePosition, not str"),
        (lambda: EndgameSolver(should_stop=True), r"^should_stop must be a function or None"),
        (lambda: EndgameSolver(progress=1), r"^progress must be a function or None, not int 1$"),
        # PBN boards
        (lambda: PbnBoard([("Deal", ENDING)]), r"^tags must be a tuple of \(name, value\) pairs"),
        (lambda: PbnBoard((("Deal", 1),)), r"^tags must be .*; tags\[0\] is tuple \('Deal', 1\)$"),
        (
            lambda: PbnBoard((("Deal", ENDING),), (("Deal", ["x"]),)),
            r"^sections must be a tuple of \(tag name, lines\) pairs.*; sections\[0\] is tuple",
        ),
        (lambda: PbnBoard.make(_ending(), dealer="N"), r"^dealer must be a Seat or None, not str"),
        (lambda: PbnBoard.make(_ending(), board=1.0), r"^board must be a whole number \(an int\)"),
        (lambda: write_pbn([None]), r"^boards\[0\] must be a PbnBoard, not None$"),
        (lambda: PbnBoard.make(_ending()).tag(None), r"^name must be a tag's name \(a str such"),
        (lambda: result_words("4S", 10), r"^contract must be a Contract, not str '4S'$"),
    ],
)
def test_wrong_types_are_refused_naming_the_argument(call: Callable[[], object], message: str):
    with pytest.raises(ArgumentTypeError, match=message):
        call()


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: BridgeCard(Suit.S, 15),
            DealError,
            r"^rank must be a rank from 2 to 14 \(A\), not",
        ),
        (lambda: BridgeCard(Suit.S, 10**5000), DealError, r"^rank must be .*, not 1000000000"),
        (
            lambda: Contract(8, Strain.S),
            ArgumentError,
            r"^level must be a contract's level, from 1",
        ),
        (lambda: Contract(4, Strain.S, 3), ArgumentError, r"^doubled must be 0, 1 \(X\) or 2 "),
        (lambda: BridgeCard.parse("AQ/KJ"), WhistError, r"^'AQ/KJ' is not a card; expected a suit"),
        (
            lambda: trick_winner(Seat.N, [_card("SA")] * 4, None),
            IllegalPlayError,
            r"^cards must be 4 different cards, not \['SA', 'SA', 'SA', 'SA'\]$",
        ),
        (
            lambda: trick_winner(Seat.N, [_card("SA")] * 10**5, None),
            IllegalPlayError,
            r"^cards must be a trick of 4 cards, not 100000: \['SA', ",
        ),
        (
            lambda: BridgePosition(_ending().hands, Strain.NT, Seat.N, (), (12, 0)),
            IllegalPlayError,
            r"^tricks won \(12, 0\) and 2 to play make more than the 13 tricks of a deal$",
        ),
        (
            lambda: BridgePosition(_ending().hands, Strain.NT, Seat.N, (), (-1, 0)),
            ArgumentError,
            r"^tricks\[NS\] must be from 0 to 13 tricks, not -1$",
        ),
        (
            lambda: PbnBoard.make(_ending(), board=10**5000),
            ArgumentError,
            r"^board must be a board's number, from 0 to 1,000,000,000 \(or its name, a str\)",
        ),
        (
            lambda: PbnBoard((("a b", "1"), ("Deal", ENDING))),
            PbnError,
            r"^tags\[0\] is named 'a b'; expected a PBN tag's name: letters, digits and _$",
        ),
        (lambda: result_words(Contract(4, Strain.S), 14), ArgumentError, r"^tricks must be a "),
    ],
)
def test_bad_values_are_refused_naming_the_argument(call, error: type, message: str):
    with pytest.raises(error, match=message) as info:
        call()
    assert not isinstance(info.value, TypeError)


# --- the enums ------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", [Seat, Side, Suit, Strain])
def test_an_enum_takes_its_members_and_their_values_only(kind: Any):
    """``Seat(2)``, ``Seat(Seat.S)`` and a numpy integer are Seat.S; a bool and a float are
    wrong types (Enum took ``Seat(True)`` for Seat.E and ``Seat(0.0)`` for Seat.N), a number
    that is no member's is named (was a ValueError that is no WhistError, and for an int of
    over 4,300 digits, Python's own ValueError while the message was written)."""
    for member in kind:
        assert kind(int(member)) is member
        assert kind(member) is member
        assert kind(np.int64(member)) is member
        assert pickle.loads(pickle.dumps(member)) is member
    for wrong in (True, 0.0, "N", None, [0]):
        with pytest.raises(ArgumentTypeError, match=rf"^value must be a {kind.__name__} or its"):
            kind(wrong)
    for bad, shown in ((len(kind), str(len(kind))), (-1, "-1"), (10**5000, "10000000000")):
        with pytest.raises(ArgumentError, match=rf"^value must be a {kind.__name__}'s value, "):
            kind(bad)
        with pytest.raises(ArgumentError, match=rf", not {shown}"):
            kind(bad)


def test_an_int_enum_of_another_kind_is_taken_by_its_value():
    """A Suit is a strain's value, as it was (Contract.strain and trick_winner's trump mix
    them): Strain(Suit.H) is Strain.H."""
    assert Strain(Suit.H) is Strain.H
    assert trick_winner(Seat.N, [_card(c) for c in ("HA", "HK", "S2", "H3")], Suit.S) is Seat.S


# --- deals, positions -----------------------------------------------------------------------


def test_a_hand_is_read_to_its_fourteenth_card():
    """An endless iterator for a hand is refused at its 14th card (it was read forever)."""
    endless = itertools.repeat(_card("SA"))
    t = time.perf_counter()
    with pytest.raises(DealError, match=r"^a bridge hand holds at most 13 cards; hands\[Seat.N\]"):
        BridgeDeal.from_hands({Seat.N: endless})
    assert time.perf_counter() - t < 5  # a generous limit: it stops at once
    assert next(endless) == _card("SA")  # 14 taken, the iterator still there


def test_what_the_checks_take_is_answered_as_before():
    """The forms that were valid still are: hands from any iterables, a generator of boards,
    a deal's text of either case, a numpy integer for a contract's level."""
    deal = BridgeDeal.from_hands({s: iter(h) for s, h in zip(Seat, _ending().hands, strict=True)})
    assert deal == _ending() == BridgeDeal.parse(ENDING.lower().replace("n:", "N:"))
    contract = Contract(np.int64(3), Strain.NT, np.int8(1))
    assert (contract, type(contract.level), type(contract.doubled)) == (
        Contract.parse("3NTX"),
        int,
        int,
    )
    boards = read_pbn(f'[Board "1"]\n[Deal "{ENDING}"]\n\n[Board "2"]\n[Deal "{ENDING}"]\n')
    assert read_pbn(write_pbn(b for b in boards)) == boards
    pos = _position()
    assert pos.play(_card("SA")).trick == (_card("SA"),)
    assert EndgameSolver().tricks(pos, Side.NS) == 2  # ♠A, ♠K


# --- PBN ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tags", "sections", "message"),
    [
        ((("Board", '1"]\n[Deal "N:...'), ("Deal", ENDING)), (), r"^tags\[0\] \(Board\) holds a"),
        ((("Deal", ENDING), ("Auction", "N")), (("Auction", ("1S\n\n2S",)),), r"^sections\[0\] "),
        ((("Event", "a\rb"), ("Deal", ENDING)), (), r"^tags\[0\] \(Event\) holds a line end"),
    ],
)
def test_a_board_that_would_not_read_back_is_refused(tags, sections, message: str):
    """A tag's value or a section's line with a line end in it would be written as two lines
    (and a blank line inside one would end the board): refused when the board is made."""
    with pytest.raises(PbnError, match=message):
        PbnBoard(tags, sections)


# --- DDS ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: dds.dd_table(None), ArgumentTypeError, r"^deal must be a BridgeDeal \(BridgeDeal"),
        (lambda: dds.dd_table([]), ArgumentTypeError, r"^deal must be a BridgeDeal .*not list"),
        (lambda: dds.dd_tables(None), ArgumentTypeError, r"^deals must be a sequence of Bridge"),
        (lambda: dds.dd_tables([None]), ArgumentTypeError, r"^deals\[0\] must be a BridgeDeal"),
        (lambda: dds.card_scores(_ending()), ArgumentTypeError, r"^position must be a Bridge"),
        (lambda: dds.decide(_ending(), "1NT", Seat.S), ArgumentTypeError, r"^contract must be"),
        (lambda: dds.par(None), ArgumentTypeError, r"^deal must be a BridgeDeal or a DDTable"),
        (lambda: dds.par(_ending(), None), ArgumentTypeError, r"^vulnerable must be a vulner"),
        (lambda: dds.par(_ending(), "x"), ArgumentError, r"^vulnerable must be None, NS, EW or"),
        (lambda: dds.par(_ending(), dealer=0), ArgumentTypeError, r"^dealer must be a Seat, not"),
        (
            lambda: dds.winning_line(_ending(), Contract(1, Strain.NT), "S"),
            ArgumentTypeError,
            r"^declarer must be a Seat, not str 'S'$",
        ),
        (lambda: dds.DDTable(_ending(), None), ArgumentTypeError, r"^tricks must be a mapping"),
        (lambda: dds.DDTable(_ending(), {}), ArgumentError, r"^tricks must be .*each of the 4 "),
        (
            lambda: dds.DDTable(_ending(), {s: dict.fromkeys(Strain, 3) for s in Seat}),
            ArgumentError,
            r"^tricks\[N\]\[C\] must be the tricks of a deal of 2 cards a hand, from 0 to 2, "
            r"not 3$",
        ),
    ],
)
def test_dds_is_not_reached_by_a_refused_call(
    monkeypatch: pytest.MonkeyPatch, call: Callable[[], object], error: type, message: str
):
    """The arguments are checked before endplay is imported or DDS called (before: an
    AttributeError from inside, ``par(deal, None)`` after DDS had solved the table, an
    unhashable list a TypeError from the table's memo naming nothing)."""

    def untouchable() -> None:
        raise AssertionError("DDS was reached")

    monkeypatch.setattr(dds, "_endplay", untouchable)
    with pytest.raises(error, match=message):
        call()


def test_par_takes_pbn_vulnerabilities():
    """PBN's Love, - and Both are par's None and All (the app mapped them itself)."""
    pytest.importorskip("endplay")
    full = BridgeDeal.parse("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    table = dds.dd_table(full)
    assert dds.par(table, "Love") == dds.par(table, "-") == dds.par(table, " none ")
    assert dds.par(table, "Both") == dds.par(table, "All")
    assert dds.par(table, "All").score > dds.par(table, "None").score > 0
