"""Start-up (issue 25): the first window imports what it shows and nothing else — not pyqtgraph
(the inspector's number line and Single Suits' plots), not bridge (DDS), not GOPS (HiGHS), not
the inspector or the play panel of its closed docks — and computes the opening analysis after its
first paint. Not timed: how long start-up takes is measured in benchmarks/bench_startup.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QWidget

from whistgui.ui.engine_service import JobContext

#: Imported by the first window neither directly nor through another module: a module is here
#: if its name is one of these or starts with one and a dot.
NOT_AT_START = (
    "pyqtgraph",
    "numpy",  # the numpy kernel values suits of 9 cards a hand and more; (15) has 4
    "endplay",
    "highspy",
    "whistgui.engine.bridge",
    "whistgui.engine.gops",
    "whistgui.app.bridge",
    "whistgui.app.heaps",
    "whistgui.figures.gops",
    "whistgui.figures.bridge",
    "whistgui.figures.heaps",
    "whistgui.cli.bridge",
    "whistgui.cli.gops",
    "whistgui.ui.trick.inspector",
    "whistgui.ui.trick.numberline",
    "whistgui.ui.trick.play_panel",
    "whistgui.ui.widgets.figure_dialog",
    "whistgui.ui.widgets.pg",
)
#: The other workspaces' packages: only their declarations (the module with the class the host
#: reads for the chooser, Open's filter, View's entries) are imported at start.
WORKSPACE_PACKAGES = (
    "whistgui.ui.bridge",
    "whistgui.ui.gops",
    "whistgui.ui.heaps",
    "whistgui.ui.lab",
)

#: Plain text a declaration needs (F1's list of keys), importing nothing.
DECLARATION_TEXTS = frozenset({"whistgui.ui.lab.keys"})

#: Runs ``whistgui --screenshot`` in this interpreter and prints the modules imported, as JSON;
#: with ``--then-all`` it then shows every other workspace and the trick games' docks, and
#: prints the modules again (the control: the check sees what those import).
_CHILD = """
import json, sys
from whistgui.__main__ import main
out, then_all = sys.argv[1], sys.argv[2] == "1"
status = main(["--screenshot", out])
first = sorted(sys.modules)
later = []
if then_all:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication
    from whistgui.ui.main_window import MainWindow
    w = MainWindow(settings=QSettings(out + ".ini", QSettings.Format.IniFormat))
    w.show()
    for name in ("bridge", "gops", "heaps", "lab", "trick"):
        w.show_workspace(name)
    w.current.inspector_dock.show()
    QApplication.processEvents()
    w.current.play_dock.show()
    w.current.play_dock.raise_()  # a tab behind the inspector's: made when it comes to the front
    QApplication.processEvents()
    w.shutdown()
    later = sorted(sys.modules)
# to a file, not stdout: a GOPS or bridge job still running in a worker may hold descriptor 1
# on the null device (engine/native.py) while the library it first touches loads
with open(out + ".json", "w", encoding="utf-8") as f:
    json.dump({"status": status, "first": first, "later": later}, f)
"""


def _start(tmp_path: Path, *, then_all: bool = False) -> dict[str, object]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    res = subprocess.run(
        [sys.executable, "-c", _CHILD, str(tmp_path / "shot.png"), "1" if then_all else "0"],
        capture_output=True,
        text=True,
        timeout=180,
        env=env,
        check=False,
    )
    assert res.returncode == 0, res.stderr
    return json.loads((tmp_path / "shot.png.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def _unwanted(modules: list[str]) -> list[str]:
    out = [m for m in modules if any(m == p or m.startswith(p + ".") for p in NOT_AT_START)]
    for package in WORKSPACE_PACKAGES:
        out += [
            m
            for m in modules
            if m.startswith(package + ".")
            and m != f"{package}.workspace"
            and m not in DECLARATION_TEXTS
        ]
    return sorted(out)


def test_the_first_window_imports_no_pyqtgraph_bridge_gops_or_closed_docks(tmp_path):
    run = _start(tmp_path, then_all=True)
    assert run["status"] == 0
    assert (tmp_path / "shot.png").is_file()  # drawn, with its analysis
    first = run["first"]
    assert isinstance(first, list)
    assert "whistgui.ui.trick.analysis" in first  # what it shows is there
    assert _unwanted(first) == []
    # the control: shown, the other workspaces and the docks import what the list names
    later = run["later"]
    assert isinstance(later, list)
    for name in (
        "pyqtgraph",
        "whistgui.engine.bridge",
        "whistgui.engine.gops",
        "whistgui.ui.bridge.page",
        "whistgui.ui.gops.explorer",
        "whistgui.ui.heaps.page",
        "whistgui.app.heaps",
        "whistgui.ui.lab.window",
        "whistgui.ui.trick.inspector",
        "whistgui.ui.trick.play_panel",
    ):
        assert name in later, name


def test_the_file_kinds_the_host_reads_early_are_the_workspaces():
    """The bridge and GOPS workspaces name their files' suffixes without importing bridge or
    GOPS: the same suffixes as the modules that read and write those files."""
    from whistgui.app.bridge import LIN_SUFFIX, PBN_SUFFIX
    from whistgui.ui.bridge.workspace import BridgeWorkspace
    from whistgui.ui.gops.session import FILE_SUFFIX
    from whistgui.ui.gops.workspace import GopsWorkspace

    assert [t.suffix for t in BridgeWorkspace.file_types] == [PBN_SUFFIX, LIN_SUFFIX]
    assert [t.suffix for t in GopsWorkspace.file_types] == [FILE_SUFFIX]
    from whistgui.app.heaps_files import FILE_SUFFIX as HEAPS_SUFFIX
    from whistgui.ui.heaps.workspace import HeapsWorkspace

    assert [t.suffix for t in HeapsWorkspace.file_types] == [HEAPS_SUFFIX]


def test_the_bridge_workspace_takes_bridge_documents_only():
    from whistgui.app.bridge import BridgeDocument
    from whistgui.app.document import Document
    from whistgui.ui.bridge.workspace import BridgeWorkspace

    assert BridgeWorkspace.takes(BridgeDocument.random())
    assert not BridgeWorkspace.takes(Document.new())
    assert not BridgeWorkspace.takes("a deal")


class _Painted(QWidget):
    """Records its paints in ``events``, beside the jobs' starts."""

    def __init__(self, events: list[str]) -> None:
        super().__init__()
        self.events = events
        self.resize(200, 100)

    def paintEvent(self, event: QPaintEvent) -> None:
        self.events.append("paint")
        super().paintEvent(event)


