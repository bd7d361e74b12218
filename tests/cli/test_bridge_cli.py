"""``whist bridge table | solve | line`` as a user runs them: deal strings, PBN files, standard
input, --json, and bad input that is quoted while the other deals are still answered."""

from __future__ import annotations

import io
import json

import pytest

from whistgui.cli import main
from whistgui.engine.bridge import BridgeDeal, Contract, Seat, Strain
from whistgui.engine.bridge.dds import dd_table

pytest.importorskip("endplay", reason="the double-dummy solver endplay is not installed")

DEAL = "N:84.QT98.AJ75.A72 92.KJ65.986.KT43 KQJT5.A2.Q2.J865 A763.743.KT43.Q9"
PBN = f"""% two boards
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{DEAL}"]
[Declarer "N"]
[Contract "3NT"]

[Board "2"]
[Dealer "E"]
[Vulnerable "All"]
[Deal "E:AK... QJ... T9... 87..."]
"""


def run(capsys, *argv: str, stdin: str = "") -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = main(["bridge", *argv], stdin=io.StringIO(stdin))
    out, err = capsys.readouterr()
    return code, out, err


def test_table_json_has_the_deal_and_every_declarer_and_strain(capsys):
    code, out, _ = run(capsys, "table", DEAL, "--json")
    assert code == 0
    obj = json.loads(out)
    assert obj["deal"] == DEAL
    assert set(obj["tricks"]) == {"N", "E", "S", "W"}
    table = dd_table(BridgeDeal.parse(DEAL))
    for seat, row in obj["tricks"].items():
        assert set(row) == {"C", "D", "H", "S", "NT"}
        for strain, n in row.items():
            assert n == table[Seat.parse(seat), Strain.parse(strain)]
    assert obj["par"]["contracts"]


def test_solve_says_make_or_down_with_the_tricks(capsys):
    code, out, _ = run(capsys, "solve", DEAL, "--contract", "4S", "--declarer", "S", "--json")
    assert code == 0
    obj = json.loads(out)
    assert obj["makes"] == (obj["tricks"] >= Contract.parse("4S").tricks_needed)
    code, text, _ = run(capsys, "solve", DEAL, "--contract", "4S", "--declarer", "S")
    assert ("goes down" in text) == (not obj["makes"])


def test_the_winning_line_keeps_the_result_at_every_card(capsys):
    code, out, _ = run(capsys, "line", DEAL, "--contract", "3NT", "--declarer", "N", "--json")
    assert code == 0
    obj = json.loads(out)
    assert len(obj["line"]) == 52
    assert obj["line"][0]["seat"] == "E"  # declarer's left-hand opponent leads
    assert {step["declarer_tricks"] for step in obj["line"]} == {obj["tricks"]}
    assert obj["tricks"] == dd_table(BridgeDeal.parse(DEAL))[Seat.N, Strain.NT]
    assert [s["trick"] for s in obj["line"][::4]] == list(range(1, 14))


def test_a_pbn_file_gives_every_board_and_its_contract(capsys, tmp_path):
    path = tmp_path / "two.pbn"
    path.write_text(PBN, encoding="utf-8")
    code, out, _ = run(capsys, "table", str(path), "--json")
    assert code == 0
    deals = [json.loads(line)["deal"] for line in out.splitlines()]
    assert deals == [DEAL, BridgeDeal.parse("E:AK... QJ... T9... 87...").to_pbn()]
    code, out, err = run(capsys, "solve", str(path), "--json")
    assert json.loads(out.splitlines()[0])["contract"] == "3NT"  # from the file's tags
    assert code == 2  # board 2 has no contract: said, quoted by board
    assert "board 2" in err


def test_standard_input_and_bad_deals(capsys):
    bad = "N:AKQ... QJ... T9... 87..."  # unequal hands
    code, out, err = run(capsys, "table", "-", "--json", stdin=f"{DEAL}\n{bad}\n{DEAL}\n")
    assert code == 2
    answers = [json.loads(line) for line in out.splitlines()]
    assert [("error" in a) for a in answers] == [False, True, False]  # the batch went on
    assert answers[1]["line"] == 2
    assert answers[1]["input"] == bad
    assert answers[1]["error"] in err
    assert "line 2" in err
    assert "Traceback" not in err
    code, out, _ = run(capsys, "table", "--json", bad, DEAL)  # as arguments
    assert code == 2
    answers = [json.loads(line) for line in out.splitlines()]
    assert answers[0]["input"] == bad
    assert "error" not in answers[1]
    code, _, err = run(capsys, "solve", DEAL, "--contract", "8S", "--declarer", "S")
    assert code == 2
    assert "'8S'" in err
    code, _, err = run(capsys, "solve", DEAL)
    assert code == 2
    assert "--contract" in err


def test_render_refuses_before_drawing_and_without_qt(tmp_path):
    """``whist bridge render``'s refusals (no boards, a board out of range, an unknown view)
    quote the input, exit 2 and never start Qt; the drawing is tested in tests/figures."""
    import subprocess
    import sys

    empty = tmp_path / "empty.pbn"
    empty.write_text("% nothing here\n", encoding="utf-8")
    pbn = tmp_path / "two.pbn"
    pbn.write_text(PBN, encoding="utf-8")
    out = str(tmp_path / "x.png")
    cases = [
        ([str(empty)], f"{empty} holds no deal; expected PBN tags"),
        ([str(pbn), "--board", "3"], f"--board 3: {str(pbn)!r} has 2 boards; expected 1 to 2"),
        ([DEAL, "--view", "hands"], "--view 'hands': expected one of deal, ddtable, both"),
        ([DEAL, "--dpi", "5"], "--dpi 5"),
    ]
    script = (
        "import io, sys\n"
        "from whistgui.cli import main\n"
        "code = main(['bridge', 'render', *sys.argv[1:]], stdin=io.StringIO(''))\n"
        "print(code, 'PySide6.QtGui' in sys.modules)\n"
    )
    for args, needle in cases:
        res = subprocess.run(
            [sys.executable, "-c", script, *args, "-o", out],
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )
        assert res.stdout.split() == ["2", "False"], (args, res.stdout, res.stderr)
        assert needle in res.stderr
        assert "Traceback" not in res.stderr
    assert not (tmp_path / "x.png").exists()
