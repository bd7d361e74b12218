"""PBN files: boards of tag pairs (``[Board "1"]``, ``[Deal "N:..."]``, ...) read and written.

A board is a run of tag pairs, ended by a blank line. Comments (``; to the end of the line``
and ``{ ... }``, which may span lines) and ``%`` directive lines are skipped; lines that are
not tag pairs are the data of the section opened by the tag before them (``[Auction "N"]``
followed by calls) and are kept as text. A tag value ``#`` repeats the previous board's value.
The ``[Auction]`` and ``[Play]`` sections are also read as calls and cards
(:mod:`~whistgui.engine.bridge.records`): a board's auction gives its contract when it has no
Contract tag, and a call or card that breaks the rules refuses the board.

>>> text = '''
... % PBN 2.1
... [Board "1"]
... [Dealer "N"]   ; a comment
... [Vulnerable "None"]
... [Deal "N:AK.-.-.- Q.-.K.- -.A.Q.- -.-.A.K"]
... [Contract "1NT"]
... [Declarer "S"]
... '''
>>> (board,) = read_pbn(text)
>>> board.board, board.dealer, board.contract, board.declarer, board.deal.size
('1', <Seat.N: 0>, Contract.parse('1NT'), <Seat.S: 2>, 2)
>>> read_pbn(write_pbn([board])) == [board]
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final

from whistgui.engine.bridge.contract import Contract
from whistgui.engine.bridge.deal import BridgeCard, BridgeDeal, Seat
from whistgui.engine.bridge.records import (
    auction_contract,
    auction_lines,
    check_auction,
    parse_auction,
    parse_call,
    parse_play,
    play_lines,
)
from whistgui.engine.checks import described, each, expect, whole
from whistgui.engine.errors import ArgumentError, ArgumentTypeError, IllegalPlayError, NotationError
from whistgui.engine.reading import LINE_END, label, quote

__all__ = [
    "MAX_BOARD_ITEMS",
    "MAX_TAG_VALUE",
    "PbnBoard",
    "PbnError",
    "iter_pbn",
    "pbn_text",
    "read_pbn",
    "write_pbn",
]

_TAG: Final = re.compile(
    # possessive: a value of millions of characters or escapes is matched in one pass, with no
    # backtracking record kept per character (issue 23)
    r'\[\s*+([A-Za-z0-9_]++)\s++"([^"\\]*+(?:\\.[^"\\]*+)*+)"\s*+\]\s*+'
)
#: A line's text up to its first comment: plain text and quoted strings (whole, from the
#: opening quote to the closing one or the line's end, a ``;`` or ``{`` inside kept).
_TEXT: Final = re.compile(r'(?:[^"{;]++|"[^"\\]*+(?:\\.[^"\\]*+)*+"?)*+')
#: A line PBN's ``%`` escapes (a directive), skipped whole.
_ESCAPED: Final = re.compile(r"\s*+%")
#: The most ``{ }`` comments one line may hold (a file of millions on one line is refused,
#: not cut into millions of pieces).
MAX_LINE_COMMENTS: Final = 1000
#: The most tags and section lines one board may hold (a board has a few dozen): a file of
#: millions of one-letter lines is refused board by board, not held as millions of strings.
MAX_BOARD_ITEMS: Final = 10_000
#: The longest tag value or section line a board may hold (a player's name, an event's, a line
#: of a table are far less): a longer one refuses the board, read or made, so that what is
#: read is never written back unbounded (LIN's values have the same bound).
MAX_TAG_VALUE: Final = 10_000
#: The tags :meth:`PbnBoard.make` writes from its parts; a board's other tags (players, event,
#: scoring, a program's own) are written back from the board given as ``keep``.
MADE_TAGS: Final = frozenset(
    {"Board", "Dealer", "Vulnerable", "Deal", "Contract", "Declarer", "Auction", "Play"}
)
#: Tags that hold what follows from the deal (and its vulnerability): dropped when the deal is
#: not ``keep``'s.
_OF_THE_DEAL: Final = frozenset(
    {
        "DoubleDummyTricks",
        "OptimumScore",
        "OptimumContract",
        "OptimumResultTable",
        "OptimumPlayTable",
        "ParContract",
        "ScoreTable",
        "TotalScoreTable",
    }
)
#: Tags that hold what follows from the contract, the auction and the play: dropped when any
#: of them (or the deal) is not ``keep``'s.
_OF_THE_PLAY: Final = frozenset(
    {
        "Result",
        "Score",
        "ScoreIMP",
        "ScoreMP",
        "ScorePercentage",
        "ScoreRubber",
        "ScoreRubberHistory",
        "Termination",
        "Note",
        "ActionTable",
        "AuctionTimeTable",
        "PlayTimeTable",
    }
)
#: Values of the Vulnerable tag that PBN allows.
VULNERABLE: Final = ("None", "NS", "EW", "All", "Love", "-", "Both")


class PbnError(NotationError):
    """A PBN board that cannot be read; the message names the board and line and quotes them:
    ``board 2 (line 9): …``, the board named by its Board tag, or by its number in the file
    when it has none (as ``whist bridge`` and the app name it). ``reason`` is the message
    without the board's name (it begins ``line 12:`` when the fault is on another line than
    the board's first); ``number`` (the board's place in the file, from 1), ``board`` (its
    Board tag) and ``line`` (where it starts, from 1) say which board, when the error is one
    board's. ``without_play`` is the board read without its played cards when only they
    could not be read (a command that needs no play answers it, and notes why)."""

    def __init__(
        self,
        reason: str,
        *,
        number: int | None = None,
        board: str | None = None,
        line: int | None = None,
        without_play: PbnBoard | None = None,
    ) -> None:
        self.reason = reason
        self.number = number
        self.board = board
        self.line = line
        self.without_play = without_play
        message = reason
        if number is not None:
            at = f" (line {line})" if line is not None else ""
            message = f"board {self.label}{at}: {reason}"
        super().__init__(message)

    @property
    def label(self) -> str:
        """The board as messages name it: its Board tag, or its number in the file (shortened
        and quoted when long or not printable)."""
        return label(self.board or str(self.number or "?"))


@dataclass(frozen=True, slots=True)
class PbnBoard:
    """One board of a PBN file: its tag pairs in file order (the ``Deal`` tag among them) and
    the text lines of its sections, by the tag that opened them. ``deal`` is parsed from the
    Deal tag."""

    tags: tuple[tuple[str, str], ...]
    sections: tuple[tuple[str, tuple[str, ...]], ...] = ()
    deal: BridgeDeal = field(init=False, compare=False, repr=False)
    #: The calls of the ``[Auction]`` section (:func:`~whistgui.engine.bridge.records.parse_call`
    #: words: ``1S``, ``Pass``, ``X``), from the seat its tag names; ``()`` without one. They
    #: are checked against the rules unless the section marks an irregularity (``^I``).
    auction: tuple[str, ...] = field(init=False, compare=False, repr=False)
    #: The cards of the ``[Play]`` section in the order they were played; ``()`` without one,
    #: or when the section marks an irregularity (``^R`` a revoke, ``^L`` a lead out of turn).
    play: tuple[BridgeCard, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        _check_pairs(self.tags, "tags", _TAGS, lambda v: isinstance(v, str))
        _check_pairs(self.sections, "sections", _SECTIONS, _lines_of_text)
        for i, (name, text) in enumerate(self.tags):
            if _TAG_NAME.fullmatch(name) is None:
                raise PbnError(
                    f"tags[{i}] is named {quote(name)}; expected a PBN tag's name: letters, "
                    "digits and _"
                )
            if LINE_END.search(text) is not None:
                raise PbnError(f"tags[{i}] ({name}) holds a line end: {quote(text)}; {_ONE_LINE}")
            if len(text) > MAX_TAG_VALUE:
                raise PbnError(_too_long(f"[{name}]", text))
        for i, (name, lines) in enumerate(self.sections):
            for line in lines:
                if len(line) > MAX_TAG_VALUE:
                    raise PbnError(_too_long(f"a line of the [{name}] section", line))
                if LINE_END.search(line) is not None:
                    raise PbnError(
                        f"sections[{i}] ({name}) holds a line end: {quote(line)}; {_ONE_LINE}"
                    )
        value = self.tag("Deal")
        if value is None:
            raise PbnError('no [Deal "..."] tag; expected one like [Deal "N:AKQ2.KJ3.T98.A54 ..."]')
        object.__setattr__(self, "deal", BridgeDeal.parse(value))
        # Check the tags the properties read, so a bad one fails here, not later.
        _ = self.dealer, self.declarer, self.contract
        object.__setattr__(self, "auction", self._read_auction())
        object.__setattr__(self, "play", self._read_play())
        vul = self.tag("Vulnerable")
        if vul is not None and vul not in VULNERABLE:
            raise PbnError(f"[Vulnerable {quote(vul)}]; expected one of {', '.join(VULNERABLE)}")

    @classmethod
    def make(
        cls,
        deal: BridgeDeal,
        *,
        board: str | int | None = None,
        dealer: Seat | None = None,
        vulnerable: str | None = None,
        contract: Contract | None = None,
        declarer: Seat | None = None,
        auction: Sequence[str] = (),
        play: Sequence[BridgeCard] = (),
        result: int | None = None,
        keep: PbnBoard | None = None,
    ) -> PbnBoard:
        """A board from its parts; the deal is written from the dealer's seat (or North). An
        ``auction`` (calls from the dealer, who must be given) is written as the ``[Auction]``
        section and gives the contract and declarer when they are not given; ``play`` (cards in
        the order played, from the opening lead) is written as the ``[Play]`` section;
        ``result`` (the tricks declarer took, or claimed where the play stops) as the Result tag.

        ``keep`` is the board these parts were read from (a hand record being saved again):
        its other tags — the players, Event, Site, Date, Scoring, a program's own — are kept,
        in its order, with their sections; its auction and play sections are kept as written
        (notes and all) while the calls and cards are the same; the tags that follow from the
        deal (DoubleDummyTricks, OptimumScore …) are kept while the deal and vulnerability are
        its, those that follow from the play (Result, Score …) while the contract, auction and
        play are its too.

        >>> deal = BridgeDeal.parse("N:A.-.-.- K.-.-.- Q.-.-.- J.-.-.-")
        >>> tags = (("Event", "Club"), ("Deal", deal.to_pbn()), ("Contract", "1NT"))
        >>> read = PbnBoard((*tags, ("Declarer", "S"), ("Score", "NS 90")))
        >>> same = PbnBoard.make(deal, board=1, contract=read.contract, declarer=Seat.S, keep=read)
        >>> [name for name, _ in same.tags]
        ['Event', 'Deal', 'Contract', 'Declarer', 'Score', 'Board']
        >>> other = PbnBoard.make(deal, contract=Contract.parse("2NT"), declarer=Seat.S, keep=read)
        >>> [name for name, _ in other.tags]  # another contract: the score was not its
        ['Event', 'Deal', 'Contract', 'Declarer']
        """
        expect(deal, BridgeDeal, "deal")
        if board is not None and not isinstance(board, str):
            whole(board, "board", low=0, high=_MAX_BOARD, what=_BOARD_NUMBER)
        for name, value, kind in (
            ("dealer", dealer, Seat),
            ("vulnerable", vulnerable, str),
            ("contract", contract, Contract),
            ("declarer", declarer, Seat),
        ):
            if value is not None:
                expect(value, kind, name, f"a {kind.__name__} or None")
        given: tuple[str, ...] = each(auction, str, "auction", _CALLS, whole=Sequence)
        calls = tuple(parse_call(c) for c in given)
        cards: tuple[BridgeCard, ...] = each(play, BridgeCard, "play", _PLAYED, whole=Sequence)
        if result is not None:
            result = whole(result, "result", low=0, high=13, what="the tricks declarer took, 0-13")
        if keep is not None:
            expect(keep, PbnBoard, "keep", "the PbnBoard the parts were read from, or None")
        if calls and dealer is None:
            raise ArgumentError("an auction is given without its dealer; give dealer too")
        if calls and dealer is not None and contract is None and declarer is None:
            found = auction_contract(dealer, calls)
            if found is not None:
                contract, declarer = found
        tags: list[tuple[str, str]] = []
        sections: list[tuple[str, tuple[str, ...]]] = []
        if board is not None:
            tags.append(("Board", str(board)))
        if dealer is not None:
            tags.append(("Dealer", str(dealer)))
        if vulnerable is not None:
            tags.append(("Vulnerable", vulnerable))
        tags.append(("Deal", deal.to_pbn(dealer or Seat.N)))
        if contract is not None:
            tags.append(("Contract", str(contract)))
        if declarer is not None:
            tags.append(("Declarer", str(declarer)))
        if calls and dealer is not None:
            tags.append(("Auction", str(dealer)))
            sections.append(("Auction", auction_lines(dealer, calls)))
        if cards:
            if contract is None or declarer is None:
                raise ArgumentError("a play is given without its contract and declarer")
            leader = declarer.lho
            tags.append(("Play", str(leader)))
            sections.append(("Play", play_lines(leader, deal, contract, declarer, cards)))
        if result is not None:
            tags.append(("Result", str(result)))
        if keep is None:
            return cls(tuple(tags), tuple(sections))
        same_deal = keep.deal == deal and (keep.vulnerable or "None") == (vulnerable or "None")
        same_play = (
            same_deal
            and (keep.contract, keep.declarer, keep.auction, keep.play)
            == (contract, declarer, calls, cards)
            and keep.tag("Auction") == (str(dealer) if calls and dealer is not None else None)
        )
        return cls(*_kept(tags, sections, keep, same_deal=same_deal, same_play=same_play))

    def section(self, name: str) -> tuple[str, ...]:
        """The lines of the section tag ``name`` opened (``()`` if none)."""
        expect(name, str, "name", "a tag's name (a str such as 'Play')")
        for key, lines in self.sections:
            if key == name:
                return lines
        return ()

    def _read_auction(self) -> tuple[str, ...]:
        first = self.tag("Auction")
        if first is None:
            return ()
        lines = self.section("Auction")
        try:
            seat = Seat.parse(first)
            calls = parse_auction(lines)
            if not any("^" in line for line in lines):  # PBN's irregularities (^I) aside
                check_auction(seat, calls)
        except NotationError as exc:
            raise PbnError(f"[Auction {quote(first)}]: {exc}") from None
        return calls

    def _read_play(self) -> tuple[BridgeCard, ...]:
        first = self.tag("Play")
        lines = self.section("Play")
        if first is None or not any(line.strip("-* \t") for line in lines):
            return ()
        if any("^" in line for line in lines):  # a revoke (^R), a lead out of turn (^L) …
            return ()  # the play broke the rules: not a line to analyse
        contract, declarer = self.contract, self.declarer
        if contract is None or declarer is None:
            raise PbnError(
                f"[Play {quote(first)}] with no contract and declarer; expected Contract and "
                "Declarer tags, or an auction, before a play"
            )
        try:
            return parse_play(lines, Seat.parse(first), self.deal, contract, declarer)
        except (NotationError, IllegalPlayError) as exc:
            raise PbnError(f"[Play {quote(first)}]: {exc}") from None

    def tag(self, name: str) -> str | None:
        """The value of tag ``name`` (case as written in PBN: ``Deal``), or ``None``."""
        expect(name, str, "name", "a tag's name (a str such as 'Deal')")
        for key, value in self.tags:
            if key == name:
                return value
        return None

    @property
    def board(self) -> str | None:
        return self.tag("Board")

    @property
    def dealer(self) -> Seat | None:
        value = self.tag("Dealer")
        return None if value in (None, "", "?") else Seat.parse(value)

    @property
    def declarer(self) -> Seat | None:
        """The Declarer tag's seat, or without one the auction's declarer."""
        value = self.tag("Declarer")
        if value is None and self.tag("Contract") is None:
            found = self._auction_contract()
            return found[1] if found is not None else None
        return None if value in (None, "", "?") else Seat.parse(value)

    @property
    def vulnerable(self) -> str | None:
        return self.tag("Vulnerable")

    @property
    def contract(self) -> Contract | None:
        """The contract (the Contract tag's, or without one the auction's), or ``None`` if
        there is none or the board was passed out."""
        value = self.tag("Contract")
        if value is None:
            found = self._auction_contract()
            return found[0] if found is not None else None
        if value.strip().upper() in ("", "?", "PASS"):
            return None
        return Contract.parse(value)

    @property
    def passed_out(self) -> bool:
        """Whether the board was passed out: its Contract tag is ``Pass``, or without one its
        auction is four passes (no contract, and so no play)."""
        value = self.tag("Contract")
        if value is not None:
            return value.strip().upper() == "PASS"
        calls = self.auction
        return len(calls) >= 4 and all(call == "Pass" for call in calls)

    def _auction_contract(self) -> tuple[Contract, Seat] | None:
        """The contract and declarer the auction ends in (None before it is read, or with no
        bid)."""
        calls: tuple[str, ...] | None = getattr(self, "auction", None)
        first = self.tag("Auction")
        if not calls or first is None:
            return None
        return auction_contract(Seat.parse(first), calls)


_CALLS: Final = "a sequence of calls (str: '1S', 'Pass', 'X')"
_PLAYED: Final = "a sequence of BridgeCards, in the order played"
#: What a board's ``tags`` and ``sections`` are; the name of a tag; the highest board number.
_TAGS: Final = "a tuple of (name, value) pairs of str"
_SECTIONS: Final = "a tuple of (tag name, lines) pairs: a str and a tuple of str"
_TAG_NAME: Final = re.compile(r"[A-Za-z0-9_]+")
_ONE_LINE: Final = "a tag's value and each line of a section are written on one line"
_MAX_BOARD: Final = 10**9
_BOARD_NUMBER: Final = f"a board's number, from 0 to {_MAX_BOARD:,} (or its name, a str)"


def _too_long(what: str, text: str) -> str:
    return (
        f"{what} has {len(text):,} characters: {quote(text)}; expected at most "
        f"{MAX_TAG_VALUE:,} (a name, an event, a line of a table)"
    )


def _kept(
    tags: list[tuple[str, str]],
    sections: list[tuple[str, tuple[str, ...]]],
    keep: PbnBoard,
    *,
    same_deal: bool,
    same_play: bool,
) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, tuple[str, ...]], ...]]:
    """The tags and sections :meth:`PbnBoard.make` made, merged with ``keep``'s others in
    ``keep``'s order (the made tags it has not, after them)."""
    made = dict(tags)
    made_sections = dict(sections)
    kept_sections = dict(keep.sections)
    out_tags: list[tuple[str, str]] = []
    out_sections: list[tuple[str, tuple[str, ...]]] = []
    for name, value in keep.tags:
        if name in MADE_TAGS or (name == "Result" and name in made):
            if name not in made:
                continue
            value = made.pop(name)
            lines = made_sections.get(name, ())
            if same_play and name in ("Auction", "Play") and value == keep.tag(name):
                lines = kept_sections.get(name, lines)  # as written: its notes, its layout
        elif (name in _OF_THE_DEAL and not same_deal) or (name in _OF_THE_PLAY and not same_play):
            continue
        else:
            lines = kept_sections.get(name, ())
        out_tags.append((name, value))
        if lines:
            out_sections.append((name, lines))
    for name, value in made.items():
        out_tags.append((name, value))
        if made_sections.get(name):
            out_sections.append((name, made_sections[name]))
    return tuple(out_tags), tuple(out_sections)


