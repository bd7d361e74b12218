"""Issue 16's remaining command-line findings: messages that repeated a 100,000-character input
in full (argparse's own and the commands'), JSON error objects with that input and with lone
surrogates, standard input broken at U+2028, option numbers read by ``int()``/``float()``
(``1_0``, other scripts' digits, ``inf``), ``whist value -x``, ``whistgui --deal -/AK``,
metres in ``--width``, and progress and Ctrl-C in the heavy commands."""

from __future__ import annotations

import io
import itertools
import json
import re
import signal
import subprocess
import sys

import pytest

from tests.cli.helpers import jsonl, run
from whistgui.cli import games, main
from whistgui.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_INTERRUPTED,
    JSON_INPUT_LIMIT,
    MAX_OPTION_DIGITS,
    MESSAGE_BUDGET,
    ProgressLine,
    option_float,
    option_int,
)
from whistgui.engine import NotationError

#: A word of 100,000 characters; messages show it as its start and end around '…'.
LONG = "x" * 100_000
SHORT = f"'{'x' * 39}…{'x' * 19}'"
DEAL = "KJ/AQ A/K K/A"
PBN = "N:84.QT98.AJ75.A72 92.KJ65.986.KT43 KQJT5.A2.Q2.J865 A763.743.KT43.Q9"


def usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Standard error of ``whist argv…``, which must stop at the options with status 2."""
    with pytest.raises(SystemExit) as info:
        main(list(argv), stdin=io.StringIO(""))
    assert info.value.code == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.endswith("\n")
    assert "Traceback" not in err
    return err


def refusal(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Standard error of ``whist argv…``, a command that refuses its input with status 2."""
    code, out, err = run(capsys, *argv)
    assert code == EXIT_BAD_INPUT, err
    assert out == ""
    assert err.count("\n") == 1
    return err


# -- 3: argparse's messages quote long input shortened ----------------------------------------
@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        ([LONG], f"argument command: invalid choice: {SHORT} (choose from 'value'"),
        (["render", DEAL, "--out", "f.svg", "--view", LONG], f"invalid choice: {SHORT}"),
        (["render", DEAL, "--out", "f.svg", "--suit", LONG], f"--suit: {SHORT} is not a whole"),
        (["gops", "solve", "--n", LONG], f"argument --n: {SHORT} is not a whole number"),
        (["value", "A/K", "--json=" + LONG], f"ignored explicit argument {SHORT}"),
        (["value", "A/K", "--" + LONG], f"unrecognized arguments: '--{'x' * 37}…"),
        (["value", "A/K", *["--x"] * 3000], "unrecognized arguments: '--x --x --x"),
        (["--=" + LONG], "ambiguous option: '--="),
    ],
)
def test_argparse_errors_quote_long_input_shortened(capsys, argv, needle):
    err = usage_error(capsys, *argv)
    assert needle in err
    assert len(err) < MESSAGE_BUDGET


def test_a_line_end_in_an_unknown_argument_is_escaped(capsys):
    err = usage_error(capsys, "value", "A/K", "--a\nb")
    assert "unrecognized arguments: '--a\\nb'" in err


# -- 3: the commands' own messages ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["render", DEAL, "--out", LONG], "--out 'xxx"),
        (["render", DEAL, "--out", "f.svg", "--width", LONG], f"--width {SHORT} is not a length"),
        (["render", DEAL, "--out", "f.svg", "--font-size", LONG], f"--font-size {SHORT} is not"),
        (["gops", "solve", "--ties", LONG], f"--ties {SHORT}: expected one of carry, split"),
        (["gops", "solve", "--score", LONG], f"--score {SHORT}: expected one of sign, points"),
        (["bridge", "render", PBN, "--out", "f.svg", "--view", LONG], f"--view {SHORT}: expected"),
    ],
)
def test_the_commands_own_messages_quote_long_values_shortened(capsys, argv, needle):
    err = refusal(capsys, *argv)
    assert err.startswith("whist: error: ")
    assert needle in err
    assert len(err) < MESSAGE_BUDGET


