"""Documents and .whist files: decks, edits, the JSON format, atomic saving, load errors."""

from __future__ import annotations

import dataclasses
import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.engine.strategies import asymmetric_deals, symmetric_deals
from whistgui.app import document
from whistgui.app.document import (
    DOCUMENT_VERSION,
    FILE_SUFFIX,
    STANDARD_DECK,
    Document,
    DocumentError,
    SuitDeck,
    WrittenFor,
    load,
    random_document,
    save,
)
from whistgui.engine import Deal, NotationError, Player, SuitDeal, WhistError
from whistgui.engine.reading import quote

# --------------------------------------------------------------------------- strategies
hand_sizes = st.integers(1, 13)


@st.composite
def random_args(draw: st.DrawFn) -> tuple[int, int | list[int], int]:
    suits = draw(st.integers(1, 8))
    per_hand: int | list[int] = draw(
        st.one_of(hand_sizes, st.lists(hand_sizes, min_size=suits, max_size=suits))
    )
    return suits, per_hand, draw(st.integers(0, 2**64))


texts = st.text(st.characters(blacklist_categories=["Cs"]), max_size=30)
#: Suit names: those the notation writes (a document takes no others).
suit_names = st.one_of(
    st.sampled_from(["S", "H", "D", "C"]),
    st.integers(5, 10**9 - 1).map(str),
)


@st.composite
def documents(draw: st.DrawFn) -> Document:
    """Documents of every sort the app makes: random, symmetric, half-built, renamed, empty."""
    kind = draw(st.sampled_from(["random", "symmetric", "asymmetric", "new"]))
    if kind == "random":
        doc = random_document(*draw(random_args()))
    elif kind == "new":
        doc = Document.new(draw(st.integers(0, 8)))
    else:
        deal = draw(symmetric_deals(max_cards=13) if kind == "symmetric" else asymmetric_deals())
        doc = Document.from_deal(deal)
    if draw(st.booleans()):
        n = len(doc.deal.suits)
        names = draw(st.lists(suit_names, min_size=n, max_size=n, unique=True))
        doc = doc.with_deal(Deal(doc.deal.suits, names))
    about = draw(st.sampled_from([None, WrittenFor(doc.deal), WrittenFor(doc.deal, "five-card")]))
    return Document(
        doc.deal,
        doc.decks,
        draw(st.sampled_from(Player)),
        draw(texts),
        draw(texts),
        written_for=about,
    )


def _doc(text: str, **kw: Any) -> Document:
    return Document.from_deal(Deal.parse(text), **kw)


# --------------------------------------------------------------------------- decks
@pytest.mark.parametrize(
    ("deck", "ranks"),
    [
        (STANDARD_DECK, tuple(range(14, 1, -1))),
        (SuitDeck("standard", 6), (14, 13, 12, 11, 10, 9)),
        (SuitDeck("standard", 1), (14,)),
        (SuitDeck("abstract", 8), (8, 7, 6, 5, 4, 3, 2, 1)),
        (SuitDeck("abstract", 26), tuple(range(26, 0, -1))),
        (SuitDeck("abstract", 1), (1,)),
    ],
)
def test_deck_ranks(deck: SuitDeck, ranks: tuple[int, ...]):
    assert deck.ranks == ranks
    assert all(r in deck for r in ranks)
    assert min(ranks) - 1 not in deck
    assert max(ranks) + 1 not in deck


def test_deck_membership_takes_only_integers():
    deck = SuitDeck("standard", 6)
    assert 9 in deck
    assert 8 not in deck
    assert "A" not in deck
    assert 14.0 not in deck
    assert True not in SuitDeck("abstract", 3)
    assert None not in deck


@pytest.mark.parametrize(
    ("kind", "size"),
    [
        ("standard", 0),
        ("standard", 14),
        ("abstract", 0),
        ("abstract", 27),
        ("standard", -3),
        ("standard", True),
        ("standard", 13.0),
        ("joker", 5),
    ],
)
def test_bad_decks_are_refused(kind: Any, size: Any):
    with pytest.raises(DocumentError, match="expected") as info:
        SuitDeck(kind, size)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, WhistError)


@pytest.mark.parametrize(
    ("suit", "at_least", "fit"),
    [
        ("AQ/KJ", None, SuitDeck("standard", 4)),
        ("AQ/T9", None, SuitDeck("standard", 6)),
        ("AQ/T9", STANDARD_DECK, STANDARD_DECK),
        ("AQ/T9", SuitDeck("standard", 4), SuitDeck("standard", 6)),
        ("AQ/T9", SuitDeck("standard", 8), SuitDeck("standard", 8)),
        ("A2/-", None, STANDARD_DECK),
        ("-/-", None, SuitDeck("standard", 1)),
        ("-/-", SuitDeck("standard", 5), SuitDeck("standard", 5)),
        ("-/-", SuitDeck("abstract", 5), SuitDeck("abstract", 5)),
        ("[1 3, 2 4]", None, SuitDeck("abstract", 4)),
        ("[1 3, 2 4]", STANDARD_DECK, SuitDeck("abstract", 4)),
        ("[1 3, 2 4]", SuitDeck("abstract", 10), SuitDeck("abstract", 10)),
        ("[15 1, 2 3]", STANDARD_DECK, SuitDeck("abstract", 15)),
        ("[20, 2]", None, SuitDeck("abstract", 20)),
        ("AK/QJ", SuitDeck("abstract", 6), SuitDeck("abstract", 14)),
        ("54/32", SuitDeck("abstract", 8), SuitDeck("abstract", 8)),
        ("[26, 1]", None, SuitDeck("abstract", 26)),
    ],
)
def test_fitting(suit: str, at_least: SuitDeck | None, fit: SuitDeck):
    assert SuitDeck.fitting(SuitDeal.parse(suit), at_least) == fit


