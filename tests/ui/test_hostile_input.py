"""Issue 16, met as a hostile user: numbers of thousands of digits pasted into the deal field,
files that crash loaders (huge numbers, lone surrogates, suit names the notation cannot read),
saves that fail in any way — each is said in the window (the field's red message, a warning),
never a traceback in a slot, and nothing the user had is lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.hostile import BIG
from tests.ui.workspaces import bridge, trick
from whistgui.app.bridge import BridgeDocument
from whistgui.app.document import Document, DocumentError
from whistgui.engine import Deal, Player
from whistgui.ui.main_window import MainWindow


def start_on(qtbot, w: MainWindow, text: str) -> None:
    with qtbot.waitSignal(trick(w).analysisShown, timeout=20000):
        trick(w).session.replace(Document.from_deal(Deal.parse(text), lead=Player.WEST))


def paste_over(w: MainWindow, text: str) -> None:
    """Paste ``text`` over the deal field's text and press Enter, as a user would."""
    QApplication.clipboard().setText(text)
    edit = trick(w).notation.edit
    edit.setFocus()
    edit.selectAll()
    edit.paste()
    assert edit.text() == text
    QTest.keyClick(edit, Qt.Key.Key_Return)


# --------------------------------------------------------------------------- the deal field


@pytest.mark.parametrize(
    "text",
    [f"[{BIG}, 1]", f"{BIG}:A/K", f"AQ/KJ [{BIG} 1, 2 3]", f"[1 2, 3 4] + {BIG}:[1, 2]"],
    ids=["rank", "prefix", "mixed", "paper-prefix"],
)
def test_a_number_of_5000_digits_in_the_deal_field_is_marked_in_red(qtbot, window, text: str):
    start_on(qtbot, window, "AQ/KJ K/A")
    paste_over(window, text)  # an exception in the slot would fail the test (pytest-qt)
    assert trick(window).notation.has_error
    message = trick(window).notation.error.text()
    assert "9999999999" in message, message  # the message quotes the number (or its start)
    assert len(message) < 2000  # … and does not print all 5000 digits in the window
    assert str(trick(window).session.document.deal) == "AQ/KJ K/A"
    assert window.width() < 3000  # the message's long word did not widen the window
    paste_over(window, "AK/QJ")
    assert not trick(window).notation.has_error
    assert str(trick(window).session.document.deal) == "AK/QJ"


def test_a_deal_of_thousands_of_suits_is_refused_in_the_deal_field(qtbot, window):
    """3,000 suits took the window 20 s to lay out and draw (issue 16's second review)."""
    from whistgui.app.document import MAX_DOCUMENT_SUITS

    start_on(qtbot, window, "AQ/KJ K/A")
    paste_over(window, " ".join(["A/K"] * 3000))
    assert trick(window).notation.has_error
    message = trick(window).notation.error.text()
    assert f"has 3,000 suits; a document holds at most {MAX_DOCUMENT_SUITS}" in message
    assert str(trick(window).session.document.deal) == "AQ/KJ K/A"
    paste_over(window, " ".join(["A/K"] * MAX_DOCUMENT_SUITS))
    assert not trick(window).notation.has_error
    assert len(trick(window).session.document.deal.suits) == MAX_DOCUMENT_SUITS


def test_a_long_message_cannot_widen_the_window(qtbot, window):
    width = window.width()
    trick(window).notation.set_error(f"{BIG!r} is bad; expected a deal")
    qtbot.wait(10)
    assert window.width() == width
    shown = trick(window).notation.error.text()
    assert shown == f"'{'9' * 49}…{'9' * 29}' is bad; expected a deal"
    path = "/a/folder/of/some/length/" + "d" * 60 + ".whist"
    trick(window).notation.set_error(f"{path!r} cannot be read")
    assert trick(window).notation.error.text() == f"{path!r} cannot be read"  # paths stay whole


def test_a_number_of_5000_digits_in_the_bridge_deal_field_is_refused(qtbot, window):
    window.show_workspace("bridge")
    page = bridge(window).page
    before = page.session.document
    width = window.width()
    page.deal_edit.setText(f"N:{BIG}.-.-.- -.-.-.- -.-.-.- -.-.-.-")
    page.deal_edit.returnPressed.emit()
    assert not page.deal_error.isHidden()
    assert "appears twice in North's hand '9999999999" in page.deal_error.text()
    assert page.session.document == before
    assert window.width() == width


# --------------------------------------------------------------------------- opening files


