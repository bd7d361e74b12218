"""Reading what a user typed: integers with a bound on their digits, and the text quoted in
error messages (shortened when it is long).

Every parser that turns digits into an ``int`` goes through :func:`read_int`, so that a number
of thousands of digits is refused with a :class:`~whistgui.engine.errors.NotationError` saying
what was expected — never Python's own int-conversion error:

>>> read_int('12', what='rank', text='[12, 1]', max_digits=3)
12
>>> read_int('9' * 500, what='rank', text='[' + '9' * 500 + ', 1]', max_digits=3)
Traceback (most recent call last):
...
whistgui.engine.errors.NotationError: rank '999...999' (500 digits) in '[999...999, 1]' is too long;
expected at most 3 digits
>>> quote('A/K ' * 30)
"'A/K A/K A/K A/K A/K A/K A/K A/K A/K A/K…/K A/K A/K A/K A/K '"
"""

from __future__ import annotations

from typing import Final

from whistgui.engine.errors import NotationError

__all__ = ["QUOTE_LIMIT", "quote", "read_int"]

#: The longest quotation of an input in a message (characters of its ``repr``); longer input
#: is shown by its beginning and end around an ellipsis.
QUOTE_LIMIT: Final = 60


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(text)``, or its beginning and end around ``…`` when longer than ``limit`` (any
    value: a list read from a file is shown as Python writes it).

    >>> quote('AQ/KJ'), len(quote('x' * 1000))
    ("'AQ/KJ'", 61)
    """
    r = repr(text)
    if len(r) <= limit:
        return r
    head = limit * 2 // 3
    return f"{r[:head]}…{r[len(r) - (limit - head) :]}"


def read_int(digits: str, *, what: str, text: str, max_digits: int, hint: str = "") -> int:
    """The integer ``digits`` (an optional sign, then digits) names, if it has at most
    ``max_digits`` digits; else NotationError quoting it and ``text`` (the whole input) and
    saying how many digits are expected (then ``hint``, e.g. why so few)."""
    n = len(digits.lstrip("+-−"))
    if n > max_digits:
        where = f" in {quote(text)}" if text.strip() != digits.strip() else ""
        raise NotationError(
            f"{what} {quote(digits)} ({n:,} digits){where} is too long; expected at most "
            f"{max_digits} digits{hint}"
        )
    try:
        return int(digits.replace("−", "-"))
    except ValueError:
        raise NotationError(f"{what} {quote(digits)} in {quote(text)} is not an integer") from None
