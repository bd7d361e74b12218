"""A matrix game as text (issue 30): one reader for the command line (``whist gops
matrix-game``) and the app's Matrix Game page. It takes JSON (``[[3,-4],[-1,1]]``, fractions
also as strings, ``[["1/2", 0.25]]``) or rows pasted as a spreadsheet copies them (one a line,
or separated by ``;``; entries by spaces, tabs or commas — but in tab-separated rows whose
every comma sits between digits, ``0,5<TAB>1``, commas are decimal commas); integers,
decimals (read exactly, ``0.1`` is 1/10) and fractions ``p/q``. A matrix that does not fit raises
:class:`MatrixTextError` (a NotationError) quoting what is wrong and saying where it is
(``start``, ``end`` in the text, for an editor to mark).

>>> parse_matrix("3 -4\\n-1 1") == parse_matrix("[[3,-4],[-1,1]]") == [[3, -4], [-1, 1]]
True
>>> [str(x) for x in parse_matrix('[["1/2", 0.25]]')[0]]
['1/2', '1/4']
>>> parse_matrix("1 2\\n3 x")
Traceback (most recent call last):
...
whistgui.engine.gops.matrix_text.MatrixTextError: 'x' in row 2, column 2: expected a number \
(3, -0.5, 2/3, 1e-3)
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Final

from whistgui.engine.checks import whole
from whistgui.engine.errors import ArgumentTypeError, NotationError
from whistgui.engine.gops.matrix import MAX_EXACT_MATRIX, MAX_MATRIX
from whistgui.engine.reading import quote

__all__ = [
    "MAX_ENTRY",
    "MAX_EXACT_MATRIX_TEXT",
    "MAX_MATRIX_TEXT",
    "MatrixTextError",
    "decimal_commas",
    "max_text",
    "parse_matrix",
    "shape_text",
]

#: The most characters read for a matrix solved exactly (16 × 16: some 78 an entry).
MAX_EXACT_MATRIX_TEXT: Final = 20_000
#: The most characters read for a matrix of :data:`MAX_MATRIX` rows and columns (solved in
#: floats: 60 an entry).
MAX_MATRIX_TEXT: Final = 600_000
#: The largest entry, in absolute value (a float above it would be infinite to HiGHS).
MAX_ENTRY: Final = 10**300
_LONGEST_WORD = 40
_TOKEN = re.compile(r"[^\s,;\[\]]+")
_TAB_TOKEN = re.compile(r"[^\s;\[\]]+")  # entries when commas are decimal commas
_DECIMAL_COMMA = re.compile(r"(?<=\d),(?=\d)")
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,3})?(?:/\d+)?")
_EXAMPLE = "[[3,-4],[-1,1]] or rows of numbers, one a line"


class MatrixTextError(NotationError):
    """A matrix written badly: the message, and where in the text (``start``, ``end``)."""

    def __init__(self, message: str, start: int = 0, end: int = 0) -> None:
        super().__init__(message)
        self.start = start
        self.end = end


def shape_text(rows: int, columns: int) -> str:
    """What a matrix was read as, for the page and the command to say (one row, two rows).

    >>> shape_text(1, 1), shape_text(2, 3)
    ('read as a 1 × 1 matrix (1 row, 1 column)', 'read as a 2 × 3 matrix (2 rows, 3 columns)')
    """
    r, c = ("s" if rows != 1 else ""), ("s" if columns != 1 else "")
    return f"read as a {rows} × {columns} matrix ({rows} row{r}, {columns} column{c})"


def max_text(size: int) -> int:
    """The most characters read for a matrix of at most ``size`` rows and columns."""
    return MAX_EXACT_MATRIX_TEXT if size <= MAX_EXACT_MATRIX else MAX_MATRIX_TEXT


def _bracketed(text: str) -> list[list[tuple[int, int]]]:
    """The spans of each row's entries in ``[[…],[…]]``, by its inner brackets."""
    depth = 0
    rows: list[list[tuple[int, int]]] = []
    row: list[tuple[int, int]] | None = None
    k = 0
    while k < len(text):
        ch = text[k]
        if ch == "[":
            depth += 1
            if depth == 2:
                row = []
            elif depth > 2:
                raise MatrixTextError(
                    f"a third '[' at character {k + 1}: expected {_EXAMPLE}", k, k + 1
                )
            k += 1
        elif ch == "]":
            if depth == 2 and row is not None:
                rows.append(row)
                row = None
            elif depth <= 0:
                raise MatrixTextError(
                    f"a ']' with no '[' at character {k + 1}: expected {_EXAMPLE}", k, k + 1
                )
            depth -= 1
            k += 1
        elif ch in " \t\r\n,;":
            k += 1
        else:
            m = _TOKEN.match(text, k)
            if m is None:  # pragma: no cover - every other character begins a token
                raise MatrixTextError(f"{quote(ch)}: expected {_EXAMPLE}", k, k + 1)
            if depth != 2 or row is None:
                raise MatrixTextError(
                    f"{quote(m.group())} outside a row's brackets: expected {_EXAMPLE}",
                    m.start(),
                    m.end(),
                )
            row.append(m.span())
            k = m.end()
    if depth != 0:
        raise MatrixTextError(f"{depth} '[' not closed: expected {_EXAMPLE}", len(text), len(text))
    return rows


