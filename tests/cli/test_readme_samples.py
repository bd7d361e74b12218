"""The README's samples of ``whist`` output are what the command prints: each ``$ whist …``
line of its code blocks followed by output lines is run, as a process, and its output compared
line by line; a sample ending in a line "…" shows how the output begins (the sample of
``whist value 'AQ/KJ K/A'`` had lost its "What it is" column — issue 25's review, F18)."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def samples() -> list[tuple[str, list[str]]]:
    """(command, the output lines shown under it) for every sample with output."""
    found: list[tuple[str, list[str]]] = []
    lines = README.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if not line.startswith("$ whist "):
            continue
        while line.endswith("\\") and i + 1 < len(lines):  # a command on more lines
            i += 1
            line = line[:-1] + lines[i].strip()
        shown = []
        for after in lines[i + 1 :]:
            if not after.strip() or after.startswith(("$ ", "```")):
                break
            shown.append(after.rstrip())
        if shown:
            found.append((line.removeprefix("$ "), shown))
    return found


def test_the_readme_has_samples_with_output() -> None:
    commands = [command for command, _ in samples()]
    assert "whist value 'AQ/KJ K/A'" in commands
    assert len(commands) >= 2


@pytest.mark.parametrize(("command", "shown"), samples(), ids=lambda x: str(x)[:40])
def test_a_samples_output_is_what_the_command_prints(command: str, shown: list[str]) -> None:
    argv = shlex.split(command, comments=True)
    assert argv[0] == "whist"
    res = subprocess.run(
        [sys.executable, "-m", "whistgui.cli", *argv[1:]],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert res.returncode == 0, res.stderr
    printed = [line.rstrip() for line in res.stdout.splitlines()]
    if shown[-1] == "…":  # the sample shows how the output begins
        assert len(printed) > len(shown) - 1
        printed, shown = printed[: len(shown) - 1], shown[:-1]
    assert printed == shown
