r"""The Single Suits table's columns, Qt-free: each column's header, what a row's cell reads,
its sort key and its LaTeX form, from a :class:`~whistgui.app.lab.LabTable` — one source for the
window's model and for the exports (CSV, LaTeX).

Each column but Suit is a *code* per row (a value's id, a count, a pair of counts) whose text,
sort key and LaTeX depend on the code alone (:class:`Column`): a filter word is tried once
against each code's text, a sort key is looked up per code, and an export writes a row by
looking its codes up.

The Suit column is written compactly, so that it fits its column and every row reads
differently: up to :data:`LETTERS_UPTO` cards a hand in the letters of the papers (``AQ/KJ``);
from 7 cards a hand — where the papers number the cards (``[14 13 12 8 6 4 1, 11 10 9 7 5 3
2]``, whose first dozen characters are the same in many rows) — as who holds each card from the
highest down, ``W`` or ``E`` (:func:`compact_suit`: ``WWWEEEWEWEWEEW``, 2n characters).

>>> from whistgui.app.lab import lab_table
>>> t = lab_table(7)
>>> i = 3431
>>> t.suit_text(i), compact_suit(t, i)
('[14 13 12 11 10 9 8, 7 6 5 4 3 2 1]', 'WWWWWWWEEEEEEE')
>>> compact_suit(lab_table(2), 4)
'AQ/KJ'
>>> c = columns(t)[VALUE]
>>> c.texts[c.at(i)], c.latex[c.at(i)]
('7 − ε₀', '$7 - \\varepsilon_{0}$')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from whistgui.app.lab import FIVE_CARD, WHIST_PICKS, LabTable
from whistgui.engine.games.whist.latex import labeled_latex, value_latex
from whistgui.engine.strategy.line import latex_text

__all__ = [
    "COLUMNS",
    "FIVE",
    "GREEDY",
    "HBAR",
    "KIND",
    "LATEX_HEADERS",
    "LETTERS_UPTO",
    "MAXMIN",
    "MINMAX",
    "SUIT",
    "T0",
    "VALUE",
    "WE_COLUMN",
    "WHIST",
    "WHIST_H",
    "Column",
    "H",
    "N",
    "columns",
    "compact_suit",
    "compact_suits",
    "filter_terms",
    "latex_cell",
    "pattern_matches",
    "pattern_texts",
]

#: (header, tooltip) per column.
COLUMNS: Final = (
    (
        "Suit",
        "West's cards / East's cards; from 7 cards a hand, who holds each card from the highest "
        "down (W West, E East) — the row's tooltip writes the suit in the paper's numbers",
    ),
    ("n", "cards in each hand"),
    ("Value", "val(D), the suit's value in symmetric whist (§10)"),
    ("Kind", "what the value is, in the paper's words"),
    ("maxmin", "maxmin(D): West's best guaranteed α (§10)"),
    ("minmax", "minmax(D): East's best guaranteed α (§10)"),
    ("T₀", "R43: the trace of A (highest cards compared, second highest, …)"),
    ("H", "R43: where T_k changes sign (§5)"),
    ("H̄", "R43: H̄ = H or H + 1 (§5)"),
    (
        "Whist from",
        "which of H, H̄ gives Whist's tricks: West takes (n + h)/2, rounded down with West on "
        "lead and up with East on lead (the Whist column); neither, if no h does",
    ),
    ("Whist", "West's tricks with West / East on lead"),
    ("Greedy", "Greedy Whist: West's tricks with West / East on lead (Theorem 6.1)"),
    ("Five-card", "who takes the last trick with West / East on lead (T₀'s sign)"),
)
SUIT, N, VALUE, KIND, MAXMIN, MINMAX, T0, H, HBAR, WHIST_H, WHIST, GREEDY, FIVE = range(13)
#: The exports' column after Suit, which the window shows in Suit from 7 cards a hand:
#: (header, what it is).
WE_COLUMN: Final = ("W/E", "the suit as who holds each card from the highest down (W West, E East)")
#: The headers in LaTeX (text mode; math where the paper sets it).
LATEX_HEADERS: Final = (
    "Suit",
    "$n$",
    "Value",
    "Kind",
    "maxmin",
    "minmax",
    "$T_0$",
    "$H$",
    r"$\bar{H}$",
    "Whist from",
    "Whist",
    "Greedy",
    "Five-card",
)
#: Up to this many cards a hand a suit is written in letters (``AKQJT9/876543``: 13 ranks).
LETTERS_UPTO: Final = 6

_INT16: Final = 1 << 15
_PAIR: Final = 32  # a pair of trick counts (a, b) is the code a·_PAIR + b
_WHIST_H_TEXTS: Final = (*WHIST_PICKS, "H = H̄")  # code 3: H = H̄ and Whist takes it
_WHIST_H_LATEX: Final = ("neither", "$H$", r"$\bar{H}$", r"$H = \bar{H}$")


@dataclass(frozen=True, eq=False)
class Column:
    """A column but Suit: row r's text is ``texts[codes[r] + offset]``, its sort key
    ``keys[codes[r] + offset]``, its LaTeX ``latex[codes[r] + offset]``."""

    codes: npt.NDArray[Any]
    offset: int
    texts: list[str]
    keys: npt.NDArray[np.int32]
    latex: list[str]

    def at(self, row: int) -> int:
        return int(self.codes[row]) + self.offset

    def indexes(self, rows: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
        """The text indexes of ``rows``."""
        return self.codes[rows].astype(np.intp) + self.offset

    def row_keys(self) -> npt.NDArray[np.int16] | npt.NDArray[np.int32]:
        """Each row's sort key: 16 bits when they fit (numpy sorts them by radix, several
        times faster), else 32."""
        keys: npt.NDArray[np.int16] | npt.NDArray[np.int32] = self.keys
        if len(keys) and int(keys.min()) > -_INT16 and int(keys.max()) < _INT16:
            keys = keys.astype(np.int16)
        return keys[self.codes.astype(np.intp) + self.offset]

    def matches(self, word: str) -> npt.NDArray[np.bool_] | None:
        """Which rows' text holds ``word`` (casefolded); None if none does."""
        hit = np.array([word in t.casefold() for t in self.texts], dtype=bool)
        if not hit.any():
            return None
        return hit[self.codes.astype(np.intp) + self.offset]

    def present(self) -> list[str]:
        """The texts some row has."""
        counts = np.bincount(self.codes.astype(np.intp) + self.offset, minlength=len(self.texts))
        return [self.texts[i] for i in np.flatnonzero(counts).tolist()]


