"""``whist bridge leads`` and ``whist bridge handout`` run as a user runs them (the installed
script, a process of its own): the leads against the record's contract or the options', equal
to the engine's (itself checked against endplay); the handout PDF read back with ``pdftotext``
— every board's name, its double-dummy table equal to DDS's, its par in players' words and
its lead table; SVG and PNG a board; bad input refused with quoted messages."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.cli.helpers import run_process
from whistgui.engine.bridge import (
    BridgeCard,
    BridgeDeal,
    Contract,
    PbnBoard,
    Seat,
    Suit,
    write_pbn,
)
from whistgui.engine.bridge.dds import dd_table
from whistgui.engine.bridge.leads import opening_leads
from whistgui.figures.handout import SHOWN, board_sheet

pytest.importorskip("endplay", reason="the double-dummy solver endplay is not installed")

VULNERABLE = ("None", "NS", "EW", "All")


def random_deal(seed: int) -> BridgeDeal:
    cards = [BridgeCard(suit, rank) for suit in Suit for rank in range(2, 15)]
    random.Random(seed).shuffle(cards)
    return BridgeDeal.from_hands({seat: cards[13 * seat : 13 * seat + 13] for seat in Seat})


def boards(n: int) -> list[PbnBoard]:
    """``n`` boards numbered 1…n, dealers and vulnerabilities in turn, the odd ones with a
    contract (3NT by South, 4♠ by East in turn), the even ones without."""
    out = []
    for i in range(1, n + 1):
        extra = {}
        if i % 2:
            contract, declarer = (("3NT", Seat.S), ("4S", Seat.E))[(i // 2) % 2]
            extra = {"contract": Contract.parse(contract), "declarer": declarer}
        out.append(
            PbnBoard.make(
                random_deal(100 + i),
                board=i,
                dealer=Seat((i - 1) % 4),
                vulnerable=VULNERABLE[i % 4],
                **extra,  # type: ignore[arg-type]
            )
        )
    return out


@pytest.fixture(scope="module")
def pbn(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("handout") / "club.pbn"
    path.write_text(write_pbn(boards(5)), encoding="utf-8")
    return path


# -- leads -------------------------------------------------------------------------------------
def test_leads_json_are_the_engines_for_the_records_contract(pbn: Path) -> None:
    proc = run_process("bridge", "leads", str(pbn), "--json")
    assert proc.returncode == 2  # the even boards have no contract: refused in their place
    objs = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [o["board"] for o in objs] == ["1", "2", "3", "4", "5"]
    for i, (obj, board) in enumerate(zip(objs, boards(5), strict=True), start=1):
        if i % 2 == 0:
            assert "no contract to play" in obj["error"]
            assert f"board {i} (line" in proc.stderr
            continue
        assert board.contract is not None
        assert board.declarer is not None
        want = opening_leads(board.deal, board.contract, board.declarer)
        assert obj["leads"] == [lead.to_json() for lead in want.leads]
        assert obj["tricks"] == dd_table(board.deal)[board.declarer, board.contract.strain]
        assert (obj["contract"], obj["declarer"]) == (str(board.contract), str(board.declarer))
        assert obj["leader"] == str(board.declarer.lho)


def test_leads_text_with_a_contract_given(pbn: Path) -> None:
    proc = run_process(
        "bridge", "leads", str(pbn), "--board", "2", "--contract", "2H", "--declarer", "W"
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "Board 2"
    board = boards(5)[1]
    want = opening_leads(board.deal, Contract.parse("2H"), Seat.W)
    assert "2♥ by West, North leads" in lines[2]
    shown = {}
    for line in lines[3:7]:
        symbol, *pairs = line.split()
        for pair in pairs:
            if pair != "—":
                rank, tricks = pair.split(":")
                shown[symbol + rank] = int(tricks)
    assert shown == {
        f"{lead.card.suit.symbol}{'10' if lead.card.rank == 10 else str(lead.card)[1]}": (
            lead.tricks
        )
        for lead in want.leads
    }
    assert lines[7].startswith("  best leads: ")
    assert f"({want.best_tricks} tricks" in lines[7]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--board", "9"], "--board 9: "),
        (["--board", "1", "--contract", "9Z", "--declarer", "N"], "'9Z' is not a contract"),
        (["--board", "1", "--contract", "3NT", "--declarer", "Q"], "'Q' is not a seat"),
    ],
)
def test_leads_refuses_bad_input_quoting_it(pbn: Path, args: list[str], needle: str) -> None:
    proc = run_process("bridge", "leads", str(pbn), *args)
    assert proc.returncode == 2
    assert needle in proc.stderr
    assert "Traceback" not in proc.stderr


# -- the handout -------------------------------------------------------------------------------
ROW = re.compile(r"^\s*([NESW])\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*$")


def pdf_text(path: Path) -> str:
    if shutil.which("pdftotext") is None:  # pragma: no cover - .ci/run installs poppler-utils
        pytest.skip("pdftotext (poppler-utils) is not installed")
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout


def test_the_handout_pdf_names_every_board_and_holds_its_table(pbn: Path, tmp_path: Path) -> None:
    out = tmp_path / "club.pdf"
    proc = run_process("bridge", "handout", str(pbn), "-o", str(out), "--per-page", "2")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == str(out)
    text = pdf_text(out)
    pages = text.split("\f")
    assert len([p for p in pages if p.strip()]) == 3  # 5 boards, 2 a page
    tables: dict[str, dict[str, list[int]]] = {}
    pars: dict[str, str] = {}
    tricks: dict[str, list[int]] = {}
    legend: dict[str, int] = {}  # the tricks read when the board's legend comes
    current = None
    for line in text.splitlines():
        if m := re.search(r"Board (\d+)", line):
            current = m.group(1)
            tables[current], tricks[current] = {}, []
        elif current is not None and line.strip() == "bold: the best leads for the defence":
            legend[current] = len(tricks[current])
        elif current is not None and (m := ROW.match(line)):
            tables[current][m.group(1)] = [int(n) for n in m.groups()[1:]]
        elif current is not None and "Par:" in line:
            pars[current] = line.strip()
        elif current is not None and line.strip().startswith("Tricks"):
            tricks[current] += [int(n) for n in line.split()[1:]]
    assert sorted(tables, key=int) == ["1", "2", "3", "4", "5"]
    from whistgui.figures.bridge import TABLE_STRAINS, par_text

    for board in boards(5):
        name = board.board
        assert name is not None
        table = dd_table(board.deal)
        want = {str(s): [table[s, st] for st in TABLE_STRAINS] for s in Seat}
        assert tables[name] == want, name
        sheet = board_sheet(board, name)
        assert sheet.par is not None
        assert pars[name] == par_text(sheet.par, board.vulnerable), name
        assert sheet.leads is not None  # with the board's contract, or par's
        assert tricks[name] == [lead.tricks for lead in sheet.leads.leads], name
        assert legend[name] == 13, name  # under the lead table: after its 13 leads' tricks
        assert sheet.par_contract == (board.contract is None)
    assert text.count("bold: the best leads for the defence") == 5


def test_the_handout_writes_a_file_a_board_as_svg_and_png(pbn: Path, tmp_path: Path) -> None:
    out = tmp_path / "hand.svg"
    proc = run_process("bridge", "handout", str(pbn), "-o", str(out), "--boards", "2-3,5")
    assert proc.returncode == 0, proc.stderr
    names = [tmp_path / f"hand-{n}.svg" for n in (2, 3, 5)]
    assert proc.stdout.split() == [str(p) for p in names]
    for n, path in zip((2, 3, 5), names, strict=True):
        svg = path.read_text(encoding="utf-8")
        assert f"Board {n}" in svg
        assert "HCP" in svg
        words = re.sub(r"<[^>]+>", "", svg)  # the legend under the lead table, "bold" in bold
        assert "bold" in words
        assert ": the best leads for the defence" in words
        assert re.search(r'<text [^>]*font-weight="bold"[^>]*>bold</text>', svg)
    assert not (tmp_path / "hand-1.svg").exists()
    png = tmp_path / "one.png"
    proc = run_process(
        "bridge", "handout", str(pbn), "-o", str(png), "--boards", "4", "--dpi", "60"
    )
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "one-4.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--boards", "9-2"], "--boards '9-2': 9-2 runs backwards"),
        (["--boards", "x"], "--boards 'x' is not a range of boards"),
        (["--boards", "4-9"], "--boards '4-9': the file has 5 boards; expected boards 1 to 5"),
        (["--boards", "0"], "--boards '0': the file has 5 boards"),
        (["--per-page", "3"], "invalid choice: 3"),
    ],
)
def test_the_handout_refuses_bad_options_quoting_them(
    pbn: Path, tmp_path: Path, args: list[str], needle: str
) -> None:
    out = tmp_path / "x.pdf"
    proc = run_process("bridge", "handout", str(pbn), "-o", str(out), *args)
    assert proc.returncode == 2
    assert needle in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not out.exists()


def test_the_handout_refuses_no_boards_and_unwritable_output(pbn: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty.pbn"
    empty.write_text("% nothing here\n", encoding="utf-8")
    proc = run_process("bridge", "handout", str(empty), "-o", str(tmp_path / "e.pdf"))
    assert proc.returncode == 2
    assert "empty.pbn holds no deal" in proc.stderr
    folder = tmp_path / "taken.pdf"
    folder.mkdir()  # a folder where the file should go: not writable, even by root
    proc = run_process("bridge", "handout", str(pbn), "-o", str(folder), "--boards", "1")
    assert proc.returncode == 2
    assert f"could not write '{folder}'" in proc.stderr
    missing = tmp_path / "no" / "such" / "x.pdf"
    proc = run_process("bridge", "handout", str(pbn), "-o", str(missing))
    assert proc.returncode == 2
    assert "there is no folder" in proc.stderr
    assert str(missing.parent) in proc.stderr
    proc = run_process("bridge", "handout", str(pbn), "-o", str(tmp_path / "x.docx"))
    assert proc.returncode == 2
    assert "x.docx" in proc.stderr
    assert "expected a file name ending in .pdf" in proc.stderr


def test_a_bad_board_is_refused_in_its_place_and_the_others_drawn(tmp_path: Path) -> None:
    good = boards(3)
    deals = re.findall(r'\[Deal "([^"]+)"\]', write_pbn(good))
    text = write_pbn(good).replace(deals[1], "N:AKQ.x.y.z")
    path = tmp_path / "bad.pbn"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "bad.pdf"
    proc = run_process("bridge", "handout", str(path), "-o", str(out), "--per-page", "4")
    assert proc.returncode == 2
    assert "bad.pbn, board 2 (line" in proc.stderr
    assert "'N:AKQ.x.y.z'" in proc.stderr
    assert proc.stdout.strip() == str(out)
    names = re.findall(r"Board (\d+)", pdf_text(out))
    assert sorted(names) == ["1", "3"]


def test_too_many_boards_are_refused_before_any_is_solved(tmp_path: Path) -> None:
    from whistgui.cli.bridge_handout import MAX_HANDOUT_BOARDS

    deal = random_deal(1)
    many = [PbnBoard.make(deal, board=i) for i in range(1, MAX_HANDOUT_BOARDS + 2)]
    path = tmp_path / "many.pbn"
    path.write_text(write_pbn(many), encoding="utf-8")
    proc = run_process("bridge", "handout", str(path), "-o", str(tmp_path / "m.pdf"), timeout=60)
    assert proc.returncode == 2
    assert f"{MAX_HANDOUT_BOARDS + 1} boards: a handout draws at most" in proc.stderr
    assert not (tmp_path / "m.pdf").exists()


def test_the_handout_names_the_event_and_the_players_when_the_record_has_them(
    tmp_path: Path,
) -> None:
    """A small line or two over each board: Event, Site, Date, then the players by seat; a
    board without them has none; a name of 10,000 characters is cut, not drawn whole."""
    made = boards(3)
    event = (("Event", "Spring Teams"), ("Site", "Aarhus"), ("Date", "2026.04.01"))
    seats = (("North", "Helgemo"), ("East", "Brogeland"), ("South", "Lindqvist"))
    long_west = ("West", "W" * 10_000)
    named = [
        PbnBoard((*event, *made[0].tags, *seats, ("West", "Helness")), made[0].sections),
        made[1],
        PbnBoard((*made[2].tags, *seats, long_west), made[2].sections),
    ]
    path = tmp_path / "named.pbn"
    path.write_text(write_pbn(named), encoding="utf-8")
    out = tmp_path / "named.pdf"
    proc = run_process("bridge", "handout", str(path), "-o", str(out), "--per-page", "1")
    assert proc.returncode == 0, proc.stderr
    first, second, third = [p for p in pdf_text(out).split("\f") if p.strip()]
    lines = [line.strip() for line in first.splitlines() if line.strip()]
    assert lines[0] == "Spring Teams, Aarhus, 2026.04.01"
    assert lines[1] == "N Helgemo · E Brogeland · S Lindqvist · W Helness"
    assert lines[2].startswith("Board 1")
    assert next(line.split()[:2] for line in second.splitlines() if line.strip()) == ["Board", "2"]
    header = third.split("Board 3")[0]
    assert header.strip().startswith("N Helgemo · E Brogeland · S Lindqvist · W")
    assert "Spring Teams" not in third
    assert header.count("W") == SHOWN  # the seat's W, then the name cut to SHOWN - 1 and …
    assert header.rstrip().endswith("W…")
