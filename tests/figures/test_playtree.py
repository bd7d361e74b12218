"""The whole deal's play tree as a figure: its rows say what the inspector's play tree says
(the item model, in every game), the tree follows the optimal line to the depth asked, the
optimal tricks stand out, a tree too large is refused naming the depth that fits, and the
figure keeps its texts on the page and apart at any width."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.figures.helpers import WIDTH, assert_apart, assert_inside, texts
from whistgui.app.document import Document
from whistgui.engine import Deal, Evaluator, Player, Solver, WhistError
from whistgui.engine.games import GAMES
from whistgui.figures import FigureOptions, build_figure
from whistgui.figures import playtree as pt
from whistgui.figures.play import card_text
from whistgui.figures.playtree import (
    NO_VALUE,
    STAR,
    build_play_tree,
    play_tree_rows,
)
from whistgui.ui.trick.play_tree_model import (
    COL_EXACT,
    COL_PREDICTED,
    COL_REMAINING,
    COL_VALUE,
    COL_WEST_TRICKS,
    PlayTreeModel,
)

W, E = Player.WEST, Player.EAST
DEALS = ["AQ/KJ K/A", "AJ9/KQT A/K K/A", "KJ/AQ AJ/KQ A/K"]


def _doc(deal: str, lead: Player = W, game: str = "whist") -> Document:
    return Document.from_deal(Deal.parse(deal), lead=lead, game=game)


def _model_trick(node) -> str:  # type: ignore[no-untyped-def]
    """The model's trick text with the figure's card names (♠A for S:A)."""
    t = node.trick
    pos = node.position

    def seq(cards) -> str:  # type: ignore[no-untyped-def]
        text = card_text(pos.card_name(cards[-1]))
        if len(cards) > 1:
            text += " (=" + "=".join(pos.card_name(c).split(":", 1)[1] for c in cards[:-1]) + ")"
        return text

    return f"{t.leader.value} {seq(node.lead_seq)} · {t.leader.other.value} {seq(node.reply_seq)}"


@pytest.mark.parametrize("game", [g.name for g in GAMES])
@pytest.mark.parametrize("deal", DEALS)
@pytest.mark.parametrize("lead", [W, E])
def test_the_rows_say_what_the_inspectors_play_tree_says(
    qapp: object, deal: str, lead: Player, game: str
) -> None:
    rows = play_tree_rows(_doc(deal, lead, game), 2)
    model = PlayTreeModel(Solver(), Evaluator(), game=game)
    model.set_position(Deal.parse(deal), lead)

    def cells(node) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
        return tuple(
            model.data(model.index_of(node, col), Qt.ItemDataRole.DisplayRole)
            for col in (COL_REMAINING, COL_WEST_TRICKS, COL_VALUE, COL_PREDICTED, COL_EXACT)
        )

    # the figure's rows in outline order, against the model's nodes walked the same way
    expected = []

    def walk(node, depth: int) -> None:  # type: ignore[no-untyped-def]
        optimal = node.parent is None or model.is_optimal(node)
        trick = "Start: " + f"{node.position.leader.word} on lead"
        if node.parent is not None:
            trick = (f"{STAR} " if optimal else "") + _model_trick(node)
        remaining, west, value, predicted, exact = cells(node)
        if node.position.is_over:
            remaining = NO_VALUE
        expected.append((depth, trick, remaining, west, value, predicted, exact, optimal))
        if depth < 2 and optimal and not node.position.is_over:
            for child in model.ensure_children(node):
                walk(child, depth + 1)

    walk(model.root, 0)
    got = [(r.depth, *r.cells, r.optimal) for r in rows]
    assert got == expected


def test_the_tree_follows_the_optimal_line_to_the_depth_asked() -> None:
    doc = _doc("AJ9/KQT A/K K/A", E)
    for depth in range(4):
        rows = play_tree_rows(doc, depth)
        assert max(r.depth for r in rows) == min(depth, doc.deal.size)
        for i, r in enumerate(rows):
            children = [c for c in rows if c.parent == i]
            if children:  # only the root and optimal tricks above the last level
                assert r.parent is None or r.optimal
                assert r.depth < depth
                assert children[-1].last
                assert not any(c.last for c in children[:-1])
                assert any(c.optimal for c in children)  # someone plays best
    assert len(play_tree_rows(doc, 0)) == 1


def test_the_optimal_tricks_are_starred_and_bold_and_keep_the_exact_result() -> None:
    doc = _doc("AJ9/KQT A/K K/A", E)
    rows = play_tree_rows(doc, 1)
    root_exact = rows[0].cells[5]
    starred = [r for r in rows[1:] if r.optimal]
    assert starred
    assert all(r.cells[0].startswith(STAR) for r in starred)
    assert all(r.cells[5] == root_exact for r in starred)  # best play keeps the result
    assert not any(r.cells[0].startswith(STAR) for r in rows[1:] if not r.optimal)
    fig = build_play_tree(doc, WIDTH, depth=1)
    bold = " ".join(t.text for t in texts(fig) if t.bold)
    for r in starred:
        assert r.pieces[0][0] in bold


def test_a_tree_too_large_is_refused_naming_the_depth_that_fits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    doc = _doc("AJ9/KQT A/K K/A", E)
    one = len(play_tree_rows(doc, 1))
    monkeypatch.setattr(pt, "MAX_ROWS", one)
    assert len(play_tree_rows(doc, 1)) == one  # exactly at the limit: drawn
    with pytest.raises(WhistError, match=rf"depth 2 has .* rows.*depth 1 has {one} rows"):
        play_tree_rows(doc, 3)


def test_a_deal_too_large_to_search_or_with_no_cards_is_refused() -> None:
    def suit(n: int) -> str:  # n cards a hand, alternating
        return (
            "["
            + " ".join(map(str, range(2 * n, 0, -2)))
            + ", "
            + " ".join(map(str, range(2 * n - 1, 0, -2)))
            + "]"
        )

    big = f"{suit(11)} + {suit(10)}"
    with pytest.raises(WhistError, match=r"21 cards a hand.*at most 20"):
        play_tree_rows(Document.from_deal(Deal.parse(big)), 1)
    with pytest.raises(WhistError, match="depth -1"):
        play_tree_rows(_doc("AQ/KJ"), -1)
    with pytest.raises(TypeError, match="Document"):
        play_tree_rows("AQ/KJ", 1)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", ["whist", "greedy-whist", "five-card"])
def test_the_caption_says_the_columns_in_the_games_words(game: str) -> None:
    fig = build_figure("playtree", _doc("AQ/KJ K/A", game=game), FigureOptions(depth=1))
    words = " ".join(fig.texts())
    if game in ("whist", "greedy-whist"):  # Greedy Whist's values are whist's kind
        assert "val(remaining deal) + West's tricks so far" in words
        assert "ρ(value)" in words
        assert "West's total tricks under optimal play" in words
    elif game == "five-card":
        assert "who wins under optimal play" in words
    else:
        assert "the theory's element of the remaining deal" in words


@pytest.mark.parametrize("width_mm", [120, 70, 40])
@pytest.mark.parametrize("font", ["dejavu-sans", "latin-modern"])
def test_the_figure_keeps_its_texts_on_the_page_and_apart(width_mm: int, font: str) -> None:
    doc = _doc("AJ9/KQT A/K K/A", E)
    fig = build_figure(
        "playtree", doc, FigureOptions(width=width_mm * 72 / 25.4, depth=2, font=font)
    )
    assert fig.width >= round(width_mm * 72 / 25.4) - 0.5
    assert_inside(fig)
    assert_apart(fig)
    words = " ".join(fig.texts())
    for text in ("Trick", "Remaining", "Exact", "Start:", "AJ9/KQT"):
        assert text in words


def _example(number: int) -> Document:
    from whistgui.app.examples import load_examples

    e = next(e for e in load_examples() if e.number == number)
    return Document.from_deal(e.deal, lead=e.lead)


def test_the_play_tree_of_deal_27_is_a_line_a_trick() -> None:
    """Export Figure ▸ Play tree of (27) failed at its default depth 2 (a 126 × 9185 mm figure,
    too large for an image), and to one trick was 121 × 1683 mm: every suit of the Remaining
    column on a line of its own, seven lines a row (issue 25's review, F7, F8). A line a
    trick; the deal that remains whole on one line, under the tricks whose tricks are listed;
    one trick deep unless asked."""
    from whistgui.figures import DEFAULT_DEPTHS
    from whistgui.figures.backends import check_image_size, check_page_size
    from whistgui.figures.text import line_height

    assert DEFAULT_DEPTHS["playtree"] == pt.DEFAULT_DEPTH == 1
    assert FigureOptions().depth is None  # each view's own
    doc = _example(27)
    solver, evaluator = Solver(), Evaluator()
    mm = 72 / 25.4
    fig = pt.build_play_tree(doc, 120 * mm, solver=solver, evaluator=evaluator)  # every trick
    rows = play_tree_rows(doc, 1, solver, evaluator)
    assert len(rows) == 59
    assert round(fig.width) == round(120 * mm)  # as wide as asked
    lines = {round(t.y, 1) for t in texts(fig)}
    assert len(lines) <= len(rows) + 15  # a line a row, the heading, headers and caption
    row = line_height(9) + 0.24 * 9  # a line and the row's padding
    assert fig.height <= (len(rows) + 15) * row + 40
    assert fig.height / mm < 360  # was 1683
    check_image_size(fig, 300)
    assert_inside(fig)
    assert_apart(fig)

    deep = build_figure("playtree", doc, FigureOptions(depth=2, optimal_only=False))
    rows = play_tree_rows(doc, 2, solver, evaluator)
    parents = {r.parent for r in rows if r.parent}
    notes = [t.text for t in texts(deep) if t.text.startswith("Remaining:")]
    assert notes == [f"Remaining: {rows[i].cells[1]}" for i in sorted(parents)]  # whole
    assert len(parents) == 5
    assert deep.height / mm < 2000  # was 9185
    check_page_size(deep, "pdf")  # a PDF page holds it
    check_page_size(deep, "tex")
    assert_inside(deep)
    assert_apart(deep)


def test_the_play_tree_figure_fits_a_page_by_default_with_every_trick_on_asking() -> None:
    """At its defaults the play tree of (27) was 120 × 346 mm, taller than a journal's page
    (review 25b, C1): by default only the optimal tricks are drawn, and the figure fits an A4
    page; every trick is drawn when asked (optimal_only=False), as before."""
    from whistgui.figures import DEFAULT_OPTIMAL_ONLY

    assert DEFAULT_OPTIMAL_ONLY is True
    doc = _example(27)
    mm = 72 / 25.4
    fig = build_figure("playtree", doc)
    assert round(fig.width) == round(120 * mm)
    assert fig.height / mm < 297 - 2 * 25  # an A4 page inside 25 mm margins
    rows = play_tree_rows(doc, 1, optimal_only=True)
    assert 1 < len(rows) < 59
    assert all(r.optimal and r.cells[0].startswith(pt.STAR) for r in rows[1:])
    assert "the optimal tricks only" in " ".join(t.text for t in texts(fig))
    every = build_figure("playtree", doc, FigureOptions(optimal_only=False))
    assert every.height / mm > 297  # every trick: taller than a page, as asked
