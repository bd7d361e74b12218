"""The trick tree as a figure (figures/bridge_tricktree.py): the rows are the engine's — every
legal card of each open node once, the open line the cards played then best play, the root's
value the double-dummy table's — the columns headed ∃/∀ by who plays, results coloured; drawn
from the engine without Qt's model, by ``whist bridge render --view tricktree`` too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import run_process
from tests.figures.helpers import assert_inside, texts
from tests.tools import pdf_text, run_pdflatex
from whistgui.engine.bridge import (
    BridgeCard,
    BridgeDeal,
    BridgePosition,
    Contract,
    PbnBoard,
    Seat,
    write_pbn,
)
from whistgui.engine.bridge.dds import card_scores, dd_table
from whistgui.figures.bridge import BridgeFigureOptions, build_bridge_figure
from whistgui.figures.bridge_tricktree import (
    GREEN,
    build_trick_tree_figure,
    cards_text,
    trick_tree_rows,
)
from whistgui.figures.deal import RED

pytest.importorskip("endplay", reason="the double-dummy solver endplay is not installed")

DEAL = BridgeDeal.parse("N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T943.A987.QJ4.K7 5.T62.7653.QT986")


def check_rows(position: BridgePosition, contract: Contract, declarer: Seat) -> None:
    rows = trick_tree_rows(position, contract, declarer)
    root = rows[0]
    assert root.level == 0
    assert root.mark is not None
    if not position.trick and sum(position.tricks) == 0:
        assert root.mark.declarer_tricks == dd_table(DEAL)[declarer, contract.strain]
    node = BridgePosition(
        position.deal.hands, position.strain, position.leader, (), position.tricks
    )
    open_row = 0
    for level in range(1, 5):
        mine = [r for r in rows if r.level == level]
        # the children of the open node: all of them, each legal card once, nothing else
        assert all(r.parent == open_row for r in mine)
        cards = [c for r in mine for c in r.cards]
        assert sorted(cards) == sorted(node.legal())
        assert all(r.seat is node.to_move for r in mine)
        (opened,) = [r for r in mine if r.open]
        scores = card_scores(node)
        if level <= len(position.trick):
            chosen = position.trick[level - 1]
        else:
            chosen = max(c for c, v in scores.items() if v == max(scores.values()))
        assert chosen in opened.cards
        for r in mine:  # each row's tricks from its own DDS score
            side_takes = scores[r.cards[0]]
            assert r.mark is not None
            same = r.seat is not None and r.seat.side is declarer.side
            assert r.mark.declarer_tricks == (side_takes if same else 13 - side_takes)
        open_row = rows.index(opened)
        node = node.play(chosen)


def test_the_first_tricks_tree_is_the_engines() -> None:
    contract, declarer = Contract.parse("3NT"), Seat.N
    check_rows(BridgePosition.start(DEAL, contract, declarer), contract, declarer)


def test_mid_trick_the_open_line_is_the_cards_played() -> None:
    contract, declarer = Contract.parse("4S"), Seat.S
    pos = BridgePosition.start(DEAL, contract, declarer)
    low = min(pos.legal(), key=lambda c: c.rank)  # not the best lead, most likely
    pos = pos.play(low)
    check_rows(pos, contract, declarer)
    rows = trick_tree_rows(pos, contract, declarer)
    assert next(r for r in rows if r.level == 1 and r.open).cards[0].suit is low.suit


def test_the_figure_heads_levels_by_quantifier_and_colours_results() -> None:
    contract, declarer = Contract.parse("3NT"), Seat.N
    pos = BridgePosition.start(DEAL, contract, declarer)
    fig = build_trick_tree_figure(pos, contract, declarer, 340.0, 9.0)
    words = [t.text for t in texts(fig)]
    # East leads: the defence, then South (declaring), West, North
    heads = [w for w in words if w[:1] in "∃∀"]
    assert heads == ["∀ East", "∃ South", "∀ West", "∃ North"]
    rows = trick_tree_rows(pos, contract, declarer)
    for r in rows[1:]:
        assert cards_text(r.cards) in words
    results = [t for t in texts(fig) if t.text.startswith(("win ", "lose "))]
    assert len(results) == len(rows)
    assert all(t.colour == (GREEN if t.text.startswith("win") else RED) for t in results)
    assert "Trick 1: 3NT by North, East to lead" in words
    assert_inside(fig)


def test_render_tricktree_view_and_no_ui_import(tmp_path: Path) -> None:
    board = PbnBoard.make(DEAL, board=7, contract=Contract.parse("4S"), declarer=Seat.S)
    pbn = tmp_path / "b.pbn"
    pbn.write_text(write_pbn([board]), encoding="utf-8")
    fig = build_bridge_figure("tricktree", board, BridgeFigureOptions())
    assert "∀ West" in fig.texts()
    out = tmp_path / "tree.svg"
    proc = run_process("bridge", "render", str(pbn), "--view", "tricktree", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    svg = out.read_text(encoding="utf-8")
    assert "Trick 1: 4♠ by South, West to lead" in svg
    proc = run_process(
        "bridge",
        "render",
        str(pbn),
        "--view",
        "tricktree",
        "--contract",
        "2H",
        "--declarer",
        "E",
        "-o",
        str(out),
    )
    assert proc.returncode == 0, proc.stderr
    assert "Trick 1: 2♥ by East, South to lead" in out.read_text(encoding="utf-8")
    code = (
        "import sys, whistgui.figures.bridge_tricktree; "
        "print(sorted(m for m in sys.modules if m.startswith('whistgui.ui')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "[]"  # figures never import the UI


def test_tikz_tricktree_writes_quantifiers_and_bullets_as_math(tmp_path: Path) -> None:
    """∀, ∃ and ● are LaTeX's \\forall, \\exists and \\bullet, not their Unicode names."""
    board = PbnBoard.make(DEAL, board=2, contract=Contract.parse("4S"), declarer=Seat.S)
    pbn = tmp_path / "b.pbn"
    pbn.write_text(write_pbn([board]), encoding="utf-8")
    proc = run_process(
        "bridge", "render", str(pbn), "--view", "tricktree", "-o", str(tmp_path / "t.tex")
    )
    assert proc.returncode == 0, proc.stderr
    tex = (tmp_path / "t.tex").read_text(encoding="utf-8")
    for name in ("[for all]", "[there exists]", "[black circle]"):
        assert name not in tex
    for macro in (r"\forall", r"\exists", r"\bullet"):
        assert macro in tex
    words = pdf_text(run_pdflatex(tmp_path, "t.tex"))
    for word in ("∀", "∃", "West", "North"):  # LaTeX's symbols, read back from the PDF
        assert word in words


def test_equal_cards_are_spaced_and_every_best_card_is_bold() -> None:
    """Review29 (C5): "♥32" read as a number — ranks are spaced as in the diagram; the cards
    as good as the open line's (the same tricks for the side to play) are bold too."""
    assert cards_text((BridgeCard.parse("H3"), BridgeCard.parse("H2"))) == "♥3 2"
    assert cards_text((BridgeCard.parse("SK"), BridgeCard.parse("SQ"))) == "♠K Q"
    contract, declarer = Contract.parse("4S"), Seat.S
    pos = BridgePosition.start(DEAL, contract, declarer)
    rows = trick_tree_rows(pos, contract, declarer)
    fig = build_trick_tree_figure(pos, contract, declarer, 340.0, 9.0)
    bold = {t.text for t in texts(fig) if t.bold}
    leads = [r for r in rows if r.level == 1]
    fewest = min(r.mark.declarer_tricks for r in leads if r.mark is not None)
    for r in leads:  # the defence leads: its best leads are those leaving declarer fewest
        assert r.mark is not None
        assert (cards_text(r.cards) in bold) is (r.mark.declarer_tricks == fewest)
    assert sum(1 for r in leads if r.mark is not None and r.mark.declarer_tricks == fewest) >= 1
