"""A solved GOPS game saved and read back: the memo of a :class:`~whistgui.engine.gops.
recursion.GopsRecursion` as JSON sealed by a digest, and every check a saved memo passes before
a solver takes it (:meth:`GopsSolver.from_json <whistgui.engine.gops.solver.GopsSolver.
from_json>` lists them): entries in range, each a state the rules reach in the solver's form,
the digest, the whole game after the first bids, and a seeded sample computed again.

>>> from whistgui.engine.gops import GopsRules, GopsSolver, GopsState
>>> solver = GopsSolver(GopsRules(3))
>>> _ = solver.solve()
>>> data = saved_json(solver)
>>> data["format"], data["version"], len(data["digest"]), read_header(data)[1]
('whistgui-gops-solver', 2, 64, 2)
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, cast

from whistgui.engine.checks import described
from whistgui.engine.errors import NotationError
from whistgui.engine.gops.matrix import _game_value
from whistgui.engine.gops.recursion import BITS, SUM, GopsRecursion, Key, unpack
from whistgui.engine.gops.rules import GopsRules
from whistgui.engine.gops.state import MAX_POINTS, GopsState
from whistgui.engine.reading import quote_json

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "FORMAT",
    "READ_VERSIONS",
    "SAMPLE_STATES",
    "SAMPLE_STEPS",
    "VERSION",
    "digest",
    "read_header",
    "read_memos",
    "saved_json",
]

FORMAT: Final = "whistgui-gops-solver"
#: 2: the memo sealed by its digest; 1 (no digest) is read too, and checked by a sample.
VERSION: Final = 2
READ_VERSIONS: Final = (1, 2)
#: Every saved solution is checked on opening by computing a seeded sample of each memo's
#: states again (the same file is checked the same way each time): this many from scratch —
#: states of at most :data:`_SAMPLE_CARDS` cards a hand, milliseconds each, with every state
#: below them — and this many more, of any size, from the states after them in the memo. For
#: a file of version 1, which has no digest, it is the check of its values.
SAMPLE_STATES = 12
SAMPLE_STEPS = 12
_SAMPLE_CARDS = 4
_SEED = 771
#: How far a saved value may be from the solver's own (the linear programs' accuracy).
_TOLERANCE = 1e-6
_DIGEST_EXAMPLE = "64 hexadecimal digits"


# --- saving ----------------------------------------------------------------------------------
def digest(solver: GopsRecursion) -> str:
    """The SHA-256 of the rules and the memo of ``solver`` in a canonical form (see
    :meth:`GopsSolver.digest <whistgui.engine.gops.solver.GopsSolver.digest>`)."""
    return _digest(solver.rules, [_columns(m) for m in (solver._chance_memo, solver._bid_memo)])


def saved_json(solver: GopsRecursion) -> dict[str, Any]:
    """The rules and the memo of ``solver``, sealed with its digest (see
    :meth:`GopsSolver.to_json <whistgui.engine.gops.solver.GopsSolver.to_json>`)."""
    columns = [_columns(m) for m in (solver._chance_memo, solver._bid_memo)]
    chance, bidding = (_entries(keys, values) for keys, values in columns)
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": solver.rules.to_json(),
        "chance": chance,
        "bidding": bidding,
        "digest": _digest(solver.rules, columns),
    }


# --- reading ---------------------------------------------------------------------------------
def read_header(data: Any) -> tuple[GopsRules, int]:
    """The rules and the version of a saved solution, after its format and version are
    checked; NotationError naming what is wrong."""
    if not isinstance(data, dict):
        raise NotationError(
            f"not a saved GOPS solution: data is {described(data)}, expected a dict (a "
            f'JSON object) with "format": "{FORMAT}"'
        )
    if "format" not in data:
        raise NotationError(f'not a saved GOPS solution: data has no "format" ("{FORMAT}")')
    if data["format"] != FORMAT:
        raise NotationError(
            f'not a saved GOPS solution: data\'s "format" is {quote_json(data["format"])}, '
            f'expected "{FORMAT}"'
        )
    version = data.get("version")
    if type(version) is not int or version not in READ_VERSIONS:
        raise NotationError(
            f"a saved GOPS solution of version {quote_json(version)}; expected "
            f"{' or '.join(map(str, READ_VERSIONS))}"
        )
    return GopsRules.from_json(data.get("rules")), version


def read_memos(solver: GopsRecursion, data: Any, version: int) -> None:
    """The memo of ``solver`` (fresh, of the saved rules) filled from ``data`` once every entry,
    the digest, the whole game after the first bids and a seeded sample have passed their
    checks; NotationError naming the first that fails."""
    rules = solver.rules
    saved = []
    for name, memo in (("chance", solver._chance_memo), ("bidding", solver._bid_memo)):
        entries = data.get(name, [])
        _read_entries(name, entries, memo)
        saved.append(_Saved(rules, name, entries, memo))
    for part in saved:
        part.check_states()
    if version >= 2:
        sealed = data.get("digest")
        if not isinstance(sealed, str):
            raise NotationError(
                f"a saved GOPS solution of version {version} with no digest of its memo "
                f"(a string); expected {_DIGEST_EXAMPLE}"
            )
        if sealed != _digest(rules, [_key_order(part.keys, part.values) for part in saved]):
            raise NotationError(
                "saved GOPS solution: its digest does not match its memo: the file was "
                "changed after it was saved"
            )
    checker = _Checker(solver)
    checker.first_bids()
    checker.sample(saved)


# --- the memo as columns, and its checks ------------------------------------------------------
_Columns = tuple["npt.NDArray[np.int64]", "npt.NDArray[np.float64]"]


def _columns(memo: dict[Key, float]) -> _Columns:
    """A memo's keys and values as arrays, in the order of the keys."""
    import numpy as np

    keys = np.fromiter(memo.keys(), np.int64, len(memo))
    return _key_order(keys, np.fromiter(memo.values(), np.float64, len(memo)))