def test_a_bad_vulnerability_is_a_usage_error_quoting_it_shortened(capsys):
    err = usage_error(capsys, "bridge", "table", PBN, "--vulnerable", LONG)
    assert f"argument --vulnerable: {SHORT} is not a vulnerability; expected None, NS" in err
    assert len(err) < MESSAGE_BUDGET


def test_every_pbn_vulnerability_is_taken_and_a_bad_tag_is_quoted_shortened(capsys, tmp_path):
    pytest.importorskip("endplay", reason="the double-dummy solver endplay is not installed")
    pbn = tmp_path / "one.pbn"
    for tag in ("Love", "-"):  # PBN's names of None, which par did not take
        pbn.write_text(f'[Board "1"]\n[Vulnerable "{tag}"]\n[Deal "{PBN}"]\n', encoding="utf-8")
        code, out, err = run(capsys, "bridge", "table", "--json", str(pbn))
        assert code == 0, err
        assert "par" in json.loads(out)
    pbn.write_text(f'[Board "1"]\n[Vulnerable "{LONG}"]\n[Deal "{PBN}"]\n', encoding="utf-8")
    code, _, err = run(capsys, "bridge", "table", str(pbn))
    assert code == EXIT_BAD_INPUT
    assert f"[Vulnerable] has {len(LONG):,} characters: {SHORT}; expected at most 10,000" in err
    assert len(err) < MESSAGE_BUDGET
    pbn.write_text(f'[Board "1"]\n[Vulnerable "{LONG[:500]}"]\n[Deal "{PBN}"]\n', "utf-8")
    code, _, err = run(capsys, "bridge", "table", str(pbn))
    assert code == EXIT_BAD_INPUT
    assert "[Vulnerable 'xxxxx" in err
    assert "; expected one of None, NS, EW" in err
    assert len(err) < MESSAGE_BUDGET


# -- 3: the batch's JSON "input" --------------------------------------------------------------
def test_json_input_is_in_full_when_short_and_shortened_with_its_length_when_long(capsys):
    long_line = "A/K" * 40_000
    stdin = f"X/K\n{long_line}\n{'Q' * JSON_INPUT_LIMIT}\n"
    code, out, _ = run(capsys, "value", "--json", "-", stdin=stdin)
    assert code == EXIT_BAD_INPUT
    short, long, limit = jsonl(out)
    assert short["input"] == "X/K"
    assert "input_length" not in short
    assert long["input_length"] == len(long_line)
    assert long["line"] == 2
    assert len(long["input"]) < 1000
    assert long["input"].startswith("A/KA/K")
    assert "…" in long["input"]
    assert limit["input"] == "Q" * JSON_INPUT_LIMIT  # at the limit: in full
    assert "input_length" not in limit
    assert len(out) < 5000


def test_bridge_json_input_is_shortened_too(capsys):
    code, out, _ = run(capsys, "bridge", "table", "--json", "-", stdin=f"N:{LONG}\n")
    assert code == EXIT_BAD_INPUT
    (obj,) = jsonl(out)
    assert obj["input_length"] == len(LONG) + 2
    assert len(obj["input"]) < 1000
    assert len(obj["error"]) < MESSAGE_BUDGET


# -- 4: lone surrogates never reach the JSON -------------------------------------------------------
@pytest.mark.parametrize("argv", [["value", "--json"], ["bridge", "table", "--json"]])
def test_json_error_objects_hold_no_surrogates(capsys, argv):
    code, out, _ = run(capsys, *argv, "\udcff/A\ud83d")
    assert code == EXIT_BAD_INPUT
    out.encode("utf-8")  # valid UTF-8
    (obj,) = jsonl(out)
    assert obj["input"] == "\ufffd/A\ufffd"  # as a UTF-8 decoder reads a bad byte
    assert not re.search("[\ud800-\udfff]", json.dumps(obj, ensure_ascii=False))
    # the message shows an undecodable byte (U+DC80 to U+DCFF) so; '\ud83d' is a caller's
    assert "'\ufffd/A\\ud83d'" in obj["error"]


