"""Moore's nim_K (strange algebra §6.3; Moore 1910): a move takes any positive number of
counters from each of at least 1 and at most K − 1 heaps; a player unable to move loses. K = 2
is nim. A move changes several components at once — the framework's point: the positions are
still the heap monoid, and the outcome still factors through a homomorphism.

The theory: write the heap sizes in binary and add them modulo K without carry. The element of
a position is the vector of these digit sums, an element of ⊕Z_K (one Z_K for each power of 2),
written as a vector from the highest power of 2 down, ``(1,2,0)`` for K = 3 (the 4s sum to 1,
the 2s to 2, the 1s to 0) — the modulus said apart, in the theory's title, not as a subscript:
``120₃`` read as a base-3 numeral — and as ASCII its digits alone, ``120``, which
:meth:`~MooreNimTheory.parse` reads as it reads the vector; the position is a P-position
exactly when every digit sum is 0.

>>> rules, theory = MooreNimRules(3), MooreNimTheory(3)
>>> p = rules.parse('1 2 3')
>>> after = [rules.text(m.position) for m in rules.options(p, None, Player.LEFT)]
>>> len(after), len(set(after)), '3' in after, '0' in after  # two heaps at most: not all three
(12, 12, True, False)
>>> e = theory.zero()
>>> for c in rules.components(p):
...     e = theory.add(e, theory.element(c))
>>> e, theory.text(e), theory.pretty(e)
((2, 2), '22', '(2,2)')
>>> theory.describe(e)
'digit sums (2,2) modulo 3, without carry: not all 0, the next player wins (N)'
>>> theory.parse('(2,2)') == theory.parse('22') == theory.parse('22₃') == e
True
>>> theory.parse('13')
Traceback (most recent call last):
...
whistgui.engine.errors.NotationError: '13' is not an element of ⊕Z_3: digit '3' is 3 or more;
expected digit sums 0 to 2 from the highest power of 2 down, such as '(1,2,0)' or '120'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from fractions import Fraction
from typing import Any, Final

from whistgui.engine.checks import expect, whole
from whistgui.engine.errors import ArgumentTypeError, NotationError
from whistgui.engine.heaps.nim import HeapRules, Heaps, heap_of, normal_play_end
from whistgui.engine.heaps.notation import read_parameter
from whistgui.engine.heaps.rules import Flag, Move, Outcome, Player, PositionRules
from whistgui.engine.reading import quote

__all__ = [
    "MAX_K",
    "MIN_K",
    "MooreNimRules",
    "MooreNimTheory",
    "moore_nim",
    "moore_theory",
    "theory_title",
]

#: The moduli K taken: 2 (nim) to 8 (each digit sum one decimal digit).
MIN_K: Final = 2
MAX_K: Final = 8

_MAX_DIGITS: Final = 64
_SUBSCRIPT: Final = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
_FROM_SUBSCRIPT: Final = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")

#: An element of ⊕Z_K: the digit sum at 2^i at index i, no trailing zeros (0 is ``()``).
Digits = tuple[int, ...]


class MooreNimRules(HeapRules):
    """Moore's nim_K: take from 1 to K − 1 heaps, any positive number from each.

    :meth:`options` yields each resulting position once (equal heaps give the same moves; two
    different choices may leave the same position, e.g. 3 → 1 and 2 → 1, 3 → 2 from ``2 3``).
    Its cost: a position of n heaps h₁ … hₙ has up to Σ over sets S of at most K − 1 heaps of
    ∏_{i∈S} hᵢ moves — ∏(hᵢ + 1) − 1 when K > n, 4,095 for ``7 7 7 7`` — each built and looked
    up once, so an exact search is for small positions: 4 heaps of 7 at K = 4 is solved in
    seconds, not 8 heaps of 20.
    """

    def __init__(self, k: int) -> None:
        self.k = whole(k, "k", low=MIN_K, high=MAX_K)
        self.name = f"moore-nim:{self.k}"
        self.title = (
            f"Moore's nim{str(self.k).translate(_SUBSCRIPT)} (take from 1 to {self.k - 1} "
            "heaps; the last to move wins)"
        )

    def __repr__(self) -> str:
        return f"MooreNimRules({self.k})"

    def options(self, position: Heaps, flag: Flag, mover: Player) -> Iterator[Move]:
        n = len(position)
        seen: set[Heaps] = set()
        chosen: set[Heaps] = set()
        for r in range(1, min(self.k - 1, n) + 1):
            for idx in itertools.combinations(range(n), r):
                heaps = tuple(position[i] for i in idx)
                if heaps in chosen:
                    continue  # the same sizes from other equal heaps: the same moves
                chosen.add(heaps)
                rest = [h for i, h in enumerate(position) if i not in idx]
                for left in itertools.product(*(range(h) for h in heaps)):
                    after = tuple(sorted(rest + [x for x in left if x]))
                    if after in seen:
                        continue
                    seen.add(after)
                    label = ", ".join(f"{h} → {x}" for h, x in zip(heaps, left, strict=True))
                    yield Move(label, after)

    def end(self, position: Heaps, flag: Flag, mover: Player, stuck: bool) -> Fraction | None:
        return normal_play_end(mover, stuck)


def theory_title(k: str) -> str:
    """The theory's title for the modulus ``k`` — a number, or ``K`` for every one (the
    registry's entry, :attr:`~whistgui.engine.heaps.HeapGame.theory_title`).

    >>> print(theory_title("K")[:68])
    ⊕Z_K (§6.3): the heaps' binary digits added modulo K without carry,
    >>> print(theory_title("3")[:4])
    ⊕Z₃
    """
    z = f"Z{k.translate(_SUBSCRIPT)}" if k.isdigit() else f"Z_{k}"
    return (
        f"⊕{z} (§6.3): the heaps' binary digits added modulo {k} without carry, each "
        "element the vector of the digit sums from the highest power of 2 down, (1,2,0); "
        "P exactly when every digit sum is 0"
    )


class MooreNimTheory:
    """⊕Z_K: the binary digits of the heaps added modulo K without carry (§6.3)."""

    def __init__(self, k: int) -> None:
        self.k = whole(k, "k", low=MIN_K, high=MAX_K)
        self.title = theory_title(str(self.k))

    def __repr__(self) -> str:
        return f"MooreNimTheory({self.k})"

    def element(self, component: object) -> Digits:
        n = heap_of(component)
        return tuple((n >> i) & 1 for i in range(n.bit_length()))

    def zero(self) -> Digits:
        return ()

    def add(self, a: Digits, b: Digits) -> Digits:
        if len(a) < len(b):
            a, b = b, a
        s = [(x + (b[i] if i < len(b) else 0)) % self.k for i, x in enumerate(a)]
        while s and not s[-1]:
            s.pop()
        return tuple(s)

    def outcome(self, element: Digits, flags: Iterable[tuple[str, Flag]]) -> Outcome:
        return Outcome.impartial({name: not any(element) for name, _ in flags})

    def text(self, element: Digits) -> str:
        return "".join(map(str, reversed(element))) or "0"

    def pretty(self, element: Digits) -> str:
        """The vector of digit sums from the highest power of 2 down: ``(1,2,0)``."""
        return "(" + ",".join(map(str, reversed(element or (0,)))) + ")"

    def latex(self, element: Digits) -> str:
        return self.pretty(element)

    def parse(self, text: str) -> Digits:
        t = expect(text, str, "element", "digit sums such as '(1,2,0)' (a str)").strip()
        expected = (
            f"expected digit sums 0 to {self.k - 1} from the highest power of 2 down, such as "
            "'(1,2,0)' or '120'"
        )
        if t.startswith("(") and t.endswith(")") and len(t) <= 4 * _MAX_DIGITS:
            parts = [d.strip() for d in t[1:-1].split(",")]
            if all(len(d) == 1 for d in parts):  # a vector of digits: as its digits
                t = "".join(parts)
        body = t.rstrip("₀₁₂₃₄₅₆₇₈₉")
        sub = t[len(body) :].translate(_FROM_SUBSCRIPT)
        if sub and sub != str(self.k):
            raise NotationError(
                f"{quote(text)} is written in ⊕Z_{sub}, not in ⊕Z_{self.k}; {expected}"
            )
        if not body or not body.isascii() or not body.isdigit():
            raise NotationError(f"{quote(text)} is not an element of ⊕Z_{self.k}; {expected}")
        if len(body) > _MAX_DIGITS:
            raise NotationError(
                f"{quote(text)} has {len(body):,} digits; expected at most {_MAX_DIGITS}"
            )
        for d in body:
            if int(d) >= self.k:
                raise NotationError(
                    f"{quote(text)} is not an element of ⊕Z_{self.k}: digit {quote(d)} is "
                    f"{self.k} or more; {expected}"
                )
        return self.add((), tuple(int(d) for d in reversed(body)))

    def describe(self, element: Digits) -> str:
        who = (
            "not all 0, the next player wins (N)"
            if any(element)
            else ("all 0, the previous player wins (P)")
        )
        return f"digit sums {self.pretty(element)} modulo {self.k}, without carry: {who}"


def moore_nim(param: str | None) -> MooreNimRules:
    """The rules of ``moore-nim:K`` from the parameter K; NotationError quoting a bad one."""
    return MooreNimRules(read_parameter("moore-nim", param, low=MIN_K, high=MAX_K))


def moore_theory(rules: PositionRules[Any]) -> MooreNimTheory:
    """The theory of Moore's nim made by :func:`moore_nim`."""
    if not isinstance(rules, MooreNimRules):
        raise ArgumentTypeError(f"rules must be Moore's nim's, not {quote(rules)}")
    return MooreNimTheory(rules.k)