def _key_order(keys: npt.NDArray[np.int64], values: npt.NDArray[np.float64]) -> _Columns:
    """``keys`` and ``values`` in the order of the keys (a memo read from a file that
    :func:`saved_json` wrote is in it already)."""
    import numpy as np

    if np.all(keys[1:] > keys[:-1]):
        return keys, values
    order = np.argsort(keys, kind="stable")
    return keys[order], values[order]


def _entries(keys: npt.NDArray[np.int64], values: npt.NDArray[np.float64]) -> list[list[Any]]:
    """A memo's saved form: ``[prizes, a, b, pot, diff, value]`` for each key."""
    import numpy as np

    fields = np.stack(
        [keys & 0x3FFF, keys >> 14 & 0x1FFF, keys >> 27 & 0x1FFF, keys >> 40 & 0x7F],
        axis=1,
    )
    rows: list[list[Any]] = np.column_stack([fields, (keys >> 47) - MAX_POINTS]).tolist()
    for row, v in zip(rows, values.tolist(), strict=True):
        row.append(v)
    return rows


def _digest(rules: GopsRules, memos: list[_Columns]) -> str:
    """:func:`digest` of memos given by :func:`_columns`."""
    h = hashlib.sha256(f"{FORMAT} {rules.n} {rules.ties} {rules.score}\n".encode())
    for keys, values in memos:
        h.update(len(keys).to_bytes(8, "little"))
        h.update(keys.astype("<i8").tobytes())
        h.update(values.astype("<f8").tobytes())
    return h.hexdigest()


#: What a memo's entry is, as a file writes it.
_ENTRY_EXPECTED: Final = (
    "[prizes, a, b, pot, diff, value]: three sets of cards as bits, the pot and the score "
    "difference (whole numbers in range), then the value (a number)"
)


