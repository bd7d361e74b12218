"""The TikZ output keeps the layout whatever face LaTeX sets it in. Figures are measured in their
own face (DejaVu Sans or Latin Modern Roman 10) and LaTeX sets their text in Latin Modern Sans
or Roman at its own optical size; each node is anchored at the side its text is aligned to and
squeezed across to the width measured when LaTeX's setting is wider (``\\wgfit``).

Each test compiles the picture with pdflatex, reads every word's box back with ``pdftotext
-bbox`` and checks, for the views with dense text, that (1) every word lies within the measured
boxes of the texts on its line — none runs past the room the layout gave it — and (2) no two
words of different texts overlap. Control tests show the check failing on a picture whose text
is set wider than measured with no squeeze, as the TikZ was before."""

from __future__ import annotations

import html
import itertools
import re
from pathlib import Path

import pytest

from tests.figures.test_backends import DEALS
from tests.tools import pdf_text, run_pdflatex
from whistgui.app.document import Document
from whistgui.engine import Deal, Player, SuitDeal
from whistgui.figures import FigureOptions, build_figure
from whistgui.figures.backends import to_tikz
from whistgui.figures.scene import Figure, Text

#: TikZ's pt (1/72.27 in) per PDF point (1/72 in): the picture is drawn in TeX points.
TEX_PT = 72 / 72.27
#: Points a word may stray from its box (pdftotext rounds; glyphs overshoot their advances).
TOLERANCE = 0.3
_WORD = re.compile(
    r'<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">(.*?)</word>'
)

Box = tuple[float, float, float, float, str]


def compile_words(tex: str, folder: Path) -> list[Box]:
    """The words of the compiled ``tex`` with their boxes, in the figure's points."""
    (folder / "f.tex").write_text(tex + "\n", encoding="utf-8")
    out = pdf_text(run_pdflatex(folder, "f.tex"), "-bbox")
    return [
        (
            float(a) / TEX_PT,
            float(b) / TEX_PT,
            float(c) / TEX_PT,
            float(d) / TEX_PT,
            html.unescape(t),
        )
        for a, b, c, d, t in _WORD.findall(out)
    ]


def layout_faults(fig: Figure, words: list[Box]) -> list[str]:
    """What breaks the layout: a word not within the measured boxes of the texts on its line
    (a word may span adjacent texts, which pdftotext joins when nothing parts them), and two
    words of different texts that overlap (a word belongs to the text whose box holds its
    middle)."""
    items = [i for i in fig.items if isinstance(i, Text)]
    faults: list[str] = []
    for x0, y0, x1, y1, word in words:
        line = sorted(
            (
                t
                for t in items
                if y0 < t.y + 0.3 * t.size
                and y1 > t.y - t.size
                and t.left - TOLERANCE < x1
                and x0 < t.left + t.width + TOLERANCE
            ),
            key=lambda t: t.left,
        )
        reach = x0
        for t in line:  # the measured boxes, side by side, must cover the word
            if t.left - TOLERANCE <= reach:
                reach = max(reach, t.left + t.width + TOLERANCE)
        if not line or reach < x1:
            faults.append(f"{word!r} at {x0:.1f}–{x1:.1f} runs past its room")

    def owners(w: Box) -> set[int]:
        """The texts whose measured box holds the word's middle."""
        x, y = (w[0] + w[2]) / 2, (w[1] + w[3]) / 2
        return {
            id(t)
            for t in items
            if t.left - TOLERANCE <= x <= t.left + t.width + TOLERANCE
            and t.y - t.size <= y <= t.y + 0.3 * t.size
        }

    for a, b in itertools.combinations(words, 2):
        if owners(a) & owners(b):  # pieces of one text: ³⁄₈'s digits and slash
            continue
        if (
            a[0] < b[2] - TOLERANCE
            and b[0] < a[2] - TOLERANCE
            and a[1] < b[3] - TOLERANCE
            and b[1] < a[3] - TOLERANCE
        ):
            faults.append(f"{a[4]!r} overlaps {b[4]!r}")
    return faults


def _example(number: int) -> Document:
    from whistgui.app.examples import load_examples

    e = {x.number: x for x in load_examples()}[number]
    return Document.from_deal(e.deal, lead=e.lead or Player.WEST, title=e.title, note=e.note)


