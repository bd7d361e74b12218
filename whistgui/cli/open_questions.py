"""``whist conjectures``' options for the papers' open questions and what it prints of them:
Conjecture 7.2 of the strange algebra (``--asymmetric-upto``, ``--random-deals``, ``--seed``),
R44 §15's question (``--replies-upto``) and R43 Theorem 9.1's exceptions
(``--exceptions-upto``) — :mod:`~whistgui.engine.tables.open_questions`."""

from __future__ import annotations

import argparse
from typing import Final

from whistgui.cli.common import number_text
from whistgui.engine.games.whist.evaluator import kernel_available
from whistgui.engine.tables.conjectures import ConjectureReport
from whistgui.engine.tables.open_questions import (
    MAX_ASYMMETRIC_N,
    MAX_EXCEPTIONS_N,
    MAX_REPLIES_N,
    OpenQuestions,
)

__all__ = ["add_options", "exception_lines", "questions", "reach_text"]

#: The defaults, each at most --upto: every deal of 5 cards a hand (half a second; 6 takes
#: some 5 s), every symmetric position of 6 (0.1 s), the exceptions to 12 (about a second).
ASYMMETRIC_N: Final = 5
REPLIES_N: Final = 6
EXCEPTIONS_N: Final = 12
#: Random deals when the exhaustive part reaches ASYMMETRIC_N (about a second), up to a full
#: hand.
RANDOM_DEALS: Final = 20
RANDOM_TOP: Final = 13


def add_options(sp: argparse.ArgumentParser) -> None:
    sp.add_argument(
        "--asymmetric-upto",
        type=int,
        metavar="K",
        help="strange algebra Conjecture 7.2 (a higher card is never worse; the lead costs at "
        "most one trick) on every deal of general two-person whist (any suits, any lengths) "
        f"of at most K cards a hand, by exhaustive search (default min(N, {ASYMMETRIC_N}); "
        f"0 skips it; at most {MAX_ASYMMETRIC_N})",
    )
    sp.add_argument(
        "--random-deals",
        type=int,
        metavar="D",
        help="…and on D random deals of a 52-card pack, K + 1 to 13 cards a hand (default "
        f"{RANDOM_DEALS} when K ≥ {ASYMMETRIC_N}, else none)",
    )
    sp.add_argument(
        "--seed", type=int, default=0, metavar="S", help="the random deals' seed (default 0)"
    )
    sp.add_argument(
        "--replies-upto",
        type=int,
        metavar="K",
        help="R44 §15's question — must West look at the other suits to reply to a best lead? "
        "— on every symmetric position of at most K cards a hand, by exhaustive search "
        f"(default min(N, {REPLIES_N}); 0 skips it; at most {MAX_REPLIES_N})",
    )
    sp.add_argument(
        "--exceptions-upto",
        type=int,
        metavar="E",
        help="list R43 Theorem 9.1's exceptions (West holds the top card, H̄ = H + 1, Whist "
        f"takes H) for each n ≤ E (default min(N, {EXCEPTIONS_N}); 0 skips it; at most "
        f"{MAX_EXCEPTIONS_N})",
    )


def _bound(
    parser: argparse.ArgumentParser, given: int | None, default: int, high: int, option: str
) -> int:
    if given is None:
        return default
    if not 0 <= given <= high:
        parser.error(f"{option} must be between 0 and {high}, not {number_text(given)}")
    return given


def questions(args: argparse.Namespace, parser: argparse.ArgumentParser) -> OpenQuestions:
    """How far the open questions go, from the options (``upto``: --upto)."""
    upto = max(0, args.upto)
    asym = _bound(
        parser,
        args.asymmetric_upto,
        min(upto, ASYMMETRIC_N),
        MAX_ASYMMETRIC_N,
        "--asymmetric-upto",
    )
    count = args.random_deals
    if count is None:
        count = RANDOM_DEALS if asym >= ASYMMETRIC_N else 0
    elif count < 0:
        parser.error(f"--random-deals must be a number of deals, not {number_text(count)}")
    replies = _bound(
        parser, args.replies_upto, min(upto, REPLIES_N), MAX_REPLIES_N, "--replies-upto"
    )
    exceptions = _bound(
        parser,
        args.exceptions_upto,
        min(upto, EXCEPTIONS_N) if kernel_available() else 0,
        MAX_EXCEPTIONS_N,
        "--exceptions-upto",
    )
    if exceptions and not kernel_available():
        parser.error("--exceptions-upto needs numpy, which is not installed")
    return OpenQuestions(
        asymmetric_upto=asym,
        random_deals=count,
        random_sizes=(min(asym + 1, RANDOM_TOP), RANDOM_TOP),
        seed=args.seed,
        replies_upto=replies,
        exceptions_upto=exceptions,
    )


def reach_text(q: OpenQuestions) -> list[str]:
    """The open questions' part of the report's first line."""
    parts = []
    if q.asymmetric_upto:
        parts.append(f"every deal of n ≤ {q.asymmetric_upto} cards a hand (Conjecture 7.2)")
    if q.random_deals:
        low, high = q.random_sizes
        parts.append(f"{q.random_deals:,} random deals of {low} to {high} (seed {q.seed})")
    if q.replies_upto:
        parts.append(f"every symmetric position of n ≤ {q.replies_upto} (R44 §15)")
    return parts


def exception_lines(report: ConjectureReport) -> list[str]:
    """R43 Theorem 9.1's exceptions, one line for each n."""
    if not report.exceptions:
        return []
    lines = [
        "",
        "R43 Theorem 9.1's exceptions — West holds the top card, H̄ = H + 1, and Whist takes H "
        "(conditions (1)–(3) of THEORY-NOTES all hold):",
    ]
    for e in report.exceptions:
        line = (
            f"  n = {e.n:>2}: {e.exceptions:>9,} of {e.candidates:,} suits with West on top and "
            f"H̄ = H + 1 ({e.suits:,} suits)"
        )
        shown = e.json()["first"]
        if shown:
            line += ": " + "; ".join(shown) + ("; …" if e.exceptions > len(shown) else "")
        lines.append(line)
    return lines
