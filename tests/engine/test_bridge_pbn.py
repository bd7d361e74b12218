"""PBN files: several boards read and written, comments skipped, bad files quoted."""

from __future__ import annotations

import re
import textwrap

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.bounded import run_bounded
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
from whistgui.engine.bridge.pbn import MAX_BOARD_ITEMS, MAX_LINE_COMMENTS, iter_pbn
from whistgui.engine.bridge.pbn import _escape as escape
from whistgui.engine.bridge.pbn import _unescape as unescape
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
        ('[Board "1"]\n[Deal "N:A... A... Q... J..."]\n', "card ♠A is"),
        ('[Board "1"]\n[Deal "N:AK... Q... J... T..."]\n', "'AK...'"),
        ('[Board "3"]\n[Dealer "N"]\n', "[Deal"),
        ('[Board "1"]\n[Deal "N:A... K... Q... J..."]\n[Contract "8S"]\n', "'8S'"),
        ('[Board "1"]\n[Deal "N:A... K... Q... J..."]\n[Declarer "X"]\n', "'X'"),
        ('[Board "1"]\n[Deal "N:A... K... Q... J..."]\n[Vulnerable "Some"]\n', "'Some'"),
        ('[Board "1"\n', "'[Board \"1\"'"),
        ('[Board 1]\n[Deal "N:A... K... Q... J..."]\n', "'[Board 1]'"),
        ('hello\n[Board "1"]\n', "'hello'"),
        ('[Board "1"]\n[Deal "N:A... K... Q... J..."]\n[Deal "N:A... K... Q... J..."]\n', "'Deal'"),
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
    with pytest.raises(PbnError, match=r"^board 2 \(line 4\): 'N:A\.\.\. K\.\.\.' has 2 hands"):
        read_pbn(text)


@pytest.mark.parametrize(
    "text",
    [
        "N:" + "A" * 5000,
        "N:AKQ." + "9" * 3000 + " ... ... ...",
        '[Deal "' + "x" * 5000 + '"]\n',
        '[Board "1"]\n[' + "y" * 5000 + "\n",
        '[Vulnerable "' + "z" * 5000 + '"]\n[Deal "N:A... K... Q... J..."]\n',
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


DEAL3 = "S:AKQ8.AQ8.AJ7.KQ9 JT97.KJT.KQ98.AJ 6543.6543.65.T87 2.972.T432.65432"


def test_a_board_tag_after_a_board_begins_the_next_one():
    """No blank line between boards: a second [Board …] tag starts a new board (it was "tag
    'Board' appears twice" for the whole file); a Board tag after the Deal tag does not."""
    text = (
        f'[Event "Club"]\n[Board "1"]\n[Deal "{DEAL1}"]\n'
        f'[Board "2"]\n[Dealer "E"]\n[Deal "{DEAL2}"]\n[Contract "3NT"]\n'
        f'[Board "3"] [Deal "{DEAL3}"]\n'
    )
    boards = list(iter_pbn(text))
    assert [(line, board.board) for line, board in boards] == [(1, "1"), (4, "2"), (8, "3")]
    one, two, three = (board for _, board in boards)
    assert isinstance(one, PbnBoard)
    assert one.tag("Event") == "Club"  # before its Board tag
    assert isinstance(two, PbnBoard)
    assert two.contract == Contract.parse("3NT")
    assert isinstance(three, PbnBoard)
    assert three.deal == BridgeDeal.parse(DEAL3)
    assert read_pbn(text) == [one, two, three]
    (late,) = read_pbn(f'[Deal "{DEAL1}"]\n[Board "7"]\n')
    assert late.board == "7"


_DEAL2 = f'[Deal "{DEAL2}"]'


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ('[Deal "N:A... A... Q... J..."]', "card ♠A is"),
        ('[Deal "N:AK... Q... J..."]', "hands after"),
        ("[Dealer 2]", "'[Dealer 2]' is not a tag pair"),
        (f'{_DEAL2}\n[Contract "8S"]', "'8S'"),
        (f'{_DEAL2}\n[Vulnerable "Some"]', "'Some'"),
        (f"{_DEAL2}\n{_DEAL2}", "tag 'Deal' appears twice"),
        (f'{_DEAL2}\n[Site "#"]', "repeats the previous board's Site, but there is none"),
        ('[Dealer "N"]', 'no [Deal "..."] tag'),
        (f"{_DEAL2}\nx" + "{}" * (MAX_LINE_COMMENTS + 1), f"more than {MAX_LINE_COMMENTS:,}"),
        (f"{_DEAL2}\n" + "x\n" * MAX_BOARD_ITEMS, f"more than {MAX_BOARD_ITEMS:,} tags and"),
    ],
    ids=[
        "card twice",
        "three hands",
        "bad tag",
        "contract",
        "vulnerable",
        "tag twice",
        "nothing to repeat",
        "no deal",
        "comments",
        "lines",
    ],
)
def test_a_bad_board_is_reported_in_its_place_and_the_others_are_read(body: str, reason: str):
    """Board 2 is bad: it comes as a PbnError naming it (its Board tag, its number, the line
    where it starts), between boards 1 and 3, which are read as if it were not there."""
    text = (
        f'[Board "1"]\n[Deal "{DEAL1}"]\n\n[Board "two"]\n{body}\n\n[Board "3"]\n[Deal "{DEAL3}"]\n'
    )
    items = list(iter_pbn(text))
    assert [line for line, _ in items][:2] == [1, 4]
    one, two, three = (board for _, board in items)
    assert isinstance(one, PbnBoard)
    assert one.deal == BridgeDeal.parse(DEAL1)
    assert isinstance(three, PbnBoard)
    assert three.deal == BridgeDeal.parse(DEAL3)
    assert isinstance(two, PbnError)
    assert (two.number, two.board, two.label, two.line) == (2, "two", "two", 4)
    assert reason in two.reason
    assert str(two).startswith("board two (line 4): ")
    assert len(str(two)) < 400
    with pytest.raises(PbnError) as info:  # the strict reader: the first bad board
        read_pbn(text)
    assert str(info.value) == str(two)