def test_fitting_refuses_more_than_26_cards():
    with pytest.raises(DocumentError, match="at most 26 cards"):
        SuitDeck.fitting(SuitDeal.parse("[27, 1]"))


@given(
    st.lists(st.integers(1, 26), unique=True, max_size=26),
    st.none()
    | st.builds(SuitDeck, st.just("standard"), st.integers(1, 13))
    | st.builds(SuitDeck, st.just("abstract"), st.integers(1, 26)),
)
def test_fitting_is_the_smallest_deck_that_holds_the_suit(
    ranks: list[int], at_least: SuitDeck | None
):
    suit = SuitDeal(ranks[::2], ranks[1::2])
    deck = SuitDeck.fitting(suit, at_least)
    assert all(r in deck for r in ranks)
    if at_least is not None and deck.kind == at_least.kind:
        assert deck.size >= at_least.size
    if at_least is not None and at_least.kind == "abstract":
        assert deck.kind == "abstract"
    if deck.size > 1 and (
        at_least is None or deck.size > at_least.size or deck.kind != at_least.kind
    ):
        smaller = SuitDeck(deck.kind, deck.size - 1)
        assert not all(r in smaller for r in ranks)


# --------------------------------------------------------------------------- documents
def test_new_document():
    doc = Document.new()
    assert doc.deal.names == ("S", "H", "D", "C")
    assert all(s.is_empty for s in doc.deal.suits)
    assert doc.decks == (STANDARD_DECK,) * 4
    assert (doc.lead, doc.title, doc.note) == (Player.WEST, "", "")
    assert Document.new(6).deal.names == ("S", "H", "D", "C", "5", "6")
    assert Document.new(0).deal == Deal(())
    with pytest.raises(ValueError, match="suits"):
        Document.new(-1)


def test_from_deal_gives_standard_suits_13_cards_and_abstract_suits_their_own_deck():
    deal = Deal.parse("[A Q, K J] + [13 12 9 8 7 2 1, 14 11 10 6 5 4 3] + [, ]")
    doc = Document.from_deal(deal, Player.EAST, "t", "n")
    assert doc.decks == (STANDARD_DECK, SuitDeck("abstract", 14), STANDARD_DECK)
    assert (doc.lead, doc.title, doc.note) == (Player.EAST, "t", "n")
    given_decks = [SuitDeck("standard", 4), SuitDeck("abstract", 20), SuitDeck("abstract", 1)]
    assert Document.from_deal(deal, decks=given_decks).decks == tuple(given_decks)


def test_a_document_needs_one_deck_per_suit():
    with pytest.raises(ValueError, match="2 suits but 1 decks"):
        Document(Deal.parse("A/K Q/J"), (STANDARD_DECK,))


def test_every_dealt_card_lies_in_its_deck():
    with pytest.raises(DocumentError) as info:
        Document(Deal.parse("AK/Q2"), (SuitDeck("standard", 6),))
    assert str(info.value) == "S:2 is dealt but a 6-card deck holds A K Q J T 9"
    with pytest.raises(DocumentError, match=r"H:10, H:9 are dealt but an 8-card abstract deck"):
        Document(Deal.parse("[A, K] + [10 9, 2]"), (STANDARD_DECK, SuitDeck("abstract", 8)))


def test_pool():
    doc = _doc("AQ/KJ K/- -/-")
    assert doc.pool(0) == (10, 9, 8, 7, 6, 5, 4, 3, 2)
    assert doc.pool(1) == (14, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2)
    assert doc.pool(2) == STANDARD_DECK.ranks
    small = doc.with_deck(0, SuitDeck("standard", 5))
    assert small.pool(0) == (10,)
    abstract = Document.from_deal(Deal.parse("[5 1, 3]"))
    assert abstract.pool(0) == (4, 2)
    with pytest.raises(IndexError):
        doc.pool(3)


@given(documents())
def test_pool_and_hands_partition_the_deck(doc: Document):
    for i, (suit, deck) in enumerate(zip(doc.deal.suits, doc.decks, strict=True)):
        pool = doc.pool(i)
        assert list(pool) == sorted(pool, reverse=True)
        assert sorted(pool + suit.west + suit.east) == sorted(deck.ranks)


def test_with_deal_keeps_what_fits_and_widens_the_rest():
    doc = Document(
        Deal.parse("AQ/KJ A/K A/-"),
        (SuitDeck("standard", 4), SuitDeck("standard", 2), SuitDeck("abstract", 20)),
        Player.EAST,
        "title",
        "note",
    )
    new = doc.with_deal(Deal.parse("[A K, Q 10] + [A, K] + [20 1, 2] + [2, 3]"))
    assert new.decks == (
        SuitDeck("standard", 5),  # T needs a 5-card deck
        SuitDeck("standard", 2),  # still fits
        SuitDeck("abstract", 20),  # still fits
        STANDARD_DECK,  # a new suit
    )
    assert (new.lead, new.title, new.note) == (Player.EAST, "title", "note")
    fewer = new.with_deal(Deal.parse("AK/QT"))
    assert fewer.decks == (SuitDeck("standard", 5),)
    forced = doc.with_deal(Deal.parse("[14 1, 13] + [A, K] + [A, ]"))
    assert forced.decks[0] == SuitDeck("abstract", 14)
    new_abstract = doc.with_deal(Deal.parse("[A Q, K J] + [A, K] + [A, ] + [1, 2]"))
    assert new_abstract.decks[3] == SuitDeck("abstract", 2)


