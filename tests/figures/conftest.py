"""Figures need only a QGuiApplication, but the test session shares one Qt application with
the widget tests: make it pytest-qt's QApplication before a figure makes a plain one."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True, scope="session")
def _application(qapp):  # type: ignore[no-untyped-def]
    return qapp