def _lines_of_text(value: object) -> bool:
    return isinstance(value, tuple) and all(isinstance(line, str) for line in value)


def _check_pairs(pairs: object, name: str, what: str, second: Callable[[object], bool]) -> None:
    """ArgumentTypeError naming ``name`` (and the pair) unless ``pairs`` is a tuple of pairs,
    each a str and a value ``second`` takes."""
    if not isinstance(pairs, tuple):
        raise ArgumentTypeError(f"{name} must be {what}, not {described(pairs)}")
    for i, pair in enumerate(pairs):
        if not (
            isinstance(pair, tuple)
            and len(pair) == 2
            and isinstance(pair[0], str)
            and second(pair[1])
        ):
            raise ArgumentTypeError(f"{name} must be {what}; {name}[{i}] is {described(pair)}")


def _lines(text: str) -> Iterator[tuple[int, str, str | None]]:
    """The file's lines (numbered from 1) less ``;`` and ``{...}`` comments, stripped, each
    with what is wrong with it (or None); ``%`` lines and lines of comments only are left out
    (a blank line ends a board, a comment does not). One line is held at a time; each is
    scanned by regular expressions that run in linear time and keep no record per character
    (a quoted string of millions of characters is one match)."""
    in_brace = False
    number = 0
    pos = 0
    ends = LINE_END.finditer(text)  # not at U+2028 and others
    while pos <= len(text):
        m = next(ends, None)
        stop = m.start() if m is not None else len(text)
        raw = text[pos:stop]
        pos = m.end() if m is not None else len(text) + 1
        number += 1
        at = 0
        if in_brace:
            close = raw.find("}")
            if close < 0:
                continue
            in_brace, at = False, close + 1
        elif _ESCAPED.match(raw):  # an escaped line: PBN's directives, skipped whole
            continue
        line, in_brace, problem = _uncommented(raw, at, number)
        line = line.strip()
        if line or problem or not raw or raw.isspace():  # a line of comments only is no blank
            yield number, line, problem