def _text_ranks(texts: list[str]) -> npt.NDArray[np.int32]:
    rank = np.empty(len(texts), dtype=np.int32)
    rank[sorted(range(len(texts)), key=texts.__getitem__)] = np.arange(len(texts), dtype=np.int32)
    return rank


def _math(text: str) -> str:
    return f"${text}$"


def columns(t: LabTable) -> dict[int, Column]:
    """Every column but Suit of ``t``, by its index."""
    top = max(t.ns)
    ints = list(range(-top, top + 1))
    int_keys = np.arange(-top, top + 1, dtype=np.int32)
    int_latex = [f"${k}$" if k < 0 else str(k) for k in ints]

    def counts(codes: npt.NDArray[Any]) -> Column:
        return Column(codes, top, [str(k) for k in ints], int_keys, int_latex)

    pairs = [f"{a} / {b}" for a in range(_PAIR) for b in range(_PAIR)]
    pair_keys = np.arange(_PAIR * _PAIR, dtype=np.int32)

    def pair(a: npt.NDArray[np.int8], b: npt.NDArray[np.int8]) -> Column:
        return Column(a.astype(np.int16) * _PAIR + b, 0, pairs, pair_keys, pairs)

    def words(codes: npt.NDArray[Any], offset: int, texts: list[str]) -> Column:
        return Column(codes, offset, texts, _text_ranks(texts), [latex_text(w) for w in texts])

    values = [v.pretty() for v in t.values]
    labeled = [v.pretty() for v in t.labeled]
    whist_h = np.where((t.whist_pick > 0) & (t.h == t.hbar), np.int8(3), t.whist_pick)
    h_texts = list(_WHIST_H_TEXTS)
    return {
        N: counts(t.n),
        VALUE: Column(
            t.value_id, 0, values, t.value_rank, [_math(value_latex(v)) for v in t.values]
        ),
        KIND: words(t.kind_id, 0, list(t.kinds)),
        MAXMIN: Column(
            t.maxmin_id, 0, labeled, t.labeled_rank, [_math(labeled_latex(v)) for v in t.labeled]
        ),
        MINMAX: Column(
            t.minmax_id, 0, labeled, t.labeled_rank, [_math(labeled_latex(v)) for v in t.labeled]
        ),
        T0: counts(t.t0),
        H: counts(t.h),
        HBAR: counts(t.hbar),
        WHIST_H: Column(whist_h, 0, h_texts, _text_ranks(h_texts), list(_WHIST_H_LATEX)),
        WHIST: pair(t.whist_west, t.whist_east),
        GREEDY: pair(t.greedy_west, t.greedy_east),
        FIVE: words(t.five, 1, [" / ".join(FIVE_CARD[k]) for k in (-1, 0, 1)]),
    }