def test_with_new_deal_fits_the_deck_of_each_suit_that_changed():
    long = SuitDeal.from_pattern("WE" * 8)  # ranks 1 … 16
    doc = Document.from_deal(Deal([long, SuitDeal.parse("[1 3, 2 4]")]))
    assert doc.decks == (SuitDeck("abstract", 16), SuitDeck("abstract", 4))
    # letters go back to the 13-card deck; a numbered suit gets the smallest numbered deck
    new = doc.with_new_deal(Deal.parse("[K Q 10 8, A J 9 7] + [7 1, 2 3]"))
    assert new.decks == (STANDARD_DECK, SuitDeck("abstract", 7))
    assert doc.with_deal(Deal.parse("[K Q 10 8, A J 9 7] + [7 1, 2 3]")).decks == (
        SuitDeck("abstract", 16),  # with_deal (cards moved) keeps what fits
        SuitDeck("abstract", 7),
    )
    seven = doc.with_new_deal(Deal([SuitDeal.from_pattern("WE" * 7), SuitDeal((), ())]))
    assert seven.decks == (SuitDeck("abstract", 14), STANDARD_DECK)
    # an unchanged suit keeps its deck, a standard deck that fits stays, a new suit is standard
    chosen = Document(Deal.parse("AQ/KJ K/A"), (SuitDeck("abstract", 20), SuitDeck("standard", 5)))
    assert chosen.with_new_deal(Deal.parse("AQ/KJ Q/A 2/3")).decks == (
        SuitDeck("abstract", 20),
        SuitDeck("standard", 5),
        STANDARD_DECK,
    )
    assert chosen.with_new_deal(Deal.parse("AQ/KJ 9/A")).decks[1] == SuitDeck("standard", 6)


def test_with_deal_refuses_a_suit_longer_than_26_cards():
    with pytest.raises(DocumentError, match="at most 26"):
        Document.new(1).with_deal(Deal.parse("[30, 1]"))


def test_with_deck():
    doc = _doc("AK/Q2 A/K")
    narrowed = doc.with_deal(Deal.parse("AK/QJ A/K")).with_deck(0, SuitDeck("standard", 4))
    assert narrowed.decks == (SuitDeck("standard", 4), STANDARD_DECK)
    with pytest.raises(DocumentError) as info:
        doc.with_deck(0, SuitDeck("standard", 6))
    assert "S:2 is dealt but a 6-card deck holds A K Q J T 9" in str(info.value)
    assert doc.with_deck(1, SuitDeck("abstract", 14)).decks[1] == SuitDeck("abstract", 14)
    with pytest.raises(DocumentError, match=r"H:K is dealt but a 1-card deck holds A"):
        doc.with_deck(1, SuitDeck("standard", 1))
    with pytest.raises(IndexError):
        doc.with_deck(2, STANDARD_DECK)
    with pytest.raises(IndexError):
        doc.with_deck(-1, STANDARD_DECK)


# --------------------------------------------------------------------------- JSON
def test_to_json_layout():
    doc = _doc("AQ/KJ K/A", lead=Player.EAST, title="Two suits", note="from §7")
    assert doc.to_json() == {
        "format": "whistgui",
        "version": DOCUMENT_VERSION,
        "deal": "AQ/KJ K/A",
        "suits": [
            {"name": "S", "deck": {"kind": "standard", "size": 13}},
            {"name": "H", "deck": {"kind": "standard", "size": 13}},
        ],
        "lead": "E",
        "title": "Two suits",
        "note": "from §7",
        "game": "whist",
        "written_for": {"deal": "AQ/KJ K/A", "game": "whist"},
    }
    assert json.loads(json.dumps(doc.to_json())) == doc.to_json()
    assert "written_for" not in _doc("AQ/KJ K/A").to_json()  # no title, no note: nothing


# --------------------------------------------------------------------------- write-ups
def test_a_write_up_describes_the_deal_and_game_it_was_written_for():
    doc = _doc("KQ/AJ A/K", title="(15) Elimination", note="Having the lead is an advantage.")
    assert doc.written_for == WrittenFor(Deal.parse("KQ/AJ A/K"), "whist")
    assert doc.write_up_changed() == ""
    moved = doc.with_deal(Deal.parse("KQ/AJ -/AK"))
    assert moved.title == doc.title
    assert moved.note == doc.note
    assert moved.write_up_changed() == "the deal"
    other = dataclasses.replace(doc, game="five-card")
    assert other.write_up_changed() == "the game"
    assert dataclasses.replace(moved, game="five-card").write_up_changed() == (
        "the deal and the game"
    )
    # moving the card back is the deal the write-up describes again
    assert moved.with_deal(doc.deal).write_up_changed() == ""
    # a title and note written now describe the deal as it is
    mine = other.with_write_up("My deal", "in five-card")
    assert mine.write_up_changed() == ""
    assert mine.written_for.game == "five-card"
    # no title and no note: nothing is written, for any deal
    assert dataclasses.replace(moved, title="", note="").written_for is None


def test_a_random_deals_seed_holds_in_every_game_but_not_for_another_deal():
    doc = random_document(2, 3, seed=7)
    assert doc.written_for == WrittenFor(doc.deal)
    assert dataclasses.replace(doc, game="greedy-whist").write_up_changed() == ""
    first = doc.deal.suits[0]
    card = first.west[0]
    moved = doc.with_deal(Deal([SuitDeal(first.west[1:], (*first.east, card)), doc.deal.suits[1]]))
    assert moved.write_up_changed() == "the deal"


