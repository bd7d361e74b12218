"""The outcome of a game with no closed theory predicted from its exact quotient (strange
algebra §5; issue 26's second review, 4): for an octal game whose registry entry has no theory
(misère octal games — misère Kayles, 0.123), the exact quotient Qₖ of every position with heaps
of at most K counters (:func:`~whistgui.engine.heaps.quotient.exact_quotient`: misère Kayles to
K = 27 in about 0.2 s, to 64 in 1.4 s) classes each heap; a position's class is the product of
its heaps' in the table, and the class's verdict is the predicted outcome — for positions whose
heaps are at most K. K is the position's alone: the first bound of :data:`PREDICTION_LADDER`
(27, 48, 64) at least its largest heap — never what was computed before (misère Kayles' '3 5 7'
was predicted by Q_54 in one session, by Q_27 after reopening). The workspace shows it as the
theory's line, labelled so, and search stays the check. Qt-free: the UI computes the quotient
in the background and hands it here.

>>> from whistgui.engine.heaps import find_heap_game
>>> from whistgui.engine.heaps.quotient import exact_quotient
>>> doc = HeapsDocument.new('misere-octal:0.77', '3 5 7')
>>> prediction_bound(doc), prediction_bound(doc.with_text('3 35 6'))
(27, 48)
>>> q = exact_quotient(doc.rules, 27)
>>> view = quotient_theory_view(doc, q)
>>> view.source, view.predicted, [e for _c, e in view.components]
('the exact quotient Q₂₇', Fraction(1, 1), ['class 3', 'class 4', 'class 2'])
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Final

from whistgui.app.heaps import HeapsDocument, TheoryView, theory_of
from whistgui.app.heaps_quotient import EXACT_DEFAULT_HEAP, can_exact
from whistgui.engine.checks import expect
from whistgui.engine.heaps.quotient import HeapQuotient, quotient_verdict
from whistgui.engine.heaps.rules import Move, Player

__all__ = [
    "MAX_PREDICTION_HEAP",
    "MIN_PREDICTION_HEAP",
    "PREDICTION_LADDER",
    "prediction_bound",
    "quotient_marks",
    "quotient_theory_view",
    "subscript",
]

#: The heap bounds a prediction's quotient is computed to: a position's K is the first at least
#: its largest heap (misère Kayles' 40 classes all appear at 27: about 0.2 s; 64: 1.4 s). The
#: first is the quotient tab's default exact bound.
PREDICTION_LADDER: Final = (EXACT_DEFAULT_HEAP, 48, 64)
MIN_PREDICTION_HEAP: Final = PREDICTION_LADDER[0]
#: The largest heap bound computed for a prediction; a position with a larger heap is
#: searched only.
MAX_PREDICTION_HEAP: Final = PREDICTION_LADDER[-1]

_SUBSCRIPTS: Final = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def subscript(n: int) -> str:
    """``n`` in subscript digits, as the app writes ε₂ (never a raw underscore).

    >>> 'Q' + subscript(27)
    'Q₂₇'
    """
    return str(n).translate(_SUBSCRIPTS)


def prediction_bound(doc: HeapsDocument) -> int | None:
    """The heap bound K of the exact quotient that predicts ``doc``'s position — the first of
    :data:`PREDICTION_LADDER` at least its largest heap, whatever was computed before — or
    None: its game has a theory, or no exact quotient (not an octal game), or a heap larger
    than :data:`MAX_PREDICTION_HEAP`."""
    expect(doc, HeapsDocument, "doc")
    if theory_of(doc) is not None or not can_exact(doc.rules):
        return None
    position = doc.position
    largest = max(position, default=0) if isinstance(position, tuple) else 0
    if not isinstance(largest, int):
        return None
    return next((k for k in PREDICTION_LADDER if k >= largest), None)


def _verdict_result(verdict: str, mover: Player) -> Fraction:
    """An impartial result from Left's side: N — the player to move wins."""
    return Fraction(mover.sign if verdict == "N" else -mover.sign)


def quotient_theory_view(doc: HeapsDocument, q: HeapQuotient) -> TheoryView | None:
    """What the exact quotient ``q`` (of ``doc``'s game) says of ``doc``'s position, as the
    panel shows a theory's: each heap's class, the position's class and its verdict; None when
    a heap is larger than ``q``'s bound."""
    expect(doc, HeapsDocument, "doc")
    expect(q, HeapQuotient, "q")
    position = doc.position
    if q.game != doc.game or not isinstance(position, tuple):
        return None
    verdict = quotient_verdict(q, position)
    total = q.class_of(position) if verdict is not None else None
    if verdict is None or total is None:
        return None
    parts = []
    for text in doc.layout:
        (heap,) = doc.rules.components(doc.rules.parse(text))
        parts.append((text, f"class {q.class_of(heap)}"))
    who = "the next player wins" if verdict == "N" else "the previous player wins"
    n = len(q.classes)
    left = _verdict_result(verdict, Player.LEFT)
    return TheoryView(
        f"The exact quotient of {doc.game} with heaps of at most {q.max_heap} counters "
        f"({n} classes; K the first of {', '.join(map(str, PREDICTION_LADDER))} at least the "
        "largest heap): a heap's class, a sum's the product of its heaps' in the table",
        tuple(parts),
        f"class {total}",
        f"class {total}",
        f"{verdict}-positions' class of the {n}: {who} ({verdict})",
        _verdict_result(verdict, doc.mover),
        (("", left, -left),),
        f"the exact quotient Q{subscript(q.max_heap)}",
    )


def quotient_marks(doc: HeapsDocument, q: HeapQuotient) -> tuple[tuple[Move, Fraction], ...]:
    """What ``q`` predicts after each listed move of ``doc`` (the opponent to move), as
    :func:`~whistgui.app.heaps.theory_marks` has a theory's; moves to a position past ``q``'s
    bound are left out."""
    other = doc.mover.other
    out = []
    for m in doc.legal_moves().moves:
        position: Hashable = m.position
        verdict = quotient_verdict(q, position) if isinstance(position, tuple) else None
        if verdict is not None:
            out.append((m, _verdict_result(verdict, other)))
    return tuple(out)
