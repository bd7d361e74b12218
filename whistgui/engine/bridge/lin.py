"""LIN files (Bridge Base Online's hand records) read and written as
:class:`~whistgui.engine.bridge.pbn.PbnBoard` records: the deal (``md|``), dealer,
vulnerability (``sv|``), board (``ah|Board 3|``, or a title ``ah|Hand A|``), players (``pn|``,
as the South, West, North and East tags), the event (vugraph's ``vg|``: title, subtitle,
scoring, teams as the Event, Stage, Scoring, HomeTeam and VisitTeam tags, for the boards after
it), the auction (``mb|``) with the contract it ends in, the play (``pc|``) and a claim (``mc|``,
as the Result tag). LIN has no place for PBN's Site and Date, nor for its other tags. endplay's
LIN parser (:mod:`endplay.parsers.lin`) reads the deal, dealer, vulnerability and board number,
its writer writes the file; the calls, cards, players and claim are read here (endplay's parser
stops on vugraph's eight players, ``sv|0|``, and a play that stops inside a trick).

A LIN file is pairs ``key|value|``; a board begins at its ``vg|``, ``pn|`` or ``qx|`` (or its
``md|`` when it has none) once the board before has its deal. The file is scanned here, pair by
pair, before endplay reads a board: a key that is not two letters, a value of more than
:data:`MAX_LIN_VALUE` characters, a board of more than ``MAX_BOARD_ITEMS`` pairs or text with
no ``|`` after it are refused board by board (lines of garbage together as one), quoted, and
the other boards still read. Each board is then checked: its auction by the rules, its play
against the deal.

>>> text = "pn|S,W,N,E|md|3SAKQJT98765432HDC,SHAKQJT98765432DC,SHDAKQJT98765432C,|sv|o|ah|Board 1|"
>>> text += "mb|7S|mb|p|mb|p|mb|p|pc|CA|"
>>> (board,) = read_lin(text)
>>> board.board, board.dealer, str(board.contract), board.declarer, board.auction[0], board.play
('1', <Seat.N: 0>, '7S', <Seat.N: 0>, '7S', (BridgeCard.parse('CA'),))
>>> read_lin(write_lin([board])) == [board]
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, Final

from whistgui.engine.bridge.deal import BridgeCard, BridgeDeal, Seat
from whistgui.engine.bridge.pbn import (
    MAX_BOARD_ITEMS,
    PbnBoard,
    PbnError,
    every_board,
    iter_pbn,
)
from whistgui.engine.bridge.records import (
    auction_contract,
    auction_lines,
    check_auction,
    parse_call,
    play_lines,
)
from whistgui.engine.checks import each, expect
from whistgui.engine.errors import IllegalPlayError, NotationError
from whistgui.engine.reading import label, quote

__all__ = ["MAX_LIN_VALUE", "is_lin", "iter_lin", "iter_records", "read_lin", "write_lin"]

#: The longest value a LIN pair may hold (a comment or a note of a few lines is far less).
MAX_LIN_VALUE: Final = 10_000
_KEY: Final = re.compile(r"[A-Za-z]{2}")
#: A hand of md|: the four suits' letters, each with its ranks (an empty hand: left out).
_HAND: Final = re.compile(r"(?:S[2-9TJQKA]*H[2-9TJQKA]*D[2-9TJQKA]*C[2-9TJQKA]*)?")
#: Text that begins a LIN file: (spaces, then) one of the keys BBO's files begin with.
_LIN_START: Final = re.compile(r"\s*(?:pn|md|qx|st|vg|rs|ah|sv|pw|bn|mn)\|", re.IGNORECASE)
#: endplay's vulnerabilities (Vul's names) as PBN's Vulnerable tag writes them.
_VULNERABLE: Final = {"none": "None", "ns": "NS", "ew": "EW", "both": "All"}
_SEAT_TAGS: Final = {"South": Seat.S, "West": Seat.W, "North": Seat.N, "East": Seat.E}
_LIN_TEXT: Final = "a LIN file's text (a str)"
#: sv's values as endplay reads them (vugraph writes 0 for none); a board number it reads.
_VUL_LETTERS: Final = {"0": "o", "o": "o", "-": "o", "n": "n", "e": "e", "b": "b"}
_BOARD_NUMBER: Final = re.compile(r"Board \d{1,9}")
#: qx|'s value: the room (o open, c closed) and the board's number.
_ROOM_BOARD: Final = re.compile(r"[oc](\d{1,9})", re.IGNORECASE)
_ENDPLAY_ERRORS: Final = (ValueError, IndexError, KeyError, TypeError, AttributeError)
#: vg|'s scoring letter and PBN's Scoring tag for it.
_SCORING: Final = {"I": "IMP", "P": "MP", "B": "BAM"}
#: The PBN tags vg|'s fields hold (its title, subtitle, scoring, first and last boards, the
#: teams and their carried-over scores), by the field's place.
_VG_TAGS: Final = ((0, "Event"), (1, "Stage"), (2, "Scoring"), (5, "HomeTeam"), (7, "VisitTeam"))


def is_lin(text: str) -> bool:
    """Whether ``text`` begins as a LIN file does (``pn|…``, ``md|…``, ``qx|…`` …).

    >>> is_lin("pn|a,b,c,d|md|3S2,,,|"), is_lin('[Board "1"]')
    (True, False)
    """
    return _LIN_START.match(expect(text, str, "text", _LIN_TEXT)) is not None


class _Scan:
    """The board being read: its pairs, the line it starts on, and the first thing wrong."""

    __slots__ = ("error", "has_deal", "keys", "line", "open_end", "pairs")

    def __init__(self, line: int) -> None:
        self.line = line
        self.pairs: list[tuple[str, str]] = []
        self.has_deal = False
        self.keys: set[str] = set()
        self.error: str | None = None
        #: the last pair when the file ends without its | (read as if it had one)
        self.open_end: str | None = None

    def fail(self, message: str) -> None:
        if self.error is None:
            self.error = message
            self.pairs.clear()


def iter_lin(text: str) -> Iterator[tuple[int, PbnBoard | PbnError]]:
    """The boards of a LIN file's text, in order, each with the line where it starts: a
    :class:`PbnBoard`, or in its place the :class:`PbnError` saying why it cannot be read
    (named by its ``ah|Board N|`` or its number in the file), as :func:`iter_pbn` gives them.

    >>> bad = "pn|a,b,c,d|md|3SAK,H,D,C|ah|Board 4|\\npn|a,b,c,d|md|9xx|"
    >>> [type(b).__name__ for _, b in iter_lin(bad)]
    ['PbnError', 'PbnError']
    """
    return _iter_lin(expect(text, str, "text", _LIN_TEXT))


def _iter_lin(text: str) -> Iterator[tuple[int, PbnBoard | PbnError]]:
    count = 0
    line = 1
    pos = 0
    scan: _Scan | None = None
    event: str | None = None  # the last vg|: the event of the boards after it
    players: str | None = None  # the last pn|: vugraph writes it once, both rooms' players

    def finish() -> tuple[int, PbnBoard | PbnError] | None:
        nonlocal scan, count, event, players
        done, scan = scan, None
        if done is None:
            return None
        count += 1
        event = next((v for k, v in done.pairs if k == "vg"), event)
        players = next((v for k, v in done.pairs if k == "pn"), players)
        name = next((v[6:].strip() for k, v in done.pairs if k == "ah" and v[:6] == "Board "), None)
        if done.error is not None:
            return done.line, PbnError(done.error, number=count, board=name, line=done.line)
        try:
            return done.line, _board(done.pairs, event, players)
        except NotationError as exc:
            said = str(exc)
            if done.open_end is not None:  # the pair the file ends in may be cut short
                said = f"{done.open_end} has no | at its end (is the file cut short?); {said}"
            without = exc.board if isinstance(exc, PlayError) else None
            return done.line, PbnError(
                said, number=count, board=name, line=done.line, without_play=without
            )

    size = len(text)
    while pos < size:
        bar = text.find("|", pos)
        if bar < 0:
            rest = text[pos:]
            if rest.strip():
                if scan is not None and scan.has_deal:  # the text after a board is not of it
                    board = finish()
                    if board is not None:
                        yield board
                if scan is None:
                    scan = _Scan(line + rest[: len(rest) - len(rest.lstrip())].count("\n"))
                scan.fail(
                    f"{quote(rest.strip())} has no | after it; expected LIN pairs key|value| "
                    "(is the file cut short?)"
                )
            break
        raw_key = text[pos:bar]
        key = raw_key.strip()
        here = line + raw_key[: len(raw_key) - len(raw_key.lstrip())].count("\n")
        if _KEY.fullmatch(key) is None:
            if scan is not None and scan.has_deal:  # the text after a board is not of it
                board = finish()
                if board is not None:
                    yield board
            if scan is None:
                scan = _Scan(here)
            shown = key.split("\n", 1)[0].strip()
            scan.fail(f"{quote(shown)} is not a LIN key; expected two letters such as md, mb or pc")
            # go on at the next line: a LIN file holds a board (or a few pairs) a line
            start = bar - len(raw_key.lstrip())
            nl = text.find("\n", start)
            if nl < 0:
                break
            line = here + text.count("\n", start, nl) + 1
            pos = nl + 1  # (lines of garbage after it are one refusal, not one each)
            continue
        line = here
        key = key.lower()
        end = text.find("|", bar + 1)
        if end < 0:
            end = size
        value = text[bar + 1 : end]
        breaks = value.count("\n")
        if scan is not None and (
            (key in ("vg", "pn", "qx", "md") and (scan.has_deal or scan.error is not None))
            or (key in ("pn", "qx") and key in scan.keys)
        ):
            board = finish()
            if board is not None:
                yield board
        if scan is None:
            scan = _Scan(here)
        line += breaks
        pos = end + 1
        if scan.error is not None:
            if key == "ah" and len(value) < 100:
                scan.pairs.append((key, value.strip()))  # only to name the board
            continue
        if end == size:  # the last pair: BBO's files sometimes end without the final |
            tail = value.rstrip()
            if not tail or "\n" in tail or "|" in tail:
                scan.fail(f"{key}|{quote(value)} has no | at its end; expected key|value|")
                continue
            value, breaks = tail, 0
            scan.open_end = f"{key}|{quote(value)}"
        if len(value) > MAX_LIN_VALUE:
            scan.fail(
                f"the value of {key}| has {len(value):,} characters: {quote(value)}; expected "
                f"at most {MAX_LIN_VALUE:,}"
            )
            continue
        if len(scan.pairs) >= MAX_BOARD_ITEMS:
            scan.fail(
                f"the board has more than {MAX_BOARD_ITEMS:,} pairs; expected a LIN board (a "
                "few hundred at most)"
            )
            continue
        if breaks:
            value = value.replace("\r", "").replace("\n", "")
        scan.pairs.append((key, value))
        scan.keys.add(key)
        if key == "md":
            scan.has_deal = True
    board = finish()
    if board is not None:
        yield board


def _check_hands(deal_text: str, hands: list[str]) -> None:
    """NotationError naming a card that md| gives to two hands (endplay, completing the
    fourth hand, said only "more than 13 undealt cards")."""
    held: dict[str, str] = {}
    for hand, seat in zip(hands, ("South", "West", "North", "East"), strict=False):
        suit = ""
        for ch in hand:
            if ch in "SHDC":
                suit = ch
                continue
            card = suit + ch
            if card in held:
                symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[suit]
                rank = "10" if ch == "T" else ch
                where = (
                    f"both {held[card]}'s and {seat}'s hands"
                    if held[card] != seat
                    else f"{seat}'s hand twice"
                )
                raise NotationError(
                    f"md|{quote(deal_text)}: card {symbol}{rank} is in {where}; expected each "
                    "card in one hand"
                )
            held[card] = seat


def _event_tags(vg: str | None) -> list[tuple[str, str]]:
    """The PBN tags of a vg| value (title, subtitle, scoring, first, last, team, score, team,
    score): Event, Stage, Scoring, HomeTeam, VisitTeam, those it gives.

    >>> [value for _, value in _event_tags("Spring Teams,Final,I,1,16,Oaks,0,Elms,3")]
    ['Spring Teams', 'Final', 'IMP', 'Oaks', 'Elms']
    """
    if not vg:
        return []
    fields = [f.strip() for f in vg.split(",")]
    tags = []
    for place, name in _VG_TAGS:
        value = fields[place] if place < len(fields) else ""
        if name == "Scoring":
            value = _SCORING.get(value.upper(), "")
        if value:
            tags.append((name, value))
    return tags


def _vg_value(board: PbnBoard, numbers: tuple[str, str]) -> str | None:
    """vg|'s value for a board's Event, Stage, Scoring, HomeTeam and VisitTeam tags (None
    without an Event); ``numbers``: the first and last boards of the event's run."""
    if not board.tag("Event"):
        return None
    scoring = (board.tag("Scoring") or "").upper()
    letter = next((k for k, v in _SCORING.items() if scoring.startswith(v)), "")
    if scoring.startswith("MATCHPOINT"):
        letter = "P"
    fields = [
        _lin_text(board.tag("Event") or ""),
        _lin_text(board.tag("Stage") or ""),
        letter,
        *numbers,
        _lin_text(board.tag("HomeTeam") or ""),
        "0",
        _lin_text(board.tag("VisitTeam") or ""),
        "0",
    ]
    return ",".join(fields)