def test_a_file_keeps_what_the_write_up_describes(tmp_path: Path):
    doc = _doc("AQ/KJ K/A", title="(9)", note="A note").with_deal(Deal.parse("AQ/KJ -/AK"))
    save(doc, tmp_path / "d.whist")
    again = load(tmp_path / "d.whist")
    assert again == doc
    assert again.write_up_changed() == "the deal"
    data = doc.to_json()
    del data["written_for"]  # a file of an older whistgui: the write-up describes its deal
    older = Document.from_json(data)
    assert older.written_for is None
    assert older.write_up_changed() == ""


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("AQ/KJ", '"written_for" should be an object like {"deal": "AQ/KJ K/A"'),
        (12, "found the number 12"),
        ({}, '"written_for" needs a "deal", the deal as text, found none'),
        ({"deal": 5}, '"written_for" needs a "deal", the deal as text, found the number 5'),
        ({"deal": "AX/K"}, "\"written_for\": the deal 'AX/K': "),
        ({"deal": "A/K", "game": 7}, '"game" should be a game\'s name or null, found the number 7'),
        ({"deal": "A/K", "game": "chess"}, "chess"),
        ({"deal": "A/K\ud800"}, "lone surrogate"),
    ],
)
def test_a_bad_written_for_is_refused_and_quoted(tmp_path: Path, value: Any, expected: str):
    data = _doc("AQ/KJ K/A", title="t").to_json()
    data["written_for"] = value
    message = _load_error(_write(tmp_path, data))
    assert expected in message
    assert "bad.whist" in message


@pytest.mark.parametrize(
    ("doc", "text"),
    [
        (Document.new(), "-/- -/- -/- -/-"),
        (Document.new(0), "0"),
        (_doc("AK/- -/QJ"), "AK/- -/QJ"),
        (_doc("H:A/K S:AQ/KJ"), "H:A/K S:AQ/KJ"),
        (_doc("[13 12 9 8 7 2 1, 14 11 10 6 5 4 3]"), "[13 12 9 8 7 2 1, 14 11 10 6 5 4 3]"),
        (_doc("D:[3 1, 2] + S:[A Q, K J]"), "D:[3 1, 2] + S:[A Q, K J]"),
        (Document.new(2).with_deal(Deal([SuitDeal((), ())] * 2, ["C", "D"])), "C:-/- D:-/-"),
    ],
)
def test_json_round_trip_examples(doc: Document, text: str):
    data = doc.to_json()
    assert data["deal"] == text
    assert Document.from_json(data) == doc


@pytest.mark.parametrize(
    "name", ["North", "1", "s", "x", "H:", "S\nH", "05", "0", "\ud800", "9" * 5000]
)
def test_a_document_takes_only_the_suit_names_the_notation_writes(name: str):
    deal = Deal([SuitDeal([14], [13]), SuitDeal([], [])], ["H", name])
    shown = quote(name)
    with pytest.raises(DocumentError, match="expected S, H, D, C") as err:
        Document.from_deal(deal)
    assert f"the suit name {shown}" in str(err.value)


@pytest.mark.parametrize(("name", "read"), [("s", "S"), ("♥", "H"), ("1", "S"), (" D ", "D")])
def test_a_file_may_name_a_suit_as_the_notation_reads_it(name: str, read: str):
    data = _doc("A/K").to_json()
    data["suits"][0]["name"] = name
    assert Document.from_json(data).deal.names == (read,)


@given(documents())
def test_json_round_trip(doc: Document):
    data = doc.to_json()
    assert Document.from_json(json.loads(json.dumps(data))) == doc


@given(random_args())
def test_random_document_json_round_trip(args: tuple[int, int | list[int], int]):
    doc = random_document(*args)
    assert Document.from_json(doc.to_json()) == doc


def test_from_json_takes_names_from_the_suit_list_when_the_text_has_none():
    data = _doc("AQ/KJ K/A").to_json()
    data["suits"][0]["name"], data["suits"][1]["name"] = "D", "C"
    assert Document.from_json(data).deal == Deal.parse("D:AQ/KJ C:K/A")


def test_from_json_defaults_lead_title_and_note():
    data = _doc("A/K", lead=Player.EAST, title="x", note="y").to_json()
    for key in ("lead", "title", "note"):
        del data[key]
    assert Document.from_json(data) == _doc("A/K")


# --------------------------------------------------------------------------- files
@given(doc=documents())
def test_save_load_round_trip(doc: Document, tmp_path_factory: pytest.TempPathFactory):
    path = tmp_path_factory.mktemp("docs") / f"deal{FILE_SUFFIX}"
    save(doc, path)
    assert load(path) == doc
    assert load(str(path)) == doc
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n")
    assert json.loads(text) == doc.to_json()
    assert os.listdir(path.parent) == [path.name]


@given(random_args())
def test_random_document_save_load_round_trip(
    tmp_path_factory: pytest.TempPathFactory, args: tuple[int, int | list[int], int]
):
    path = tmp_path_factory.mktemp("random") / "r.whist"
    doc = random_document(*args)
    save(doc, path)
    assert load(path) == doc


def test_save_replaces_an_existing_file(tmp_path: Path):
    path = tmp_path / "d.whist"
    save(_doc("A/K", title="old"), path)
    save(_doc("AQ/KJ", title="new"), path)
    assert load(path) == _doc("AQ/KJ", title="new")
    assert sorted(os.listdir(tmp_path)) == ["d.whist"]


def test_save_writes_utf8(tmp_path: Path):
    path = tmp_path / "d.whist"
    save(_doc("A/K", title="♠ Wästlund", note="ε\nline two"), path)
    assert "♠ Wästlund" in path.read_text(encoding="utf-8")
    assert load(path).note == "ε\nline two"


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_failed_save_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
):
    path = tmp_path / "d.whist"
    save(_doc("A/K", title="old"), path)
    before = path.read_bytes()

    def boom(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, boom)
    with pytest.raises(DocumentError) as info:
        save(_doc("AQ/KJ", title="new"), path)
    monkeypatch.undo()
    assert repr(str(path)) in str(info.value)
    assert "No space left on device" in str(info.value)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["d.whist"]


