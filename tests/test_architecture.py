"""The house rules that tooling can check: the engine/UI boundary, lint and types."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(*cmd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)


#: ``lint-imports`` run by this interpreter (import-linter has no ``python -m`` entry point),
#: so that ``venv/bin/python -m pytest`` needs no ``lint-imports`` on PATH.
LINT_IMPORTS = "from importlinter.cli import lint_imports_command; lint_imports_command()"


def test_engine_never_imports_qt():
    """The import-linter contract in pyproject.toml keeps PySide6/pyqtgraph/ui out of the engine."""
    if importlib.util.find_spec("importlinter") is None:
        pytest.fail("import-linter is missing: install the test extra (pip install -e '.[test]')")
    res = _run(sys.executable, "-c", LINT_IMPORTS)
    assert res.returncode == 0, res.stdout + res.stderr
    assert " kept, 0 broken" in res.stdout


def test_engine_imports_without_qt_in_a_fresh_interpreter():
    code = (
        "import sys; import whistgui.engine, whistgui.cli; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'pyqtgraph')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    res = _run(sys.executable, "-c", code)
    assert res.returncode == 0, res.stdout + res.stderr


def test_ruff_is_clean():
    res = _run(sys.executable, "-m", "ruff", "check", "whistgui", "tests", "benchmarks")
    assert res.returncode == 0, res.stdout + res.stderr


def test_mypy_strict_on_the_engine():
    res = _run(sys.executable, "-m", "mypy")
    assert res.returncode == 0, res.stdout + res.stderr
