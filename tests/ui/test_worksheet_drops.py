"""Suits dragged into the values worksheet (issue 28: "suits dragged or typed into rows"): a
suit dragged from the inspector's tree of reductions or the single-suit list, or a deal's text,
is a row, valued, and one undo step; a wrong drop — text that is not a deal, the table's cards,
bridge cards, a file, data of no kind the worksheet reads — is refused with its reason, quoted,
and nothing changes. The drops are sent as Qt sends them (enter, move, drop) to the widget
under the pointer: the rows' viewport, which passes them to the worksheet."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QByteArray, QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QWidget

from tests.ui.test_worksheet import all_valued
from whistgui.app.document import Document
from whistgui.app.lab import lab_table
from whistgui.engine import Deal, Evaluator, SuitDeal
from whistgui.ui.lab.suit_model import SuitTableModel
from whistgui.ui.trick.session import Session
from whistgui.ui.trick.table_cards import encode_cards
from whistgui.ui.trick.tree_model import ReductionTreeModel
from whistgui.ui.trick.worksheet import WorksheetView
from whistgui.ui.trick.worksheet_model import COL_VALUE
from whistgui.ui.widgets.deal_drag import DEAL_MIME_TYPE, deal_mime


@pytest.fixture
def sheet(qtbot, service):  # type: ignore[no-untyped-def]
    """A worksheet on its own, shown, its starting rows valued."""
    w = WorksheetView(Session(Document.from_deal(Deal.parse("AQ/KJ K/A"))), service)
    qtbot.addWidget(w)
    w.resize(700, 500)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: all_valued(w), timeout=60000)
    return w


def drop_on(target: QWidget, mime: QMimeData) -> QDropEvent:
    """Send the drag-enter, drag-move and drop events Qt sends for a real drop."""
    pos = QPoint(target.width() // 2, target.height() // 2)
    actions = Qt.DropAction.MoveAction | Qt.DropAction.CopyAction
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(pos, actions, mime, buttons, mods)
    QApplication.sendEvent(target, enter)
    assert enter.isAccepted()  # let in: a refusal is said at the drop, not by a "no" cursor
    QApplication.sendEvent(target, QDragMoveEvent(pos, actions, mime, buttons, mods))
    event = QDropEvent(QPointF(pos), actions, mime, buttons, mods)
    QApplication.sendEvent(target, event)
    return event


def rows_target(w: WorksheetView) -> QWidget:
    return w.view.viewport()


def test_a_suit_dragged_from_the_inspector_s_tree_is_a_row_undone_by_ctrl_z(qtbot, sheet):
    tree = ReductionTreeModel(Evaluator())
    tree.set_suit(SuitDeal.parse("AQ/KJ"))
    root = tree.index(0, 0)
    assert tree.flags(root) & Qt.ItemFlag.ItemIsDragEnabled
    assert tree.mimeTypes() == [DEAL_MIME_TYPE]
    tree.ensure_children(tree.root)
    child = tree.index(0, 0, root)  # a state below: its suit only, not the tricks taken
    node = tree.node(child)
    assert node is not None
    mime = tree.mimeData([child])
    assert mime.text() == str(node.suit)
    before = sheet.model.texts
    event = drop_on(rows_target(sheet), mime)
    assert event.isAccepted()
    assert sheet.model.texts == [*before, str(node.suit)]
    assert sheet.drop_label.isHidden()
    qtbot.waitUntil(lambda: all_valued(sheet), timeout=60000)
    last = sheet.model.rowCount() - 1
    value = Evaluator().value(Deal.parse(str(node.suit)))
    assert sheet.model.index(last, COL_VALUE).data() == value.pretty()
    assert sheet.undo_button.isVisible()
    assert sheet.undo_button.text() == f"&Undo Add {node.suit}"
    sheet.view.setFocus()
    qtbot.keyClick(sheet.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert sheet.model.texts == before
    qtbot.keyClick(sheet.view, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert sheet.model.texts == [*before, str(node.suit)]


def test_a_suit_dragged_from_the_single_suit_list_is_a_row(qtbot, sheet):
    model = SuitTableModel()
    model.set_table(lab_table(3))
    index = model.index(5, 0)
    assert model.flags(index) & Qt.ItemFlag.ItemIsDragEnabled
    mime = model.mimeData([index])
    text = mime.text()
    suit = SuitDeal.parse(text)  # the suit the row shows, as Deal.parse reads it
    assert suit.n == 3
    assert model.data(index, Qt.ItemDataRole.ToolTipRole).startswith(str(suit))
    before = sheet.model.texts
    assert drop_on(rows_target(sheet), mime).isAccepted()
    assert sheet.model.texts == [*before, text]
    sheet.undo_stack.undo()
    assert sheet.model.texts == before


def test_dropped_text_that_reads_as_a_deal_is_a_row(qtbot, sheet):
    mime = QMimeData()
    mime.setText("  [A Q, K J] + [K, A]\n")
    before = sheet.model.texts
    assert drop_on(sheet, mime).isAccepted()
    assert sheet.model.texts == [*before, "[A Q, K J] + [K, A]"]


def _bridge_cards() -> QMimeData:
    mime = QMimeData()
    payload = {"cards": [{"suit": "S", "rank": 14}], "from": "N"}
    mime.setData("application/x-whistgui-bridge-cards", QByteArray(json.dumps(payload).encode()))
    mime.setText("♠A")
    return mime


def _table_cards() -> QMimeData:
    doc = Document.from_deal(Deal.parse("AQ/KJ"))
    return encode_cards(doc, [doc.deal.card_from_text("S:A")], "W")


def _file(tmp_path) -> QMimeData:  # type: ignore[no-untyped-def]
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(tmp_path / "deal.whist"))])
    return mime


def _text(text: str) -> QMimeData:
    mime = QMimeData()
    mime.setText(text)
    return mime


def _corrupt() -> QMimeData:
    mime = QMimeData()
    mime.setData(DEAL_MIME_TYPE, QByteArray(b'{"deal": 7}'))
    return mime


def _bad_deal_drag() -> QMimeData:
    return deal_mime("AQ/KX", "inspector")  # the app's own type, a text that is no deal


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda _p: _text("hello"), ["'hello' is not a deal"]),
        (lambda _p: _text("AQ/KJ K/A <b>x</b>"), ["'AQ/KJ K/A <b>x</b>' is not a deal"]),
        (
            lambda _p: _table_cards(),
            ["'♠A' is a card dragged off the table, not a suit", "Add the Table's Deal"],
        ),
        (lambda _p: _bridge_cards(), ["bridge cards ('♠A') are not a whist suit"]),
        (_file, ["a file (", "deal.whist')", "not a suit"]),
        (lambda _p: QMimeData(), ["carries 'nothing', not a deal"]),
        (lambda _p: _corrupt(), ["the dropped data b'{\"deal\": 7}' is not a deal"]),
        (lambda _p: _bad_deal_drag(), ["'AQ/KX' is not a deal"]),
        (lambda _p: _text("   "), ["the drop carries no text"]),
    ],
    ids=[
        "text",
        "markup",
        "table-cards",
        "bridge-cards",
        "file",
        "empty",
        "corrupt",
        "no-deal",
        "blank",
    ],
)
def test_a_wrong_drop_is_refused_quoted_and_nothing_changes(qtbot, sheet, tmp_path, make, said):
    before = sheet.model.texts
    undo = sheet.undo_stack.count()
    event = drop_on(rows_target(sheet), make(tmp_path))
    assert not event.isAccepted()
    assert sheet.model.texts == before
    assert sheet.undo_stack.count() == undo
    refusal = sheet.drop_label.text()
    assert not sheet.drop_label.isHidden()
    assert refusal.startswith("Drop refused: ")
    for words in said:
        assert words in refusal
    assert sheet.drop_label.textFormat() == Qt.TextFormat.PlainText
    # the next row taken clears the refusal
    sheet.entry.setText("K/A")
    sheet.add_button.click()
    assert sheet.drop_label.isHidden()


def test_a_huge_drop_is_refused_in_a_short_message(qtbot, sheet):
    before = sheet.model.texts
    event = drop_on(rows_target(sheet), _text("AK/QJ " * 200_000))
    assert not event.isAccepted()
    assert sheet.model.texts == before
    assert len(sheet.drop_label.text()) < 300
    assert "is 1,199,999 characters: longer than any deal" in sheet.drop_label.text()


def test_typed_rows_and_the_table_s_deal_are_undone_too(qtbot, sheet):
    before = sheet.model.texts
    sheet.entry.setText("AQ/KJ")
    sheet.add_button.click()
    sheet.add_table_button.click()
    assert sheet.model.texts == [*before, "AQ/KJ", "AQ/KJ K/A"]
    assert sheet.undo_button.text() == "&Undo Add AQ/KJ K/A"  # the table's deal
    sheet.undo_stack.undo()
    assert sheet.undo_button.text() == "&Undo Add AQ/KJ"
    sheet.undo_stack.undo()
    assert sheet.model.texts == before
    assert not sheet.undo_button.isVisible()


def test_a_suit_is_dragged_from_its_symbol_on_the_table(qtbot, sheet, monkeypatch):
    """Pressing a suit's symbol on the felt and moving drags the suit (the app's deal drag);
    dropped on the worksheet it is a row."""
    import whistgui.ui.trick.table as table_module
    from whistgui.ui.trick.table import CardTable

    dragged: list[QMimeData] = []

    class FakeDrag:  # QDrag.exec would run the platform's drag loop
        def __init__(self, _source: object) -> None:
            self.mime: QMimeData | None = None

        def setMimeData(self, mime: QMimeData) -> None:
            self.mime = mime

        def exec(self, _action: object) -> None:
            assert self.mime is not None
            dragged.append(self.mime)

    monkeypatch.setattr(table_module, "QDrag", FakeDrag)
    table = CardTable()
    qtbot.addWidget(table)
    table.resize(900, 520)
    table.set_document(Document.from_deal(Deal.parse("KQT/AJ9 K/A")))
    table.show()
    qtbot.waitExposed(table)
    band = table.zone_rect("W", 1)
    symbol = QPoint(int(table.MARGIN + table.LABEL_W / 2), int(band.center().y()))
    assert table.suit_label_at(QPointF(symbol)) == 1
    assert table.suit_label_at(QPointF(band.center())) is None  # West's hand, not the label
    qtbot.mousePress(table, Qt.MouseButton.LeftButton, pos=symbol)
    qtbot.mouseMove(table, symbol + QPoint(40, 5))
    qtbot.mouseRelease(table, Qt.MouseButton.LeftButton, pos=symbol + QPoint(40, 5))
    assert len(dragged) == 1
    assert dragged[0].hasFormat(DEAL_MIME_TYPE)
    assert dragged[0].text() == "K/A"
    before = sheet.model.texts
    assert drop_on(rows_target(sheet), dragged[0]).isAccepted()
    assert sheet.model.texts == [*before, "K/A"]


def test_a_drag_hovering_the_worksheets_dock_tab_brings_it_to_the_front(qtbot, window):
    """Review 28b, C2: tabbed behind the inspector, the worksheet could not be reached by a
    drag from the inspector's tree — hovering its tab did not switch to it. Now the tab bars
    of tabbed docks switch on a drag's hover, after a short delay."""
    from PySide6.QtCore import QMimeData, QPointF
    from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent
    from PySide6.QtWidgets import QApplication, QTabBar

    from tests.ui.test_window_fit import settle

    ws = window.show_workspace("trick")
    ws.act_worksheet.trigger()
    settle(qtbot)
    ws.act_inspector.trigger()
    settle(qtbot)
    assert not ws.worksheet_in_front()  # behind the inspector's tab
    bars = [
        b
        for b in window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly)
        if b.isVisible() and "Values worksheet" in [b.tabText(i) for i in range(b.count())]
    ]
    assert len(bars) == 1
    (bar,) = bars
    assert bar.changeCurrentOnDrag()
    k = [bar.tabText(i) for i in range(bar.count())].index("Values worksheet")
    assert bar.currentIndex() != k
    at = QPointF(bar.tabRect(k).center())
    mime = QMimeData()
    mime.setText("K/A")
    actions = Qt.DropAction.CopyAction
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QApplication.sendEvent(bar, QDragEnterEvent(at.toPoint(), actions, mime, buttons, mods))
    QApplication.sendEvent(bar, QDragMoveEvent(at.toPoint(), actions, mime, buttons, mods))
    qtbot.waitUntil(lambda: bar.currentIndex() == k, timeout=5000)
    qtbot.waitUntil(ws.worksheet_in_front, timeout=5000)


def test_a_drop_refusal_goes_with_any_change_to_the_rows(qtbot, sheet):
    """Review 28b, C3: "Drop refused" stayed through undo, redo and Clear Rows."""

    def refused() -> None:
        assert not drop_on(rows_target(sheet), _text("no deal here")).isAccepted()
        assert not sheet.drop_label.isHidden()

    sheet.entry.setText("K/A")
    sheet.add_button.click()
    refused()
    sheet.undo_stack.undo()
    assert sheet.drop_label.isHidden()
    refused()
    sheet.undo_stack.redo()
    assert sheet.drop_label.isHidden()
    refused()
    sheet.clear_rows()
    assert sheet.drop_label.isHidden()
    refused()
    sheet.undo_stack.undo()  # the rows cleared come back
    assert sheet.drop_label.isHidden()
