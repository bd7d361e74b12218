"""Figures of four-hand bridge: the deal diagram (every card once, in its player's place; voids
as —; a position's trick in the compass by its players' sides), the double-dummy table (DDS's
numbers, par under it), the views together, every format, and ``whist bridge render``."""

from __future__ import annotations

import random
import struct
from collections import Counter
from pathlib import Path

import pytest

from tests.cli.helpers import run
from tests.figures.helpers import WIDTH, assert_apart, assert_inside, texts
from whistgui.engine import DealError, NotationError
from whistgui.engine.bridge import (
    BridgeCard,
    BridgeDeal,
    BridgePosition,
    Contract,
    PbnBoard,
    Seat,
    Strain,
    Suit,
    write_pbn,
)
from whistgui.engine.trick.cards import rank_text
from whistgui.figures.backends import FORMATS, write
from whistgui.figures.bridge import (
    BRIDGE_VIEWS,
    TABLE_STRAINS,
    BridgeFigureOptions,
    build_bridge_deal,
    build_bridge_figure,
    build_dd_table,
    par_text,
)
from whistgui.figures.deal import RED
from whistgui.figures.scene import Figure, Rect, Text

pytest.importorskip("endplay", reason="the double-dummy solver endplay is not installed")

DEAL = "N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T943.A987.QJ4.K7 5.T62.7653.QT986"
#: Every hand one suit: three voids a hand, and a 13-card suit as wide as a hand gets.
SOLID = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
SYMBOLS = {s.symbol: s for s in Suit}
RANKS = {rank_text(r, style="paper"): r for r in range(2, 15)}


def random_deal(seed: int) -> BridgeDeal:
    cards = [BridgeCard(suit, rank) for suit in Suit for rank in range(2, 15)]
    random.Random(seed).shuffle(cards)
    return BridgeDeal.from_hands({seat: cards[13 * seat : 13 * seat + 13] for seat in Seat})


def compass(fig: Figure) -> Rect:
    (rect,) = [i for i in fig.items if isinstance(i, Rect)]
    return rect


def seat_of(t: Text, box: Rect) -> Seat | None:
    """The player whose place ``t`` is in, by where it lies from the compass; None inside."""
    if t.y < box.y:
        return Seat.N
    if t.y - t.size > box.y + box.h:
        return Seat.S
    if t.left + t.width < box.x:
        return Seat.W
    if t.left > box.x + box.w:
        return Seat.E
    return None


def symbol_before(t: Text, fig: Figure) -> Text | None:
    """The suit symbol nearest left of ``t`` on its baseline."""
    left = [
        s
        for s in texts(fig)
        if s.text in SYMBOLS and abs(s.y - t.y) < 0.01 and s.left + s.width <= t.left + 0.01
    ]
    return max(left, key=lambda s: s.left, default=None)


def cards_shown(fig: Figure) -> tuple[list[tuple[Seat, BridgeCard]], list[tuple[Seat, Suit]]]:
    """Every card the diagram shows with the player it is shown by (the hands' by their
    quadrant, the trick's by its side of the compass), and every void shown."""
    box = compass(fig)
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    cards: list[tuple[Seat, BridgeCard]] = []
    voids: list[tuple[Seat, Suit]] = []
    for t in texts(fig):
        words = t.text.split()
        if not words or not all(w in RANKS or w == "—" for w in words):
            continue
        sym = symbol_before(t, fig)
        if sym is None:
            continue
        suit = SYMBOLS[sym.text]
        seat = seat_of(t, box)
        if seat is None:  # on the table: by its side of the compass's centre
            dx, dy = t.left + t.width / 2 - cx, t.y - t.size / 2 - cy
            if abs(dy) > abs(dx) * box.h / box.w:
                seat = Seat.N if dy < 0 else Seat.S
            else:
                seat = Seat.W if dx < 0 else Seat.E
            assert sym.left + sym.width == pytest.approx(t.left)  # the card in one piece
        if words == ["—"]:
            voids.append((seat, suit))
        else:
            cards += [(seat, BridgeCard(suit, RANKS[w])) for w in words]
    return cards, voids