def test_work_asked_for_as_a_window_is_shown_starts_after_its_first_paint(qtbot, service):
    events: list[str] = []
    window = _Painted(events)
    qtbot.addWidget(window)
    service.hold_until_painted(window)

    def job(name: str):  # type: ignore[no-untyped-def]
        def run(ctx: JobContext) -> str:
            events.append(f"job {name}")
            return name

        return run

    # before the window is shown nothing waits
    with qtbot.waitSignal(service.finished, timeout=5000):
        service.submit("before", job("before"))
    assert events == ["job before"]
    # asked for as it is shown (a view's catch-up at its Show event): after the paint, in order
    window.show()
    assert service.holding
    service.submit("a", job("a"))
    service.submit("b", job("b"))
    qtbot.waitUntil(lambda: events[-2:] == ["job a", "job b"], timeout=5000)
    assert events.index("paint") < events.index("job a")
    assert not service.holding
    # and after it, at once
    with qtbot.waitSignal(service.finished, timeout=5000):
        service.submit("after", job("after"))
    assert events[-1] == "job after"


def test_a_window_never_painted_holds_its_work_no_longer_than_the_limit(qtbot, service):
    """A window shown but not painted (no event loop turns, or a platform that never exposes
    it) lets the work go after the limit."""
    events: list[str] = []
    window = _Painted(events)
    qtbot.addWidget(window)
    window.paintEvent = lambda _e: None  # type: ignore[method-assign]
    service.hold_until_painted(window, limit_ms=200)
    window.setUpdatesEnabled(False)  # no paint at all
    window.show()
    service.submit("a", lambda ctx: events.append("job a"))
    assert service.holding
    qtbot.waitUntil(lambda: "job a" in events, timeout=5000)
    assert not service.holding


def test_the_trick_workspace_makes_its_docks_views_when_first_shown(qtbot, window):
    from tests.ui.workspaces import trick

    ws = trick(window)
    assert ws._inspector is None
    assert ws._play_panel is None
    assert ws.inspector_dock.widget() is None
    ws.inspector_dock.show()
    qtbot.waitUntil(lambda: ws._inspector is not None, timeout=5000)
    assert ws.inspector_dock.widget() is not None
    assert ws.inspector.has_content()  # opened on the deal's first suit
    assert ws._play_panel is None
    ws.play_deal()
    assert ws._play_panel is not None
    assert ws.play_dock.isVisible()


def test_whistgui_help_names_every_workspace_s_files():
    """whistgui FILE.heaps opens a game of heaps, but --help named .whist, .pbn and .gops only
    (issue 26's second review, 6): the help names each workspace's suffix (run as a process,
    as the user runs it)."""
    from whistgui.ui.workspace import WORKSPACES, workspace_class

    res = subprocess.run(
        [sys.executable, "-m", "whistgui", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert res.returncode == 0, res.stderr
    text = " ".join(res.stdout.split())
    suffixes = [t.suffix for e in WORKSPACES for t in workspace_class(e).file_types]
    assert ".heaps" in suffixes
    for suffix in suffixes:
        assert suffix in text, suffix
