"""``whist bridge table | solve | line`` as a user runs them: deal strings, PBN files, standard
input, --json, and bad input that is quoted while the other deals are still answered."""

from __future__ import annotations

import io
import itertools
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.bounded import run_bounded
from tests.cli.helpers import run_process
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


def test_the_text_table_has_the_apps_strain_order():
    """Fresh-eyes review (K10): the app shows NT ♠ ♥ ♦ ♣, the text table printed ♣ ♦ ♥ ♠ NT.
    Run as a user runs it; each row's tricks under their strain."""
    from whistgui.figures.bridge import TABLE_STRAINS

    res = whist("table", DEAL)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == DEAL
    header = lines[1].split()
    assert header == ["NT", "♠", "♥", "♦", "♣"]
    assert header == [s.symbol if s != Strain.NT else "NT" for s in TABLE_STRAINS]
    table = dd_table(BridgeDeal.parse(DEAL))
    rows = {line.split()[0]: [int(n) for n in line.split()[1:]] for line in lines[2:6]}
    assert set(rows) == {"N", "E", "S", "W"}
    strains = [Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C]
    for seat, tricks in rows.items():
        assert tricks == [table[Seat.parse(seat), s] for s in strains]


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
    proc = run_process("bridge", "solve", DEAL, "--contract", "8S", "--declarer", "S")
    assert proc.returncode == 2
    assert "'8S'" in proc.stderr
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
        ([str(pbn), "--board", "3"], f"--board 3: {pbn} has 2 boards; expected 1 to 2"),
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


# -- issue 23: a bad board in its place, endings, help, hostile files, batches ----------------

WHIST = Path(sys.executable).parent / "whist"


