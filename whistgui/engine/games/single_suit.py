"""Single-suit whist, Greedy Whist and Five-card after Wästlund, *A solution of two-person
single-suit whist* (EJC 12, 2005, #R43): the matrix A, its diagonal sums T_k, the sign change
H and H̄, H_Greedy, and the normal strategy (§§3–6; the statements as verified in
THEORY-NOTES).

Cards are counted from the lowest: West holds W_1 < … < W_n, East E_1 < … < E_n, and
A_ij = +1 if W_i > E_j, else −1 (rows and columns here are 0-based).

>>> s = SuitDeal.parse('KQT/AJ9')          # the paper's deal (5)
>>> a_matrix(s)
((1, -1, -1), (1, 1, -1), (1, 1, -1))
>>> diagonal_sums(s)
{-2: 1, -1: 2, 0: 1, 1: -2, 2: -1}
>>> sign_change(s), h_greedy(s)
((0, 1), 1)
"""

from __future__ import annotations

from itertools import combinations

from whistgui.engine.errors import AsymmetricSuitError, TheoryError
from whistgui.engine.reading import quote
from whistgui.engine.trick.cards import Card, Player
from whistgui.engine.trick.deal import SuitDeal, check_pattern
from whistgui.engine.trick.play import Position

__all__ = [
    "a_matrix",
    "a_rows",
    "all_patterns",
    "details",
    "diagonal_sums",
    "greedy_tricks",
    "h_greedy",
    "h_whist",
    "normal_card",
    "r43_numbers",
    "sign_change",
    "trace",
]


def all_patterns(n: int) -> list[str]:
    """Every single suit with ``n`` cards a hand, as its owners from low to high (C(2n, n) of
    them).

    >>> all_patterns(1), len(all_patterns(4))
    (['WE', 'EW'], 70)
    """
    out = []
    for west in combinations(range(2 * n), n):
        mine = set(west)
        out.append("".join("W" if i in mine else "E" for i in range(2 * n)))
    return out


def _hands(suit: SuitDeal) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """West's and East's ranks, lowest first (the paper's W_1 < … < W_n)."""
    if not suit.is_symmetric:
        raise AsymmetricSuitError(
            f"the suit {quote(str(suit))} is not symmetric; the single-suit theory needs n cards "
            "a hand"
        )
    return tuple(reversed(suit.west)), tuple(reversed(suit.east))


def a_matrix(suit: SuitDeal) -> tuple[tuple[int, ...], ...]:
    """A(D): A_ij = +1 if West's i-th lowest card beats East's j-th lowest, else −1."""
    w, e = _hands(suit)
    return tuple(tuple(1 if wi > ej else -1 for ej in e) for wi in w)


def diagonal_sums(suit: SuitDeal) -> dict[int, int]:
    """T_k = Σ_{j−i=k} A_ij for −n < k < n (T_0 is the trace)."""
    a = a_matrix(suit)
    n = len(a)
    return {k: sum(a[i][i + k] for i in range(n) if 0 <= i + k < n) for k in range(-n + 1, n)}


def trace(suit: SuitDeal) -> int:
    """T_0: compare the highest cards, the second highest, …; +1 for each West wins."""
    return sum(1 if w > e else -1 for w, e in zip(suit.west, suit.east, strict=True))


def sign_change(suit: SuitDeal) -> tuple[int, int]:
    """(H, H̄): where T_k changes sign (§5). H = H̄ = ±n when one hand holds every high card,
    H = H̄ = k when T_k = 0, else H = k and H̄ = k + 1 with T_k > 0 > T_{k+1}."""
    w, e = _hands(suit)
    n = len(w)
    if n == 0:
        return 0, 0
    if w[0] > e[-1]:
        return n, n
    if e[0] > w[-1]:
        return -n, -n
    t = diagonal_sums(suit)
    for k in range(-n + 1, n):
        if t[k] == 0:
            return k, k
        if t[k] > 0 and k + 1 < n and t[k + 1] < 0:
            return k, k + 1
    raise AssertionError(f"no sign change of T_k in {suit} (Lemma 5.2 says there is one)")


def h_greedy(suit: SuitDeal) -> int:
    """H_Greedy (Theorem 6.1): H̄ if H̄ > 0, H if H < 0, 0 if H = H̄ = 0."""
    h, hbar = sign_change(suit)
    if hbar > 0:
        return hbar
    if h < 0:
        return h
    return 0


def greedy_tricks(n: int, h: int, leader: Player) -> int:
    """West's tricks (n + h)/2, rounded down when West leads and up when East leads."""
    half, odd = divmod(n + h, 2)
    return half + (odd if leader is Player.EAST else 0)


# -- R43 from a suit's pattern (its owners from low to high, 'EWEW' for [A Q, K J]) ----------
def a_rows(pattern: str) -> list[list[int]]:
    """A(D) of the pattern's suit: A_ij = +1 if West's i-th lowest card beats East's j-th
    lowest, else −1 (0-based, as :func:`a_matrix`)."""
    check_pattern(pattern)
    w = [i for i, c in enumerate(pattern) if c == "W"]
    e = [i for i, c in enumerate(pattern) if c == "E"]
    return [[1 if wi > ej else -1 for ej in e] for wi in w]