# -- 4: standard input splits at CR, LF and CR LF only ---------------------------------------------
def test_bridge_standard_input_does_not_split_at_u2028(capsys):
    code, out, _ = run(capsys, "bridge", "table", "--json", "-", stdin=f"{PBN}\u2028{PBN}\n")
    assert code == EXIT_BAD_INPUT
    (obj,) = jsonl(out)  # one line, one (bad) deal: not two deals
    assert obj["line"] == 1
    assert obj["input"] == f"{PBN}\u2028{PBN}"


def test_value_standard_input_does_not_split_at_u2028_or_u0085(capsys):
    code, out, _ = run(capsys, "value", "--json", "-", stdin="A/K\u2028K/A\x85\nK/A\n")
    assert code == 0
    two, one = jsonl(out)  # U+2028 and U+0085 are spaces within a line
    assert len(two["suits"]) == 2
    assert one["value"] == "e0"


# -- 4: option numbers are ASCII decimals of a bounded length -------------------------------------
@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["quotient", "--max-cards", "1_0"], "'1_0' is not a whole number; expected digits 0-9"),
        (["quotient", "--max-cards", "\u0661"], "'١' is not a whole number"),
        (["quotient", "--max-cards", "\uff13"], "'３' is not a whole number"),
        (["table", "--upto", "1e3"], "'1e3' is not a whole number"),
        (["render", DEAL, "--out", "f.png", "--dpi", "inf"], "'inf' is not a whole number"),
        (["render", DEAL, "--out", "f.png", "--dpi", "nan"], "'nan' is not a whole number"),
        (["render", DEAL, "--out", "f.png", "--dpi", "1_000"], "'1_000' is not a whole number"),
        (["render", DEAL, "--out", "f.png", "--dpi", "3e2"], "'3e2' is not a whole number"),
        (
            ["render", DEAL, "--out", "f.png", "--dpi", "9" * 5000],
            f"(5,000 digits) is too long; expected at most {MAX_OPTION_DIGITS} digits",
        ),
    ],
)
def test_option_numbers_are_ascii_decimals(capsys, argv, needle):
    err = usage_error(capsys, *argv)
    assert needle in err
    assert len(err) < MESSAGE_BUDGET


def test_option_numbers_that_were_good_still_are():
    assert option_int("12") == 12
    assert option_int(" -3 ") == -3
    assert option_float("300") == 300.0
    assert option_float("72.5") == 72.5
    assert option_float(".5") == 0.5


def test_an_option_number_in_range_is_still_checked_by_its_command(capsys):
    err = refusal(capsys, "render", DEAL, "--out", "f.png", "--dpi", "5")
    assert "--dpi 5: expected 10 to 2400" in err
    code, _, err = run(capsys, "gops", "matrix", "--n", "3", "--first", "2")
    assert code == 0, err


# -- 4: unknown options are named ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["value", "-x"], "whist value: error: unrecognized arguments: -x "),
        (["analyze", "--jsn"], "unrecognized arguments: --jsn "),
        (["-x"], "whist: error: unrecognized arguments: -x "),
    ],
)
def test_an_unknown_option_is_named_not_a_missing_deal(capsys, argv, needle):
    err = usage_error(capsys, *argv)
    assert needle in err
    assert "required" not in err


def test_a_missing_deal_is_still_said(capsys):
    err = usage_error(capsys, "value", "--json")
    assert "the following arguments are required: DEAL" in err


