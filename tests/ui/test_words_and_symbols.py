"""Issue 25, words and symbols: what the GUI writes as a reader of the papers expects it — the
kind of value the sum is (as the CLI says it), a legend for the inspector's marked cells,
"complexity ω", H_Greedy with its subscript, games by their titles, red hearts and diamonds,
a corrupt file's message whole, and a focused card's ring above its neighbour."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication

from whistgui.engine import SuitDeal
from whistgui.ui.theme import colours

# --------------------------------------------------------------------------- a corrupt file


def test_a_corrupt_files_message_is_whole_in_the_warning_and_the_status_bar(
    qtbot, window, tmp_path, dialogs
):
    folder = tmp_path / ("a folder of deals with a rather long name, " * 3).strip()
    folder.mkdir()
    path = folder / "corrupt deal.whist"
    path.write_bytes(b'{"deal": "AQ/KJ\x01", "format": "whistgui"}')
    window.resize(1280, 800)
    assert not window.open_file(path)
    (_kind, warning), *_ = dialogs.shown
    assert warning.endswith("invalid JSON at line 1 column 16: invalid control character")
    bar = window.statusBar()
    said = bar.currentMessage()
    assert said.startswith("Not opened: ")
    assert said.endswith("invalid control character")
    shown = bar.shown_message()  # too long for the bar: elided, whole in the tooltip
    assert shown.endswith("…")
    assert bar.fontMetrics().horizontalAdvance(shown) <= bar.width()
    assert bar.toolTip() == said
    bar.showMessage("Ready")
    assert bar.shown_message() == "Ready"
    assert bar.toolTip() == ""


# --------------------------------------------------------------------------- the inspector


def open_suit(qtbot, inspector, text: str) -> None:
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        inspector.open_suit(SuitDeal.parse(text))


@pytest.mark.parametrize(("suit", "both"), [("AQ/KJ", False), ("A/K", True)])
def test_the_matrix_has_a_legend_of_its_fills(qtbot, inspector, suit, both):
    open_suit(qtbot, inspector, suit)
    legend = inspector.reductions.legend
    assert legend.isVisible()
    roles = colours(QGuiApplication.palette())
    want = [(roles.maxmin_fill, "maxmin(D)"), (roles.minmax_fill, "minmax(D)")]
    if both:
        want.append((roles.both_fill, "both"))
    assert legend.entries() == want  # the names the printed matrix's legend has
    image = legend.grab().toImage()
    for (fill, _name), rect in zip(want, legend.swatches(), strict=True):
        assert image.pixelColor(rect.topLeft() + QPoint(1, 1)).name() == fill
    model = inspector.matrix_model
    backgrounds = [
        model.data(model.index(r, c), Qt.ItemDataRole.BackgroundRole)
        for r in range(model.rowCount())
        for c in range(model.columnCount())
    ]
    fills = {b.color().name() for b in backgrounds if b is not None}  # the cells' own fills
    assert {fill for fill, _ in want} <= fills  # each fill named is a fill of the matrix
    assert (roles.both_fill in fills) is both


def test_complexity_omega_is_written_omega(qtbot, inspector):
    open_suit(qtbot, inspector, "A/K")  # val(D) = 1 − ε₀: q ± ε₀'s class, ω + 0 = ω
    bounds = inspector.bounds_label.text()
    assert "complexity ω" in bounds
    assert "ω+0" not in bounds
    assert "(complexity ω)" in inspector.explanation.toPlainText()
