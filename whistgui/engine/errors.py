"""The engine's exceptions: one base class, and one subclass per kind of mistake.

Every error a user can cause is a :class:`WhistError`; those caused by bad text or bad
arguments are also :class:`ValueError`, so ordinary ``except ValueError`` code catches them. An
argument of the wrong type through the Python API is an :class:`ArgumentTypeError`: a
:class:`TypeError` as Python's own, and a WhistError, so that the program's handlers show it as
any other refusal.

>>> issubclass(NotationError, ValueError) and issubclass(NotationError, WhistError)
True
>>> issubclass(ArgumentTypeError, TypeError) and issubclass(ArgumentTypeError, WhistError)
True
"""

from __future__ import annotations


class WhistError(Exception):
    """Base class of every error the engine raises on purpose: one ``except WhistError``
    catches every refusal, each with a message that quotes what was refused.

    >>> from whistgui.engine import Value
    >>> try:
    ...     Value.parse('1/3')
    ... except WhistError as e:
    ...     print(type(e).__name__, e)
    NotationError '1/3': 1/3 is not dyadic; a value's number must have a power of 2 ...
    """


class NotationError(WhistError, ValueError):
    """Text that is not a valid deal, card or value; the message quotes it.

    >>> from whistgui.engine import Deal
    >>> Deal.parse('AX/KQ')
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.NotationError: unknown rank 'X' in suit 'AX/KQ'; expected one of ...
    """


class ArgumentTypeError(WhistError, TypeError):
    """An argument of the wrong type (None for a deal, text for a Player, a float for a count);
    the message names the argument, what it must be and what it was.

    >>> from whistgui.engine import Deal
    >>> Deal.parse(None)
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.ArgumentTypeError: text must be deal text (a str) ..., not None
    """


class ArgumentError(WhistError, ValueError):
    """An argument of the right type with a value the function does not take (``eps(10**100)``,
    a row past a table's end); the message names the argument and what it takes.

    >>> from whistgui.engine import eps
    >>> eps(10**100)
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.ArgumentError: k must be the index of ε_k, a whole number from ...
    """


class DealError(WhistError, ValueError):
    """A deal that cannot exist (a card in both hands, a rank that is not positive).

    >>> from whistgui.engine import SuitDeal
    >>> SuitDeal([14, 12], [14, 11])
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.DealError: card(s) A appear twice ...; each card of a suit is held once
    """


class AsymmetricSuitError(DealError):
    """A value was asked for a suit in which the two hands hold different numbers of cards.

    >>> from whistgui.engine import Evaluator
    >>> Evaluator().value('AK/Q')
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.AsymmetricSuitError: the suit 'AK/Q' is not symmetric: ...
    """


class IllegalPlayError(WhistError, ValueError):
    """A card that may not be played now: not in the hand to move, or not following suit.

    >>> from whistgui.engine import Deal, Player, Position
    >>> d = Deal.parse('AQ/KJ K/A')
    >>> Position.start(d, Player.WEST).play(d.card_from_text('S:K'))
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.IllegalPlayError: S:K is East's card but West is to play; ...
    """


class TheoryError(WhistError):
    """The value theory met a case the paper proves impossible (an empty I(D), two simplest
    elements). Raised loudly: it means a bug in the engine, never a property of the input.

    Bounds no suit can have (maxmin above minmax) leave I(D) empty:

    >>> from whistgui.engine import Bounds, LabeledValue, Player, Value
    >>> Bounds(LabeledValue(Player.WEST, Value(2)), LabeledValue(Player.EAST, Value(0))).simplest()
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.TheoryError: I(D) is empty for maxmin (W, 2), minmax (E, 0) ...
    """


class NoTheoryError(WhistError, ValueError):
    """A game's theory does not cover this deal (e.g. Greedy Whist or misère five-card on an
    asymmetric deal): search can still play and solve it.

    >>> from whistgui.engine import Deal
    >>> from whistgui.engine.games import find_game, predict
    >>> predict(find_game('greedy').new_theory(), Deal.parse('AQ/K K/AJ'))
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.NoTheoryError: suit S ('AQ/K') is not symmetric: West holds 2 ...
    """


class Cancelled(WhistError):
    """A computation was stopped by its caller's ``should_stop`` check (a newer request).

    >>> from whistgui.engine import Deal, Solver
    >>> Solver(should_stop=lambda: True).outcome(Deal.parse('AQ96/KJ107 AJ9/KQ10 K7/A8'))
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.Cancelled: stopped by the caller
    """