def _fits(board: PbnBoard, key: str, what: str, value: str) -> None:
    """NotationError naming ``board`` unless ``value`` fits in a LIN pair (at most
    :data:`MAX_LIN_VALUE` characters, as the reader takes them)."""
    if len(value) > MAX_LIN_VALUE:
        raise NotationError(
            f"board {label(board.board or '?')}: {what} take {len(value):,} characters in "
            f"LIN's {key}|: {quote(value)}; expected at most {MAX_LIN_VALUE:,}"
        )


def _is_number(text: str) -> bool:
    """Whether ``text`` is a number in ASCII digits (``str.isdigit`` takes ``²`` and ``٣``,
    which ``int`` refuses or reads as another digit).

    >>> _is_number("12"), _is_number("²"), _is_number("")
    (True, False, False)
    """
    return text.isascii() and text.isdigit()


def _lin_text(value: str) -> str:
    """A tag's value as a field of a LIN pair: no ``,`` or ``|`` (which end it)."""
    return value.replace(",", " ").replace("|", " ")


def _board(
    pairs: list[tuple[str, str]], event: str | None = None, players: str | None = None
) -> PbnBoard:
    """The board of checked pairs, read by endplay's LIN parser (``event`` and ``players``:
    the vg| and pn| values it is played under); NotationError quoting what it could not
    read."""
    from endplay.parsers.lin import LINDecoder

    deal_text = next((v for k, v in pairs if k == "md"), None)
    if deal_text is None:
        raise NotationError(
            "the board has no md| (its deal); expected md|3SAKQ...,S...,S...,S...| with the "
            "dealer's digit first"
        )
    if deal_text[:1] not in ("1", "2", "3", "4"):
        raise NotationError(
            f"md|{quote(deal_text)}: expected the dealer's digit first (1 South, 2 West, "
            "3 North, 4 East), then the hands South, West, North, East"
        )
    hands = deal_text[1:].split(",")
    if len(hands) > 4 or not all(_HAND.fullmatch(h) for h in hands):
        raise NotationError(
            f"md|{quote(deal_text)}: expected the dealer's digit, then the hands South, West, "
            "North, East, comma-separated, each S, H, D, C with the ranks after each (AKQJT98765"
            "432): md|3SAK2H..D..C..,S..H..D..C..,S..H..D..C..,|"
        )
    _check_hands(deal_text, hands)
    calls: list[str] = []
    claimed: int | None = None
    for k, v in pairs:
        if k in ("mb", "pc") and not v.strip():
            raise NotationError(f"{k}|| is empty; expected a {'call' if k == 'mb' else 'card'}")
        if k == "mb":
            try:
                calls.append(parse_call(v))
            except NotationError as exc:
                raise NotationError(f"mb|{v}|: {exc}") from None
        elif k == "mc":
            if not _is_number(v.strip()) or int(v) > 13:
                raise NotationError(
                    f"mc|{quote(v)}|: expected the tricks claimed by declarer, 0 to 13"
                )
            claimed = int(v)
    # endplay reads the deal, the dealer, the vulnerability and the board's number; the rest is
    # read here, as BBO's hand records write it: vugraph's pn of eight players (both rooms),
    # sv|0|, a board name that is not a number, an alert before any call, and a play that stops
    # inside a trick without a claim would stop endplay's parser (it counts the tricks played).
    kept = []
    board_name: str | None = None
    closed = False
    room: str | None = None
    for k, v in pairs:
        if k == "qx" and board_name is None and (qx := _ROOM_BOARD.fullmatch(v.strip())):
            board_name = qx.group(1)  # qx|o5|: board 5 (open room); ah| names it better
            closed = v.strip()[:1].lower() == "c"
            room = "Closed" if closed else "Open"  # PBN's Room tag
        elif k == "ah":
            board_name = v[6:].strip() if v[:6].lower() == "board " else v.strip()
            if _BOARD_NUMBER.fullmatch(v) is not None:
                kept.append((k, v))
        elif k == "sv":
            kept.append((k, _VUL_LETTERS.get(v.strip().lower(), v)))
        elif k == "md":
            kept.append((k, v))
    line = "".join(f"{k}|{v}|" for k, v in kept)
    play_error: str | None = None
    try:
        play = tuple(BridgeCard.parse(v) for k, v in pairs if k == "pc")
    except NotationError as exc:
        play, play_error = (), f"the play (pc|): {exc}"
    try:
        record: Any = LINDecoder().parse_line(line)  # type: ignore[no-untyped-call]
        deal = BridgeDeal.parse(record.deal.to_pbn())
    except NotationError as exc:
        raise NotationError(f"md|{quote(deal_text)}: {exc}") from None
    except _ENDPLAY_ERRORS as exc:
        raise NotationError(f"{quote(line)} is not a LIN board: {exc}") from None
    if deal.size != 13:
        raise NotationError(
            f"md|{quote(deal_text)} deals {deal.size} cards a hand; expected 13 (or three "
            "hands of 13, the fourth left out)"
        )
    dealer = Seat(int(record.dealer))
    auction = tuple(calls)
    vul = _VULNERABLE.get(record.vul.name) if record.vul is not None else None
    tags: list[tuple[str, str]] = _event_tags(event)
    if board_name:
        tags.append(("Board", board_name))
    if room is not None:
        tags.append(("Room", room))
    tags.append(("Dealer", str(dealer)))
    if vul is not None:
        tags.append(("Vulnerable", vul))
    tags.append(("Deal", deal.to_pbn(dealer)))
    names = [n.strip() for n in (players or "").split(",")]
    names = names[4:8] if closed and len(names) >= 8 else names[:4]  # vugraph: open, closed
    for name, value in zip(_SEAT_TAGS, names, strict=False):  # pn| is South, West, North, East
        if value:
            tags.append((name, value))
    sections: list[tuple[str, tuple[str, ...]]] = []
    try:
        check_auction(dealer, auction)
        found = auction_contract(dealer, auction)
    except (NotationError, IllegalPlayError) as exc:
        raise NotationError(f"the auction (mb|): {exc}") from None
    if found is not None:
        contract, declarer = found
        tags += [("Contract", str(contract)), ("Declarer", str(declarer))]
        if claimed is not None:
            tags.append(("Result", str(claimed)))
    if auction:
        tags.append(("Auction", str(dealer)))
        sections.append(("Auction", auction_lines(dealer, auction)))
    if found is None and play:
        play_error = f"{len(play)} cards are played (pc|) but the auction names no contract"
    elif play and found is not None:
        contract, declarer = found
        try:
            lines = play_lines(declarer.lho, deal, contract, declarer, play)
        except (NotationError, IllegalPlayError) as exc:
            play_error = f"the play (pc|): {exc}"
        else:
            tags.append(("Play", str(declarer.lho)))
            sections.append(("Play", lines))
    board = PbnBoard(tuple(tags), tuple(sections))
    if play_error is not None:  # the board is read; only what needs its play is refused
        raise PlayError(play_error, board)
    return board


