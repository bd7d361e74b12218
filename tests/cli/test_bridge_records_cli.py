"""``whist bridge`` on hand records (issue 29), run as processes and their output parsed:
``table``/``solve``/``line``/``render`` on a LIN file written by endplay's LIN writer, ``analyse``
against DDS's AnalysePlay called directly, and ``deal --constraint``."""

from __future__ import annotations

import json
import subprocess
import textwrap
from pathlib import Path

import pytest

from tests.bounded import run_bounded
from tests.bridge_records_files import lin_text, records
from tests.cli.helpers import run_process
from whistgui.engine.bridge import Seat, Strain, Suit
from whistgui.engine.bridge.dds import dd_table
from whistgui.engine.bridge.dealing import hcp

RECORDS = records(4, seed=3)


def whist(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return run_process("bridge", *argv, stdin=stdin)


@pytest.fixture(scope="module")
def lin_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("records") / "club.lin"
    path.write_text(lin_text(RECORDS), "utf-8")
    return path


def test_table_of_a_lin_file_equals_dds_board_by_board(lin_file):
    res = whist("table", str(lin_file), "--json")
    assert res.returncode == 0, res.stderr
    answers = [json.loads(line) for line in res.stdout.splitlines()]
    assert [a["board"] for a in answers] == [str(r.number) for r in RECORDS]
    for answer, rec in zip(answers, RECORDS, strict=True):
        table = dd_table(rec.deal)
        assert answer["tricks"] == table.to_json()


def test_solve_takes_the_contract_from_the_lin_auction(lin_file):
    res = whist("solve", str(lin_file), "--json")
    assert res.returncode == 0, res.stderr
    answers = [json.loads(line) for line in res.stdout.splitlines()]
    assert [(a["contract"], a["declarer"]) for a in answers] == [
        (str(r.contract), str(r.declarer)) for r in RECORDS
    ]
    for answer, rec in zip(answers, RECORDS, strict=True):
        assert answer["tricks"] == dd_table(rec.deal)[rec.declarer, rec.contract.strain]


def _yardstick(rec) -> list[int]:
    from endplay.dds import analyse_play
    from endplay.types import Deal, Denom, Player

    deal = Deal.from_pbn(rec.deal.to_pbn())
    strain = rec.contract.strain
    deal.trump = Denom.find("n" if strain == Strain.NT else str(strain).lower())
    deal.first = Player(int(rec.declarer.lho))
    return list(analyse_play(deal, [str(c) for c in rec.play]))


def test_analyse_equals_dds_analyse_play_card_for_card(lin_file):
    res = whist("analyse", str(lin_file), "--json")
    assert res.returncode == 0, res.stderr
    answers = [json.loads(line) for line in res.stdout.splitlines()]  # no banner on stdout
    assert [a["board"] for a in answers] == [str(r.number) for r in RECORDS]
    for answer, rec in zip(answers, RECORDS, strict=True):
        assert set(answer) == {"board", "contract", "declarer", "cards"}
        assert (answer["contract"], answer["declarer"]) == (str(rec.contract), str(rec.declarer))
        cards = answer["cards"]
        assert [c["card"] for c in cards] == [str(c) for c in rec.play]
        assert all(set(c) == {"seat", "card", "tricks", "cost"} for c in cards)
        dds = _yardstick(rec)
        assert [c["tricks"] for c in cards][: len(dds) - 1] == dds[1:]
        before = dds[0]
        side = rec.declarer.side
        for c in cards:
            mine = Seat.parse(c["seat"]).side == side
            assert c["cost"] == (before - c["tricks"] if mine else c["tricks"] - before)
            assert c["cost"] >= 0
            before = c["tricks"]


def test_analyse_one_board_in_text(lin_file):
    res = whist("analyse", str(lin_file), "--board", "2")
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    rec = RECORDS[1]
    assert lines[0].startswith(f"Board 2: {rec.contract.words} by {rec.declarer.word}")
    assert len(lines) == 1 + len(rec.play) + 1
    assert lines[1].split()[1:3] == [str(rec.declarer.lho), str(rec.play[0])]
    res = whist("analyse", str(lin_file), "--board", "9")
    assert res.returncode == 2
    assert "--board 9: " in res.stderr
    assert "has 4 boards; expected 1 to 4" in res.stderr
    res = whist("analyse", str(lin_file), "--board", "²")  # isdigit, but no number
    assert res.returncode == 2
    assert "--board '²': " in res.stderr
    assert "Traceback" not in res.stderr


def test_analyse_refuses_a_bad_board_in_its_place(tmp_path, lin_file):
    text = lin_file.read_text("utf-8").splitlines()
    text[1] = text[1].replace("md|3", "md|9")
    path = tmp_path / "bad.lin"
    path.write_text("\n".join(text) + "\n", "utf-8")
    res = whist("analyse", str(path), "--json")
    assert res.returncode == 2
    objs = [json.loads(line) for line in res.stdout.splitlines()]
    assert [o.get("board") for o in objs] == ["1", "2", "3", "4"]
    assert "error" in objs[1]
    assert "dealer's digit" in objs[1]["error"]
    assert "md|'9" in res.stderr
    assert all("cards" in o for i, o in enumerate(objs) if i != 1)


def test_analyse_of_a_file_without_play_says_so(tmp_path):
    path = tmp_path / "plain.pbn"
    path.write_text('[Board "1"]\n[Deal "N:A... K... Q... J..."]\n', "utf-8")
    res = whist("analyse", str(path))
    assert res.returncode == 2
    assert "no board with a played line" in res.stderr


def test_line_and_render_read_a_lin_file(lin_file, tmp_path):
    res = whist("line", str(lin_file), "--json")
    assert res.returncode == 0, res.stderr
    answers = [json.loads(line) for line in res.stdout.splitlines()]
    assert [len(a["line"]) for a in answers] == [52] * len(RECORDS)
    out = tmp_path / "board.svg"
    res = whist("render", str(lin_file), "--board", "3", "-o", str(out))
    assert res.returncode == 0, res.stderr
    assert out.read_text("utf-8").lstrip().startswith("<?xml")


def test_a_malformed_lin_file_is_refused_without_traceback(tmp_path):
    path = tmp_path / "bad.lin"
    path.write_text("pn|a,b,c,d|md|3S2H3,S4,|\nthis is no lin\n", "utf-8")
    res = whist("table", str(path), "--json")
    assert res.returncode == 2
    assert "Traceback" not in res.stderr
    objs = [json.loads(line) for line in res.stdout.splitlines()]
    assert [("error" in o) for o in objs] == [True, True]
    assert "'this is no lin' has no | after it" in objs[1]["error"]
    assert objs[1]["line"] == 2


STRONG_NT = (
    "hcp(south) >= 15 && hcp(south) <= 17 && shape(south, any 4333 + any 4432 + any 5332) "
    "&& spades(north) >= 5"
)


def test_deal_with_a_constraint_prints_deals_that_meet_it():
    from whistgui.engine.bridge import BridgeDeal

    res = whist("deal", "--constraint", STRONG_NT, "--count", "5", "--seed", "4", "--json")
    assert res.returncode == 0, res.stderr
    deals = [BridgeDeal.parse(json.loads(line)["deal"]) for line in res.stdout.splitlines()]
    assert len(deals) == 5
    for d in deals:
        assert 15 <= hcp(d, Seat.S) <= 17
        assert sum(1 for c in d.hand(Seat.N) if c.suit is Suit.S) >= 5
    again = whist("deal", "--constraint", STRONG_NT, "--count", "5", "--seed", "4")
    assert [BridgeDeal.parse(line) for line in again.stdout.splitlines()] == deals


def test_deal_as_pbn_is_read_back():
    from whistgui.engine.bridge import read_pbn

    res = whist("deal", "--count", "3", "--seed", "1", "--pbn")
    assert res.returncode == 0, res.stderr
    boards = read_pbn(res.stdout)
    assert [(b.board, b.dealer, b.vulnerable) for b in boards] == [
        ("1", Seat.N, "None"),
        ("2", Seat.E, "NS"),
        ("3", Seat.S, "EW"),
    ]


def test_deal_refuses_a_bad_constraint_and_gives_up_on_an_impossible_one():
    res = whist("deal", "--constraint", "hcp(nrth) > 3")
    assert res.returncode == 2
    assert "'hcp(nrth) > 3' is not a constraint" in res.stderr
    assert "Traceback" not in res.stderr
    res = whist("deal", "--constraint", "hcp(north) > 37", "--max-tries", "2000", "--json")
    assert res.returncode == 2
    (obj,) = [json.loads(line) for line in res.stdout.splitlines()]
    assert "no deal met 'hcp(north) > 37' in 2,000 tries" in obj["error"]


@pytest.mark.parametrize(
    "content",
    [
        "'pn|a,b,c,d|md|3' + 'SAK' * (17 * 2**20) + '|\\n'",  # a 50 MB md| value
        "('x' * 99 + '\\n') * (2**19)",  # 50 MB of lines that are no LIN pairs
    ],
    ids=["50 MB md value", "50 MB of garbage lines"],
)
def test_a_50_mb_hostile_lin_file_is_refused_in_bounded_memory(tmp_path, content):
    """``whist bridge table FILE.lin`` in a child process under a memory limit: each bad
    board refused with a short message quoting it, no traceback, within 400 MB."""
    path = tmp_path / "big.lin"
    code = f"""
        import io, sys
        open({str(path)!r}, "w").write({content})
        from whistgui.cli import main
        out, err = io.StringIO(), io.StringIO()
        sys.stdout, sys.stderr, real = out, err, sys.stdout
        status = main(["bridge", "table", "--json", {str(path)!r}], stdin=io.StringIO(""))
        sys.stdout = real
        lines = out.getvalue().splitlines()
        print(status, len(lines), max(len(line) for line in lines))
        print(lines[0])
        print("Traceback" in err.getvalue())
    """
    res = run_bounded(textwrap.dedent(code), memory_mb=600, timeout=300)
    assert res.returncode == 0, res.describe()
    head, first, traceback = res.stdout.splitlines()[:3]
    status, count, longest = map(int, head.split())
    assert status == 2
    assert count >= 1
    assert longest < 1000
    assert "error" in json.loads(first)
    assert traceback == "False"
    assert res.peak_mb < 400, res.describe()


def test_analyse_of_the_same_boards_as_pbn_gives_the_same_answers(lin_file, tmp_path):
    """The LIN file saved as PBN (its auction and play as [Auction] and [Play] sections):
    ``analyse`` reads the play back in the order played and answers the same."""
    from whistgui.engine.bridge import read_lin, write_pbn

    pbn = tmp_path / "club.pbn"
    pbn.write_text(write_pbn(read_lin(lin_file.read_text("utf-8"))), "utf-8")
    from_lin = whist("analyse", str(lin_file), "--json")
    from_pbn = whist("analyse", str(pbn), "--json")
    assert from_pbn.returncode == 0, from_pbn.stderr
    assert from_pbn.stdout == from_lin.stdout
    assert from_pbn.stdout.count("\n") == len(RECORDS)


def test_text_output_writes_a_doubled_contract_as_players_do(tmp_path: Path) -> None:
    """solve, line and analyse printed PBN's 3CX where the figures and leads say 3♣x: the text
    now says 3♣x, 4♥xx and 3NT; --json keeps PBN's strings (3CX) for scripts."""
    rec = RECORDS[0]
    deal = rec.deal.to_pbn()
    lead = rec.declarer.lho
    for given, said in (("3CX", "3♣x"), ("4HXX", "4♥xx"), ("3NTX", "3NTx"), ("2S", "2♠")):
        res = whist("solve", deal, "--contract", given, "--declarer", str(rec.declarer))
        assert res.returncode == 0, res.stderr
        assert res.stdout.splitlines()[1].startswith(f"  {said} by {rec.declarer.word}: ")
    # line writes its contract as solve does (one doubled contract: a whole line is 52 searches)
    res = whist("line", deal, "--contract", "4HXX", "--declarer", str(rec.declarer))
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert lines[1] == f"  4♥xx by {rec.declarer.word}, {lead.word} leads"
    assert lines[-1].startswith(f"  4♥xx by {rec.declarer.word}: ")
    assert "4HXX" not in res.stdout.replace(deal, "")
    res = whist("solve", deal, "--contract", "3CX", "--declarer", str(rec.declarer), "--json")
    assert json.loads(res.stdout)["contract"] == "3CX"
    first = rec.play[0]
    pbn = tmp_path / "x.pbn"
    pbn.write_text(
        f'[Board "7"]\n[Deal "{deal}"]\n[Contract "4HXX"]\n[Declarer "{rec.declarer}"]\n'
        f'[Play "{lead}"]\n{first} - - -\n',
        encoding="utf-8",
    )
    res = whist("analyse", str(pbn))
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith(f"Board 7: 4♥xx by {rec.declarer.word}, {lead.word} leads")
    res = whist("analyse", str(pbn), "--json")
    assert json.loads(res.stdout)["contract"] == "4HXX"


def test_analyse_names_the_players_by_seat_when_the_record_has_them(tmp_path: Path) -> None:
    """LIN's pn| (South, West, North, East) names declarer and the opening leader in the
    text; a board without names says the seats only."""
    rec = RECORDS[0]
    text = lin_text([rec, RECORDS[1]]).replace(
        "pn|,,,|", "pn|Lindqvist,Helness,Helgemo,Brogeland|", 1
    )
    path = tmp_path / "named.lin"
    path.write_text(text, encoding="utf-8")
    res = whist("analyse", str(path))
    assert res.returncode == 0, res.stderr
    heads = [line for line in res.stdout.splitlines() if line.startswith("Board")]
    names = {Seat.S: "Lindqvist", Seat.W: "Helness", Seat.N: "Helgemo", Seat.E: "Brogeland"}
    declarer, leader = rec.declarer, rec.declarer.lho
    assert heads[0].startswith(
        f"Board 1: {rec.contract.words} by {declarer.word} ({names[declarer]}), "
        f"{leader.word} ({names[leader]}) leads; "
    )
    other = RECORDS[1]
    assert heads[1].startswith(
        f"Board 2: {other.contract.words} by {other.declarer.word}, {other.declarer.lho.word} leads"
    )
    res = whist("analyse", str(path), "--json")
    assert "Lindqvist" not in res.stdout  # --json as it was
