"""Running the `whist` command in-process, as the CLI tests do."""

from __future__ import annotations

import io
import json

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
