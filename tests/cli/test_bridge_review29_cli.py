"""Fresh-eyes review of issue 29 (review29), the command line: a passed-out board is an
answer, not an error (W4, C1); ``--board`` is the Board tag, else the place, everywhere (C2);
a contract without its declarer names only what is missing (C6). Commands run as processes."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.cli.helpers import run_process

pytest.importorskip("endplay", reason="the double-dummy solver endplay is not installed")

PASSED_OUT = "passed out — no contract to play"

#: Three boards of a club session as BBO writes them (written by endplay): Board 12, 4♠ by
#: South with a claim; Board 13, passed out; Board 15, 2♥ by North with a claim.
CLUB = (
    "qx|o2|pn|Erin,Frank,Grace,Heidi|st||"
    "md|4S579JKH6KD27KAC69,S68QH4579D489QC28,S234TAHJDJC457TKA,"
    "|rh||ah|Board 12|sv|n|mb|p|mb|1S|mb|p|mb|3S|mb|p|mb|4S|mb|p|mb|p|mb|p|pg||"
    "pc|H4|pc|HJ|pc|HA|pc|H6|pg||"
    "pc|D3|pc|DK|pc|D4|pc|DJ|pg||"
    "pc|DA|pc|D8|pc|SA|pc|D5|pg||"
    "pc|CK|pc|C3|pc|C6|pc|C2|pg||"
    "pc|CA|pc|CJ|pc|C9|pc|C8|pg||"
    "mc|11|\n"
    "qx|o3|pn|Alice,Bob,Carol,Dave|st||"
    "md|1S45KH23568KDKC34Q,S238H4TD23QAC789J,S6TAH9JQAD78TC25T,"
    "|rh||ah|Board 13|sv|e|mb|p|mb|p|mb|p|mb|p|pg||\n"
    "qx|o5|pn|Alice,Bob,Carol,Dave|st||"
    "md|3S78JH57AD29TJC6JQ,S245TQKHD4568C57T,S9H489TKD7KAC249A,"
    "|rh||ah|Board 15|sv|n|mb|1H|mb|p|mb|2H|mb|p|mb|p|mb|p|pg||"
    "pc|S3|pc|SJ|pc|SQ|pc|S9|pg||"
    "pc|C5|pc|CA|pc|C3|pc|C6|pg||"
    "pc|C2|pc|CK|pc|CJ|pc|C7|pg||"
    "pc|C8|pc|CQ|pc|CT|pc|C4|pg||"
    "pc|D2|pc|D8|pc|DK|pc|D3|pg||"
    "pc|DA|pc|DQ|pc|D9|pc|D4|pg||"
    "pc|D7|pc|H2|pc|DT|pc|D5|pg||"
    "pc|S6|pc|S7|pc|ST|pc|H4|pg||"
    "mc|9|\n"
)
DEAL_13 = "N:AT6.AQJ9.T87.T52 QJ97.7.J9654.AK6 K54.K86532.K.Q43 832.T4.AQ32.J987"


def whist(*argv: str) -> subprocess.CompletedProcess[str]:
    return run_process("bridge", *argv)


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("club") / "club.lin"
    path.write_text(CLUB, encoding="utf-8")
    return path


def test_a_passed_out_board_is_an_answer_not_an_error(club: Path) -> None:
    """W4: solve, line, leads and analyse of a session with a passed-out board exit 0, the
    board answered in its place as passed out, the others as before."""
    for command in ("solve", "line", "leads"):
        res = whist(command, str(club))
        assert res.returncode == 0, (command, res.stderr)
        assert res.stderr == ""
        blocks = res.stdout.split("Board ")[1:]
        # (qx|o…: each board played in the open room)
        assert [b.split("\n", 1)[0] for b in blocks] == ["12 (Open)", "13 (Open)", "15 (Open)"]
        assert blocks[1] == f"13 (Open)\n{DEAL_13}\n  {PASSED_OUT}\n"
        assert PASSED_OUT not in blocks[0] + blocks[2]
        res = whist(command, str(club), "--json")
        assert res.returncode == 0, (command, res.stderr)
        answers = [json.loads(line) for line in res.stdout.splitlines()]
        assert [a["board"] for a in answers] == ["12", "13", "15"]
        assert answers[1] == {
            "board": "13",
            "deal": DEAL_13,
            "passed_out": True,
            "note": PASSED_OUT,
        }
        assert all("error" not in a and "contract" in a for a in (answers[0], answers[2]))
    res = whist("analyse", str(club))
    assert res.returncode == 0, res.stderr
    heads = [line for line in res.stdout.splitlines() if line.startswith("Board")]
    assert heads[1] == f"Board 13: {PASSED_OUT}"
    assert heads[0].startswith("Board 12: 4♠ by South")
    res = whist("analyse", str(club), "--board", "13", "--json")
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout) == {"board": "13", "passed_out": True, "note": PASSED_OUT}


def test_a_passed_out_board_played_in_a_contract_given(club: Path) -> None:
    """--contract and --declarer still play a passed-out board; --contract alone names only
    the missing --declarer (C6)."""
    res = whist("solve", str(club), "--contract", "3H", "--declarer", "N")
    assert res.returncode == 0, res.stderr
    assert PASSED_OUT not in res.stdout
    assert "3♥ by North: makes" in res.stdout.split("Board 13")[1].split("Board 15")[0]
    res = whist("solve", str(club), "--contract", "4S")
    assert res.returncode == 2
    (message,) = res.stderr.splitlines()  # boards 12 and 15 have declarers: 13 alone refused
    assert "board 13" in message
    assert "'4S' is given without --declarer; give --declarer (N, E, S or W)" in message
    assert "give --contract" not in message


def test_the_figures_of_a_passed_out_board_say_so(club: Path, tmp_path: Path) -> None:
    """C1: the handout's sheet says Passed out where the contract would be; the trick tree of
    par's contract says (par) in its title."""
    out = tmp_path / "h.svg"
    res = whist("handout", str(club), "--boards", "12-13", "-o", str(out))
    assert res.returncode == 0, res.stderr
    sheets = {p.name: p.read_text(encoding="utf-8") for p in tmp_path.glob("h-*.svg")}
    assert set(sheets) == {"h-1.svg", "h-2.svg"}  # Board tags 12 and 13: the first two
    assert "Passed out" in sheets["h-2.svg"]
    assert "Passed out" not in sheets["h-1.svg"]
    assert "Contract:" in sheets["h-1.svg"]
    assert "Contract:" not in sheets["h-2.svg"]
    tree = tmp_path / "t.svg"
    res = whist("render", str(club), "--board", "13", "--view", "tricktree", "-o", str(tree))
    assert res.returncode == 0, res.stderr
    assert "by North (par), East to lead" in tree.read_text(encoding="utf-8")
    res = whist("render", str(club), "--board", "12", "--view", "tricktree", "-o", str(tree))
    assert res.returncode == 0, res.stderr
    svg = tree.read_text(encoding="utf-8")
    assert "Trick 1: 4♠ by South, West to lead" in svg