def _read_entries(name: str, entries: Any, memo: dict[Key, float]) -> None:
    """``memo`` filled from a saved list of entries ``[prizes, a, b, pot, diff, value]``;
    NotationError quoting the first that is not six numbers in range, or a state twice."""
    if not isinstance(entries, list):
        raise NotationError(
            f'saved GOPS solution: "{name}" is {quote_json(entries)}; expected a list of '
            "entries [prizes, a, b, pot, diff, value]"
        )
    top = MAX_POINTS
    for e in entries:
        if type(e) is list and len(e) == 6:
            p, a, b, pot, diff, v = e
            if (
                type(p) is int
                and type(a) is int
                and type(b) is int
                and type(pot) is int
                and type(diff) is int
                and (type(v) is float or type(v) is int)
                and 0 <= p < 1 << 14
                and 0 <= a < 1 << 13
                and 0 <= b < 1 << 13
                and 0 <= pot <= top
                and -top <= diff <= top
                and -top <= v <= top  # a value is a score: no NaN, no ∞
            ):
                memo[p | a << 14 | b << 27 | pot << 40 | (diff + top) << 47] = float(v)
                continue
        raise NotationError(
            f"saved GOPS solution: bad {name} entry {quote_json(e)}; expected {_ENTRY_EXPECTED}"
        )
    if len(memo) < len(entries):
        seen: set[tuple[int, ...]] = set()
        for e in entries:
            if tuple(e[:5]) in seen:
                raise NotationError(
                    f"saved GOPS solution: the {name} state {_state_text(*e[:5])} is saved twice"
                )
            seen.add(tuple(e[:5]))


def _prizes(k: int) -> str:
    return "1 prize" if k == 1 else f"{k} prizes"


def _state_text(prizes: int, a: int, b: int, pot: int, diff: int) -> str:
    """A memo key as a state's text: the prizes as they are, the hands renumbered 1, 2, …"""

    def cards(mask: int, shift: int) -> str:
        return ",".join(str(v + shift) for v in BITS[mask & 0x3FFF]) or "-"

    return f"prizes={cards(prizes, 0)} a={cards(a, 1)} b={cards(b, 1)} pot={pot} diff={diff}"


