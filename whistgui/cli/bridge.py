"""``whist bridge``: four-hand bridge double dummy (issue 13) — the table of tricks for every
strain and declarer with par, whether a contract makes, and the winning line card by card with
each card's score. Deals are PBN deal strings (``N:AKQ8.… …``), PBN files (every board), or
``-`` for standard input (a PBN file, or deal strings one per line). ``render`` draws one board
as a figure for an article (:mod:`whistgui.figures.bridge`; Qt is imported only then)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, TextIO

from whistgui.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    input_json,
    input_lines,
    is_file,
    json_line,
    quote_path,
)
from whistgui.cli.render import (
    add_output_options,
    figure_font_size,
    figure_width,
    output_kind,
    write_figure,
)
from whistgui.engine import NotationError, WhistError
from whistgui.engine.bridge import (
    BridgeDeal,
    Contract,
    PbnBoard,
    Seat,
    Strain,
    read_pbn,
)
from whistgui.engine.bridge.dds import dd_table, par, winning_line
from whistgui.engine.reading import PATH_QUOTE_LIMIT, label, quote

_STRAINS = (Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT)


def register(sub: Any, add: Any) -> None:
    sp = sub.add_parser(
        "bridge",
        help="four-hand bridge double dummy: table, solve a contract, the winning line",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    bsub = sp.add_subparsers(dest="bridge_command", required=True)
    for name, what in (
        ("table", "the tricks each declarer takes in each strain, and par"),
        ("solve", "does the declarer make the contract, and with how many tricks"),
        ("line", "the line of play, card by card, each card with its score"),
    ):
        p = bsub.add_parser(name, help=what, description=what)
        p.add_argument("deals", nargs="+", metavar="PBN", help="a deal string, a .pbn file, or -")
        p.add_argument("--json", action="store_true", help="one JSON object per deal per line")
        if name != "table":
            p.add_argument("--contract", help="e.g. 4S, 3NT (default: the file's Contract)")
            p.add_argument("--declarer", help="N, E, S or W (default: the file's Declarer)")
        else:
            p.add_argument(
                "--vulnerable",
                type=vulnerability,
                default=None,
                help="None, NS, EW or All (default: the file's)",
            )
    _register_render(bsub)


#: The vulnerabilities, by every name PBN gives them (in lower case: ``Love`` and ``-`` are
#: ``None``, ``Both`` is ``All``), as :func:`whistgui.engine.bridge.dds.par` names them.
_VULNERABILITIES = {
    "none": "None",
    "love": "None",
    "-": "None",
    "ns": "NS",
    "ew": "EW",
    "all": "All",
    "both": "All",
}


def vulnerability(text: str) -> str:
    """``--vulnerable`` (or a file's Vulnerable tag) as par takes it; a refusal quoting
    ``text``, shortened when long, if it names no vulnerability."""
    name = _VULNERABILITIES.get(text.strip().lower())
    if name is None:
        raise argparse.ArgumentTypeError(
            f"{quote(text)} is not a vulnerability; expected None, NS, EW or All"
        )
    return name


def _register_render(bsub: Any) -> None:
    what = (
        "draw a board for an article: the deal diagram, its double-dummy table with par, or "
        "both, as PNG, SVG, PDF or TikZ"
    )
    p = bsub.add_parser("render", help=what, description=what[0].upper() + what[1:] + ".")
    p.add_argument("deal", metavar="PBN", help="a deal string, a .pbn file, or -")
    p.add_argument(
        "--out", "-o", required=True, metavar="FILE", help="FILE.png, .svg, .pdf or .tex"
    )
    p.add_argument(
        "--view",
        default="both",
        metavar="VIEW",
        help="deal (the diagram), ddtable (the double-dummy table and par) or both (the default)",
    )
    p.add_argument(
        "--board", type=int, default=1, metavar="N", help="the N-th board of a file (default 1)"
    )
    add_output_options(p)


@dataclass(frozen=True, slots=True)
class _Item:
    """One deal the arguments name: where it came from (for messages), the board or why it
    could not be read, and for a line of standard input or of a file its number and text."""

    where: str
    board: PbnBoard | WhistError
    line: int | None = None
    text: str | None = None


def _boards(args: list[str], stdin: TextIO) -> Iterator[_Item]:
    """Every deal the arguments name (a line of deal strings that does not parse comes as its
    error, so that the others are still answered)."""
    for a in args:
        if a == "-":
            text = stdin.read()
            yield from _from_text(text, "standard input")
        elif a.lower().endswith(".pbn") or is_file(a):
            where = label(a, PATH_QUOTE_LIMIT)
            items = list(_from_text(_read_file(a), where))
            if not items:  # (standard input may be an empty batch; a named file is a mistake)
                raise NotationError(
                    f'{where} holds no deal; expected PBN tags like [Deal "N:..."] or lines '
                    "of deal strings"
                )
            yield from items
        else:
            yield _Item("", PbnBoard.make(BridgeDeal.parse(a)), text=a)


def _read_file(name: str) -> str:
    """The text of a PBN file (or a file of deal strings) named on the command line: a regular
    file of at most ``MAX_PBN_BYTES`` in UTF-8, else a NotationError naming it."""
    from whistgui.app.bridge import MAX_PBN_BYTES
    from whistgui.app.document import DocumentError, read_file

    try:
        raw = read_file(name, "a PBN file or a file of deal strings", MAX_PBN_BYTES)
        return raw.decode("utf-8-sig")
    except DocumentError as exc:
        raise NotationError(str(exc)) from None
    except UnicodeDecodeError as exc:
        raise NotationError(
            f"cannot read {quote_path(name)}: not UTF-8 text (byte 0x{raw[exc.start]:02x} at "
            f"offset {exc.start}); expected a PBN file or a file of deal strings"
        ) from None


def _from_text(text: str, where: str) -> Iterator[_Item]:
    if "[" in text:  # a PBN file
        for i, board in enumerate(read_pbn(text), start=1):
            yield _Item(f"{where}, board {label(board.board or str(i))}: ", board)
        return
    # lines end at LF, CR or CR LF only (str.splitlines would also break at U+2028 and others)
    for number, line in enumerate(input_lines([text]), start=1):
        s = line.strip()
        if s and not s.startswith(("#", ";", "%")):
            try:
                board: PbnBoard | WhistError = PbnBoard.make(BridgeDeal.parse(s))
            except WhistError as exc:  # this line is said to be bad; the next ones go on
                board = exc
            yield _Item(f"{where}, line {number}: ", board, number, s)


def _contract(args: argparse.Namespace, board: PbnBoard) -> tuple[Contract, Seat]:
    contract = Contract.parse(args.contract) if args.contract else board.contract
    declarer = Seat.parse(args.declarer) if args.declarer else board.declarer
    if contract is None or declarer is None:
        raise NotationError(
            "no contract to play: give --contract (like 4S) and --declarer (N, E, S or W), "
            "or a PBN file with Contract and Declarer tags"
        )
    return contract, declarer


def _table(args: argparse.Namespace, board: PbnBoard, out: TextIO) -> None:
    deal = board.deal
    table = dd_table(deal)
    # the file's tag is one of PBN's names (read_pbn refuses others), not all of them par's
    vul = vulnerability(args.vulnerable or board.vulnerable or "None")
    result = par(deal, vul, board.dealer or Seat.N) if deal.size == 13 else None
    if args.json:
        obj: dict[str, Any] = {"deal": deal.to_pbn(), "tricks": table.to_json()}
        if result is not None:
            obj["par"] = {"score": result.score, "contracts": list(result.contracts)}
        out.write(json.dumps(obj, ensure_ascii=False) + "\n")
        return
    lines = [
        deal.to_pbn(),
        "     " + "".join(f"{s.symbol if s != Strain.NT else 'NT':>4}" for s in _STRAINS),
    ]
    for seat in Seat:
        lines.append(f"  {seat}  " + "".join(f"{table[seat, s]:>4}" for s in _STRAINS))
    if result is not None:
        lines.append(f"  par {result.score:+d} (NS): {', '.join(result.contracts) or 'pass'}")
    out.write("\n".join(lines) + "\n")


def _result_words(contract: Contract, tricks: int) -> str:
    over = tricks - contract.tricks_needed
    if over >= 0:
        return f"makes{f' with {over} overtrick' + ('s' if over > 1 else '') if over else ''}"
    return f"goes down {-over}"


def _result_json(
    deal: BridgeDeal, contract: Contract, declarer: Seat, tricks: int
) -> dict[str, Any]:
    """What ``solve --json`` prints, and ``line --json`` begins with."""
    return {
        "deal": deal.to_pbn(),
        "contract": str(contract),
        "declarer": str(declarer),
        "tricks": tricks,
        "makes": tricks >= contract.tricks_needed,
    }


def _solve(args: argparse.Namespace, board: PbnBoard, out: TextIO) -> None:
    deal = board.deal
    contract, declarer = _contract(args, board)
    tricks = dd_table(deal)[declarer, contract.strain]
    if args.json:
        obj = _result_json(deal, contract, declarer, tricks)
        out.write(json.dumps(obj, ensure_ascii=False) + "\n")
        return
    out.write(
        f"{deal.to_pbn()}\n  {contract} by {declarer.word}: {_result_words(contract, tricks)} "
        f"({tricks} tricks)\n"
    )


def _line(args: argparse.Namespace, board: PbnBoard, out: TextIO) -> None:
    """The winning line (§2.2), each card with its DDS score."""
    deal = board.deal
    contract, declarer = _contract(args, board)
    steps = winning_line(deal, contract, declarer)
    tricks = steps[-1].declarer_tricks if steps else 0
    if args.json:
        obj = {
            **_result_json(deal, contract, declarer, tricks),
            "line": [
                {
                    "trick": s.trick,
                    "seat": str(s.seat),
                    "card": str(s.card),
                    "score": s.score,
                    "declarer_tricks": s.declarer_tricks,
                }
                for s in steps
            ],
        }
        out.write(json.dumps(obj, ensure_ascii=False) + "\n")
        return
    lines = [f"{deal.to_pbn()}", f"  {contract} by {declarer.word}, {declarer.lho.word} leads"]
    for s in steps:
        lines.append(
            f"  {s.trick:>2}. {s.seat} {s.card!s:<4} scores {s.score:>2}"
            f"   (declarer then takes {s.declarer_tricks})"
        )
    lines.append(f"  {contract} by {declarer.word}: {_result_words(contract, tricks)} ({tricks})")
    out.write("\n".join(lines) + "\n")


def _chosen_board(args: argparse.Namespace, stdin: TextIO) -> PbnBoard:
    """The ``--board``-th board (from 1) that ``args.deal`` names."""
    boards = list(_boards([args.deal], stdin))
    n = args.board
    where = "standard input" if args.deal == "-" else quote_path(args.deal)
    if not boards:
        raise NotationError(f"{where} has no boards; expected a PBN deal or a PBN file")
    if not 1 <= n <= len(boards):
        has = f"{len(boards)} board{'s' if len(boards) != 1 else ''}"
        raise NotationError(f"--board {n}: {where} has {has}; expected 1 to {len(boards)}")
    item = boards[n - 1]
    if isinstance(item.board, WhistError):
        raise NotationError(f"{item.where}{item.board}")
    return item.board


def render(args: argparse.Namespace, stdin: TextIO | None = None) -> int:
    """``whist bridge render``: Qt is imported only here."""
    from whistgui.figures.bridge import BRIDGE_VIEWS, BridgeFigureOptions, build_bridge_figure

    lines = stdin if stdin is not None else sys.stdin

    def draw() -> Any:
        if args.view not in BRIDGE_VIEWS:
            raise NotationError(
                f"--view {quote(args.view)}: expected one of {', '.join(BRIDGE_VIEWS)}"
            )
        output_kind(args)
        options = BridgeFigureOptions(
            width=figure_width(args.width), font_size=figure_font_size(args.font_size)
        )
        return build_bridge_figure(args.view, _chosen_board(args, lines), options)

    return write_figure(args, draw)


def run(args: argparse.Namespace, stdin: TextIO | None = None) -> int:
    """``whist bridge …``: every deal answered; a bad one says why and the rest go on."""
    if args.bridge_command == "render":
        return render(args, stdin)
    stdin = stdin if stdin is not None else sys.stdin
    fn = {"table": _table, "solve": _solve, "line": _line}[args.bridge_command]
    status = EXIT_OK

    def refuse(item: _Item | None, message: str) -> None:
        """Say why a deal got no answer (with ``--json`` also an object with ``"error"`` in
        the place its answer would have had)."""
        nonlocal status
        sys.stderr.write(f"whist: error: {item.where if item else ''}{message}\n")
        status = EXIT_BAD_INPUT
        if args.json:
            obj: dict[str, Any] = {"error": message}
            if item is not None and item.text is not None:
                obj.update(input_json(item.text))
            if item is not None and item.line is not None:
                obj["line"] = item.line
            sys.stdout.write(json_line(obj) + "\n")

    for arg in args.deals:
        try:
            items = list(_boards([arg], stdin))
        except WhistError as exc:  # a deal argument, or a file, that cannot be read
            refuse(_Item("", exc, text=arg), str(exc))
            continue
        for item in items:
            if isinstance(item.board, WhistError):
                refuse(item, str(item.board))
                continue
            try:
                fn(args, item.board, sys.stdout)
            except WhistError as exc:
                refuse(item, str(exc))
            sys.stdout.flush()
    return status
