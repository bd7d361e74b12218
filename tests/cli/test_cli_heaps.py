"""`whist solve`, `whist value` and `whist games` for the games of heaps and piles (strange
algebra §6 and §9, issue 26), run as processes: the JSON shapes scripts depend on, answers
equal to the engine's search, and bad input refused in one line."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from whistgui.engine.heaps import HEAP_GAMES, find_heap_game
from whistgui.engine.heaps.quotient import exact_quotient, quotient_verdict
from whistgui.engine.heaps.search import Search


def whist(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).parent / "whist"
    cmd = [str(script)] if script.is_file() else [sys.executable, "-m", "whistgui.cli"]
    return subprocess.run(
        [*cmd, *argv], input=stdin, capture_output=True, text=True, timeout=120, check=False
    )


def objects(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def test_solve_json_is_the_search_s_outcome_for_random_nim_positions():
    rng = random.Random(26)
    texts = [" ".join(str(rng.randint(1, 7)) for _ in range(rng.randint(1, 4))) for _ in range(12)]
    res = whist("solve", "--game", "nim", *texts, "--json")
    assert res.returncode == 0, res.stderr
    assert res.stderr == ""
    rules = find_heap_game("nim")
    search = Search(rules)
    got = objects(res.stdout)
    assert [o["position"] for o in got] == [rules.text(rules.parse(t)) for t in texts]
    for o, t in zip(got, texts, strict=True):
        assert set(o) == {"game", "position", "outcome"}
        assert o["game"] == "nim"
        assert o["outcome"] == search.verdict(rules.parse(t))
    assert {o["outcome"] for o in got} == {"N", "P"}  # both kinds seen: the test can fail


@pytest.mark.parametrize("g", [g for g in HEAP_GAMES if g.theory is not None], ids=lambda g: g.name)
def test_value_predicts_what_solve_finds_for_every_game_with_a_theory(g):
    name = g.name + (f":{g.example_parameter}" if g.parameter else "")
    rules = find_heap_game(name)
    rng = random.Random(name)
    positions = [rules.text(rules.parse(g.random_position(rng, 8))) for _ in range(8)]
    value = whist("value", "--game", name, *positions, "--json")
    solve = whist("solve", "--game", name, *positions, "--json")
    assert value.returncode == solve.returncode == 0, value.stderr + solve.stderr
    theory = g.theory(rules)
    for p, v, s in zip(positions, objects(value.stdout), objects(solve.stdout), strict=True):
        assert v["position"] == s["position"] == p
        assert v["outcome"] == s["outcome"], (name, v, s)
        assert v.get("by_flag") == s.get("by_flag")
        shown = [c["component"] for c in v["components"]]
        assert shown == [rules.text(c) for c in rules.components(rules.parse(p))]
        assert theory.text(theory.parse(v["element"])) == v["element"]


def test_value_text_shows_each_heap_s_element_and_the_sum():
    res = whist("value", "--game", "nim", "3 4 6")
    assert res.returncode == 0
    lines = res.stdout.splitlines()
    assert lines[0] == "3 4 6   (nim)"
    assert lines[1].split() == ["3:", "*3", "4:", "*4", "6:", "*6"]
    assert lines[2].startswith("  sum: *1")  # 3 xor 4 xor 6
    assert "N (the next player wins)" in lines[3]


def test_positions_from_standard_input_and_a_bad_one_among_them():
    res = whist("solve", "--game", "nim", "-", "--json", stdin="1 2 3\n3 y\n\n2 2\n")
    assert res.returncode == 2
    got = objects(res.stdout)
    assert [o.get("outcome") for o in got] == ["P", None, "P"]
    assert got[1]["line"] == 2
    assert got[1]["input"] == "3 y"
    assert "'y'" in got[1]["error"]
    assert "heap sizes separated by spaces" in got[1]["error"]
    assert res.stderr.count("\n") == 1
    assert res.stderr.startswith("whist: error: line 2: ")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("solve", "--game", "nimm", "1"), "unknown game 'nimm'"),
        (("solve", "--game", "nim:3", "1"), "takes no parameter"),
        (("analyze", "--game", "nim", "1"), "analyze is for the trick games"),
        (("play", "--game", "nim", "1"), "play is for the trick games"),
        (("solve", "--game", "nim", "--refined", "1"), "not a trick game"),
        (("solve", "--game", "nim", "1 1001"), "heap 1001 in '1 1001' is too large"),
        (("solve", "--game", "nim", "-3"), "'-3'"),
    ],
)
def test_bad_requests_are_one_line_with_status_2(argv, said):
    res = whist(*argv)
    assert res.returncode == 2
    assert said in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1, res.stderr
    assert "Traceback" not in res.stderr


def test_games_lists_every_game_in_text_as_its_json_says_in_one_layout():
    """``whist games`` writes the trick games and the games of positions alike (cli.common's
    game_listing): a block a game, ``name  —  title``, its aliases, its own lines (rules; how a
    position is written and the parameter), its theory (its notes under it) and its source."""
    listed = objects(whist("games", "--json").stdout)
    res = whist("games")
    assert res.returncode == 0
    blocks: list[list[str]] = []
    for line in res.stdout.splitlines():
        if line.startswith(" "):
            blocks[-1].append(line)
        else:
            blocks.append([line])
    assert len(blocks) == len(listed)
    kinds = set()
    for block, obj in zip(blocks, listed, strict=True):
        kinds.add(obj["kind"])
        assert block[0] == f"{obj['name']}  —  {obj['title']}"
        assert block[1] == f"  aliases: {', '.join(obj['aliases']) or '-'}"
        own = ["  rules:   "] if obj["kind"] == "trick game" else ["  positions: ", "  parameter: "]
        middle = block[2 : block.index(next(x for x in block if x.startswith("  theory:")))]
        assert middle
        assert all(any(x.startswith(o) for o in own) for x in middle)
        theory = obj["theory"] if obj["theory"] is not None else "none (search only)"
        assert block[len(middle) + 2] == f"  theory:  {theory}"
        notes = [f"           {obj['notes']}"] if obj["notes"] else []
        assert block[len(middle) + 3 :] == [*notes, f"  source:  {obj['source']}"]
    assert kinds == {"trick game", "positions"}


def test_games_lists_the_games_of_positions_after_the_trick_games():
    res = whist("games", "--json")
    assert res.returncode == 0
    got = objects(res.stdout)
    kinds = [o["kind"] for o in got]
    assert kinds == sorted(kinds, key=lambda k: k != "trick game")
    heaps = [o for o in got if o["kind"] == "positions"]
    assert [o["name"].partition(":")[0] for o in heaps] == [g.name for g in HEAP_GAMES]
    nim = heaps[0]
    assert nim["game"] == "nim"
    assert "nim group" in nim["theory"]
    assert nim["notation"]


def test_quotient_of_hackenbush_is_computed_and_exact_refused_in_words():
    from whistgui.engine.heaps.quotient import heap_quotient

    res = whist("quotient", "--game", "hackenbush", "--max-heap", "3", "--max-heaps", "2", "--json")
    assert res.returncode == 0, res.stderr
    (q,) = objects(res.stdout)
    mine = heap_quotient(find_heap_game("hackenbush"), 3, 2)
    assert q["classes"] == len(mine.classes)
    assert q["table"] == [list(r) for r in mine.table]
    assert q["homomorphism"] is True
    assert q["refinement"] is True
    bad = whist("quotient", "--game", "nim", "--max-heap", "3", "--exact")
    assert bad.returncode == 2
    assert "heap_quotient" not in bad.stderr  # no internal name: what to give instead
    assert "expected --max-heaps M" in bad.stderr


def test_quotient_elements_in_the_theory_s_text_and_as_it_prints_them():
    for game, heap in (("moore-nim:3", "5"), ("misere-nim", "2")):
        argv = ("quotient", "--game", game, "--max-heap", "5", "--max-heaps", "2")
        res = whist(*argv, "--json")
        assert res.returncode == 0, res.stderr
        (q,) = objects(res.stdout)
        (value,) = objects(whist("value", "--game", game, heap, "--json").stdout)
        # one notation with 'whist value': "elements" its "element", "pretty" its "pretty"
        c = next(c for c in q["class_list"] if value["element"] in c["elements"])
        k = c["elements"].index(value["element"])
        assert c["pretty"][k] == value["pretty"]
        line = next(
            x for x in whist(*argv).stdout.splitlines() if x.lstrip().startswith(f"{c['class']}. ")
        )
        assert f"elements {value['pretty']}" in line  # the text as the app shows it


def test_quotient_of_nim_by_tests_is_the_nim_group():
    """Heaps of 1 to 3 counters, two at most: the classes are the nim-sums 0 to 3, each a
    theory's element, and the table of the classes is their nim-sum (XOR)."""
    res = whist("quotient", "--game", "nim", "--max-heap", "3", "--max-heaps", "2", "--json")
    assert res.returncode == 0, res.stderr
    (q,) = objects(res.stdout)
    assert q["game"] == "nim"
    assert q["exact"] is False
    assert q["classes"] == len(q["class_list"]) == 4
    nimber = [int(c["elements"][0].lstrip("*")) for c in q["class_list"]]
    for a, row in enumerate(q["table"]):
        for b, c in enumerate(row):
            assert nimber[c] == nimber[a] ^ nimber[b]
    assert [c["verdict"] for c in q["class_list"]] == ["P" if n == 0 else "N" for n in nimber]
    assert q["refinement"] is True
    assert q["homomorphism"] is True
    assert q["well_defined"] is True


