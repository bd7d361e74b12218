"""The record-of-play figure: for the paper's deals (15) and (26), a one-card deal and a
five-card deal, at a wide and a narrow width — every card of the engine's optimal line shown
with its suit symbol, in order, by who played it; one numbered row per trick and its winner;
every reason whole (its wrapped lines joined); the heading and the outcome; every text inside
the figure of the width asked; ``cards`` showing exactly that many; and the deals the game's
way of playing refuses refused with the engine's reason."""

from __future__ import annotations

import itertools
import math

import pytest
from PySide6.QtGui import QImage

from tests.figures.helpers import MM, assert_inside, texts
from whistgui.app.document import Document
from whistgui.engine import Deal, Player, SuitDeal, WhistError
from whistgui.engine.strategy import PlayLine, play_line, search_line
from whistgui.engine.trick.cards import suit_symbol
from whistgui.figures.backends import write
from whistgui.figures.play import HEADERS, NARROW_TRICK, build_play
from whistgui.figures.scene import Figure, Text
from whistgui.figures.text import ensure_app

DEALS = {
    "(15)": ("KJ/AQ A/K K/A", "whist"),
    "(26)": ("AKQ8/JT97 AQ87/KJT9 AJT7/KQ98 KQ9/AJT", "whist"),
    "one card": ("A/K", "whist"),
    "five-card": ("AQ/K K/AJ", "five-card"),
}
CASES = [(name, w) for name in DEALS for w in (120, 60)]


@pytest.fixture(scope="module", autouse=True)
def _app() -> None:
    ensure_app()


def doc_of(name: str) -> Document:
    text, game = DEALS[name]
    return Document.from_deal(Deal.parse(text), lead=Player.WEST, game=game)


def line_of(name: str) -> PlayLine:
    """The engine's optimal line, asked for directly."""
    text, game = DEALS[name]
    deal = Deal.parse(text)
    if game == "whist":
        return play_line(deal, Player.WEST)
    return search_line(deal, Player.WEST, game)


def symbol_name(name: str) -> str:
    """``H:A`` → ``♥A``."""
    suit, _, rank = name.partition(":")
    return f"{suit_symbol(suit)}{rank}"


def column(fig: Figure, head: str) -> tuple[Text, list[Text]]:
    """A column's header and the body texts that start (or, right-aligned, end) where it does."""
    [h] = [t for t in texts(fig) if t.bold and t.text == head]
    body = [t for t in texts(fig) if not t.bold and t.anchor == h.anchor and t.x == h.x]
    return h, body


def trick_column(fig: Figure) -> list[Text]:
    heads = [t for t in texts(fig) if t.bold and t.text in (HEADERS[0], NARROW_TRICK)]
    assert len(heads) == 1
    return column(fig, heads[0].text)[1]


def cards_shown(fig: Figure) -> list[tuple[str, str]]:
    """``(player, card)`` of every card row, in order: the player's letter starts where the
    Card header does, the card follows on the same baseline. None without a table."""
    if HEADERS[1] not in [t.text for t in texts(fig) if t.bold]:
        return []
    _, letters = column(fig, HEADERS[1])
    out = []
    for letter in letters:
        [card] = [
            t
            for t in texts(fig)
            if t.y == letter.y and letter.x < t.x < letter.x + 3 * t.size and not t.bold
        ]
        out.append((letter.text, card.text))
    return out


@pytest.mark.parametrize(("name", "mm"), CASES)
def test_every_card_of_the_line_in_order_with_who_played_it(name, mm):
    line = line_of(name)
    fig = build_play(doc_of(name), mm * MM)
    assert cards_shown(fig) == [(s.player.value, symbol_name(s.name)) for s in line]
    assert all(any(symbol_name(s.name) == t for t in fig.texts()) for s in line)


@pytest.mark.parametrize(("name", "mm"), CASES)
def test_one_numbered_row_per_trick_and_who_won_it(name, mm):
    line = line_of(name)
    fig = build_play(doc_of(name), mm * MM)
    numbers = trick_column(fig)
    assert [t.text for t in numbers] == [str(k) for k in range(1, line.deal.size + 1)]
    # each number on its trick's lead: the baseline of the trick's first card
    leads = [i for i, s in enumerate(line) if i % 2 == 0]
    _, letters = column(fig, HEADERS[1])
    assert [t.y for t in numbers] == [letters[i].y for i in leads]
    winners = [f"{s.wins.word} wins the trick" for s in line if s.wins is not None]
    assert len(winners) == line.deal.size
    said = [t.text for t in texts(fig) if t.italic]
    assert said == winners  # in order, one line each


@pytest.mark.parametrize(("name", "mm"), CASES)
def test_every_reason_whole_and_the_outcome(name, mm):
    line = line_of(name)
    fig = build_play(doc_of(name), mm * MM)
    joined = " ".join(fig.texts())
    for step in line:
        assert step.reason in joined, step.reason
    final = line.text_lines()[
        -1
    ]  # "West took 2 tricks." / "...; West took the last trick and wins."
    assert joined.endswith(final)


@pytest.mark.parametrize(("name", "mm"), CASES)
def test_the_heading_says_the_deal_the_lead_the_game_and_the_start(name, mm):
    line = line_of(name)
    doc = doc_of(name)
    fig = build_play(doc, mm * MM)
    joined = " ".join(fig.texts())
    for suit, suit_name in zip(doc.deal.suits, doc.deal.names, strict=True):
        assert suit_symbol(suit_name) in fig.texts()
        assert str(suit) in fig.texts()
    assert "West on lead" in joined
    assert ("Two-person whist" if doc.game == "whist" else "Five-card") in joined
    assert line.start_value is not None
    assert line.start_value.pretty() in joined
    should = "West should win" if line.predicted is Player.WEST else "West should take"
    assert should in joined


