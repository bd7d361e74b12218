"""The kernel's integers: exact keys of values, labeled values and patterns, and the kernel's
limits — in plain Python (no numpy), so that the evaluator reads the limits whether or not the
numpy kernel (:mod:`~whistgui.engine.games.whist.kernel`) imports.

**Keys.** Values and labeled values compare by exact integers (:func:`value_key`,
:func:`labeled_key`): a single-suit value q + x (never fuzzy, Lemma 10.2) has the key
``q·2^42·S + pos + P`` with P = 164 and S = 2P + 1 = 329, pos the chain position of x
(:attr:`~whistgui.engine.games.whist.infinitesimal.Infinitesimal.pos`); a labeled value ``(P, v)``
has ``2·key(v) + bit``, the bit ordering E above W for numbers and W above E otherwise (§10). The
key is exact and order-preserving for |q| ≤ 41, |pos| ≤ 164 and q a multiple of 2⁻⁴², which every
value of a suit of at most :data:`KEY_MAX_N` = 40 cards a hand satisfies: by induction on n, val(D)
for n cards a hand has 0 ≤ q ≤ n (q lies between the numbers of maxmin and minmax, which are values
of n − 1 cards plus 0 or 1), denominator at most 2^(n+1) (:meth:`Bounds.candidates` tries
denominators up to twice the larger of the bounds' and 2) and |pos| ≤ 4n (it tries ε_k up to the
bounds' largest |pos| + 3, whose position is one more). The largest key is below 2^57 (labeled
keys); :func:`value_key` checks the bound on every value it meets and raises
:class:`~whistgui.engine.errors.TheoryError` if one were ever outside it. The simplest value of a
(maxmin, minmax) pair is found from their keys by :func:`simplest_key` (:meth:`Bounds.simplest` in
integers; the tests compare the two on every pair).

**Patterns.** A suit of m cards a hand is its pattern (owners from low to high, as the
evaluator's), here also an integer bitmask (:func:`pattern_mask`): bit k is 1 when West holds
the k-th lowest card (``'EWEW'`` is ``0b1010``); its rank among the patterns of its length
(:func:`pattern_rank`) is its place in increasing order of bitmasks.

>>> value_from_key(value_key(Value.parse('3/8-e2'))), pattern_rank('EWEW')
(Value.parse('3/8-e2'), 4)
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Final

from whistgui.engine.checks import expect, whole
from whistgui.engine.errors import TheoryError
from whistgui.engine.games.whist.infinitesimal import Infinitesimal
from whistgui.engine.games.whist.value import LabeledValue, Value
from whistgui.engine.trick.cards import Player
from whistgui.engine.trick.deal import check_pattern

__all__ = [
    "KEY_MAX_N",
    "MAX_SUIT_N",
    "MAX_TABLE_N",
    "check_key",
    "labeled_from_key",
    "labeled_key",
    "labeled_pair",
    "mask_text",
    "pattern_mask",
    "pattern_rank",
    "simplest_key",
    "value_from_key",
    "value_key",
]

#: Keys are exact for every value of a suit of at most this many cards a hand.
KEY_MAX_N: Final = 40
#: The longest suit (cards a hand) the kernel values
#: (:func:`~whistgui.engine.games.whist.kernel.suit_value`).
MAX_SUIT_N: Final = 16
#: The largest n of a table of every suit of n cards a hand (the kernel's
#: :func:`~whistgui.engine.games.whist.kernel.suit_table`, :meth:`Evaluator.table
#: <whistgui.engine.games.whist.evaluator.Evaluator.table>`): C(30, 15), some 155 million
#: suits, 4.1 GB in the kernel; a larger one could never be finished.
MAX_TABLE_N: Final = 15

_SCALE_BITS: Final = KEY_MAX_N + 2
_SCALE: Final = 1 << _SCALE_BITS
_POS_BOUND: Final = 4 * KEY_MAX_N + 4
_POS_SPAN: Final = 2 * _POS_BOUND + 1
_NUMBER_BOUND: Final = KEY_MAX_N + 1
#: Adding one trick to a value adds this to its key.
_ONE: Final = _SCALE * _POS_SPAN
#: Every value key lies within ±this (labeled keys within ±(2·this + 1)).
_KEY_LIMIT: Final = _NUMBER_BOUND * _ONE + _POS_SPAN


def check_key(key: object, name: str, labeled: bool) -> int:
    """A value key (``labeled``: a labeled value's), checked: an int within the keys' range."""
    limit = 2 * _KEY_LIMIT + 1 if labeled else _KEY_LIMIT
    return whole(
        key,
        name,
        low=-limit,
        high=limit,
        what=f"a{' labeled' if labeled else ''} value's key, a whole number within ±{limit:,}",
    )


# -- exact keys -------------------------------------------------------------------------------
def value_key(v: Value) -> int:
    """The exact integer key of a single-suit value: keys compare as the values do.

    >>> ks = [value_key(Value.parse(t)) for t in ('-e1', '-e0', '0', 'e0', 'e1', '1/4', '1-e0')]
    >>> ks == sorted(ks)
    True
    """
    if type(v) is not Value:
        expect(v, Value, "v")
    pos = v.infinitesimal.pos
    if pos is None:
        raise TheoryError(f"a single-suit value {v} is fuzzy (Lemma 10.2 says never)")
    scaled = v.number * _SCALE
    if scaled.denominator != 1 or abs(v.number) > _NUMBER_BOUND or abs(pos) > _POS_BOUND:
        raise TheoryError(
            f"the value {v} is outside the kernel's exact keys (numbers up to "
            f"{_NUMBER_BOUND} in steps of 2^-{_SCALE_BITS}, chain positions up to "
            f"{_POS_BOUND}), which hold every value of up to {KEY_MAX_N} cards a hand"
        )
    return int(scaled) * _POS_SPAN + pos + _POS_BOUND


def value_from_key(key: int) -> Value:
    """The value whose :func:`value_key` is ``key``.

    >>> value_from_key(value_key(Value.parse('3/8-e2')))
    Value.parse('3/8-e2')
    """
    scaled, pos = divmod(check_key(key, "key", labeled=False), _POS_SPAN)
    return Value(Fraction(scaled, _SCALE), Infinitesimal(pos - _POS_BOUND))


def labeled_key(lv: LabeledValue) -> int:
    """The exact integer key of a labeled value (§10's order: by value, then for a number
    (E, x) above (W, x), for a non-number (W, x) above (E, x)).

    >>> E, W = Player.EAST, Player.WEST
    >>> labeled_key(LabeledValue(E, Value(1))) > labeled_key(LabeledValue(W, Value(1)))
    True
    >>> x = Value.parse('e0')
    >>> labeled_key(LabeledValue(E, x)) < labeled_key(LabeledValue(W, x))
    True
    """
    k = value_key(expect(lv, LabeledValue, "lv").value)
    return 2 * k + int((lv.player is Player.EAST) == lv.value.is_number)


def labeled_from_key(key: int) -> LabeledValue:
    """The labeled value whose :func:`labeled_key` is ``key``."""
    v = value_from_key(check_key(key, "key", labeled=True) >> 1)
    east = bool(key & 1) == v.is_number
    return LabeledValue(Player.EAST if east else Player.WEST, v)


def labeled_pair(vkey: int) -> tuple[int, int]:
    """The labeled keys of (E, v) and (W, v + 1) from v's key: the α of a reduction of value
    v when East, resp. West, wins the trick."""
    is_number = vkey % _POS_SPAN == _POS_BOUND
    return 2 * vkey + int(is_number), 2 * (vkey + _ONE) + int(not is_number)


def simplest_key(maxmin: int, minmax: int) -> int:
    """The key of val(D), the simplest value between maxmin(D) and minmax(D) given by their
    labeled keys: :meth:`Bounds.simplest <whistgui.engine.games.whist.evaluator.Bounds.simplest>`
    done in integers (the same candidates in the same order, the same membership tests; the tests
    compare the two on every pair the tables meet).

    >>> E, W = Player.EAST, Player.WEST
    >>> lo = labeled_key(LabeledValue(W, Value.parse('1+e0')))
    >>> hi = labeled_key(LabeledValue(W, Value.parse('2-e0')))
    >>> value_from_key(simplest_key(lo, hi))
    Value.parse('3/2')
    """
    maxmin = check_key(maxmin, "maxmin", labeled=True)
    minmax = check_key(minmax, "minmax", labeled=True)
    a, pa = divmod(maxmin >> 1, _POS_SPAN)
    b, pb = divmod(minmax >> 1, _POS_SPAN)
    pa -= _POS_BOUND
    pb -= _POS_BOUND

    def labeled(east: bool, scaled: int, pos: int) -> int:
        return 2 * (scaled * _POS_SPAN + pos + _POS_BOUND) + int(east == (pos == 0))

    def inside(scaled: int, pos: int) -> bool:  # Bounds.side(v) == "I": neither L nor R
        left = maxmin >= labeled(True, scaled, 0) and (
            pos == 0 or minmax >= labeled(False, scaled, pos)
        )
        right = minmax <= labeled(False, scaled, 0) and (
            pos == 0 or maxmin <= labeled(True, scaled, pos)
        )
        return not (left or right)

    def denominator(scaled: int) -> int:
        return _SCALE >> ((scaled & -scaled).bit_length() - 1) if scaled else 1

    top = max(denominator(a), denominator(b), 2) * 2
    if top > _SCALE:
        raise TheoryError(f"the bounds {maxmin}, {minmax} are finer than the kernel's keys")
    den = 2
    while den <= top:
        step = _SCALE // den
        found = [
            k * step
            for k in range(-(-a // step), b // step + 1)
            if (den == 2 or k % 2) and inside(k * step, 0)
        ]
        if len(found) > 1:
            raise TheoryError(f"I(D) has {len(found)} simplest numbers between {maxmin}, {minmax}")
        if found:
            return found[0] * _POS_SPAN + _POS_BOUND
        den *= 2
    if a == b:
        for k in range(max(abs(pa), abs(pb)) + 4):
            plus, minus = inside(a, k + 1), inside(a, -k - 1)
            if plus and minus:
                raise TheoryError(f"I(D) has two simplest elements between {maxmin}, {minmax}")
            if (plus or minus) and k + 1 > _POS_BOUND:
                raise TheoryError(f"ε_{k} is beyond the kernel's keys (bounds {maxmin}, {minmax})")
            if plus or minus:
                return a * _POS_SPAN + (k + 1 if plus else -k - 1) + _POS_BOUND
    raise TheoryError(
        f"maxmin {maxmin} ({labeled_from_key(maxmin)}) and minmax {minmax} "
        f"({labeled_from_key(minmax)}) bound no single-suit value: for a suit's own bounds "
        "I(D) always holds one (Lemma 10.2)"
    )


# -- patterns ---------------------------------------------------------------------------------
def pattern_mask(pattern: str) -> int:
    """The bitmask of a pattern: bit k set when West holds the k-th lowest card.

    >>> bin(pattern_mask('EWEW'))
    '0b1010'
    """
    check_pattern(pattern)
    return sum(1 << k for k, c in enumerate(pattern) if c == "W")


def pattern_rank(pattern: str) -> int:
    """The place of ``pattern`` among the patterns of its length in :class:`SuitTable` order
    (increasing bitmasks): Σ C(p_k, k) over West's positions p_1 < … < p_n.

    >>> [pattern_rank(p) for p in ('WWEE', 'WEWE', 'EWWE', 'WEEW', 'EWEW', 'EEWW')]
    [0, 1, 2, 3, 4, 5]
    """
    pattern_mask(pattern)  # checks it
    west = [p for p, c in enumerate(pattern) if c == "W"]
    return sum(comb(p, k) for k, p in enumerate(west, start=1))


def mask_text(mask: int, n: int) -> str:
    return "".join("W" if mask >> k & 1 else "E" for k in range(2 * n))
