"""How a quotient's theory check is said in words, for the command line (``whist quotient``,
card games and games of heaps alike) and the app's quotient explorer: one wording, imported by
both (it imports nothing)."""

from __future__ import annotations

__all__ = ["theory_check_lines"]


def theory_check_lines(title: str | None, mismatches: list[str], uncovered: int = 0) -> list[str]:
    """How ``whist quotient`` ends, for a card game or a game of heaps: the theory checked
    against the classes — its title and either its mismatches, loudly, or that it is a
    refinement and a homomorphism (``no theory to check`` without one).

    >>> theory_check_lines('nim-sum', [])[1].split(';')[0]
    '  refinement: yes (one element never spans two classes)'
    >>> theory_check_lines(None, [])
    ['no theory to check']
    """
    if title is None:
        return ["no theory to check"]
    lines = [f"theory: {title}"]
    if uncovered:
        lines.append(f"  {uncovered} positions are outside the theory (no element)")
    if mismatches:
        lines.append(f"!!! {len(mismatches)} MISMATCHES between the theory and search:")
        lines += [f"!!! {m}" for m in mismatches]
    else:
        lines.append(
            "  refinement: yes (one element never spans two classes); homomorphism: yes "
            "(the element of every sum is the sum of the elements)"
        )
    return lines