def whist(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``whist bridge argv…`` run as a user runs it: the installed script, in a process of its
    own (what DDS writes on descriptor 1 would show here)."""
    return subprocess.run(
        [str(WHIST), "bridge", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def suit_deal(order: tuple[int, ...]) -> str:
    """A deal DDS solves at once: hand i holds the whole suit ``order[i]`` (S H D C)."""
    hands = []
    for suit in order:
        suits = ["", "", "", ""]
        suits[suit] = "AKQJT98765432"
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


EASY = [suit_deal(p) for p in itertools.permutations(range(4))]
TWICE = "N:A4.QT98.AJ75.A72 92.KJ65.986.KT43 KQJT5.A2.Q2.J865 A763.743.KT43.Q9"  # ♠A twice
BAD_BOARD = f"""% board 2 holds the ace of spades twice
[Board "1"]
[Deal "{EASY[0]}"]
[Contract "7S"]
[Declarer "N"]

[Board "2"]
[Deal "{TWICE}"]
[Contract "3NT"]
[Declarer "N"]

[Board "3"]
[Deal "{EASY[1]}"]
[Contract "7H"]
[Declarer "E"]
"""


@pytest.mark.parametrize("command", ["table", "solve"])
@pytest.mark.parametrize("source", ["file", "stdin"])
def test_a_bad_board_is_refused_in_its_place_and_the_others_are_answered(
    command: str, source: str, tmp_path: Path
) -> None:
    """Board 2 deals the ace of spades twice: with --json an object {"error", "board",
    "line"} stands in its place, boards 1 and 3 are answered, the exit status is 2 (the whole
    file was refused: nothing for boards 1 and 3)."""
    path = tmp_path / "boards.pbn"
    path.write_text(BAD_BOARD, encoding="utf-8")
    arg, stdin = (str(path), "") if source == "file" else ("-", BAD_BOARD)
    res = whist(command, arg, "--json", stdin=stdin)
    assert res.returncode == 2, res.stderr
    one, two, three = (json.loads(line) for line in res.stdout.splitlines())
    assert one["deal"] == BridgeDeal.parse(EASY[0]).to_pbn()
    assert three["deal"] == BridgeDeal.parse(EASY[1]).to_pbn()
    assert set(two) == {"error", "board", "line"}
    assert (two["board"], two["line"]) == ("2", 7)
    assert "card ♠A is in both" in two["error"]
    if command == "solve":
        assert (one["tricks"], one["makes"], three["tricks"]) == (13, True, 13)
    (err,) = res.stderr.splitlines()
    assert err.startswith("whist: error: ")
    assert "board 2 (line 7): " in err
    assert two["error"] in err
    plain = whist(command, arg, stdin=stdin)  # plain text: the answers, the error on stderr
    assert plain.returncode == 2
    assert [line for line in plain.stdout.splitlines() if line.startswith("N:")] == [
        one["deal"],
        three["deal"],
    ]
    assert plain.stderr == res.stderr


def test_every_board_is_refused_or_answered_in_order_across_batches(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Boards are read ahead in batches (their full deals solved together): with batches of
    three, good boards, bad ones, endings and a board without a contract keep their order."""
    import whistgui.cli.bridge as cli

    monkeypatch.setattr(cli, "BATCH", 3)
    boards = [f'[Deal "{EASY[2]}"]', f'[Deal "{TWICE}"]', f'[Deal "{EASY[3]}"]']
    boards += ['[Deal "N:A.K.-.- K.A.-.- Q.Q.-.- J.J.-.-"]', "[Deal broken]"]
    boards += [f'[Deal "{EASY[i]}"]' for i in range(4, 9)]
    text = "\n\n".join(f'[Board "{i + 1}"]\n{b}' for i, b in enumerate(boards)) + "\n"
    code, out, _ = run(capsys, "table", "-", "--json", stdin=text)
    assert code == 2
    answers = [json.loads(line) for line in out.splitlines()]
    assert [a["board"] for a in answers] == [str(i) for i in range(1, 11)]  # every answer
    assert [("error" in a) for a in answers] == [False, True, False, False, True] + [False] * 5
    for board, answer in zip(boards, answers, strict=True):
        if "error" not in answer:
            deal = BridgeDeal.parse(board.split('"')[1])
            assert answer["deal"] == deal.to_pbn()
            assert answer["tricks"] == dd_table(deal).to_json()
    assert "par" not in answers[3]  # the ending
    code, out, _ = run(capsys, "solve", "-", "--json", "--declarer", "N", stdin=text)
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == len(boards)
    assert all("no contract to play" in a["error"] for a in answers if a["board"] not in "25")


def test_a_board_tag_after_a_board_begins_the_next_board(tmp_path: Path) -> None:
    """No blank line between boards: each answered ("tag 'Board' appears twice" refused the
    whole file)."""
    path = tmp_path / "tight.pbn"
    path.write_text(
        f'[Board "1"]\n[Deal "{EASY[4]}"]\n[Board "2"]\n[Deal "{EASY[5]}"]\n', encoding="utf-8"
    )
    res = whist("table", str(path), "--json")
    assert res.returncode == 0, res.stderr
    deals = [json.loads(line)["deal"] for line in res.stdout.splitlines()]
    assert deals == [BridgeDeal.parse(EASY[4]).to_pbn(), BridgeDeal.parse(EASY[5]).to_pbn()]


def test_an_ending_says_how_many_of_the_tricks_left_declarer_takes() -> None:
    """A 2-card ending is not a contract played from the start: "goes down 13 (0 tricks)"
    became the tricks taken of the tricks left, and JSON has no "makes"."""
    ending = "N:A.K.-.- K.A.-.- Q.Q.-.- J.J.-.-"  # North takes the spade, East the heart
    res = whist("solve", ending, "--contract", "3NT", "--declarer", "N")
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines()[1] == "  3NT by North: takes 1 of the 2 tricks left"
    assert "down" not in res.stdout
    res = whist("solve", ending, "--contract", "3NT", "--declarer", "E", "--json")
    obj = json.loads(res.stdout)
    assert (obj["tricks"], obj["tricks_left"]) == (1, 2)
    assert "makes" not in obj
    res = whist("line", ending, "--contract", "1S", "--declarer", "N")
    assert res.stdout.splitlines()[-1] == "  1♠ by North: takes 1 of the 2 tricks left"
    full = whist("solve", EASY[0], "--contract", "7S", "--declarer", "N", "--json")
    assert json.loads(full.stdout)["makes"] is True


def test_bridge_help_is_plain_words() -> None:
    """No "(issue 13)", ":mod:`…`" or reStructuredText backticks in what users read."""
    for argv in (["--help"], ["table", "--help"], ["solve", "--help"], ["render", "--help"]):
        res = whist(*argv)
        assert res.returncode == 0, res.stderr
        for word in ("issue", ":mod:", "``", "`"):
            assert word not in res.stdout, (argv, word)
    assert "reported in its place" in whist("--help").stdout


@pytest.mark.parametrize("encoding", ["utf-8", "latin-1"])
def test_a_20_mb_tag_is_refused_in_under_10_s_and_300_mb(tmp_path: Path, encoding: str) -> None:
    """``whist bridge table`` on a file with a 20 MB [Event] tag, run in a child process under
    a memory limit (the process that reads the file is the one measured): the board is refused
    (a tag of more than MAX_TAG_VALUE characters is not held, nor written back by a save),
    the tag named and quoted short, the board after it answered, within 300 MB and 10 s (the
    old tag pattern: 28 s and 10 GB on 60 MB). In ISO 8859-1 (an 'é' at the tag's end: UTF-8
    fails there, the text is read again as ISO 8859-1) too."""
    path = tmp_path / "long.pbn"
    path.write_text(
        f'[Event "{"x" * 20_000_000}é"]\n[Board "1"]\n[Deal "{EASY[0]}"]\n\n'
        f'[Board "2"]\n[Deal "{EASY[1]}"]\n',
        encoding=encoding,
    )
    code = f"""
        import io, sys
        from whistgui.cli import main
        out = io.StringIO()
        sys.stdout, real = out, sys.stdout
        status = main(["bridge", "table", "--json", {str(path)!r}], stdin=io.StringIO(""))
        sys.stdout = real
        print(status)
        print(out.getvalue())
    """
    res = run_bounded(textwrap.dedent(code), memory_mb=400, timeout=120)
    assert res.returncode == 0, res.describe()
    status, refused, answer = res.stdout.splitlines()[:3]
    assert status == "2", res.describe()
    error = json.loads(refused)
    assert error["board"] == "1"
    assert "[Event] has 20,000,001 characters: 'xxx" in error["error"]
    assert "expected at most 10,000" in error["error"]
    assert len(refused) < 1000
    assert json.loads(answer)["deal"] == BridgeDeal.parse(EASY[1]).to_pbn()
    assert res.peak_mb < 300, res.describe()
    assert res.seconds < 10, res.describe()


# -- a review of issue 23: Latin-1 files, boards named, messages ---------------------------------

LATIN_1 = f"""% PBN 2.1, written in ISO 8859-1 as the standard has it
[Event "Café de la Paix"]
[Board "Café 1"]
[Deal "{EASY[0]}"]
[Contract "7S"]
[Declarer "N"]

[Board "2"]
[Deal "{EASY[1]}"]
[Contract "7H"]
[Declarer "E"]
""".encode("latin-1")


def whist_bytes(*argv: str, stdin: bytes) -> subprocess.CompletedProcess[bytes]:
    """``whist bridge argv…`` as a process, standard input given as bytes."""
    return subprocess.run(
        [str(WHIST), "bridge", *argv], input=stdin, capture_output=True, timeout=300, check=False
    )


@pytest.mark.parametrize("source", ["file", "stdin"])
@pytest.mark.parametrize("command", ["table", "solve"])
def test_a_latin_1_pbn_file_is_read_whole(command: str, source: str, tmp_path: Path) -> None:
    """PBN's own character set is ISO 8859-1: a file that is not UTF-8 is read as such, from a
    file or from standard input (the whole file was refused: 'not UTF-8 text (byte 0xe9 at
    offset …)', exit 2, no board answered); the Board tag 'Café 1' comes back as UTF-8."""
    path = tmp_path / "latin1.pbn"
    path.write_bytes(LATIN_1)
    arg, stdin = (str(path), b"") if source == "file" else ("-", LATIN_1)
    res = whist_bytes(command, arg, "--json", stdin=stdin)
    assert res.returncode == 0, res.stderr.decode()
    assert res.stderr == b""
    one, two = (json.loads(line) for line in res.stdout.decode("utf-8").splitlines())
    assert (one["board"], two["board"]) == ("Café 1", "2")
    assert one["deal"] == BridgeDeal.parse(EASY[0]).to_pbn()
    plain = whist_bytes(command, arg, stdin=stdin)
    assert plain.returncode == 0, plain.stderr.decode()
    assert plain.stdout.decode("utf-8").splitlines()[0] == "Board Café 1"


def test_a_utf_8_file_with_a_byte_order_mark_is_utf_8(tmp_path: Path) -> None:
    """UTF-8 comes first (a byte-order mark skipped): 'Café' written in UTF-8 is not read as
    ISO 8859-1's 'CafÃ©'."""
    path = tmp_path / "bom.pbn"
    path.write_bytes(b"\xef\xbb\xbf" + LATIN_1.decode("latin-1").encode("utf-8"))
    res = whist("table", str(path), "--json")
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout.splitlines()[0])["board"] == "Café 1"