def decimal_commas(text: str) -> bool:
    """Whether ``text``'s commas are decimal commas: rows pasted from a spreadsheet (entries
    separated by tabs) whose every comma sits between digits (``0,5<TAB>1``). Tab-separated
    text with commas between digits and others elsewhere is ambiguous: MatrixTextError."""
    if "\t" not in text or "," not in text or text.strip().startswith("["):
        return False
    between = [m.start() for m in _DECIMAL_COMMA.finditer(text)]
    if not between:
        return False
    if len(between) != text.count(","):
        decimal = set(between)
        k = next(i for i, ch in enumerate(text) if ch == "," and i not in decimal)
        raise MatrixTextError(
            f"commas inside tab-separated entries, some between digits ({quote(text)}): "
            "decimal commas? write 0.5 (or separate every entry by a tab, with decimal commas "
            "only)",
            k,
            k + 1,
        )
    return True


def _rows_of(text: str, decimal_comma: bool = False) -> list[list[tuple[int, int]]]:
    """The spans of each row's entries: ``[[…],[…]]`` by its inner brackets, otherwise by
    lines (or ``;``) — entries separated by spaces, tabs or commas, or (``decimal_comma``)
    by spaces or tabs only."""
    if text.strip().startswith("["):
        return _bracketed(text)
    token = _TAB_TOKEN if decimal_comma else _TOKEN
    bracket = re.search(r"[\[\]]", text)
    if bracket is not None:
        k = bracket.start()
        raise MatrixTextError(
            f"{quote(bracket.group())} at character {k + 1}: a matrix in brackets begins with "
            f"'[['; expected {_EXAMPLE}",
            k,
            k + 1,
        )
    out: list[list[tuple[int, int]]] = []
    start = 0
    for line in re.split(r"(\n|;)", text):
        if line not in ("\n", ";"):
            spans = [(start + m.start(), start + m.end()) for m in token.finditer(line)]
            if spans:
                out.append(spans)
        start += len(line)
    return out


def _entry(word: str, r: int, c: int, a: int, b: int, decimal_comma: bool = False) -> Fraction:
    at = f"{quote(word)} in row {r + 1}, column {c + 1}"
    bare = word[1:-1] if len(word) >= 2 and word[0] == word[-1] == '"' else word
    if decimal_comma and bare.count(",") == 1:
        bare = bare.replace(",", ".")
    if len(bare) > _LONGEST_WORD or _NUMBER.fullmatch(bare) is None:
        raise MatrixTextError(f"{at}: expected a number (3, -0.5, 2/3, 1e-3)", a, b)
    try:
        x = Fraction(bare)
    except (ValueError, ZeroDivisionError):
        raise MatrixTextError(
            f"{at}: expected a number (a fraction of integers, its denominator above 0)", a, b
        ) from None
    if abs(x) > MAX_ENTRY:
        raise MatrixTextError(f"{at} is too large: expected a number within ±1e300", a, b)
    return x


def parse_matrix(text: str, max_size: int = MAX_EXACT_MATRIX) -> list[list[Fraction]]:
    """The matrix game ``text`` holds (see the module), of at most ``max_size`` rows and
    columns (by default :data:`~whistgui.engine.gops.matrix.MAX_EXACT_MATRIX`, what is solved
    exactly; at most :data:`~whistgui.engine.gops.matrix.MAX_MATRIX`) and :func:`max_text`
    characters. :class:`MatrixTextError` quoting what does not fit, with where it is."""
    if not isinstance(text, str):
        raise ArgumentTypeError(f"text is a {type(text).__name__}: expected the matrix as a str")
    size = whole(max_size, "max_size", low=1, high=MAX_MATRIX)
    chars = max_text(size)
    if len(text) > chars:
        raise MatrixTextError(
            f"the matrix {quote(text)} has more than {chars:,} characters: expected a matrix "
            f"game of at most {size} rows and columns (at most {chars:,} characters)",
            chars,
            len(text),
        )
    comma = decimal_commas(text)
    spans = _rows_of(text, comma)
    if not spans or not any(spans):
        raise MatrixTextError(f"no numbers: expected {_EXAMPLE}", 0, len(text))
    if len(spans) > size:
        first = spans[size][0] if spans[size] else (len(text), len(text))
        raise MatrixTextError(
            f"{len(spans)} rows: at most {size} rows and columns are "
            + ("solved exactly" if size <= MAX_EXACT_MATRIX else "solved"),
            first[0],
            len(text),
        )
    rows: list[list[Fraction]] = []
    for r, row in enumerate(spans):
        if len(row) > size:
            raise MatrixTextError(
                f"row {r + 1} has {len(row)} entries: at most {size} rows and columns are "
                + ("solved exactly" if size <= MAX_EXACT_MATRIX else "solved"),
                row[size][0],
                row[-1][1],
            )
        if rows and len(row) != len(rows[0]):
            start, end = (row[0][0], row[-1][1]) if row else (0, len(text))
            raise MatrixTextError(
                f"row {r + 1} has {len(row)} entries and row 1 {len(rows[0])}: expected rows "
                "of equal length",
                start,
                end,
            )
        rows.append([_entry(text[a:b], r, c, a, b, comma) for c, (a, b) in enumerate(row)])
    return rows
