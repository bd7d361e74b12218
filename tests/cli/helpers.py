"""Running the `whist` command in-process, as the CLI tests do."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from whistgui.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str, stdin: str = "") -> tuple[int, str, str]:
    """Exit status, standard output and standard error of ``whist argv…``."""
    code = main(list(argv), stdin=io.StringIO(stdin))
    out, err = capsys.readouterr()
    return code, out, err


def jsonl(out: str) -> list[dict]:
    """The JSON objects printed one per line."""
    return [json.loads(line) for line in out.splitlines()]


def run_process(
    *argv: str, stdin: str = "", timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """``whist argv…`` as a user runs it: the installed script in a process of its own (what a
    C library writes on descriptor 1 shows here), else ``python -m whistgui.cli``."""
    script = Path(sys.executable).parent / "whist"
    cmd = [str(script)] if script.is_file() else [sys.executable, "-m", "whistgui.cli"]
    return subprocess.run(
        [*cmd, *argv], input=stdin, capture_output=True, text=True, timeout=timeout, check=False
    )