def test_every_answer_read_from_a_file_names_its_board(tmp_path: Path) -> None:
    """With board 2 refused, boards 1 and 3 are named: with --json each object (answer or
    error) has "board"; in plain text each answer begins 'Board 1', 'Board 3' where the file
    has Board tags, and a deal given as an argument begins, as before, with the deal."""
    path = tmp_path / "boards.pbn"
    path.write_text(BAD_BOARD, encoding="utf-8")
    for command in ("table", "solve", "line"):
        res = whist(command, str(path), "--json")
        assert res.returncode == 2, res.stderr
        answers = [json.loads(line) for line in res.stdout.splitlines()]
        assert [a["board"] for a in answers] == ["1", "2", "3"], command
        assert [("error" in a) for a in answers] == [False, True, False]
        plain = whist(command, str(path))
        lines = plain.stdout.splitlines()
        headings = [line for line in lines if line.startswith("Board")]
        assert headings == ["Board 1", "Board 3"], command
        assert lines[0] == "Board 1"
        assert lines[1] == BridgeDeal.parse(EASY[0]).to_pbn()
        assert lines[lines.index("Board 3") + 1] == BridgeDeal.parse(EASY[1]).to_pbn()
    # deal strings on standard input: each named by its number among the deals
    res = whist("table", "-", "--json", stdin=f"# two deals\n{EASY[2]}\n\n{EASY[3]}\n")
    assert [json.loads(line)["board"] for line in res.stdout.splitlines()] == ["1", "2"]
    plain = whist("table", "-", stdin=f"{EASY[2]}\n")  # no Board tags: no heading
    assert plain.stdout.splitlines()[0] == BridgeDeal.parse(EASY[2]).to_pbn()
    arg = whist("table", EASY[2], "--json")  # a deal string: not read from a file
    assert "board" not in json.loads(arg.stdout)