# -- the Suit column ------------------------------------------------------------------------------
def compact_suit(t: LabTable, i: int) -> str:
    """Row i's suit as the Suit column writes it: letters up to :data:`LETTERS_UPTO` cards a
    hand, beyond that who holds each card from the highest down (``W`` or ``E``)."""
    n = int(t.n[i])
    if n <= LETTERS_UPTO:
        return t.suit_text(i)
    return t.pattern(i)[::-1]


def _patterns(masks: npt.NDArray[np.uint64], n: int) -> npt.NDArray[np.bytes_]:
    """The W/E texts (from the highest card down) of suits of ``n`` cards a hand."""
    shifts = np.arange(2 * n - 1, -1, -1, dtype=np.uint64)
    bits = (masks[:, None] >> shifts[None, :]) & np.uint64(1)
    letters = np.where(bits.astype(bool), np.uint8(ord("W")), np.uint8(ord("E")))
    out: npt.NDArray[np.bytes_] = np.ascontiguousarray(letters).view(f"S{2 * n}").ravel()
    return out


def _by_n(
    t: LabTable, rows: npt.NDArray[np.intp], text: Callable[[int, npt.NDArray[np.intp]], list[str]]
) -> list[str]:
    """``text(n, rows of n)`` for each n among ``rows``, put back in the order of ``rows``."""
    n = t.n[rows]
    out: list[str] = [""] * len(rows)
    for size in np.unique(n).tolist():
        where = np.flatnonzero(n == size)
        for k, s in zip(where.tolist(), text(size, rows[where]), strict=True):
            out[k] = s
    return out


def pattern_texts(t: LabTable, rows: npt.NDArray[np.intp]) -> list[str]:
    """The W/E texts of ``rows`` (who holds each card from the highest down), for any n."""

    def text(n: int, chosen: npt.NDArray[np.intp]) -> list[str]:
        return [b.decode("ascii") for b in _patterns(t.mask[chosen], n).tolist()]

    return _by_n(t, rows, text)


def compact_suits(t: LabTable, rows: npt.NDArray[np.intp]) -> list[str]:
    """:func:`compact_suit` of many rows (with numpy for the W/E texts)."""

    def text(n: int, chosen: npt.NDArray[np.intp]) -> list[str]:
        if n <= LETTERS_UPTO:
            return [t.suit_text(i) for i in chosen.tolist()]
        return [b.decode("ascii") for b in _patterns(t.mask[chosen], n).tolist()]

    return _by_n(t, rows, text)


