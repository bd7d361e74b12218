"""The document of the games of heaps and piles (app/heaps.py, app/heaps_files.py): every game
of HEAP_GAMES drawn, played by clicks and edited with no per-game code; the marks the search
gives every move equal a fresh search's; the theory's view equals the theory; .heaps files
round-trip every game, and a corrupt or tampered file is refused quoting what is wrong."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from whistgui.app.files import DocumentError
from whistgui.app.heaps import (
    BLUE,
    PLAIN,
    RED,
    HeapsDocument,
    Kind,
    analyse,
    example_position,
    kind_of,
    mark_text,
    result_words,
    stacks_text,
    theory_marks,
    theory_of,
    theory_view,
)
from whistgui.app.heaps_files import MAX_FILE_BYTES, MAX_MOVES, load_heaps, save_heaps, to_json
from whistgui.engine.errors import NotationError
from whistgui.engine.heaps import HEAP_GAMES, find_heap_game, heap_game_of
from whistgui.engine.heaps.rules import Player, ResultKind
from whistgui.engine.heaps.search import Search

#: Every game, a parameter given to those that take one.
NAMES = [g.name + (f":{g.example_parameter}" if g.parameter else "") for g in HEAP_GAMES]


def positions(name: str, count: int, size: int = 8, seed: int = 26) -> list[str]:
    g = next(g for g in HEAP_GAMES if g.name == name.partition(":")[0])
    assert g.random_position is not None
    rng = random.Random(seed)
    return [g.random_position(rng, size) for _ in range(count)]


# --------------------------------------------------------------------------- drawing
@pytest.mark.parametrize("name", NAMES)
def test_every_game_has_an_example_and_is_drawn_by_its_kind(name):
    rules = find_heap_game(name)
    doc = HeapsDocument(rules, example_position(rules))
    assert doc.stacks, name  # an example with something to play
    kind = kind_of(rules)
    counters = {c for s in doc.stacks for c in s}
    if kind is Kind.PILES:
        assert counters <= {BLUE, RED}
    else:
        assert counters == {PLAIN}
    # the stacks written back are the position
    assert rules.parse(stacks_text(doc.stacks, kind)) == doc.position


def test_the_kinds_are_read_off_the_notation():
    kinds = {name: kind_of(find_heap_game(name)) for name in NAMES}
    assert {n for n, k in kinds.items() if k is Kind.PILES} == {
        "hackenbush",
        "integral-hackenbush",
        "refined-integral-hackenbush",
    }


def test_the_order_typed_is_the_order_drawn_and_a_clicked_heap_keeps_its_place():
    doc = HeapsDocument.new("nim", "6 3 4")
    assert doc.text == "3 4 6"
    assert [len(s) for s in doc.stacks] == [6, 3, 4]
    (move,) = doc.moves_to(0, 1)  # the 6 cut below its second counter: 6 → 1
    assert move.label == "6 → 1"
    after = doc.play(move, stack=0)
    assert after.text == "1 3 4"
    assert [len(s) for s in after.stacks] == [1, 3, 4]
    gone = after.play(after.moves_to(0, 0)[0], stack=0)  # the heap taken whole
    assert [len(s) for s in gone.stacks] == [3, 4]


def test_a_move_from_the_list_changing_two_heaps_keeps_the_others_in_place():
    doc = HeapsDocument.new("moore-nim:3", "5 1 4 2")
    move = next(
        m
        for m in doc.legal_moves().moves
        if doc.rules.text(m.position) == doc.rules.text(doc.rules.parse("5 1 1 1"))
    )
    after = doc.play(move)
    assert [len(s) for s in after.stacks] == [5, 1, 1, 1]


def test_a_row_keeps_the_rules_order_when_the_game_is_not_commutative():
    class Row:  # the rules of nim, written in a row (as End-nim's)
        def __init__(self) -> None:
            self.base = find_heap_game("nim")
            self.commutative = False

        def __getattr__(self, name: str) -> object:
            return getattr(self.base, name)

    row = Row()
    doc = HeapsDocument(row, row.parse("6 3 4"), layout=("4", "3", "6"))  # type: ignore[arg-type]
    assert doc.layout == ("3", "4", "6")  # the rules' own order: a row is not rearranged


# --------------------------------------------------------------------------- clicks and moves
@pytest.mark.parametrize("name", NAMES)
def test_a_click_asks_for_exactly_the_moves_that_cut_that_stack_there(name):
    """A click asks for the moves that cut its stack there — and, in a game of heaps, those
    that split the heap there (octal games: the counters below kept, the rest above those
    taken a heap of its own); the counters each move is marked on (click_spots) are exactly
    the clicks that ask for it."""
    rules = find_heap_game(name)
    for text in positions(name, 12):
        doc = HeapsDocument.new(name, text)
        moves = doc.legal_moves().moves
        spots = doc.click_spots(m.position for m in moves)
        clicked = set()
        for i, stack in enumerate(doc.stacks):
            for j in range(len(stack)):
                goals = set(doc.click_targets(i, j))
                assert doc.target(i, j) in goals
                got = doc.moves_to(i, j)
                assert set(got) == {m for m in moves if m.position in goals}, (text, i, j)
                assert set(got) == {m for m in moves if (i, j) in spots[m.position]}, (text, i, j)
                clicked |= set(got)
        # every move that leaves one stack cut, or one heap split in two below and above the
        # counters taken, the others as they were, is a click's
        made = set()
        for i, s in enumerate(doc.stacks):
            for j in range(len(s)):
                rest = [*doc.stacks[:i], s[:j], *doc.stacks[i + 1 :]]
                made.add(rules.parse(stacks_text(rest, doc.kind)))
                if doc.kind is Kind.HEAPS and rules.commutative and j:
                    for r in range(1, len(s) - j):
                        made.add(rules.parse(stacks_text([*rest, s[:r]], doc.kind)))
        assert {m for m in moves if m.position in made} == clicked, text


def test_a_red_counter_is_no_move_of_blue_and_is_one_of_red():
    doc = HeapsDocument.new("hackenbush", "BR")
    assert doc.moves_to(0, 1) == ()
    assert [m.label for m in doc.moves_to(0, 0)] == ["BR → 0"]
    red = doc.with_mover(Player.RIGHT)
    assert [m.label for m in red.moves_to(0, 1)] == ["BR → B"]


def test_comply_constrain_asks_for_a_constraint_with_each_take():
    doc = HeapsDocument.new("comply-constrain-nim:3", "3 5")
    moves = doc.moves_to(1, 1)  # 5 → 1, then forbid two sizes up to 3
    assert {m.label.split(",")[0] for m in moves} == {"5 → 1"}
    assert {m.flag for m in moves} == {frozenset(c) for c in [(1, 2), (1, 3), (2, 3)]}
    after = doc.play(next(m for m in moves if m.flag == frozenset({1, 3})))
    assert after.flag_text() == "{1,3}"
    assert after.mover is Player.RIGHT
    takes = [m.label.split(",")[0].split(" → ") for m in after.legal_moves().moves]
    sizes = {int(a) - int(b) for a, b in takes}
    assert sizes == {2}  # Right may take neither 1 nor 3 (and 4, 5 are too many)


def test_a_bad_click_is_refused_quoting_the_position():
    doc = HeapsDocument.new("nim", "2 3")
    with pytest.raises(NotationError, match="no counter 5 in stack 1 of '2 3'"):
        doc.moves_to(0, 4)


# --------------------------------------------------------------------------- edits
def test_edits_start_again_from_the_position_and_keep_the_player_to_move():
    doc = HeapsDocument.new("nim", "3 4 5")
    played = doc.play(doc.moves_to(0, 1)[0], stack=0)
    edited = played.with_stacks([("",) * 7, *played.stacks[1:]])
    assert edited.text == "4 5 7"
    assert edited.steps == ()
    assert edited.start_mover is Player.RIGHT
    assert edited.with_text(" 2  9 ").text == "2 9"
    with pytest.raises(NotationError, match="'2 nine'"):
        edited.with_text("2 nine")
    with pytest.raises(NotationError, match="1001"):
        edited.with_stacks([("",) * 1001])


def test_an_edit_keeps_the_flag_now_where_it_is_a_start_flag():
    doc = HeapsDocument.new("comply-constrain-nim:3", "3 5")
    after = doc.play(next(m for m in doc.moves_to(1, 1) if m.flag == frozenset({1, 2})))
    assert after.flag_text() == "{1,2}"
    again = after.with_mover(Player.LEFT)
    assert again.start_flag == "{1,2}"
    assert again.flag == frozenset({1, 2})
    with pytest.raises(NotationError, match=r"'\{7\}' is not a start flag"):
        again.with_start_flag("{7}")
    assert again.with_start_flag("{}").flag == frozenset()


def test_another_game_keeps_the_position_where_it_can():
    doc = HeapsDocument.new("nim", "3 4 5")
    assert doc.with_game("misere-nim").text == "3 4 5"
    piles = doc.with_game("hackenbush")
    assert piles.kind is Kind.PILES
    assert piles.stacks  # an example of hackenbush
    with pytest.raises(NotationError, match="'moore-nim:1'"):
        doc.with_game("moore-nim:1")


# --------------------------------------------------------------------------- search and theory
@pytest.mark.parametrize("name", NAMES)
def test_every_mark_is_the_result_a_fresh_search_finds(name):
    rules = find_heap_game(name)
    seen: set[str] = set()
    for text in positions(name, 10):
        doc = HeapsDocument.new(name, text)
        analysis = analyse(doc, Search(rules))
        fresh = Search(rules)
        assert analysis.result == fresh.result(doc.position, doc.flag, doc.mover)
        assert analysis.outcome == fresh.outcome(doc.position)
        assert analysis.complete
        assert [m for m, _r in analysis.marks] == list(doc.legal_moves().moves)
        for m, r in analysis.marks:
            assert r == fresh.result(m.position, m.flag, doc.mover.other), (text, m.label)
            seen.add(mark_text(rules, r, doc.mover))
    if rules.result_kind is ResultKind.WIN:
        assert len(seen) == 2, seen  # both kinds of marks met: the test could fail


@pytest.mark.parametrize("name", NAMES)
def test_the_theory_s_view_is_the_theory(name):
    rules = find_heap_game(name)
    if heap_game_of(rules).theory is None:  # search only: no view of a theory
        doc = HeapsDocument.new(name)
        assert theory_of(doc) is None
        assert theory_view(doc) is None
        return
    for text in positions(name, 10, seed=3):
        doc = HeapsDocument.new(name, text)
        theory = theory_of(doc)
        assert theory is not None
        view = theory_view(doc, theory)
        assert view is not None
        total = theory.zero()
        for (shown, pretty), c in zip(view.components, doc.layout, strict=True):
            (component,) = rules.components(rules.parse(c))
            assert shown == c
            assert pretty == theory.pretty(theory.element(component))
            total = theory.add(total, theory.element(component))
        assert view.total == theory.pretty(total)
        assert view.meaning == theory.describe(total)
        # and it predicts what the search finds
        assert view.predicted == Search(rules).result(doc.position, doc.flag, doc.mover)


@pytest.mark.parametrize("name", NAMES)
def test_the_theory_s_marks_are_the_search_s(name):
    """The marks shown while the search runs (issue 26's review, C2: every move showed '…'
    though the theory settles each at once) are the theory's predictions after each move,
    under the flag it names — for every game, what the search then finds."""
    rules = find_heap_game(name)
    if heap_game_of(rules).theory is None:  # search only: no marks but the search's
        assert theory_marks(HeapsDocument.new(name)) is None
        return
    for text in positions(name, 6, seed=5):
        doc = HeapsDocument.new(name, text)
        predicted = theory_marks(doc)
        assert predicted is not None
        analysis = analyse(doc, Search(rules))
        assert list(predicted) == list(analysis.marks), text


def test_marks_and_words_by_the_kind_of_result():
    nim = find_heap_game("nim")
    hb = find_heap_game("hackenbush")
    ih = find_heap_game("integral-hackenbush")
    assert mark_text(nim, Fraction(1), Player.LEFT) == "P"
    assert mark_text(nim, Fraction(1), Player.RIGHT) == "N"
    assert mark_text(hb, Fraction(-1), Player.LEFT) == "R"
    assert mark_text(ih, Fraction(-2), Player.LEFT) == "−2"
    assert result_words(hb, Fraction(1), Player.RIGHT) == "Blue wins"
    assert result_words(nim, Fraction(-1), Player.LEFT) == "the player to move loses (P)"


def test_payments_are_written_as_the_theory_writes_numbers():
    """'−1/4' in the Outcome box, the badges and the moves list beside '−¼' in the Elements
    (issue 26's review, K2): one form, the theory's (Z(2)'s mixed numbers)."""
    from whistgui.app.heaps import over_words
    from whistgui.engine.heaps.dyadic import dyadic_pretty

    rih = find_heap_game("refined-integral-hackenbush")
    for q in (Fraction(-1, 4), Fraction(-11, 4), Fraction(5, 4), Fraction(2), Fraction(0)):
        shown = mark_text(rih, q, Player.LEFT)
        assert shown == dyadic_pretty(q)
        assert "/" not in shown
        assert result_words(rih, q, Player.RIGHT) == f"Blue is paid {shown}"
        assert over_words(rih, q) == f"Blue is paid {shown}"
    doc = HeapsDocument.new("refined-integral-hackenbush", "BR BRB R RB")
    view = theory_view(doc)
    assert view is not None
    assert view.total == "−¼"
    assert mark_text(rih, view.predicted, doc.mover) in view.meaning  # the same number


# --------------------------------------------------------------------------- files
@pytest.mark.parametrize("name", NAMES)
def test_a_game_saved_and_opened_is_the_game(tmp_path: Path, name):
    rng = random.Random(7)
    for k, text in enumerate(positions(name, 4, size=10)):
        doc = HeapsDocument.new(name, text)
        for _ in range(rng.randint(0, 4)):
            moves = doc.legal_moves().moves
            if not moves or doc.is_over():
                break
            doc = doc.play(rng.choice(moves))
        path = tmp_path / f"{k}.heaps"
        save_heaps(doc, path)
        again = load_heaps(path)
        assert again == doc
        assert again.flag == doc.flag
        assert again.layout == doc.layout


def _tampered(tmp_path: Path, **changes: object) -> Path:
    doc = HeapsDocument.new("comply-constrain-nim:3", "3 5")
    doc = doc.play(doc.moves_to(1, 1)[0])
    obj = to_json(doc)
    obj.update(changes)
    path = tmp_path / "t.heaps"
    path.write_text(json.dumps(obj), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"format": "whist"}, "expected a JSON object with \"format\": 'whistgui heaps'"),
        ({"version": 9}, '"version" 9: expected 1'),
        ({"game": "chess"}, "\"game\": unknown game 'chess'"),
        ({"game": "moore-nim:99"}, "'moore-nim:99'"),
        ({"game": 3}, '"game" is 3; expected a string'),
        ({"position": "3 x"}, "heap 'x' in '3 x' is not a number"),
        ({"to_move": "Blue"}, '"to_move" is \'Blue\'; expected "L" or "R"'),
        ({"flag": "{9}"}, "\"flag\" '{9}' is not a start flag of comply-constrain-nim:3"),
        ({"moves": "5 → 1"}, "\"moves\" is '5 → 1'; expected a list"),
        ({"moves": [{"move": "5 → 9"}]}, "move 1 '5 → 9' is not a move of Left from '3 5'"),
        ({"moves": [7]}, "move 1 is 7; expected"),
        (
            {"moves": [{"move": "5 → 1, forbid {1,2}", "position": "3 3"}]},
            "move 1 '5 → 1, forbid {1,2}' leaves '1 3', not '3 3' as the file says",
        ),
    ],
)
def test_a_tampered_file_is_refused_quoting_what_is_wrong(tmp_path, changes, message):
    path = _tampered(tmp_path, **changes)
    with pytest.raises(DocumentError) as err:
        load_heaps(path)
    assert message in str(err.value)
    assert str(path) in str(err.value)


