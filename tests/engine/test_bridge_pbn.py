"""PBN files: several boards read and written, comments skipped, bad files quoted."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.engine.test_bridge_deal import random_deal, seeds
from whistgui.engine.bridge import (
    BridgeDeal,
    Contract,
    PbnBoard,
    PbnError,
    Seat,
    read_pbn,
    write_pbn,
)
from whistgui.engine.errors import NotationError, WhistError

DEAL1 = "N:AKQ8.AQ8.AJ7.KQ9 JT97.KJT.KQ98.AJ 6543.6543.65.T87 2.972.T432.65432"
DEAL2 = "E:JT97.KJT.KQ98.AJ 6543.6543.65.T87 2.972.T432.65432 AKQ8.AQ8.AJ7.KQ9"

FILE = f"""% PBN 2.1
% EXPORT
{{ a comment
   over two lines }}
[Event "Club night"]   ; trailing comment
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{DEAL1}"]
[Contract "4S"]
[Declarer "S"]
[Auction "N"]
1S Pass 4S Pass
Pass Pass

; a line comment between boards
[Event "#"]
[Board "2"] [Dealer "E"]
[Vulnerable "NS"]
[Deal "{DEAL2}"]
[Contract "Pass"]
"""


def test_a_file_of_two_boards():
    one, two = read_pbn(FILE)
    assert one.board == "1"
    assert one.dealer is Seat.N
    assert one.vulnerable == "None"
    assert one.deal == BridgeDeal.parse(DEAL1)
    assert one.contract == Contract.parse("4S")
    assert one.declarer is Seat.S
    assert one.tag("Event") == "Club night"
    assert dict(one.sections)["Auction"] == ("1S Pass 4S Pass", "Pass Pass")
    assert two.board == "2"
    assert two.tag("Event") == "Club night"  # "#" repeats the previous board's value
    assert two.dealer is Seat.E
    assert two.contract is None  # passed out
    assert two.declarer is None
    assert two.deal == one.deal  # the same hands, written from East


def test_write_then_read_gives_the_same_boards():
    boards = read_pbn(FILE)
    text = write_pbn(boards)
    assert read_pbn(text) == boards
    assert write_pbn(read_pbn(text)) == text
    assert "{" not in text
    assert ";" not in text


@given(st.lists(st.tuples(seeds, st.sampled_from(list(Seat))), min_size=1, max_size=4))
def test_round_trip_of_random_boards(specs: list[tuple[int, Seat]]):
    boards = [
        PbnBoard.make(
            random_deal(seed),
            board=i + 1,
            dealer=dealer,
            vulnerable="All",
            contract=Contract.parse("3NT"),
            declarer=dealer.partner,
        )
        for i, (seed, dealer) in enumerate(specs)
    ]
    back = read_pbn(write_pbn(boards))
    assert back == boards
    assert [b.deal for b in back] == [random_deal(seed) for seed, _ in specs]
    assert all((b.tag("Deal") or "").startswith(f"{b.dealer}:") for b in back)


def test_quotes_in_values_are_escaped():
    board = PbnBoard((("Event", 'The "big" one'), ("Deal", DEAL1)))
    assert 'The \\"big\\" one' in write_pbn([board])
    assert read_pbn(write_pbn([board])) == [board]


def test_an_empty_file_has_no_boards():
    assert read_pbn("") == []
    assert read_pbn("% PBN 2.1\n\n; nothing\n{ at all }\n") == []


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ('[Board "1"]\n[Deal "N:A... K... Q..."]\n', "'N:A... K... Q...'"),
        ('[Board "7"]\n[Deal "N:AZ... KQ... JT... 98..."]\n', "'Z'"),
        ('[Board "1"]\n[Deal "N:A... A... Q... J..."]\n', "'SA'"),
        ('[Board "1"]\n[Deal "N:AK... Q... J... T..."]\n', "'AK...'"),
        ('[Board "3"]\n[Dealer "N"]\n', "[Deal"),
        ('[Board "1"]\n[Deal "N:A... K... Q... J..."]\n[Contract "8S"]\n', "'8S'"),
        ('[Board "1"]\n[Deal "N:A... K... Q... J..."]\n[Declarer "X"]\n', "'X'"),
        ('[Board "1"]\n[Deal "N:A... K... Q... J..."]\n[Vulnerable "Some"]\n', "'Some'"),
        ('[Board "1"\n', "'[Board \"1\"'"),
        ('[Board 1]\n[Deal "N:A... K... Q... J..."]\n', "'[Board 1]'"),
        ('hello\n[Board "1"]\n', "'hello'"),
        ('[Board "1"]\n[Board "2"]\n[Deal "N:A... K... Q... J..."]\n', "'Board'"),
        ('[Board "#"]\n[Deal "N:A... K... Q... J..."]\n', '[Board "#"]'),
    ],
)
def test_bad_pbn_is_quoted(text: str, quoted: str):
    with pytest.raises(PbnError) as info:
        read_pbn(text)
    message = str(info.value)
    assert quoted in message
    assert "line" in message
    assert isinstance(info.value, NotationError)


def test_the_second_boards_error_names_its_board_and_line():
    text = f'[Board "1"]\n[Deal "{DEAL1}"]\n\n[Board "2"]\n[Deal "N:A... K..."]\n'
    with pytest.raises(PbnError, match=r"board 2 \(\[Board '2'\]\) starting at line 4"):
        read_pbn(text)


@pytest.mark.parametrize(
    "text",
    [
        "N:" + "A" * 5000,
        "N:AKQ." + "9" * 3000 + " ... ... ...",
        '[Deal "' + "x" * 5000 + '"]\n',
        '[Board "1"]\n[' + "y" * 5000 + "\n",
        '[Vulnerable "' + "z" * 5000 + '"]\n[Deal "N:... ... ... ..."]\n',
    ],
    ids=["deal", "rank", "deal tag", "stray line", "vulnerable"],
)
def test_a_long_bad_input_is_quoted_shortened(text: str) -> None:
    """The message quotes the start and end of a long input, not all of it."""
    with pytest.raises(WhistError) as info:
        read_pbn(text) if text.startswith("[") else BridgeDeal.parse(text)
    message = str(info.value)
    assert "…" in message
    assert len(message) < 400


@pytest.mark.parametrize("odd", ["\u2028", "\u0085", "\x0c"])
def test_a_tags_value_may_hold_characters_that_python_reads_as_line_ends(odd):
    """Lines end at LF, CR and CR LF only: str.splitlines cut the tag's value in two."""
    text = f'[Event "Club{odd}night"]\r\n[Board "1"]\r[Deal "{DEAL1}"]\n'
    (board,) = read_pbn(text)
    assert board.tag("Event") == f"Club{odd}night"
    assert board.deal == BridgeDeal.parse(DEAL1)