def pattern_matches(t: LabTable, word: str) -> npt.NDArray[np.bool_] | None:
    """Which rows' W/E text (the Suit column from 7 cards a hand) holds ``word`` (any case):
    anywhere, or ``^WWE`` at the top (the highest cards first), ``EEW$`` at the bottom; None
    if none does (a word not of W and E only, longer than any suit, or no suit of more than
    :data:`LETTERS_UPTO` cards a hand listed). With bit masks, no text written: a word of L
    letters is tried at each of the 2n − L + 1 places (or the one its anchor names).

    >>> from whistgui.app.lab import lab_table
    >>> t = lab_table(7)
    >>> [int(pattern_matches(t, w).sum()) for w in ("WWE", "^WWE", "eew$", "^WWWWWWWEEEEEEE$")]
    [3304, 462, 462, 1]
    >>> pattern_matches(t, "^wwe$") is None  # 14 cards, not 3
    True
    """
    w = word.casefold()
    top, bottom = w.startswith("^"), w.endswith("$") and len(w) > 1
    w = w[1 if top else 0 : -1 if bottom else None]
    if not w or set(w) - {"w", "e"}:
        return None
    length = len(w)
    wanted = sum(1 << k for k, ch in enumerate(reversed(w)) if ch == "w")  # the last, bit 0
    found: npt.NDArray[np.bool_] | None = None
    for n, (lo, hi) in t.spans.items():
        if n <= LETTERS_UPTO or length > 2 * n:
            continue
        # the text's start is bit 2n − 1 (the highest card), its end bit 0
        if top and bottom:
            shifts = [0] if length == 2 * n else []
        elif top:
            shifts = [2 * n - length]
        elif bottom:
            shifts = [0]
        else:
            shifts = list(range(2 * n - length + 1))
        masks = t.mask[lo:hi]
        window = np.uint64((1 << length) - 1)
        hit = np.zeros(hi - lo, dtype=bool)
        for shift in shifts:
            hit |= ((masks >> np.uint64(shift)) & window) == np.uint64(wanted)
        if found is None:
            found = np.zeros(len(t), dtype=bool)
        found[lo:hi] = hit
    return found if found is not None and found.any() else None


# -- the filter ----------------------------------------------------------------------------------
_QUOTES: Final = {'"': '"', "“": "”", "„": "“", "«": "»"}


def filter_terms(text: str) -> list[str]:
    """The terms of a filter's text, casefolded: each word, and each phrase in quotes (straight
    or typographic) as one term, its spaces one each — a row must hold every term, a phrase in
    one cell. A quote left open runs to the end.

    >>> filter_terms('"with 2 stoppers"'), filter_terms("with 2 stoppers")
    (['with 2 stoppers'], ['with', '2', 'stoppers'])
    >>> filter_terms('1½  “Exit for  West” "with 2')
    ['1½', 'exit for west', 'with 2']
    >>> filter_terms('"" ok "  "')
    ['ok']
    """
    terms: list[str] = []
    i, size = 0, len(text)
    while i < size:
        if text[i].isspace():
            i += 1
            continue
        close = _QUOTES.get(text[i])
        if close is not None:
            end = text.find(close, i + 1)
            end = size if end < 0 else end
            phrase = " ".join(text[i + 1 : end].split())
            i = end + 1
        else:
            end = i
            while end < size and not text[end].isspace():
                end += 1
            phrase = text[i:end]
            i = end
        if phrase:
            terms.append(phrase.casefold())
    return terms


def latex_cell(text: str) -> str:
    """A text cell for a ``tabular``: its specials escaped, braced so that a cell that starts
    a row with ``[`` is not read as the preceding ``\\``'s optional argument."""
    return "{" + latex_text(text) + "}"