def test_a_bad_board_without_a_board_tag_is_named_by_its_number():
    text = f'[Deal "{DEAL1}"]\n\nstray words\n\n[Deal "N:A... K... Q..."]\n[Board "2"]\n'
    items = list(iter_pbn(text))
    assert [type(b).__name__ for _, b in items] == ["PbnBoard", "PbnError", "PbnError"]
    stray, bad = items[1][1], items[2][1]
    assert isinstance(stray, PbnError)
    assert isinstance(bad, PbnError)
    assert (stray.label, stray.line) == ("2", 3)
    assert "'stray words' comes before any tag" in stray.reason
    assert (bad.label, bad.line) == ("2", 5)  # its Board tag, read after the Deal tag


def test_comments_and_directives_inside_and_around_strings():
    text = (
        "% PBN 2.1 {not a comment opening}\n"
        f'[Event "a;b {{c}} d"] {{ a comment }} ; and another\n'
        f'[Deal "{DEAL1}"]{{x}}[Site "s"]\n'
        '{ over\n two lines } [Annotator "me"]\n'
    )
    (board,) = read_pbn(text)
    assert board.tag("Event") == "a;b {c} d"
    assert board.tag("Site") == "s"
    assert board.tag("Annotator") == "me"


@given(st.text(alphabet='ab\\"\x00\ufffe\uffff\ue000;{}'))
def test_escaping_round_trips_and_unescaping_reads_pairs_from_the_left(text: str):
    assert unescape(escape(text)) == text
    value = escape(text)[1:] if text.startswith("\\") else text.replace('"', "")
    if re.fullmatch(r'(?:[^"\\]|\\.)*', value):
        assert unescape(value) == re.sub(r"\\(.)", r"\1", value)


_BIG = 20_000_000
#: Files of about 20 MB, each long in another way (built when a test runs, not at import).
_HOSTILE = {
    # (a tag of more than MAX_TAG_VALUE characters refuses its board; the next is read)
    "a 20 MB tag value": lambda: (
        f'[Event "{"x" * _BIG}"]\n[Board "1"]\n[Deal "{DEAL1}"]\n\n[Deal "{DEAL1}"]\n'
    ),
    "20 MB of escapes": lambda: (
        '[Event "' + '\\"' * (_BIG // 2) + f'"]\n[Deal "{DEAL1}"]\n\n[Deal "{DEAL1}"]\n'
    ),
    "an unclosed 20 MB value": lambda: f'[Event "{"x" * _BIG}\n\n[Deal "{DEAL1}"]\n',
    "20 MB of quotes on a line": lambda: (
        f'[Deal "{DEAL1}"]\nx' + '"' * _BIG + f'\n\n[Deal "{DEAL1}"]\n'
    ),
    "a 20 MB comment": lambda: f'{{{"x" * _BIG}}}\n[Deal "{DEAL1}"]\n',
    "20 MB of comments": lambda: f'[Deal "{DEAL1}"]\nx{"{}" * (_BIG // 2)}\n\n[Deal "{DEAL1}"]\n',
    "a 20 MB deal": lambda: f'[Deal "N:{"A " * (_BIG // 2)}"]\n\n[Deal "{DEAL1}"]\n',
    "a million tags on a line": lambda: (
        "".join(f'[t{i} "b"]' for i in range(10**6)) + f'\n\n[Deal "{DEAL1}"]\n'
    ),
    "a million lines": lambda: f'[Deal "{DEAL1}"]\n' + "x\n" * 10**6 + f'\n[Deal "{DEAL1}"]\n',
}


@pytest.mark.parametrize("name", list(_HOSTILE))
def test_a_hostile_file_is_read_in_linear_time_and_bounded_memory(name: str, tmp_path):
    """Each file is read in a child process under a memory limit: a clean answer (the good
    boards, the bad ones refused with a short message) within 300 MB and a few seconds — the
    old tag pattern kept a backtracking record per character (10 GB on a 60 MB file)."""
    path = tmp_path / "hostile.pbn"
    path.write_text(_HOSTILE[name](), "utf-8")
    code = f"""
        from whistgui.engine.bridge.pbn import PbnError, iter_pbn
        text = open({str(path)!r}, encoding="utf-8").read()
        for line, board in iter_pbn(text):
            print(line, "bad" if isinstance(board, PbnError) else "good", len(str(board)))
    """
    res = run_bounded(textwrap.dedent(code), memory_mb=400, timeout=120)
    assert res.returncode == 0, res.describe()
    answers = [line.split() for line in res.stdout.splitlines()]
    assert sorted({kind for _, kind, _ in answers} - {"bad"}) == ["good"], res.describe()
    assert all(int(n) < 1000 for _, kind, n in answers if kind == "bad"), res.describe()
    assert res.peak_mb < 300, res.describe()
    assert res.seconds < 20, res.describe()