def test_dash_deals_and_values_are_still_arguments(capsys):
    code, _, err = run(capsys, "value", "-/AK")
    assert code == EXIT_BAD_INPUT
    assert "('-/AK') is not symmetric" in err
    code, _, err = run(capsys, "value", "-e0")
    assert code == EXIT_BAD_INPUT
    assert "unrecognized" not in err


# -- 4: the desktop application's command line ---------------------------------------------------
def test_whistgui_takes_a_deal_beginning_with_a_dash():
    from whistgui.__main__ import build_parser

    p = build_parser()
    assert p.parse_args(["--deal", "-/AK"]).deal == "-/AK"
    args = p.parse_args(["--deal", "-/AK AK/-", "--lead", "E", "f.whist"])
    assert (args.deal, args.lead, args.file) == ("-/AK AK/-", "E", "f.whist")
    assert p.parse_args(["--screenshot", "s.png", "--deal", "AQ/KJ"]).screenshot == "s.png"


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--deal"], "argument --deal: expected one argument"),
        (["--deal", "--lead", "E"], "argument --deal: expected one argument"),
        (["--lead", LONG], f"invalid choice: {SHORT}"),
        (["--nope"], "unrecognized arguments: --nope"),
    ],
)
def test_whistgui_refuses_bad_options_in_one_short_line(capsys, argv, needle):
    from whistgui.__main__ import build_parser

    with pytest.raises(SystemExit) as info:
        build_parser().parse_args(argv)
    assert info.value.code == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert err.startswith("whistgui: error: ")
    assert needle in err
    assert err.count("\n") == 1
    assert len(err) < MESSAGE_BUDGET


# -- 4: the width's message and syntax agree -------------------------------------------------------
def test_the_widths_range_is_said_in_units_it_takes(capsys):
    from whistgui.cli.render import figure_width
    from whistgui.figures import parse_length

    err = refusal(capsys, "render", DEAL, "--out", "f.svg", "--width", "2m")
    assert "--width '2m': expected a width from 7 mm to 1.7 m" in err
    for said in ("1.7 m", "1.7m", "1.7M", ".5m", "7mm", "7 mm"):  # both ends, as said, are taken
        figure_width(said)
    for beyond in ("6.9mm", "1.71m"):
        with pytest.raises(NotationError, match=r"expected a width from 7 mm to 1\.7 m"):
            figure_width(beyond)
    assert figure_width("1.7m") == pytest.approx(parse_length("1700mm"))
    assert figure_width("120mm") == pytest.approx(parse_length("120mm"))


# -- files named on the command line: a device is refused naming it --------------------------------
def test_render_refuses_a_whist_name_linked_to_a_device(capsys, tmp_path):
    """z.whist linked to /dev/zero was read as the deal text 'z.whist' (issue 16's review)."""
    link = tmp_path / "z.whist"
    link.symlink_to("/dev/zero")
    err = refusal(capsys, "render", str(link), "--out", str(tmp_path / "f.svg"))
    assert "is not a regular file (a device, a pipe or a socket)" in err


def test_bridge_refuses_a_pbn_name_linked_to_a_device_or_a_pipe(capsys, tmp_path):
    import os

    link = tmp_path / "z.pbn"
    link.symlink_to("/dev/zero")
    fifo = tmp_path / "x.pbn"
    os.mkfifo(fifo)
    for name in (link, fifo):
        code, _, err = run(capsys, "bridge", "solve", str(name))
        assert code == EXIT_BAD_INPUT, err
        assert "is not a regular file" in err
        assert len(err.splitlines()) == 1


def test_bridge_reads_a_file_that_is_not_utf8_as_iso_8859_1(capsys, tmp_path):
    """PBN's own character set is ISO 8859-1: the byte 0xFF is ÿ, and the deal is judged as
    that text (here: one hand where four are expected), not refused as undecodable."""
    path = tmp_path / "deals.pbn"
    path.write_bytes(b'[Deal "N:\xff"]\n')
    code, _, err = run(capsys, "bridge", "solve", str(path))
    assert code == EXIT_BAD_INPUT
    assert "'N:ÿ' has 1 hand after 'N:'" in err
    assert "UTF-8" not in err