def test_a_save_interrupted_by_any_exception_removes_its_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    path = tmp_path / "d.whist"
    save(_doc("A/K"), path)
    before = path.read_bytes()

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save(_doc("K/A"), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["d.whist"]


def test_save_into_a_missing_folder_names_the_path(tmp_path: Path):
    path = tmp_path / "nowhere" / "d.whist"
    with pytest.raises(DocumentError, match="could not be saved") as info:
        save(Document.new(), path)
    assert repr(str(path)) in str(info.value)
    assert not path.parent.exists()


def test_save_over_a_folder_fails_and_cleans_up(tmp_path: Path):
    (tmp_path / "d.whist").mkdir()
    with pytest.raises(DocumentError, match="could not be saved"):
        save(Document.new(), tmp_path / "d.whist")
    assert os.listdir(tmp_path) == ["d.whist"]
    assert (tmp_path / "d.whist").is_dir()


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions and symlinks")
def test_save_keeps_permissions_and_symlinks(tmp_path: Path):
    real = tmp_path / "real.whist"
    save(Document.new(), real)
    real.chmod(0o640)
    link = tmp_path / "link.whist"
    link.symlink_to(real)
    save(_doc("A/K"), link)
    assert link.is_symlink()
    assert load(real) == _doc("A/K")
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert sorted(os.listdir(tmp_path)) == ["link.whist", "real.whist"]


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="needs Linux /proc")
@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002])
def test_a_new_file_gets_the_mode_the_umask_asks_for(tmp_path: Path, umask: int):
    old = os.umask(umask)
    try:
        save(Document.new(), tmp_path / "d.whist")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "d.whist").stat().st_mode) == 0o666 & ~umask


def test_a_document_checks_its_field_types():
    with pytest.raises(TypeError, match="lead is 'W'; expected a Player"):
        Document(Deal(()), (), "W")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="deal is 'A/K'; expected a Deal"):
        Document("A/K", (STANDARD_DECK,))  # type: ignore[arg-type]
    with pytest.raises(DocumentError, match="expected a SuitDeck"):
        Document(Deal.parse("A/K"), ("standard",))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- load errors
def _write(tmp_path: Path, content: str | bytes | dict[str, Any] | list[Any]) -> Path:
    path = tmp_path / "bad.whist"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_text(json.dumps(content), encoding="utf-8")
    return path


def _load_error(path: Path) -> str:
    with pytest.raises(DocumentError) as info:
        load(path)
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert repr(str(path)) in message
    return message


def test_load_a_missing_file(tmp_path: Path):
    assert "does not exist; expected a whistgui file" in _load_error(tmp_path / "none.whist")


def test_load_a_folder(tmp_path: Path):
    folder = tmp_path / "dir.whist"
    folder.mkdir()
    assert "is a folder; expected a whistgui file" in _load_error(folder)


def test_load_an_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = _write(tmp_path, Document.new().to_json())

    def denied(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(document.os, "open", denied)
    assert "cannot be read: Permission denied" in _load_error(path)


def test_load_refuses_a_device_at_once(tmp_path: Path):
    """A .whist name linked to /dev/zero was read until memory ran out (issue 16's review)."""
    link = tmp_path / "z.whist"
    link.symlink_to("/dev/zero")
    message = _load_error(link)
    assert "is not a regular file (a device, a pipe or a socket); expected a whistgui file" in (
        message
    )


def test_load_refuses_a_pipe_without_waiting_for_a_writer(tmp_path: Path):
    """Opening a FIFO for reading waits for a writer: load() of one never returned."""
    fifo = tmp_path / "x.whist"
    os.mkfifo(fifo)
    assert "is not a regular file" in _load_error(fifo)


def test_read_file_refuses_a_file_over_the_limit(tmp_path: Path):
    path = tmp_path / "big.whist"
    path.write_bytes(b" " * 101)
    with pytest.raises(DocumentError) as info:
        document.read_file(path, "a whistgui file", 100)
    assert str(info.value) == (
        f"{str(path)!r} holds 101 bytes; expected a whistgui file of at most 100 bytes"
    )
    assert document.read_file(path, "a whistgui file", 101) == b" " * 101


def test_load_text_that_is_not_utf8(tmp_path: Path):
    path = _write(tmp_path, b'{"format": "whistgui", "title": "W\xe4stlund"}')
    message = _load_error(path)
    assert "is not a whistgui file: not UTF-8 text (byte 0xe4 at offset 34)" in message


def test_load_accepts_a_byte_order_mark(tmp_path: Path):
    doc = _doc("A/K")
    path = _write(tmp_path, b"\xef\xbb\xbf" + json.dumps(doc.to_json()).encode())
    assert load(path) == doc


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("", "line 1 column 1"),
        ("AQ/KJ K/A", "line 1 column 1"),
        ('{\n  "format": "whistgui",\n  "version": 1,,\n}', "line 3 column 16"),
        ('{"format": "whistgui"', "line 1 column 22"),
    ],
)
def test_load_text_that_is_not_json(tmp_path: Path, text: str, where: str):
    message = _load_error(_write(tmp_path, text))
    assert f"is not a whistgui file: invalid JSON at {where}" in message


def test_load_deeply_nested_json(tmp_path: Path):
    assert "nested too deeply" in _load_error(_write(tmp_path, "[" * 100_000 + "]" * 100_000))


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ([1, 2], "is not a whistgui file: expected a JSON object, found a list"),
        ("42", "is not a whistgui file: expected a JSON object, found the number 42"),
        ({}, 'is not a whistgui file: expected "format": "whistgui", found no "format" key'),
        (
            {"format": "whist", "version": 1},
            """expected "format": "whistgui", found the string 'whist'""",
        ),
    ],
)
def test_load_something_else(tmp_path: Path, content: Any, expected: str):
    assert expected in _load_error(_write(tmp_path, content))