def _uncommented(raw: str, at: int, number: int) -> tuple[str, bool, str | None]:
    """``raw`` from ``at`` less its comments (quoted strings kept whole), whether a ``{``
    comment is still open at its end, and why the line is refused (more than
    :data:`MAX_LINE_COMMENTS` comments), or None."""
    m = _TEXT.match(raw, at)
    if m is None or m.end() == len(raw):  # (it always matches; most lines have no comment)
        return raw[at:] if at else raw, False, None
    parts = []
    for _ in range(MAX_LINE_COMMENTS + 1):
        end = m.end() if m is not None else at
        parts.append(raw[at:end])
        if end == len(raw) or raw[end] == ";":
            return "".join(parts), False, None
        close = raw.find("}", end + 1)
        if close < 0:
            return "".join(parts), True, None
        at = close + 1
        m = _TEXT.match(raw, at)
    problem = (
        f"the line has more than {MAX_LINE_COMMENTS:,} {{ }} comments; expected a PBN line (a "
        "tag pair or a line of a section)"
    )
    return "", False, problem


def _unescape(value: str) -> str:
    r"""``value`` with each ``\x`` read as ``x`` (pairs taken from the left, as the tag
    pattern reads them), by string operations that run in C and hold a few copies of the
    value, however many escapes it has.

    >>> _unescape(r'a\"b\\c\\\"'), _unescape("plain")
    ('a"b\\c\\"', 'plain')
    """
    if "\\" not in value:
        return value
    for hold in ("\x00", "\ufffe", "\uffff", "\ue000"):  # a character the value does not hold
        if hold not in value:
            return value.replace("\\\\", hold).replace("\\", "").replace(hold, "\\")
    return "\\".join(part.replace("\\", "") for part in value.split("\\\\"))


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


