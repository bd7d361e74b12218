"""Test-wide settings: no screen needed, and hypothesis tuned for a 2-core CI machine."""

from __future__ import annotations

import os

from hypothesis import settings

# Qt must find no display and need none; set before any test imports PySide6.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

settings.register_profile("default", deadline=None)
settings.register_profile("ci", deadline=None, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")


def pytest_addoption(parser):  # type: ignore[no-untyped-def]
    parser.addoption(
        "--exhaustive",
        action="store_true",
        default=False,
        help="run the exhaustive checks whole (e.g. every single-suit deal of 7 cards a hand)",
    )


@pytest.fixture
def exhaustive(request: pytest.FixtureRequest) -> bool:
    """True under ``pytest --exhaustive``: a test then checks its whole range; otherwise a
    representative slice, so that the suite stays within CI's budget."""
    return bool(request.config.getoption("--exhaustive"))


def pytest_runtest_teardown(item):  # type: ignore[no-untyped-def]
    """The engine service turns automatic cycle collection off for the process and collects on
    a timer in the GUI thread (ui/engine_service.py); a test that runs no event loop would let
    cycles pile up, so what is due is collected between tests, as the timer would."""
    import gc
    import sys

    service = sys.modules.get("whistgui.ui.engine_service")
    collector = getattr(service, "_COLLECTOR", None)
    if collector is not None and not gc.isenabled():
        collector.check()