class _Saved:
    """One memo of a saved solution (``chance`` or ``bidding``), for its checks; ``entries``
    are the file's, in the memo's order (no state is saved twice)."""

    def __init__(
        self, rules: GopsRules, name: str, entries: list[Any], memo: dict[Key, float]
    ) -> None:
        import numpy as np

        self.rules = rules
        self.name = name
        self.entries = entries
        self.keys = np.fromiter(memo.keys(), np.int64, len(memo))
        self.values = np.fromiter(memo.values(), np.float64, len(memo))
        self.prizes = self.keys & 0x3FFF
        self.a = self.keys >> 14 & 0x1FFF
        self.b = self.keys >> 27 & 0x1FFF
        self.pot = self.keys >> 40 & 0x7F
        self.diff = (self.keys >> 47) - MAX_POINTS
        #: cards in each hand: as many as prizes face down, one more in a bidding state
        self.cards = _tables()[0][self.prizes] + (name == "bidding")

    def fields(self, i: int) -> tuple[int, int, int, int, int]:
        return unpack(int(self.keys[i]))

    def state(self, i: int) -> str:
        return _state_text(*self.fields(i))

    def check_states(self) -> None:
        """Every entry a state of the rules in the solver's form, its value in range."""
        import numpy as np

        n, rules, name = self.rules.n, self.rules, self.name
        count, total = _tables()
        prizes, a, b, pot, diff = self.prizes, self.a, self.b, self.pot, self.diff
        cards, chance = self.cards, name == "chance"
        face_down = total[prizes]
        full = n * (n + 1) // 2
        deck = ((1 << n) - 1) << 1
        tie_words = "split" if rules.ties == "split" else "lose"

        def not_a_card(i: int) -> str:
            p = int(prizes[i])
            extra = next(v for v in BITS[p] if v == 0 or v > n)
            return f"it holds the prize {extra}, not a card from 1 to {n}"

        def hands(i: int) -> str:
            ka, kb = int(count[a[i]]), int(count[b[i]])
            return (
                f"it has {ka} and {kb} cards in the hands with {_prizes(int(count[prizes[i]]))} "
                f"face down: a {name} state has {int(cards[i])} in each"
            )

        def decided(i: int) -> str:
            d, rest = abs(int(diff[i])), int(face_down[i] + pot[i])
            return (
                f"it is decided (a lead of {d} with {rest} points still in play): worth its sign "
                "with no search, never saved"
            )

        def too_many(i: int) -> str:
            x, gone = int(pot[i]) + abs(int(diff[i])), full - int(face_down[i])
            return (
                f"it has {x} points in the pot and the score, more than the {gone} of the prizes "
                f"gone (N = {n}: {full} points, {int(face_down[i])} face down)"
            )

        union = a | b
        checks: list[tuple[Any, Callable[[int], str]]] = [
            (lambda: prizes & ~deck != 0, not_a_card),
            (
                lambda: count[prizes] < (2 if chance else 1),
                lambda i: (
                    f"it has {_prizes(int(count[prizes[i]]))} face down: the solver saves no "
                    f"{name} state of fewer than {2 if chance else 1} (its value needs no search)"
                ),
            ),
            (lambda: (count[a] != cards) | (count[b] != cards), hands),
            (
                lambda: union & (union + 1) != 0,
                lambda _i: "it has hands not renumbered 1, 2, … by rank, as the solver saves them",
            ),
            (
                lambda: count[union] > n,
                lambda i: (
                    f"it has {int(count[union[i]])} different cards in the hands: more than N = {n}"
                ),
            ),
            (
                lambda: (a > b) | ((a == b) & (diff >= 0)),
                lambda i: (
                    "it is its own mirror image (the players exchanged): worth 0, never saved"
                    if a[i] == b[i] and diff[i] == 0
                    else "its mirror image (the players exchanged) is saved, never this form"
                ),
            ),
        ]
        if rules.score == "points":
            checks.append(
                (
                    lambda: diff != 0,
                    lambda i: (
                        f"it has diff={int(diff[i])}: with points as the result the score so "
                        "far is no part of a saved state"
                    ),
                )
            )
        if chance and rules.ties != "carry":
            checks.append(
                (
                    lambda: pot != 0,
                    lambda i: (
                        f"it has pot={int(pot[i])} before a prize is turned: when ties "
                        f"{tie_words} the pot nothing is carried over"
                    ),
                )
            )
        if not chance:
            if rules.ties == "carry":
                checks.append(
                    (
                        lambda: pot == 0,
                        lambda _i: (
                            "it has pot=0: a bidding state's pot holds the prize just turned"
                        ),
                    )
                )
            else:
                checks.append(
                    (
                        lambda: (pot < 1) | (pot > n) | (prizes >> np.minimum(pot, 14) & 1 == 1),
                        lambda i: (
                            f"it has pot={int(pot[i])}: when ties {tie_words} the pot, it is "
                            f"the prize just turned, a card from 1 to {n} not face down"
                        ),
                    )
                )
        checks.append((lambda: pot + np.abs(diff) > full - face_down, too_many))
        if rules.score == "sign":
            checks.append((lambda: np.abs(diff) > face_down + pot, decided))
        for bad, why in checks:
            where = np.flatnonzero(bad())
            if where.size:
                i = int(where[0])
                raise NotationError(
                    f"saved GOPS solution: the {name} entry {quote_json(self.entries[i])} "
                    f"({self.state(i)}) is no state of N = {n} as the solver saves it: {why(i)}"
                )
        bound: Any = 1.0 if rules.score == "sign" else face_down + pot
        where = np.flatnonzero(np.abs(self.values) > bound + 1e-9)
        if where.size:
            i = int(where[0])
            if rules.score == "sign":
                span = "[-1, 1], what a result of win, draw or loss allows"
            else:
                top = int(bound[i])
                span = f"[-{top}, {top}], the points still in play (prizes face down and pot)"
            raise NotationError(
                f"saved GOPS solution: {name} value {float(self.values[i])!r} at state "
                f"{self.state(i)} is outside {span}"
            )


@functools.cache
def _tables() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """For every mask of cards 0..13: how many cards, and their sum (as numpy arrays)."""
    import numpy as np

    count = np.array([len(b) for b in BITS], dtype=np.int64)
    return count, np.array(SUM, dtype=np.int64)


def _close(saved: float, computed: float) -> bool:
    return abs(saved - computed) <= _TOLERANCE * max(1.0, abs(computed))


class _Missing(Exception):
    """A state the check of a saved memo needed and the memo lacks."""

    def __init__(self, name: str, key: Key) -> None:
        super().__init__(name, key)
        self.name = name
        self.key = key

    def state(self) -> str:
        return _state_text(*unpack(self.key))