def test_exact_quotient_of_a_misere_octal_game_and_where_it_stops_growing():
    from whistgui.engine.heaps.quotient import exact_quotient

    res = whist("quotient", "--game", "misere-octal:0.123", "--max-heap", "12", "--exact", "--json")
    assert res.returncode == 0, res.stderr
    (q,) = objects(res.stdout)
    mine = exact_quotient(find_heap_game("misere-octal:0.123"), 12)
    assert q["exact"] is True
    assert q["growth"] == list(mine.growth)
    assert q["classes"] == len(mine.classes) == q["growth"][-1]
    assert q["stable_from"] == mine.stable_from
    assert q["growth"][q["stable_from"] - 1 :] == [q["classes"]] * (13 - q["stable_from"])
    assert len(q["p_classes"]) == sum(c["verdict"] == "P" for c in q["class_list"])
    text = whist("quotient", "--game", "misere-octal:0.123", "--max-heap", "12", "--exact")
    assert f"{q['classes']} classes" in text.stdout
    assert f"from heap bound {q['stable_from']} to 12" in text.stdout
    assert f"So {q['classes']} is the quotient for heaps up to 12" in text.stdout
    assert "in all)" not in text.stdout  # an exact class lists a few of its positions only
    for c in q["class_list"]:  # what is not shown is counted: the members listed less shown
        line = next(x for x in text.stdout.splitlines() if x.lstrip().startswith(f"{c['class']}. "))
        assert (" more of at most" in line) == (c["size"] > len(c["representatives"]))


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("--game", "nim", "--max-cards", "2"), "--max-cards is for the card games"),
        (("--game", "whist", "--max-heap", "2"), "are for games of heaps"),
        (("--game", "nim", "--max-heap", "3"), "expected --max-heap K and --max-heaps M"),
        (("--game", "nim", "--max-heap", "3", "--exact"), "--exact is for octal games"),
        (("--game", "whist"), "expected --max-cards K"),
    ],
)
def test_quotient_options_refused_in_one_line(argv, said):
    res = whist("quotient", *argv)
    assert res.returncode == 2
    assert said in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1, res.stderr


