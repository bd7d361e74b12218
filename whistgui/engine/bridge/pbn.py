"""PBN files: boards of tag pairs (``[Board "1"]``, ``[Deal "N:..."]``, ...) read and written.

A board is a run of tag pairs, ended by a blank line. Comments (``; to the end of the line``
and ``{ ... }``, which may span lines) and ``%`` directive lines are skipped; lines that are
not tag pairs are the data of the section opened by the tag before them (``[Auction "N"]``
followed by calls) and are kept as text. A tag value ``#`` repeats the previous board's value.

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
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from whistgui.engine.bridge.contract import Contract
from whistgui.engine.bridge.deal import BridgeDeal, Seat
from whistgui.engine.errors import NotationError
from whistgui.engine.reading import LINE_END, quote

__all__ = ["PbnBoard", "PbnError", "read_pbn", "write_pbn"]

_TAG: Final = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
#: Values of the Vulnerable tag that PBN allows.
VULNERABLE: Final = ("None", "NS", "EW", "All", "Love", "-", "Both")


class PbnError(NotationError):
    """A PBN file that cannot be read; the message names the board and line and quotes them."""


@dataclass(frozen=True, slots=True)
class PbnBoard:
    """One board of a PBN file: its tag pairs in file order (the ``Deal`` tag among them) and
    the text lines of its sections, by the tag that opened them. ``deal`` is parsed from the
    Deal tag."""

    tags: tuple[tuple[str, str], ...]
    sections: tuple[tuple[str, tuple[str, ...]], ...] = ()
    deal: BridgeDeal = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        value = self.tag("Deal")
        if value is None:
            board = self.tag("Board")
            which = f"board {quote(board)}" if board else "a board"
            raise PbnError(f'{which} has no [Deal "..."] tag')
        object.__setattr__(self, "deal", BridgeDeal.parse(value))
        # Check the tags the properties read, so a bad one fails here, not later.
        _ = self.dealer, self.declarer, self.contract
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
    ) -> PbnBoard:
        """A board from its parts; the deal is written from the dealer's seat (or North)."""
        tags: list[tuple[str, str]] = []
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
        return cls(tuple(tags))

    def tag(self, name: str) -> str | None:
        """The value of tag ``name`` (case as written in PBN: ``Deal``), or ``None``."""
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
        value = self.tag("Declarer")
        return None if value in (None, "", "?") else Seat.parse(value)

    @property
    def vulnerable(self) -> str | None:
        return self.tag("Vulnerable")

    @property
    def contract(self) -> Contract | None:
        """The contract, or ``None`` if there is none or the board was passed out."""
        value = self.tag("Contract")
        if value is None or value.strip().upper() in ("", "?", "PASS"):
            return None
        return Contract.parse(value)


def _strip_comments(text: str) -> list[tuple[int, str]]:
    """The file's lines (numbered from 1) less ``;`` and ``{...}`` comments."""
    out: list[tuple[int, str]] = []
    in_brace = False
    for number, raw in enumerate(LINE_END.split(text), start=1):  # not at U+2028 and others
        line = []
        in_quote = False
        i = 0
        while i < len(raw):
            ch = raw[i]
            if in_brace:
                if ch == "}":
                    in_brace = False
            elif in_quote:
                line.append(ch)
                if ch == "\\" and i + 1 < len(raw):
                    line.append(raw[i + 1])
                    i += 1
                elif ch == '"':
                    in_quote = False
            elif ch == '"':
                in_quote = True
                line.append(ch)
            elif ch == "{":
                in_brace = True
            elif ch == ";":
                break
            else:
                line.append(ch)
            i += 1
        out.append((number, "".join(line).rstrip()))
    return out


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def read_pbn(text: str) -> list[PbnBoard]:
    """The boards of a PBN file's text, in order."""
    boards: list[PbnBoard] = []
    tags: list[tuple[str, str]] = []
    sections: list[tuple[str, list[str]]] = []
    start = 0
    previous: dict[str, str] = {}

    def finish() -> None:
        nonlocal tags, sections, previous
        if not tags:
            return
        where = f"board {len(boards) + 1}"
        board_tag = dict(tags).get("Board")
        if board_tag is not None:
            where += f" ([Board {quote(board_tag)}])"
        where += f" starting at line {start}"
        try:
            board = PbnBoard(
                tuple(tags), tuple((name, tuple(lines)) for name, lines in sections if lines)
            )
        except NotationError as err:
            raise PbnError(f"{where}: {err}") from None
        boards.append(board)
        previous = dict(tags)
        tags, sections = [], []

    for number, line in _strip_comments(text):
        stripped = line.strip()
        if not stripped:
            finish()
            continue
        if stripped.startswith("%"):
            continue
        pos = 0
        rest = stripped
        if rest.startswith("["):
            while rest.startswith("["):
                m = _TAG.match(rest)
                if m is None:
                    raise PbnError(
                        f"line {number}: {quote(rest)} is not a tag pair; expected "
                        '[Name "value"], e.g. [Board "1"]'
                    )
                name, value = m.group(1), _unescape(m.group(2))
                if value == "#":
                    if name not in previous:
                        raise PbnError(
                            f'line {number}: [{name} "#"] repeats the previous board\'s '
                            f"{name}, but there is none"
                        )
                    value = previous[name]
                if not tags:
                    start = number
                if any(key == name for key, _ in tags):
                    raise PbnError(f"line {number}: tag {quote(name)} appears twice in one board")
                tags.append((name, value))
                sections.append((name, []))
                pos = m.end()
                rest = rest[pos:].strip()
            if rest:
                sections[-1][1].append(rest)
            continue
        if not tags:
            raise PbnError(
                f"line {number}: {quote(stripped)} comes before any tag; expected a tag pair "
                'like [Board "1"] or [Deal "N:..."]'
            )
        sections[-1][1].append(stripped)
    finish()
    return boards


def write_pbn(boards: Iterable[PbnBoard]) -> str:
    """PBN text for ``boards``: their tags and section lines, a blank line between boards."""
    chunks = []
    for board in boards:
        data = dict(board.sections)
        lines = []
        for name, value in board.tags:
            lines.append(f'[{name} "{_escape(value)}"]')
            lines.extend(data.get(name, ()))
        chunks.append("\n".join(lines) + "\n")
    return "\n".join(chunks)
