"""Misère nim (strange algebra §6.2): nim's moves, but the player who makes the last move loses.

Its theory is the pair (i) the nim-sum of the heaps and (ii) whether a heap of 2 or more (a
*large* heap) is present: a homomorphism to the nim group × B₁, the boolean lattice of rank 1
(no large heap + no large heap = none, anything + a large heap = a large heap). Its image, the
quotient of the heap monoid by misère nim, is the submonoid written 0, 1, 0̂, 1̂, 2̂, … — a hat
when a large heap is present (a nim-sum of 2 or more needs one): numbers add by nim-addition,
a hat on the sum when a term has one; 1 and 0̂ are P-positions, every other element N.

>>> rules, theory = MisereNimRules(), MisereNimTheory()
>>> e = theory.zero()
>>> for c in rules.components(rules.parse('1 2 3')):
...     e = theory.add(e, theory.element(c))
>>> e, theory.text(e), theory.pretty(e)
(MisereElement(nim_sum=0, large=True), '0^', '0̂')
>>> theory.describe(e)
'0̂: nim-sum 0 with a heap of 2 or more: the previous player wins (P)'
>>> theory.parse('1'), theory.parse('12^') == theory.parse(theory.pretty(theory.parse('12^')))
(MisereElement(nim_sum=1, large=False), True)
>>> theory.parse('2')
Traceback (most recent call last):
...
whistgui.engine.errors.NotationError: '2' is not an element of misère nim's quotient: a nim-sum
of 2 or more needs a heap of 2 or more, so it wears a hat; expected 0, 1 or a number with a hat,
such as '2^' (2̂)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from whistgui.engine.checks import expect
from whistgui.engine.errors import ArgumentError, NotationError
from whistgui.engine.heaps.nim import NimRules, heap_of
from whistgui.engine.heaps.rules import Flag, Outcome, Player
from whistgui.engine.reading import quote, read_int

__all__ = ["HAT", "MisereElement", "MisereNimRules", "MisereNimTheory"]

#: The combining circumflex the paper's hat is written with (after each digit: 1̂2̂).
HAT: Final = "\u0302"

_MAX_DIGITS: Final = 6
_EXPECTED: Final = "expected 0, 1 or a number with a hat, such as '2^' (2̂)"


@dataclass(frozen=True, slots=True)
class MisereElement:
    """An element of misère nim's quotient: the nim-sum, and whether a heap of 2 or more is
    present (the hat). A nim-sum of 2 or more has the hat."""

    nim_sum: int
    large: bool

    def __post_init__(self) -> None:
        if self.nim_sum < 0 or (not self.large and self.nim_sum > 1):
            raise ArgumentError(
                f"nim_sum {self.nim_sum} without a large heap is no element of misère nim's "
                "quotient: a nim-sum of 2 or more needs a heap of 2 or more"
            )


class MisereNimRules(NimRules):
    """Misère nim: nim's moves; the player unable to move wins (the last mover lost)."""

    name = "misere-nim"
    title = "Misère nim (take any number from one heap; the last to move loses)"

    def end(self, position: object, flag: Flag, mover: Player, stuck: bool) -> Fraction | None:
        return Fraction(mover.sign) if stuck else None


class MisereNimTheory:
    """The submonoid {0, 1, 0̂, 1̂, 2̂, …} of the nim group × B₁ (§6.2)."""

    title = (
        "misère nim's quotient {0, 1, 0̂, 1̂, 2̂, …} ⊂ nim group × B₁ (§6.2): the nim-sum, with a "
        "hat when a heap of 2 or more is present; P exactly at 1 and 0̂"
    )

    def element(self, component: object) -> MisereElement:
        n = heap_of(component)
        return MisereElement(n, n >= 2)

    def zero(self) -> MisereElement:
        return MisereElement(0, False)

    def add(self, a: MisereElement, b: MisereElement) -> MisereElement:
        return MisereElement(a.nim_sum ^ b.nim_sum, a.large or b.large)

    @staticmethod
    def is_p(element: MisereElement) -> bool:
        """The previous player wins exactly at 1 (an odd number of single counters) and at 0̂."""
        return element.nim_sum == (0 if element.large else 1)

    def outcome(self, element: MisereElement, flags: Iterable[tuple[str, Flag]]) -> Outcome:
        return Outcome.impartial({name: self.is_p(element) for name, _ in flags})

    def text(self, element: MisereElement) -> str:
        return f"{element.nim_sum}^" if element.large else str(element.nim_sum)

    def pretty(self, element: MisereElement) -> str:
        digits = str(element.nim_sum)
        return "".join(d + HAT for d in digits) if element.large else digits

    def latex(self, element: MisereElement) -> str:
        digits = str(element.nim_sum)
        if not element.large:
            return digits
        return rf"\hat{{{digits}}}" if len(digits) == 1 else rf"\widehat{{{digits}}}"

    def parse(self, text: str) -> MisereElement:
        t = expect(text, str, "element", "an element such as '0^' (a str)").strip()
        body = t.replace(HAT, "")
        if t.endswith("^"):
            large, body = True, t[:-1]
        elif HAT in t:
            large = t in (body + HAT, "".join(d + HAT for d in body))
            if not large:
                raise NotationError(
                    f"{quote(text)} has its hat misplaced; expected it after the number or "
                    f"over each digit, as in '1{HAT}2{HAT}' or '12^'"
                )
        else:
            large = False
        if not body.isascii() or not body.isdigit():
            raise NotationError(
                f"{quote(text)} is not an element of misère nim's quotient; {_EXPECTED}"
            )
        n = read_int(body, what="nim-sum", text=text, max_digits=_MAX_DIGITS)
        if not large and n > 1:
            raise NotationError(
                f"{quote(text)} is not an element of misère nim's quotient: a nim-sum of 2 or "
                f"more needs a heap of 2 or more, so it wears a hat; {_EXPECTED}"
            )
        return MisereElement(n, large)

    def describe(self, element: MisereElement) -> str:
        who = "the previous player wins (P)" if self.is_p(element) else "the next player wins (N)"
        if element.large:
            what = f"nim-sum {element.nim_sum} with a heap of 2 or more"
        else:
            parity = "an odd" if element.nim_sum else "an even"
            what = f"no heap of 2 or more, {parity} number of heaps of 1"
        return f"{self.pretty(element)}: {what}: {who}"