def test_the_app_and_the_command_name_a_bad_board_alike(tmp_path: Path) -> None:
    """One wording for a board that cannot be read: 'board 2 (line 7): …' from whist bridge
    and from the app's loader (which said 'board 1 ([Board '1'])'), and a fault on the board's
    first line says 'line' once ('board 1 (line 1): line 1: …' before)."""
    from whistgui.app.bridge import load_pbn
    from whistgui.app.document import DocumentError

    path = tmp_path / "boards.pbn"
    path.write_text(BAD_BOARD, encoding="utf-8")
    res = whist("table", str(path))
    left = load_pbn(path).left_out[0]
    said = f"board 2 (line 7): {left.reason}"
    assert str(left) == said
    assert f"{path}, {said}" in res.stderr
    only = tmp_path / "only.pbn"
    only.write_text(f'\n[Board "5"]\n[Deal "{TWICE}"]\n', encoding="utf-8")
    with pytest.raises(DocumentError) as info:
        load_pbn(only)
    res = whist("table", str(only))
    reason = str(info.value).split(": ", 1)[1]
    assert reason.startswith("board 5 (line 2): card ♠A is in both")
    assert res.stderr == f"whist: error: {only}, {reason}\n"
    unclosed = tmp_path / "unclosed.pbn"
    unclosed.write_text(f'[Event "{"x" * 100}\n[Deal "{EASY[0]}"]\n', encoding="utf-8")
    res = whist("table", str(unclosed))
    (err,) = res.stderr.splitlines()
    assert ", board 1 (line 1): '[Event \"xxx" in err
    assert err.count("line 1") == 1, err
    twice = tmp_path / "twice.pbn"
    twice.write_text(f'[Board "1"]\n[Deal "{EASY[0]}"]\n[Deal "{EASY[1]}"]\n', encoding="utf-8")
    res = whist("table", str(twice))
    assert res.stderr.endswith(
        ", board 1 (line 1): line 3: tag 'Deal' appears twice in one board\n"
    )


