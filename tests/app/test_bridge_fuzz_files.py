"""Fuzzing ``.pbn`` files as the app opens them (issue 16): a file the app saved, mutated as a
broken or hostile one would be — tag values of thousands of digits, control characters, lone
surrogates (which no UTF-8 file can hold), other line ends, lines dropped, repeated or inserted,
bytes that are not UTF-8 — either loads, and then saves and loads again to the same boards, or
is refused with a DocumentError naming the file; never another exception. (The PBN reader's own
text fuzzing is tests/engine/test_bridge_fuzz.py.)"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hostile import BIG, controls, surrogates
from whistgui.app.bridge import BridgeDocument, load_pbn, save_pbn
from whistgui.app.document import DocumentError
from whistgui.engine.bridge import Contract, Seat

TAGS = ["Board", "Dealer", "Vulnerable", "Deal", "Contract", "Declarer", "Event", "X"]

tag_values = st.one_of(
    st.sampled_from(
        [
            "",
            "#",
            "?",
            "1",
            "²",
            "٣",
            BIG,
            "-1",
            "N",
            "s",
            "north",
            "None",
            "All",
            "Both",
            "3NT",
            "7NTXX",
            "8NT",
            "Pass",
            f"{BIG}NT",
            f"N:{BIG}.-.-.- -.-.-.- -.-.-.- -.-.-.-",
            "N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T943.A987.QJ4.K7 5.T62.7653.QT986",
            "N:A.-.-.- K.-.-.- Q.-.-.- J.-.-.-",
            "a\ud800",
            "\x00",
            'a"b',
            "a\\",
        ]
    ),
    st.text(st.one_of(surrogates, controls, st.sampled_from('NESWAKQJT98765432.:- "')), max_size=8),
)


@st.composite
def saved_files(draw: st.DrawFn) -> str:
    """The text save_pbn writes for one to three random boards."""
    boards = tuple(
        BridgeDocument.random(
            draw(st.integers(0, 10**6)),
            board=str(number),
            dealer=draw(st.sampled_from(Seat)),
            vulnerable=draw(st.sampled_from(["None", "NS", "EW", "All"])),
            contract=Contract.parse(draw(st.sampled_from(["1C", "3NT", "4S", "7NTXX"]))),
            declarer=draw(st.sampled_from(Seat)),
        )
        for number in range(1, draw(st.integers(1, 3)) + 1)
    )
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "boards.pbn"
        save_pbn(boards, path)
        return path.read_text(encoding="utf-8")


@st.composite
def mutated_files(draw: st.DrawFn) -> bytes:
    lines = draw(saved_files()).split("\n")
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        action = draw(
            st.sampled_from(["value", "value", "tag", "drop", "repeat", "insert", "char"])
        )
        line = lines[i]
        if action == "value" and line.startswith("[") and '"' in line:
            name = line[1 : line.index(" ")] if " " in line else "Board"
            lines[i] = f'[{name} "{draw(tag_values)}"]'
        elif action == "tag":
            lines.insert(i, f'[{draw(st.sampled_from(TAGS))} "{draw(tag_values)}"]')
        elif action == "drop":
            del lines[i]
            if not lines:
                lines = [""]
        elif action == "repeat":
            lines.insert(i, line)
        elif action == "insert":
            lines.insert(i, draw(st.sampled_from(["", "%", "{ open", "}", ";", "[", "]", "x"])))
        else:
            at = draw(st.integers(0, len(line)))
            lines[i] = line[:at] + draw(st.one_of(controls, surrogates)) + line[at:]
    end = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    text = end.join(lines)
    if draw(st.booleans()):
        text = "\ufeff" + text
    data = text.encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 10)) == 0:
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80"])) + data[at:]
    return data


@settings(max_examples=200, deadline=None)
@given(mutated_files())
def test_a_mutated_pbn_file_loads_and_round_trips_or_is_refused_naming_it(data: bytes):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.pbn"
        path.write_bytes(data)
        try:
            boards = load_pbn(path).boards
        except DocumentError as exc:
            message = str(exc)
        else:
            again = Path(folder) / "again.pbn"
            save_pbn(boards, again)
            assert load_pbn(again).boards == boards
            return
        assert message.startswith(repr(str(path))), message
        assert len(message) > len(repr(str(path))) + 10, message


@pytest.mark.parametrize(
    ("tag", "value", "says"),
    [
        ("Contract", f"{BIG}NT", "is not a contract; expected a level 1-7"),
        ("Declarer", BIG, "is not a seat; expected N, E, S or W"),
        ("Deal", f"N:{BIG}.-.-.- -.-.-.- -.-.-.- -.-.-.-", "♠9 appears twice in North's hand"),
        ("Dealer", "\x01", "'\\x01' is not a seat"),
        ("Vulnerable", "No\x1bne", "[Vulnerable 'No\\x1bne']; expected one of None"),
    ],
)
def test_huge_numbers_and_control_characters_in_tags_are_refused_quoting_them(
    tmp_path: Path, tag: str, value: str, says: str
):
    doc = BridgeDocument.random(3, board="1", dealer=Seat.N)
    path = tmp_path / "bad.pbn"
    save_pbn((doc,), path)
    lines = [
        f'[{tag} "{value}"]' if line.startswith(f"[{tag} ") else line
        for line in path.read_text(encoding="utf-8").split("\n")
    ]
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(DocumentError) as info:
        load_pbn(path)
    assert str(info.value).startswith(f"{str(path)!r} is not a PBN file this program can read")
    assert says in str(info.value)


def test_a_lone_surrogate_cannot_be_in_a_file_its_bytes_are_read_as_latin_1(tmp_path: Path):
    """A lone surrogate's UTF-8 form is not UTF-8: the file is read as ISO 8859-1, as PBN
    has it, so no lone surrogate reaches the program; its bytes are three characters, quoted
    where the board is named (this board has no Deal: it is refused)."""
    path = tmp_path / "bad.pbn"
    path.write_bytes('[Board "\ud800"]\n'.encode("utf-8", "surrogatepass"))
    with pytest.raises(DocumentError) as info:
        load_pbn(path)
    assert str(info.value) == (
        f"{str(path)!r} is not a PBN file this program can read: board 'í\\xa0\\x80' (line 1): "
        'no [Deal "..."] tag; expected one like [Deal "N:AKQ2.KJ3.T98.A54 ..."]'
    )


@pytest.mark.parametrize("board", [BIG, "²", "\x00", "12a"])
def test_a_board_of_any_text_loads_and_saves(tmp_path: Path, board: str):
    doc = BridgeDocument.random(4, board=board)
    path = tmp_path / "any.pbn"
    save_pbn((doc,), path)
    assert load_pbn(path).boards == (doc,)
