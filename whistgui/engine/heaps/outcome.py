"""An :class:`~whistgui.engine.heaps.rules.Outcome` as the command line's JSON writes it (issue
26; scripts depend on the shape): ``"N"`` or ``"P"`` for an impartial game, and for a partizan
one ``{"blue_first": …, "red_first": …}`` holding each result by the game's
:class:`~whistgui.engine.heaps.rules.ResultKind` — the winner ``"B"`` or ``"R"`` (a game won
or lost), the payment to Blue (Left) as an integer, or as a fraction in lowest terms (``"5/4"``,
``"-3/4"``, ``"2"``).

>>> from fractions import Fraction as F
>>> won = Outcome({'': (F(-1), F(1))})
>>> outcome_json(won, ResultKind.WIN), outcome_json(won, ResultKind.WIN, impartial=True)
({'blue_first': 'R', 'red_first': 'B'}, 'P')
>>> outcome_json(Outcome({'': (F(1), F(2))}), ResultKind.INTEGER)
{'blue_first': 1, 'red_first': 2}
>>> outcome_json(Outcome({'': (F(-3, 4), F(2))}), ResultKind.FRACTION)
{'blue_first': '-3/4', 'red_first': '2'}

A game with start flags (comply/constrain nim) has one such shape for each; ``flag`` picks it:

>>> two = Outcome({'none': (F(1), F(-1)), '{1}': (F(-1), F(1))})
>>> {name: outcome_json(two, ResultKind.WIN, impartial=True, flag=name) for name in two.by_flag}
{'none': 'N', '{1}': 'P'}
"""

from __future__ import annotations

from fractions import Fraction

from whistgui.engine.checks import described, expect
from whistgui.engine.errors import ArgumentError, ArgumentTypeError
from whistgui.engine.heaps.rules import Outcome, ResultKind
from whistgui.engine.reading import quote

__all__ = ["OutcomeJson", "ResultJson", "outcome_json", "outcome_key", "result_json"]

#: One result in JSON: ``"B"``/``"R"``, an integer, or a fraction's text.
ResultJson = str | int
#: An outcome in JSON: ``"N"``/``"P"``, or ``{"blue_first": …, "red_first": …}``.
OutcomeJson = str | dict[str, ResultJson]


def result_json(result: Fraction, kind: ResultKind) -> ResultJson:
    """One result from Left's (Blue's) side in JSON: ``"B"`` (+1) or ``"R"`` (−1) for a
    :attr:`~ResultKind.WIN`, an ``int`` for an :attr:`~ResultKind.INTEGER` payment, the
    fraction's text in lowest terms (``"5/4"``, ``"2"``) for a :attr:`~ResultKind.FRACTION`.
    ArgumentError if the result is not of its kind (a win of ½, a payment of ⅓ as an integer).
    """
    expect(result, Fraction, "result")
    expect(kind, ResultKind, "kind")
    if kind is ResultKind.WIN:
        if abs(result) != 1:
            raise ArgumentError(f"result {quote(str(result))} is not a win (+1) or a loss (−1)")
        return "B" if result > 0 else "R"
    if kind is ResultKind.INTEGER:
        if result.denominator != 1:
            raise ArgumentError(f"result {quote(str(result))} is not an integer payment")
        return int(result)
    return str(result.numerator) if result.denominator == 1 else str(result)


def outcome_json(
    outcome: Outcome, kind: ResultKind, *, impartial: bool = False, flag: str | None = None
) -> OutcomeJson:
    """``outcome`` in the CLI's JSON shape for a game whose results are of ``kind``:
    ``"N"``/``"P"`` when ``impartial`` (the next or the previous player wins; from the result
    with Left first), else ``{"blue_first": …, "red_first": …}`` of :func:`result_json`. For
    the start flag named ``flag`` (the only one, or the one named ``""``, if None)."""
    expect(outcome, Outcome, "outcome")
    expect(kind, ResultKind, "kind")
    if flag is None:
        blue, red = outcome.left_first, outcome.right_first
    else:
        if not isinstance(flag, str):
            raise ArgumentTypeError(f"flag must be a str, not {described(flag)}")
        if flag not in outcome.by_flag:
            raise ArgumentError(
                f"flag {quote(flag)} is not one of the outcome's: "
                + ", ".join(quote(name) for name in outcome.by_flag)
            )
        blue, red = outcome.by_flag[flag]
    if impartial:
        if kind is not ResultKind.WIN:
            raise ArgumentError(f"an impartial game's results are wins, not {kind.value}s")
        return "N" if blue > 0 else "P"
    return {"blue_first": result_json(blue, kind), "red_first": result_json(red, kind)}


def outcome_key(kind: ResultKind, *, impartial: bool = False, short: bool = False) -> str | None:
    """What a partizan game's outcome codes mean, in words (None for an impartial game, whose
    N and P say it): the result with Blue moving first, then with Red first — the winner B or
    R, or the payment to Blue — and, for a game won or lost, what its "P-positions" are; the
    outcome written ``Blue first: R, Red first: B``, or ``R/B`` if ``short`` (a table's cell).

    >>> key = outcome_key(ResultKind.WIN)
    >>> key.startswith('Outcomes: "Blue first: R, Red first: B" is who wins when Blue moves')
    True
    >>> key.endswith('those the second player wins (Blue first: R, Red first: B).')
    True
    >>> outcome_key(ResultKind.WIN, short=True).startswith('Outcomes: "R/B" is who wins')
    True
    >>> outcome_key(ResultKind.WIN, impartial=True) is None
    True
    """
    expect(kind, ResultKind, "kind")
    if impartial:
        return None
    sample = "R/B" if short else "Blue first: R, Red first: B"
    if kind is ResultKind.WIN:
        return (
            f'Outcomes: "{sample}" is who wins when Blue moves first, then when Red does (B: '
            "Blue, R: Red). A partizan game has no P-positions in the impartial sense: its "
            f"P-positions here are those the second player wins ({sample})."
        )
    payment = "1/-1" if short else "Blue first: 1, Red first: -1"
    return (
        f'Outcomes: "{payment}" is the payment to Blue when Blue moves first, then when Red '
        "does (negative: Red is paid); no class is counted as P-positions."
    )
