"""Par as players write it: ``2♠ N/S +110``, ``5♦x E/W −300``, ``Passed out``.

DDS gives par as the score from North–South's side and every contract that reaches it at the
lowest level it can be bid, with its overtricks (``1♠N+1, 1♠S+1, 1♥N+1, 1♥S+1`` for +110).
Players and hand records (Deep Finesse, BBO) write the contract at the level it is bid — a
partscore that makes with overtricks is raised to the level it makes exactly, when that is
still a partscore scoring the same (``1♠+1`` and ``2♠`` are both 110); a game or a slam keeps
its overtricks (``3NT+1``, not ``4NT``) — the side that declares (``N/S``, or ``N`` when only
North makes it), and that side's score: a sacrifice's is negative.

>>> from whistgui.engine.bridge.dds import Par
>>> par_words(Par(110, ("1♠N+1", "1♠S+1", "1♥N+1", "1♥S+1")))
'2♠ or 2♥ N/S +110'
>>> par_words(Par(300, ("5♦Ex-2", "5♦Wx-2")), "EW")
'5♦x E/W −300 (E/W vul)'
>>> par_words(Par(0, ()))
'Passed out'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from whistgui.engine.bridge.contract import BOOK, Contract
from whistgui.engine.bridge.dds import Par
from whistgui.engine.bridge.deal import Seat, Strain
from whistgui.engine.checks import expect, whole
from whistgui.engine.errors import ArgumentError
from whistgui.engine.reading import quote

__all__ = [
    "ParContract",
    "contract_score",
    "par_contract",
    "par_contracts",
    "par_words",
    "vulnerable_words",
]

#: DDS's par contract: level, strain (a symbol, a letter or NT), the declarers, x or xx (also
#: read before the declarers), the result (``=``, ``+1``, ``-2``): ``5♦Ex-2``.
_PAR_CONTRACT: Final = re.compile(
    r"([1-7])(NT|[♠♥♦♣SHDC])(x{0,2})([NESW]{1,2})(x{0,2})(=|[+-]\d{1,2})?", re.IGNORECASE
)
_SYMBOL: Final = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
#: The vulnerabilities by every name PBN and par give them, as the sides vulnerable.
_VULNERABLE: Final = {
    "none": "",
    "love": "",
    "-": "",
    "ns": "NS",
    "ew": "EW",
    "all": "NSEW",
    "both": "NSEW",
}
_VUL_WORDS: Final = {"": "none vul", "NS": "N/S vul", "EW": "E/W vul", "NSEW": "both vul"}


def _vulnerable(value: str) -> str:
    """``value`` (None, NS, EW, All, Love, -, Both; any case) as the seats vulnerable."""
    expect(value, str, "vulnerable", "a vulnerability (a str: None, NS, EW or All)")
    seats = _VULNERABLE.get(value.strip().lower())
    if seats is None:
        raise ArgumentError(
            f"vulnerable must be None, NS, EW or All (or PBN's Love, - and Both), not "
            f"{quote(value)}"
        )
    return seats


def vulnerable_words(value: str) -> str:
    """``none vul``, ``N/S vul``, ``E/W vul`` or ``both vul``."""
    return _VUL_WORDS[_vulnerable(value)]


def contract_score(level: int, strain: Strain, doubled: int, vulnerable: bool, tricks: int) -> int:
    """The duplicate score of a contract for the declaring side when it takes ``tricks``
    (negative when it goes down).

    >>> contract_score(4, Strain.S, 0, False, 10), contract_score(3, Strain.NT, 0, True, 10)
    (420, 630)
    >>> contract_score(5, Strain.D, 1, False, 9), contract_score(7, Strain.H, 1, False, 7)
    (-300, -1400)
    """
    level = whole(level, "level", low=1, high=7, what="a contract's level, from 1 to 7")
    expect(strain, Strain, "strain")
    doubled = whole(doubled, "doubled", low=0, high=2, what="0, 1 (x) or 2 (xx)")
    expect(vulnerable, bool, "vulnerable", "a bool")
    tricks = whole(tricks, "tricks", low=0, high=13, what="a count of tricks, from 0 to 13")
    need = level + BOOK
    factor = (1, 2, 4)[doubled]
    if tricks < need:
        down = need - tricks
        if not doubled:
            return -(100 if vulnerable else 50) * down
        if vulnerable:
            penalty = 200 + 300 * (down - 1)
        else:
            penalty = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
        return -penalty * doubled
    per = 20 if strain in (Strain.C, Strain.D) else 30
    trick_score = _trick_score(level, strain) * factor
    score = trick_score
    score += (500 if vulnerable else 300) if trick_score >= _GAME else 50
    if level == 6:
        score += 750 if vulnerable else 500
    elif level == 7:
        score += 1500 if vulnerable else 1000
    score += 50 * doubled  # for the insult
    over = tricks - need
    if doubled:
        score += over * (200 if vulnerable else 100) * doubled
    else:
        score += over * per
    return score


#: The trick score of a game.
_GAME: Final = 100


def _trick_score(level: int, strain: Strain) -> int:
    per = 20 if strain in (Strain.C, Strain.D) else 30
    return per * level + (10 if strain is Strain.NT else 0)


@dataclass(frozen=True, slots=True)
class ParContract:
    """A par contract as players write it: ``level`` in ``strain`` (``doubled`` 0, 1 or 2)
    by ``seats`` (``"NS"``, ``"N"``…), ``result`` the tricks over (+) or under (−) it — 0 once
    a making contract is raised to the level it makes."""

    level: int
    strain: Strain
    doubled: int
    seats: str
    result: int

    @property
    def side(self) -> str:
        """``N/S``, ``E/W``, or the one seat."""
        if len(self.seats) == 2:
            return f"{self.seats[0]}/{self.seats[1]}"
        return self.seats

    def __str__(self) -> str:
        """``2♠``, ``5♦x``, ``4♠x+1`` (a doubled contract's overtricks are not its level's)."""
        symbol = "NT" if self.strain is Strain.NT else self.strain.symbol
        over = f"+{self.result}" if self.result > 0 else ""
        return f"{self.level}{symbol}{'x' * self.doubled}{over}"


def _read(text: str) -> ParContract:
    m = _PAR_CONTRACT.fullmatch(text.strip())
    if m is None:
        raise ArgumentError(
            f"{quote(text)} is not a par contract; expected DDS's form, like '4♠N=' or '5♦Ex-2'"
        )
    level, strain_text, x1, seats, x2, result = m.groups()
    xs = x1 + x2
    strain = Strain.parse(_SYMBOL.get(strain_text, strain_text))
    if len(xs) > 2:
        raise ArgumentError(f"{quote(text)} is doubled {len(xs)} times; expected x or xx")
    seats = "".join(sorted(set(seats.upper()), key="NESW".index))
    if len(seats) == 2 and seats not in ("NS", "EW"):
        raise ArgumentError(f"{quote(text)}: {seats!r} are not partners; expected NS or EW")
    over = 0 if result in (None, "=") else int(result)
    return ParContract(int(level), strain, len(xs), seats, over)


def par_contracts(result: Par, vulnerable: str = "None") -> list[ParContract]:
    """The contracts of ``result`` as players write them: raised to the level they make when
    that scores the same, partners who both reach it merged (``N/S``), each once, in DDS's
    order."""
    expect(result, Par, "result")
    vul = _vulnerable(vulnerable)
    merged: dict[tuple[int, Strain, int, int], str] = {}
    for text in result.contracts:
        if text.strip().lower() == "pass":  # DDS's par of a deal passed out
            continue
        c = _read(text)
        level, over = c.level, c.result
        if c.doubled == 0 and over > 0:  # a partscore is bid as high as it makes
            is_vul = c.seats[0] in vul
            tricks = level + BOOK + over
            score = contract_score(level, c.strain, 0, is_vul, tricks)
            for higher in range(level + over, level, -1):
                if contract_score(higher, c.strain, 0, is_vul, tricks) == score and (
                    _trick_score(higher, c.strain) < _GAME
                ):
                    level, over = higher, tricks - higher - BOOK
                    break
        key = (level, c.strain, c.doubled, over)
        seats = merged.get(key, "") + c.seats
        merged[key] = "".join(sorted(set(seats), key="NESW".index))
    out = []
    for (level, strain, doubled, over), seats in merged.items():
        sides = [seats] if seats in ("NS", "EW") or len(seats) == 1 else list(seats)
        out += [ParContract(level, strain, doubled, s, over) for s in sides]
    return out


def par_contract(result: Par, vulnerable: str = "None") -> tuple[Contract, Seat] | None:
    """The contract and declarer to play for par: the first contract DDS names, at the level
    players bid it, by its first declarer; None when par is to pass the deal out.

    >>> par_contract(Par(110, ("1♠N+1", "1♠S+1")))
    (Contract.parse('2S'), <Seat.N: 0>)
    """
    expect(result, Par, "result")
    if result.score == 0 or not result.contracts:
        return None
    first = par_contracts(result, vulnerable)[0]
    return Contract(first.level, first.strain, first.doubled), Seat.parse(first.seats[0])


def par_words(result: Par, vulnerable: str | None = None) -> str:
    """``result`` as players write par: the contracts at the level they are bid, the side
    declaring, that side's score (``2♠ or 2♥ N/S +110``, a sacrifice ``5♦x E/W −300``),
    ``Passed out`` for 0; with ``vulnerable`` (None, NS, EW, All), the vulnerability after it
    (``(N/S vul)``) — the score depends on it."""
    expect(result, Par, "result")
    vul = "None" if vulnerable is None else vulnerable
    after = "" if vulnerable is None else f" ({vulnerable_words(vul)})"
    if result.score == 0 or not result.contracts:
        return f"Passed out{after}"
    contracts = par_contracts(result, vul)
    groups: dict[str, list[str]] = {}  # the side declaring → its contracts, in order
    for c in contracts:
        groups.setdefault(c.side, []).append(str(c))
    ns_declares = contracts[0].seats[0] in "NS"
    score = result.score if ns_declares else -result.score
    sign = "+" if score > 0 else "\u2212"
    said = " or ".join(f"{' or '.join(cs)} {side}" for side, cs in groups.items())
    return f"{said} {sign}{abs(score)}{after}"
