"""Review 31a's findings in ``whist bridge table``, ``solve`` and ``line`` (C2–C5, C11–C13),
each checked on the installed ``whist`` run as a process: ``--board`` in every command, empty
standard input refused, a file that is not a hand record said once, a bad option value said
once, a bad play refusing only what needs the play, a teams match's two rooms told apart, and
``line``'s one column of declarer's tricks."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.bridge_records_files import lin_text, records
from tests.cli.helpers import run_process
from whistgui.engine.bridge import BridgeDeal, Contract, PbnBoard, Seat, write_pbn

pytest.importorskip("endplay", reason="the double-dummy solver endplay is not installed")

DEAL = "N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T943.A987.QJ4.K7 5.T62.7653.QT986"


def whist(*argv: str, stdin: str = ""):  # type: ignore[no-untyped-def]
    return run_process("bridge", *argv, stdin=stdin)


@pytest.fixture(scope="module")
def three(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three boards tagged 11, 12, 13 (not their places), each with a contract."""
    deals = [r.deal for r in records(3, seed=31)]
    boards = [
        PbnBoard.make(d, board=11 + k, dealer=Seat.N, contract=Contract.parse("3NT"),
                      declarer=Seat.S)
        for k, d in enumerate(deals)
    ]  # fmt: skip
    path = tmp_path_factory.mktemp("r31") / "three.pbn"
    path.write_text(write_pbn(boards), encoding="utf-8")
    return path


def _headings(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("Board ")]


@pytest.mark.parametrize("command", ["table", "solve", "line"])
def test_board_is_read_as_in_every_command(three: Path, command: str) -> None:
    """C2: --board B is the board tagged B, else the B-th board; one out of range is refused
    naming the boards there are."""
    res = whist(command, str(three), "--board", "12")
    assert res.returncode == 0, res.stderr
    assert _headings(res.stdout) == ["Board 12"]
    by_place = whist(command, str(three), "--board", "3", "--json")
    assert by_place.returncode == 0, by_place.stderr
    assert [json.loads(line)["board"] for line in by_place.stdout.splitlines()] == ["13"]
    res = whist(command, str(three), "--board", "7")
    assert res.returncode == 2
    assert res.stdout == ""
    assert "--board 7:" in res.stderr
    assert "has 3 boards; expected 1 to 3, or a Board tag (11, 12, 13)" in res.stderr


@pytest.mark.parametrize("command", ["table", "solve", "line", "leads"])
def test_empty_standard_input_is_refused(command: str) -> None:
    """C3: nothing on standard input is a mistake, said, exit 2 (with --json also in place)."""
    res = whist(command, "-")
    assert res.returncode == 2
    assert res.stdout == ""
    assert "standard input holds no deal" in res.stderr
    res = whist(command, "-", "--json")
    assert res.returncode == 2
    (obj,) = (json.loads(line) for line in res.stdout.splitlines())
    assert obj["error"].startswith("standard input holds no deal")


def test_a_file_that_is_not_a_hand_record_is_said_once(tmp_path: Path) -> None:
    """C4: binary data is refused in one line; a text file none of whose lines is a deal shows
    its first three faults and sums the rest up in one line; a file of deals with a few bad
    lines still has each one said in its place."""
    png = tmp_path / "hand.png"
    png.write_bytes(
        b"\x89PNG\r\n\x1a\n" + bytes(random.Random(4).randrange(256) for _ in range(5000))
    )
    res = whist("table", str(png))
    assert res.returncode == 2
    (line,) = res.stderr.splitlines()
    assert "hand.png is not a PBN or LIN file: it holds binary data" in line
    passwd = tmp_path / "passwd"
    passwd.write_text("".join(f"user{i}:x:{i}:{i}::/home/u{i}:/bin/sh\n" for i in range(24)))
    for command in ("table", "solve", "line"):
        res = whist(command, str(passwd))
        assert res.returncode == 2
        lines = res.stderr.splitlines()
        assert len(lines) == 4, lines
        assert [f"line {k}:" in lines[k - 1] for k in (1, 2, 3)] == [True] * 3
        assert "not a PBN or LIN file: 24 lines unreadable, the first 3 shown above" in lines[3]
    mixed = tmp_path / "deals.txt"
    mixed.write_text(DEAL + "\n" + "".join(f"N:nonsense{i}\n" for i in range(5)) + DEAL + "\n")
    res = whist("table", str(mixed), "--json")
    assert res.returncode == 2
    answers = [json.loads(line) for line in res.stdout.splitlines()]
    assert [("error" in a) for a in answers] == [False] + [True] * 5 + [False]
    assert len(res.stderr.splitlines()) == 5
    late = tmp_path / "late.txt"  # five faults before the first deal: three shown, two counted
    late.write_text("".join(f"N:nonsense{i}\n" for i in range(5)) + DEAL + "\n")
    res = whist("table", str(late))
    assert res.returncode == 2
    assert res.stdout.startswith(DEAL)
    lines = res.stderr.splitlines()
    assert len(lines) == 4
    assert "2 more lines unreadable (the last at line 5), not shown" in lines[3]
    assert "not a PBN or LIN file" not in res.stderr


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [("--contract", "8S", "'8S' is not a contract"), ("--declarer", "X", "'X' is not a seat")],
)
def test_a_bad_option_is_said_once_before_any_board(
    three: Path, option: str, value: str, said: str
) -> None:
    """C5: a bad --contract or --declarer is the argument's error: one line, no board answered."""
    other = {"--contract": ("--declarer", "N"), "--declarer": ("--contract", "4S")}[option]
    for command in ("solve", "line"):
        res = whist(command, str(three), option, value, *other)
        assert res.returncode == 2
        assert res.stdout == ""
        (line,) = res.stderr.splitlines()
        assert f"argument {option}: {said}" in line


