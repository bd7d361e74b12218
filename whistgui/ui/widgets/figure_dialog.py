"""File ▸ Export Figure: a figure of the session's deal for an article, chosen and previewed.

The dialog chooses the view (deal, analysis, table, α matrix, number line, tree, R43 lattice,
play record, play tree), its suit, depth or cards, the width, font size and face it is laid
out for (DejaVu Sans, or Latin Modern to match a LaTeX article), and the format (PNG at a DPI,
SVG with text or outlines, PDF, TikZ). Only the fields the chosen view and format use are
shown: Suit for a view of one suit, Depth for the trees, Cards played for the play record,
Resolution for PNG, Text as outlines for SVG (a GOPS or bridge figure has none of the first
three). The figure is built from the data by
:mod:`whistgui.figures` on the engine service (a long play record never blocks the window) and
shown as it will print, at the chosen width; Save writes it, Copy as Image and Copy as SVG put
it on the clipboard. The choices are remembered.
"""

from __future__ import annotations

import dataclasses
import html
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from PySide6.QtCore import QByteArray, QMimeData, QSettings, Qt, QTimer
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPixmap, QValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.bridge import BridgeDocument
from whistgui.app.document import Document
from whistgui.engine.trick.cards import suit_symbol
from whistgui.figures import (
    DEFAULT_DEPTHS,
    DEFAULT_FONT,
    DEFAULT_OPTIMAL_ONLY,
    FONTS,
    VIEWS,
    Figure,
    FigureError,
    FigureOptions,
    build_figure,
    using_font,
    write,
)
from whistgui.figures.backends import check_image_size, fitting_dpi, to_image, to_svg
from whistgui.ui.engine_service import EngineService, JobContext
from whistgui.ui.theme import LIGHT, colours, contrasting_text

__all__ = [
    "FigureDialog",
    "FigureSource",
    "SuitBox",
    "copy_figure_image",
    "copy_figure_svg",
    "suit_labels",
]

CHANNEL = "figure"
#: The most pixels a preview is drawn with (a larger figure is previewed smaller).
_PREVIEW_PIXELS = 30_000_000
_MM = 72 / 25.4
FORMAT_FILTERS = {
    "png": "PNG image (*.png)",
    "svg": "SVG drawing (*.svg)",
    "pdf": "PDF document (*.pdf)",
    "tex": "TikZ / LaTeX (*.tex)",
}
#: How the Format box names each format.
_FORMAT_NAMES: Final = {
    kind: kind.upper() if kind != "tex" else "TikZ (LaTeX)" for kind in FORMAT_FILTERS
}
#: Views about one suit of the deal (the Suit box applies).
SUIT_VIEWS = ("matrix", "numberline", "tree", "lattice")
#: The fields each view of a whist document uses, beyond width, font and format.
WHIST_FIELDS: Mapping[str, tuple[str, ...]] = {
    **{view: ("suit",) for view in SUIT_VIEWS},
    "tree": ("suit", "depth"),
    "playtree": ("depth", "tricks"),
    "play": ("cards",),
}
#: How the view box names a view (else its name, capitalised).
VIEW_LABELS: Mapping[str, str] = {
    "numberline": "Number line",
    "playtree": "Play tree",
    "lattice": "Lattice (R43)",
    "ddtable": "DD table",
    "tricktree": "Trick tree",
}


def view_words(view: str) -> str:
    """How a sentence names ``view``: ``play tree``, ``number line``, ``lattice (R43)``,
    ``DD table``.

    >>> [view_words(v) for v in ("playtree", "numberline", "lattice", "ddtable", "matrix")]
    ['play tree', 'number line', 'lattice (R43)', 'DD table', 'matrix']
    """
    label = VIEW_LABELS.get(view, view)
    return label[:1].lower() + label[1:] if label[1:2].islower() else label