class _Chunk:
    """The board being read: its tags and section lines, where it starts, and the first
    thing wrong with it (the rest of it is still read, to find its end and its Board tag)."""

    __slots__ = ("error", "items", "sections", "start", "tags", "values")

    def __init__(self, start: int) -> None:
        self.start = start
        self.tags: list[tuple[str, str]] = []
        self.values: dict[str, str] = {}
        self.sections: list[tuple[str, list[str]]] = []
        self.items = 0
        self.error: str | None = None

    def fail(self, message: str, number: int) -> None:
        """The board is refused for ``message``, found on line ``number`` (named in the reason
        when it is not the board's first line, which the board's name gives)."""
        if self.error is None:
            self.error = message if number == self.start else f"line {number}: {message}"
            self.sections.clear()  # what a bad board held is not kept

    def count(self, number: int) -> bool:
        """One more tag or line to keep: False if the board is refused (beyond
        :data:`MAX_BOARD_ITEMS`, or for an earlier reason)."""
        self.items += 1
        if self.items > MAX_BOARD_ITEMS:
            self.fail(
                f"the board has more than {MAX_BOARD_ITEMS:,} tags and section lines; expected "
                "a PBN board (a few dozen)",
                number,
            )
        return self.error is None


def iter_pbn(text: str) -> Iterator[tuple[int, PbnBoard | PbnError]]:
    """The boards of a PBN file's text, in order, one at a time, each with the line where it
    starts (from 1): a :class:`PbnBoard`, or in its place the :class:`PbnError` saying why it
    cannot be read (with its number in the file and its Board tag), so that the other boards
    are still read. A board ends at a blank line, or where a second ``[Board …]`` tag begins the
    next one (a Board tag may follow the Deal tag: only a second one shows a new board).

    >>> text = '[Board "1"]\\n[Deal "N:A... K... Q... J..."]\\n[Board "2"]\\n[Deal "N:A..."]\\n'
    >>> [(line, type(b).__name__, b.board) for line, b in iter_pbn(text)]
    [(1, 'PbnBoard', '1'), (3, 'PbnError', '2')]
    """
    return _iter_pbn(expect(text, str, "text", _PBN_TEXT))


