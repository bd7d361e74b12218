"""The bridge document: a board being edited or played — four hands (unequal while a deal is
being put together), the board's number, dealer and vulnerability, the contract and its
declarer, and the cards played so far — with its PBN file form. Qt-free: the UI's
:class:`~whistgui.ui.bridge.session.BridgeSession` holds one and replaces it on every change.

>>> doc = BridgeDocument.from_deal(BridgeDeal.parse("N:A.-.-.- K.-.-.- -.-.-.2 Q.-.-.-"))
>>> doc.problem() is None, doc.contract, doc.declarer
(True, Contract.parse('3NT'), <Seat.S: 2>)
>>> doc = doc.with_contract(Contract.parse("1C"), Seat.S).play(BridgeCard.parse("SQ"))
>>> doc.position().to_move, doc.played
(<Seat.N: 0>, (BridgeCard.parse('SQ'),))
>>> doc.move((BridgeCard.parse("C2"),), Seat.N).problem()
'every hand must hold the same number of cards; the hands hold North 2, East 1, South 0, West 1'
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from whistgui.app.document import DocumentError, read_file, write_atomically
from whistgui.engine.bridge import (
    BridgeCard,
    BridgeDeal,
    BridgePosition,
    Contract,
    PbnBoard,
    PbnError,
    Seat,
    Suit,
    write_lin,
    write_pbn,
)
from whistgui.engine.bridge.contract import TRICKS
from whistgui.engine.bridge.lin import is_lin, iter_lin, iter_records
from whistgui.engine.bridge.pbn import pbn_text
from whistgui.engine.bridge.records import auction_contract, board_rotation
from whistgui.engine.errors import WhistError
from whistgui.engine.reading import quote_path
from whistgui.engine.trick.cards import rank_text

__all__ = [
    "DECK",
    "LIN_SUFFIX",
    "MAX_PBN_BOARDS",
    "NO_CONTRACT",
    "PBN_SUFFIX",
    "STAND_INS",
    "BridgeDocument",
    "BridgeFile",
    "CardMark",
    "LeftOut",
    "board_rotation",
    "card_marks",
    "cards_text",
    "contract_words",
    "equivalent_groups",
    "load_pbn",
    "save_boards",
    "save_lin",
    "save_pbn",
]

#: The extension of PBN files.
PBN_SUFFIX: Final = ".pbn"
#: The extension of LIN files (Bridge Base Online's hand records).
LIN_SUFFIX: Final = ".lin"
#: The largest PBN file read (a thousand boards with their tags are about a megabyte).
MAX_PBN_BYTES: Final = 64 * 2**20
#: The most boards opened from one file (each is a document of a few kilobytes: a file of a
#: million small boards would take gigabytes and minutes).
MAX_PBN_BOARDS: Final = 10_000
#: The boards left out of a file that are named one by one (the others are counted).
_NAMED: Final = 5

#: Why a board has no contract of its own (:attr:`BridgeDocument.no_contract`), in words.
NO_CONTRACT: Final = {
    "record": "no contract in the record",
    "passed out": "Passed out",
    "new": "a new deal",
}
#: What stands in for it (:attr:`BridgeDocument.stand_in`), in words to follow them.
STAND_INS: Final = {
    "": ": par's contract is being found",
    "par": ": par's contract is shown",
    "passed out at par": ", and passed out at par: this contract is played",
    "no par": ", an ending without par: this contract is played",
}

#: The 52 cards, spades first, high to low.
DECK: Final = tuple(BridgeCard(suit, rank) for suit in reversed(Suit) for rank in range(14, 1, -1))


Hands = tuple[
    frozenset[BridgeCard], frozenset[BridgeCard], frozenset[BridgeCard], frozenset[BridgeCard]
]

_EMPTY: Final[Hands] = (frozenset(), frozenset(), frozenset(), frozenset())


@dataclass(frozen=True, slots=True)
class BridgeDocument:
    """A board. ``hands`` in seat order N E S W may be unequal while the deal is being made
    (:meth:`problem` says what is wrong); ``played`` is the line of play from the opening lead
    (declarer's left-hand opponent), each card legal in turn."""

    hands: Hands = _EMPTY
    board: str = "1"
    dealer: Seat = Seat.N
    vulnerable: str = "None"
    contract: Contract = dataclasses.field(default_factory=lambda: Contract.parse("3NT"))
    declarer: Seat = Seat.S
    played: tuple[BridgeCard, ...] = ()
    #: the auction of a hand record (calls in PBN's words, from the dealer), kept while the
    #: deal and the contract are the ones it was bid on
    auction: tuple[str, ...] = ()
    #: the tricks declarer claimed where the record's play stops (LIN's ``mc|9``, PBN's
    #: Result tag), kept while the line of play is the record's
    claimed: int | None = None
    #: the recorded line of play and its claim, set aside while the contract is set by hand
    #: to another than the auction's (:meth:`with_contract`): it returns with that contract
    aside: tuple[BridgeCard, ...] = ()
    aside_claim: int | None = None
    #: the hand record's board this was read from: its other tags (the players, Event, Site,
    #: Date …) are saved again with it (PbnBoard.make's ``keep``)
    record: PbnBoard | None = dataclasses.field(default=None, compare=False, repr=False)
    #: why the board has no contract of its own: ``""`` (it has one: the record's or the
    #: user's), or one of :data:`NO_CONTRACT`'s keys — the record names none, the record says
    #: it was passed out, or a new deal (typed, edited, rotated)
    no_contract: str = ""
    #: what is played instead, once par is known (:meth:`with_par`): ``""`` (not yet), or
    #: one of :data:`STAND_INS`'s keys — par's contract, or the contract the board had when
    #: the deal is passed out at par or has no par (an ending)
    stand_in: str = ""
    #: the record says the board was passed out (a Contract tag ``Pass``, or four passes)
    passed_out: bool = False

    def __post_init__(self) -> None:
        if self.no_contract not in ("", *NO_CONTRACT) or self.stand_in not in ("", *STAND_INS):
            raise DocumentError(
                f"no_contract {self.no_contract!r}, stand_in {self.stand_in!r}; expected "
                f"'' or one of {', '.join(map(repr, NO_CONTRACT))}, and '' or one of "
                f"{', '.join(map(repr, STAND_INS))}"
            )
        seen: set[BridgeCard] = set()
        for hand in self.hands:
            if seen & hand:
                raise DocumentError(
                    f"card {min(seen & hand).text} is in two hands; each card is dealt once"
                )
            seen |= hand
        if self.played:
            self.position()  # every card of the line must be legal

    # -- the deal ---------------------------------------------------------------------------
    @classmethod
    def from_deal(cls, deal: BridgeDeal, **fields: object) -> BridgeDocument:
        return cls(deal.hands, **fields)  # type: ignore[arg-type]

    @classmethod
    def random(cls, seed: int | None = None, **fields: object) -> BridgeDocument:
        """A random full deal (``seed`` for a repeatable one)."""
        cards = list(DECK)
        random.Random(seed).shuffle(cards)
        hands = tuple(frozenset(cards[i * 13 : (i + 1) * 13]) for i in range(4))
        return cls(hands, **fields)  # type: ignore[arg-type]

    def problem(self) -> str | None:
        """Why the hands are not a deal (unequal or empty hands), or None."""
        if not any(self.hands):
            return "no cards are dealt; deal cards to the four hands or make a random deal"
        try:
            BridgeDeal(self.hands)
        except WhistError as exc:
            return str(exc)
        return None

    @property
    def deal(self) -> BridgeDeal:
        """The deal (WhistError saying why if the hands are not one: see :meth:`problem`)."""
        problem = self.problem()
        if problem is not None:
            raise DocumentError(problem)
        return BridgeDeal(self.hands)

    @property
    def pool(self) -> tuple[BridgeCard, ...]:
        """The cards no hand holds, in :data:`DECK` order."""
        held = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        return tuple(c for c in DECK if c not in held)

    def owner(self, card: BridgeCard) -> Seat | None:
        for seat in Seat:
            if card in self.hands[seat]:
                return seat
        return None

    def move(self, cards: tuple[BridgeCard, ...], dest: Seat | None) -> BridgeDocument:
        """The cards moved to ``dest`` (None: back to the pool); the line of play, which was
        for the old deal, is dropped."""
        hands = [set(h) - set(cards) for h in self.hands]
        if dest is not None:
            hands[dest] |= set(cards)
        new: Hands = (
            frozenset(hands[0]),
            frozenset(hands[1]),
            frozenset(hands[2]),
            frozenset(hands[3]),
        )
        return self.with_hands(new)

    def with_deal(self, deal: BridgeDeal) -> BridgeDocument:
        """Another deal: the line of play, which was for the old one, starts again."""
        return self.with_hands(deal.hands)

    def with_hands(self, hands: Hands) -> BridgeDocument:
        """Other hands (a deal, or cards being dealt): the line of play starts again. Every
        new deal, typed, random or rotated, comes through here: its contract, chosen for
        another deal, is no longer the board's own (par's is played once it is known,
        :meth:`with_par`)."""
        return dataclasses.replace(
            self,
            hands=hands,
            played=(),
            auction=(),
            claimed=None,
            aside=(),
            aside_claim=None,
            no_contract="new",
            stand_in="",
            passed_out=False,
        )

    # -- the contract and the play ----------------------------------------------------------
    def with_contract(self, contract: Contract, declarer: Seat) -> BridgeDocument:
        """Another contract or declarer: the line of play starts again. A hand record's
        auction is history and stays; its recorded play, which no longer fits, is set aside
        (:attr:`aside`) while the contract differs from the auction's, and comes back with it.

        >>> doc = BridgeDocument.random(1, dealer=Seat.N, auction=("1S",) + ("Pass",) * 3,
        ...     contract=Contract.parse("1S"), declarer=Seat.N)
        >>> doc = doc.play(doc.position().legal()[0])
        >>> hand = doc.with_contract(Contract.parse("4S"), Seat.N)
        >>> hand.auction == doc.auction, hand.played, len(hand.aside), hand.by_hand
        (True, (), 1, True)
        >>> hand.with_contract(Contract.parse("1S"), Seat.N) == doc
        True
        """
        if (contract, declarer) == (self.contract, self.declarer) and not self.no_contract:
            return dataclasses.replace(self, played=(), claimed=None)
        if not self.auction:
            return dataclasses.replace(
                self,
                contract=contract,
                declarer=declarer,
                played=(),
                claimed=None,
                no_contract="",
                stand_in="",
                passed_out=False,
            )
        record, claim = (
            (self.aside, self.aside_claim) if self.by_hand else (self.played, self.claimed)
        )
        if (contract, declarer) == self.auction_contract:  # the record's contract again
            return dataclasses.replace(
                self,
                contract=contract,
                declarer=declarer,
                played=record,
                claimed=claim,
                aside=(),
                aside_claim=None,
            )
        return dataclasses.replace(
            self,
            contract=contract,
            declarer=declarer,
            played=(),
            claimed=None,
            aside=record,
            aside_claim=claim,
            no_contract="",
            stand_in="",
        )

    @property
    def auction_contract(self) -> tuple[Contract, Seat] | None:
        """The contract and declarer the auction ends in (None without an auction, or for
        one with no bid: passed out)."""
        if not self.auction:
            return None
        return auction_contract(self.dealer, self.auction)

    @property
    def by_hand(self) -> bool:
        """Whether the contract was set by hand to another than the auction's (a passed-out
        auction has none to differ from: what such a board is played in is said elsewhere)."""
        found = self.auction_contract
        return found is not None and found != (self.contract, self.declarer)

    def by_hand_words(self) -> str:
        """``contract set by hand; the auction's contract was 4♠x by South``, or ``""`` when
        the contract is the auction's."""
        found = self.auction_contract
        if found is None or not self.by_hand:
            return ""
        return f"contract set by hand; the auction's contract was {contract_words(*found)}"

    # -- a board without a contract of its own ------------------------------------------------
    @property
    def waits_for_par(self) -> bool:
        """Whether par's contract is to be played once it is known: the board has no contract
        of its own, par is not known yet and no card is played."""
        return bool(self.no_contract) and not self.stand_in and not self.played

    def with_par(self, found: tuple[Contract, Seat] | str) -> BridgeDocument:
        """A board without a contract of its own (:meth:`waits_for_par`), played in par's
        contract ``found`` (contract, declarer) — or ``found`` is why there is none
        (``"passed out at par"``, ``"no par"``) and the contract stays; any other board is
        returned as it is.

        >>> doc = BridgeDocument.random(1).with_hands(BridgeDocument.random(2).hands)
        >>> doc.contract_note
        "(a new deal: par's contract is being found)"
        >>> doc = doc.with_par((Contract.parse("4S"), Seat.N))
        >>> doc.contract, doc.declarer, doc.contract_note
        (Contract.parse('4S'), <Seat.N: 0>, "(a new deal: par's contract is shown)")
        """
        if not self.waits_for_par:
            return self
        if isinstance(found, str):
            if found not in STAND_INS or found == "par":
                raise DocumentError(
                    f"{found!r} is not why a board has no par contract; expected "
                    "'passed out at par' or 'no par'"
                )
            return dataclasses.replace(self, stand_in=found)
        contract, declarer = found
        return dataclasses.replace(self, contract=contract, declarer=declarer, stand_in="par")

    def as_read(self) -> BridgeDocument:
        """The board as it was before par's contract stood in for the one it has not (a board
        of a file is not changed by it: nothing of it is saved until a card is played)."""
        if not self.stand_in or self.played:
            return self
        return dataclasses.replace(
            self, contract=BridgeDocument().contract, declarer=Seat.S, stand_in=""
        )

    @property
    def contract_note(self) -> str:
        """What the contract is when the board has none of its own, in brackets, to follow
        ``4♠ by North``; ``""`` when it has. ``Passed out`` for a board passed out.

        >>> BridgeDocument(no_contract="record", stand_in="par").contract_note
        "(no contract in the record: par's contract is shown)"
        >>> BridgeDocument(no_contract="passed out", stand_in="par").contract_note
        "(Passed out: par's contract is shown)"
        >>> BridgeDocument(no_contract="record", stand_in="passed out at par").contract_note
        '(no contract in the record, and passed out at par: this contract is played)'
        """
        if not self.no_contract:
            return ""
        if not self.stand_in and self.played:  # played before par was known
            return f"({NO_CONTRACT[self.no_contract]}: this contract is played)"
        return f"({NO_CONTRACT[self.no_contract]}{STAND_INS[self.stand_in]})"

    @property
    def contract_short(self) -> str:
        """:attr:`contract_note` in a few words, for a corner of the table: ``Passed out ·
        par's contract``; ``""`` when the board has a contract of its own."""
        if not self.no_contract:
            return ""
        why = {"record": "No contract recorded", "new": "New deal"}.get(
            self.no_contract, "Passed out"
        )
        what = {"": "finding par…", "par": "par's contract"}.get(self.stand_in, self.stand_in)
        if not self.stand_in and self.played:
            what = "this contract played"
        return f"{why} · {what}"

    def position(self, cards: int | None = None) -> BridgePosition:
        """The position after the first ``cards`` cards of the line (all of them by default);
        WhistError if the hands are not a deal or a card of the line is not legal."""
        pos = BridgePosition.start(self.deal, self.contract, self.declarer)
        for card in self.played[: len(self.played) if cards is None else cards]:
            pos = pos.play(card)
        return pos

    def play(self, card: BridgeCard, at: int | None = None) -> BridgeDocument:
        """``card`` played after the first ``at`` cards of the line (default: all), the rest
        of the line dropped — unless it is the card the line already has there."""
        n = len(self.played) if at is None else at
        if n < len(self.played) and self.played[n] == card:
            return self
        self.position(n).play(card)  # IllegalPlayError if it cannot be played
        return dataclasses.replace(self, played=(*self.played[:n], card), claimed=None)

    # -- PBN ---------------------------------------------------------------------------------
    def to_board(self) -> PbnBoard:
        """The board as PBN tags (the deal written from the dealer's seat), with its auction
        and its line of play as the ``[Auction]`` and ``[Play]`` sections, a claim as the
        ``Result`` tag; the other tags of the record it was read from (players, event …)."""
        # a contract standing in for the board's own is written only with a play made in it
        own = not self.no_contract or bool(self.played)
        board = PbnBoard.make(
            self.deal,
            board=self.board,
            dealer=self.dealer,
            vulnerable=self.vulnerable,
            contract=self.contract if own else None,
            declarer=self.declarer if own else None,
            auction=self.auction,
            play=self.played,
            result=self.claimed,
            keep=self.record,
        )
        if own or not self.passed_out or self.auction or board.tag("Contract") is not None:
            return board
        return PbnBoard((*board.tags, ("Contract", "Pass")), board.sections)

    @classmethod
    def from_board(cls, board: PbnBoard, number: int | None = None) -> BridgeDocument:
        """The document of a PBN board; one with no Board tag is named by ``number`` (its
        place in the file) when given, as messages about the file name it."""
        fields: dict[str, object] = {"record": board}
        if board.board:
            fields["board"] = board.board
        elif number is not None:
            fields["board"] = str(number)
        if board.dealer is not None:
            fields["dealer"] = board.dealer
        if board.vulnerable:
            fields["vulnerable"] = board.vulnerable
        if board.contract is not None and board.declarer is not None:
            fields["contract"] = board.contract
            fields["declarer"] = board.declarer
        elif not board.play:  # none (or half of one): par's is played, and said
            fields["no_contract"] = "passed out" if board.passed_out else "record"
            fields["passed_out"] = board.passed_out
        if board.auction and board.dealer is not None:
            fields["auction"] = board.auction
        if board.play:
            fields["played"] = board.play
            result = board.tag("Result") or ""
            if result.isascii() and result.isdigit() and int(result) <= TRICKS:
                fields["claimed"] = int(result)
        return cls.from_deal(board.deal, **fields)


@dataclass(frozen=True, slots=True)
class CardMark:
    """What a legal card leads to, double dummy: the tricks the declaring side ends with
    (``declarer_tricks``, of the ``dealt`` tricks of the deal: 13, or fewer in an ending),
    whether that makes the contract (a whole deal only: an ending says nothing of the
    contract's fate), whether the card is one of the best for the player's side, and what it
    costs that side against its best card (0 for a best card)."""

    card: BridgeCard
    declarer_tricks: int
    made: bool
    best: bool
    cost: int
    dealt: int = TRICKS

    @property
    def ending(self) -> bool:
        """Whether the deal is an ending (fewer than 13 tricks), not a whole contract."""
        return self.dealt < TRICKS

    @property
    def good(self) -> bool:
        """How the card's badge is coloured: green (True) or red. On a whole deal, whether
        the contract makes if it is played; in an ending, whether it is one of the best cards
        for the side that plays it (a defender's best card is green too)."""
        return self.best if self.ending else self.made

    @property
    def badge(self) -> str:
        """What the card does for the side that plays it, as its badge says: ``"✓"`` for
        one of that side's best cards, ``"−2"`` for one that costs it two tricks (whichever
        side declares: a defender's best card is a tick too).

        >>> card = BridgeCard.parse("SA")
        >>> CardMark(card, 8, False, True, 0).badge, CardMark(card, 8, False, False, 2).badge
        ('✓', '−2')
        """
        return "\u2713" if self.best else f"\u2212{self.cost}"

    def text(self, contract: Contract) -> str:
        """``"=" / "+1" / "−2"``: the contract's result if this card is played; in an ending,
        the tricks the declaring side takes of the ending's (``"2"``).

        >>> card = BridgeCard.parse("SA")
        >>> CardMark(card, 8, False, True, 0).text(Contract.parse("3NT"))
        '−1'
        >>> CardMark(card, 1, False, False, 1, dealt=2).text(Contract.parse("3NT"))
        '1'
        """
        if self.ending:
            return str(self.declarer_tricks)
        over = self.declarer_tricks - contract.tricks_needed
        return "=" if over == 0 else f"+{over}" if over > 0 else f"\u2212{-over}"


def card_marks(
    position: BridgePosition, scores: dict[BridgeCard, int], contract: Contract, declarer: Seat
) -> dict[BridgeCard, CardMark]:
    """Each legal card's :class:`CardMark` from its double-dummy score (the tricks the
    mover's side takes from the start of the current trick on, as DDS and the engine's solver
    give it).

    >>> from whistgui.engine.bridge import Strain
    >>> deal = BridgeDeal.parse("N:AK.-.-.- -.-.-.32 QJ.-.-.- -.-.-.54")
    >>> pos = BridgePosition.from_deal(deal, Strain.C, Seat.E)
    >>> marks = card_marks(pos, {BridgeCard.parse("C3"): 2, BridgeCard.parse("C2"): 2},
    ...                    Contract.parse("1NT"), Seat.N)
    >>> m = marks[BridgeCard.parse("C3")]; m.declarer_tricks, m.best, m.cost, m.dealt
    (0, True, 0, 2)
    """
    side = declarer.side
    mover = position.to_move.side
    left = position.tricks_left
    won = position.tricks[int(side)]
    dealt = sum(position.tricks) + left  # the deal's tricks: 13, fewer in an ending
    best = max(scores.values(), default=0)
    marks = {}
    for card, score in scores.items():
        declarer_tricks = won + (score if mover == side else left - score)
        marks[card] = CardMark(
            card,
            declarer_tricks,
            dealt == TRICKS and declarer_tricks >= contract.tricks_needed,
            score == best,
            best - score,
            dealt,
        )
    return marks


@dataclass(frozen=True, slots=True)
class LeftOut:
    """A board of a PBN file that was not opened: its name (its Board tag, or its number in
    the file), the line where it starts, and why."""

    board: str
    line: int
    reason: str

    def __str__(self) -> str:
        """``board 2 (line 9): why``, as :class:`PbnError` and ``whist bridge`` say it."""
        return f"board {self.board} (line {self.line}): {self.reason}"


@dataclass(frozen=True, slots=True)
class BridgeFile:
    """The boards of a PBN file, as documents; the boards that could not be read, in file
    order (the first few: ``left_out_count`` counts them all); and whether the file had more
    than :data:`MAX_PBN_BOARDS` boards (the rest not read)."""

    boards: tuple[BridgeDocument, ...]
    left_out: tuple[LeftOut, ...] = ()
    left_out_count: int = 0
    truncated: bool = False

    def notice(self) -> str | None:
        """What to tell the user about the boards that were not opened, or None.

        >>> print(BridgeFile((), (LeftOut("2", 9, "no [Deal] tag"),), 1).notice())
        Board 2 (line 9) was not opened: no [Deal] tag. Saving over this file would lose it.
        """
        parts = []
        if self.left_out_count == 1 and self.left_out:
            one = self.left_out[0]
            parts.append(f"Board {one.board} (line {one.line}) was not opened: {one.reason}.")
        elif self.left_out_count:
            named = "; ".join(str(b) for b in self.left_out)
            more = self.left_out_count - len(self.left_out)
            if more:
                named += f"; and {more:,} more"
            parts.append(f"{self.left_out_count:,} boards were not opened: {named}.")
        if self.truncated:
            parts.append(
                f"The file has more than {MAX_PBN_BOARDS:,} boards; the first "
                f"{MAX_PBN_BOARDS:,} were opened."
            )
        if not parts:
            return None
        lost = "it" if self.left_out_count == 1 and not self.truncated else "them"
        return " ".join(parts) + f" Saving over this file would lose {lost}."


def load_pbn(path: str | os.PathLike[str]) -> BridgeFile:
    """The boards of the hand-record file ``path`` — PBN, or LIN (BBO's) whatever its name —
    with their auctions and lines of play, each board that cannot be read left out and said
    (:class:`BridgeFile`); DocumentError naming the file (and, for a bad board, quoting the
    board and line) if it cannot be read or holds no board that can."""
    name = os.fspath(path)
    raw = read_file(name, "a PBN or LIN file", MAX_PBN_BYTES)
    text = pbn_text(raw)  # UTF-8, else ISO 8859-1 as the PBN standard has it
    del raw
    # the format by the content, else by the name: a .lin file is read (and diagnosed) as
    # LIN unless it begins as PBN does
    pbn_like = text.lstrip().startswith(("[", "%"))
    lin_name = name.lower().endswith(LIN_SUFFIX)
    kind = "LIN" if is_lin(text) or (lin_name and not pbn_like) else "PBN"
    records = iter_lin(text) if kind == "LIN" else iter_records(text)
    boards: list[BridgeDocument] = []
    left_out: list[LeftOut] = []
    count = 0
    truncated = False
    first_error: PbnError | None = None
    for i, (line, board) in enumerate(records, start=1):
        if isinstance(board, PbnBoard):
            if len(boards) == MAX_PBN_BOARDS:
                truncated = True
                break
            try:
                boards.append(BridgeDocument.from_board(board, i))
                continue
            except WhistError as exc:
                board = PbnError(str(exc), number=i, board=board.board, line=line)
        first_error = first_error or board
        count += 1
        if len(left_out) < _NAMED:
            left_out.append(LeftOut(board.label, line, board.reason))
    if not boards:
        if first_error is not None:
            raise DocumentError(
                f"{quote_path(name)} is not a {kind} file this program can read: {first_error}"
            )
        raise DocumentError(
            f'{quote_path(name)} holds no board; expected PBN tags like [Deal "N:..."] '
            "or LIN's md|…|"
        )
    return BridgeFile(tuple(boards), tuple(left_out), count, truncated)


def save_pbn(boards: tuple[BridgeDocument, ...], path: str | os.PathLike[str]) -> None:
    """Write the boards to ``path`` as PBN, atomically; DocumentError if a board's hands are
    not a deal (naming the board) or the file cannot be written."""
    pbn = _records(boards, "PBN")
    write_atomically("% PBN 2.1\n% written by whistgui\n" + write_pbn(pbn), path)


def _records(boards: tuple[BridgeDocument, ...], kind: str) -> list[PbnBoard]:
    out = []
    for doc in boards:
        problem = doc.problem()
        if problem is not None:
            raise DocumentError(f"board {doc.board} cannot be saved as {kind}: {problem}")
        if kind == "LIN" and doc.passed_out and not doc.auction and not doc.played:
            # LIN has no Contract tag to say "Pass": it says so by its four passes
            doc = dataclasses.replace(doc, auction=("Pass",) * 4)
        out.append(doc.to_board())
    return out


def save_lin(boards: tuple[BridgeDocument, ...], path: str | os.PathLike[str]) -> None:
    """Write the boards to ``path`` as LIN (a board a line, with its auction and play),
    atomically; DocumentError as :func:`save_pbn`, and for a board whose contract was set by
    hand (LIN's contract is its auction's: the one chosen would be lost)."""
    for doc in boards:
        found = doc.auction_contract
        if found is not None and doc.by_hand:
            raise DocumentError(
                f"board {doc.board} cannot be saved as LIN: its contract, "
                f"{contract_words(doc.contract, doc.declarer)}, was set by hand, and LIN keeps "
                f"only the auction's ({contract_words(*found)}); save the boards as PBN, which "
                "keeps both"
            )
    try:
        text = write_lin(_records(boards, "LIN"))
    except WhistError as exc:
        raise DocumentError(f"the boards cannot be written as LIN: {exc}") from None
    write_atomically(text if text.endswith("\n") else text + "\n", path)


def save_boards(boards: tuple[BridgeDocument, ...], path: str | os.PathLike[str]) -> None:
    """:func:`save_lin` for a ``.lin`` file, else :func:`save_pbn`."""
    if os.fspath(path).lower().endswith(LIN_SUFFIX):
        save_lin(boards, path)
    else:
        save_pbn(boards, path)


def contract_words(contract: Contract, declarer: Seat | None = None) -> str:
    """A contract as players write it, as par does: ``4♠``, ``3NT``, ``4♠x``, ``6♥xx``, and
    ``4♠x by South`` with its declarer.

    >>> contract_words(Contract.parse("4SX"), Seat.S), contract_words(Contract.parse("3NT"))
    ('4♠x by South', '3NT')
    """
    return contract.words if declarer is None else f"{contract.words} by {declarer.word}"


# -- the trick trees' card groups (the screen's and the figure's) ---------------------------
def _suit_order(card: BridgeCard) -> tuple[int, int]:
    return (-int(card.suit), -card.rank)


def equivalent_groups(
    position: BridgePosition, cards: Sequence[BridgeCard]
) -> list[tuple[BridgeCard, ...]]:
    """``cards`` (of the player to move) in groups of equivalent cards, each high to low, the
    groups spades first and high first: cards of one suit with no card of that suit between
    them in another hand or on the table.

    >>> from whistgui.engine.bridge import BridgeDeal, Strain
    >>> deal = BridgeDeal.parse("N:AKJ.-.-.- Q32.-.-.- T98.-.-.- 765.-.-.-")
    >>> pos = BridgePosition.from_deal(deal, Strain.NT, Seat.N)
    >>> [" ".join(map(str, g)) for g in equivalent_groups(pos, pos.legal())]
    ['SA SK', 'SJ']
    """
    mover = position.to_move
    outside: set[BridgeCard] = set(position.trick)
    for seat in Seat:
        if seat is not mover:
            outside |= position.hands[seat]
    groups: list[list[BridgeCard]] = []
    for card in sorted(cards, key=_suit_order):
        if groups:
            last = groups[-1][-1]
            if last.suit is card.suit and not any(
                o.suit is card.suit and card.rank < o.rank < last.rank for o in outside
            ):
                groups[-1].append(card)
                continue
        groups.append([card])
    return [tuple(g) for g in groups]


def cards_text(cards: Sequence[BridgeCard]) -> str:
    """``♠K Q``, ``♥3 2``, ``♥10 9``: a group of cards of one suit as the trick trees (on
    screen and in figures) write it, the suit's symbol and the ranks high to low with a space
    between each, as the diagram spells a hand (``♥32`` would read as a number).

    >>> cards_text([BridgeCard.parse("HT"), BridgeCard.parse("H9")])
    '♥10 9'
    """
    if not cards:
        return ""
    return cards[0].suit.symbol + " ".join(rank_text(c.rank, style="paper") for c in cards)
