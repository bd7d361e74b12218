"""The mathematical characters of values in text: vulgar fractions, super- and subscripts,
and the map from the pretty forms back to ASCII that both value parsers share.

>>> normalise_value_text('1½ − ε₂')
'1&1/2-e2'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Final

__all__ = [
    "MINUS",
    "SUB",
    "SUPER",
    "VULGAR",
    "and_list",
    "minus",
    "normalise_value_text",
    "signed",
]

#: The minus sign of every text meant for reading (U+2212); ASCII ``-`` only in the forms
#: meant to be typed back (``text()``, ``ascii()``) and in JSON.
MINUS: Final = "−"

VULGAR: Final = {
    Fraction(1, 2): "½",
    Fraction(1, 4): "¼",
    Fraction(3, 4): "¾",
    Fraction(1, 8): "⅛",
    Fraction(3, 8): "⅜",
    Fraction(5, 8): "⅝",
    Fraction(7, 8): "⅞",
}
SUPER: Final = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
SUB: Final = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
_UNSUPER: Final = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_UNSUB: Final = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")


def signed(n: int) -> str:
    """An integer with its sign, for reading: ``+2``, ``−1``, ``+0``.

    >>> signed(2), signed(-1), signed(0)
    ('+2', '−1', '+0')
    """
    return f"{n:+d}".replace("-", MINUS)


def signed_or_zero(n: int) -> str:
    """As :func:`signed`, but zero is plain ``0`` (a matrix entry, a diagonal sum).

    >>> signed_or_zero(1), signed_or_zero(-2), signed_or_zero(0)
    ('+1', '−2', '0')
    """
    return signed(n) if n else "0"


def and_list(words: Sequence[str]) -> str:
    """Words as a sentence lists them: ``A``, ``K and Q``, ``A, K and Q`` ("" for none).

    >>> and_list(['A']), and_list(['K', 'Q']), and_list(['1', '3', '5'])
    ('A', 'K and Q', '1, 3 and 5')
    """
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def minus(n: int) -> str:
    """An integer for reading, a negative one with :data:`MINUS`: ``2``, ``−1``.

    >>> minus(2), minus(-1)
    ('2', '−1')
    """
    return str(n).replace("-", MINUS)


def normalise_value_text(text: str) -> str:
    """Map the pretty Unicode forms to ASCII with no white space; a mixed number's fraction
    is marked with ``&`` (``1½`` becomes ``1&1/2``)."""
    s = text.strip()
    for frac, ch in VULGAR.items():
        s = s.replace(ch, f"&{frac.numerator}/{frac.denominator}")
    s = re.sub(  # from the start of a run of superscripts only: from each, time is quadratic
        r"(?<![⁰¹²³⁴⁵⁶⁷⁸⁹])([⁰¹²³⁴⁵⁶⁷⁸⁹]+)⁄([₀₁₂₃₄₅₆₇₈₉]+)",
        lambda m: f"&{m.group(1).translate(_UNSUPER)}/{m.group(2).translate(_UNSUB)}",
        s,
    )
    s = s.translate(_UNSUB).replace("−", "-").replace("±", "+-").replace("ε", "e")
    # An ASCII mixed number, '1 1/2', is 1½; digits kept apart otherwise ('1 2', '1 e1') stay
    # apart, so the text is refused rather than read as another number ('12', '1+e1').
    s = re.sub(r"(\d)\s+(\d+)\s*/\s*(\d)", r"\1&\2/\3", s)
    if re.search(r"\d\s+[\de]", s):
        return s
    return re.sub(r"\s+", "", s)