_PBN_TEXT: Final = "a PBN file's text (a str)"


def _iter_pbn(text: str) -> Iterator[tuple[int, PbnBoard | PbnError]]:
    """:func:`iter_pbn` of checked text."""
    chunk: _Chunk | None = None
    previous: dict[str, str] = {}
    count = 0

    def finish() -> tuple[int, PbnBoard | PbnError] | None:
        nonlocal chunk, previous, count
        done, chunk = chunk, None
        if done is None:
            return None
        count += 1
        previous = done.values
        board = done.values.get("Board")
        if done.error is not None:
            return done.start, PbnError(done.error, number=count, board=board, line=done.start)
        try:
            return done.start, PbnBoard(
                tuple(done.tags),
                tuple((name, tuple(lines)) for name, lines in done.sections if lines),
            )
        except NotationError as err:
            without = _without_play(done.tags, done.sections)
            return done.start, PbnError(
                str(err), number=count, board=board, line=done.start, without_play=without
            )

    for number, line, problem in _lines(text):
        if problem is not None:
            if chunk is None:
                chunk = _Chunk(number)
            chunk.fail(problem, number)
            continue
        if not line:
            board = finish()
            if board is not None:
                yield board
            continue
        pos = 0
        while pos < len(line) and line[pos] == "[":
            m = _TAG.match(line, pos)
            if m is None:
                if chunk is None:
                    chunk = _Chunk(number)
                chunk.fail(
                    f'{quote(line[pos:])} is not a tag pair; expected [Name "value"], e.g. '
                    '[Board "1"]',
                    number,
                )
                pos = len(line)
                break
            name, value = m.group(1), _unescape(m.group(2))
            pos = m.end()
            if name == "Board" and chunk is not None and "Board" in chunk.values:
                board = finish()  # a second Board tag begins the next board
                if board is not None:
                    yield board
            if chunk is None:
                chunk = _Chunk(number)
            if chunk.error is not None:  # only its Board tag is kept, to name it
                if name == "Board" and name not in chunk.values:
                    chunk.values[name] = value
                continue
            if value == "#":
                if name not in previous:
                    chunk.fail(
                        f'[{name} "#"] repeats the previous board\'s {name}, but there is none',
                        number,
                    )
                    continue
                value = previous[name]
            if name in chunk.values:
                chunk.fail(f"tag {quote(name)} appears twice in one board", number)
                continue
            if len(value) > MAX_TAG_VALUE:
                chunk.fail(_too_long(f"[{name}]", value), number)
                continue
            if chunk.count(number):
                chunk.values[name] = value
                chunk.tags.append((name, value))
                chunk.sections.append((name, []))
        if pos < len(line):
            rest = line[pos:] if pos else line
            if chunk is None:
                chunk = _Chunk(number)
                chunk.fail(
                    f'{quote(rest)} comes before any tag; expected a tag pair like [Board "1"] '
                    'or [Deal "N:..."]',
                    number,
                )
            elif chunk.error is None and len(rest) > MAX_TAG_VALUE:
                section = chunk.sections[-1][0]
                chunk.fail(_too_long(f"a line of the [{section}] section", rest), number)
            elif chunk.count(number):
                chunk.sections[-1][1].append(rest)
    board = finish()
    if board is not None:
        yield board


