"""The GOPS explorer's page for the state shown, one of: the game not solved yet, the state's
values being computed, a chance state (the prizes face down as chips), a bidding state (the
matrix game of bids as a heat map, filling the room it has), the end of the game."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QStackedWidget, QVBoxLayout, QWidget

from whistgui.ui.gops.heat_map import HeatMap, RoomPage
from whistgui.ui.gops.prize_chips import PrizeChips

__all__ = ["StatePages"]


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
        self.matrix_area = RoomPage(self.bidding_page)
        self.matrix_area.resized.connect(self.matrix.set_room)
        area = QHBoxLayout(self.matrix_area)
        area.setContentsMargins(0, 0, 0, 0)
        area.addWidget(self.matrix, 0, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
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
