"""Opening a ``.gops`` file (issue 23): a tampered game is refused with one line naming the
file and the check — by the session, the explorer (a warning, nothing changed) and ``whistgui
FILE.gops --screenshot`` (exit status 2) — a game file of version 1 still opens, and what the
explorer says on opening one is that it was opened (not "Stopped solving … other rules")."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.cli.helpers import run as run_whist
from whistgui.app.document import DocumentError
from whistgui.engine.gops import (
    MAX_POINTS_SOLVE_N,
    MAX_SOLVE_N,
    GopsRules,
    GopsSolver,
    GopsState,
)
from whistgui.ui.gops import GopsSession
from whistgui.ui.gops.explorer import SOLVE_CHANNEL
from whistgui.ui.gops.session import FILE_FORMAT, FILE_VERSION

WAIT = 20_000


def game(rules: GopsRules, *, version: int = FILE_VERSION) -> dict[str, Any]:
    """A .gops file's JSON as the session saves it: ``rules`` solved, one prize turned; of
    version 1, as whistgui wrote it before the digest."""
    solver = GopsSolver(rules)
    solver.solve()
    memo = json.loads(json.dumps(solver.to_json()))
    if version == 1:
        memo["version"] = 1
        del memo["digest"]
    return {
        "format": FILE_FORMAT,
        "version": version,
        "rules": rules.to_json(),
        "path": [{"turn": 2}],
        "index": 1,
        "solver": memo,
    }


def tampered(data: dict[str, Any]) -> dict[str, Any]:
    """The issue's file: a value edited to 37.0, out of what the sign of a score can be."""
    data = copy.deepcopy(data)
    data["solver"]["chance"][3][5] = 37.0
    return data


def negated(data: dict[str, Any]) -> dict[str, Any]:
    data = copy.deepcopy(data)
    for entry in data["solver"]["chance"]:
        entry[5] = -entry[5]
    return data


def write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# -- the session ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("make", "check"),
    [
        (lambda: tampered(game(GopsRules(4))), "chance value 37.0 at state"),
        (lambda: negated(game(GopsRules(4))), "its digest does not match its solution"),
        (lambda: negated(game(GopsRules(4), version=1)), "chance value"),
        (lambda: tampered(game(GopsRules(4), version=1)), "is outside [-1, 1]"),
    ],
    ids=["range", "negated", "negated-version-1", "range-version-1"],
)
def test_a_tampered_game_is_refused_naming_the_file_and_the_check(tmp_path, make, check):
    path = write(tmp_path / "tampered.gops", make())
    session = GopsSession(GopsRules(3))
    before = session.to_json()
    with pytest.raises(DocumentError) as info:
        session.open(path)
    message = str(info.value)
    if "digest" in check:  # review 31b, X5: said plainly, not 'not a GOPS game: saved …: …'
        assert message.startswith(f"{str(path)!r} was changed after it was saved: ")
        assert "is not a GOPS game" not in message
    else:
        assert message.startswith(f"{str(path)!r} is not a GOPS game: ")
    assert check in message
    assert "\n" not in message
    assert session.to_json() == before
    assert session.file_path is None


def edited(data: dict[str, Any], edit: Any) -> dict[str, Any]:
    data = copy.deepcopy(data)
    edit(data)
    return data


