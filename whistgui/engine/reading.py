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

import json
import re
from typing import Any, Final

from whistgui.engine.errors import NotationError

__all__ = [
    "LINE_END",
    "PATH_QUOTE_LIMIT",
    "QUOTE_LIMIT",
    "REPLACEMENT",
    "json_error",
    "label",
    "quote",
    "quote_json",
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

#: A surrogate code point, which no UTF-8 text or JSON can hold.
_SURROGATE: Final = re.compile("[\ud800-\udfff]")
#: A byte that was not UTF-8, as Python reads it into a ``str`` (``surrogateescape``: the
#: command line, file names, standard input in the C.UTF-8 locale): the byte 0xff becomes the
#: lone surrogate ``'\\udcff'``, any byte from 0x80 to 0xff one of U+DC80 to U+DCFF.
_UNDECODABLE: Final = re.compile("[\udc80-\udcff]")


def readable(text: str) -> str:
    """``text`` as it can be written (to a UTF-8 stream, in JSON): each lone surrogate (from an
    undecodable byte, or a Python caller's text) as :data:`REPLACEMENT`; the text itself when
    it holds none.

    >>> readable('\\udcff/A\\ud800') == f'{REPLACEMENT}/A{REPLACEMENT}'
    True
    """
    return _SURROGATE.sub(REPLACEMENT, text)


def _bytes_shown(text: str) -> str:
    """``text`` with each undecodable byte (U+DC80 to U+DCFF) as :data:`REPLACEMENT`; another
    lone surrogate stays, for its escape to say what it is (``'\\ud800'``)."""
    return _UNDECODABLE.sub(REPLACEMENT, text)


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
    (U+DC80 to U+DCFF, as Python reads them) are shown as U+FFFD.

    >>> quote('AQ/KJ'), len(quote('x' * 1000))
    ("'AQ/KJ'", 61)
    """
    head = limit * 2 // 3
    if isinstance(text, str):
        if len(text) > 2 * limit and head > 0 and limit - head > 0:
            return _quote_ends(text, head, limit - head)  # its repr not written whole
        text = _bytes_shown(text)
    try:
        r = repr(text)
    except ValueError:  # Python writes no int of over 4,300 digits, nor a list holding one
        if isinstance(text, int):
            return _int_ends(int(text), head, limit - head)
        return f"{type(text).__name__}(…an int of over 4,300 digits…)"
    if len(r) <= limit:
        return r
    return f"{r[:head]}…{r[len(r) - (limit - head) :]}"


def quote_json(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """``value`` — read from a JSON file — as JSON writes it (``"3"`` a string, ``3`` a number,
    ``null``, ``true``), so that a message about a file quotes it as the file holds it; its
    beginning and end around ``…`` when longer than ``limit``, characters that are not
    printable escaped, an undecodable byte as U+FFFD (as :func:`quote` shows them). A value
    JSON cannot write (an object of Python's) is quoted by :func:`quote`.

    >>> print(quote_json({"turn": "3"}), quote_json([4, None, True]), quote_json(2.5))
    {"turn": "3"} [4, null, true] 2.5
    >>> print(quote_json("x" * 1000))
    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…xxxxxxxxxxxxxxxxxxx"
    """
    head = limit * 2 // 3
    tail = limit - head
    try:
        if isinstance(value, str) and len(value) > 2 * limit and head > 0 and tail > 0:
            # from its two ends: a long text is not copied whole
            start = json.dumps(value[:head], ensure_ascii=False)[:-1]
            end = json.dumps(value[-tail:], ensure_ascii=False)[1:]
            return _printable(f"{start[:head]}…{end[-tail:]}")
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):  # not JSON's; an int of 4,300 digits
        return quote(value, limit)
    if len(text) > limit:
        text = f"{text[:head]}…{text[len(text) - tail :]}"
    return _printable(text)


def _printable(text: str) -> str:
    """``text`` (short) with each character that is not printable written as its escape, a
    undecodable byte as U+FFFD."""
    text = _bytes_shown(text)
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)


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
    start = repr(_bytes_shown(text[:head]) + added)[:-cut]
    end = repr(_bytes_shown(text[-tail:]) + added)[1:-cut] + mark
    return start[:head] + "…" + end[-tail:]


def json_error(exc: json.JSONDecodeError) -> str:
    """Where JSON text went wrong and what is wrong there, as a whole phrase. (Python's own
    message is written to take the place after it: "Invalid control character at" alone is
    cut mid-phrase.)

    >>> json_error(json.JSONDecodeError('Invalid control character at', '{"a": "\\x01"}', 7))
    'at line 1 column 8: invalid control character'
    >>> json_error(json.JSONDecodeError('Expecting value', '', 0))
    'at line 1 column 1: expecting value'
    """
    what = exc.msg.removesuffix(" at").removesuffix(" starting").strip()
    what = what[:1].lower() + what[1:]
    return f"at line {exc.lineno} column {exc.colno}: {what}"


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
