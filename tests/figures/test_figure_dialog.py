"""File ▸ Export Figure: each view shows the fields it uses and hides the others (Suit, Depth,
Cards played; Resolution for PNG, Text as outlines for SVG) — for GOPS and bridge figures
none of the first three; the new views are offered; the face is chosen there, the figure built
in it (any source's) and the choice remembered."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from whistgui.app.document import Document
from whistgui.engine import Deal
from whistgui.figures import FigureOptions, build_figure
from whistgui.figures.gops import GOPS_VIEWS
from whistgui.figures.scene import Figure
from whistgui.ui.engine_service import EngineService
from whistgui.ui.widgets.figure_dialog import FigureDialog, FigureSource

#: The fields each whist view uses (the rest must be hidden).
USES = {
    "deal": set(),
    "analysis": set(),
    "table": set(),
    "matrix": {"suit"},
    "numberline": {"suit"},
    "tree": {"suit", "depth"},
    "lattice": {"suit"},
    "play": {"cards"},
    "playtree": {"depth"},
}


@pytest.fixture
def engine():  # type: ignore[no-untyped-def]
    service = EngineService()
    yield service
    service.shutdown()


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def _dialog(qtbot, source, engine, settings=None, **kw) -> FigureDialog:  # type: ignore[no-untyped-def]
    dlg = FigureDialog(source, engine, settings, **kw)
    qtbot.addWidget(dlg)
    dlg.show()
    return dlg


def _shown(dlg: FigureDialog) -> dict[str, bool]:
    return {
        name: w.isVisibleTo(dlg)
        for name, w in (
            ("suit", dlg.suit),
            ("depth", dlg.depth),
            ("cards", dlg.cards),
            ("dpi", dlg.dpi),
            ("outlines", dlg.outlines),
        )
    }


def _label_shown(dlg: FigureDialog, field) -> bool:  # type: ignore[no-untyped-def]

    label = dlg.form.labelForField(field)
    return label is None or label.isVisibleTo(dlg)


def test_each_view_shows_the_fields_it_uses_and_hides_the_others(qtbot, engine) -> None:  # type: ignore[no-untyped-def]
    doc = Document.from_deal(Deal.parse("AQ/KJ K/A"))
    dlg = _dialog(qtbot, doc, engine)
    views = [dlg.view.itemData(i) for i in range(dlg.view.count())]
    assert views == list(USES)
    assert dlg.view.itemText(views.index("playtree")) == "Play tree"
    dlg.format.setCurrentIndex(dlg.format.findData("pdf"))
    for view, uses in USES.items():
        dlg.set_view(view)
        shown = _shown(dlg)
        assert {k for k in ("suit", "depth", "cards") if shown[k]} == uses, view
        for name, w in (("suit", dlg.suit), ("depth", dlg.depth), ("cards", dlg.cards)):
            assert w.isEnabled() == (name in uses), (view, name)  # hidden and disabled
            assert _label_shown(dlg, w) == (name in uses), (view, name)  # its label too
        # the format's own fields: always in their place, enabled for their format only
        assert shown["dpi"]
        assert shown["outlines"]
        assert not dlg.dpi.isEnabled()
        assert not dlg.outlines.isEnabled()
    dlg.format.setCurrentIndex(dlg.format.findData("png"))
    assert dlg.dpi.isEnabled()
    assert not dlg.outlines.isEnabled()
    dlg.format.setCurrentIndex(dlg.format.findData("svg"))
    assert dlg.outlines.isEnabled()
    assert not dlg.dpi.isEnabled()
    assert not dlg.form.labelForField(dlg.dpi).isEnabled()  # its label greyed too
    dlg.close()


def test_a_gops_figure_shows_no_suit_depth_or_cards(qtbot, engine) -> None:  # type: ignore[no-untyped-def]
    def build(view: str, options: FigureOptions) -> Figure:
        return build_figure("deal", Document.from_deal(Deal.parse("AQ/KJ")), options)

    source = FigureSource(GOPS_VIEWS, build, "gops", "both", key="gopsFigure")
    dlg = _dialog(qtbot, source, engine)
    for i in range(dlg.view.count()):
        dlg.view.setCurrentIndex(i)
        shown = _shown(dlg)
        assert [k for k in ("suit", "depth", "cards") if shown[k]] == []
    assert dlg.font_face.isVisibleTo(dlg)  # the face applies to every figure
    dlg.close()


def test_the_face_chosen_builds_the_figure_in_it_and_is_remembered(  # type: ignore[no-untyped-def]
    qtbot, engine, settings, tmp_path
) -> None:
    doc = Document.from_deal(Deal.parse("AQ/KJ K/A"))
    dlg = _dialog(qtbot, doc, engine, settings, view="table")
    qtbot.waitUntil(lambda: dlg.figure is not None, timeout=20000)
    assert dlg.figure.font == "dejavu-sans"
    assert [dlg.font_face.itemText(i) for i in range(dlg.font_face.count())] == [
        "DejaVu Sans",
        "Latin Modern",
    ]
    dlg.font_face.setCurrentIndex(dlg.font_face.findData("latin-modern"))
    qtbot.waitUntil(
        lambda: dlg.figure is not None and dlg.figure.font == "latin-modern", timeout=20000
    )
    assert "Latin Modern" in dlg.status.text()
    dlg.format.setCurrentIndex(dlg.format.findData("pdf"))
    out = dlg.save(tmp_path / "f.pdf")
    assert out is not None
    assert b"LMRoman10-Regular" in out.read_bytes()
    dlg.close()
    again = _dialog(qtbot, doc, engine, settings)
    assert again.font_face.currentData() == "latin-modern"
    again.close()


def test_any_sources_figure_is_built_in_the_face_chosen(qtbot, engine) -> None:  # type: ignore[no-untyped-def]
    """A source that knows nothing of faces (GOPS's, bridge's) is built in the one chosen."""
    seen: list[str] = []

    def build(view: str, options: FigureOptions) -> Figure:
        fig = Figure(100, 50)  # made in the face in use
        seen.append(fig.font)
        return fig

    source = FigureSource(GOPS_VIEWS, build, "gops", "both", key="gopsFigure")
    dlg = _dialog(qtbot, source, engine)
    dlg.font_face.setCurrentIndex(dlg.font_face.findData("latin-modern"))
    qtbot.waitUntil(
        lambda: dlg.figure is not None and dlg.figure.font == "latin-modern", timeout=20000
    )
    assert "latin-modern" in seen
    dlg.close()


@pytest.mark.parametrize("view", ["lattice", "playtree"])
def test_the_new_views_are_drawn_and_saved(qtbot, engine, tmp_path, view) -> None:  # type: ignore[no-untyped-def]
    doc = Document.from_deal(Deal.parse("AJ9/KQT A/K K/A"))
    dlg = _dialog(qtbot, doc, engine, view=view)
    qtbot.waitUntil(lambda: dlg.figure is not None, timeout=20000)
    texts = dlg.figure.texts()
    assert ("{1,2,3}" in texts) if view == "lattice" else ("Trick" in texts)
    dlg.format.setCurrentIndex(dlg.format.findData("svg"))
    out = dlg.save(tmp_path / f"{view}.svg")
    assert out is not None
    assert dlg.default_name().endswith(f"-{view}.svg")
    dlg.close()


def test_a_figure_too_large_for_an_image_is_previewed_and_saved_as_pdf(  # type: ignore[no-untyped-def]
    qtbot, engine, tmp_path, monkeypatch
) -> None:
    """The play tree of (27) at depth 2 was "No figure: internal error: FigureError: a 476 ×
    34,715 px image … is too large … write SVG or PDF" with PDF chosen, Save and Copy
    disabled (issue 25's review, F7): the preview is an image, its limit an image's. Here a
    small figure meets a limit made small: previewed smaller, saved as PDF; as PNG, said in
    words before Save."""
    from whistgui.figures import backends

    monkeypatch.setattr(backends, "MAX_IMAGE_SIDE", 300)
    doc = Document.from_deal(Deal.parse("AJ9/KQT A/K K/A"))
    dlg = _dialog(qtbot, doc, engine, view="playtree")
    dlg.format.setCurrentIndex(dlg.format.findData("pdf"))
    qtbot.waitUntil(lambda: dlg.figure is not None, timeout=20000)
    assert not dlg.preview.pixmap().isNull()
    assert max(dlg.preview.pixmap().size().toTuple()) <= 300
    assert "the preview at" in dlg.status.text()
    assert dlg.save_button.isEnabled()
    assert dlg.save(tmp_path / "tree.pdf") is not None
    dlg.format.setCurrentIndex(dlg.format.findData("png"))
    qtbot.waitUntil(
        lambda: dlg.figure is not None and "too large" in dlg.status.text(), timeout=20000
    )
    said = dlg.status.text()
    assert "px image" in said
    assert "choose a smaller depth" in said
    assert "Error" not in said
    assert "internal" not in said
    dlg.close()


def test_while_another_view_draws_the_old_preview_is_not_shown(qtbot, engine) -> None:  # type: ignore[no-untyped-def]
    """The number line's preview stayed under "View: Play tree" while the play tree was
    drawn (30 s for (27)), and the status said "Drawing the playtree figure" (issue 25's
    review, F7, F17): another view's preview goes, a line saying what is drawn in its place;
    the same view's is greyed until the new one comes."""
    doc = Document.from_deal(Deal.parse("AJ9/KQT A/K K/A"))
    labels: list[str] = []
    engine.started.connect(lambda _job, channel, label: labels.append(label))
    dlg = _dialog(qtbot, doc, engine, view="numberline")
    qtbot.waitUntil(lambda: dlg.figure is not None, timeout=20000)
    assert not dlg.preview.pixmap().isNull()
    assert dlg.preview.isEnabled()
    dlg.set_view("playtree")
    dlg.rebuild()  # at once, not after the typing pause
    assert dlg.preview.pixmap().isNull()
    assert dlg.preview.text() == "Drawing the play tree figure …"
    assert dlg.status.text() == "Drawing the play tree figure …"
    qtbot.waitUntil(lambda: dlg.figure is not None, timeout=20000)
    assert not dlg.preview.pixmap().isNull()
    assert dlg.preview.isEnabled()
    assert "Drawing the play tree figure" in labels
    assert not any("playtree" in label for label in labels)
    dlg.width_mm.setValue(100)
    dlg.rebuild()
    assert not dlg.preview.pixmap().isNull()  # the same view: kept, greyed
    assert not dlg.preview.isEnabled()
    qtbot.waitUntil(lambda: dlg.figure is not None, timeout=20000)
    assert dlg.preview.isEnabled()
    dlg.close()


def test_each_tree_keeps_its_own_depth(qtbot, engine) -> None:  # type: ignore[no-untyped-def]
    """The play tree is drawn one trick deep unless asked (two: 341 rows for (27)); the tree
    of reductions two levels; a depth chosen for one stays with it."""
    doc = Document.from_deal(Deal.parse("AJ9/KQT A/K K/A"))
    dlg = _dialog(qtbot, doc, engine, view="playtree")
    assert dlg.depth.value() == 1
    assert dlg.options().depth == 1
    dlg.set_view("tree")
    assert dlg.depth.value() == 2
    dlg.depth.setValue(3)
    dlg.set_view("playtree")
    assert dlg.depth.value() == 1
    dlg.depth.setValue(2)
    dlg.set_view("tree")
    assert dlg.depth.value() == 3
    dlg.set_view("playtree")
    assert dlg.depth.value() == 2
    dlg.close()


def test_the_suit_box_names_each_suit_by_its_symbol(qtbot, engine) -> None:  # type: ignore[no-untyped-def]
    """Export Figure said "Suit: 1" where the rest of the app writes ♠♥♦♣ (issue 25's
    review, F14): the box shows the suit's symbol and cards; the figure gets its number."""
    from PySide6.QtCore import Qt

    doc = Document.from_deal(Deal.parse("KQT98/AJ765 AK9/QJT AJ9753/KQT864 KQT86/AJ975"))
    dlg = _dialog(qtbot, doc, engine, view="matrix")
    box = dlg.suit
    assert box.text() == "♠ KQT98/AJ765"
    assert box.isVisibleTo(dlg)
    assert box.width() >= box.fontMetrics().horizontalAdvance("♦ AJ9753/KQT864")  # whole
    box.stepUp()
    assert box.text() == "♥ AK9/QJT"
    assert dlg.options().suit == 2
    box.lineEdit().selectAll()
    box.lineEdit().insert("♦")  # as typed (QTest types ASCII only)
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)
    assert box.value() == 3
    assert box.text() == "♦ AJ9753/KQT864"
    assert "♣ KQT86/AJ975" in box.toolTip()
    qtbot.waitUntil(  # the third suit's matrix
        lambda: dlg.figure is not None and "AJ9753/KQT864" in dlg.figure.texts(), timeout=20000
    )
    dlg.close()