def test_a_long_abstract_suit_too_long_for_a_deck_is_quoted_by_its_ends(capsys, tmp_path):
    ranks = " ".join(str(r) for r in range(4000, 0, -2))
    east = " ".join(str(r) for r in range(3999, 0, -2))
    err = refusal(capsys, "render", f"[{ranks}, {east}]", "--out", str(tmp_path / "f.svg"))
    assert "holds a card of rank 4000" in err
    assert len(err) < MESSAGE_BUDGET


# -- 4: progress and Ctrl-C in the heavy commands --------------------------------------------------
class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def slow_clock(monkeypatch):
    """Every look at the progress clock 3 s after the last."""
    ticks = itertools.count(step=3.0)
    monkeypatch.setattr(ProgressLine, "clock", staticmethod(lambda: next(ticks)))


def test_quotient_reports_progress_in_a_log(capsys, slow_clock):
    code, out, err = run(capsys, "quotient", "--max-cards", "2")
    assert code == 0, err
    lines = err.splitlines()
    assert lines
    assert all(line.startswith("classing positions: ") for line in lines)
    assert " of " in lines[-1]
    assert "classes" in out


def test_gops_reports_progress_in_a_log(capsys, slow_clock):
    code, _, err = run(capsys, "gops", "solve", "--n", "5")
    assert code == 0, err
    lines = err.splitlines()
    assert lines
    assert all(line.startswith("solving: ") and line.endswith(" s") for line in lines)


def test_progress_on_a_terminal_is_one_line_rewritten_then_cleared(slow_clock):
    err = _Terminal()
    with ProgressLine(err) as line:
        for k in range(5):
            line(f"step {k}")
    assert err.getvalue().startswith("\rstep ")
    assert "\n" not in err.getvalue()
    assert err.getvalue().endswith("\r\033[K")


def test_progress_waits_two_seconds_then_a_line_every_ten_in_a_log(monkeypatch):
    now = [0.0]
    monkeypatch.setattr(ProgressLine, "clock", staticmethod(lambda: now[0]))
    err = io.StringIO()
    line = ProgressLine(err)
    for t in range(40):
        now[0] = t * 0.5
        line(f"at {now[0]}")
    assert err.getvalue().splitlines() == ["at 2.0", "at 12.0"]


def test_ctrl_c_in_quotient_is_status_130_and_clears_the_progress(monkeypatch, capsys):
    def interrupted(game, max_cards, tests, *, progress):
        progress(1, 10)
        raise KeyboardInterrupt

    monkeypatch.setattr(games, "quotient", interrupted)
    code, _, err = run(capsys, "quotient", "--max-cards", "5", "--tests", "5")
    assert code == EXIT_INTERRUPTED
    assert err == "whist: interrupted\n"