# --------------------------------------------------------------------------- long searches
@pytest.fixture
def slow_clock(monkeypatch):  # type: ignore[no-untyped-def]
    """Every look at the progress clock 3 s after the last."""
    import itertools

    from whistgui.cli.common import ProgressLine

    ticks = itertools.count(step=3.0)
    monkeypatch.setattr(ProgressLine, "clock", staticmethod(lambda: next(ticks)))


def test_a_long_search_shows_its_progress_then_its_limit(capsys, slow_clock, monkeypatch):  # type: ignore[no-untyped-def]
    """whist solve --game moore-nim:3 '20 21 22 23 24' said nothing for 42 to 73 s, then gave
    up (issue 26's review, C2): past 2 s its progress is on standard error, as the other long
    commands' is (here a log: a line each 10 s, of a clock 3 s a look), against the limit it
    gives up at, which the message names with the time taken."""
    from tests.cli.helpers import run
    from whistgui.cli import heaps as cli_heaps
    from whistgui.engine.heaps.search import MAX_WORK

    code, out, err = run(capsys, "solve", "--game", "moore-nim:3", "5 6 7 8 9")
    assert code == 0, err
    assert out.startswith("5 6 7 8 9")
    lines = err.splitlines()
    assert lines
    for line in lines:
        assert line.startswith("searching '5 6 7 8 9': ")
        assert f"of at most {MAX_WORK:,} positions and moves looked at (" in line
        assert line.endswith(" s")
    monkeypatch.setattr(cli_heaps, "MAX_SEARCH", 20_000)
    code, out, err = run(capsys, "solve", "--game", "moore-nim:3", "5 6 7 8 9")
    assert code == 2
    said = err.splitlines()[-1]
    assert said.startswith("whist: error: '5 6 7 8 9' is too large to search: gave up after 20,000")
    assert "'whist value --game moore-nim:3' says what the theory predicts" in said