def test_the_play_tree_offers_every_trick_beside_the_optimal_ones(qtbot, engine) -> None:  # type: ignore[no-untyped-def]
    """The play tree is drawn with the optimal tricks only by default (a page, not a metre);
    the dialog had no way to ask for every trick (issue 25's second review, C1). The box shows
    for the play tree alone; checked, the figure has every trick at each level: taller."""
    doc = Document.from_deal(Deal.parse("AJ9/KQT A/K K/A"))
    dlg = _dialog(qtbot, doc, engine, view="playtree")
    dlg.format.setCurrentIndex(dlg.format.findData("pdf"))
    assert dlg.all_tricks.isVisibleTo(dlg)
    assert not dlg.all_tricks.isChecked()
    qtbot.waitUntil(lambda: dlg.figure is not None, timeout=20000)
    optimal = dlg.figure
    assert dlg.options().optimal_only is True
    dlg.all_tricks.setChecked(True)
    assert dlg.options().optimal_only is False
    qtbot.waitUntil(lambda: dlg.figure is not None and dlg.figure is not optimal, timeout=20000)
    assert dlg.figure.height > optimal.height
    for view in ("tree", "matrix", "play", "numberline"):
        dlg.set_view(view)
        assert not dlg.all_tricks.isVisibleTo(dlg), view


