"""The quotient explorer's bounds in the app (issue 26): a game's defaults, refusals in words
of bounds the engine would not compute, and the bounds saved in a .heaps file — old files (none)
read as before, a tampered "quotient" refused quoting it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from whistgui.app.files import DocumentError
from whistgui.app.heaps import HeapsDocument
from whistgui.app.heaps_files import load_heaps, save_heaps
from whistgui.app.heaps_quotient import (
    QuotientBounds,
    bounds_problem,
    compute_quotient,
    default_bounds,
    p_map,
    product,
)
from whistgui.engine.heaps import HEAP_GAMES, find_heap_game
from whistgui.engine.heaps.quotient import MAX_POSITIONS, heap_positions

NAMES = [g.name + (f":{g.example_parameter}" if g.parameter else "") for g in HEAP_GAMES]


@pytest.mark.parametrize("name", NAMES)
def test_every_game_s_defaults_are_computable_or_refused_in_words(name: str) -> None:
    rules = find_heap_game(name)
    b = default_bounds(rules)
    problem = bounds_problem(rules, b)
    if problem is not None:  # hackenbush's piles
        assert "piles" in problem
        return
    if b.exact:
        return  # the exact quotient's own tests time it
    assert len(heap_positions(rules, b.max_heap, b.max_heaps)) <= MAX_POSITIONS


@pytest.mark.parametrize(("k", "m"), [(3, 2), (30, 3), (30, 4), (12, 5)])
def test_the_count_of_positions_is_the_engine_s(k: int, m: int) -> None:
    rules = find_heap_game("nim")
    problem = bounds_problem(rules, QuotientBounds(k, m, 0))
    try:
        n = len(heap_positions(rules, k, m))
    except Exception:
        assert problem is not None
        assert "positions, more than" in problem
        return
    assert problem is None or f"{n:,}" not in problem


def test_a_product_and_the_p_map_are_the_quotient_s() -> None:
    rules = find_heap_game("misere-nim")
    q = compute_quotient(rules, QuotientBounds(3, 2))
    for a in range(len(q.classes)):
        for b in range(len(q.classes)):
            pr = product(rules, q, a, b)
            assert pr.lands == q.table[a][b]
            assert pr.total == rules.text(rules.join(q.classes[a].representative,
                                                     q.classes[b].representative))  # fmt: skip
    pm = p_map(rules, q)
    for a in range(pm.size + 1):
        for b in range(pm.size + 1):
            c = pm.classes[a][b]
            assert c is not None  # two heaps of at most 3: all classed
            assert pm.p[a][b] == (q.classes[c].verdict == "P")


def test_the_bounds_are_saved_and_old_files_still_read(tmp_path: Path) -> None:
    doc = HeapsDocument.new("end-nim", "3 1 2").with_quotient(QuotientBounds(3, 2, 1))
    path = tmp_path / "g.heaps"
    save_heaps(doc, path)
    again = load_heaps(path)
    assert again == doc
    assert again.quotient == QuotientBounds(3, 2, 1)
    data = json.loads(path.read_text())
    del data["quotient"]  # as files before the explorer were
    path.write_text(json.dumps(data))
    assert load_heaps(path).quotient is None


@pytest.mark.parametrize(
    ("bad", "said"),
    [
        ("many", "\"quotient\" is 'many'"),
        ({"max_heap": 0, "max_heaps": 2}, '"max_heap" is 0; expected 1 to'),
        ({"max_heap": 3, "max_heaps": "2"}, "\"max_heaps\" is '2'"),
        ({"max_heap": 3, "max_heaps": 2, "exact": "yes"}, "\"exact\" is 'yes'"),
    ],
)
def test_a_tampered_quotient_is_refused_quoting_it(tmp_path: Path, bad: object, said: str) -> None:
    path = tmp_path / "g.heaps"
    save_heaps(HeapsDocument.new("nim", "1 2"), path)
    data = json.loads(path.read_text())
    data["quotient"] = bad
    path.write_text(json.dumps(data))
    with pytest.raises(DocumentError, match=None) as info:
        load_heaps(path)
    assert said in str(info.value)
    assert "g.heaps" in str(info.value)


def test_misere_kayles_s_quotient_is_said_with_the_paper_s_statement_beside_it() -> None:
    from whistgui.app.heaps_quotient import summary_lines

    rules = find_heap_game("misere-octal:0.77")
    q = compute_quotient(rules, QuotientBounds(28, 2, None, True))
    words = "\n".join(summary_lines(rules, q))
    n = len(q.classes)
    assert f"The paper (§6.5) states 48; this exact quotient has {n}" in words
    assert ("as Siegel's MisereSolver also finds" in words) == (n == 40)
    assert f"So {n} is the quotient for heaps up to 28" in words  # not "every heap size"
    assert "every heap size" not in words
    assert f"the same from K = {q.stable_from} to 28." in words
    short = compute_quotient(rules, QuotientBounds(12, 2, None, True))  # still growing at 12
    words = "\n".join(summary_lines(rules, short))
    assert "MisereSolver" not in words
    assert f"this exact quotient has {len(short.classes)} (heaps up to 12" in words


def test_a_count_first_reached_at_the_bound_is_not_the_same_from_k_to_k() -> None:
    from whistgui.app.heaps_quotient import summary_lines

    rules = find_heap_game("misere-octal:0.123")
    q = compute_quotient(rules, QuotientBounds(9, 2, None, True))
    assert q.stable_from == 9  # the count appears at the bound computed
    words = "\n".join(summary_lines(rules, q))
    assert "from K = 9 to 9" not in words
    assert f"{len(q.classes)} first at K = 9, the bound computed" in words
    assert ("The paper (§6.5) states 20, as computed here" in words) == (len(q.classes) == 20)


def test_the_members_not_shown_are_counted_in_words() -> None:
    from whistgui.app.heaps_quotient import more_members

    rules = find_heap_game("nim")
    q = compute_quotient(rules, QuotientBounds(4, 3))
    c = max(q.classes, key=lambda c: len(c.members))
    assert (
        more_members(q, c, 3)
        == f" … {len(c.members) - 3} more ({len(c.members)} of the positions classed)"
    )
    assert more_members(q, c, len(c.members)) == ""
    e = compute_quotient(find_heap_game("misere-octal:0.123"), QuotientBounds(9, 2, None, True))
    big = e.classes[0]
    assert (
        more_members(e, big, 2)
        == f" … {len(big.members) - 2} more of at most 2 heaps, and larger ones"
    )