def test_games_describes_a_game_with_a_parameter_s_theory_with_k():
    """The entries moore-nim:K and comply-constrain-nim:K printed their theory with K = 3
    ('⊕Z_3', 'the 3-chain', 'quotients by 3'; issue 26's review, C4): with K, as the README's
    table; the theory made for a K still names its K."""
    listed = {o["name"]: o for o in objects(whist("games", "--json").stdout)}
    text = whist("games").stdout
    moore, cc = listed["moore-nim:K"]["theory"], listed["comply-constrain-nim:K"]["theory"]
    assert moore.startswith("⊕Z_K (§6.3): the heaps' binary digits added modulo K without")
    assert cc.startswith(
        "the nim group × the K-chain (§6.4): the nim-sum of the heaps' quotients by K"
    )
    for said in (moore, cc):
        assert f"  theory:  {said}" in text.splitlines()
        for three in ("Z_3", "3-chain", "by 3", "modulo 3"):
            assert three not in said
    made = {
        name: g.theory(find_heap_game(f"{name}:5"))
        for g in HEAP_GAMES
        if (name := g.name) in ("moore-nim", "comply-constrain-nim") and g.theory is not None
    }
    assert "modulo 5" in made["moore-nim"].title
    assert "the 5-chain" in made["comply-constrain-nim"].title


def test_an_unknown_game_names_every_game_and_a_parameter_is_read_as_typed():
    """'whist value --game frobnicate 3' listed the trick games only, and 'moore-nim: 3' was
    quoted back as 'moore-nim:-3' (issue 26's review, C8): every game is named, spaces around
    a parameter are ignored, and a bad one is quoted as it was typed."""
    res = whist("value", "--game", "frobnicate", "3")
    assert res.returncode == 2
    said = res.stderr
    assert "unknown game 'frobnicate'; expected a trick game (whist, " in said
    for g in HEAP_GAMES:
        assert g.name in said
    assert "moore-nim:K" in said
    assert "comply-constrain-nim:K" in said
    for typed in ("moore-nim: 3", "Moore-Nim :3 ", "moore-nim:3"):
        res = whist("value", "--game", typed, "3 4 6", "--json")
        assert res.returncode == 0, res.stderr
        assert objects(res.stdout)[0]["game"] == "moore-nim:3"
    res = whist("value", "--game", "moore-nim: x", "3")
    assert res.returncode == 2
    assert "'moore-nim: x': K must be a whole number from 2 to 8" in res.stderr
    assert "-x" not in res.stderr


def test_one_limit_on_a_heap_said_one_way_and_leading_zeros_read_alike():
    """'1000000000 1' was 'too long; expected at most 4 digits', '9999 9999' 'too large;
    expected at most 1000'; a heap '03' was read, moore-nim:03 refused (issue 26's review,
    C9): one message for a heap over the limit however long, and leading zeros read alike in
    a heap and in a parameter."""
    for text, shown in (("1000000000 1", "1000000000"), ("9999 9999", "9999"), ("1 1001", "1001")):
        res = whist("value", "--game", "nim", text)
        assert res.returncode == 2
        assert f"heap {shown} in '{text}' is too large; expected at most 1000" in res.stderr
        assert "digits" not in res.stderr
    huge = "7" * 5000
    res = whist("value", "--game", "nim", huge)
    assert "(5,000 digits) in '" in res.stderr
    assert "is too large; expected at most 1000" in res.stderr
    assert len(res.stderr) < 400
    for game, text in (("nim", "03 0004"), ("moore-nim:03", "3 4"), ("moore-nim:3", "3 4")):
        res = whist("value", "--game", game, text, "--json")
        assert res.returncode == 0, res.stderr
        (obj,) = objects(res.stdout)
        assert obj["position"] == "3 4"
        assert obj["game"] == game.replace(":03", ":3")
    res = whist("value", "--game", "moore-nim:0009", "3")
    assert "'moore-nim:0009': K must be a whole number from 2 to 8" in res.stderr


def test_the_empty_position_is_said_so():
    """whist value --game misere-nim '' printed '0   (misere-nim)' then an empty line
    (issue 26's review, K3): the empty position is named, and so is its lack of components;
    the JSON keeps '0'."""
    res = whist("value", "--game", "misere-nim", "")
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == "0 (the empty position)   (misere-nim)"
    assert lines[1] == "  no components: the sum is the zero element"
    assert all(line.strip() for line in lines)
    res = whist("solve", "--game", "hackenbush", "0")
    assert res.stdout.splitlines()[0] == "0 (the empty position)   (hackenbush)"
    res = whist("value", "--game", "misere-nim", "", "--json")
    assert objects(res.stdout)[0]["position"] == "0"
    assert whist("value", "--game", "nim", "3").stdout.splitlines()[0] == "3   (nim)"