def test_ctrl_c_in_gops_is_status_130(monkeypatch, capsys):
    from whistgui.engine.gops import GopsSolver

    def solve(self, runner=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(GopsSolver, "solve", solve)
    code, out, err = run(capsys, "gops", "solve", "--n", "7")
    assert code == EXIT_INTERRUPTED
    assert out == ""
    assert err == "whist: interrupted\n"


@pytest.mark.parametrize(
    ("argv", "first"),
    [
        (["quotient", "--max-cards", "5", "--tests", "5"], "classing positions: "),
        (["gops", "solve", "--n", "8"], "solving: "),
    ],
)
def test_the_process_reports_progress_and_stops_on_sigint_with_130(argv, first):
    """The documented heavy cases: a progress line after 2 s on a log too, then SIGINT.

    The command runs as from a terminal, with Ctrl-C's signal at its default: a shell that
    starts the suite in the background (``… &``) passes SIGINT on ignored, and an ignored
    SIGINT is the command's to keep ignoring (it then ran to its end, or for minutes)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "whistgui.cli", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()  # written at 2 s: the command is at work
        assert line.startswith(first), line
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == EXIT_INTERRUPTED
    assert "Traceback" not in err
    assert err.endswith("whist: interrupted\n")


# -- issue 16's second review ----------------------------------------------------------------------
def _asymmetric(west: int, east: int) -> str:
    top = west + east
    return (
        f"[{' '.join(str(r) for r in range(top, east, -1))}, "
        f"{' '.join(str(r) for r in range(east, 0, -1))}]"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["value", _asymmetric(200, 199)],
        ["analyze", _asymmetric(200, 199)],
        ["analyze", "--game", "greedy-whist", _asymmetric(200, 199)],
        ["value", _asymmetric(200, 0)],
        ["play", _asymmetric(52, 51)],
    ],
    ids=["value", "analyze", "analyze-greedy", "value-void", "play"],
)
def test_an_asymmetric_long_suit_is_quoted_by_its_ends(capsys, argv):
    """Up to 1,661 characters of suit were echoed: the engine's 'is not symmetric' messages."""
    err = refusal(capsys, *argv)
    assert "not symmetric" in err or "asymmetric" in err
    assert "…" in err
    assert len(err) < MESSAGE_BUDGET


def test_a_store_with_a_very_long_name_is_refused_in_one_short_line(capsys, tmp_path):
    name = str(tmp_path / ("A" * 100_000)) + ".db"
    for argv in (["--count-by-value"], ["--upto", "2"]):
        err = refusal(capsys, "table", "--store", name, *argv)
        assert "File name too long" in err
        assert len(err) < MESSAGE_BUDGET


def test_quotient_refuses_a_negative_number_of_examples(capsys):
    err = usage_error(capsys, "quotient", "--max-cards", "1", "--examples", "-1")
    assert "--examples -1: expected a number of positions to show, 0 or more" in err


def test_a_boards_label_and_a_files_name_are_escaped_in_bridge_messages(capsys, tmp_path):
    """A Board tag with U+2028, U+0085 and ESC reached the terminal raw; a 100,000-character
    one was echoed whole, and so was a file name with a line end."""
    deal = "N:A.K.Q.J K.Q.J.A Q.J.A.K J.A.K.Q"
    for label, name in (("a\u2028b\x85c\x1bd", "bd.pbn"), ("x" * 100_000, "x\ny.pbn")):
        path = tmp_path / name
        path.write_text(f'[Board "{label}"]\n[Deal "{deal}"]\n', encoding="utf-8")
        code, _, err = run(capsys, "bridge", "solve", str(path))
        assert code == EXIT_BAD_INPUT
        assert err.count("\n") == 1
        assert err.isprintable() or err[:-1].isprintable()
        assert "\x1b" not in err
        assert len(err) < 400


def test_whistgui_refuses_an_empty_screenshot_name_and_quotes_a_long_one(capsys):
    from whistgui.__main__ import build_parser

    with pytest.raises(SystemExit) as info:
        build_parser().parse_args(["--deal", "AQ/KJ", "--screenshot", ""])
    assert info.value.code == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "argument --screenshot: '' is not a file name" in err


@pytest.mark.parametrize("text", ["", "\n\n", "; a comment only\n"])
def test_a_named_file_with_no_deal_is_refused_by_bridge(capsys, tmp_path, text):
    """An empty .pbn was answered with nothing and status 0 (bridge render said 'no boards')."""
    path = tmp_path / "empty.pbn"
    path.write_text(text, encoding="utf-8")
    for command in ("table", "solve"):
        code, out, err = run(capsys, "bridge", command, str(path))
        assert code == EXIT_BAD_INPUT
        assert out == ""
        assert "holds no deal; expected PBN tags" in err
