"""The GOPS explorer's page for the state shown, one of: the game not solved yet, the state's
values being computed, a chance state (the prizes face down as chips), a bidding state (the
matrix game of bids as a heat map, filling the room it has, its colour key under it), the end of
the game."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QStackedWidget, QVBoxLayout, QWidget

from whistgui.ui.gops.heat_key import HeatKey
from whistgui.ui.gops.heat_map import HeatMap, RoomPage
from whistgui.ui.gops.prize_chips import PrizeChips

__all__ = ["StatePages"]

#: Between the matrix and its colour key (pixels).
_KEY_GAP = 6


class StatePages(QStackedWidget):
    """The pages; the explorer shows one and fills it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.unsolved_page = QLabel(self)
        self.unsolved_page.setObjectName("gopsUnsolved")
        self.unsolved_page.setWordWrap(True)
        self.unsolved_page.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.waiting_page = QLabel("Computing …", self)
        self.waiting_page.setAlignment(Qt.AlignmentFlag.AlignCenter)

        self.chance_page = QWidget(self)
        self.chips = PrizeChips(self.chance_page)
        chance_title = QLabel(
            "<b>Prizes still face down</b> — under each, A's value once it is turned; the "
            "state's value is their average",
            self.chance_page,
        )
        chance_title.setWordWrap(True)
        chance_layout = QVBoxLayout(self.chance_page)
        chance_layout.addWidget(chance_title)
        chance_layout.addWidget(self.chips)
        chance_layout.addStretch(1)

        self.bidding_page = RoomPage(self)
        self.matrix = HeatMap(self.bidding_page)
        matrix_title = QLabel(
            "<b>The matrix game of bids</b>: rows A's bids, columns B's; each cell is A's "
            "value after that pair (blue favours A, red B; grey bids are dominated)",
            self.bidding_page,
        )
        matrix_title.setWordWrap(True)
        self.key = HeatKey(self.bidding_page)
        self.key.hide()
        self.matrix.scaleChanged.connect(self._on_scale)
        self.matrix_area = RoomPage(self.bidding_page)
        self.matrix_area.resized.connect(self._on_room)
        column = QVBoxLayout()
        column.setSpacing(_KEY_GAP)
        column.addWidget(self.matrix, 0, Qt.AlignmentFlag.AlignLeft)
        column.addWidget(self.key, 0, Qt.AlignmentFlag.AlignLeft)
        column.addStretch(1)
        area = QHBoxLayout(self.matrix_area)
        area.setContentsMargins(0, 0, 0, 0)
        area.addLayout(column)
        area.addStretch(1)
        bidding_layout = QVBoxLayout(self.bidding_page)
        bidding_layout.addWidget(matrix_title)
        bidding_layout.addWidget(self.matrix_area, 1)

        self.over_page = QLabel(self)
        self.over_page.setObjectName("gopsOver")
        self.over_page.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.over_page.setWordWrap(True)
        for page in (
            self.unsolved_page,
            self.waiting_page,
            self.chance_page,
            self.bidding_page,
            self.over_page,
        ):
            self.addWidget(page)

    def _on_scale(self, scale: float) -> None:
        """The key follows the matrix shown: its scale, and shown only with a matrix."""
        if scale > 0:
            self.key.set_scale(scale)
        self.key.setVisible(scale > 0)

    def _on_room(self, room: QSize) -> None:
        """The matrix fills the area but for the key's room under it."""
        key = self.key.sizeHint().height() + _KEY_GAP
        self.matrix.set_room(QSize(room.width(), max(0, room.height() - key)))
