"""The `whist` command line as a user runs it: text and JSON output, stdin, errors."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import pytest

from tests.cli.helpers import jsonl, run
from whistgui.cli import GROUP_OF, build_parser, main
from whistgui.engine import Deal, Evaluator, Solver, Value, outcome_text


def test_the_cli_words_outcomes_as_the_engine_does(capsys):
    deal = Deal.parse("AQ/KJ K/A")
    code, out, _ = run(capsys, "solve", "--refined", str(deal))
    assert code == 0
    lines = out.splitlines()
    plain, refined = Solver().outcome(deal), Solver().outcome(deal, refined=True)
    assert f"  outcome: {outcome_text(plain)}" in lines
    assert f"  refined: {outcome_text(refined)}" in lines
    assert "  outcome: West takes 2 tricks with West on lead and 2 with East on lead" in lines
    assert "  refined: West scores 7/4 with West on lead and 7/4 with East on lead" in lines
    code, out, _ = run(capsys, "value", "--game", "five-card", "K/A Q/A")
    assert "  outcome: East wins whoever leads" in out.splitlines()
    assert "trace −2: East wins whoever leads" in out


def test_value_json(capsys):
    code, out, err = run(capsys, "value", "--json", "AQ/KJ K/A")
    assert code == 0
    assert err == ""
    (obj,) = jsonl(out)
    assert obj == {
        "game": "whist",
        "deal": "AQ/KJ K/A",
        "suits": [
            {"suit": "AQ/KJ", "name": "S", "value": "3/2", "element": "3/2"},
            {"suit": "K/A", "name": "H", "value": "e0", "element": "e0"},
        ],
        "value": "3/2+e0",
        "element": "3/2+e0",
        "outcome": {"west_lead": 2, "east_lead": 2},
    }


def test_value_of_deal_27_text(capsys):
    code, out, _ = run(capsys, "value", "KQT98/AJ765 AK9/QJT AJ9753/KQT864 KQT86/AJ975")
    assert code == 0
    assert "10½ ± ε₀" in out
    assert "West takes 11 tricks with West on lead and 10 with East on lead" in out


def test_value_reads_stdin_and_keeps_going_after_bad_lines(capsys):
    stdin = "AQ/KJ\n# a comment\n\nAX/KQ\n[A Q J, K 10 9] + [K J, A Q]\nAKQ/J\n"
    code, out, err = run(capsys, "value", "--json", "-", stdin=stdin)
    assert code == 2
    objs = jsonl(out)
    assert [o.get("value") for o in objs] == ["3/2", None, "5/2", None]
    assert [(o["line"], o["input"]) for o in objs if "error" in o] == [(4, "AX/KQ"), (6, "AKQ/J")]
    assert objs[1]["error"].startswith("unknown rank 'X' in suit 'AX/KQ'")
    lines = err.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("whist: error: line 4: unknown rank 'X' in suit 'AX/KQ'")
    assert lines[1].startswith("whist: error: line 6: ")
    assert "not symmetric" in lines[1]
    assert "Traceback" not in err


def test_analyze_json_matches_the_engine(capsys):
    code, out, _ = run(capsys, "analyze", "--json", "AJ9/KQT")
    assert code == 0
    (obj,) = jsonl(out)
    a = Evaluator().analyze("AJ9/KQT")
    assert obj["suit"] == "AJ9/KQT"
    assert obj["west"] == ["9", "J", "A"]
    assert obj["east"] == ["T", "Q", "K"]
    assert obj["maxmin"] == {"lead": "E", "value": "1+e1"}
    assert obj["minmax"] == {"lead": "E", "value": "3/2"}
    assert obj["value"] == "3/2"
    assert len(obj["alpha"]) == 3
    assert all(len(row) == 3 for row in obj["alpha"])
    for i, row in enumerate(obj["alpha"]):
        for j, cell in enumerate(row):
            assert Value.parse(cell["value"]) == a.alpha[i][j].value
            assert cell["lead"] == a.alpha[i][j].player.value


def test_analyze_text_shows_matrix_and_interval(capsys):
    code, out, _ = run(capsys, "analyze", "K/A")
    assert code == 0
    assert "(E, 0)" in out
    assert "ε₀" in out
    assert "I(D)" in out


def test_analyze_refuses_multi_suit(capsys):
    code, out, err = run(capsys, "analyze", "AQ/KJ K/A")
    assert code == 2
    assert out == ""
    assert "holds 2 suits" in err


def test_solve_json_refined(capsys):
    code, out, _ = run(capsys, "solve", "--json", "--refined", "KJ/AQ A/K K/A")
    assert code == 0
    (obj,) = jsonl(out)
    assert obj["deal"] == "KJ/AQ A/K K/A"
    assert obj["outcome"] == {"west_lead": 2, "east_lead": 1}  # deal (15): the lead helps
    assert set(obj["refined"]) == {"west_lead", "east_lead"}
    assert obj["best"]["west_lead"] == ["H:A"]
    assert obj["best"]["east_lead"] == ["D:A"]


def test_solve_refined_fractions_are_canonical(capsys):
    code, out, _ = run(capsys, "solve", "--json", "--refined", "AQ/KJ")
    assert code == 0
    (obj,) = jsonl(out)
    assert obj["refined"] == {"west_lead": "5/4", "east_lead": "7/4"}


def test_solve_plays_asymmetric_deals(capsys):
    code, out, _ = run(capsys, "solve", "--json", "AKQ/J J/AKQ")
    assert code == 0
    (obj,) = jsonl(out)
    assert obj["outcome"] == dict(
        zip(("west_lead", "east_lead"), Solver().outcome(Deal.parse("AKQ/J J/AKQ")), strict=True)
    )


def test_table_json_is_stable_and_complete(capsys):
    code, out, _ = run(capsys, "table", "--json", "3")
    assert code == 0
    rows = jsonl(out)
    assert len(rows) == 10
    assert rows[0] == {"game": "whist", "west": "KQJ", "east": "AT9", "value": rows[0]["value"]}
    ev = Evaluator()
    for r in rows:
        assert r["east"].startswith("A")
        assert ev.value(f"{r['west']}/{r['east']}") == Value.parse(r["value"])
    code2, out2, _ = run(capsys, "table", "--json", "3")
    assert code2 == 0
    assert out2 == out


def test_bad_arguments_give_one_line_and_status_2(capsys):
    with pytest.raises(SystemExit) as info:
        main(["table", "zero"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "'zero' is not a whole number; expected digits 0-9" in err
    with pytest.raises(SystemExit) as info:
        main(["table", "0"])
    assert info.value.code == 2
    assert "N must be a positive number of cards" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["value", ""], "empty deal"),
        (["value", "0"], "empty deal"),
        (["solve", "AK/Q"], "West holds 2 cards and East 1"),
        (["value", "[A, K"], "paper's notation"),
    ],
)
def test_bad_deals(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert needle in err
    assert len(err.splitlines()) == 1


def test_console_script_runs_as_a_process():
    res = subprocess.run(
        [sys.executable, "-m", "whistgui.cli", "value", "--json", "-"],
        input="AQ/KJ\nnope\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert res.returncode == 2
    assert json.loads(res.stdout.splitlines()[0])["value"] == "3/2"
    assert res.stderr.startswith("whist: error:")
    assert "Traceback" not in res.stderr


def _commands(parser: argparse.ArgumentParser) -> set[str]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return set(sub.choices)


def test_a_command_builds_only_its_groups_parser():
    """``whist COMMAND`` builds the commands of COMMAND's group (GROUP_OF), the whole tree
    being the union of the groups; anything else builds the whole tree."""
    whole = _commands(build_parser())
    assert whole == set(GROUP_OF)
    for command, group in GROUP_OF.items():
        assert _commands(build_parser(command)) == {c for c, g in GROUP_OF.items() if g == group}
    assert _commands(build_parser("nope")) == _commands(build_parser("--help")) == whole


def test_a_run_imports_only_its_commands_group():
    """``whist solve`` as a process: of the command groups, only whistgui.cli.search is
    imported (not tables' numpy, bridge's DDS, GOPS's HiGHS)."""
    code = (
        "import sys\n"
        "from whistgui.cli import main\n"
        "status = main(['solve', '--json', 'AQ/KJ'])\n"
        "print(' '.join(m for m in sys.modules if m.startswith('whistgui.cli.')), status)\n"
    )
    res = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=120
    )
    assert res.returncode == 0, res.stderr
    solved, loaded = res.stdout.splitlines()
    assert json.loads(solved)["deal"] == "AQ/KJ"
    *modules, status = loaded.split()
    assert status == "0"
    groups = {m.removeprefix("whistgui.cli.") for m in modules} & set(GROUP_OF.values())
    assert groups == {"search"}, modules


def test_abstract_suits_keep_integer_ranks_everywhere(capsys):
    suit = "[13 12 9 8 7 2 1, 14 11 10 6 5 4 3]"
    code, out, _ = run(capsys, "play", "--json", suit)
    assert code == 0
    cards = [o["card"] for o in jsonl(out) if "card" in o]
    assert len(cards) == 14
    assert all(c.split(":")[1].isdigit() for c in cards)
    code, out, _ = run(capsys, "solve", "--json", suit)
    (obj,) = jsonl(out)
    assert all(c.split(":")[1].isdigit() for c in obj["best"]["west_lead"])


def test_table_lines_parse_back_for_long_suits(capsys):
    code, out, _ = run(capsys, "table", "7")
    assert code == 0
    ev = Evaluator()
    for line in out.splitlines()[:40]:
        text, value = line.split("\t")
        assert ev.value(text).pretty() == value


def test_stdin_may_start_with_a_byte_order_mark(capsys):
    code, out, err = run(capsys, "value", "--json", "-", stdin="\ufeffAQ/KJ\n")
    assert code == 0, err
    assert jsonl(out)[0]["value"] == "3/2"