#: What a message about a .gops file must not hold: Python's own writing of the rules or of
#: the file's values (a JSON file is said as JSON).
PYTHON_WORDS = re.compile(r"GopsRules\(|\{'|'\}|\bNone\b|\bTrue\b|\bFalse\b")


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (
            lambda d: d["rules"].update(n=13),  # the game's N alone changed
            'its solved game ("solver") is of N = 4, ties carry over, result = sign of the score '
            'difference, but its "rules" are N = 13, ties carry over, result = sign of the score '
            "difference (N differs)",
        ),
        (
            lambda d: d["rules"].update(n=5, ties="split"),
            '"rules" are N = 5, ties split the pot, result = sign of the score difference (N and '
            "the tie rule differ)",
        ),
        (
            lambda d: d.update(path=[{"turn": "2"}]),
            'move 1 of its "path": {"turn": "2"} is not a move; expected {"turn": 3} (the prize '
            '3 turned) or {"bid": [4, 2]} (A bids 4, B bids 2)',
        ),
        (
            lambda d: d.update(path=[{"turn": 2}, {"bid": [4, None]}]),
            'move 2 of its "path": {"bid": [4, null]} is not a move; expected {"turn": 3}',
        ),
        (lambda d: d.update(path=[{"turn": 7}]), 'move 1 of its "path": prize 7 is not face down'),
        (lambda d: d.update(index=True), '"index" true; expected a step from 0 to 1'),
        (lambda d: d.update(version="2"), '"version" "2"; expected 1 or 2'),
        (
            lambda d: d.update(rules={"n": "4"}),
            '{"n": "4"}: "n" is "4"; expected a whole number from 1 to 13 (GOPS rules like '
            '{"n": 6, "ties": "carry", "score": "sign"})',
        ),
        (
            lambda d: d["rules"].update(ties="share"),
            '"ties" is "share"; expected one of carry, split, lost (GOPS rules like',
        ),
        (
            lambda d: d["solver"].update(format=None),
            'data\'s "format" is null, expected "whistgui-',
        ),
        (
            lambda d: d["solver"]["chance"].__setitem__(0, [1, 2, 3, 0, 0, False]),
            "bad chance entry [1, 2, 3, 0, 0, false]; expected [prizes, a, b, pot, diff, value]",
        ),
    ],
    ids=[
        "n-changed",
        "n-and-ties-changed",
        "move-text",
        "move-null",
        "move-illegal",
        "index",
        "version",
        "rules-field",
        "rules-value",
        "solver-format",
        "solver-entry",
    ],
)
def test_a_refused_game_is_said_in_words_and_json_not_python(tmp_path, edit, says):
    path = write(tmp_path / "edited.gops", edited(game(GopsRules(4)), edit))
    with pytest.raises(DocumentError) as info:
        GopsSession().open(path)
    message = str(info.value)
    assert message.startswith(f"{str(path)!r} is not a GOPS game: ")
    assert says in message
    assert not PYTHON_WORDS.search(message.removeprefix(f"{str(path)!r}"))


@pytest.mark.parametrize("n", [13, MAX_SOLVE_N + 1])
def test_a_game_relabelled_beyond_what_is_solved_is_refused(tmp_path, n):
    data = game(GopsRules(4))
    for rules in (data["rules"], data["solver"]["rules"]):
        rules["n"] = n
    with pytest.raises(DocumentError, match=f"a saved GOPS solution of N = {n}: whistgui"):
        GopsSession().open(write(tmp_path / "relabelled.gops", data))


def test_a_genuine_game_of_version_1_opens_and_saves_as_version_2(tmp_path):
    data = game(GopsRules(4), version=1)
    session = GopsSession()
    session.open(write(tmp_path / "old.gops", data))
    assert session.solved
    assert session.rules == GopsRules(4)
    assert session.state == GopsState.start(4).turn(2)
    again = json.loads(session.save(tmp_path / "new.gops").read_text(encoding="utf-8"))
    assert again["version"] == FILE_VERSION == 2
    assert again["solver"]["version"] == 2
    assert isinstance(again["solver"]["digest"], str)
    assert sorted(map(tuple, again["solver"]["chance"])) == sorted(
        map(tuple, data["solver"]["chance"])
    )


def test_a_game_of_version_2_holds_a_sealed_solution(tmp_path):
    data = game(GopsRules(4))
    data["solver"]["version"] = 1
    del data["solver"]["digest"]
    with pytest.raises(DocumentError, match="holds a solved game of version 1, with no digest"):
        GopsSession().open(write(tmp_path / "downgraded.gops", data))