def test_board_is_the_board_tag_else_the_place_in_every_command(club: Path, tmp_path: Path) -> None:
    """C2: --board 15 and --board 3 are the same board (tag 15, third in the file) for leads,
    render and analyse; a board that is neither is refused, listing the tags."""
    for command in ("leads", "analyse"):
        by_tag, by_place = (
            whist(command, str(club), "--board", "15"),
            whist(command, str(club), "--board", "3"),
        )
        assert by_tag.returncode == by_place.returncode == 0, by_tag.stderr + by_place.stderr
        assert by_tag.stdout == by_place.stdout
        assert "Board 15" in by_tag.stdout
        assert "Board 12" not in by_tag.stdout
    svgs = []
    for board in ("15", "3", "12"):
        out = tmp_path / f"b{board}.svg"
        res = whist("render", str(club), "--board", board, "--view", "deal", "-o", str(out))
        assert res.returncode == 0, res.stderr
        svgs.append(out.read_text(encoding="utf-8"))
    assert svgs[0] == svgs[1]
    assert "Board 15" in svgs[0]
    assert svgs[2] != svgs[0]
    for command in ("leads", "analyse", "render"):
        res = whist(command, str(club), "--board", "16", "-o", str(tmp_path / "x.svg"))
        if command != "render":
            res = whist(command, str(club), "--board", "16")
        assert res.returncode == 2
        message = "has 3 boards; expected 1 to 3, or a Board tag (12, 13, 15)"
        assert "--board 16: " in res.stderr
        assert message in res.stderr, (command, res.stderr)


