"""UI test fixtures: no modal dialog ever blocks, and settings never touch the user's."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QMessageBox

from whistgui.ui.host import unsaved


class Dialogs:
    """Records the message boxes a test caused and answers them."""

    def __init__(self) -> None:
        self.shown: list[tuple[str, str]] = []
        self.question_answer = QMessageBox.StandardButton.Discard
        self.save_path = ""
        self.open_path = ""


@pytest.fixture(autouse=True)
def dialogs(monkeypatch: pytest.MonkeyPatch) -> Dialogs:
    d = Dialogs()

    def record(kind: str):
        def show(_parent, title, text, *args, **kwargs):
            d.shown.append((kind, f"{title}: {text}"))
            return QMessageBox.StandardButton.Ok

        return show

    monkeypatch.setattr(QMessageBox, "warning", record("warning"))
    monkeypatch.setattr(QMessageBox, "critical", record("critical"))
    monkeypatch.setattr(QMessageBox, "information", record("information"))
    monkeypatch.setattr(QMessageBox, "about", record("about"))

    def question(_parent, title, text, *args, **kwargs):
        d.shown.append(("question", f"{title}: {text}"))
        return d.question_answer

    monkeypatch.setattr(QMessageBox, "question", question)
    monkeypatch.setattr(
        unsaved, "ask", lambda parent, text: question(parent, "Unsaved changes", text)
    )
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (d.save_path, ""))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (d.open_path, ""))
    return d


@pytest.fixture
def room(request: pytest.FixtureRequest) -> tuple[int, int]:
    """The screen's available size the main window fits itself to (a test may parametrize it,
    indirectly); the offscreen platform's own screen is 800 x 600 whatever this says."""
    return tuple(getattr(request, "param", (1280, 800)))  # type: ignore[return-value]


@pytest.fixture(autouse=True)
def screen_room(monkeypatch: pytest.MonkeyPatch, room: tuple[int, int]) -> tuple[int, int]:
    """The main window reads its screen's available geometry from one function
    (:func:`whistgui.ui.host.fit.available_geometry`): here it says ``room``."""
    from PySide6.QtCore import QRect

    from whistgui.ui.host import fit

    monkeypatch.setattr(fit, "available_geometry", lambda _widget=None: QRect(0, 0, *room))
    return room


@pytest.fixture
def app_theme(qapp):  # type: ignore[no-untyped-def]
    """The application, put back in the system's theme after the test (which may change it)."""
    from whistgui.ui.theme import apply_theme

    yield qapp
    apply_theme(qapp, "system")


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot, settings):
    """The main window, shown and painted once, with settings of its own; its workers stopped
    after. (Jobs wait for the first paint: a test that then blocks the GUI thread on a job
    would otherwise wait for ever.)"""
    from whistgui.ui.main_window import MainWindow

    w = MainWindow(settings=settings)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: not w.engine.holding, timeout=5000)
    yield w
    w.shutdown()


def _shown(qtbot, widget, width: int, height: int):  # type: ignore[no-untyped-def]
    """``widget`` registered, sized and shown; its workers stopped after the test."""
    qtbot.addWidget(widget)
    widget.resize(width, height)
    widget.show()
    yield widget
    widget.shutdown()


@pytest.fixture
def lab(qtbot):  # type: ignore[no-untyped-def]
    """The Single Suits window on its own engine, shown at its size on a 1280 × 800 screen
    (1152 × 720), nothing listed; window and engine shut down after."""
    from whistgui.ui.engine_service import EngineService
    from whistgui.ui.lab.window import SingleSuitsWindow

    engine = EngineService()
    w = SingleSuitsWindow(engine)
    qtbot.addWidget(w)
    w.cancel_listing()
    w.resize(1152, 720)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.shutdown()
    engine.shutdown()


@pytest.fixture
def inspector(qtbot):
    """A game-tree inspector on its own, shown."""
    from whistgui.ui.trick.inspector import Inspector

    yield from _shown(qtbot, Inspector(), 1300, 800)


@pytest.fixture
def panel(qtbot):
    """A play panel on its own, shown."""
    from whistgui.ui.trick.play_panel import PlayPanel

    yield from _shown(qtbot, PlayPanel(), 1200, 700)


# -- an engine service and GOPS explorers on it (tests/ui/test_gops_*.py) ----------------------
@pytest.fixture
def service(qtbot):  # type: ignore[no-untyped-def]
    """An engine service of the test's own, shut down after it."""
    from whistgui.ui.engine_service import EngineService

    s = EngineService()
    yield s
    s.shutdown()


@pytest.fixture
def page(qtbot, service):  # type: ignore[no-untyped-def]
    """``page(rules)``: a GOPS Strategies page of a session of ``rules`` on ``service``,
    shown (tests/ui/test_gops_strategy_pages.py, test_gops_review30.py)."""
    from whistgui.ui.gops.session import GopsSession
    from whistgui.ui.gops.strategy_page import StrategyPage

    def make(rules):  # type: ignore[no-untyped-def]
        p = StrategyPage(GopsSession(rules), service)
        qtbot.addWidget(p)
        p.resize(900, 700)
        p.show()
        return p

    return make


@pytest.fixture
def jobs(service) -> list[str]:  # type: ignore[no-untyped-def]
    """The channels of the jobs ``service`` has started, in order."""
    seen: list[str] = []
    service.started.connect(lambda _job, channel, _label: seen.append(channel))
    return seen


@pytest.fixture
def gops_explorer(qtbot, service):  # type: ignore[no-untyped-def]
    """Makes GOPS explorers on ``service`` (rules: 4 cards; ``auto_solve``: the largest n
    solved as soon as chosen), 1200×750 and shown; each shut down after the test."""
    from whistgui.engine.gops import GopsRules
    from whistgui.ui.gops import GopsExplorer, GopsSession

    made: list[GopsExplorer] = []

    def make(rules: GopsRules | None = None, *, auto_solve: int = 0) -> GopsExplorer:
        w = GopsExplorer(GopsSession(rules or GopsRules(4)), service, auto_solve=auto_solve)
        made.append(w)
        qtbot.addWidget(w)
        w.resize(1200, 750)
        w.show()
        return w

    yield make
    for w in made:
        w.shutdown()


@pytest.fixture
def heaps(qtbot, window):  # type: ignore[no-untyped-def]
    """The heaps workspace, shown, its opening search done."""
    ws = window.show_workspace("heaps")
    qtbot.waitUntil(ws.ready, timeout=30000)
    return ws