@pytest.mark.parametrize(("name", "mm"), CASES)
def test_every_text_lies_inside_the_figure_of_the_width_asked(name, mm, tmp_path):
    fig = build_play(doc_of(name), mm * MM)
    assert fig.width == pytest.approx(mm * MM)
    assert_inside(fig)
    left, top, right, bottom = fig.extent()
    assert left >= fig.font_size - 0.01
    assert right <= fig.width - fig.font_size + 0.01
    assert top >= 0
    assert bottom <= fig.height
    image = QImage(str(write(fig, tmp_path / "x.png", dpi=150)))
    assert image.width() == math.ceil(mm * MM * 150 / 72 - 1e-6)  # whole pixels
    assert image.height() == math.ceil(fig.height * 150 / 72 - 1e-6)


@pytest.mark.parametrize("name", list(DEALS))
def test_card_rows_never_overlap(name):
    fig = build_play(doc_of(name), 60 * MM)
    _, letters = column(fig, HEADERS[1])
    _, why = column(fig, HEADERS[2])
    lines = sorted({round(t.y, 3) for t in why})
    gaps = [b - a for a, b in itertools.pairwise(lines)]
    assert min(gaps) >= 1.2 * fig.font_size  # one reason line per baseline
    for a, b in itertools.pairwise(letters):
        assert b.y - a.y >= 1.2 * fig.font_size


@pytest.mark.parametrize(
    ("name", "cards"),
    [(name, n) for name in DEALS for n in (0, 1, 2, 3) if n <= 2 * Deal.parse(DEALS[name][0]).size],
)
def test_cards_shows_exactly_that_many(name, cards):
    line = line_of(name)
    fig = build_play(doc_of(name), 120 * MM, cards=cards)
    shown = line.steps[:cards]
    assert len(shown) == cards
    assert cards_shown(fig) == [(s.player.value, symbol_name(s.name)) for s in shown]
    numbers = [t.text for t in trick_column_or_none(fig)]
    assert numbers == [str(k) for k in sorted({s.trick for s in shown})]
    joined = " ".join(fig.texts())
    assert line.text_lines()[-1] in joined  # where the line goes, said in words
    assert_inside(fig)


def trick_column_or_none(fig: Figure) -> list[Text]:
    heads = [t for t in texts(fig) if t.bold and t.text in (HEADERS[0], NARROW_TRICK)]
    return trick_column(fig) if heads else []


def test_cards_3_of_deal_15_shows_three_cards_and_west_so_far():
    fig = build_play(doc_of("(15)"), 120 * MM, cards=3)
    assert [c for _, c in cards_shown(fig)] == ["♥A", "♥K", "♦K"]
    joined = " ".join(fig.texts())
    assert "After 3 cards of 8, West has 1 trick." in joined
    assert joined.count("wins the trick") == 1


@pytest.mark.parametrize("cards", [-1, 9, 100])
def test_cards_out_of_range_is_refused(cards):
    with pytest.raises(WhistError, match="expected 0 to 8"):
        build_play(doc_of("(15)"), 120 * MM, cards=cards)


def test_an_asymmetric_deal_in_whist_is_refused_with_the_engines_reason():
    doc = Document.from_deal(Deal.parse("AQ/K K/AJ"))
    with pytest.raises(WhistError, match=r"AQ/K.*not symmetric"):
        build_play(doc, 120 * MM)


def test_a_deal_too_big_to_search_is_refused_with_the_engines_reason():
    long = SuitDeal(range(2, 27, 2), range(1, 26, 2))  # 13 cards a hand, numbered
    doc = Document.from_deal(Deal([long, SuitDeal.parse("A/K")]), game="five-card")
    with pytest.raises(WhistError, match="exact search takes at most 13"):
        build_play(doc, 120 * MM)


def test_hands_of_different_sizes_and_no_cards_are_refused():
    with pytest.raises(WhistError, match="both hands need the same number"):
        build_play(Document.from_deal(Deal.parse("AQ/K K/A")), 120 * MM)
    with pytest.raises(WhistError, match="nothing to play"):
        build_play(Document.from_deal(Deal.parse("-/-")), 120 * MM)


def test_the_trick_column_is_headed_hash_only_when_narrow():
    wide = build_play(doc_of("(26)"), 120 * MM)
    narrow = build_play(doc_of("(26)"), 60 * MM)
    assert HEADERS[0] in wide.texts()
    assert NARROW_TRICK not in wide.texts()
    assert NARROW_TRICK in narrow.texts()
    assert HEADERS[0] not in narrow.texts()


def test_a_whole_suit_each_way_is_played_out_in_whist():
    """13 cards a hand, the longest suits a document holds: the figure plays all 13 tricks."""
    long = SuitDeal(range(2, 28, 2), range(1, 27, 2))
    fig = build_play(Document.from_deal(Deal([long])), 120 * MM)
    assert [t.text for t in trick_column(fig)] == [str(k) for k in range(1, 14)]


@pytest.mark.parametrize(("name", "mm"), CASES)
def test_columns_keep_apart(name, mm):
    fig = build_play(doc_of(name), mm * MM)
    why_head, why = column(fig, HEADERS[2])
    numbers = trick_column(fig)
    _, letters = column(fig, HEADERS[1])
    cards = [t for t in texts(fig) if t.text in {c for _, c in cards_shown(fig)}]
    assert max(t.left + t.width for t in numbers) < min(t.left for t in letters)
    assert max(t.left + t.width for t in cards) <= why_head.left - 0.5 * fig.font_size
    assert max(t.left + t.width for t in why) <= fig.width - fig.font_size