@pytest.mark.parametrize("command", ["table", "solve", "line"])
def test_a_deal_of_no_cards_is_refused(command: str) -> None:
    """'N:... ... ... ...' deals nothing: refused (table and line answered 0 of 0 tricks and
    exited 0; solve said 'dealt must be the tricks dealt, from 1 to 13, not 0')."""
    contract = ("--contract", "3NT", "--declarer", "N") if command != "table" else ()
    res = whist(command, "N:... ... ... ...", *contract)
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr == (
        "whist: error: 'N:... ... ... ...' deals no cards; expected four hands of the same "
        "size, at least one card each (13 in a full deal)\n"
    )


def test_cards_are_named_with_suit_symbols_and_counted_in_words() -> None:
    """'1 card', not '1 cards'; ♠A as the table names it, not 'SA'."""
    res = whist("table", "N:AK... QJ... T9... 8...")
    assert "West's hand '8...' has 1 card but the others hold 2 cards" in res.stderr
    res = whist("table", "N:AA... KQ... JT... 98...")
    assert "♠A appears twice in North's hand 'AA...'" in res.stderr


def test_table_says_par_as_players_write_it_as_the_figures_do():
    """Fresh-eyes review (W3): the table printed DDS's ``par +140 (NS): 1♠N+2, 1♠S+2`` while
    the figures say ``3♠ N/S +140``; now the text says what the figures say, rows N S E W as the
    figures' table, and ``--json`` keeps ``par`` and adds ``par_text``."""
    from whistgui.engine.bridge.dds import par
    from whistgui.engine.bridge.par_words import par_words
    from whistgui.figures.bridge import TABLE_SEATS, par_text

    result = par(dd_table(BridgeDeal.parse(DEAL)), "All", Seat.N)
    res = whist("table", DEAL, "--vulnerable", "All")
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert [line.split()[0] for line in lines[2:6]] == [str(s) for s in TABLE_SEATS]
    assert lines[6] == f"  par {par_words(result, 'All')}"
    assert f"Par: {lines[6].removeprefix('  par ')}" == par_text(result, "All")
    assert "(both vul)" in lines[6]
    for contract in result.contracts:  # not DDS's own strings
        assert contract not in lines[6]
    res = whist("table", DEAL, "--vulnerable", "All", "--json")
    obj = json.loads(res.stdout)
    assert obj["par"] == {"score": result.score, "contracts": list(result.contracts)}
    assert obj["par_text"] == par_words(result, "All")
