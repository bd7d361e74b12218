"""The GOPS tournament as a figure (issue 30): every cell's exact result is a text item of the
scene, in its row and column, filled by sign; ``whist gops tournament --figure`` writes it."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from tests.cli.helpers import run_process
from whistgui.engine.errors import ArgumentError
from whistgui.engine.gops import GopsRules
from whistgui.engine.gops.exact_play import play, tournament
from whistgui.engine.gops.strategies import strategy
from whistgui.figures import FigureOptions
from whistgui.figures.gops import payoff_colour
from whistgui.figures.gops_tournament import build_gops_tournament, cell_text
from whistgui.figures.scene import Rect, Text

NAMES = ["face", "face+1", "face+2", "random"]


def _texts(fig):
    return [i for i in fig.items if isinstance(i, Text)]


@pytest.mark.parametrize("rules", [GopsRules(4), GopsRules(4, "split", "points")])
def test_every_cell_is_a_text_item_in_its_row_and_column(rules):
    results = tournament([strategy(s, rules) for s in NAMES], rules)
    fig = build_gops_tournament(results)
    texts = _texts(fig)
    heads = {t.text: t for t in texts if t.bold and t.text in NAMES and t.anchor == "middle"}
    labels = {t.text: t for t in texts if t.bold and t.text in NAMES and t.anchor == "end"}
    assert set(heads) == set(labels) == set(NAMES)
    for i, a in enumerate(NAMES):
        for j, b in enumerate(NAMES):
            want = cell_text(results[i][j].exact)
            here = [
                t
                for t in texts
                if not t.bold
                and t.text == want
                and abs(t.x - heads[b].x) < 0.01
                and abs(t.y - labels[a].y) < 0.01
            ]
            assert len(here) == 1, (a, b, want)
            # the cell's fill is the result's colour on the matrix's scale
            scale = max(abs(float(r.exact)) for row in results for r in row)
            fills = [
                r.fill
                for r in fig.items
                if isinstance(r, Rect)
                and r.x < here[0].x < r.x + r.w
                and r.y < here[0].y < r.y + r.h
                and r.fill
            ]
            assert fills[-1] == payoff_colour(float(results[i][j].exact), scale)
    # 771.4 at N = 4: face+1 wins prizes 1 to 3 (6 points), face prize 4 (its 4 against 1)
    assert cell_text(results[0][1].exact) == ("−1" if rules.score == "sign" else "−2")


def test_the_cells_are_exact_and_long_fractions_shortened():
    assert cell_text(Fraction(-35, 72)) == "−35/72"
    assert cell_text(Fraction(1, 3 * 10**20)) == "≈0.0000"
    rules = GopsRules(4)
    r = play(strategy("face", rules), strategy("random", rules), rules)
    fig = build_gops_tournament([[r]])
    assert "35/72" in [t.text for t in _texts(fig)]
    assert "N = 4" in fig.title


def test_a_narrow_page_shrinks_the_type_and_a_wide_matrix_widens_it():
    rules = GopsRules(3)
    names = [f"face+{k}" for k in range(3)] + ["random", "face"]
    results = tournament([strategy(s, rules) for s in names], rules)
    wide = build_gops_tournament(results, FigureOptions(width=600))
    narrow = build_gops_tournament(results, FigureOptions(width=150))
    cell_size = {t.size for t in _texts(narrow) if t.text == "random" and t.bold}
    assert cell_size
    assert max(cell_size) < 9
    assert narrow.width >= 150
    assert wide.width == 600
    assert max(t.x for t in _texts(narrow)) <= narrow.width


def test_bad_results_are_refused():
    rules = GopsRules(3)
    r = play(strategy("face", rules), strategy("face", rules), rules)
    with pytest.raises(ArgumentError, match="square"):
        build_gops_tournament([[r, r]])
    with pytest.raises(ArgumentError, match="square"):
        build_gops_tournament([])
    with pytest.raises(ArgumentError, match="expected PlayResult"):
        build_gops_tournament([["x"]])  # type: ignore[list-item]
    other = play(
        strategy("face", GopsRules(3, "split")),
        strategy("face", GopsRules(3, "split")),
        GopsRules(3, "split"),
    )
    with pytest.raises(ArgumentError, match="different rules"):
        build_gops_tournament([[r, r], [r, other]])


@pytest.mark.parametrize("ext", ["svg", "pdf", "png"])
def test_the_command_writes_the_figure(tmp_path, ext):
    path = tmp_path / f"tournament.{ext}"
    got = run_process(
        "gops", "tournament", "--strategies", "face,face+1,random", "--n", "4", "--json",
        "--figure", str(path),
    )  # fmt: skip
    assert got.returncode == 0, got.stderr
    obj = json.loads(got.stdout)
    assert obj["figure"] == str(path)
    data = path.read_bytes()
    assert data[:4] == {"svg": b"<?xm", "pdf": b"%PDF", "png": b"\x89PNG"}[ext] or (
        ext == "svg" and b"<svg" in data[:200]
    )
    if ext == "svg":
        text = data.decode()
        for row in obj["exact"]:
            for cell in row:
                assert cell_text(Fraction(cell)) in text


def test_the_command_refuses_a_figure_it_cannot_write_before_playing(tmp_path):
    got = run_process(
        "gops", "tournament", "--strategies", "face,random", "--n", "6",
        "--figure", str(tmp_path / "t.doc"),
    )  # fmt: skip
    assert got.returncode == 2
    assert "--figure" in got.stderr
    assert "t.doc" in got.stderr
    assert ".svg" in got.stderr
    assert not (tmp_path / "t.doc").exists()