def dealt(deal: BridgeDeal) -> Counter[tuple[Seat, BridgeCard]]:
    return Counter((seat, card) for seat in Seat for card in deal.hands[seat])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_diagram_shows_each_card_once_in_its_players_place(seed: int) -> None:
    deal = random_deal(seed)
    fig = build_bridge_deal(deal, WIDTH, 9.0)
    cards, voids = cards_shown(fig)
    assert Counter(cards) == dealt(deal)
    assert Counter(voids) == Counter(
        (seat, suit)
        for seat in Seat
        for suit in Suit
        if not any(c.suit is suit for c in deal.hands[seat])
    )
    assert_inside(fig)
    assert_apart(fig)
    assert fig.width == pytest.approx(WIDTH)  # a deal of 13 cards fits 120 mm at 9 pt


def test_voids_are_dashes_and_a_long_suit_widens_the_page_rather_than_being_cut() -> None:
    deal = BridgeDeal.parse(SOLID)
    fig = build_bridge_deal(deal, 200.0, 9.0)
    cards, voids = cards_shown(fig)
    assert Counter(cards) == dealt(deal)
    assert Counter(voids) == Counter(
        (seat, suit) for seat in Seat for suit in Suit if suit.value != 3 - seat.value
    )
    assert fig.width > 200.0
    assert_inside(fig)
    assert_apart(fig)


def test_the_red_suits_are_red_and_the_black_ones_black() -> None:
    fig = build_bridge_deal(BridgeDeal.parse(DEAL), WIDTH)
    colours = {t.text: t.colour for t in texts(fig) if t.text in SYMBOLS}
    assert colours == {"♠": "#000000", "♥": RED, "♦": RED, "♣": "#000000"}


def test_the_boards_facts_stand_in_the_corners() -> None:
    deal = BridgeDeal.parse(DEAL)
    board = PbnBoard.make(
        deal,
        board=7,
        dealer=Seat.S,
        vulnerable="EW",
        contract=Contract.parse("4H"),
        declarer=Seat.N,
    )
    fig = build_bridge_deal(board, WIDTH, title="A heart game")
    words = " ".join(fig.texts())
    for needle in ("A heart game", "Board 7", "Dealer: South", "Vul: E–W", "Declarer: North"):
        assert needle in words
    assert any(t.text == "♥" and t.colour == RED for t in texts(fig) if t.y < compass(fig).y)
    cards, _ = cards_shown(fig)
    assert Counter(cards) == dealt(deal)  # the corners hide no card and add none
    assert_inside(fig)
    assert_apart(fig)
    # the keywords override the board's tags; a bad vulnerability is refused, quoted
    fig = build_bridge_deal(board, WIDTH, dealer=Seat.N, vulnerable="All")
    assert {"Dealer: North", "Vul: Both"} <= set(fig.texts())  # as par says it: (both vul)
    with pytest.raises(NotationError, match="'sideways'"):
        build_bridge_deal(deal, WIDTH, vulnerable="sideways")


def test_a_position_shows_the_cards_held_and_the_trick_by_its_players_sides() -> None:
    deal = BridgeDeal.parse(DEAL)
    pos = BridgePosition.start(deal, Contract.parse("4S"), Seat.S)
    history: list[tuple[Seat, BridgeCard]] = []
    for _ in range(7):  # a trick and three cards of the next
        seat = pos.to_move
        card = pos.legal()[-1]
        history.append((seat, card))
        pos = pos.play(card)
    assert len(pos.trick) == 3
    fig = build_bridge_deal(deal, WIDTH, position=pos)
    cards, _ = cards_shown(fig)
    held = Counter((seat, card) for seat in Seat for card in pos.hands[seat])
    on_table = Counter(history[4:])
    assert Counter(cards) == held + on_table
    ns, ew = pos.tricks
    assert ns + ew == 1
    assert {f"Tricks: NS {ns}, EW {ew}", f"{pos.to_move.word} to play"} <= set(fig.texts())
    (bold,) = [t for t in texts(fig) if t.bold]
    assert bold.text == str(pos.to_move)  # the player to move's letter
    assert_inside(fig)
    assert_apart(fig)
    other = BridgeDeal.parse(SOLID)
    with pytest.raises(DealError, match="in the deal"):
        build_bridge_deal(other, WIDTH, position=pos)