def _bad_play_lin(tmp_path: Path) -> tuple[Path, str]:
    """Two boards as BBO writes them; board 1's second card replaced by one its player does
    not hold (a card of the hand to lead's partner)."""
    recs = records(2)
    text = lin_text(recs)
    first, second = text.splitlines()[:2]
    cards = first.split("pc|")
    held = {str(c).upper() for c in recs[0].deal.hand(recs[0].declarer.lho.partner)}
    lead = cards[1].split("|")[0]
    wrong = next(c for c in sorted(held) if c != lead.upper())
    cards[2] = wrong + cards[2][cards[2].index("|") :]
    path = tmp_path / "badplay.lin"
    path.write_text("pc|".join(cards) + "\n" + second + "\n", encoding="utf-8")
    return path, wrong


def test_a_bad_play_stops_only_what_needs_the_play(tmp_path: Path) -> None:
    """C12: table, solve and line answer a board whose played cards cannot be read (a note on
    standard error says they are left out, exit 0); analyse, which needs them, refuses it.
    The LIN message names the play (pc|), not 'mb|, pc|'."""
    lin, _ = _bad_play_lin(tmp_path)
    for command in ("table", "solve", "line"):
        res = whist(command, str(lin))
        assert res.returncode == 0, (command, res.stderr)
        assert _headings(res.stdout) == ["Board 1", "Board 2"]
        (note,) = res.stderr.splitlines()
        assert note.startswith("whist: note: ")
        assert "board 1 (line 1): the play (pc|): " in note
        assert "the played cards are left out" in note
        assert "mb|" not in note
    res = whist("analyse", str(lin), "--board", "1")
    assert res.returncode == 2
    assert "the play (pc|)" in res.stderr
    pbn = tmp_path / "badplay.pbn"
    board = PbnBoard.make(BridgeDeal.parse(DEAL), board=5, contract=Contract.parse("4S"),
                          declarer=Seat.N)  # fmt: skip
    text = write_pbn([board]).replace("\n", '\n[Play "E"]\nSA S2 S3 S4\n', 1)
    pbn.write_text(text, encoding="utf-8")  # East does not hold the ♠A
    res = whist("solve", str(pbn), "--json")
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["tricks"] == 10
    assert "East does not hold ♠A" in res.stderr
    assert "left out" in res.stderr
    res = whist("analyse", str(pbn))
    assert res.returncode == 2
    assert "East does not hold ♠A" in res.stderr


def test_a_teams_matchs_two_rooms_are_told_apart(tmp_path: Path) -> None:
    """C13: qx|o1| and qx|c1| print as Board 1 (Open) and Board 1 (Closed)."""
    one = lin_text(records(1)).splitlines()[0]
    path = tmp_path / "match.lin"
    path.write_text(f"qx|o1|{one}\nqx|c1|{one}\n", encoding="utf-8")
    for command in ("table", "solve", "line"):
        res = whist(command, str(path))
        assert res.returncode == 0, res.stderr
        assert _headings(res.stdout) == ["Board 1 (Open)", "Board 1 (Closed)"]


def test_line_has_one_column_of_declarers_tricks() -> None:
    """C11: line's column is declarer's tricks after each card (double dummy, the whole
    deal's, as analyse counts them), under a header saying so; on the winning line it is the
    result solve gives, card after card."""
    res = whist("line", DEAL, "--contract", "4S", "--declarer", "N")
    assert res.returncode == 0, res.stderr
    solve = whist("solve", DEAL, "--contract", "4S", "--declarer", "N", "--json")
    tricks = json.loads(solve.stdout)["tricks"]
    lines = res.stdout.splitlines()
    assert lines[2].strip() == "trick card  declarer's tricks after it"
    rows = lines[3:-1]
    assert len(rows) == 52
    assert {int(row.split()[-1]) for row in rows} == {tricks}
    assert "scores" not in res.stdout
    assert sum(1 for row in rows if row.strip()[0].isdigit()) == 13  # a trick's number once


def test_every_command_says_where_in_one_way(tmp_path: Path) -> None:
    """Cosmetic: a bad board is 'FILE, board N (line L): …' in table, solve, leads and
    analyse alike (analyse said 'board N: FILE, line L: …'); a --board out of range names the
    file the same way in each command (leads and render quoted it, analyse did not)."""
    lines = lin_text(records(3)).splitlines()
    lines[1] = lines[1].replace("md|3", "md|9")  # board 2: no dealer's digit
    path = tmp_path / "club.lin"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    said = set()
    for command in ("table", "solve", "leads", "analyse"):
        res = whist(command, str(path))
        assert res.returncode == 2
        (line,) = [x for x in res.stderr.splitlines() if "board 2" in x]
        said.add(line)
    (line,) = said
    assert line.startswith(f"whist: error: {path}, board 2 (line 2): md|'9")
    said = set()
    for command in ("table", "line", "leads", "analyse", "render"):
        out = ("-o", str(tmp_path / "x.svg")) if command == "render" else ()
        res = whist(command, str(path), "--board", "9", *out)
        assert res.returncode == 2
        said.add(res.stderr.strip())
    assert said == {f"whist: error: --board 9: {path} has 3 boards; expected 1 to 3"}


def test_handout_help_says_boards_are_board_tags_first() -> None:
    res = whist("handout", "--help")
    assert res.returncode == 0
    words = " ".join(res.stdout.split())
    assert "each number a board's Board tag, else its place in the file" in words
    assert "counted from 1 in the file's order" not in words
