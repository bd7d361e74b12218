"""A saved GOPS solution is checked when it is read (issue 23): the tampered files of the issue —
values out of range, every chance value negated, N relabelled, a memo of another N — built here
from a genuine solve and refused with one line naming the check; a genuine file, of version 2
(sealed by its digest) or version 1 (none: a sample of states computed again), reads back."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from whistgui.engine import NotationError
from whistgui.engine.gops import MAX_SOLVE_N, GopsRules, GopsSolver, GopsState
from whistgui.engine.gops.recursion import pack

Saved = dict[str, Any]


def saved(n: int, ties: str = "carry", score: str = "sign") -> Saved:
    """A genuine solve saved and read back as JSON (what a file holds)."""
    solver = GopsSolver(GopsRules(n, ties, score))
    solver.solve()
    return json.loads(json.dumps(solver.to_json()))


_SAVED: dict[tuple[int, str, str], Saved] = {}


def genuine(n: int, ties: str = "carry", score: str = "sign") -> Saved:
    """:func:`saved`, solved once per rule set; a copy to tamper with."""
    key = (n, ties, score)
    if key not in _SAVED:
        _SAVED[key] = saved(n, ties, score)
    return copy.deepcopy(_SAVED[key])


def resealed(data: Saved) -> Saved:
    """A tampered memo with a digest that fits it, as a forger would write: the checks behind
    the digest must refuse it on their own."""
    forged = GopsSolver(GopsRules.from_json(data["rules"]))
    for name, memo in (("chance", forged._chance_memo), ("bidding", forged._bid_memo)):
        for *key, value in data[name]:
            memo[pack(*key)] = float(value)
    return json.loads(json.dumps(forged.to_json()))


def version_1(data: Saved) -> Saved:
    """The file as whistgui wrote it before the digest: version 1, no digest."""
    data = copy.deepcopy(data)
    data["version"] = 1
    del data["digest"]
    return data


def refused(data: Saved) -> str:
    with pytest.raises(NotationError) as info:
        GopsSolver.from_json(data)
    message = str(info.value)
    assert "\n" not in message
    return message


def index_of(data: Saved, name: str, state: str) -> int:
    """The entry of the memo ``name`` saved for ``state`` (hands renumbered by rank)."""
    s = GopsState.parse(state)
    key = [sum(1 << p for p in s.prizes), *(sum(1 << (c - 1) for c in h) for h in (s.a, s.b))]
    key += [s.pot, s.diff]
    return next(i for i, e in enumerate(data[name]) if e[:5] == key)


# --- genuine files read back -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "ties", "score"),
    [(1, "carry", "sign"), (2, "carry", "sign"), (3, "lost", "points"), (4, "carry", "sign"),
     (4, "split", "sign"), (5, "carry", "points")],
)  # fmt: skip
def test_a_genuine_solution_reads_back_in_both_versions(n, ties, score):
    data = genuine(n, ties, score)
    assert data["version"] == 2
    for form in (data, version_1(data)):
        solver = GopsSolver.from_json(form)
        assert solver.rules == GopsRules(n, ties, score)
        assert solver.to_json() == data  # the memo as it was, sealed again
        solver.solve()
        assert solver.stats["computed"] == 0  # nothing to solve again


def test_the_saved_form_is_canonical():
    """The entries in the order of their keys; the digest of the same memo is the same
    whatever the order of its entries in the file, and changes with the rules."""
    data = genuine(5)
    for name in ("chance", "bidding"):
        keys = [pack(*e[:5]) for e in data[name]]
        assert keys == sorted(keys)
    shuffled = copy.deepcopy(data)
    shuffled["chance"].reverse()
    assert GopsSolver.from_json(shuffled).digest() == data["digest"]
    other = copy.deepcopy(data)
    other["rules"]["ties"] = "split"
    assert resealed(other)["digest"] != data["digest"]


# --- the tampered files of the issue ---------------------------------------------------------


def test_values_edited_out_of_range_are_refused():
    """A genuine N = 4 game whose values were edited to 37.0 and -55.5 (issue 23, item 3)."""
    data = genuine(4)
    i = index_of(data, "chance", "prizes=2,3 a=1,3 b=2,3 pot=0 diff=-3")
    data["chance"][i][5] = 37.0
    data["bidding"][5][5] = -55.5
    for form in (data, version_1(data), resealed(data)):
        assert refused(form) == (
            "saved GOPS solution: chance value 37.0 at state prizes=2,3 a=1,3 b=2,3 pot=0 "
            "diff=-3 is outside [-1, 1], what a result of win, draw or loss allows"
        )


def test_points_beyond_those_still_in_play_are_refused():
    data = genuine(4, score="points")
    i = index_of(data, "chance", "prizes=1,4 a=1,2 b=1,3 pot=0 diff=0")
    data["chance"][i][5] = -5.5  # 5 points are still in play: 1 and 4
    assert refused(resealed(data)) == (
        "saved GOPS solution: chance value -5.5 at state prizes=1,4 a=1,2 b=1,3 pot=0 diff=0 "
        "is outside [-5, 5], the points still in play (prizes face down and pot)"
    )
    data["chance"][i][5] = -5.0  # the bound itself is in range: the sample finds it wrong
    assert "is not" in refused(resealed(data))


def test_every_chance_value_negated_is_refused():
    data = genuine(4)
    for entry in data["chance"]:
        entry[5] = -entry[5]
    assert refused(data) == (
        "saved GOPS solution: its digest does not match its memo: the file was changed after "
        "it was saved"
    )
    # with no digest (version 1), or a digest that fits: the values against the game's
    for form in (version_1(data), resealed(data)):
        message = refused(form)
        assert message.startswith("saved GOPS solution: chance value ")
        assert " is not " in message


def test_every_value_negated_is_refused_by_the_sample():
    """Chance and bidding values negated together agree with each other, not with the solver:
    the sample computed from scratch finds it."""
    data = genuine(5)
    for name in ("chance", "bidding"):
        for entry in data[name]:
            entry[5] = -entry[5]
    for form in (version_1(data), resealed(data)):
        assert " is not " in refused(form)


def test_n_relabelled_13_is_refused_before_any_search():
    data = genuine(4)
    data["rules"]["n"] = 13
    for form in (data, version_1(data)):
        assert refused(form) == (
            f"a saved GOPS solution of N = 13: whistgui solves N = 1 to {MAX_SOLVE_N} with the "
            "sign result, so it saves no larger game"
        )


def test_a_memo_of_a_smaller_n_is_refused():
    """N = 4's memo called N = 5: its states are N = 5's, its values right, but the game
    after the first bids is missing."""
    data = genuine(4)
    data["rules"]["n"] = 5
    assert "digest does not match" in refused(data)
    for form in (version_1(data), resealed(data)):
        assert refused(form) == (
            "saved GOPS solution: the memo lacks the chance state prizes=2,3,4,5 a=1,3,4,5 "
            "b=2,3,4,5 pot=0 diff=1, reached after the first prize 1: it is not the solved game "
            "of N = 5"
        )


def test_a_memo_of_a_larger_n_is_refused():
    data = genuine(5)
    data["rules"]["n"] = 4
    message = refused(resealed(data))
    assert message.startswith("saved GOPS solution: the chance entry [")
    assert message.endswith("is no state of N = 4 as the solver saves it: it holds the prize 5, "
                            "not a card from 1 to 4")  # fmt: skip


def test_a_memo_of_other_rules_is_refused():
    sign = genuine(4)
    sign["rules"]["score"] = "points"
    assert "with points as the result the score so far is no part" in refused(resealed(sign))
    points = genuine(4, score="points")
    points["rules"]["score"] = "sign"
    assert "is outside [-1, 1]" in refused(resealed(points))
    carry = genuine(4)
    carry["rules"]["ties"] = "split"
    assert "when ties split the pot nothing is carried over" in refused(resealed(carry))


def test_one_value_changed_is_refused_by_the_digest():
    data = genuine(5)
    data["bidding"][7][5] += 0.01
    assert "digest does not match" in refused(data)


def test_a_version_2_file_needs_its_digest():
    data = genuine(4)
    del data["digest"]
    assert refused(data) == (
        "a saved GOPS solution of version 2 with no digest of its memo (a string); expected 64 "
        "hexadecimal digits"
    )
    data["digest"] = 7
    assert "with no digest" in refused(data)
    data["version"] = 3
    assert refused(data) == "a saved GOPS solution of version 3; expected 1 or 2"


def test_a_state_missing_below_the_first_bids_is_found_by_the_sample():
    """A version-1 file of N = 4 with its bidding memo cut in half: the sample's states reach
    the missing ones."""
    data = version_1(genuine(4))
    data["bidding"] = data["bidding"][::2]
    message = refused(data)
    assert message.startswith("saved GOPS solution: the memo lacks the bidding state ")


# --- states no solve saves -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "state", "why"),
    [
        ("chance", "prizes=1,2 a=1,3 b=2,4 pot=0 diff=50", "it has 50 points in the pot and the "
         "score, more than the 7 of the prizes gone (N = 4: 10 points, 3 face down)"),
        ("chance", "prizes=2,3 a=1,2 b=1,3 pot=0 diff=-6", "it has 6 points in the pot and the "
         "score, more than the 5 of the prizes gone"),
        ("chance", "prizes=1,2 a=2,3 b=1,3 pot=0 diff=-1", "its mirror image (the players "
         "exchanged) is saved, never this form"),
        ("chance", "prizes=1,2 a=1,2 b=1,2 pot=0 diff=0", "it is its own mirror image"),
        ("chance", "prizes=1,2 a=1,3 b=2,3 pot=0 diff=-4", "it is decided (a lead of 4 with 3 "
         "points still in play)"),
        ("chance", "prizes=3 a=1 b=2 pot=0 diff=1", "it has 1 prize face down: the solver "
         "saves no chance state of fewer than 2"),
        ("chance", "prizes=1,2 a=1,2 b=1,4 pot=0 diff=0", "it has hands not renumbered 1, 2, …"),
        ("chance", "prizes=1,5 a=1,2 b=1,3 pot=0 diff=0", "it holds the prize 5, not a card "
         "from 1 to 4"),
        ("bidding", "prizes=1,2 a=1,2,3 b=1,2,4 pot=11 diff=0", "it has 11 points in the pot"),
    ],
)  # fmt: skip
def test_an_entry_no_solve_saves_is_refused(name, state, why):
    s = GopsState.parse(state)
    key = [sum(1 << p for p in s.prizes), *(sum(1 << (c - 1) for c in h) for h in (s.a, s.b))]
    data = genuine(4)
    data[name].append([*key, s.pot, s.diff, 0.5])
    message = refused(resealed(data))
    assert message.startswith(f"saved GOPS solution: the {name} entry [{key[0]}, ")
    assert f"is no state of N = 4 as the solver saves it: {why}" in message


@pytest.mark.parametrize(
    ("name", "key", "why"),
    [
        ("chance", [0b110, 0b111, 0b11, 0, 0], "it has 3 and 2 cards in the hands with 2 prizes "
         "face down: a chance state has 2 in each"),
        ("bidding", [0b110, 0b11, 0b101, 0, 0], "it has 2 and 2 cards in the hands with 2 prizes "
         "face down: a bidding state has 3 in each"),
        ("chance", [0b111, 0b11, 0b101, 0, 0], "it holds the prize 0, not a card from 1 to 4"),
    ],
)  # fmt: skip
def test_an_entry_of_no_state_is_refused(name, key, why):
    data = genuine(4)
    data[name].append([*key, 0.5])
    assert refused(resealed(data)).endswith(f"as the solver saves it: {why}")


def test_a_bidding_state_with_no_pot_is_refused():
    data = genuine(4)
    entry = copy.deepcopy(data["bidding"][0])
    entry[3] = 0
    data["bidding"].append(entry)
    assert "it has pot=0: a bidding state's pot holds the prize just turned" in refused(
        resealed(data)
    )


def test_a_state_saved_twice_is_refused():
    data = genuine(4)
    data["chance"].append([*data["chance"][0][:5], data["chance"][0][5]])
    assert refused(data).startswith("saved GOPS solution: the chance state prizes=")
    assert refused(data).endswith("is saved twice")
