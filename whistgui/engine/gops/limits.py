"""How large a GOPS game whistgui solves, what a solve costs, and whether the memory holds it.

A whole game is solved level by level (:func:`~whistgui.engine.gops.levels.fill`) for N up to
:func:`solve_limit`: 9 with the sign of the score (the thread's game), 10 with the points
difference (fewer states are decided early, but far fewer are distinct). What a solve of the
carry rules took, measured alone on the 2-core machine of benchmarks/README.md (CPU seconds,
peak resident MB), is :data:`MEASURED`; :func:`cost_words` says it in words and
:func:`check_memory` refuses a solve the memory cannot hold before it starts, with
:class:`NotEnoughMemory`, which is also what a solve that runs out of memory raises.

>>> solve_limit(GopsRules(6)), solve_limit(GopsRules(6, score="points"))
(9, 10)
>>> cost_words(GopsRules(9))
'about 6 minutes of CPU and 2.7 GB of memory'
>>> cost_words(GopsRules(10, score="points"))
'about 13 minutes of CPU and 2.9 GB of memory'
>>> cost_words(GopsRules(5))
'at once'
"""

from __future__ import annotations

import resource
import sys
from typing import Final

from whistgui.engine.checks import expect
from whistgui.engine.errors import WhistError
from whistgui.engine.gops.rules import GopsRules

__all__ = [
    "MAX_POINTS_SOLVE_N",
    "MAX_SOLVE_N",
    "MEASURED",
    "NotEnoughMemory",
    "check_memory",
    "cost_words",
    "memory_words",
    "solve_limit",
    "too_long",
]

#: The largest game solved with the sign of the score (the thread's game), here and by
#: ``whist gops solve``: N = 9 takes about 5.5 minutes of CPU and 2.7 GB level by level.
MAX_SOLVE_N: Final = 9
#: The largest game solved with the points difference: N = 10 takes about 13 minutes of CPU
#: and 2.9 GB (N = 11 would take some 2.4 CPU hours and more memory than most machines have).
MAX_POINTS_SOLVE_N: Final = 10

#: (result, N) → (CPU seconds, peak resident MB) of a whole solve of the carry rules, measured
#: (benchmarks/README.md, issue 30; the other tie rules reach about as many states).
MEASURED: Final[dict[tuple[str, int], tuple[float, float]]] = {
    ("sign", 6): (0.28, 65),
    ("sign", 7): (3.1, 263),
    ("sign", 8): (31.2, 717),
    ("sign", 9): (332.5, 2662),
    ("points", 6): (0.16, 55),
    ("points", 7): (1.5, 118),
    ("points", 8): (13.3, 373),
    ("points", 9): (100.8, 928),
    ("points", 10): (797.8, 2902),
}
#: A game refused for memory only if what is free is under this share of its measured peak
#: (the peak varies a little from run to run and between the tie rules).
_MARGIN: Final = 0.9


class NotEnoughMemory(WhistError, MemoryError):
    """A game too large for the memory this process may have: refused before its solve starts
    (:func:`check_memory`) or when the solve runs out (the memo is then forgotten)."""


def solve_limit(rules: GopsRules) -> int:
    """The largest N solved whole under ``rules``' result (:data:`MAX_SOLVE_N` or
    :data:`MAX_POINTS_SOLVE_N`), and the most cards in each hand of a state solved."""
    return MAX_POINTS_SOLVE_N if _rules(rules).score == "points" else MAX_SOLVE_N


def _rules(rules: GopsRules) -> GopsRules:
    return expect(rules, GopsRules, "rules", "the game's GopsRules")


def too_long(rules: GopsRules) -> str:
    """Why no larger game than :func:`solve_limit`'s is solved, for a message."""
    _rules(rules)
    most = solve_limit(rules)
    return (
        f"N = {most} with the {rules.score} result takes "
        f"{cost_words(GopsRules(most, score=rules.score))}, each card more about ten times "
        "as long"
    )


def _minutes(seconds: float) -> str:
    if seconds < 1:
        return "at once"
    if seconds < 90:
        return f"about {seconds:.0f} s"
    return f"about {seconds / 60:.0f} minutes"


def cost_words(rules: GopsRules) -> str:
    """What a whole solve of ``rules`` takes, as measured (CPU time, and the memory once it
    is past a gigabyte): ``'about 6 minutes of CPU and 2.7 GB of memory'``."""
    _rules(rules)
    seconds, peak = MEASURED.get((rules.score, rules.n), (0.0, 0.0))
    if rules.n > 5 and not seconds:  # beyond what was measured
        return "longer than anything measured"
    text = _minutes(seconds)
    if text != "at once":
        text += " of CPU"
    if peak >= 1000:
        text += f" and {peak / 1000:.1f} GB of memory"
    return text


def memory_words(rules: GopsRules) -> str:
    """The message of a solve of ``rules`` that ran out of memory."""
    _rules(rules)
    _, peak = MEASURED.get((rules.score, rules.n), (0.0, 0.0))
    need = f": it needs about {_size(peak)}" if peak else ""
    return f"not enough memory to solve N = {rules.n} ({rules.ties}, {rules.score}){need}"


def _size(mb: float) -> str:
    return f"{mb / 1000:.1f} GB" if mb >= 1000 else f"{mb:.0f} MB"


def _status() -> dict[str, float]:
    """This process's VmSize and VmRSS, and the machine's MemAvailable and SwapFree, in MB
    (what Linux says in /proc; elsewhere nothing)."""
    out: dict[str, float] = {}
    for path, keys in (
        ("/proc/self/status", ("VmSize", "VmRSS")),
        ("/proc/meminfo", ("MemAvailable", "SwapFree")),
    ):
        try:
            with open(path, encoding="ascii") as f:
                for line in f:
                    name, _, rest = line.partition(":")
                    if name in keys:
                        out[name] = int(rest.split()[0]) / 1024
        except (OSError, ValueError, IndexError):
            continue
    return out


def memory_room() -> tuple[float, str] | None:
    """How many MB more this process may take, and what bounds it (its address-space limit or
    the machine's free memory), or None where it cannot be told (not Linux)."""
    if not sys.platform.startswith("linux"):  # pragma: no cover - /proc is Linux's
        return None
    status = _status()
    rooms: list[tuple[float, str]] = []
    soft, _hard = resource.getrlimit(resource.RLIMIT_AS)
    if soft != resource.RLIM_INFINITY and "VmSize" in status:
        rooms.append((soft / 2**20 - status["VmSize"], "this process's address-space limit"))
    if "MemAvailable" in status:
        free = status["MemAvailable"] + status.get("SwapFree", 0.0)
        rooms.append((free, "the memory free on this machine"))
    return min(rooms) if rooms else None


def check_memory(rules: GopsRules) -> None:
    """Refuse (:class:`NotEnoughMemory`) a whole solve of ``rules`` that surely cannot fit: its
    measured peak, less what this process holds already, well above the room it has
    (:func:`memory_room`). A game not measured, or room unknown, passes."""
    _, peak = MEASURED.get((_rules(rules).score, rules.n), (0.0, 0.0))
    room = memory_room()
    if not peak or room is None:
        return
    more = peak - _status().get("VmRSS", 0.0)
    if room[0] < _MARGIN * more:
        raise NotEnoughMemory(
            f"{memory_words(rules)} (measured peak), and {room[1]} leaves about "
            f"{_size(max(0.0, room[0]))}"
        )
