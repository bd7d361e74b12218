"""Review 31a's findings in the bridge figures: the trick tree keeps to the width asked and to
the type size asked (W5: its one-line legend set the width, and 120 mm at 9 pt came out at
5.3 pt); bold is the side to play's best cards on every row, as the legend says (C1); TikZ
centres the centred lines and draws the red suits solid; one wording for the vulnerability."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests.bridge_records_files import records
from tests.cli.helpers import run_process
from tests.figures.helpers import WIDTH, assert_inside, texts
from tests.tools import pdf_text, require_tool, run_pdflatex
from whistgui.engine.bridge import BridgeDeal, BridgePosition, Contract, PbnBoard, Seat, write_pbn
from whistgui.figures.backends import to_tikz
from whistgui.figures.bridge import BridgeFigureOptions, build_bridge_figure
from whistgui.figures.bridge_tricktree import (
    build_trick_tree_figure,
    cards_text,
    trick_tree_rows,
)

pytest.importorskip("endplay", reason="the double-dummy solver endplay is not installed")

DEAL = BridgeDeal.parse("N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T943.A987.QJ4.K7 5.T62.7653.QT986")


def _positions() -> list[tuple[PbnBoard, BridgePosition]]:
    """Boards of hand records, each at the start, after the lead and after six cards."""
    out = []
    for rec in records(3, seed=31):
        board = PbnBoard.make(rec.deal, board=rec.number, contract=rec.contract,
                              declarer=rec.declarer)  # fmt: skip
        pos = BridgePosition.start(rec.deal, rec.contract, rec.declarer)
        for k, card in enumerate(rec.play[:6]):
            if k in (0, 1):
                out.append((board, pos))
            pos = pos.play(card)
        out.append((board, pos))
    return out


@pytest.mark.parametrize("size", [8.0, 9.0])
def test_the_trick_tree_is_as_wide_as_asked_in_the_type_asked(size: float) -> None:
    """W5: at 120 mm the figure is 120 mm wide (± 1 pt) and every text in the size asked
    (the legend 0.85 of it), wrapped to the width rather than widening it."""
    options = BridgeFigureOptions(width=WIDTH, font_size=size)
    for board, pos in _positions():
        fig = build_bridge_figure("tricktree", board, options, position=pos)
        assert abs(fig.width - WIDTH) <= 1, (fig.width, pos)
        sizes = {round(t.size, 3) for t in texts(fig)}
        assert sizes == {size, round(0.85 * size, 3)}, sizes
        legend = [t for t in texts(fig) if t.size < size]
        assert len(legend) >= 2  # the legend is wrapped, not one line setting the width
        assert_inside(fig)


def test_render_writes_the_width_and_type_asked(tmp_path: Path) -> None:
    """W5 through ``whist bridge render``: the SVG's and the PDF's page is 120 mm (340 pt)
    and the text is 9 pt in the SVG and in the TikZ."""
    rec = records(1, seed=31)[0]
    board = PbnBoard.make(rec.deal, board=1, contract=rec.contract, declarer=rec.declarer)
    pbn = tmp_path / "b.pbn"
    pbn.write_text(write_pbn([board]), encoding="utf-8")
    for kind in ("svg", "pdf", "tex"):
        out = tmp_path / f"tree.{kind}"
        proc = run_process("bridge", "render", str(pbn), "--view", "tricktree",
                           "--width", "120mm", "--font-size", "9", "-o", str(out))  # fmt: skip
        assert proc.returncode == 0, proc.stderr
    svg = (tmp_path / "tree.svg").read_text(encoding="utf-8")
    width = re.search(r'<svg [^>]*width="([\d.]+)pt"', svg)
    assert width is not None
    assert abs(float(width.group(1)) - WIDTH) <= 1
    sizes = {float(v) for v in re.findall(r'font-size="([\d.]+)"', svg)}
    assert max(sizes) == 9.0
    assert min(sizes) == pytest.approx(0.85 * 9, abs=0.01)
    tex = (tmp_path / "tree.tex").read_text(encoding="utf-8")
    assert {float(v) for v in re.findall(r"\\fontsize\{([\d.]+)\}", tex)} == sizes
    page = re.search(r'<page width="([\d.]+)"', pdf_text(tmp_path / "tree.pdf", "-bbox"))
    assert page is not None
    assert abs(float(page.group(1)) - WIDTH) <= 1


def _best_rows(rows: list, declarer: Seat) -> set[int]:  # type: ignore[type-arg]
    """The rows whose tricks are the best among their siblings for the side that plays them:
    the declaring side's most, the defence's fewest."""
    best = set()
    for i, row in enumerate(rows):
        if row.parent is None or row.mark is None:
            continue
        kin = [r.mark.declarer_tricks for r in rows if r.parent == row.parent and r.mark]
        ours = row.seat.side is declarer.side
        if row.mark.declarer_tricks == (max(kin) if ours else min(kin)):
            best.add(i)
    return best


def test_bold_is_the_side_to_plays_best_cards_on_every_row() -> None:
    """C1: bold on a card means it is as good as the best for the side that plays it — on the
    open line too, where a card played that cost a trick is not bold (it has its ●); the
    legend says whose best."""
    for text, declarer in (("3NT", Seat.N), ("4S", Seat.S), ("4H", Seat.N), ("3NT", Seat.S)):
        contract = Contract.parse(text)
        start = BridgePosition.start(DEAL, contract, declarer)
        # the defence's worst lead: the one leaving declarer most tricks
        leads = [r for r in trick_tree_rows(start, contract, declarer) if r.level == 1]
        worst = max(leads, key=lambda r: r.mark.declarer_tricks)
        if worst.mark.declarer_tricks > min(r.mark.declarer_tricks for r in leads):
            break  # a lead that costs the defence a trick
    else:
        pytest.fail("no contract with a costly lead: the deal does not test this")
    pos = start.play(worst.cards[0])
    rows = trick_tree_rows(pos, contract, declarer)
    fig = build_trick_tree_figure(pos, contract, declarer, WIDTH, 9.0)
    by_text = {t.text: t for t in texts(fig)}
    best = _best_rows(rows, declarer)
    for i, row in enumerate(rows[1:], start=1):
        assert by_text[cards_text(row.cards)].bold is (i in best), (i, row)
    opened = next(r for r in rows if r.level == 1 and r.open)
    assert not by_text[cards_text(opened.cards)].bold  # played, but not the best lead
    legend = " ".join(t.text for t in texts(fig) if t.size < 9.0)
    assert "bold: the side to play's best cards" in legend


def test_tikz_centres_centred_lines_and_draws_red_suits_solid(tmp_path: Path) -> None:
    """The caption and the par line are anchored at their middle, the page's (a face LaTeX
    sets narrower keeps them centred); ♥ and ♦ are the picture's solid suits, not amssymb's
    outlines; the picture compiles."""
    board = PbnBoard.make(DEAL, board=1, contract=Contract.parse("4S"), declarer=Seat.N,
                          vulnerable="All")  # fmt: skip
    start = BridgePosition.start(DEAL, Contract.parse("4S"), Seat.N)
    pos = start.play(start.legal()[0])  # in play: the table is said to be the start's
    fig = build_bridge_figure("both", board, BridgeFigureOptions(width=WIDTH), position=pos)
    tex = to_tikz(fig)
    for words in ("Double dummy at the start of the deal", "Par: "):
        (node,) = [line for line in tex.splitlines() if words in line]
        assert "anchor=base," in node, node
        at = re.search(r" at \(([\d.]+),", node)
        assert at is not None
        assert abs(float(at.group(1)) - WIDTH / 2) < 0.5, node
    assert r"\heartsuit" not in tex
    assert r"\diamondsuit" not in tex
    assert r"\wgheart{}" in tex
    assert r"\wgdiamond{}" in tex
    (tmp_path / "both.tex").write_text(tex, encoding="utf-8")
    pdf = run_pdflatex(tmp_path, "both.tex")
    require_tool("pdftoppm")
    subprocess.run(
        ["pdftoppm", "-png", "-r", "100", str(pdf), str(tmp_path / "both")],
        check=True,
        timeout=60,
    )
    assert (tmp_path / "both-1.png").stat().st_size > 0


def test_the_vulnerability_has_one_wording() -> None:
    """A board vulnerable both ways: 'Vul: Both' and '(both vul)' in one figure, no 'All'."""
    board = PbnBoard.make(DEAL, board=4, dealer=Seat.W, vulnerable="All")
    fig = build_bridge_figure("both", board, BridgeFigureOptions(width=WIDTH))
    words = [t.text for t in texts(fig)]
    assert "Vul: Both" in words
    assert any("(both vul)" in w for w in words)
    assert not any("All" in w for w in words)
