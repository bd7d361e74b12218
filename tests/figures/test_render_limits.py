"""Hostile input to ``whist render`` (issue 16): an image too large to paint, a deal of
thousands of suits, a ``.whist`` name that is no file, an output name of 100,000 characters —
each refused in one line quoting the input and naming the limit, with exit status 2, before
any painting or layout."""

from __future__ import annotations

import io
import os

import pytest

from whistgui.cli import main
from whistgui.cli.common import EXIT_BAD_INPUT
from whistgui.engine import Deal, WhistError
from whistgui.figures import MAX_SUITS, FigureError, check_suits, write
from whistgui.figures import backends as backends_module
from whistgui.figures.backends import (
    MAX_IMAGE_PIXELS,
    MAX_IMAGE_SIDE,
    check_image_size,
    image_size,
)
from whistgui.figures.scene import Figure

BRIDGE_DEAL = "N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T943.A987.QJ4.K7 5.T62.7653.QT986"


def run(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Exit status, standard output and standard error of ``whist argv…`` — as the file
    descriptors see them, so that a line Qt writes itself counts too."""
    code = main(list(argv), stdin=io.StringIO(""))
    out, err = capfd.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    assert err.count("\n") == 1, err
    assert err.startswith("whist: error: "), err
    return err


@pytest.fixture
def no_painting(monkeypatch: pytest.MonkeyPatch) -> None:
    """Painting, or making the image to paint on, fails the test."""

    def fail(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("painted")

    monkeypatch.setattr(backends_module, "paint", fail)
    monkeypatch.setattr(backends_module, "to_image", fail)


@pytest.fixture
def no_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Analysing, or laying out a deal, its analysis or its play, fails the test."""
    import whistgui.app.analysis
    import whistgui.figures.analysis
    import whistgui.figures.deal
    import whistgui.figures.play

    def fail(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("laid out")

    monkeypatch.setattr(whistgui.app.analysis, "analyse", fail)
    monkeypatch.setattr(whistgui.figures.deal, "build_deal", fail)
    monkeypatch.setattr(whistgui.figures.analysis, "build_analysis", fail)
    monkeypatch.setattr(whistgui.figures.play, "build_play", fail)


# -- 1. the pixel size of a PNG ------------------------------------------------------------
@pytest.mark.usefixtures("no_painting")
@pytest.mark.parametrize(
    ("argv", "size"),
    [
        (["--width", "1.7m", "--dpi", "2400", "AQ/KJ"], "160,634 × 4,000 px"),
        (["--width", "1.7m", "--dpi", "2400", "--view", "play", "AKQJT9/865432"], "160,634 × "),
        (["--width", "1m", "--dpi", "600", "AQ/KJ"], "23,625 × 1,000 px"),  # one side too many
    ],
)
def test_a_png_too_large_is_refused_before_painting(capfd, tmp_path, argv, size):
    out = tmp_path / "big.png"
    code, stdout, err = run(capfd, "render", "-o", str(out), *argv)
    assert code == EXIT_BAD_INPUT
    assert stdout == ""
    one_line(err)
    assert size in err
    assert f"at most {MAX_IMAGE_SIDE:,} px a side" in err
    assert "lower --dpi" in err
    assert "--width" in err
    assert "folder" not in err
    assert not out.exists()


def test_the_refusal_says_which_resolution_fits():
    fig = Figure(4819, 96)  # 1.7 m wide
    with pytest.raises(FigureError, match="fits at 298 dpi or less") as info:
        check_image_size(fig, 2400)
    assert "the resolution" in str(info.value)
    assert check_image_size(fig, 298) == image_size(fig, 298)
    w, h = image_size(fig, 298)
    assert w <= MAX_IMAGE_SIDE
    assert image_size(fig, 299)[0] > MAX_IMAGE_SIDE
    # a square figure is held by the count of pixels, not its sides
    square = Figure(1000, 1000)
    with pytest.raises(FigureError, match="megapixels"):
        check_image_size(square, 1000)  # 13,889 px a side, 193 megapixels
    w, h = image_size(square, 720)
    assert w * h <= MAX_IMAGE_PIXELS


@pytest.mark.usefixtures("no_painting")
def test_the_writer_refuses_it_too(tmp_path):
    """The app's Export Figure and anything else that calls :func:`write`."""
    with pytest.raises(FigureError, match=r"160,634 × 4,000 px .* lower the resolution"):
        write(Figure(4819, 120), tmp_path / "big.png", dpi=2400)


def test_the_clipboard_image_is_refused_before_painting(monkeypatch):
    def fail(*_args: object) -> None:
        raise AssertionError("painted")

    monkeypatch.setattr(backends_module, "paint", fail)
    with pytest.raises(FigureError, match="too large"):
        backends_module.to_image(Figure(4819, 120), 2400)


@pytest.mark.usefixtures("no_painting")
def test_bridge_render_shares_the_limit(capfd, tmp_path):
    out = tmp_path / "board.png"
    code, _, err = run(
        capfd, "bridge", "render", BRIDGE_DEAL, "-o", str(out), "--width", "1.7m", "--dpi", "2400"
    )
    assert code == EXIT_BAD_INPUT
    one_line(err)
    assert "px image" in err
    assert "lower --dpi" in err
    assert not out.exists()


def test_a_vector_figure_has_no_pixel_limit(capfd, tmp_path):
    out = tmp_path / "wide.pdf"
    code, stdout, err = run(
        capfd, "render", "-o", str(out), "--width", "1.7m", "--dpi", "2400", "AQ/KJ"
    )
    assert (code, err) == (0, "")
    assert stdout == f"{out}\n"
    assert out.read_bytes().startswith(b"%PDF")


# -- 2. the suits a figure draws -----------------------------------------------------------
@pytest.mark.usefixtures("no_layout", "no_painting")
@pytest.mark.parametrize("view", ["table", "analysis", "deal"])  # play: its own limit, below
def test_more_suits_than_a_figure_draws_are_refused_before_layout(capfd, tmp_path, view):
    deal = " ".join(["A/K"] * 400)
    code, stdout, err = run(capfd, "render", "-o", str(tmp_path / "r.png"), "--view", view, deal)
    assert code == EXIT_BAD_INPUT
    assert stdout == ""
    one_line(err)
    assert "'A/K A/K A/K" in err  # the deal, quoted short
    assert len(err) < 300
    assert f"has 400 suits; the {view} figure draws at most {MAX_SUITS}" in err


@pytest.mark.usefixtures("no_layout", "no_painting")
def test_a_whist_file_of_more_suits_than_a_figure_draws_is_refused(capfd, tmp_path):
    from whistgui.app.document import Document, save

    path = tmp_path / "big.whist"
    save(Document.from_deal(Deal.parse(" ".join(["A/K"] * 300))), path)
    code, _, err = run(capfd, "render", "-o", str(tmp_path / "r.svg"), str(path))
    assert code == EXIT_BAD_INPUT
    one_line(err)
    assert f"has 300 suits; the table figure draws at most {MAX_SUITS}" in err


def test_the_limit_is_on_the_views_of_every_suit():
    from whistgui.app.document import Document

    many = Document.from_deal(Deal.parse(" ".join(["A/K"] * (MAX_SUITS + 1))))
    enough = Document.from_deal(Deal.parse(" ".join(["A/K"] * MAX_SUITS)))
    for view in ("deal", "analysis", "table", "play"):
        with pytest.raises(WhistError, match=f"at most {MAX_SUITS}"):
            check_suits(view, many)
        check_suits(view, enough)
    for view in ("matrix", "numberline", "tree"):  # one suit drawn
        check_suits(view, many)


# -- 3. a .whist name that names no file ---------------------------------------------------
def test_a_whist_name_is_always_a_file(capfd, tmp_path):
    (tmp_path / "dir.whist").mkdir()
    os.symlink(tmp_path / "loop2.whist", tmp_path / "loop1.whist")
    os.symlink(tmp_path / "loop1.whist", tmp_path / "loop2.whist")
    out = str(tmp_path / "r.png")
    for name, reason in [
        ("nonexist.whist", "does not exist"),
        ("dir.whist", "is a folder"),
        ("loop1.whist", "cannot be read"),
        ("DEAL.WHIST", "does not exist"),
    ]:
        path = str(tmp_path / name)
        code, _, err = run(capfd, "render", "-o", out, path)
        assert code == EXIT_BAD_INPUT, name
        one_line(err)
        assert f"{path!r} {reason}" in err
        assert "has no '/'" not in err


def test_a_long_whist_name_is_quoted_short(capfd, tmp_path):
    name = "A" * 100_000 + ".whist"
    code, _, err = run(capfd, "render", "-o", str(tmp_path / "r.png"), name)
    assert code == EXIT_BAD_INPUT
    one_line(err)
    assert len(err) < 400
    assert "cannot be read" in err
    assert ".whist'" in err


# -- 4. an output name of 100,000 characters -----------------------------------------------
@pytest.mark.parametrize("kind", ["png", "pdf", "svg", "tex"])
def test_a_long_output_name_is_quoted_short(capfd, tmp_path, kind):
    name = str(tmp_path / ("A" * 100_000 + f".{kind}"))
    code, stdout, err = run(capfd, "render", "-o", name, "AQ/KJ")
    assert code == EXIT_BAD_INPUT
    assert stdout == ""
    one_line(err)  # and no line of Qt's (QPainter::begin(): Returned false)
    assert "QPainter" not in err
    assert len(err) < 400
    assert "could not write '" in err
    assert f"A.{kind}'" in err
    assert "name too long" in err.lower()


@pytest.mark.parametrize("kind", ["png", "pdf"])
def test_a_missing_folder_is_named_with_the_reason(capfd, tmp_path, kind):
    name = str(tmp_path / "missing" / f"f.{kind}")
    code, _, err = run(capfd, "render", "-o", name, "AQ/KJ")
    assert code == EXIT_BAD_INPUT
    one_line(err)
    assert f"could not write {name!r}: No such file or directory" in err


# -- 5. the play figure's line is found as 'whist play' finds it --------------------------------
@pytest.mark.usefixtures("no_layout", "no_painting")
def test_the_play_figure_has_the_play_commands_limits(capfd, tmp_path):
    """8 suits of 13 cards a hand took 66 s to play out for the figure (issue 16's second
    review): the figure takes what 'whist play' takes."""
    from whistgui.cli.common import MAX_PLAY_CARDS

    big = " ".join(["A/K"] * (MAX_PLAY_CARDS + 1))
    code, _, err = run(capfd, "render", "-o", str(tmp_path / "p.svg"), "--view", "play", big)
    assert code == EXIT_BAD_INPUT
    one_line(err)
    assert f"takes at most {MAX_PLAY_CARDS} (every card of the line is marked" in err


def test_a_tall_figure_is_refused_in_words_that_fit_it():
    """A figure too tall for an image: the width is not offered (narrower, it is taller),
    the figure's own way to be smaller is, and PDF only where a page holds it; the error is a
    WhistError, which the app says as it is (the Export dialog said "internal error:
    FigureError: …" — issue 25's review, F7)."""
    tall = Figure(340, 9000, smaller="choose a smaller depth")
    with pytest.raises(WhistError) as info:
        check_image_size(tall, 300)
    said = str(info.value)
    assert isinstance(info.value, FigureError)
    assert "the width" not in said
    assert "choose a smaller depth, or write SVG or PDF" in said
    taller = Figure(340, 20_000, smaller="choose a smaller depth")
    with pytest.raises(FigureError, match=r"or write SVG$"):
        check_image_size(taller, 300)
    wide = Figure(4819, 96)
    with pytest.raises(FigureError, match=r"or the width, or write SVG or PDF$"):
        check_image_size(wide, 2400)


@pytest.mark.parametrize(("fmt", "what"), [("pdf", "a PDF page"), ("tex", "a TikZ picture")])
def test_a_page_too_large_for_a_vector_format_is_refused_before_writing(tmp_path, fmt, what):
    """The image's limit is an image's: a PDF or TikZ figure of any size an image refuses is
    written (below), one longer than the format's page refused in plain words."""
    fine = Figure(340, 9000)
    write(fine, tmp_path / f"fine.{fmt}")  # 3.2 m: too large for an image, not for a page
    huge = Figure(340, 20_000, smaller="choose a smaller depth")
    with pytest.raises(FigureError) as info:
        write(huge, tmp_path / f"huge.{fmt}")
    said = str(info.value)
    assert said.startswith(f"a figure of 120 × 7,056 mm is too large for {what}")
    assert "choose a smaller depth" in said
    assert not (tmp_path / f"huge.{fmt}").exists()