def r43_numbers(pattern: str) -> tuple[int, int, int]:
    """(T_0, H, H̄) of the pattern's suit, as
    :func:`trace` and :func:`sign_change` give them for the suit (the tests compare them on
    every suit up to 7 cards a hand).

    >>> r43_numbers('EWEWWE')               # KQT/AJ9, the paper's deal (5)
    (1, 0, 1)
    """
    check_pattern(pattern)
    w = [i for i, c in enumerate(pattern) if c == "W"]
    e = [i for i, c in enumerate(pattern) if c == "E"]
    n = len(w)
    if n == 0:
        return 0, 0, 0
    t0 = sum(1 if a > b else -1 for a, b in zip(w, e, strict=True))
    if w[0] > e[-1]:
        return t0, n, n
    if e[0] > w[-1]:
        return t0, -n, -n
    prev_positive = False
    for k in range(-n + 1, n):
        if k == 0:
            t = t0
        else:
            lo, hi = max(0, -k), min(n, n - k)
            t = sum(1 if w[i] > e[i + k] else -1 for i in range(lo, hi))
        if t == 0:
            return t0, k, k
        if t < 0 and prev_positive:
            return t0, k - 1, k
        prev_positive = t > 0
    raise TheoryError(f"no sign change of T_k in {pattern!r} (Lemma 5.2 says there is one)")


def _swap(pattern: str) -> str:
    return pattern.translate(str.maketrans("WE", "EW"))


def h_whist(pattern: str, h: int | None = None, hbar: int | None = None) -> int:
    """H_W by R43 Theorem 9.1 as rebuilt in THEORY-NOTES: West takes (n + H_W)/2 tricks of
    whist, rounded down when West leads and up when East leads.

    If H = H̄, H_W = H. If West holds the ace and H̄ = H + 1, H_W = H̄ unless all three hold —
    (1) H ≤ 0; (2) Σ_{i=2}^{n−1+H} A_{i−H, i} ≤ 0; (3) some k has Σ_{i=2}^{2k} A_{i−H̄, i} < 0
    and Σ_{i=2k+1}^{n+H−1} A_{i−H, i} < 0 — and then H_W = H. If East holds the ace,
    H_W(D) = −H_W(D with the hands swapped).

    >>> h_whist('EWEW'), h_whist('WEEW'), h_whist('EWWE')     # AQ/KJ, AJ/KQ, KQ/AJ
    (1, 0, 0)
    """
    if h is None or hbar is None:
        _, h, hbar = r43_numbers(pattern)
    if h == hbar:
        return h
    if pattern.endswith("E"):
        return -h_whist(_swap(pattern), -hbar, -h)  # A' = −Aᵀ: H' = −H̄, H̄' = −H
    if h > 0:
        return hbar
    n = len(pattern) // 2
    a = a_rows(pattern)

    def at(i: int, j: int) -> int:  # the paper's A_ij, 1-based
        return a[i - 1][j - 1]

    if sum(at(i - h, i) for i in range(2, n + h)) > 0:
        return hbar
    for k in range(1, (n + min(0, hbar)) // 2 + 1):
        first = sum(at(i - hbar, i) for i in range(2, 2 * k + 1))
        second = sum(at(i - h, i) for i in range(2 * k + 1, n + h))
        if first < 0 and second < 0:
            return h
    return hbar


def normal_card(position: Position) -> Card:
    """The card the normal strategy (§4) plays in a single-suit position.

    Second hand: the cheapest card that wins the trick, else the smallest card. Leading: if
    every card of the leader beats every card of the other hand, the highest; otherwise West
    leads W_i for A_ij = −1 with j − i least (East: E_j for A_ij = +1 with i − j least), the
    highest card of its sequence (ties: the lowest such i, resp. j).
    """
    deal = position.deal
    nonempty = [i for i, s in enumerate(deal.suits) if not s.is_empty]
    if len(nonempty) != 1 and position.led is None:
        raise ValueError(f"the normal strategy is for one suit; {deal} has {len(nonempty)}")
    me = position.to_move
    if position.led is not None:
        cards = position.legal_cards()
        winners = [c for c in cards if position.trick_winner(c) is me]
        return min(winners or cards, key=lambda c: c.rank)
    si = nonempty[0]
    suit = deal.suits[si]
    w, e = _hands(suit)
    mine, theirs = (w, e) if me is Player.WEST else (e, w)
    if mine[0] > theirs[-1]:
        return Card(si, mine[-1])
    a = a_matrix(suit)
    n = len(w)
    if me is Player.WEST:
        _, i, _ = min((j - i, i, j) for i in range(n) for j in range(n) if a[i][j] == -1)
        rank = w[i]
    else:
        _, j, _ = min((i - j, j, i) for i in range(n) for j in range(n) if a[i][j] == 1)
        rank = e[j]
    return Card(si, _top_of_sequence(suit, me, rank))


def _top_of_sequence(suit: SuitDeal, player: Player, rank: int) -> int:
    for seq in suit.sequences(player):
        if rank in seq:
            return seq[0]
    raise ValueError(f"{rank} is not {player.name.title()}'s card in {suit}")


def details(suit: SuitDeal) -> dict[str, object]:
    """A, T_k, H, H̄, H_Greedy and the trace of a symmetric suit, as data.

    >>> details(SuitDeal.parse('KQ/AJ'))['T']
    {'-1': 1, '0': 0, '1': -1}
    """
    if suit.is_empty:
        return {}
    h, hbar = sign_change(suit)
    return {
        "A": [list(row) for row in a_matrix(suit)],
        "T": {str(k): v for k, v in diagonal_sums(suit).items()},
        "H": h,
        "H̄": hbar,
        "H_Greedy": h_greedy(suit),
        "trace": trace(suit),
    }