#: What the Depth box counts, per view.
_DEPTH_TIPS: Mapping[str, str] = {
    "tree": "Levels of reductions below the suit",
    "playtree": "Tricks along optimal play: every trick from the start and each optimal one",
}


@dataclass(frozen=True)
class FigureSource:
    """What the dialog draws: the views it offers, how to build one (on the engine's thread),
    and what the choices may range over. Made for a whist document by :meth:`whist` and for a
    bridge board by :meth:`bridge`."""

    views: Mapping[str, str]
    build: Callable[[str, FigureOptions], Figure]
    name: str  # the file name's stem
    default_view: str
    suits: int = 0  # suits to choose one from (the suit views)
    #: how the Suit box names each suit (``♠ KQT98/AJ765``); by its number beyond
    suit_labels: tuple[str, ...] = ()
    cards: int = 0  # cards a play record may show
    key: str = "figure"  # the settings group remembering the choices
    #: the option fields (``suit``, ``depth``, ``cards``) each view uses; a view not named
    #: uses none of them
    fields: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    #: the view the workspace shows now (a tab of it): the dialog starts on it, not on the
    #: view remembered
    shown_view: str | None = None

    @classmethod
    def whist(cls, doc: Document) -> FigureSource:
        base = (doc.title or "deal").split(")")[-1].strip() or "deal"
        return cls(
            VIEWS,
            lambda view, options: build_figure(view, doc, options),
            base,
            "table",
            suits=len(doc.deal.suits),
            suit_labels=suit_labels(doc),
            cards=2 * max(0, doc.deal.size),
            fields=WHIST_FIELDS,
        )

    @classmethod
    def bridge(cls, doc: BridgeDocument, cursor: int = 0) -> FigureSource:
        """The board's deal diagram, double-dummy table and trick tree; the diagram shows the
        play at ``cursor`` cards when some are played, the tree is of that position's trick."""
        from whistgui.figures.bridge import (
            BRIDGE_FIGURES,
            BridgeFigureOptions,
            build_bridge_figure,
        )

        board = doc.to_board()  # DocumentError if the hands are not a deal yet
        position = doc.position(cursor) if cursor else None
        # par's contract standing in for the board's own: the figures find it and say so
        par = doc.stand_in == "par" and not doc.played

        def build(view: str, options: FigureOptions) -> Figure:
            o = BridgeFigureOptions(width=options.width, font_size=options.font_size)
            with using_font(options.font):
                return build_bridge_figure(
                    view,
                    board,
                    o,
                    position=position,
                    contract=None if par else doc.contract,
                    declarer=None if par else doc.declarer,
                )

        return cls(BRIDGE_FIGURES, build, f"board-{doc.board}", "both", key="bridgeFigure")


#: A suit's cards in the Suit box at most this long (then "…"; the whole in its tooltip).
_SUIT_TEXT: Final = 18


def suit_labels(doc: Document) -> tuple[str, ...]:
    """How the Suit box names each suit of ``doc``: its symbol, as the table and the
    analysis show it, and its cards.

    >>> from whistgui.engine import Deal
    >>> suit_labels(Document.from_deal(Deal.parse("AQ/KJ K/A")))
    ('♠ AQ/KJ', '♥ K/A')
    >>> suit_labels(Document.from_deal(Deal.parse("[16 15 14 13 12 11 10 1, 9 8 7 6 5 4 3 2]")))
    ('♠ [16 15 14 13 12 …',)
    """
    labels = []
    for name, suit in zip(doc.deal.names, doc.deal.suits, strict=True):
        cards = str(suit)
        if len(cards) > _SUIT_TEXT:  # cut between cards
            cards = cards[:_SUIT_TEXT].rsplit(" ", 1)[0] + " …"
        labels.append(f"{suit_symbol(name)} {cards}")
    return tuple(labels)


