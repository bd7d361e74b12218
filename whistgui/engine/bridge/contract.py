"""A bridge contract: a level 1–7, a strain, and whether it was doubled or redoubled.

>>> c = Contract.parse("4SX")
>>> c.level, c.strain, c.doubled, c.tricks_needed, str(c), c.words
(4, <Strain.S: 3>, 1, 10, '4SX', '4♠x')
>>> Contract.parse("7n"), Contract.parse("3♥").tricks_needed
(Contract.parse('7NT'), 9)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from whistgui.engine.bridge.deal import Strain
from whistgui.engine.checks import expect, whole
from whistgui.engine.errors import NotationError
from whistgui.engine.reading import quote

__all__ = ["Contract", "result_words"]

_CONTRACT: Final = re.compile(r"([1-7])\s*(NT|N|[CDHS♣♦♥♠])\s*(X{0,2})", re.IGNORECASE)
#: Tricks in a deal, and the "book" a contract's level counts beyond.
TRICKS: Final = 13
BOOK: Final = 6


@dataclass(frozen=True, slots=True)
class Contract:
    """``level`` 1–7 in ``strain``; ``doubled`` is 0, 1 (X) or 2 (XX)."""

    level: int
    strain: Strain
    doubled: int = 0

    def __post_init__(self) -> None:
        level = whole(self.level, "level", low=1, high=7, what="a contract's level, from 1 to 7")
        expect(self.strain, Strain, "strain", "a Strain (Strain.parse reads 'S', 'NT', '♥')")
        doubled = whole(self.doubled, "doubled", low=0, high=2, what="0, 1 (X) or 2 (XX)")
        object.__setattr__(self, "level", level)  # an int, from a numpy integer too
        object.__setattr__(self, "doubled", doubled)

    @classmethod
    def parse(cls, text: str) -> Contract:
        """``4S``, ``3NT``, ``7N``, ``2♥``, ``4SX``, ``4SXX`` (any case)."""
        t = expect(text, str, "text", "a contract (a str such as '4S', '3NT' or '6HX')")
        m = _CONTRACT.fullmatch(t.strip())
        if m is None:
            raise NotationError(
                f"{quote(text)} is not a contract; expected a level 1-7, a strain C D H S or NT, "
                "and X or XX if doubled, e.g. '4S', '3NT', '6HX'"
            )
        return cls(int(m.group(1)), Strain.parse(m.group(2)), len(m.group(3)))

    @property
    def tricks_needed(self) -> int:
        """Tricks the declaring side must take: the level plus six."""
        return self.level + BOOK

    @property
    def words(self) -> str:
        """The contract as players write it (the figures, par and text output): ``3♣x``,
        ``4♥xx``, ``3NT``; ``str`` is PBN's ``3CX`` (files and JSON).

        >>> [Contract.parse(t).words for t in ("3CX", "4hxx", "3NT", "7NX")]
        ['3♣x', '4♥xx', '3NT', '7NTx']
        """
        return f"{self.level}{self.strain.symbol}{'x' * self.doubled}"

    def __str__(self) -> str:
        return f"{self.level}{self.strain}{'X' * self.doubled}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"


def result_words(contract: Contract, tricks: int, dealt: int = TRICKS) -> str:
    """What the declaring side's ``tricks`` mean for ``contract`` in a deal of ``dealt``
    tricks: made or down when the whole deal is played; in an ending (fewer than 13 tricks)
    the tricks taken of those it holds — the tricks won before it are not known, and neither
    is the contract's fate (an ending never "goes down 13").

    >>> result_words(Contract.parse("4S"), 11), result_words(Contract.parse("4S"), 8)
    ('makes with 1 overtrick', 'goes down 2')
    >>> result_words(Contract.parse("3NT"), 0, 2), result_words(Contract.parse("3NT"), 1, 1)
    ('takes 0 of the 2 tricks left', 'takes the last trick')
    """
    expect(contract, Contract, "contract")
    dealt = whole(dealt, "dealt", low=1, high=TRICKS, what=f"the tricks dealt, from 1 to {TRICKS}")
    tricks = whole(
        tricks, "tricks", low=0, high=dealt, what=f"a count of tricks, from 0 to {dealt}"
    )
    if dealt < TRICKS:
        if dealt == 1:
            return "takes the last trick" if tricks else "does not take the last trick"
        return f"takes {tricks} of the {dealt} tricks left"
    over = tricks - contract.tricks_needed
    if over > 0:
        return f"makes with {over} overtrick{'s' if over > 1 else ''}"
    return "makes" if over == 0 else f"goes down {-over}"
