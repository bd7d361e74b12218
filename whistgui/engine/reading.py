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

A byte that was not UTF-8 (on the command line it reaches Python as a lone surrogate,
``'\\udcff'`` for the byte 0xff) is quoted as U+FFFD, the replacement character, as a UTF-8
decoder reads it and as the CLI's JSON ``"input"`` shows it — never as the surrogate's escape:

>>> quote('\\udcff\\udcfe/A')
"'��/A'"
"""

from __future__ import annotations

import re
from typing import Final

from whistgui.engine.errors import NotationError

__all__ = [
    "LINE_END",
    "PATH_QUOTE_LIMIT",
    "QUOTE_LIMIT",
    "REPLACEMENT",
    "label",
    "quote",
    "quote_path",
    "read_int",
    "readable",
]

#: The longest quotation of an input in a message (characters of its ``repr``); longer input
#: is shown by its beginning and end around an ellipsis.
QUOTE_LIMIT: Final = 60


#: Where a line of typed text or of a file ends: LF, CR or CR LF only (``str.splitlines`` also
#: breaks at U+2028, U+0085 and others, which may stand inside a deal's line or a tag's value).
LINE_END: Final = re.compile(r"\r\n|\r|\n")


#: What a message and the CLI's JSON show for a character no UTF-8 text can hold: U+FFFD, the
#: replacement character, as a UTF-8 decoder reads a byte that is not UTF-8.
REPLACEMENT: Final = "\ufffd"

#: A surrogate code point: in a ``str`` read from outside only from bytes that were not UTF-8
#: (Python decodes the command line, file names and sometimes standard input with
#: ``surrogateescape``: the byte 0xff becomes ``'\\udcff'``); never valid in UTF-8 or JSON.
_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def readable(text: str) -> str:
    """``text`` with each lone surrogate (an undecodable byte) as :data:`REPLACEMENT`; the
    text itself when it holds none.

    >>> readable('\\udcff/A') == REPLACEMENT + '/A'
    True
    """
    return _SURROGATE.sub(REPLACEMENT, text)


#: The longest quotation of a file's name in a message: longer than other input's (a path is
#: read whole to be found), still short enough for one line.
PATH_QUOTE_LIMIT: Final = 160


def quote_path(name: object) -> str:
    """A file's name for a message: :func:`quote` of it, shortened only beyond
    :data:`PATH_QUOTE_LIMIT` characters.

    >>> quote_path('/tmp/a.whist'), len(quote_path('A' * 100_000))
    ("'/tmp/a.whist'", 161)
    """
    return quote(str(name), PATH_QUOTE_LIMIT)


def label(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` for a message as it is when short and printable, else :func:`quote` of it
    (escaped, so no line end or terminal control reaches the terminal, and shortened).

    >>> label('board 1'), label('x' * 100) == quote('x' * 100)
    ('board 1', True)
    """
    return text if len(text) <= limit and text.isprintable() else quote(text, limit)


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(text)``, or its beginning and end around ``…`` when longer than ``limit`` (any
    value: a list read from a file is shown as Python writes it). A text's undecodable bytes
    (lone surrogates) are shown as U+FFFD (:func:`readable`).

    >>> quote('AQ/KJ'), len(quote('x' * 1000))
    ("'AQ/KJ'", 61)
    """
    head = limit * 2 // 3
    if isinstance(text, str):
        if len(text) > 2 * limit and head > 0 and limit - head > 0:
            return _quote_ends(text, head, limit - head)  # its repr not written whole
        text = readable(text)
    try:
        r = repr(text)
    except ValueError:  # Python writes no int of over 4,300 digits, nor a list holding one
        if isinstance(text, int):
            return _int_ends(int(text), head, limit - head)
        return f"{type(text).__name__}(…an int of over 4,300 digits…)"
    if len(r) <= limit:
        return r
    return f"{r[:head]}…{r[len(r) - (limit - head) :]}"


def _int_ends(n: int, head: int, tail: int) -> str:
    """What :func:`quote` makes of ``repr(n)`` — its first ``head`` and last ``tail`` characters
    around ``…`` — for an int too long for Python to write (over 4,300 digits), from its ends.

    >>> _int_ends(-(10**5000) - 7, 12, 8)
    '-10000000000…00000007'
    """
    sign = "-" if n < 0 else ""
    n = abs(n)
    digits = int(n.bit_length() * 0.30102999566398120) + 1  # the digits, or one more
    if 10 ** (digits - 1) > n:
        digits -= 1
    first = str(n // 10 ** (digits - (head - len(sign))))
    return f"{sign}{first}…{n % 10**tail:0{tail}d}"


def _quote_ends(text: str, head: int, tail: int) -> str:
    """What :func:`quote` makes of ``repr(text)`` — its first ``head`` and last ``tail``
    characters around ``…`` — from the repr of the ends of ``text`` alone, so that a long text
    is not copied whole. ``repr`` writes each character alone (in one to ten characters) and
    quotes with ``"`` a text holding ``'`` and no ``"``, else with ``'``, escaping each ``'``;
    each end is written with quotes added that make ``repr`` choose as it does for the text."""
    if "'" in text and '"' not in text:
        added, mark = "'", '"'  # the ends' repr: "…'" with nothing escaped
    else:
        added, mark = "\"'", "'"  # the ends' repr: '…"\'' with each ' escaped
    cut = len(repr(added)) - 1  # what the added quotes and the closing mark take
    start = repr(readable(text[:head]) + added)[:-cut]
    end = repr(readable(text[-tail:]) + added)[1:-cut] + mark
    return start[:head] + "…" + end[-tail:]


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