#: The first bytes of each format's file.
MAGIC = {"png": b"\x89PNG", "pdf": b"%PDF", "svg": b"<?xml", "tex": b"\\documentclass"}


@pytest.mark.parametrize("chosen", list(MAGIC))
@pytest.mark.parametrize("typed", list(MAGIC))
def test_the_name_s_extension_is_the_format_written(  # type: ignore[no-untyped-def]
    qtbot, engine, tmp_path, chosen, typed
) -> None:
    """Format PNG and a file named x.pdf wrote PNG data into x.pdf (issue 26's review, W2):
    the extension typed is the format written, as ``whist render --out`` reads it, and the
    Format box shows it."""
    doc = Document.from_deal(Deal.parse("AJ9/KQT A/K K/A"))
    dlg = _dialog(qtbot, doc, engine, view="deal")
    dlg.format.setCurrentIndex(dlg.format.findData(chosen))
    qtbot.waitUntil(lambda: dlg.figure is not None, timeout=20000)
    out = dlg.save(tmp_path / f"x.{typed.upper() if typed == 'pdf' else typed}")
    assert out is not None
    assert out.suffix.lower() == f".{typed}"
    assert out.read_bytes().startswith(MAGIC[typed])
    assert dlg.kind == typed
    assert dlg.dpi.isEnabled() == (typed == "png")
    said = dlg.status.text()
    assert said.startswith(f"Written to {out} as ")
    assert ("the format its name ends in" in said) == (typed != chosen)
    dlg.close()


