"""Par in players' notation (engine/bridge/par_words.py) for real pars DDS finds: a partscore
raised to the level it is bid, a game with its overtrick, a doubled sacrifice, partners
merged, the vulnerability said; and the duplicate scores it rests on."""

from __future__ import annotations

import pytest

from whistgui.engine.bridge import BridgeDeal, Seat, Strain
from whistgui.engine.bridge.dds import Par, par
from whistgui.engine.bridge.par_words import contract_score, par_contracts, par_words
from whistgui.engine.errors import ArgumentError

pytest.importorskip("endplay", reason="the double-dummy solver endplay is not installed")

#: (deal, vulnerability, DDS's par as endplay gives it, players' words)
REAL = [
    (  # 1♠+1 by both partners, and 1♥+1: "2♠ N/S +110" — here 2♦+1 by South alone too
        "N:A2.K8652.Q983.Q2 KQ86.AJ4.75.T643 JT974.7.A62.AK75 53.QT93.KJT4.J98",
        "None",
        (110, ("2♠N=", "2♠S=", "2♥N=", "2♥S=", "2♦S+1")),
        "2♠ or 2♥ N/S or 3♦ S +110 (none vul)",
    ),
    (
        "N:K4.KT96.A832.J96 T3.AQ753.J6.AK42 Q98.J842.KQT7.Q5 AJ7652..954.T873",
        "None",
        (-140, ("2♠E+1", "2♠W+1")),
        "3♠ E/W +140 (none vul)",
    ),
    (  # a game with an overtrick keeps it
        "N:AK54.T.9752.7643 QJ97.J4.KJ843.AJ T3.A97652.Q6.Q85 862.KQ83.AT.KT92",
        "EW",
        (-630, ("3NTE+1", "3NTW+1")),
        "3NT+1 E/W +630 (E/W vul)",
    ),
    (  # a sacrifice: E/W go down 2 doubled, not vulnerable
        "N:AQ87.A873.QJ4.T4 J5.Q5.KT9652.953 K9.KJT962.3.8762 T6432.4.A87.AKQJ",
        "None",
        (300, ("5♦Ex-2", "5♦Wx-2")),
        "5♦x E/W −300 (none vul)",
    ),
    (  # two sacrifices, vulnerable
        "N:2.KQJ42.KT6.T742 AK864.86.852.AKJ 93.AT5.AJ9743.Q6 QJT75.973.Q.9853",
        "NS",
        (-200, ("5♥Nx-1", "5♥Sx-1", "5♦Nx-1", "5♦Sx-1")),
        "5♥x or 5♦x N/S −200 (N/S vul)",
    ),
]


@pytest.mark.parametrize(("pbn", "vul", "dds", "words"), REAL)
def test_real_pars_in_players_words(
    pbn: str, vul: str, dds: tuple[int, tuple[str, ...]], words: str
) -> None:
    result = par(BridgeDeal.parse(pbn), vul, Seat.N)
    assert (result.score, result.contracts) == dds  # DDS's own words, as the test was written
    assert par_words(result, vul) == words
    assert par_words(result) == words.rsplit(" (", 1)[0]


@pytest.mark.parametrize(("pbn", "vul", "dds", "words"), REAL)
def test_the_words_score_what_dds_scores(
    pbn: str, vul: str, dds: tuple[int, tuple[str, ...]], words: str
) -> None:
    """Each contract written scores par for its side: raised contracts lose nothing."""
    result = par(BridgeDeal.parse(pbn), vul, Seat.N)
    vulnerable = {"None": "", "NS": "NS", "EW": "EW", "All": "NSEW"}[vul]
    for c in par_contracts(result, vul):
        ns = c.seats[0] in "NS"
        want = result.score if ns else -result.score
        tricks = c.level + 6 + c.result  # a sacrifice's result is its undertricks
        is_vul = c.seats[0] in vulnerable
        assert contract_score(c.level, c.strain, c.doubled, is_vul, tricks) == want


def test_passed_out() -> None:
    """DDS's par from a table where no one makes a contract (6 tricks everywhere): 0, and its
    one contract "Pass"."""
    from whistgui.engine.bridge import Strain
    from whistgui.engine.bridge.dds import DDTable

    deal = BridgeDeal.parse(REAL[0][0])
    table = DDTable(deal, {seat: dict.fromkeys(Strain, 6) for seat in Seat})
    result = par(table, "All", Seat.N)
    assert (result.score, result.contracts) == (0, ("Pass",))
    assert par_words(result, "All") == "Passed out (both vul)"
    assert par_words(result) == "Passed out"
    assert par_contracts(result) == []
    assert par_words(Par(0, ())) == "Passed out"


@pytest.mark.parametrize(
    ("args", "score"),
    [
        ((1, Strain.S, 0, False, 8), 110),
        ((3, Strain.NT, 0, False, 9), 400),
        ((4, Strain.H, 0, True, 10), 620),
        ((6, Strain.C, 0, False, 12), 920),
        ((7, Strain.NT, 0, True, 13), 2220),
        ((2, Strain.S, 1, False, 8), 470),
        ((1, Strain.NT, 2, True, 8), 1160),
        ((4, Strain.S, 1, True, 7), -800),
        ((3, Strain.C, 1, False, 5), -800),
        ((3, Strain.C, 2, False, 5), -1600),
        ((2, Strain.D, 0, True, 6), -200),
    ],
)
def test_duplicate_scores(args: tuple[int, Strain, int, bool, int], score: int) -> None:
    assert contract_score(*args) == score


def test_bad_par_contracts_are_refused_quoted() -> None:
    with pytest.raises(ArgumentError, match="'9♠N='"):
        par_words(Par(100, ("9♠N=",)))
    with pytest.raises(ArgumentError, match="'NE' are not partners"):
        par_words(Par(100, ("4♠NE=",)))
    with pytest.raises(ArgumentError, match="'Vul'"):
        par_words(Par(100, ("4♠N=",)), "Vul")
    with pytest.raises(TypeError, match="result"):
        par_words((100, ("4♠N=",)))  # type: ignore[arg-type]
