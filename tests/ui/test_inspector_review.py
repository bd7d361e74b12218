"""The game-tree inspector after the issue-24 review: a pinned inspector and a suit opened in
it, a superseded job that is not the user's cancel, a suit it cannot value shown in place of
the empty views, and a new suit shown from the top."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtWidgets import QScrollArea

from tests.ui.workspaces import trick
from whistgui.app.document import Document
from whistgui.engine import Card, Deal, SuitDeal
from whistgui.ui.theme import apply_theme
from whistgui.ui.workspace import Handover

SUIT_27 = "KQT98/AJ765"  # (27)'s spades, the suit the inspector opens first
SINGLE = "T76543/AKQJ98"


def _open(qtbot, window, number: int) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(trick(window).analysisShown, timeout=30000):
        trick(window).open_example(number)


def _single_suits_row(window, text: str) -> None:  # type: ignore[no-untyped-def]
    """What a Single Suits row does on Enter: its suit as the deal, shown in the inspector."""
    doc = Document.from_deal(Deal([SuitDeal.parse(text)]), game="whist")
    window.hand_over(Handover(doc, f"Open the suit {text}", view="inspector"))


def _shown_suits(inspector) -> set[str]:  # type: ignore[no-untyped-def]
    """The suit each suit tab shows: the breadcrumb's root, the matrix's, R43's."""
    shown = {str(inspector.r43.suit)}
    if inspector.analysis is not None:
        shown.add(str(inspector.node.path()[0].suit))
        shown.add(str(inspector.matrix_model.analysis.suit))
    return shown


# ------------------------------------------------------------------- 1: pinned, a suit opened
def test_a_suit_opened_while_pinned_unpins_and_every_tab_and_the_banner_agree(qtbot, window):
    _open(qtbot, window, 27)
    ws = trick(window)
    inspector = ws.inspector
    with qtbot.waitSignal(inspector.playReady, timeout=180000):
        ws.inspect_deal()  # Ctrl+Shift+I
    qtbot.waitUntil(lambda: inspector.analysis is not None, timeout=30000)
    assert str(inspector.analysis.suit) == SUIT_27
    inspector.pin_button.click()
    assert inspector.pinned
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        _single_suits_row(window, SINGLE)
    assert not inspector.pinned  # the suit asked for is shown: the inspector follows again
    assert _shown_suits(inspector) == {SINGLE}
    assert str(SuitDeal.parse(SINGLE)) in inspector.breadcrumb.text()
    assert not inspector.stale  # nothing of an earlier deal is shown ...
    assert "Unpinned" in inspector.banner_text.text()  # ... and it says why it follows
    assert SUIT_27 not in inspector.banner_text.text()
    assert inspector.play_page.key[0] == Deal.parse(SINGLE)  # the play tree follows too
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        ws.session.undo_stack.undo()  # Ctrl+Z: back to (27), followed
    assert _shown_suits(inspector) == {SUIT_27}
    assert inspector.banner.isHidden()
    assert inspector.play_page.key[0] == ws.session.document.deal


def test_the_pin_button_looks_pinned_in_both_themes(qtbot, inspector):
    app = QGuiApplication.instance()
    try:
        for theme in ("dark", "light"):
            apply_theme(app, theme)
            qtbot.wait(10)
            inspector.set_pinned(False)
            off = inspector.pin_button.grab().toImage()
            inspector.set_pinned(True)
            on = inspector.pin_button.grab().toImage()
            assert _mean_difference(off, on) > 40, theme  # of 255: plainly different
            assert inspector.pin_button.text() != "Pin"  # and it says so
    finally:
        apply_theme(app, "system")


def _mean_difference(a: QImage, b: QImage) -> float:
    """The mean difference of the two images' middle rows, in grey levels (0-255)."""
    a = a.convertToFormat(QImage.Format.Format_RGB32)
    b = b.convertToFormat(QImage.Format.Format_RGB32)
    y, width = min(a.height(), b.height()) // 2, min(a.width(), b.width())
    total = 0
    for x in range(width):
        ca, cb = a.pixelColor(x, y), b.pixelColor(x, y)
        total += abs(ca.lightness() - cb.lightness())
    return total / width


# ------------------------------------------------------------- 2: superseded, not cancelled
def test_a_superseded_job_leaves_no_cancelled_message(qtbot, window):
    """(15) in misère five-card, a Single Suits row (the table switches to whist: the suit is
    valued), Ctrl+Z before it is: the values are superseded by misère's structure, which the
    inspector shows — the user cancelled nothing."""
    _open(qtbot, window, 15)
    ws = trick(window)
    inspector = ws.inspector
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        ws.inspect_suit(0)
    window.set_game("misere-five-card")
    cancelled: list[str] = []
    window.engine.cancelled.connect(lambda _job, channel: cancelled.append(channel))
    _single_suits_row(window, "KQT98/AJ765")  # 5 cards a hand: valued on the engine
    assert ws.session.game == "whist"
    ws.session.undo_stack.undo()  # Ctrl+Z: misère again, (15)
    assert ws.session.game == "misere-five-card"
    qtbot.waitUntil(lambda: "inspector-suit" in cancelled, timeout=10000)
    qtbot.wait(50)  # every queued answer delivered
    text = inspector.status.text()
    assert "Cancelled" not in text
    suit = ws.session.document.deal.suits[0]
    assert f"Inspecting {suit} in Misère five-card." in text


# ------------------------------------------------------------- 3: why there is nothing to show
def test_a_suit_that_cannot_be_valued_says_why_in_place_of_the_empty_views(qtbot, window):
    """(27)'s ♥ inspected, ♥8 moved from the pool to West: AK98/QJT has no value — the
    reason, with the suit's symbol, stands where the matrix was, not under empty views."""
    _open(qtbot, window, 27)
    ws = trick(window)
    inspector = ws.inspector
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        ws.inspect_suit(1)
    assert inspector.reductions.isVisible()
    ws.session.move_cards([Card(1, 8)], "W")
    reason = inspector.suit_tab.reason
    assert reason.isVisible()
    assert not inspector.reductions.isVisible()  # no empty matrix, number line, tree
    assert "♥" in reason.text()
    assert "not symmetric" in reason.text()
    assert "Suit H" not in reason.text()
    assert "Suit H" not in inspector.status.text()
    top = reason.mapTo(inspector, reason.rect().topLeft()).y()
    assert top < inspector.tabs.mapTo(inspector, inspector.tabs.rect().topLeft()).y() + 60
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        ws.session.undo_stack.undo()  # ♥8 back in the pool: the views again
    assert inspector.reductions.isVisible()
    assert not reason.isVisible()


# ------------------------------------------------------------- 4: a new suit from the top
def test_a_new_suit_is_shown_from_the_top_of_the_inspector(qtbot, window):
    _open(qtbot, window, 27)
    ws = trick(window)
    inspector = ws.inspector
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        ws.inspect_suit(0)
    scroller = inspector.parentWidget()
    while not isinstance(scroller, QScrollArea):
        scroller = scroller.parentWidget()
    window.resizeDocks([ws.inspector_dock], [150], Qt.Orientation.Vertical)
    qtbot.waitUntil(lambda: scroller.verticalScrollBar().maximum() > 0, timeout=5000)
    bar = scroller.verticalScrollBar()
    bar.setValue(bar.maximum())  # read down to the tree
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        ws.inspect_suit(2)
    assert bar.value() == 0  # the breadcrumb and the tabs in sight
    bar.setValue(bar.maximum())
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        _open(qtbot, window, 26)  # another file: its suit from the top too
    assert bar.value() == 0