def test_load_a_file_from_a_newer_version(tmp_path: Path):
    data = Document.new().to_json()
    data["version"] = DOCUMENT_VERSION + 1
    data["deal"] = "something this version cannot read"
    message = _load_error(_write(tmp_path, data))
    assert message == (
        f"{str(tmp_path / 'bad.whist')!r} was written by a newer whistgui (file version "
        f"{DOCUMENT_VERSION + 1}); this version reads version {DOCUMENT_VERSION}"
    )


def _edit(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = _doc("AQ/KJ K/A").to_json()
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


_DELETE = object()


@pytest.mark.parametrize(
    ("path", "value", "expected"),
    [
        (("version",), _DELETE, 'expected "version" to be a positive integer, found none'),
        (("version",), "1", "expected \"version\" to be a positive integer, found the string '1'"),
        (("version",), 0, 'expected "version" to be a positive integer, found the number 0'),
        (("version",), True, 'expected "version" to be a positive integer, found true'),
        (("version",), 1.0, 'expected "version" to be a positive integer, found the number 1.0'),
        (("deal",), _DELETE, 'the key "deal" is missing; expected the deal as text, like \'AQ/KJ'),
        (("deal",), 3, "\"deal\" should be the deal as text, like 'AQ/KJ K/A', found the number 3"),
        (("suits",), _DELETE, 'the key "suits" is missing; expected a list of suits'),
        (("suits",), {"name": "S"}, '"suits" should be a list of suits like'),
        (("lead",), None, "\"lead\" should be 'W' or 'E', found null"),
        (("lead",), "N", "\"lead\": 'N' is not a player; expected W (West) or E (East)"),
        (("title",), ["x"], '"title" should be a string, found a list'),
        (("note",), False, '"note" should be a string, found false'),
        (("suits", 1), "H", 'suit 2 of "suits" should be an object like {"name": "S"'),
        (("suits", 0, "name"), _DELETE, 'suit 1 of "suits" needs a "name", a suit name like "S"'),
        (("suits", 0, "name"), "", 'suit 1 of "suits" needs a "name"'),
        (("suits", 0, "name"), 5, 'needs a "name", a suit name like "S", found the number 5'),
        (("suits", 0, "deck"), _DELETE, 'needs a "deck" like {"kind": "standard", "size": 13}'),
        (("suits", 0, "deck"), 13, 'needs a "deck" like {"kind": "standard", "size": 13}'),
        (
            ("suits", 0, "deck", "kind"),
            "tarot",
            'the deck\'s "kind" should be "standard" or "abstract", found the string \'tarot\'',
        ),
        (("suits", 0, "deck", "kind"), _DELETE, 'the deck\'s "kind" should be'),
        (("suits", 0, "deck", "size"), "13", 'the deck\'s "size" should be a whole number'),
        (("suits", 0, "deck", "size"), _DELETE, 'the deck\'s "size" should be a whole number'),
        (
            ("suits", 0, "deck", "size"),
            14,
            'suit 1 of "suits": a standard deck of 14 cards cannot exist; expected 1 to 13',
        ),
        (("suits", 0, "deck", "size"), 3, "S:J is dealt but a 3-card deck holds A K Q"),
        (("suits", 1, "name"), "S", "suits 1 and 2 of \"suits\" are both named 'S'"),
        (
            ("suits", 1, "name"),
            "s",
            "suit 2 of \"suits\" is named 's', the suit 'S' like suit 1 ('S'); expected "
            "each suit named once",
        ),
        (("suits", 1, "name"), "x", "suit 2 of \"suits\": the suit name 'x' is not one"),
        (("suits", 1, "name"), "H:", "the suit name 'H:' is not one; expected S, H, D, C"),
        (("suits", 1, "name"), "S\nH", "the suit name 'S\\nH' is not one"),
        (("suits", 1, "name"), "\ud800", "the suit name '\\ud800' is not one"),
        (("title",), "a\ud800", "\"title\" holds '\\ud800' at position 1, a lone surrogate"),
        (("note",), "\udfff", "\"note\" holds '\\udfff' at position 0, a lone surrogate"),
        (("game",), "\ud800", "\"game\" holds '\\ud800' at position 0, a lone surrogate"),
    ],
)
def test_load_a_malformed_document(
    tmp_path: Path, path: tuple[Any, ...], value: Any, expected: str
):
    assert expected in _load_error(_write(tmp_path, _edit(path, value)))


@pytest.mark.parametrize(
    ("deal", "engine_error"),
    [
        ("AX/KQ", "unknown rank 'X' in suit 'AX/KQ'"),
        ("AQ/KA K/A", "card 'A' appears twice in suit 'AQ/KA'"),
        ("", "'' is an empty deal"),
        ("S:A/K S:Q/J", "suit S is named twice"),
    ],
)
def test_load_a_bad_deal_quotes_the_engine(tmp_path: Path, deal: str, engine_error: str):
    data = _edit(("deal",), deal)
    with pytest.raises(NotationError) as engine:
        Deal.parse(deal)
    assert engine_error in str(engine.value)
    message = _load_error(_write(tmp_path, data))
    assert f"the deal {deal!r} is not valid: {engine.value}" in message


def test_load_a_deal_whose_suits_disagree_with_the_list(tmp_path: Path):
    message = _load_error(_write(tmp_path, _edit(("deal",), "AQ/KJ K/A A/K")))
    assert "the deal 'AQ/KJ K/A A/K' has 3 suits but \"suits\" lists 2" in message
    message = _load_error(_write(tmp_path, _edit(("deal",), "H:AQ/KJ S:K/A")))
    assert 'names its suits H S but "suits" lists S H' in message
    message = _load_error(_write(tmp_path, _edit(("deal",), "0")))
    assert "has 0 suits" in message


def test_from_json_names_its_source():
    with pytest.raises(DocumentError, match=r"^'<data>' is not a whistgui file"):
        Document.from_json([])
    with pytest.raises(DocumentError, match=r"^'clipboard': the key \"deal\" is missing"):
        Document.from_json({"format": "whistgui", "version": 1}, "clipboard")


# --------------------------------------------------------------------------- random deals
@given(random_args())
def test_random_document_is_symmetric_with_the_right_sizes(
    args: tuple[int, int | list[int], int],
):
    suits, per_hand, seed = args
    doc = random_document(suits, per_hand, seed)
    sizes = [per_hand] * suits if isinstance(per_hand, int) else per_hand
    assert doc.deal.is_symmetric
    assert doc.deal.names == Document.new(suits).deal.names
    assert [s.n for s in doc.deal.suits] == sizes
    for k, suit, deck in zip(sizes, doc.deal.suits, doc.decks, strict=True):
        if 2 * k <= 13:
            assert deck == STANDARD_DECK
        else:
            assert deck == SuitDeck("abstract", 2 * k)
            assert sorted(suit.west + suit.east) == list(range(1, 2 * k + 1))
    assert doc.title == f"Random deal (seed {seed})"
    assert doc.lead is Player.WEST
    assert random_document(suits, per_hand, seed) == doc


def test_random_document_depends_on_the_seed():
    deals = {random_document(4, 3, seed).deal for seed in range(20)}
    assert len(deals) > 15


def test_random_document_without_a_seed_names_one_that_repeats_it():
    doc = random_document(3, [2, 7, 13])
    seed = int(doc.title.removeprefix("Random deal (seed ").removesuffix(")"))
    assert random_document(3, [2, 7, 13], seed) == doc


@pytest.mark.parametrize(
    ("suits", "per_hand", "expected"),
    [
        (0, 1, "expected 1 to 8 suits"),
        (9, 1, "expected 1 to 8 suits"),
        (2, 0, "expected 1 to 13"),
        (2, 14, "a suit has at most 26 cards"),
        (2, [1, 2, 3], "expected one per suit"),
        (2, [1, 0], "expected 1 to 13"),
        (2, [1, 2.5], "expected 1 to 13"),
    ],
)
def test_random_document_refuses_bad_sizes(suits: int, per_hand: Any, expected: str):
    with pytest.raises(ValueError, match=expected):
        random_document(suits, per_hand, 1)


# --------------------------------------------------------------------------- games (version 2)
DATA = Path(__file__).parent / "data"


def test_a_version_1_file_opens_as_whist():
    """tests/data/version1.whist was saved by whistgui 0.1.0 (file version 1, no game)."""
    raw = json.loads((DATA / "version1.whist").read_text(encoding="utf-8"))
    assert raw["version"] == 1
    assert "game" not in raw
    doc = load(DATA / "version1.whist")
    assert doc.game == "whist"
    assert doc.deal == Deal.parse("KJ/AQ A/K K/A")
    assert doc.lead is Player.EAST
    assert doc.title == "Deal (15)"


def test_the_game_is_saved_and_loaded(tmp_path: Path):
    doc = Document.from_deal(Deal.parse("KQ/AJ A/K"), game="Femkort")
    assert doc.game == "five-card"
    assert doc.game_info.rules.scoring.value == "last trick wins"
    assert doc.to_json()["version"] == DOCUMENT_VERSION == 2
    path = tmp_path / "five.whist"
    save(doc, path)
    again = load(path)
    assert again == doc
    assert again.game == "five-card"


def test_a_version_1_file_ignores_a_stray_game_key(tmp_path: Path):
    data = _doc("AQ/KJ").to_json()
    data["version"] = 1
    data["game"] = "five-card"
    assert load(_write(tmp_path, data)).game == "whist"


def test_an_unknown_game_is_refused_with_the_known_ones(tmp_path: Path):
    data = _doc("AQ/KJ").to_json()
    data["game"] = "bridge"
    message = _load_error(_write(tmp_path, data))
    assert "\"game\": unknown game 'bridge'; expected one of whist, refined-whist" in message
    data["game"] = 7
    assert '"game" should be a game\'s name, found the number 7' in _load_error(
        _write(tmp_path, data)
    )
    with pytest.raises(DocumentError, match="unknown game 'gops'"):
        Document.from_deal(Deal.parse("A/K"), game="gops")


# --------------------------------------------------------------------------- hostile files
# Issue 16: numbers of thousands of digits, lone surrogates and bad suit names are refused
# with a DocumentError quoting them; leftovers of killed saves are tidied.
BIG = "9" * 5000


def _with_big(data: dict[str, Any], key: str) -> str:
    """The JSON text of ``data`` with ``BIG`` for the number at ``key`` (no Python int of 5000
    digits can be written by json.dumps: the text is made by hand, as a hostile file would be)."""
    return json.dumps(data).replace(f'"{key}": {data[key]}', f'"{key}": {BIG}', 1)


def test_a_version_of_5000_digits_is_refused_quoting_it(tmp_path: Path):
    text = _with_big(_doc("AQ/KJ").to_json(), "version")
    assert BIG in text
    message = _load_error(_write(tmp_path, text))
    assert '"version" is the 5000-digit number 999999999999…; expected a file version' in message


def test_a_deck_size_of_5000_digits_is_refused_quoting_it(tmp_path: Path):
    text = json.dumps(_doc("AQ/KJ").to_json()).replace('"size": 13', f'"size": {BIG}', 1)
    message = _load_error(_write(tmp_path, text))
    assert 'suit 1 of "suits": the deck\'s "size" should be a whole number of cards' in message
    assert "found the 5000-digit number 999999999999…" in message


@pytest.mark.parametrize("number", [10**5000, -(10**40), 10**30], ids=["1e5000", "-1e40", "1e30"])
def test_huge_python_integers_are_described_not_printed(number: int):
    data = _doc("AQ/KJ").to_json()
    data["version"] = number
    with pytest.raises(DocumentError, match=r"the \d+-digit number -?\d{12}…"):
        Document.from_json(data)
    data = _doc("AQ/KJ").to_json()
    data["title"] = number
    with pytest.raises(DocumentError, match=r'"title" should be a string, found the \d+-digit'):
        Document.from_json(data)


@pytest.mark.parametrize(
    "deal", [f"{BIG}:A/K", f"[{BIG}, 1]", f"A/K + [1 {BIG}, 2 3]"], ids=["prefix", "rank", "sum"]
)
def test_a_deal_with_a_number_of_5000_digits_is_refused_quoting_it(tmp_path: Path, deal: str):
    data = _doc("AQ/KJ").to_json()
    data["deal"] = deal
    message = _load_error(_write(tmp_path, data))
    assert "the deal '" in message
    assert "9999999999" in message


def test_a_document_cannot_hold_a_lone_surrogate():
    with pytest.raises(DocumentError, match=r"the title holds '\\ud800' at position 2"):
        _doc("A/K", title="ab\ud800")
    with pytest.raises(DocumentError, match=r"the note holds '\\udc80' at position 0"):
        _doc("A/K", note="\udc80")


def test_text_no_file_can_store_is_refused_before_anything_is_written(tmp_path: Path):
    path = tmp_path / "d.whist"
    save(_doc("A/K"), path)
    before = path.read_bytes()
    with pytest.raises(DocumentError) as info:
        document.write_atomically('{"title": "\ud800"}', path)
    assert repr(str(path)) in str(info.value)
    assert "the text holds '\\ud800' at position 11, a lone surrogate" in str(info.value)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["d.whist"]


def _leftover(folder: Path, name: str, age: float) -> Path:
    path = folder / name
    path.write_text("half a save", encoding="utf-8")
    then = path.stat().st_mtime - age
    os.utime(path, (then, then))
    return path


def test_a_save_removes_the_stale_temporaries_of_killed_saves_of_its_file(tmp_path: Path):
    stale = document.STALE_TEMPORARY_SECONDS + 60
    old = _leftover(tmp_path, ".d.whist.k3_9xq0z.tmp", stale)
    young = _leftover(tmp_path, ".d.whist.ab12cd34.tmp", 5)  # maybe a save in progress
    other_file = _leftover(tmp_path, ".e.whist.k3_9xq0z.tmp", stale)
    not_ours = [
        _leftover(tmp_path, name, stale)
        for name in (".d.whist.short.tmp", "d.whist.k3_9xq0z.tmp", ".d.whist.K3_9XQ0Z.tmp")
    ]
    save(_doc("A/K"), tmp_path / "d.whist")
    assert not old.exists()
    assert young.exists()
    assert other_file.exists()
    assert all(p.exists() for p in not_ours)
    assert load(tmp_path / "d.whist") == _doc("A/K")


def test_stale_temporaries_are_tidied_through_a_symlink_beside_the_real_file(tmp_path: Path):
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    stale = _leftover(real_dir, ".d.whist.aaaaaaaa.tmp", document.STALE_TEMPORARY_SECONDS + 60)
    save(Document.new(), real_dir / "d.whist")
    (tmp_path / "link.whist").symlink_to(real_dir / "d.whist")
    assert not stale.exists()
    stale = _leftover(real_dir, ".d.whist.bbbbbbbb.tmp", document.STALE_TEMPORARY_SECONDS + 60)
    save(_doc("A/K"), tmp_path / "link.whist")
    assert not stale.exists()
    assert sorted(os.listdir(real_dir)) == ["d.whist"]


@pytest.mark.parametrize(
    "key", ["version", "deal", "suits", "lead", "game", "format", "written_for"]
)
@pytest.mark.parametrize("long", ["X" * 100_000, ["W"] * 30_000], ids=["text", "list"])
def test_a_long_field_is_quoted_by_its_ends(tmp_path: Path, key: str, long: object):
    """A 100,000-character "lead" was repeated whole in the message (issue 16's review)."""
    data = Document.from_deal(Deal.parse("AK/QJ")).to_json()
    data[key] = long
    message = _load_error(_write(tmp_path, data))
    assert len(message) < 400, message[:1000]


def test_a_file_of_more_suits_than_a_document_holds_is_refused(tmp_path: Path):
    from whistgui.app.document import MAX_DOCUMENT_SUITS

    data = Document.from_deal(Deal.parse(" ".join(["A/K"] * MAX_DOCUMENT_SUITS))).to_json()
    assert len(document.load(_write(tmp_path, data)).deal.suits) == MAX_DOCUMENT_SUITS
    data["deal"] += " A/K"
    data["suits"].append(data["suits"][0] | {"name": str(MAX_DOCUMENT_SUITS + 1)})
    message = _load_error(_write(tmp_path, data))
    assert f"has {MAX_DOCUMENT_SUITS + 1} suits; a document holds at most" in message


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"deal": "AQ/KJ\x01"}', "invalid JSON at line 1 column 16: invalid control character"),
        ('{"deal": "AQ/KJ', "invalid JSON at line 1 column 10: unterminated string"),
        ("{} {}", "invalid JSON at line 1 column 4: extra data"),
    ],
)
def test_the_json_error_is_a_whole_phrase(tmp_path: Path, text: str, says: str):
    """Issue 25: Python's "Invalid control character at" is written to be followed by where;
    in parentheses after the place it read "(Invalid control character at)", cut mid-phrase."""
    message = _load_error(_write(tmp_path, text))
    assert message.endswith(says), message
    assert not message.rstrip(")").endswith(" at")