class PlayError(NotationError):
    """A board whose played cards cannot be read: ``board`` is the board without them (what
    needs no play — its table, a contract's result — can still be answered)."""

    def __init__(self, message: str, board: PbnBoard) -> None:
        super().__init__(message)
        self.board = board


def iter_records(text: str) -> Iterator[tuple[int, PbnBoard | PbnError]]:
    """The boards of a hand-record file's text, LIN (:func:`is_lin`) or PBN, as
    :func:`iter_lin` and :func:`~whistgui.engine.bridge.pbn.iter_pbn` give them.

    >>> [b.board for _, b in iter_records('[Board "4"]\\n[Deal "N:A... K... Q... J..."]')]
    ['4']
    """
    return _iter_lin(text) if is_lin(text) else iter_pbn(text)


def read_lin(text: str) -> list[PbnBoard]:
    """The boards of a LIN file's text, in order; :class:`PbnError` naming the first board that
    cannot be read (see :func:`iter_lin` to read the others all the same)."""
    return every_board(_iter_lin(expect(text, str, "text", _LIN_TEXT)))


def write_lin(boards: Iterable[PbnBoard]) -> str:
    """LIN text for ``boards`` (one a line), written by endplay's LIN writer: the deal from its
    dealer (North when the board has none), the vulnerability, the board's number (``ah|Board
    3|``, or its title ``ah|Hand A|``), the players, the auction and the play, and ``mc|`` (the
    tricks declarer took or claimed) for a Result tag; ``vg|`` (Event, Stage, Scoring, the
    teams) begins the line of the first board of each event."""
    from endplay.parsers.lin import dumps
    from endplay.types import Bid, Board, Card, Deal, Player, Vul

    checked: tuple[PbnBoard, ...] = each(boards, PbnBoard, "boards", "an iterable of PbnBoards")
    if not checked:
        return ""  # (endplay writes an empty line for no board)
    records = []
    heads: list[str] = []
    titles: list[str | None] = []
    for b in checked:
        first = b.tag("Auction")
        dealer = b.dealer or (Seat.parse(first) if first and b.auction else Seat.N)
        vul_name = {"None": "none", "Love": "none", "-": "none", "NS": "ns", "EW": "ew"}.get(
            b.vulnerable or "None", "both"
        )
        number = b.board if b.board is not None and _is_number(b.board) else None
        record = Board(
            Deal.from_pbn(b.deal.to_pbn()),
            [Bid(c) for c in b.auction],
            [Card(str(c)) for c in b.play],
            int(number) if number is not None else None,
            vul=Vul.find(vul_name),
            dealer=Player(int(dealer)),
        )
        names = [_lin_text(b.tag(tag) or "") for tag in _SEAT_TAGS]
        _fits(b, "pn", "the players' names", ",".join(names))
        for tag, name in zip(_SEAT_TAGS, names, strict=True):
            if name:
                setattr(record.info, tag.lower(), name)
        result = b.tag("Result")
        contract, declarer = b.contract, b.declarer
        if result is not None and _is_number(result) and int(result) <= 13 and contract is not None:
            from endplay.types import Contract as EndplayContract
            from endplay.types import Denom, Penalty

            strain = "n" if str(contract.strain) == "NT" else str(contract.strain).lower()
            record.contract = EndplayContract(
                level=contract.level,
                denom=Denom.find(strain),
                declarer=Player(int(declarer or Seat.N)),
                penalty=(Penalty.passed, Penalty.doubled, Penalty.redoubled)[contract.doubled],
                result=int(result) - contract.tricks_needed,
            )
            record.claimed = True
        records.append(record)
        titles.append(_lin_text(b.board) if b.board and number is None else None)
    events = [_vg_value(b, ("", "")) for b in checked]
    for i, b in enumerate(checked):
        event = events[i]
        if event is None and i and events[i - 1] is not None:
            heads.append("vg||")  # the event before ends: no event for the boards after
            continue
        if event is None or (i and events[i - 1] == event):
            heads.append("")
            continue
        _fits(b, "vg", "the event's title, subtitle and teams", event)
        run = i
        while run + 1 < len(checked) and events[run + 1] == event:
            run += 1
        first, last = checked[i].board or "", checked[run].board or ""
        numbers = (first, last) if _is_number(first) and _is_number(last) else ("", "")
        heads.append(f"vg|{_vg_value(b, numbers)}|")
    lines = str(dumps(records)).split("\n")[:-1]  # (a name may hold U+2028: no splitlines)
    out = []
    for line, head, title in zip(lines, heads, titles, strict=True):
        if title:  # a board named, not numbered: its title where endplay writes a number
            line = line.replace("|rh||", f"|rh||ah|{title}|", 1)
        out.append(head + line)
    return "\n".join(out) + "\n"
