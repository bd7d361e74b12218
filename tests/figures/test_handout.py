"""The handout's figures (figures/handout.py): a board's sheet holds its name, each hand's HCP,
DDS's table, par in players' words and the lead table (against par's contract when the board
has none); sheets set 1, 2 or 4 to an A4 page stay inside their cells; the lead table breaks
into two bands between suits when it is too wide; the PDF has a page per page."""

from __future__ import annotations

import re

import pytest

from tests.figures.helpers import assert_apart, assert_inside, texts
from tests.figures.test_bridge_figures import random_deal
from whistgui.engine import NotationError
from whistgui.engine.bridge import Contract, PbnBoard, Seat
from whistgui.engine.bridge.dds import Par, dd_table
from whistgui.engine.bridge.leads import opening_leads
from whistgui.figures.bridge import hand_hcp, par_text
from whistgui.figures.handout import (
    A4,
    MARGIN,
    PER_PAGE,
    board_sheet,
    build_board_sheet,
    build_leads_table,
    cell_width,
    handout_pages,
    handout_pdf,
    lead_contract,
)

pytest.importorskip("endplay", reason="the double-dummy solver endplay is not installed")


def board(seed: int, **kw: object) -> PbnBoard:
    return PbnBoard.make(random_deal(seed), board=seed, vulnerable="EW", **kw)  # type: ignore[arg-type]


def test_a_sheet_holds_the_boards_name_hcp_table_par_and_leads() -> None:
    b = board(21, contract=Contract.parse("4S"), declarer=Seat.W)
    sheet = board_sheet(b, "21")
    fig = build_board_sheet(sheet, cell_width(2), PER_PAGE[2])
    words = fig.texts()
    assert "Board 21" in words
    for seat in Seat:
        assert f"HCP {hand_hcp(b.deal.hands[seat])}" in words
    assert sheet.par is not None
    assert "".join(words).replace(" ", "").find(par_text(sheet.par, "EW").replace(" ", "")) >= 0
    assert "(E/W vul)" in par_text(sheet.par, "EW")
    want = opening_leads(b.deal, Contract.parse("4S"), Seat.W)
    assert sheet.leads == want
    assert not sheet.par_contract
    table = dd_table(b.deal)
    assert sheet.table == table
    (label,) = [t for t in texts(fig) if t.text == "Tricks"]
    tricks = sorted(
        (t for t in texts(fig) if t.text.isdigit() and abs(t.y - label.y) < 0.01),
        key=lambda t: t.x,
    )
    assert [int(t.text) for t in tricks] == [lead.tricks for lead in want.leads]
    bold = [int(t.text) for t in tricks if t.bold]
    assert bold == [lead.tricks for lead in want.leads if lead.cost == 0]
    assert any(w.startswith("North's leads against 4♠ by West") for w in words)
    assert fig.width == pytest.approx(round(cell_width(2)))
    assert_inside(fig)
    assert_apart(fig)


def test_a_board_without_a_contract_leads_against_par() -> None:
    b = board(22)
    sheet = board_sheet(b, "22")
    assert sheet.par is not None
    found = lead_contract(b, sheet.par)
    assert found is not None
    contract, declarer, is_par = found
    assert is_par
    assert sheet.par_contract
    assert sheet.leads is not None
    assert sheet.leads.declarer is declarer
    assert sheet.leads.strain is contract.strain
    # passed out at par: no leads
    assert lead_contract(b, Par(0, ())) is None


@pytest.mark.parametrize("per_page", [1, 2, 4])
def test_pages_hold_their_boards_inside_their_cells(per_page: int) -> None:
    sheets = [
        build_board_sheet(
            board_sheet(board(30 + i), str(i)), cell_width(per_page), PER_PAGE[per_page]
        )
        for i in range(1, 6)
    ]
    pages = handout_pages(sheets, per_page)
    assert len(pages) == -(-5 // per_page)
    names = []
    for page in pages:
        assert (page.width, page.height) == A4
        assert_inside(page)
        for t in texts(page):  # within the margins
            assert MARGIN - 0.01 <= t.left <= A4[0] - MARGIN + 0.01
            assert t.y <= A4[1] - MARGIN + 0.01
        names += [t.text for t in texts(page) if re.fullmatch(r"Board \d+", t.text)]
        assert_apart(page)
    assert names == [f"Board {i}" for i in range(1, 6)]


def test_the_lead_table_breaks_between_suits_when_narrow() -> None:
    deal = random_deal(40)
    leads = opening_leads(deal, Contract.parse("3NT"), Seat.S)
    wide = build_leads_table(leads, 400.0, 9.0)
    narrow = build_leads_table(leads, 150.0, 9.0)
    assert len([t for t in texts(wide) if t.text == "Tricks"]) == 1
    bands = [t for t in texts(narrow) if t.text == "Tricks"]
    assert len(bands) == 2
    # the first band ends with a whole suit: its last card's suit is not the next band's first
    cards = [t for t in texts(narrow) if t.text in "♠♥♦♣" and t.y < bands[1].y - 9]
    second = [t for t in texts(narrow) if t.text in "♠♥♦♣" and t.y > bands[0].y]
    assert cards[-1].text != second[0].text
    assert_inside(narrow)
    assert_apart(narrow)


def test_the_pdf_has_a_page_per_page_and_refuses_other_counts() -> None:
    boards = [(str(i), board(50 + i)) for i in range(1, 4)]
    data = handout_pdf(boards, per_page=2)
    assert data.startswith(b"%PDF")
    assert len(re.findall(rb"/Type\s*/Page\b", data)) == 2
    with pytest.raises(NotationError, match="3 boards a page: expected 1, 2, 4"):
        handout_pdf(boards, per_page=3)


def test_par_says_the_vulnerability_it_assumed_when_the_board_has_none() -> None:
    b = PbnBoard.make(random_deal(23), board=23)  # no Vulnerable tag: par for none vulnerable
    sheet = board_sheet(b, "23")
    fig = build_board_sheet(sheet, cell_width(1), PER_PAGE[1])
    pars = [t.text for t in texts(fig) if t.text.startswith("Par:")]
    assert pars
    assert "".join(fig.texts()).count("(none vul)") == 1


def test_a_board_passed_out_at_par_with_no_contract_says_why_it_has_no_leads() -> None:
    from whistgui.figures.handout import BoardSheet

    b = board(24)
    passed = Par(0, ("Pass",))
    assert lead_contract(b, passed) is None
    sheet = BoardSheet("24", b, dd_table(b.deal), passed, None, None)
    fig = build_board_sheet(sheet, cell_width(4), PER_PAGE[4])
    words = fig.texts()
    assert "No opening leads: no contract, and passed out at par" in words
    assert "Tricks" not in words
    assert any(w.startswith("Par: Passed out") for w in words)
    assert_inside(fig)