def read_pbn(text: str) -> list[PbnBoard]:
    """The boards of a PBN file's text, in order; :class:`PbnError` naming the first board that
    cannot be read (see :func:`iter_pbn` to read the others all the same)."""
    return every_board(_iter_pbn(expect(text, str, "text", _PBN_TEXT)))


def _without_play(
    tags: Sequence[tuple[str, str]], sections: Sequence[tuple[str, Sequence[str]]]
) -> PbnBoard | None:
    """The board of a PBN chunk that could not be read, its Play tag and section left out,
    if it reads so (the fault was in its play); else None."""
    if not any(name == "Play" for name, _ in tags):
        return None
    try:
        return PbnBoard(
            tuple((name, value) for name, value in tags if name != "Play"),
            tuple((name, tuple(lines)) for name, lines in sections if lines and name != "Play"),
        )
    except NotationError:
        return None


def every_board(read: Iterable[tuple[int, PbnBoard | PbnError]]) -> list[PbnBoard]:
    """The boards of a file read board by board (``(line, board or its error)``, as
    :func:`iter_pbn` and LIN's reader give them), in order; the first error raised."""
    boards = []
    for _, board in read:
        if isinstance(board, PbnError):
            raise board
        boards.append(board)
    return boards


def write_pbn(boards: Iterable[PbnBoard]) -> str:
    """PBN text for ``boards``: their tags and section lines, a blank line between boards."""
    chunks = []
    checked: tuple[PbnBoard, ...] = each(boards, PbnBoard, "boards", "an iterable of PbnBoards")
    for board in checked:
        data = dict(board.sections)
        lines = []
        for name, value in board.tags:
            lines.append(f'[{name} "{_escape(value)}"]')
            lines.extend(data.get(name, ()))
        chunks.append("\n".join(lines) + "\n")
    return "\n".join(chunks)


def pbn_text(data: bytes) -> str:
    """A PBN file's bytes as text: UTF-8 (a byte-order mark at its start is skipped), which
    most files written today are, else ISO 8859-1, the character set the PBN standard names
    (every byte is a character of it, so any file is read; a file that is not UTF-8 is taken
    whole as ISO 8859-1, never half of each).

    >>> pbn_text('[Event "Café"]'.encode("utf-8")), pbn_text('[Event "Café"]'.encode("latin-1"))
    ('[Event "Café"]', '[Event "Café"]')
    >>> pbn_text(b'\\xef\\xbb\\xbf[Board "1"]')
    '[Board "1"]'
    """
    if not isinstance(data, (bytes, bytearray)):
        raise ArgumentTypeError(f"data must be a PBN file's bytes (bytes), not {described(data)}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")