def test_a_tampered_game_makes_a_screenshot_exit_with_status_2(tmp_path):
    path = write(tmp_path / "tampered.gops", tampered(game(GopsRules(4))))
    out = tmp_path / "shot.png"
    res = subprocess.run(
        [sys.executable, "-m", "whistgui", str(path), "--screenshot", str(out)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert res.returncode == 2, res.stderr
    lines = res.stderr.splitlines()
    assert len(lines) == 1, res.stderr
    assert lines[0].startswith(f"whistgui: error: {str(path)!r} is not a GOPS game: saved GOPS ")
    assert "chance value 37.0 at state" in lines[0]
    assert not out.exists()


# -- the explorer ---------------------------------------------------------------------------------
def test_a_tampered_game_is_refused_by_the_explorer_and_nothing_changes(
    qtbot, gops_explorer, dialogs, tmp_path
):
    w = gops_explorer(GopsRules(3))
    path = write(tmp_path / "tampered.gops", tampered(game(GopsRules(4))))
    assert not w.open(path)
    kind, text = dialogs.shown[-1]
    assert kind == "warning"
    assert "is outside [-1, 1]" in text
    assert w.session.rules == GopsRules(3)
    assert not w.session.solved


@pytest.mark.parametrize("route", ["explorer", "session"])
def test_opening_a_game_while_a_small_one_solves_says_the_file_was_opened(
    qtbot, gops_explorer, tmp_path, route
):
    """The explorer solves N = 6 as soon as it is shown (the app's first page); a file opened
    meanwhile — by Open…, or by ``whistgui FILE.gops`` through the session — replaces that
    game: the status says so, not "Stopped solving N = 6: other rules"."""
    w = gops_explorer(GopsRules(6), auto_solve=6)
    assert w.solving
    path = write(tmp_path / "four.gops", game(GopsRules(4)))
    if route == "explorer":
        assert w.open(path)
    else:
        w.session.open(path)
    status = w.solve_status.text()
    assert status == "Opened four.gops: " + GopsRules(4).describe()
    assert not w.solving
    qtbot.waitUntil(w.ready, timeout=WAIT)
    assert w.solve_status.text() == status  # the stopped solve's end says nothing more


def test_opening_a_game_while_solve_runs_says_both(qtbot, gops_explorer, service, tmp_path):
    w = gops_explorer(GopsRules(8))
    with qtbot.waitSignal(service.started, timeout=WAIT):
        qtbot.mouseClick(w.solve_button, Qt.MouseButton.LeftButton)
    path = write(tmp_path / "four.gops", game(GopsRules(4)))
    w.session.open(path)  # as `whistgui FILE.gops` does
    assert w.solve_status.text() == (
        f"Opened four.gops: {GopsRules(4).describe()}; the solve of N = 8 under way was stopped"
    )
    assert w.session.solved
    qtbot.waitUntil(w.ready, timeout=WAIT)


def test_an_unsolved_game_of_the_rules_being_solved_goes_on_solving(
    qtbot, gops_explorer, service, jobs, tmp_path
):
    w = gops_explorer(GopsRules(6))  # about a second to solve: still under way when the file opens
    with qtbot.waitSignal(service.started, timeout=WAIT):
        qtbot.mouseClick(w.solve_button, Qt.MouseButton.LeftButton)
    data = game(GopsRules(4))
    data["rules"] = GopsRules(6).to_json()
    data["solver"] = None
    assert w.open(write(tmp_path / "six.gops", data))
    assert w.solving
    assert w.solve_status.text() == (
        f"Opened six.gops: {GopsRules(6).describe()} (not solved; it is being solved)"
    )
    qtbot.waitUntil(lambda: w.session.solved and w.ready(), timeout=WAIT)
    assert jobs.count(SOLVE_CHANNEL) == 1
    assert w.session.state == GopsState.start(6).turn(2)  # the file's path, now solved


def test_the_n_tooltip_says_what_whist_gops_solve_takes(qtbot, gops_explorer, capsys):
    w = gops_explorer(GopsRules(4))
    tip = w.n_spin.toolTip()
    assert "any N" not in tip
    assert (
        f"N = {MAX_SOLVE_N} is the largest solved with the sign result, "
        f"N = {MAX_POINTS_SOLVE_N} with points, here and by whist gops solve"
    ) in tip
    assert w.n_spin.maximum() == MAX_SOLVE_N
    # and it is what the command does: N = 10 is refused
    code, _out, err = run_whist(capsys, "gops", "solve", "--n", str(MAX_SOLVE_N + 1))
    assert code == 2
    assert f"at most {MAX_SOLVE_N} cards" in err


# -- the main window's status bar -----------------------------------------------------------------
def test_a_refused_game_is_said_in_the_status_bar_while_its_warning_is_up(
    qtbot, window, monkeypatch, tmp_path
):
    """The warning waits for the user; the status bar beside it said what it said before —
    after a first refused file, that file's refusal, beside the second file's warning."""
    from PySide6.QtWidgets import QMessageBox

    at_warning: list[tuple[str, str]] = []

    def warning(_parent, _title, text, *args, **kwargs):
        at_warning.append((text, window.statusBar().currentMessage()))
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", warning)
    first = write(tmp_path / "first.gops", tampered(game(GopsRules(4))))
    second = write(
        tmp_path / "second.gops", edited(game(GopsRules(4)), lambda d: d.update(index=9))
    )
    assert not window.open_file(first)
    assert not window.open_file(second)
    (_, status_first), (text, status_second) = at_warning
    assert "first.gops" in status_first
    assert "second.gops" in text
    assert status_second == f"Not opened: {text}"  # the new refusal, not the first one's