#: The views with dense text: the deal and its analysis, the α matrix, number lines, the tree
#: of reductions, the lattice and the play tree.
DENSE = {
    "table": (lambda: DEALS["26"](), FigureOptions()),
    "analysis": (lambda: _example(27), FigureOptions()),
    "matrix": (lambda: DEALS["26"](), FigureOptions(suit=1)),
    "numberline": (lambda: DEALS["26"](), FigureOptions(suit=2)),
    "tree": (lambda: _example(9), FigureOptions(depth=2)),
    "lattice": (lambda: Document.from_deal(Deal.parse("AQJ97/KT865")), FigureOptions()),
    "playtree": (lambda: _example(24), FigureOptions(depth=2)),
}


@pytest.mark.parametrize("font", ["dejavu-sans", "latin-modern"])
@pytest.mark.parametrize("view", list(DENSE))
def test_no_text_of_the_tikz_leaves_its_room_or_meets_another(
    tmp_path: Path, view: str, font: str
) -> None:
    make, options = DENSE[view]
    fig = build_figure(view, make(), FigureOptions(**{**_fields(options), "font": font}))
    words = compile_words(to_tikz(fig), tmp_path)
    assert len(words) >= len([i for i in fig.items if isinstance(i, Text)]) // 2
    assert layout_faults(fig, words) == []


def _fields(o: FigureOptions) -> dict[str, object]:
    return {name: getattr(o, name) for name in o.__slots__}  # type: ignore[attr-defined]


def _tight(width: float) -> Figure:
    """Two texts measured far narrower than any face sets them, side by side."""
    fig = Figure(120, 30)
    fig.add(Text(10, 20, "WWWW MMMM", 9, width))
    fig.add(Text(10 + width + 2, 20, "QQQQ", 9, width / 2))
    return fig


def test_text_wider_than_measured_is_squeezed_into_its_room(tmp_path: Path) -> None:
    fig = _tight(30)
    words = compile_words(to_tikz(fig), tmp_path)
    assert {w[4] for w in words} == {"WWWW", "MMMM", "QQQQ"}
    assert layout_faults(fig, words) == []
    right = max(w[2] for w in words if w[4] in ("WWWW", "MMMM"))
    assert right <= 10 + 30 + TOLERANCE
    height = {w[4]: w[3] - w[1] for w in words}
    unsqueezed = compile_words(to_tikz(Figure(120, 30, [Text(10, 20, "QQQQ", 9, 80)])), tmp_path)
    assert height["QQQQ"] == pytest.approx(unsqueezed[0][3] - unsqueezed[0][1], abs=0.01)


def _unfitted(tex: str, scale: float) -> str:
    """``tex`` with ``\\wgfit`` setting its text ``scale`` times as wide, never squeezed."""
    old = r"\providecommand{\wgfit}[2]{"
    assert old in tex
    return tex.replace(
        old,
        rf"\providecommand{{\wgfit}}[2]{{\scalebox{{{scale}}}[1]{{#2}}}}\providecommand{{\wgfitold}}[2]{{",
        1,
    )


def test_the_check_sees_text_set_wider_than_its_room(tmp_path: Path) -> None:
    fig = _tight(30)
    faults = layout_faults(fig, compile_words(_unfitted(to_tikz(fig), 1.0), tmp_path))
    assert any("runs past its room" in f for f in faults)
    assert any("overlaps" in f for f in faults)


def test_the_check_sees_a_dense_figure_set_wider_than_measured(tmp_path: Path) -> None:
    fig = build_figure("tree", _example(9), FigureOptions(depth=2, font="latin-modern"))
    faults = layout_faults(fig, compile_words(_unfitted(to_tikz(fig), 1.15), tmp_path))
    assert len(faults) > 10


def test_a_suit_of_the_lattice_is_written_as_the_paper_writes_sets(tmp_path: Path) -> None:
    fig = build_figure("lattice", Document.from_deal(Deal([SuitDeal.parse("AQ/KJ")])))
    words = {w[4] for w in compile_words(to_tikz(fig), tmp_path)}
    assert {"{1,2}", "{1}", "{2}", "∅"} <= words
