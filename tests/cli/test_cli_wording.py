"""What the ``whist`` command says, as a user reads it, from the installed command run as a
process (issue 23, item 7, a second review): an undecodable byte is shown as U+FFFD in the
messages as in the JSON ``"input"`` (never a surrogate's escape ``'\\udcff'``)."""

from __future__ import annotations

import json
import os
import re
import subprocess

import pytest

from tests.cli.test_output_contract import PROCESS_TIMEOUT, whist_command
from whistgui.cli.common import EXIT_BAD_INPUT

#: What a lone surrogate's escape looks like in a message (``\udcff``, ``\\udcff``).
SURROGATE_ESCAPE = re.compile(r"\\+ud[89a-f][0-9a-f]{2}", re.IGNORECASE)


def whist(
    *argv: str | bytes, stdin: bytes = b"", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    """``whist argv…`` as a process (``env`` added to this one's environment)."""
    return subprocess.run(
        [*whist_command(), *argv],
        input=stdin,
        capture_output=True,
        timeout=PROCESS_TIMEOUT,
        check=False,
        env={**os.environ, **(env or {})},
    )


# -- 1: an undecodable byte ------------------------------------------------------------------------
#: The locales' ways of reading standard input: C.UTF-8 reads a bad byte as a lone surrogate
#: (surrogateescape); a UTF-8 locale such as en_US.UTF-8 (here: PYTHONIOENCODING, which sets
#: errors='strict' as that locale does) failed on it — an internal error, exit 3.
READERS = [
    pytest.param({"LC_ALL": "C.UTF-8", "PYTHONIOENCODING": ""}, id="surrogateescape"),
    pytest.param({"PYTHONIOENCODING": "utf-8"}, id="strict"),
]


@pytest.mark.parametrize("env", READERS)
def test_an_undecodable_byte_on_standard_input_is_shown_as_the_input_shows_it(env):
    res = whist("value", "--json", "-", stdin=b"\xff\xfe/A\nA/K\n", env=env)
    assert res.returncode == EXIT_BAD_INPUT
    refused, answered = (json.loads(line) for line in res.stdout.decode("utf-8").splitlines())
    assert refused["input"] == "\ufffd\ufffd/A"
    assert answered["value"] == "1-e0"  # the next line still answered
    # the message quotes the input as the "input" field shows it: one U+FFFD a byte
    assert "unknown rank '\ufffd' in suit '\ufffd\ufffd/A'" in refused["error"]
    err = res.stderr.decode("utf-8")  # valid UTF-8
    assert err == f"whist: error: line 1: {refused['error']}\n"
    assert not SURROGATE_ESCAPE.search(refused["error"] + err)


def test_an_undecodable_byte_in_an_argument_is_shown_as_the_input_shows_it():
    res = whist("value", "--json", b"\xff/A", b"--\xfe")
    assert res.returncode == EXIT_BAD_INPUT
    err = res.stderr.decode("utf-8")
    assert "unrecognized arguments: '--\ufffd'" in err  # a usage error, before any deal
    res = whist("value", "--json", b"\xff/A")
    (refused,) = (json.loads(line) for line in res.stdout.decode("utf-8").splitlines())
    assert refused["input"] == "\ufffd/A"
    assert refused["error"].startswith("unknown rank '\ufffd' in suit '\ufffd/A'")
    assert not SURROGATE_ESCAPE.search(refused["error"] + res.stderr.decode("utf-8"))


def test_a_pbn_on_standard_input_that_is_not_utf8_is_read_as_iso_8859_1():
    # PBN's own character set: the byte 0xFF is ÿ, quoted as itself, never as an escape
    res = whist("bridge", "table", "--json", "-", stdin=b'[Deal "N:\xff"]\n')
    assert res.returncode == EXIT_BAD_INPUT
    (refused,) = (json.loads(line) for line in res.stdout.decode("utf-8").splitlines())
    assert "'N:\u00ff' has 1 hand after 'N:'; expected 4 hands" in refused["error"]
    assert not SURROGATE_ESCAPE.search(refused["error"] + res.stderr.decode("utf-8"))


def test_a_message_that_does_not_quote_shows_an_undecodable_byte_as_the_replacement_too(
    tmp_path,
):
    # the store's message repeats the name in a command to type: standard error wrote the
    # surrogate as '\udcff' (its own escape), the quotation beside it as U+FFFD
    name = os.fsencode(tmp_path) + b"/no\xffstore"
    res = whist("table", "3", "--store", name)
    assert res.returncode == EXIT_BAD_INPUT
    err = res.stderr.decode("utf-8")  # valid UTF-8
    assert "no\ufffdstore'; write one with 'whist table --upto N --store " in err
    assert not SURROGATE_ESCAPE.search(err)


# -- 2: each gops command states the N it takes ----------------------------------------------------
@pytest.mark.parametrize("command", [["solve"], ["matrix", "--first", "1"]])
@pytest.mark.parametrize("n", ["0", "10", "13"])
def test_gops_solve_and_matrix_state_their_own_range_of_n(command, n):
    res = whist("gops", *command, "--n", n, "--json")
    assert res.returncode == EXIT_BAD_INPUT
    assert res.stdout == b""
    err = res.stderr.decode("utf-8")
    # they solve the whole game: N from 1 to 9 with the sign (was "from 1 to 13" for 0 and 13)
    assert err.startswith(f"whist: error: --n {n}: expected a number of cards from 1 to 9")
    if n != "0":
        assert f"'whist gops {command[0]}' solves games of at most 9 cards in each suit" in err


def test_gops_state_states_its_own_range_of_n_and_takes_all_of_it():
    for n in ("0", "14"):
        res = whist("gops", "state", "prizes=1 a=1 b=1", "--n", n)
        assert res.returncode == EXIT_BAD_INPUT
        assert (
            res.stderr
            == f"whist: error: --n {n}: expected a number of cards from 1 to 13\n".encode()
        )
    for n in ("9", "13"):  # beyond what solve takes: a state of a large deck, one card a hand
        res = whist("gops", "state", "prizes=1 a=1 b=1", "--n", n, "--json")
        assert res.returncode == 0, res.stderr
        assert json.loads(res.stdout)["rules"]["n"] == int(n)


# -- 3: help texts ---------------------------------------------------------------------------------
def help_text(*command: str) -> str:
    res = whist(*command, "--help", env={"COLUMNS": "100"})
    assert res.returncode == 0, res.stderr
    return res.stdout.decode("utf-8")


def json_help(*command: str) -> str:
    """What ``whist COMMAND --help`` says of ``--json``, on one line."""
    found = re.search(r"^  --json\s+(.*?)(?=^  -|^\S|\Z)", help_text(*command), re.M | re.S)
    assert found, f"whist {' '.join(command)} --help says nothing of --json"
    return " ".join(found.group(1).split())


def _commands() -> list[tuple[str, ...]]:
    from tests.cli.test_output_contract import CONTRACTS

    return sorted({c.command for c in CONTRACTS})


@pytest.mark.parametrize("command", _commands(), ids=" ".join)
def test_each_commands_json_help_says_what_it_prints(command):
    from tests.cli.test_output_contract import CONTRACTS

    (shape,) = {c.json for c in CONTRACTS if c.command == command}
    said = json_help(*command)
    if shape == "one":  # the output contract's "one object on one line"
        assert said.startswith("one JSON object, on one line"), said
    else:
        assert "a line each" in said or "per line" in said, said
    if command[0] in ("games", "quotient", "conjectures", "table"):  # they take no deal
        assert "deal" not in said, said


def test_json_help_is_not_shared_words_but_each_commands_own():
    said = {c: json_help(*c) for c in (("games",), ("table",), ("play",), ("analyze",))}
    assert said[("games",)] == "one JSON object per game, a line each"
    assert said[("analyze",)] == "one JSON object per suit, a line each"
    assert "per card played" in said[("play",)]
    assert "with --count-by-value one object" in said[("table",)]


def test_the_top_level_help_names_every_command_group():
    text = help_text()
    description = text[text.index("\n\n") : text.index("positional arguments")]
    description = " ".join(description.split())
    for word in ("whist", "Bridge", "GOPS"):  # each family of games, in words
        assert word in description
    parser_commands = re.search(r"\{([a-z,]+)\}", text)
    assert parser_commands
    for command in parser_commands.group(1).split(","):  # and each command, by its name
        assert re.search(rf"[(, ]{command}[,)]", description), command
