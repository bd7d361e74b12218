"""``whist render``: a figure for an article, drawn from the data with no screen — the deal, its
analysis, a suit's α matrix, number line, tree of reductions or R43 lattice, the record of
optimal play or the whole deal's play tree — as PNG, SVG, PDF or TikZ, laid out for a width, a
font size and a face (DejaVu Sans, or Latin Modern to match a LaTeX article; Qt is imported
only when the command runs)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from whistgui.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    MAX_PLAY_CARDS,
    add_game_option,
    check_hands,
    option_int,
    quote_path,
    require_suits,
)
from whistgui.engine import Deal, NotationError, Player, WhistError

#: The formats a figure is written in (whistgui.figures.FORMATS, not imported here: the
#: figures import Qt, which this module loads only when the command runs).
FORMATS: Final = ("png", "svg", "pdf", "tex")

VIEW_NAMES = (
    "deal",
    "analysis",
    "table",
    "matrix",
    "numberline",
    "tree",
    "lattice",
    "play",
    "playtree",
    "position",
    "quotient",
)
#: The faces a figure is set in (whistgui.figures.FONTS, not imported here: see FORMATS).
FONT_NAMES: Final = ("dejavu-sans", "latin-modern")


def register(sub: Any, add: Any) -> None:
    sp = sub.add_parser(
        "render",
        help="draw a figure of a deal (PNG, SVG, PDF or TikZ) for an article, with no screen",
        description=(
            "Draw a figure of a deal for an article: the deal as the papers print it, its "
            "analysis, a suit's α matrix, number line, tree of reductions or R43 lattice, the "
            "record of optimal play or the whole deal's play tree; laid out for a width, a font "
            "size and a face, written as PNG, SVG, PDF or TikZ (a standalone LaTeX document)."
        ),
    )
    sp.add_argument(
        "deal",
        metavar="DEAL",
        nargs="?",
        help="a deal in either notation, or a .whist file; with --game naming a game of heaps "
        "and piles, its position ('3 4 6', 'BBR RB'), or a .heaps file (none for --view "
        "quotient)",
    )
    sp.add_argument(
        "--out",
        "-o",
        required=True,
        metavar="FILE",
        help="FILE.png, .svg, .pdf or .tex; - for standard output (with --format)",
    )
    sp.add_argument(
        "--view",
        choices=VIEW_NAMES,
        default="table",
        help="deal; analysis; table (deal and analysis, the default); matrix, numberline, tree, "
        "lattice (of suit --suit; lattice: R43's lattice of trick sets, 1 to 6 cards a hand); "
        "play (the record of optimal play); playtree (the whole deal's tree of tricks along "
        "optimal play, --depth tricks deep); position (a game of heaps and piles, --game nim, "
        "hackenbush, …: its heaps or piles, each one's element and the sum's; the default for "
        "those games); quotient (a game of heaps: the multiplication table of its quotient "
        "monoid, within --max-heap K and --max-heaps M [--tests T] or --max-heap K --exact, as "
        "whist quotient computes it; by default the .heaps file's bounds or the game's)",
    )
    add_output_options(sp)
    sp.add_argument("--suit", type=int, default=1, help="the suit, counted from 1 (default 1)")
    sp.add_argument(
        "--depth",
        type=int,
        default=None,
        help="with --view tree: levels below the root (default 2); with --view playtree: "
        "tricks along optimal play (default 1)",
    )
    sp.add_argument(
        "--tricks",
        choices=["optimal", "all"],
        default=None,
        help="with --view playtree: the optimal tricks only (the default: a figure a page "
        "holds), or every trick from the start and from each optimal one",
    )
    sp.add_argument(
        "--cards", type=int, help="with --view play: the cards played (default: all of them)"
    )
    sp.add_argument(
        "--lead", choices=["W", "E"], help="who is on lead (default: West, or the file's)"
    )
    add_game_option(sp)
    sp.set_defaults(game=None)
    quotient = sp.add_argument_group("--view quotient (a game of heaps)")
    quotient.add_argument("--max-heap", type=int, metavar="K", help="heaps of 1 to K counters")
    quotient.add_argument("--max-heaps", type=int, metavar="M", help="positions of at most M heaps")
    quotient.add_argument(
        "--tests", type=int, metavar="T", help="test positions of at most T heaps (default M)"
    )
    quotient.add_argument(
        "--exact",
        action="store_true",
        help="the exact quotient of every position with heaps of at most K (octal games)",
    )


#: The resolutions a PNG may have, in dots per inch.
DPI_RANGE: Final = (10, 2400)
#: The formats whose files are binary: not written to a terminal.
_BINARY: Final = ("png", "pdf")


def add_output_options(p: Any) -> None:
    """The options every figure command shares: format, width, font size, DPI, outlines."""
    p.add_argument(
        "--format",
        choices=list(FORMATS),
        help="png, svg, pdf or tex (default: the file's extension; needed with --out -)",
    )
    p.add_argument(
        "--width",
        default="120mm",
        help="the figure's width, 7 mm to 1.7 m: a number and a unit mm, cm, m, in, pt or px "
        "(default 120mm)",
    )
    p.add_argument("--font-size", default="9pt", help="the size of the figure's text (default 9pt)")
    p.add_argument(
        "--font",
        choices=list(FONT_NAMES),
        default=FONT_NAMES[0],
        help="the face the figure is set in: dejavu-sans (the default: the app's sans-serif, "
        "every symbol in one face) or latin-modern (Latin Modern Roman, the serif of LaTeX "
        "articles); both ship with whistgui. PNG, SVG and PDF are set in the face chosen; a "
        "TikZ picture takes its LaTeX document's own sans-serif (dejavu-sans) or serif "
        "(latin-modern) family, each string anchored where the face chosen measured it",
    )
    p.add_argument(
        "--dpi",
        type=option_dpi,
        default=300,
        help=f"PNG resolution in dots per inch, a whole number from {DPI_RANGE[0]} to "
        f"{DPI_RANGE[1]} (default 300)",
    )
    p.add_argument("--outlines", action="store_true", help="SVG: text as the glyphs' outlines")


def option_dpi(text: str) -> int:
    """``--dpi``: a whole number (:func:`~whistgui.cli.common.option_int`), a refusal quoting
    ``text`` and saying so; its range is checked by :func:`output_kind`.

    >>> option_dpi("600")
    600
    >>> option_dpi("1.5")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '1.5' is not a whole number; expected digits 0-9, like 300
    """
    return option_int(text, like="300")


def output_kind(args: argparse.Namespace) -> str:
    """The format to write (``--format`` or the file's extension; ``--format`` alone when
    ``--out`` is ``-``, standard output), with ``--dpi`` checked; NotationError quoting what
    is wrong."""
    if args.out == STDOUT and args.format is None:
        raise NotationError(
            "--out -: standard output has no extension to tell the format; expected --format "
            "png, svg, pdf or tex"
        )
    kind = (args.format or Path(args.out).suffix.lstrip(".")).lower()
    if kind not in FORMATS:
        raise NotationError(
            f"--out {quote_path(args.out)}: expected a file name ending in .png, .svg, .pdf or "
            ".tex, or --format"
        )
    low, high = DPI_RANGE
    if not low <= args.dpi <= high:
        raise NotationError(f"--dpi {args.dpi}: expected {low} to {high} dots per inch")
    return kind


def figure_width(text: str) -> float:
    """``--width``: the length ``text`` in points (:func:`whistgui.figures.parse_length`: 7 mm
    to 1.7 m, in mm, cm, m, in, pt or px); a refusal names the option."""
    from whistgui.figures import parse_length

    return _option_length("--width", text, parse_length)


def figure_font_size(text: str) -> float:
    """``--font-size``: :func:`whistgui.figures.parse_font_size` of ``text``, a refusal naming
    the option and quoting ``text``, shortened when long."""
    from whistgui.figures import parse_font_size

    return _option_length("--font-size", text, parse_font_size)


def _option_length(option: str, text: str, parse: Callable[[str], float]) -> float:
    """``parse(text)``; its refusal (which quotes ``text``, shortened when long) said naming
    the option."""
    try:
        return parse(text)
    except NotationError as exc:
        raise NotationError(f"{option} {exc}") from None


def _document(args: argparse.Namespace) -> Any:
    """The document to draw: a .whist file, or the deal text; with the lead and the game the
    options name."""
    import dataclasses

    from whistgui.app.document import Document, load
    from whistgui.cli.common import find_trick_game

    text = args.deal
    if text.lower().endswith(".whist"):  # no deal ends so: a file, or why it cannot be read
        doc = load(text)  # its messages quote the name shortened when long
    else:
        deal = Deal.parse(text)
        require_suits(deal, text)
        doc = Document.from_deal(deal)
    if args.lead is not None:
        doc = dataclasses.replace(doc, lead=Player.parse(args.lead))
    if args.game is not None:
        doc = dataclasses.replace(doc, game=find_trick_game(args.game).name)
    if args.view == "play":  # the line of play is found as 'whist play' finds it
        # (a document's suit has at most 13 cards a hand: within the kernel)
        check_hands(doc.deal, text, MAX_PLAY_CARDS, "render --view play", _PLAY_LIMIT)
    return doc


#: Why the play figure has a limit (8 suits of 13 cards a hand took 66 s).
_PLAY_LIMIT = "every card of the line is marked: 104 cards a hand took over a minute"


def render(args: argparse.Namespace) -> int:
    """``whist render``: Qt is imported only here."""
    from whistgui.engine.heaps import is_heap_game
    from whistgui.figures import FigureOptions, build_figure

    if (args.game is not None and is_heap_game(args.game)) or (
        args.deal is not None and args.deal.lower().endswith(HEAPS_FILE)
    ):
        return render_heaps(args)
    if args.deal is None:
        sys.stderr.write(
            "whist render: error: the following arguments are required: DEAL (a deal, a .whist "
            "file, or with --game naming a game of heaps its position or a .heaps file)\n"
        )
        return EXIT_BAD_INPUT
    if _quotient_options(args):
        sys.stderr.write(
            f"whist render: error: {_quotient_options(args)[0]} is for --view quotient of a game "
            "of heaps (--game nim, octal:0.77, …)\n"
        )
        return EXIT_BAD_INPUT

    def draw() -> Any:
        output_kind(args)
        if args.depth is not None and args.depth < 0:
            raise NotationError(f"--depth {args.depth}: expected 0 or more")
        options = FigureOptions(
            width=figure_width(args.width),
            font_size=figure_font_size(args.font_size),
            suit=args.suit,
            depth=args.depth,
            cards=args.cards,
            font=args.font,
            optimal_only=None if args.tricks is None else args.tricks == "optimal",
        )
        return build_figure(args.view, _document(args), options)

    return write_figure(args, draw)


#: A saved game of heaps and piles (whistgui.app.heaps_files.FILE_SUFFIX, not imported here).
HEAPS_FILE: Final = ".heaps"


def render_heaps(args: argparse.Namespace) -> int:
    """``whist render --game G POSITION`` for a game of heaps and piles (or a .heaps file):
    the position, its elements and the sum's (:mod:`whistgui.figures.heaps`)."""
    from whistgui.app.heaps import HeapsDocument
    from whistgui.app.heaps_files import load_heaps
    from whistgui.figures import FigureOptions
    from whistgui.figures.heaps import build_heaps_figure

    def draw() -> Any:
        output_kind(args)
        if args.view not in ("table", "position", "quotient"):  # table: every command's default
            raise NotationError(
                f"--view {args.view}: a game of heaps and piles draws its position or its "
                "quotient's multiplication table; expected --view position or --view quotient"
            )
        view = "quotient" if args.view == "quotient" else "position"
        given = _quotient_options(args)
        if given and view != "quotient":
            raise NotationError(f"{given[0]} is for --view quotient; expected --view quotient")
        if args.lead is not None:
            raise NotationError(
                f"--lead {args.lead}: a game of heaps and piles has no lead; Left (Blue) moves "
                "first, or the file's player"
            )
        if args.deal is None:
            if view != "quotient":
                raise NotationError(
                    f"--game {args.game}: expected its POSITION ('3 4 6', 'BBR RB') or a .heaps "
                    "file to draw (only --view quotient draws none)"
                )
            doc = HeapsDocument.new(args.game)
        elif args.deal.lower().endswith(HEAPS_FILE):
            doc = load_heaps(args.deal)
            if args.game is not None and doc.game != args.game:
                raise NotationError(
                    f"--game {args.game}: {quote_path(args.deal)} holds a game of {doc.game}"
                )
        else:
            doc = HeapsDocument.new(args.game, args.deal)
        options = FigureOptions(
            width=figure_width(args.width), font_size=figure_font_size(args.font_size)
        )
        if view == "quotient":
            doc = doc.with_quotient(_bounds(args, doc.quotient))
        return build_heaps_figure(view, doc, options)

    return write_figure(args, draw)


