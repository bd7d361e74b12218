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
    """Base class of every error the engine raises on purpose."""


class NotationError(WhistError, ValueError):
    """Text that is not a valid deal, card or value; the message quotes it."""


class ArgumentTypeError(WhistError, TypeError):
    """An argument of the wrong type (None for a deal, text for a Player, a float for a count);
    the message names the argument, what it must be and what it was."""


class ArgumentError(WhistError, ValueError):
    """An argument of the right type with a value the function does not take (``eps(10**100)``,
    a row past a table's end); the message names the argument and what it takes."""


class DealError(WhistError, ValueError):
    """A deal that cannot exist (a card in both hands, a rank that is not positive)."""


class AsymmetricSuitError(DealError):
    """A value was asked for a suit in which the two hands hold different numbers of cards."""


class IllegalPlayError(WhistError, ValueError):
    """A card that may not be played now: not in the hand to move, or not following suit."""


class TheoryError(WhistError):
    """The value theory met a case the paper proves impossible (an empty I(D), two simplest
    elements). Raised loudly: it means a bug in the engine, never a property of the input."""


class NoTheoryError(WhistError, ValueError):
    """A game's theory does not cover this deal (e.g. Greedy Whist with two suits, misère
    five-card on an asymmetric deal): search can still play and solve it."""


class Cancelled(WhistError):
    """A computation was stopped by its caller's ``should_stop`` check (a newer request)."""