def test_value_of_a_misere_octal_game_is_the_exact_quotient_s_prediction():
    """'whist value --game misere-octal:0.77' said "has no value theory" while the app
    predicts from the exact quotient (issue 26, third review, 2): each heap's class and the
    outcome by Q_K (K = 27, the app's least bound), equal to search; a heap past the bound
    refused in words."""
    name = "misere-octal:0.77"
    rules = find_heap_game(name)
    rng = random.Random(2677)
    texts = [" ".join(str(rng.randint(1, 9)) for _ in range(rng.randint(1, 3))) for _ in range(10)]
    texts.append("2 2")
    value = whist("value", "--game", name, *texts, "--json")
    solve = whist("solve", "--game", name, *texts, "--json")
    assert value.returncode == solve.returncode == 0, value.stderr + solve.stderr
    q = exact_quotient(rules, 27)
    got = objects(value.stdout)
    for t, v, s in zip(texts, got, objects(solve.stdout), strict=True):
        p = rules.parse(t)
        assert {"game", "position", "components", "element", "pretty", "meaning", "outcome"} <= set(
            v
        )
        assert v["outcome"] == s["outcome"] == quotient_verdict(q, p)
        assert v["class"] == q.class_of(p)
        assert [c["class"] for c in v["components"]] == [q.class_of(c) for c in rules.components(p)]
        assert v["by"] == "the exact quotient Q_K, K = 27"
    assert {v["outcome"] for v in got} == {"N", "P"}
    text = whist("value", "--game", name, "7 4")
    assert text.returncode == 0, text.stderr
    assert "by the exact quotient Q_K, K = 27" in text.stdout
    assert "has no value theory" not in text.stdout
    big = whist("value", "--game", name, "70 3")
    assert big.returncode != 0
    assert "the heap of 70 is larger" in big.stderr
    assert "at most 64 counters" in big.stderr


def test_a_partizan_quotient_s_text_says_its_outcomes_in_words():
    """'whist quotient --game hackenbush' printed raw JSON ({"blue_first": "R", …}) as a
    class's outcome (issue 26, third review, 3): now the words of 'whist solve', the codes
    explained, and what is counted as P-positions of a partizan game said."""
    argv = ("quotient", "--game", "hackenbush", "--max-heap", "3", "--max-heaps", "2")
    text = whist(*argv)
    data = whist(*argv, "--json")
    assert text.returncode == data.returncode == 0, text.stderr + data.stderr
    assert "{" not in text.stdout
    (q,) = objects(data.stdout)
    lines = text.stdout.splitlines()
    for c in q["class_list"]:
        o = c["outcome"]
        words = f"Blue first: {o['blue_first']}, Red first: {o['red_first']}"
        line = next(ln for ln in lines if ln.lstrip().startswith(f"{c['class']}. "))
        assert words in line
    second = [c for c in q["class_list"] if c["outcome"] == {"blue_first": "R", "red_first": "B"}]
    assert f"{len(second)} of P-positions (the second player wins)" in lines[1]
    assert any("no P-positions in the impartial sense" in ln for ln in lines)


def test_the_exact_quotient_s_last_line_points_at_the_readme_in_words():
    """'… as Siegel's MisereSolver also finds (README)' read oddly in a terminal (issue 26,
    third review, 5): the pointer is said in words, or not at all."""
    res = whist("quotient", "--game", "misere-octal:0.77", "--max-heap", "27", "--exact")
    assert res.returncode == 0, res.stderr
    assert "(README)" not in res.stdout
    (line,) = [ln for ln in res.stdout.splitlines() if "MisereSolver" in ln]
    assert line.endswith("as Siegel's MisereSolver also finds (see the README's section on heaps).")


def test_a_search_given_up_points_at_the_exact_quotient_s_value(capsys, monkeypatch):  # type: ignore[no-untyped-def]
    """A misère octal game has no theory, but 'whist value' now predicts it from the exact
    quotient: the message of a search given up says so (a game with neither says nothing)."""
    from tests.cli.helpers import run
    from whistgui.cli import heaps as cli_heaps

    monkeypatch.setattr(cli_heaps, "MAX_SEARCH", 200)
    code, _out, err = run(capsys, "solve", "--game", "misere-octal:0.77", "9 10 11 12 13")
    assert code == 2
    said = err.splitlines()[-1]
    assert "is too large to search" in said
    assert "'whist value --game misere-octal:0.77' says what the exact quotient predicts" in said
