"""The mathematical characters of values in text: vulgar fractions, super- and subscripts,
and the map from the pretty forms back to ASCII that both value parsers share.

>>> normalise_value_text('1½ − ε₂')
'1&1/2-e2'
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Final

__all__ = ["SUB", "SUPER", "VULGAR", "normalise_value_text"]

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


def normalise_value_text(text: str) -> str:
    """Map the pretty Unicode forms to ASCII with no white space; a mixed number's fraction
    is marked with ``&`` (``1½`` becomes ``1&1/2``)."""
    s = text.strip()
    for frac, ch in VULGAR.items():
        s = s.replace(ch, f"&{frac.numerator}/{frac.denominator}")
    s = re.sub(
        r"([⁰¹²³⁴⁵⁶⁷⁸⁹]+)⁄([₀₁₂₃₄₅₆₇₈₉]+)",
        lambda m: f"&{m.group(1).translate(_UNSUPER)}/{m.group(2).translate(_UNSUB)}",
        s,
    )
    s = s.translate(_UNSUB).replace("−", "-").replace("±", "+-").replace("ε", "e")
    return re.sub(r"\s+", "", s)