def test_a_file_that_is_not_one_is_refused(tmp_path: Path):
    bad = tmp_path / "bad.heaps"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(DocumentError, match="invalid JSON at line 1 column 2"):
        load_heaps(bad)
    bad.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(DocumentError, match="not UTF-8"):
        load_heaps(bad)
    bad.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(DocumentError, match='expected a JSON object with "format"'):
        load_heaps(bad)
    with pytest.raises(DocumentError, match="does not exist"):
        load_heaps(tmp_path / "none.heaps")


def test_files_are_read_bounded(tmp_path: Path):
    big = tmp_path / "big.heaps"
    with big.open("wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(DocumentError, match=f"expected .* of at most {MAX_FILE_BYTES:,} bytes"):
        load_heaps(big)
    many = _tampered(tmp_path, moves=[{"move": "x"}] * (MAX_MOVES + 1))
    with pytest.raises(DocumentError, match=f"holds {MAX_MOVES + 1:,} moves; expected at most"):
        load_heaps(many)


def test_a_file_s_move_after_the_game_is_over_is_refused(tmp_path: Path) -> None:
    """Integral hackenbush 'BB R', Blue to move, is over (Blue is paid 1): a file that plays
    BB → B from it is refused, quoting the move (issue 26's third review, 1)."""
    doc = HeapsDocument.new("integral-hackenbush", "BB R")
    assert doc.is_over()
    path = tmp_path / "over.heaps"
    save_heaps(doc, path)
    data = json.loads(path.read_text())
    data["moves"] = [{"move": "BB → B", "position": "B R"}]
    path.write_text(json.dumps(data))
    with pytest.raises(DocumentError, match="comes after the game is over"):
        load_heaps(path)