def table_heads(fig: Figure) -> list[Text]:
    """The table's heading: the strains on the top line that has ``NT``."""
    (y,) = {t.y for t in texts(fig) if t.text == "NT"}
    return [t for t in texts(fig) if t.y == y]


def dd_numbers(fig: Figure) -> dict[tuple[Seat, Strain], int]:
    """The table's cells: each row's number under the heading at its x."""
    heads = {t.x: t.text for t in table_heads(fig)}
    strain = {x: Strain.NT if h == "NT" else Strain(SYMBOLS[h].value) for x, h in heads.items()}
    labels = [t for t in texts(fig) if t.text in ("N", "E", "S", "W")]
    out: dict[tuple[Seat, Strain], int] = {}
    for label in labels:
        for t in texts(fig):
            if t.text.isdigit() and abs(t.y - label.y) < 0.01:
                (x,) = [x for x in strain if abs(x - t.x) < 0.01]
                out[Seat.parse(label.text), strain[x]] = int(t.text)
    return out


@pytest.mark.parametrize("seed", [4, 5])
def test_the_table_has_dds_numbers_and_par(seed: int) -> None:
    from whistgui.engine.bridge.dds import dd_table, par

    deal = random_deal(seed)
    table, result = dd_table(deal), par(deal)
    fig = build_dd_table(table, WIDTH, 9.0, par=result)
    assert dd_numbers(fig) == {(seat, st): table[seat, st] for seat in Seat for st in Strain}
    rows = sorted({t.y for t in texts(fig) if t.text in ("N", "E", "S", "W")})
    order = [t.text for y in rows for t in texts(fig) if t.y == y and t.text in "NESW"]
    assert order == ["N", "S", "E", "W"]
    heads = sorted(table_heads(fig), key=lambda t: t.x)
    assert [h.text for h in heads] == [st.symbol for st in TABLE_STRAINS]
    assert {h.text: h.colour for h in heads}["♦"] == RED
    words = "".join(fig.texts())
    assert par_text(result).replace(" ", "") in words.replace(" ", "")
    assert_inside(fig)
    assert_apart(fig)


def test_par_is_said_as_players_write_it() -> None:
    """The contract at the level it is bid, the side declaring and its score (a sacrifice's
    negative), the vulnerability when it is known."""
    from whistgui.engine.bridge.dds import Par

    assert par_text(Par(420, ("4♠N=", "4♠S="))) == "Par: 4♠ N/S +420"
    assert par_text(Par(110, ("1♠N+1", "1♠S+1", "1♥N+1", "1♥S+1"))) == "Par: 2♠ or 2♥ N/S +110"
    assert par_text(Par(500, ("4♠Ex-2", "4♠Wx-2")), "All") == "Par: 4♠x E/W −500 (both vul)"
    assert par_text(Par(0, ())) == "Par: Passed out"


def test_both_is_the_deal_above_the_table_and_an_ending_has_a_table() -> None:
    deal = random_deal(6)
    figs = {view: build_bridge_figure(view, deal) for view in BRIDGE_VIEWS}
    assert figs["both"].height > max(figs["deal"].height, figs["ddtable"].height)
    assert figs["both"].height == float(int(figs["both"].height))  # whole points
    (box,) = [i for i in figs["both"].items if isinstance(i, Rect)]
    heads = [t for t in texts(figs["both"]) if t.text == "NT"]
    assert heads[0].y > box.y + box.h  # the table below the diagram
    assert_inside(figs["both"])
    assert_apart(figs["both"])
    ending = BridgeDeal.parse("N:AK.-.-.- Q.-.K.- -.A.Q.- -.-.A.K")
    fig = build_bridge_figure("ddtable", ending, BridgeFigureOptions(font_size=10))
    assert "2-card ending; declarer's left-hand opponent leads" in fig.texts()
    assert not any(t.startswith("Par") for t in fig.texts())  # par is for a full deal
    with pytest.raises(NotationError, match="'hands'"):
        build_bridge_figure("hands", deal)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = struct.unpack(">II", data[16:24])
    return w, h


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_writes_a_file(tmp_path: Path, fmt: str) -> None:
    fig = build_bridge_figure("both", BridgeDeal.parse(DEAL))
    path = write(fig, tmp_path / f"board.{fmt}", dpi=144)
    assert path.stat().st_size > 500
    if fmt == "png":
        assert png_size(path)[0] == round(fig.width * 2)  # 144 dpi: two pixels a point
    if fmt in ("svg", "tex"):
        assert "10" in path.read_text(encoding="utf-8")


