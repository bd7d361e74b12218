"""What the inspector writes about a suit and the node walked to: the breadcrumb, maxmin and
minmax with I(D) and val(D), the exact-search check, and what valuing a suit past the live
limit costs. Rich text, its colours from the theme's roles for the palette given."""

from __future__ import annotations

import html

from PySide6.QtGui import QPalette

from whistgui.app.analysis import MAX_LIVE_SUIT
from whistgui.app.checks import SearchCheck
from whistgui.engine import SuitAnalysis, SuitDeal, outcome_text
from whistgui.engine.trick.cards import count
from whistgui.ui.theme import colours
from whistgui.ui.trick.tree_model import Node

__all__ = [
    "COMPLEXITY_TIP",
    "bounds_html",
    "check_html",
    "crumbs_html",
    "error_html",
    "live_limit_cost",
    "live_limit_html",
    "theorems_text",
]

#: The bounds' tooltip: §8.3's complexity classes, which the val(D) line names.
COMPLEXITY_TIP = (
    "Complexity (§8.3) ranks values from simple to complex; val(D) is the element of I(D)\n"
    "of least complexity. The classes, labelled by ordinals:\n"
    "  0 — half-integers, k/2\n"
    "  k − 1 — numbers of least denominator 2ᵏ, k ≥ 2\n"
    "  ω + k — q + εₖ and q − εₖ: an exit protected by k stoppers (ω: unprotected, ε₀)\n"
    "  ω + ω — q ± ε₀: exits for both sides, the most complex"
)


def live_limit_cost(suit: SuitDeal) -> str:
    """What valuing a suit past the live limit costs, for the question before doing it."""
    from whistgui.engine.games.whist.kernel import (
        MAX_REACH_COUNT_N,
        MAX_SUIT_N,
        RECURSION_RATE,
        reach_size,
    )

    if suit.n <= MAX_SUIT_N:
        return f"{MAX_LIVE_SUIT + 1} to {MAX_SUIT_N} cards a hand take seconds"
    if suit.n > MAX_REACH_COUNT_N:  # counting alone takes seconds past here
        return "so long a suit takes minutes and more"
    size = reach_size(suit.pattern)
    seconds = size / RECURSION_RATE
    when = f"about {seconds:.0f} s" if seconds < 120 else f"about {seconds / 60:,.0f} min"
    if seconds > 86_400:
        days = seconds / 86_400
        when = f"about {days:,.0f} days" if days < 1000 else "years"
    return (
        f"it reaches {size:,} positions, which the exact recursion values at some "
        f"{RECURSION_RATE:,} a second: {when}"
    )


def theorems_text(suit: SuitDeal) -> str:
    """What the theorems say of a symmetric suit at once, whatever its length: whist's outcome
    by R43 Theorem 9.1 and the value where R44 Theorems 11.10/17.1 decide it, else the bounds.

    >>> theorems_text(SuitDeal.parse('AQ/KJ')).split('; ')  # doctest: +NORMALIZE_WHITESPACE
    ['By the theorems: val = 1½ (R44 Theorem 17.1)',
     'whist: West takes 1 trick with West on lead and 2 with East on lead (R43 Theorem 9.1).']
    """
    from whistgui.engine.games.long_suit import BEYOND_REACH, BY_OUTCOME, by_theorems

    a = by_theorems(suit)
    val = (
        f"{BEYOND_REACH} ({a.bounds_text()})"
        if a.value is None
        else f"val = {a.value.pretty()} ({a.value_by})"
    )
    return f"By the theorems: {val}; whist: {outcome_text(a.outcome)} ({BY_OUTCOME})."


def live_limit_html(suit: SuitDeal) -> str:
    """The inspector's question before valuing a suit past the live limit: what it costs,
    what the theorems say of it at once, and the link to value it anyway."""
    return (
        f"{html.escape(str(suit))} has {suit.n} cards a hand: past the live limit of "
        f"{MAX_LIVE_SUIT} ({live_limit_cost(suit)}). {html.escape(theorems_text(suit))} "
        "<a href='anyway'>Evaluate anyway</a> — progress and Cancel in the status bar."
    )


def crumbs_html(node: Node, abstract: bool) -> str:
    """The path from the suit to ``node``, each step but the last a link to its depth, then
    the node's state."""
    parts = []
    path = node.path()
    for depth, n in enumerate(path):
        text = "D" if n.played is None else n.played_text(abstract)
        if depth == len(path) - 1:
            parts.append(f"<b>{html.escape(text)}</b>")
        else:
            parts.append(f"<a href='{depth}'>{html.escape(text)}</a>")
    state = html.escape(node.state_text(abstract))
    return " › ".join(parts) + f" &nbsp; <tt>{state}</tt>"


def bounds_html(a: SuitAnalysis, node: Node) -> str:
    """maxmin(D) and minmax(D) with the order their labels follow, I(D) and val(D) with its
    complexity class and what it counts (:data:`COMPLEXITY_TIP` says what the classes are)."""

    def order_note(lv_text: str, number: bool) -> str:
        rule = (
            "(E, x) > (W, x) when x is a number"
            if number
            else ("(W, x) > (E, x) when x is not a number")
        )
        return f"{lv_text} &nbsp;<small>[{rule}]</small>"

    extra = f" (plus the {count(node.tricks, 'trick')} West has taken)" if node.tricks else ""
    c = a.value.complexity
    return (
        f"<b>maxmin(D)</b> = {order_note(a.maxmin.pretty(), a.maxmin.value.is_number)}<br>"
        f"<b>minmax(D)</b> = {order_note(a.minmax.pretty(), a.minmax.value.is_number)}<br>"
        f"<b>I(D)</b> = {html.escape(a.interval.pretty())}<br>"
        f"<b>val(D)</b> = {a.value.pretty()}{extra}, complexity {c} ({html.escape(c.words)})"
    )


def check_html(check: SearchCheck, palette: QPalette) -> str:
    """The exact search's verdict on a node: agreement in the theme's green, a disagreement
    (a bug) in its red."""
    ok = check.agrees
    mark = "✓ agree" if ok else "✗ DISAGREE — a bug: please report this state"
    roles = colours(palette)
    colour = roles.success if ok else roles.error
    refined = (
        ""
        if check.chi_refined is None
        else f"; χ′ = {check.chi_refined}, ρ′(val) = {check.rho_refined}"
    )
    return (
        f"<span style='color:{colour}'><b>Exact search of {html.escape(check.state)}:</b> "
        f"χ = {check.chi}, {html.escape(check.reads)}(val) = {check.rho}{refined} — {mark}</span>"
    )


def error_html(message: str, palette: QPalette) -> str:
    """``message`` in the theme's red."""
    return f"<span style='color:{colours(palette).error}'>{html.escape(message)}</span>"