def test_handout_pdf_embeds_the_font_asked_for(club: Path, tmp_path: Path) -> None:
    """W1: ``handout --font latin-modern`` to PDF embedded only DejaVu (the pages were painted
    after the font's block ended); now Latin Modern, and DejaVu by default."""
    from tests.tools import require_tool

    pdffonts = require_tool("pdffonts")
    fonts = {}
    for font in ("latin-modern", "dejavu-sans"):
        out = tmp_path / f"{font}.pdf"
        res = whist("handout", str(club), "--boards", "12", "--font", font, "-o", str(out))
        assert res.returncode == 0, res.stderr
        listed = subprocess.run(
            [pdffonts, str(out)], capture_output=True, text=True, timeout=60, check=True
        ).stdout
        fonts[font] = [line.split()[0] for line in listed.splitlines()[2:]]
    assert any(name.startswith("LMRoman") for name in fonts["latin-modern"]), fonts
    assert not any("DejaVu" in name for name in fonts["latin-modern"]), fonts
    assert any("DejaVu" in name for name in fonts["dejavu-sans"]), fonts


def test_render_width_is_the_figures_width_for_every_view(club: Path, tmp_path: Path) -> None:
    """W2: the trick tree was 133 mm whatever --width asked; now every view is the width asked
    (set in smaller type when it needs more), to the point."""
    import math
    import re

    for view in ("tricktree", "deal", "ddtable", "both"):
        for width_mm in (85, 200):
            out = tmp_path / f"{view}-{width_mm}.svg"
            res = whist(
                "render", str(club), "--board", "12", "--view", view,
                "--width", f"{width_mm}mm", "-o", str(out),
            )  # fmt: skip
            assert res.returncode == 0, res.stderr
            found = re.search(r'<svg[^>]* width="([0-9.]+)pt"', out.read_text(encoding="utf-8"))
            assert found is not None
            assert float(found.group(1)) == math.ceil(width_mm * 72 / 25.4), (view, width_mm)


def test_lin_faults_and_forgiveness(tmp_path: Path) -> None:
    """C3: a card dealt twice in a three-hand md| is named (endplay said "more than 13
    undealt cards"); C10: a file without its final | is read; C9: a board with only qx|o5|
    is Board 5."""
    board_13 = CLUB.splitlines()[1]  # Board 13, passed out: md|1S45KH23568KDKC34Q,S238…
    # ♠K moved from South's hand to North's as well: South 12 cards, North 14, ♠K twice
    twice = board_13.replace("S6TAH9", "S6TAKH9")
    path = tmp_path / "twice.lin"
    path.write_text(twice + "\n", encoding="utf-8")
    res = whist("table", str(path))
    assert res.returncode == 2
    assert "card ♠K is in both" in res.stderr, res.stderr
    assert "undealt" not in res.stderr
    # no final |: the last pair's value ends the file
    path = tmp_path / "notrail.lin"
    path.write_text(CLUB.splitlines()[2].removesuffix("|") + "\n", encoding="utf-8")
    res = whist("solve", str(path))
    assert res.returncode == 0, res.stderr
    assert "2♥ by North" in res.stdout
    # no ah|: qx|o13| names the board
    path = tmp_path / "noah.lin"
    path.write_text(
        board_13.replace("qx|o3|", "qx|o13|").replace("ah|Board 13|", "") + "\n",
        encoding="utf-8",
    )
    res = whist("table", str(path))
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines()[0] == "Board 13 (Open)"  # qx|o…: the open room


def test_help_names_lin_files() -> None:
    """C8: render, leads and handout read .lin files; their help says so."""
    for command in ("render", "leads", "handout"):
        res = whist(command, "--help")
        assert res.returncode == 0
        assert ".lin" in res.stdout, command
    res = whist("--help")
    assert "the first trick's tree" in " ".join(res.stdout.split())


def test_doubled_contracts_are_written_as_players_write_them(tmp_path: Path) -> None:
    """K1: the handout's Contract line said 3♣X, leads 4♠X, par and the trick tree 7♥x: now
    x everywhere the figures and leads write a contract."""
    import re

    pbn = tmp_path / "x.pbn"
    pbn.write_text(
        f'[Board "4"]\n[Dealer "W"]\n[Deal "{DEAL_13}"]\n[Contract "3CX"]\n[Declarer "S"]\n',
        encoding="utf-8",
    )
    res = whist("leads", str(pbn))
    assert res.returncode == 0, res.stderr
    assert "  3♣x by South, West leads" in res.stdout
    out = tmp_path / "d.svg"
    res = whist("render", str(pbn), "--view", "deal", "-o", str(out))
    assert res.returncode == 0, res.stderr
    words = re.sub(r"<[^>]+>", "", out.read_text(encoding="utf-8"))
    assert "3♣x" in words.replace(" ", "")
    assert "3♣X" not in words.replace(" ", "")