# -- whist bridge render ---------------------------------------------------------------------
PBN = write_pbn(
    [
        PbnBoard.make(BridgeDeal.parse(DEAL), board=1, dealer=Seat.N, vulnerable="None"),
        PbnBoard.make(
            random_deal(7),
            board=2,
            dealer=Seat.E,
            vulnerable="All",
            contract=Contract.parse("3NT"),
            declarer=Seat.W,
        ),
    ]
)


def test_render_draws_a_board_of_a_pbn_file(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pbn = tmp_path / "two.pbn"
    pbn.write_text(PBN, encoding="utf-8")
    out = tmp_path / "board2.svg"
    code, stdout, err = run(capsys, "bridge", "render", str(pbn), "--board", "2", "-o", str(out))
    assert code == 0, err
    assert stdout.strip() == str(out)
    svg = out.read_text(encoding="utf-8")
    for needle in ("Board 2", "Dealer: East", "Declarer: West", "Par: "):
        assert needle in svg
    out = tmp_path / "deal.png"
    code, _, err = run(
        capsys,
        "bridge",
        "render",
        DEAL,
        "--view",
        "deal",
        "-o",
        str(out),
        "--dpi",
        "72",
        "--width",
        "100mm",
    )
    assert code == 0, err
    assert png_size(out)[0] == round(100 * 72 / 25.4)
    out = tmp_path / "table.pdf"
    code, _, err = run(
        capsys, "bridge", "render", "-", "--view", "ddtable", "-o", str(out), stdin=PBN
    )
    assert code == 0, err
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["N:AKQ.-.-.- JT9.-.-.-"], "'N:AKQ.-.-.- JT9.-.-.-'"),
        (["FILE", "--board", "3"], "--board 3"),
        (["FILE", "--board", "0"], "has 2 boards"),
        ([DEAL, "--view", "hands"], "'hands'"),
        ([DEAL, "--width", "wide"], "'wide'"),
        ([DEAL, "--format", "gif"], "invalid choice"),
    ],
)
def test_render_refuses_bad_input_quoting_it(capsys, tmp_path, args, needle) -> None:  # type: ignore[no-untyped-def]
    pbn = tmp_path / "two.pbn"
    pbn.write_text(PBN, encoding="utf-8")
    args = [str(pbn) if a == "FILE" else a for a in args]
    out = tmp_path / "x.png"
    try:
        code, _, err = run(capsys, "bridge", "render", *args, "-o", str(out))
    except SystemExit as exc:  # argparse's own refusals
        code, err = int(exc.code or 0), capsys.readouterr().err
    assert code == 2
    assert needle in err
    assert "Traceback" not in err
    assert not out.exists()


def test_a_point_of_the_play_says_its_table_and_par_are_the_whole_deals() -> None:
    """The diagram of a position mid-play with the deal's double-dummy table and par under it
    (a reviewer read them as the position's): the table says it is the deal's start's."""
    deal = BridgeDeal.parse(DEAL)
    start = BridgePosition.start(deal, Contract.parse("4S"), Seat.S)
    said = "Double dummy at the start of the deal, before the opening lead"
    assert said not in " ".join(build_bridge_figure("both", deal, position=start).texts())
    pos = start.play(start.legal()[0])
    assert said in " ".join(build_bridge_figure("both", deal, position=pos).texts())
    assert said not in " ".join(build_bridge_figure("both", deal).texts())
