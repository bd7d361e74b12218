"""The ``whist`` command line under fuzzing (issue 16): hypothesis builds argument lists — deals
and near misses, options and their values, numbers of thousands of digits — and standard input
with any line ends, and every run ends with a documented exit status (0 answered, 2 bad input
or options; never 3, a bug), one-line messages and never a traceback; with ``--json`` every
line printed is JSON, each refused deal an object with ``"error"``."""

from __future__ import annotations

import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli.helpers import jsonl
from tests.engine.strategies import asymmetric_deals, symmetric_deals
from tests.engine.test_notation_fuzz import PIECES
from whistgui.cli import main
from whistgui.cli.common import EXIT_BAD_INPUT, EXIT_OK

HUGE = "9" * 5000

deal_texts = st.one_of(
    symmetric_deals(max_cards=5).map(str),
    asymmetric_deals(max_cards=4).map(str),
    st.lists(PIECES, max_size=12).map("".join),
    st.text(max_size=12),
    st.sampled_from(
        [
            *["-/AK", "-/AK AK/-", "-/-", "-", "0", "[400 1, 399 2]", f"[{HUGE}, 1]"],
            *[f"{HUGE}:A/K", "\udcff/A", "AQ/KJ\x00", "S:AK/QJ S:A/K"],
        ]
    ),
)
options = st.one_of(
    st.sampled_from(["--json", "--refined", "-h", "--lead", "W", "E", "X", "--game", "--nope"]),
    st.sampled_from(["whist", "refined-whist", "greedy-whist", "five-card", "misere-five-card"]),
    st.sampled_from(["nope", "--game=five-card", "--lead=E", "-e0", "-1/2", "-x", "--", HUGE]),
)
line_ends = st.sampled_from(["\n", "\r", "\r\n"])


@st.composite
def standard_inputs(draw: st.DrawFn) -> str:
    lines = draw(st.lists(st.one_of(deal_texts, st.just("# a comment")), max_size=5))
    text = ""
    for line in lines:
        text += line + draw(line_ends)
    return text


def status(argv: list[str], stdin: str = "") -> tuple[int | str | None, bool]:
    """The exit status of ``whist argv…`` and whether it stopped at the options (SystemExit:
    a bad option, or --help / --version)."""
    try:
        return main(argv, stdin=io.StringIO(stdin, newline="")), False
    except SystemExit as exc:
        return exc.code, True


def _run(capsys: pytest.CaptureFixture[str], argv: list[str], stdin: str) -> tuple[int, str, str]:
    code, stopped = status(argv, stdin)
    out, err = capsys.readouterr()
    if stopped:
        assert code in (EXIT_OK, EXIT_BAD_INPUT), (argv, err)
        assert "Traceback" not in err
        assert code == EXIT_OK or err.startswith("whist"), err
        return -1, out, err
    assert isinstance(code, int)
    return code, out, err


def _check(argv: list[str], code: int, out: str, err: str) -> None:
    if code == -1:
        return
    assert code in (EXIT_OK, EXIT_BAD_INPUT), (argv, code, err)
    assert "Traceback" not in err, err
    assert "internal error" not in err, err
    lines = err.splitlines()
    assert all(line.startswith("whist") for line in lines), err
    assert (code == EXIT_BAD_INPUT) == bool(lines), (argv, code, err)
    if "--json" in argv and "--" not in argv:
        objs = jsonl(out)
        refused = [o for o in objs if "error" in o]
        assert len(refused) == len(lines), (argv, out, err)
        assert all(isinstance(o["input"], str) for o in refused)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    st.sampled_from(["value", "analyze", "solve", "play"]),
    st.lists(st.one_of(deal_texts, options), min_size=1, max_size=5),
    standard_inputs(),
)
def test_deal_commands_end_in_a_documented_status(
    capsys: pytest.CaptureFixture[str], command: str, args: list[str], stdin: str
) -> None:
    argv = [command, *args]
    code, out, err = _run(capsys, argv, stdin)
    _check(argv, code, out, err)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    st.sampled_from(["-5", "0", "1", "2", "16", "500", "99999999999999999999", HUGE, "x", "-"]),
    st.lists(st.sampled_from(["--json", "--producer", "evaluator", "kernel", "--value", "e0"])),
)
def test_table_ends_in_a_documented_status(
    capsys: pytest.CaptureFixture[str], n: str, args: list[str]
) -> None:
    argv = ["table", n, *args]
    code, out, err = _run(capsys, argv, "")
    _check(argv, code, out, err)


def test_many_more_runs_under_exhaustive(
    capsys: pytest.CaptureFixture[str], exhaustive: bool
) -> None:
    """``pytest --exhaustive``: the deal commands with thirty times the examples."""
    if not exhaustive:
        pytest.skip("heavier: run with --exhaustive")

    @settings(max_examples=5_000, deadline=None)
    @given(
        st.sampled_from(["value", "analyze", "solve", "play"]),
        st.lists(st.one_of(deal_texts, options), min_size=1, max_size=5),
        standard_inputs(),
    )
    def runs(command: str, args: list[str], stdin: str) -> None:
        argv = [command, *args]
        _check(argv, *_run(capsys, argv, stdin))

    runs()


@settings(max_examples=40, deadline=None)
@given(st.lists(st.text(max_size=8), max_size=4))
def test_any_arguments_at_all(args: list[str]) -> None:
    code, _ = status(args)
    assert code in (EXIT_OK, EXIT_BAD_INPUT)