class SuitBox(QSpinBox):
    """The Suit box: a suit's number (:meth:`value`, from 1) shown as its symbol and cards
    (``♠ KQT98/AJ765``); a number beyond the deal's suits as itself."""

    def __init__(self, labels: tuple[str, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.labels = labels
        self.setRange(1, max(1, len(labels)))
        self.setToolTip("\n".join(labels))
        widest = max((self.fontMetrics().horizontalAdvance(t) for t in labels), default=0)
        self.setMinimumWidth(widest + 48)  # the arrows

    def textFromValue(self, value: int) -> str:
        return self.labels[value - 1] if 1 <= value <= len(self.labels) else str(value)

    def valueFromText(self, text: str) -> int:
        t = text.strip()
        for i, label in enumerate(self.labels):
            if t in (label, label.split(" ", 1)[0]):
                return i + 1
        return int(t) if t.isdigit() else self.value()

    def validate(self, text: str, pos: int) -> object:
        t = text.strip()
        if any(t in (label, label.split(" ", 1)[0]) for label in self.labels):
            return QValidator.State.Acceptable, text, pos
        if t.isdigit() and self.minimum() <= int(t) <= self.maximum():
            return QValidator.State.Acceptable, text, pos
        return QValidator.State.Intermediate, text, pos


def copy_figure_image(fig: Figure, dpi: float = 300) -> None:
    """``fig`` on the clipboard as an image at ``dpi``."""
    QGuiApplication.clipboard().setImage(to_image(fig, dpi))


def copy_figure_svg(fig: Figure) -> None:
    """``fig`` on the clipboard as SVG (``image/svg+xml``, and as text)."""
    svg = to_svg(fig)
    mime = QMimeData()
    mime.setData("image/svg+xml", QByteArray(svg.encode("utf-8")))
    mime.setText(svg)
    QGuiApplication.clipboard().setMimeData(mime)


class FigureDialog(QDialog):
    """Export Figure, for the document ``doc`` (the session's when it opens), or any
    :class:`FigureSource`."""

    def __init__(
        self,
        doc: Document | FigureSource,
        engine: EngineService,
        settings: QSettings | None = None,
        parent: QWidget | None = None,
        *,
        view: str | None = None,
        suit: int | None = None,
        cards: int | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export Figure")
        self.setObjectName("figureDialog")
        self._source = doc if isinstance(doc, FigureSource) else FigureSource.whist(doc)
        self._engine = engine
        self._settings = settings
        self._figure: Figure | None = None
        self._asked: object = None
        self.saved: Path | None = None

        form = QFormLayout()
        self.view = QComboBox(self)
        for name, what in self._source.views.items():
            self.view.addItem(VIEW_LABELS.get(name, name.title()), name)
            self.view.setItemData(self.view.count() - 1, what, Qt.ItemDataRole.ToolTipRole)
        self.suit = SuitBox(self._source.suit_labels, self)
        self.suit.setRange(1, max(1, self._source.suits))
        self.depth = QSpinBox(self)
        self.depth.setRange(0, 8)
        self.depth.setValue(2)
        #: each view's depth (from DEFAULT_DEPTHS), the box showing the view's own
        self._depths = dict(DEFAULT_DEPTHS)
        self._depth_view: str | None = None
        self._shown_view: str | None = None  # the view the preview shows
        self.all_tricks = QCheckBox("Every trick, not only the optimal ones", self)
        self.all_tricks.setObjectName("figureAllTricks")
        self.all_tricks.setChecked(not DEFAULT_OPTIMAL_ONLY)
        self.all_tricks.setToolTip(
            "The play tree draws the optimal tricks (a page or so); checked, every trick at "
            "each level — a figure many pages tall"
        )
        self.cards = QSpinBox(self)
        self.cards.setRange(-1, self._source.cards)
        self.cards.setSpecialValueText("all")
        self.cards.setValue(-1)
        self.width_mm = QDoubleSpinBox(self)
        self.width_mm.setRange(20, 1000)
        self.width_mm.setDecimals(1)
        self.width_mm.setSuffix(" mm")
        self.font_pt = QDoubleSpinBox(self)
        self.font_pt.setRange(4, 36)
        self.font_pt.setDecimals(1)
        self.font_pt.setSingleStep(0.5)
        self.font_pt.setSuffix(" pt")
        self.font_face = QComboBox(self)
        self.font_face.setObjectName("figureFont")
        for key, face in FONTS.items():
            self.font_face.addItem(face.name, key)
        self.font_face.setToolTip(
            "DejaVu Sans: the app's face, every symbol in one sans-serif. Latin Modern: the "
            "serif of LaTeX articles (symbols from Latin Modern Math). Both ship with the app. "
            "PNG, SVG and PDF are set in the face chosen; TikZ takes its LaTeX document's own "
            "sans-serif or serif family, each string anchored where this face measured it."
        )
        self.format = QComboBox(self)
        for kind, name in _FORMAT_NAMES.items():
            self.format.addItem(name, kind)
        self.dpi = QSpinBox(self)
        self.dpi.setRange(72, 2400)
        self.dpi.setSuffix(" dpi")
        self.dpi.setToolTip("PNG: the image's pixels per inch (the other formats have none)")
        self.outlines = QCheckBox("Text as outlines", self)
        self.outlines.setToolTip("SVG: the glyphs' shapes, the same in every viewer")
        for label, w in (
            ("&View:", self.view),
            ("&Suit:", self.suit),
            ("&Depth:", self.depth),
            ("", self.all_tricks),
            ("&Cards played:", self.cards),
            ("&Width:", self.width_mm),
            ("&Font size:", self.font_pt),
            ("F&ont:", self.font_face),
            ("Fo&rmat:", self.format),
            ("&Resolution:", self.dpi),
            ("", self.outlines),
        ):
            form.addRow(label, w)
        self.form = form
        self._load_settings(view, suit, cards)

        self.preview = QLabel(self)
        self.preview.setObjectName("figurePreview")
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview.setWordWrap(True)
        # the page the figure is printed on: light in any theme, its text the light theme's
        self.preview.setStyleSheet(
            f"background: {LIGHT.paper}; color: {contrasting_text(QColor(LIGHT.paper)).name()};"
        )
        self.zoom = QComboBox(self)
        self.zoom.setObjectName("previewZoom")
        for label, factor in (("Print size", 1.0), ("150 %", 1.5), ("200 %", 2.0), ("300 %", 3.0)):
            self.zoom.addItem(label, factor)
        self.zoom.setToolTip("How large the preview is drawn (the figure itself is not changed)")
        zoom_row = QHBoxLayout()
        zoom_label = QLabel("&Preview:", self)
        zoom_label.setBuddy(self.zoom)
        zoom_row.addWidget(zoom_label)
        zoom_row.addWidget(self.zoom)
        zoom_row.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidget(self.preview)
        scroll.setWidgetResizable(True)
        scroll.setMinimumSize(520, 360)
        self.status = QLabel(self)
        self.status.setObjectName("figureStatus")
        self.status.setWordWrap(True)

        buttons = QDialogButtonBox(self)
        self.save_button = buttons.addButton("&Save…", QDialogButtonBox.ButtonRole.AcceptRole)
        self.copy_image_button = QPushButton("Copy as &Image", self)
        self.copy_svg_button = QPushButton("Copy as S&VG", self)
        buttons.addButton(self.copy_image_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.copy_svg_button, QDialogButtonBox.ButtonRole.ActionRole)
        close = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        close.clicked.connect(self.reject)
        self.save_button.clicked.connect(self.save_dialog)
        self.copy_image_button.clicked.connect(self.copy_image)
        self.copy_svg_button.clicked.connect(self.copy_svg)

        left = QVBoxLayout()
        left.addLayout(form)
        left.addStretch(1)
        row = QHBoxLayout()
        row.addLayout(left)
        right = QVBoxLayout()
        right.addLayout(zoom_row)
        right.addWidget(scroll, 1)
        right.addWidget(self.status)
        row.addLayout(right, 1)
        outer = QVBoxLayout(self)
        outer.addLayout(row, 1)
        outer.addWidget(buttons)

        self._timer = QTimer(self)  # typing a width rebuilds once, not per keystroke
        self._timer.setSingleShot(True)
        self._timer.setInterval(150)
        self._timer.timeout.connect(self.rebuild)
        for w in (self.view, self.format, self.zoom, self.font_face):
            w.currentIndexChanged.connect(self._changed)
        for w in (self.suit, self.depth, self.cards, self.dpi):
            w.valueChanged.connect(self._changed)
        for d in (self.width_mm, self.font_pt):
            d.valueChanged.connect(self._changed)
        self.outlines.toggled.connect(self._changed)
        self.all_tricks.toggled.connect(self._changed)
        engine.finished.connect(self._on_built)
        engine.failed.connect(self._on_failed)
        self._update_enabled()
        self.resize(1000, 620)
        self.rebuild()

    # -- choices ----------------------------------------------------------------------------
    def _load_settings(self, view: str | None, suit: int | None, cards: int | None) -> None:
        s = self._settings

        def value(key: str, default: object) -> object:
            return s.value(f"{self._source.key}/{key}", default) if s is not None else default

        self.set_view(
            view or self._source.shown_view or str(value("view", self._source.default_view))
        )
        if suit is not None:
            self.suit.setValue(suit)
        if cards is not None:
            self.cards.setValue(cards)
        self.width_mm.setValue(float(str(value("width_mm", 120))))
        self.font_pt.setValue(float(str(value("font_pt", 9))))
        i = self.font_face.findData(str(value("font", DEFAULT_FONT)))
        self.font_face.setCurrentIndex(max(0, i))
        i = self.format.findData(str(value("format", "pdf")))
        self.format.setCurrentIndex(max(0, i))
        self.dpi.setValue(int(float(str(value("dpi", 300)))))

    def _save_settings(self) -> None:
        if self._settings is None:
            return
        for key, v in (
            ("view", self.view.currentData()),
            ("width_mm", self.width_mm.value()),
            ("font_pt", self.font_pt.value()),
            ("font", self.font_face.currentData()),
            ("format", self.kind),
            ("dpi", self.dpi.value()),
        ):
            self._settings.setValue(f"{self._source.key}/{key}", v)

    def set_view(self, name: str) -> None:
        i = self.view.findData(name)
        self.view.setCurrentIndex(i if i >= 0 else self.view.findData(self._source.default_view))

    @property
    def kind(self) -> str:
        return str(self.format.currentData())

    def options(self) -> FigureOptions:
        return FigureOptions(
            width=self.width_mm.value() * _MM,
            font_size=self.font_pt.value(),
            suit=self.suit.value(),
            depth=self.depth.value(),
            cards=None if self.cards.value() < 0 else self.cards.value(),
            font=str(self.font_face.currentData()),
            optimal_only=not self.all_tricks.isChecked(),
        )

    def applies(self) -> dict[QWidget, bool]:
        """Which of the optional fields the chosen view and format use."""
        view = str(self.view.currentData())
        uses = self._source.fields.get(view, ())
        return {
            self.suit: "suit" in uses and self._source.suits > 0,
            self.depth: "depth" in uses,
            self.all_tricks: "tricks" in uses,
            self.cards: "cards" in uses and self._source.cards > 0,
            self.dpi: self.kind == "png",
            self.outlines: self.kind == "svg",
        }

    def _update_enabled(self) -> None:
        """Show the fields the view uses, and hide (and disable) the others; the format's own
        fields (Resolution, Text as outlines) are always shown, enabled for their format; the
        Depth box shows the view's own depth (each view with a depth keeps its own)."""
        for w, used in self.applies().items():
            w.setEnabled(used)
            # the format's own fields stay in their place, greyed: another format never
            # moves a control or resizes the dialog
            steady = w in (self.dpi, self.outlines)
            self.form.setRowVisible(w, used or steady)
            label = self.form.labelForField(w)
            if steady and label is not None:
                label.setEnabled(used)
        view = str(self.view.currentData())
        self.depth.setToolTip(_DEPTH_TIPS.get(view, ""))
        if view != self._depth_view and view in self._depths:
            if self._depth_view is not None:
                self._depths[self._depth_view] = self.depth.value()
            self._depth_view = view
            self.depth.blockSignals(True)
            self.depth.setValue(self._depths[view])
            self.depth.blockSignals(False)

    def _changed(self, *_args: object) -> None:
        self._update_enabled()
        self._timer.start()

    # -- building, on the engine service ----------------------------------------------------
    @property
    def figure(self) -> Figure | None:
        """The figure as last built for the current choices (None while building or when the
        choice cannot be drawn)."""
        return self._figure

    def rebuild(self) -> int:
        """Build the figure for the current choices on the engine service. Meanwhile the
        preview is marked as old: greyed, or — for another view — replaced by a line saying
        what is being drawn."""
        view, build, options = str(self.view.currentData()), self._source.build, self.options()
        key = (view, options)
        self._asked = key
        self._figure = None
        self._set_busy(True)
        drawing = f"Drawing the {view_words(view)} figure …"
        self.status.setText(drawing)
        if view != self._shown_view:
            self._shown_view = None
            self.preview.setPixmap(QPixmap())
            self.preview.setText(drawing)
        self.preview.setEnabled(False)  # an old figure greyed until the new one comes

        screen = self.screen()
        ratio = self.devicePixelRatioF()
        zoom = float(self.zoom.currentData() or 1.0)
        dpi = (screen.logicalDotsPerInch() if screen is not None else 96.0) * ratio * zoom

        def job(_ctx: JobContext) -> tuple[Figure, QImage, float]:
            with using_font(options.font):  # any source's figure in the chosen face
                fig = build(view, options)
            # the preview, drawn off the GUI thread too, smaller where the figure is too
            # large for an image at the screen's resolution
            inches = max(1.0, fig.width * fig.height) / 72**2
            shown = min(dpi, fitting_dpi(fig), (_PREVIEW_PIXELS / inches) ** 0.5)
            return fig, to_image(fig, shown), shown / dpi

        return self._engine.submit(
            CHANNEL, job, label=f"Drawing the {view_words(view)} figure", tag=key
        )

    def _on_built(self, _job: int, channel: str, tag: object, result: object) -> None:
        if channel != CHANNEL or tag != self._asked or not isinstance(result, tuple):
            return
        fig, image, scale = result
        self._figure = fig
        self._shown_view = str(self.view.currentData())
        self._show_preview(image)
        self._set_busy(False)
        w_mm, h_mm = fig.width / _MM, fig.height / _MM
        face = FONTS.get(fig.font)
        said = (
            f"{w_mm:.0f} × {h_mm:.0f} mm, text {round(fig.font_size, 1):g} pt "
            f"{face.name if face is not None else fig.font}"
        )
        if scale < 1:
            said += f"; the preview at {scale:.0%} of its size"
        if self.kind == "png":
            try:
                check_image_size(fig, self.dpi.value())
            except FigureError as exc:  # said now, not at Save
                self.status.setText(f"{html.escape(said)}<br>{self._error_html(str(exc))}")
                return
        self.status.setText(said)

    def _on_failed(self, _job: int, channel: str, tag: object, message: str) -> None:
        if channel != CHANNEL or tag != self._asked:
            return
        self._figure = None
        self._shown_view = None
        self.preview.setEnabled(True)
        self.preview.setPixmap(QPixmap())
        self.preview.setText(
            f"<span style='color:{LIGHT.error}'>No figure: {html.escape(message)}</span>"
        )
        self.status.setText("")
        self._set_busy(False, failed=True)

    def _error_html(self, message: str) -> str:
        """``message`` in the theme's red, for the status line."""
        return f"<span style='color:{colours(self.palette()).error}'>{html.escape(message)}</span>"

    def _set_busy(self, busy: bool, *, failed: bool = False) -> None:
        ready = not busy and not failed
        for b in (self.save_button, self.copy_image_button, self.copy_svg_button):
            b.setEnabled(ready)

    def _show_preview(self, image: QImage) -> None:
        """The figure at its printed size on this screen."""
        pixmap = QPixmap.fromImage(image)
        pixmap.setDevicePixelRatio(self.devicePixelRatioF())
        self.preview.setText("")
        self.preview.setPixmap(pixmap)
        self.preview.setEnabled(True)

    # -- output ----------------------------------------------------------------------------
    def default_name(self) -> str:
        base = self._source.name
        stem = "".join(c if c.isalnum() or c in "-_" else "-" for c in base).strip("-").lower()
        return f"{stem or 'deal'}-{self.view.currentData()}.{self.kind}"

    def save_dialog(self) -> Path | None:
        path, _ = QFileDialog.getSaveFileName(
            self, "Export figure", self.default_name(), FORMAT_FILTERS[self.kind]
        )
        if not path:
            return None
        return self.save(path)

    def target(self, path: str | os.PathLike[str]) -> tuple[Path, str]:
        """The file and the format ``path`` is written as, the way ``whist render --out``
        reads a name: a name ending in a format's extension (``.png``, ``.svg``, ``.pdf``,
        ``.tex``, any case) is written in that format, whatever the Format box says; any
        other name gets the chosen format's extension added (``figure`` → ``figure.pdf``,
        ``fig.v2`` → ``fig.v2.pdf``). Never one format under another's extension."""
        target = Path(path)
        ext = target.suffix.lstrip(".").lower()
        if ext in FORMAT_FILTERS:
            return target, ext
        return target.with_name(f"{target.name}.{self.kind}"), self.kind

    def save(self, path: str | os.PathLike[str]) -> Path | None:
        """Write the figure to ``path`` in the format its name says (:meth:`target`; the
        Format box then shows it); None (and the reason shown) if it cannot be written or is
        not ready."""
        fig = self._figure
        if fig is None:
            self.status.setText("The figure is not ready yet.")
            return None
        target, kind = self.target(path)
        chosen = self.kind
        if kind != chosen:  # the name's format: the box follows it (the figure is the same)
            self.format.blockSignals(True)
            self.format.setCurrentIndex(self.format.findData(kind))
            self.format.blockSignals(False)
            self._update_enabled()
        try:
            out = write(fig, target, kind, dpi=self.dpi.value(), outlines=self.outlines.isChecked())
        except FigureError as exc:
            self.status.setText(self._error_html(str(exc)))
            return None
        self._save_settings()
        self.saved = out
        said = self.format.currentText()
        if kind != chosen:
            said += f", the format its name ends in (Format said {_FORMAT_NAMES[chosen]})"
        self.status.setText(f"Written to {out} as {said}")
        return out

    def copy_image(self) -> None:
        if self._figure is not None:
            try:
                copy_figure_image(self._figure, self.dpi.value())
            except FigureError as exc:  # too many pixels at this resolution
                self.status.setText(self._error_html(str(exc)))
                return
            self._save_settings()
            self.status.setText(f"Copied as an image at {self.dpi.value()} dpi")

    def copy_svg(self) -> None:
        if self._figure is not None:
            copy_figure_svg(self._figure)
            self._save_settings()
            self.status.setText("Copied as SVG")

    def done(self, result: int) -> None:
        self._engine.cancel(CHANNEL)
        super().done(result)
