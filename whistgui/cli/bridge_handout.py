"""``whist bridge leads`` and ``whist bridge handout`` (issue 29): the 13 opening leads of a
contract with declarer's double-dummy tricks after each, and hand records — each board with its
diagram, double-dummy table, par and opening leads — as a many-page PDF, or one SVG or PNG a
board. Boards are read as the other ``whist bridge`` commands read them
(:mod:`whistgui.cli.bridge`); a board that cannot be read or answered is refused in its place
and the others are answered (exit status 2)."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Final, TextIO

from whistgui.cli.bridge_records import BOARD_HELP, PASSED_OUT, pick_board, tags_words
from whistgui.cli.common import EXIT_BAD_INPUT, EXIT_OK, input_json, json_line, quote_path
from whistgui.engine import NotationError, WhistError
from whistgui.engine.bridge import Contract, PbnBoard, PbnError, Seat, Suit
from whistgui.engine.reading import PATH_QUOTE_LIMIT, label, quote

__all__ = ["BOARDS_HELP", "parse_boards", "register", "run"]

#: The formats a handout is written in: PDF (pages), SVG and PNG (a file a board).
_KINDS: Final = ("pdf", "svg", "png")
#: The most boards one handout draws (a club's session has 24 to 36; a PBN file may hold
#: thousands, each a DDS table and a lead search).
MAX_HANDOUT_BOARDS: Final = 200

BOARDS_HELP: Final = (
    "the boards to draw: N, FIRST-LAST or a list of them, like 1-8 or 1-4,9, each number a "
    "board's Board tag, else its place in the file counted from 1 (default: every board)"
)


def register(bsub: Any) -> None:
    """``leads`` and ``handout`` under ``whist bridge``."""
    what = (
        "the 13 opening leads against a contract, each with the tricks declarer then takes "
        "double dummy"
    )
    p = bsub.add_parser("leads", help=what, description=what[0].upper() + what[1:] + ".")
    p.add_argument(
        "deals", nargs="+", metavar="DEAL", help="a deal string, a .pbn or .lin file, or -"
    )
    p.add_argument("--board", metavar="B", help=f"only {BOARD_HELP}, of each file")
    p.add_argument("--contract", help="e.g. 4S, 3NT (default: the file's Contract)")
    p.add_argument("--declarer", help="N, E, S or W (default: the file's Declarer)")
    p.add_argument("--json", action="store_true", help="one JSON object per board per line")

    what = (
        "hand records for a club or an article: each board named, its diagram with each hand's "
        "HCP, its double-dummy table, par with the vulnerability, and the opening leads "
        "against its contract (or against par's when it has none)"
    )
    p = bsub.add_parser(
        "handout",
        help="hand records: diagram, double-dummy table, par and opening leads of each board",
        description=what[0].upper() + what[1:] + ".",
    )
    p.add_argument("deal", metavar="FILE", help="a .pbn or .lin file (or a deal string, or -)")
    p.add_argument(
        "--out",
        "-o",
        required=True,
        metavar="FILE",
        help="FILE.pdf: one PDF, the boards set --per-page to an A4 page; FILE.svg or "
        "FILE.png: one file a board, named by its place in the file: FILE-1.svg, FILE-2.svg, …",
    )
    p.add_argument(
        "--per-page",
        type=int,
        choices=(1, 2, 4),
        default=2,
        help="PDF: boards a page, 1, 2 or 4 (default 2)",
    )
    p.add_argument("--boards", metavar="RANGE", help=BOARDS_HELP)
    p.add_argument(
        "--dpi", type=int, default=150, help="PNG resolution in dots per inch (default 150)"
    )
    p.add_argument(
        "--font",
        choices=("dejavu-sans", "latin-modern"),
        default="dejavu-sans",
        help="the face: dejavu-sans (the default) or latin-modern",
    )


_RANGE: Final = re.compile(r"\s*(\d{1,6})\s*(?:-\s*(\d{1,6})\s*)?")


def parse_boards(text: str, count: int, names: Sequence[str] = ()) -> list[int]:
    """``--boards`` (``3``, ``1-8``, ``1-4,9``) as the places, from 1, of the boards of a file
    of ``count``, in order, each once; NotationError quoting ``text`` and saying what is
    expected. Each number is, as ``--board`` everywhere (:func:`~whistgui.cli.bridge_records.
    pick_board`), the board whose tag it is among ``names`` (the boards' Board tags), else the
    board at that place.

    >>> parse_boards("1-3,5", 6)
    [1, 2, 3, 5]
    >>> parse_boards("12-13", 3, ["11", "12", "13"])
    [2, 3]
    >>> parse_boards("9-2", 12)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.NotationError: --boards '9-2': 9-2 runs backwards; expected ...
    """
    chosen: list[int] = []
    seen: set[int] = set()
    tagged: dict[str, int] = {}  # a Board tag → its board's place (the first so tagged)
    for place, name in enumerate(names, start=1):
        tagged.setdefault(name, place)
    for part in text.split(","):
        m = _RANGE.fullmatch(part)
        if m is None:
            raise NotationError(
                f"--boards {quote(text)} is not a range of boards; expected N, FIRST-LAST or a "
                "list of them, like 1-8 or 1-4,9"
            )
        first = int(m.group(1))
        last = int(m.group(2)) if m.group(2) is not None else first
        if first > last:
            raise NotationError(
                f"--boards {quote(text)}: {first}-{last} runs backwards; expected FIRST-LAST "
                f"with FIRST at most LAST, like {last}-{first}"
            )
        for n in range(first, last + 1):
            place = tagged.get(str(n), n)
            if not 1 <= place <= count:
                has = f"{count} board{'s' if count != 1 else ''}"
                raise NotationError(
                    f"--boards {quote(text)}: the file has {has}; expected boards 1 to {count}"
                    + tags_words(names).replace("a Board tag", "their Board tags")
                )
            if place not in seen:  # (at most count places: any other is refused above)
                seen.add(place)
                chosen.append(place)
    return chosen


def _refuse(args: argparse.Namespace, where: str, message: str, **obj: Any) -> None:
    """Say why a board got no answer (with ``--json`` an object with ``"error"`` in its
    place)."""
    sys.stdout.flush()
    sys.stderr.write(f"whist: error: {where}{message}\n")
    sys.stderr.flush()
    if getattr(args, "json", False):
        sys.stdout.write(json_line({"error": message, **obj}) + "\n")


#: ``items(arg, stdin)``: the boards an argument names, as :mod:`whistgui.cli.bridge` reads
#: them (each with ``where``, ``board`` — a PbnBoard or the error in its place — and ``name``).
Items = Callable[[str, TextIO], Iterable[Any]]
#: ``contract(args, board)``: the contract and declarer of ``--contract``/``--declarer`` or
#: the board's, as :mod:`whistgui.cli.bridge` finds them.
ContractOf = Callable[[argparse.Namespace, PbnBoard], tuple[Contract, Seat]]


def _reason(exc: WhistError) -> str:
    """What is wrong, without the board's name when the item's ``where`` gives it."""
    return exc.reason if isinstance(exc, PbnError) and exc.number is not None else str(exc)


def run(
    args: argparse.Namespace, stdin: TextIO | None, items: Items, contract_of: ContractOf
) -> int:
    """``whist bridge leads`` or ``whist bridge handout``, the boards read by ``items`` and
    the contract found by ``contract_of`` (:mod:`whistgui.cli.bridge` passes its own: this
    module does not import it, which imports this one)."""
    stdin = stdin if stdin is not None else sys.stdin
    if args.bridge_command == "leads":
        status = EXIT_OK
        for arg in args.deals:
            status = max(status, _run_leads(args, arg, stdin, items, contract_of))
        return status
    return _run_handout(args, stdin, items)


# -- leads -------------------------------------------------------------------------------------
def _run_leads(
    args: argparse.Namespace, arg: str, stdin: TextIO, read: Items, contract_of: ContractOf
) -> int:
    """The leads of the boards one argument names (``--board``: only that one); a refusal
    of the argument itself (a file that cannot be read, a deal that does not parse) quotes
    it."""
    try:
        items = list(read(arg, stdin))
        if args.board is not None:
            where = "standard input" if arg == "-" else label(arg, PATH_QUOTE_LIMIT)
            names = [item.name or str(i) for i, item in enumerate(items, start=1)]
            items = [items[pick_board(names, args.board, where)]]
    except WhistError as exc:
        _refuse(args, "", str(exc), **input_json(arg))
        return EXIT_BAD_INPUT
    status = EXIT_OK
    for item in items:
        try:
            if isinstance(item.board, WhistError):
                raise item.board
            board: PbnBoard = item.board
            if board.passed_out and not (args.contract or args.declarer):
                _passed_out(args, item, board)
                continue
            contract, declarer = contract_of(args, board)
            _leads(args, item, board, contract, declarer)
        except WhistError as exc:
            status = EXIT_BAD_INPUT
            extra = {} if item.name is None else {"board": item.name}
            _refuse(args, item.where, _reason(exc), **extra)
        sys.stdout.flush()
    return status


def _passed_out(args: argparse.Namespace, item: Any, board: PbnBoard) -> None:
    """A passed-out board's answer in its place: no contract, so no opening lead."""
    deal = board.deal.to_pbn()
    if args.json:
        obj = {"deal": deal, "passed_out": True, "note": PASSED_OUT}
        named = obj if item.name is None else {"board": item.name, **obj}
        sys.stdout.write(json.dumps(named, ensure_ascii=False) + "\n")
        return
    heading = item.heading
    lines = [deal, f"  {PASSED_OUT}"]
    sys.stdout.write("\n".join([heading, *lines] if heading is not None else lines) + "\n")


def _leads(
    args: argparse.Namespace, item: Any, board: PbnBoard, contract: Contract, declarer: Seat
) -> None:
    from whistgui.engine.bridge.contract import result_words
    from whistgui.engine.bridge.leads import opening_leads
    from whistgui.engine.trick.cards import rank_text

    deal = board.deal
    leads = opening_leads(deal, contract, declarer)
    if args.json:
        obj = {
            "deal": deal.to_pbn(),
            "contract": str(contract),
            **leads.to_json(),
            "tricks": leads.best_tricks,
        }
        named = obj if item.name is None else {"board": item.name, **obj}
        sys.stdout.write(json.dumps(named, ensure_ascii=False) + "\n")
        return
    said = contract.words  # as the figures: 3♣x
    lines = [
        deal.to_pbn(),
        f"  {said} by {declarer.word}, {leads.leader.word} leads; declarer's tricks after each "
        "lead:",
    ]
    for suit in (Suit.S, Suit.H, Suit.D, Suit.C):
        cards = [lead for lead in leads.leads if lead.card.suit is suit]
        row = "  ".join(
            f"{rank_text(lead.card.rank, style='paper')}:{lead.tricks}" for lead in cards
        )
        lines.append(f"  {suit.symbol}  {row or '—'}")
    best = " ".join(
        f"{lead.card.suit.symbol}{rank_text(lead.card.rank, style='paper')}" for lead in leads.best
    )
    words = result_words(contract, leads.best_tricks, deal.size)
    lines.append(f"  best leads: {best} ({leads.best_tricks} tricks: {said} {words})")
    heading = item.heading  # "Board 3" for a board of a PBN file with a Board tag
    sys.stdout.write("\n".join([heading, *lines] if heading is not None else lines) + "\n")


# -- handout -----------------------------------------------------------------------------------
def _kind(out: str) -> str:
    kind = Path(out).suffix.lstrip(".").lower()
    if kind not in _KINDS:
        raise NotationError(
            f"--out {quote_path(out)}: expected a file name ending in .pdf (one PDF of pages), "
            ".svg or .png (a file a board)"
        )
    folder = Path(out).parent
    if not folder.is_dir():
        raise NotationError(
            f"--out {quote_path(out)}: there is no folder {quote_path(str(folder))} to write it in"
        )
    return kind


def _run_handout(args: argparse.Namespace, stdin: TextIO, read: Items) -> int:
    from whistgui.engine.bridge.dds import dd_tables
    from whistgui.figures import FigureError, using_font
    from whistgui.figures.backends import check_image_size, encode
    from whistgui.figures.handout import (
        board_file,
        board_sheet,
        build_board_sheet,
        handout_pages,
        sheet_layout,
        to_pdf_pages,
    )

    status = EXIT_OK
    try:
        kind = _kind(args.out)
        if not 10 <= args.dpi <= 2400:
            raise NotationError(f"--dpi {args.dpi}: expected 10 to 2400 dots per inch")
        items = list(read(args.deal, stdin))
        if not items:
            where = "standard input" if args.deal == "-" else label(args.deal, PATH_QUOTE_LIMIT)
            raise NotationError(f"{where} has no boards; expected a PBN file")
        places = (
            parse_boards(args.boards, len(items), [item.name or "" for item in items])
            if args.boards is not None
            else list(range(1, len(items) + 1))
        )
        if len(places) > MAX_HANDOUT_BOARDS:
            raise NotationError(
                f"{len(places):,} boards: a handout draws at most {MAX_HANDOUT_BOARDS}; "
                "expected --boards choosing fewer, like 1-36"
            )
        good: list[tuple[int, Any, PbnBoard]] = []
        for place in places:
            item = items[place - 1]
            if isinstance(item.board, WhistError):
                status = EXIT_BAD_INPUT
                _refuse(args, item.where, _reason(item.board))
            else:
                good.append((place, item, item.board))
        tables = dd_tables([board.deal for _, _, board in good])
        per_page = args.per_page
        size, width = sheet_layout(per_page, kind)
        sheets: list[tuple[int, Any]] = []
        with using_font(args.font):
            for (place, item, board), table in zip(good, tables, strict=True):
                try:
                    if isinstance(table, WhistError):
                        raise table
                    name = board.board or str(place)
                    sheet = board_sheet(board, name, table)
                    sheets.append((place, build_board_sheet(sheet, width, size)))
                except WhistError as exc:
                    status = EXIT_BAD_INPUT
                    _refuse(args, item.where, _reason(exc))
            # the pages are painted (PDF) and written in the face asked for, as they were
            # laid out: PDF embedded only DejaVu whatever --font said
            if not sheets:
                raise NotationError("no board could be drawn; nothing written")
            written: list[Path] = []
            if kind == "pdf":
                title = f"Hand records: {Path(args.deal).name}" if args.deal != "-" else ""
                pages = handout_pages([fig for _, fig in sheets], per_page, title)
                written.append(_write(Path(args.out), to_pdf_pages(pages, title or "Hand records")))
            else:
                for place, fig in sheets:
                    if kind == "png":
                        check_image_size(fig, args.dpi, dpi_name="--dpi")
                    written.append(
                        _write(board_file(Path(args.out), place), encode(fig, kind, dpi=args.dpi))
                    )
    except (WhistError, FigureError) as exc:
        _refuse(args, "", str(exc))
        return EXIT_BAD_INPUT
    for path in written:
        sys.stdout.write(f"{path}\n")
    return status


def _write(path: Path, data: bytes) -> Path:
    from whistgui.figures import FigureError

    try:
        path.write_bytes(data)
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise FigureError(f"could not write {quote_path(str(path))}: {reason}") from None
    return path