@pytest.mark.parametrize("chosen", list(MAGIC))
def test_a_name_without_a_format_s_extension_gets_the_chosen_one(  # type: ignore[no-untyped-def]
    qtbot, engine, tmp_path, chosen
) -> None:
    doc = Document.from_deal(Deal.parse("AJ9/KQT A/K K/A"))
    dlg = _dialog(qtbot, doc, engine, view="deal")
    dlg.format.setCurrentIndex(dlg.format.findData(chosen))
    qtbot.waitUntil(lambda: dlg.figure is not None, timeout=20000)
    for name in ("figure", "fig.v2", "fig.jpg"):
        out = dlg.save(tmp_path / name)
        assert out == tmp_path / f"{name}.{chosen}"
        assert out.read_bytes().startswith(MAGIC[chosen])
    dlg.close()


def test_the_type_size_said_is_rounded(qtbot, engine) -> None:  # type: ignore[no-untyped-def]
    """Review 31a (W5): a figure set smaller to fit said 'text 5.29658 pt'; now '5.3 pt'."""

    def build(view: str, options: FigureOptions) -> Figure:
        return Figure(options.width, 100.0, font_size=5.29658)

    source = FigureSource({"deal": "Deal"}, build, "f", "deal")
    dlg = _dialog(qtbot, source, engine)
    qtbot.waitUntil(lambda: dlg.figure is not None, timeout=20000)
    assert "text 5.3 pt" in dlg.status.text()
    assert "5.29658" not in dlg.status.text()
    dlg.close()