class _MemoOnly:
    """A memo that answers only what it holds: a miss raises :class:`_Missing` (a check of a
    saved memo computes nothing of its own)."""

    __slots__ = ("memo", "name")

    def __init__(self, name: str, memo: dict[Key, float]) -> None:
        self.name = name
        self.memo = memo

    def get(self, key: Key) -> float:
        v = self.memo.get(key)
        if v is None:
            raise _Missing(self.name, key)
        return v


class _Checker:
    """A saved memo checked against the game: a state's value against the states after it
    (looked up in the memo, no search), or against a fresh solver's."""

    def __init__(self, solver: GopsRecursion) -> None:
        self.solver = solver
        self.n = solver.rules.n
        look = GopsRecursion(solver.rules)
        look._chance_memo = cast(Any, _MemoOnly("chance", solver._chance_memo))
        look._bid_memo = cast(Any, _MemoOnly("bidding", solver._bid_memo))
        self.look = look

    def _lacks(self, miss: _Missing, where: str) -> NotationError:
        return NotationError(
            f"saved GOPS solution: the memo lacks the {miss.name} state {miss.state()}, {where}: "
            f"it is not the solved game of N = {self.n}"
        )

    def first_bids(self) -> None:
        """Every state after the first bids is in the memo, worth what the states after it
        give (the values the explorer shows first)."""
        start = GopsState.start(self.n)
        for prize in sorted(start.prizes):
            try:
                self.look._state_matrix(start.turn(prize))
            except _Missing as miss:
                raise self._lacks(miss, f"reached after the first prize {prize}") from None
        top = self.n - 1
        for key, value in self.solver._chance_memo.items():
            if len(BITS[key & 0x3FFF]) == top:
                self.step("chance", key, value)

    def step(self, name: str, key: Key, value: float) -> None:
        """The state ``key`` of the memo ``name`` is worth ``value``, what its next states in
        the memo give: a chance state the mean over the next prize, a bidding state the value
        of its matrix game."""
        prizes, a, b, pot, diff = unpack(key)
        look = self.look
        try:
            if name == "chance":
                bits = BITS[prizes]
                found = sum(look._bidding(prizes ^ (1 << p), a, b, pot + p, diff) for p in bits)
                found /= len(bits)
            else:
                found = _game_value(look._float_matrix(prizes, a, b, pot, diff))
        except _Missing as miss:
            where = f"which follows the {name} state {_state_text(prizes, a, b, pot, diff)}"
            raise self._lacks(miss, where) from None
        if not _close(value, found):
            raise NotationError(
                f"saved GOPS solution: {name} value {value!r} at state "
                f"{_state_text(prizes, a, b, pot, diff)} is not {found!r}, what the states after "
                "it in the memo give"
            )

    def sample(self, saved: list[_Saved]) -> None:
        """A seeded sample of each memo computed again: :data:`SAMPLE_STATES` small states by
        a fresh solver (every state below them compared too), :data:`SAMPLE_STEPS` of any
        size by :meth:`step`."""
        import numpy as np

        rng = np.random.default_rng(_SEED)
        fresh = GopsRecursion(self.solver.rules)
        for part in saved:
            small = np.flatnonzero(part.cards <= _SAMPLE_CARDS)
            picked = rng.choice(small, size=min(SAMPLE_STATES, small.size), replace=False)
            for i in sorted(int(i) for i in picked):
                fields = part.fields(i)
                if part.name == "chance":
                    fresh._chance(*fields)
                else:
                    fresh._bidding(*fields)
        for name, theirs, ours in (
            ("chance", fresh._chance_memo, self.solver._chance_memo),
            ("bidding", fresh._bid_memo, self.solver._bid_memo),
        ):
            for key, computed in theirs.items():
                saved_value = ours.get(key)
                if saved_value is None:
                    raise self._lacks(_Missing(name, key), "which a sample of states reaches")
                if not _close(saved_value, computed):
                    raise NotationError(
                        f"saved GOPS solution: {name} value {saved_value!r} at state "
                        f"{_state_text(*unpack(key))} is not {computed!r}, the solver's (a "
                        "sample of the states of a file saved with no digest is computed again)"
                    )
        for part in saved:
            size = part.keys.size
            for i in sorted(int(i) for i in rng.choice(size, min(SAMPLE_STEPS, size), False)):
                self.step(part.name, int(part.keys[i]), float(part.values[i]))