def _quotient_options(args: argparse.Namespace) -> list[str]:
    """The options of --view quotient given."""
    names = (("--max-heap", "max_heap"), ("--max-heaps", "max_heaps"), ("--tests", "tests"))
    given = [o for o, a in names if getattr(args, a, None) is not None]
    return given + (["--exact"] if getattr(args, "exact", False) else [])


def _bounds(args: argparse.Namespace, saved: Any) -> Any:
    """The bounds of --view quotient: the options', else ``saved`` (a file's, or None: the
    game's defaults)."""
    from whistgui.app.heaps_quotient import QuotientBounds

    if not _quotient_options(args):
        return saved
    if args.max_heap is None or (args.max_heaps is None and not args.exact):
        raise NotationError(
            "--view quotient: expected --max-heap K and --max-heaps M (positions of at most M "
            "heaps of 1 to K counters), or --max-heap K --exact for an octal game's exact "
            "quotient"
        )
    if args.exact and (args.max_heaps is not None or args.tests is not None):
        raise NotationError("--exact classes every position: expected no --max-heaps or --tests")
    return QuotientBounds(args.max_heap, args.max_heaps or 0, args.tests, args.exact)


def write_figure(args: argparse.Namespace, draw: Callable[[], Any]) -> int:
    """Write the figure ``draw()`` builds (checking the options in its own order) to
    ``--out`` in the format :func:`output_kind` names, and print the file's name — or, when
    ``--out`` is ``-``, write the file's bytes to standard output and nothing else (a binary
    format not to a terminal). The figure is built in the face ``--font`` names; a bad
    option or input prints the reason and returns the bad-input status. A PNG larger than
    :func:`whistgui.figures.backends.check_image_size` allows is refused before painting."""
    from whistgui.figures import FigureError, using_font, write
    from whistgui.figures.backends import check_image_size, encode

    try:
        with using_font(getattr(args, "font", None)):  # the face every figure is built in
            fig = draw()
        kind = output_kind(args)
        if args.out == STDOUT and kind in _BINARY and _is_terminal(sys.stdout):
            raise NotationError(
                f"--out -: standard output is a terminal, and {kind.upper()} is binary; "
                f"expected a pipe or a redirection (> figure.{kind}), or --out FILE"
            )
        if kind == "png":
            check_image_size(fig, args.dpi, dpi_name="--dpi", width_name="--width")
        if args.out == STDOUT:
            _write_stdout(encode(fig, kind, dpi=args.dpi, outlines=args.outlines))
            return EXIT_OK
        written = write(fig, Path(args.out), kind, dpi=args.dpi, outlines=args.outlines)
    except (WhistError, FigureError) as exc:
        sys.stderr.write(f"whist: error: {exc}\n")
        return EXIT_BAD_INPUT
    sys.stdout.write(f"{written}\n")
    return EXIT_OK


#: ``--out -``: the figure on standard output.
STDOUT: Final = "-"


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no such method, or a closed stream
        return False


def _write_stdout(data: bytes) -> None:
    """The bytes of a figure's file on standard output: through its binary buffer, as the
    file holds them (a stream with none, as a test's, takes the text of SVG and TikZ)."""
    out = sys.stdout
    out.flush()  # anything written as text goes first
    buffer = getattr(out, "buffer", None)
    if buffer is not None:
        buffer.write(data)
        buffer.flush()
        return
    try:
        out.write(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise NotationError(
            "--out -: standard output takes only text here; expected --format svg or tex, "
            "or --out FILE"
        ) from None