def _whist_file(tmp_path: Path, edit: dict[str, object] | None = None, raw: str = "") -> Path:
    data = Document.from_deal(Deal.parse("AQ/KJ K/A")).to_json()
    data.update(edit or {})
    path = tmp_path / "hostile.whist"
    text = json.dumps(data)
    if raw:
        text = text.replace('"version": 2', f'"version": {raw}')
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("edit", "raw", "says"),
    [
        (None, BIG, '"version" is the 5000-digit number 999999999999…; expected a file version'),
        ({"title": "a\ud800"}, "", "\"title\" holds '\\ud800' at position 1, a lone surrogate"),
        (
            {"suits": [{"name": n, "deck": {"kind": "standard", "size": 13}} for n in "Sx"]},
            "",
            "suit 2 of \"suits\": the suit name 'x' is not one; expected S, H, D, C",
        ),
        (
            {"suits": [{"name": n, "deck": {"kind": "standard", "size": 13}} for n in "sS"]},
            "",
            "suit 2 of \"suits\" is named 'S', the suit 'S' like suit 1 ('s')",
        ),
    ],
    ids=["huge-version", "surrogate-title", "suit-x", "suit-s-and-S"],
)
def test_a_hostile_whist_file_is_refused_with_a_warning_and_the_deal_kept(
    qtbot, window, dialogs, tmp_path: Path, edit: dict[str, object] | None, raw: str, says: str
):
    start_on(qtbot, window, "AK/QJ")
    before = trick(window).session.document
    path = _whist_file(tmp_path, edit, raw)
    assert window.open_file(path) is False
    (shown,) = dialogs.shown
    assert shown[0] == "warning"
    assert shown[1].startswith(f"Cannot open: {str(path)!r}")
    assert says in shown[1]
    assert trick(window).session.document == before
    assert trick(window).session.path is None


def test_a_gops_file_with_a_5000_digit_number_is_refused_with_a_warning(
    qtbot, window, dialogs, tmp_path: Path
):
    path = tmp_path / "hostile.gops"
    text = '{"format": "whistgui-gops", "version": 1, "rules": {"n": NUMBER}, "path": []}'
    path.write_text(text.replace("NUMBER", BIG), encoding="utf-8")
    assert window.open_file(path) is False
    assert any(
        kind == "warning" and f"{str(path)!r} is not a GOPS game: it holds the 5000-digit" in text
        for kind, text in dialogs.shown
    ), dialogs.shown


def test_a_pbn_file_with_a_5000_digit_contract_is_refused_with_a_warning(
    qtbot, window, dialogs, tmp_path: Path
):
    path = tmp_path / "hostile.pbn"
    path.write_text(
        '[Board "1"]\n[Dealer "N"]\n'
        '[Deal "N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T943.A987.QJ4.K7 5.T62.7653.QT986"]\n'
        f'[Contract "{BIG}NT"]\n[Declarer "S"]\n',
        encoding="utf-8",
    )
    assert window.open_file(path) is False
    (shown,) = dialogs.shown
    assert shown[1].startswith(f"Cannot open: {str(path)!r} is not a PBN file")
    assert "is not a contract; expected a level 1-7" in shown[1]


def test_boards_of_any_number_get_a_new_board_numbered_after_the_plain_ones(qtbot, window):
    boards = [BridgeDocument.random(i, board=b) for i, b in enumerate([BIG, "²", "7", "12a"])]
    session = bridge(window).session
    session.replace(tuple(boards), None)
    session.add_board()
    assert session.board_count == 5
    assert session.document.board == "8"


# --------------------------------------------------------------------------- saving


@pytest.mark.parametrize(
    "error",
    [
        UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed"),
        OSError(28, "No space left on device"),
        PermissionError(13, "Permission denied"),
        DocumentError("'x.whist' could not be saved: disk on fire"),
    ],
    ids=["unicode", "oserror", "permission", "document"],
)
def test_whatever_stops_a_save_is_said_in_a_warning(
    qtbot, window, dialogs, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, error: Exception
):
    def fail(*_args: object) -> None:
        raise error

    monkeypatch.setattr(trick(window).session, "save", fail)
    assert trick(window).save_to(tmp_path / "x.whist") is False
    (shown,) = dialogs.shown
    assert shown == ("warning", f"Cannot save: {error}")
    assert "Not saved" in window.statusBar().currentMessage()
    assert not (tmp_path / "x.whist").exists()


def test_save_as_into_a_missing_folder_warns_and_keeps_the_session_unsaved(
    qtbot, window, dialogs, tmp_path: Path
):
    start_on(qtbot, window, "AQ/KJ")
    dialogs.save_path = str(tmp_path / "nowhere" / "d.whist")
    assert window.save_as() is False
    (shown,) = dialogs.shown
    assert shown[0] == "warning"
    assert "could not be saved" in shown[1]
    assert trick(window).session.path is None
