"""``whist bridge``: four-hand bridge double dummy (issue 13) — the table of tricks for every
strain and declarer with par, whether a contract makes, and the winning line card by card with
each card's score. Deals are PBN deal strings, PBN files (every board), or ``-`` for standard
input. ``render`` draws one board as a figure (:mod:`whistgui.figures.bridge`; Qt is imported
only then). Boards are answered in order, several full deals solved together as DDS batches; a
board that cannot be read or answered is refused in its place and the others are answered."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import partial
from itertools import chain, islice
from typing import Any, Final, TextIO

from whistgui.cli import bridge_records
from whistgui.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    input_json,
    input_lines,
    is_file,
    json_line,
    read_stdin,
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
    PbnError,
    Seat,
    Strain,
)
from whistgui.engine.bridge.contract import result_words
from whistgui.engine.bridge.dds import DDTable, dd_tables, par, winning_line
from whistgui.engine.bridge.lin import is_lin, iter_lin, iter_records
from whistgui.engine.bridge.par_words import par_words
from whistgui.engine.bridge.pbn import pbn_text
from whistgui.engine.reading import PATH_QUOTE_LIMIT, label, quote

#: The text table's columns, in the app's order (its DD table and figures): NT ♠ ♥ ♦ ♣.
_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
#: the table's rows, partners together as in the figures' table (figures.bridge.TABLE_SEATS)
TABLE_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)

#: What ``whist bridge --help`` says: for users, in plain words (the module's docstring is for
#: the code's readers).
DESCRIPTION = (
    "Four-hand bridge, double dummy: the tricks each declarer takes in each strain, with par "
    "(table); whether a contract makes (solve); the winning line, card by card, each card with "
    "declarer's tricks after it (line); a board drawn as a figure (render). A deal is a PBN "
    "deal string such as 'N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T943.A987.QJ4.K7 "
    "5.T62.7653.QT986', a PBN file (every board in it), a LIN file from BBO, or - for standard "
    "input (a PBN or LIN file, or deal strings one per line); --board B answers only board B "
    "of each file (its Board tag, else the B-th board). analyse gives each played card's "
    "double-dummy cost, deal makes random deals to order. A board that cannot be read is "
    "reported in its place and the other boards are still answered; the exit status is then 2."
)

#: Boards read ahead: the full deals among them are solved together, as one DDS batch.
BATCH: Final = 40


def register(sub: Any, add: Any) -> None:
    sp = sub.add_parser(
        "bridge",
        help="four-hand bridge double dummy: table, solve a contract, the winning line",
        description=DESCRIPTION,
    )
    bsub = sp.add_subparsers(dest="bridge_command", required=True)
    for name, what in (
        ("table", "the tricks each declarer takes in each strain, and par"),
        ("solve", "does the declarer make the contract, and with how many tricks"),
        (
            "line",
            "the winning line, card by card, each card with declarer's tricks after it "
            "(double dummy, those already won included, as analyse counts them)",
        ),
    ):
        p = bsub.add_parser(name, help=what, description=what)
        p.add_argument(
            "deals", nargs="+", metavar="PBN", help="a deal string, a .pbn or .lin file, or -"
        )
        p.add_argument("--json", action="store_true", help="one JSON object per deal per line")
        p.add_argument(
            "--board", metavar="B", help=f"only {bridge_records.BOARD_HELP}, of each file"
        )
        if name != "table":
            p.add_argument(
                "--contract",
                type=contract_option,
                help="e.g. 4S, 3NT (default: the file's Contract)",
            )
            p.add_argument(
                "--declarer",
                type=declarer_option,
                help="N, E, S or W (default: the file's Declarer)",
            )
        else:
            p.add_argument(
                "--vulnerable",
                type=vulnerability,
                default=None,
                help="None, NS, EW or All (default: the file's)",
            )
    _register_render(bsub)
    bridge_records.register(bsub)
    from whistgui.cli import bridge_handout  # leads and handout (issue 29)

    bridge_handout.register(bsub)


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


def contract_option(text: str) -> str:
    """``--contract``, checked once before any board is read (a bad one is an argument's
    error, said once, not once a board); the text as given."""
    try:
        Contract.parse(text)
    except WhistError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def declarer_option(text: str) -> str:
    """``--declarer``, checked once as :func:`contract_option` checks ``--contract``."""
    try:
        Seat.parse(text)
    except WhistError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def _register_render(bsub: Any) -> None:
    what = (
        "draw a board for an article: the deal diagram, its double-dummy table with par, "
        "both, or the first trick's tree, as PNG, SVG, PDF or TikZ"
    )
    p = bsub.add_parser("render", help=what, description=what[0].upper() + what[1:] + ".")
    p.add_argument("deal", metavar="DEAL", help="a deal string, a .pbn or .lin file, or -")
    p.add_argument(
        "--out", "-o", required=True, metavar="FILE", help="FILE.png, .svg, .pdf or .tex"
    )
    p.add_argument(
        "--view",
        default="both",
        metavar="VIEW",
        help="deal (the diagram), ddtable (the double-dummy table and par), both (the default) "
        "or tricktree (the first trick's tree, ∃/∀ levels, for the contract)",
    )
    p.add_argument("--board", metavar="B", help=f"{bridge_records.BOARD_HELP} (default: the first)")
    p.add_argument(
        "--contract",
        type=contract_option,
        help="tricktree: e.g. 4S (default: the file's, or par's)",
    )
    p.add_argument(
        "--declarer",
        type=declarer_option,
        help="tricktree: N, E, S or W (default: the file's, or par's)",
    )
    add_output_options(p)


@dataclass(frozen=True, slots=True)
class _Item:
    """One deal the arguments name: where it came from (for messages), the board or why it
    could not be read; for a line of standard input or of a file its number and text, for a
    board of a PBN file the line where it starts; for every deal read from a file or standard
    input its name (``"board"`` with ``--json``): a PBN board's Board tag or its number in the
    file, a line's deal its number among the file's deals."""

    where: str
    board: PbnBoard | WhistError
    line: int | None = None
    text: str | None = None
    name: str | None = None
    #: why the board's played cards were left out (they could not be read: the board is
    #: answered without them, and this is said on standard error)
    note: str | None = None

    @property
    def heading(self) -> str | None:
        """The line plain text prints before the board's answer: ``Board 3`` for a board of
        a PBN file with a Board tag (so that, a board refused, the others are still told
        apart), else None (a deal string, a line of deals, a board without a tag: the deal
        is the answer's first line)."""
        board = self.board
        if isinstance(board, PbnBoard) and self.name is not None and board.board:
            room = board.tag("Room")  # a teams match's two tables: Board 1 (Open)
            return f"Board {self.name}" + (f" ({label(room)})" if room else "")
        return None


def _items(arg: str, stdin: TextIO) -> Iterator[_Item]:
    """The deals one argument names, read as they are answered; a file that cannot be read,
    or holds no deal, is a NotationError raised here, before any of them."""
    if arg == "-":
        where, text, lin = "standard input", read_stdin(stdin), False
    elif arg.lower().endswith((".pbn", ".lin")) or is_file(arg):
        where, text = label(arg, PATH_QUOTE_LIMIT), _read_file(arg)
        lin = arg.lower().endswith(".lin")
    else:
        return iter((_Item("", PbnBoard.make(BridgeDeal.parse(arg)), text=arg),))
    _check_text(text, where)
    items = _few_errors(_from_text(text, where, lin=lin), where)
    first = next(items, None)
    if first is None:  # an empty file, or empty standard input, is a mistake
        raise NotationError(
            f'{where} holds no deal; expected PBN tags like [Deal "N:..."], LIN pairs like '
            "md|…|, or lines of deal strings"
        )
    return chain((first,), items)


#: Unreadable boards or lines shown one by one before a file none of whose boards reads is
#: summed up in one line (a PNG or /etc/passwd named by mistake: not 29 lines of mojibake).
SHOWN_ERRORS: Final = 3


def _check_text(text: str, where: str) -> None:
    """A NotationError, said once, for a file that is not text: a NUL or another control
    character (not a tab, a line end or a form feed) among its first 4,096 characters, as
    every image or program has and no PBN, LIN or deal string."""
    head = text[:4096]
    bad = next((i for i, c in enumerate(head) if ord(c) < 32 and c not in "\t\n\r\f"), None)
    if bad is not None:
        raise NotationError(
            f"{where} is not a PBN or LIN file: it holds binary data (character {bad + 1} is "
            f"{head[bad]!r}); expected a text file of PBN tags, LIN pairs or deal strings"
        )


def _few_errors(items: Iterator[_Item], where: str) -> Iterator[_Item]:
    """``items``, but once :data:`SHOWN_ERRORS` have failed and none has been read, the
    rest of the failures counted and said in one last item (the boards that read are still
    answered in their place)."""
    good = bad = hidden = 0
    last: _Item | None = None
    for item in items:
        if not isinstance(item.board, WhistError):
            good += 1
            yield item
        elif good or bad < SHOWN_ERRORS:
            bad += 1
            yield item
        else:
            hidden += 1
            last = item
    if hidden and last is not None:
        unit = "line" if last.text is not None else "board"
        total = bad + hidden
        said = (
            f"not a PBN or LIN file: {total} {unit}s unreadable, the first {bad} shown above"
            if not good  # (a file with readable boards after its first faults: the count)
            else f"{hidden} more {unit}s unreadable (the last at line {last.line}), not shown"
        )
        yield _Item(
            f"{where}: ",
            NotationError(f"{said}; expected PBN tags, LIN pairs or deal strings"),
        )


def _boards(args: list[str], stdin: TextIO) -> Iterator[_Item]:
    """Every deal the arguments name (a board or a line that does not parse comes as its
    error, so that the others are still answered)."""
    for arg in args:
        yield from _items(arg, stdin)


def _read_file(name: str) -> str:
    """The text of a PBN file (or a file of deal strings) named on the command line: a regular
    file of at most ``MAX_PBN_BYTES``, read as UTF-8, else as ISO 8859-1 (:func:`pbn_text`);
    a NotationError naming it if it cannot be read."""
    from whistgui.app.bridge import MAX_PBN_BYTES
    from whistgui.app.document import DocumentError, read_file

    try:
        raw = read_file(name, "a PBN file or a file of deal strings", MAX_PBN_BYTES)
    except DocumentError as exc:
        raise NotationError(str(exc)) from None
    return pbn_text(raw)


def _from_text(text: str, where: str, *, lin: bool = False) -> Iterator[_Item]:
    if lin or "[" in text or is_lin(text):  # PBN or LIN (.lin): each board, or why not
        for i, (start, read) in enumerate(iter_lin(text) if lin else iter_records(text), 1):
            name = read.label if isinstance(read, PbnError) else label(read.board or str(i))
            yield _Item(f"{where}, board {name} (line {start}): ", read, start, name=name)
        return
    # lines end at LF, CR or CR LF only (str.splitlines would also break at U+2028 and others)
    deals = 0
    for number, line in enumerate(input_lines([text]), start=1):
        s = line.strip()
        if s and not s.startswith(("#", ";", "%")):
            deals += 1
            try:
                board: PbnBoard | WhistError = PbnBoard.make(BridgeDeal.parse(s))
            except WhistError as exc:  # this line is said to be bad; the next ones go on
                board = exc
            yield _Item(f"{where}, line {number}: ", board, number, s, name=str(deals))


def _reason(exc: WhistError) -> str:
    """What is wrong, without the board's name when the item's ``where`` gives it."""
    return exc.reason if isinstance(exc, PbnError) and exc.number is not None else str(exc)


def _contract(args: argparse.Namespace, board: PbnBoard) -> tuple[Contract, Seat]:
    contract = Contract.parse(args.contract) if args.contract else board.contract
    declarer = Seat.parse(args.declarer) if args.declarer else board.declarer
    if args.contract and declarer is None:  # name only what is missing
        raise NotationError(
            f"--contract {quote(args.contract)} is given without --declarer; "
            "give --declarer (N, E, S or W)"
        )
    if args.declarer and contract is None:
        raise NotationError(
            f"no contract to play: --declarer {quote(args.declarer)} is given without "
            "--contract; "
            "give --contract (like 4S)"
        )
    if contract is None or declarer is None:
        raise NotationError(
            "no contract to play: give --contract (like 4S) and --declarer (N, E, S or W), "
            "or a board with a contract (a PBN Contract and Declarer tag, or a LIN auction)"
        )
    return contract, declarer


PASSED_OUT: Final = "passed out — no contract to play"


def is_passed_out(args: argparse.Namespace, board: PbnBoard) -> bool:
    """Whether ``board`` was passed out and no ``--contract`` or ``--declarer`` asks for one
    to be played anyway: such a board's answer is :func:`_passed_out`'s note, not an error."""
    return board.passed_out and not (args.contract or args.declarer)


def _passed_out(args: argparse.Namespace, item: _Item, board: PbnBoard, out: TextIO) -> None:
    """A passed-out board's answer in its place (exit status 0): the deal, and that there is
    no contract and no play; with ``--json`` ``{"board", "deal", "passed_out": true, "note"}``."""
    if args.json:
        obj = {"deal": board.deal.to_pbn(), "passed_out": True, "note": PASSED_OUT}
        out.write(json.dumps(_named(item, obj), ensure_ascii=False) + "\n")
        return
    out.write(_lines_of(item, [board.deal.to_pbn(), f"  {PASSED_OUT}"]))


def _named(item: _Item, obj: dict[str, Any]) -> dict[str, Any]:
    """``obj`` with the item's ``"board"`` first, for a deal read from a file or standard
    input (an answer is told apart from the others, as an error in its place is)."""
    return obj if item.name is None else {"board": item.name, **obj}


def _lines_of(item: _Item, lines: list[str]) -> str:
    """Plain text's answer: the board's heading line (:attr:`_Item.heading`) if it has one,
    then ``lines``."""
    heading = item.heading
    return "\n".join([heading, *lines] if heading is not None else lines) + "\n"


def _table(
    args: argparse.Namespace, item: _Item, board: PbnBoard, table: DDTable, out: TextIO
) -> None:
    deal = board.deal
    # the file's tag is one of PBN's names (read_pbn refuses others), not all of them par's
    vul = vulnerability(args.vulnerable or board.vulnerable or "None")
    result = par(table, vul, board.dealer or Seat.N) if deal.size == 13 else None
    if args.json:
        obj: dict[str, Any] = {"deal": deal.to_pbn(), "tricks": table.to_json()}
        if result is not None:
            obj["par"] = {"score": result.score, "contracts": list(result.contracts)}
            obj["par_text"] = par_words(result, vul)
        out.write(json.dumps(_named(item, obj), ensure_ascii=False) + "\n")
        return
    lines = [
        deal.to_pbn(),
        "     " + "".join(f"{s.symbol if s != Strain.NT else 'NT':>4}" for s in _STRAINS),
    ]
    for seat in TABLE_SEATS:  # N S E W, as the figures' table
        lines.append(f"  {seat}  " + "".join(f"{table[seat, s]:>4}" for s in _STRAINS))
    if result is not None:  # as players write it, as the figures do: 3♠ N/S +140 (both vul)
        lines.append(f"  par {par_words(result, vul)}")
    out.write(_lines_of(item, lines))


def _result_json(
    deal: BridgeDeal, contract: Contract, declarer: Seat, tricks: int
) -> dict[str, Any]:
    """What ``solve --json`` prints, and ``line --json`` begins with: ``"makes"`` for a full
    deal only (an ending's tricks are those of the tricks left)."""
    obj: dict[str, Any] = {
        "deal": deal.to_pbn(),
        "contract": str(contract),
        "declarer": str(declarer),
        "tricks": tricks,
        "tricks_left": deal.size,
    }
    if deal.size == 13:
        obj["makes"] = tricks >= contract.tricks_needed
    return obj


def _solve(
    args: argparse.Namespace,
    item: _Item,
    board: PbnBoard,
    contract: Contract,
    declarer: Seat,
    table: DDTable,
    out: TextIO,
) -> None:
    deal = board.deal
    tricks = table[declarer, contract.strain]
    if args.json:
        obj = _result_json(deal, contract, declarer, tricks)
        out.write(json.dumps(_named(item, obj), ensure_ascii=False) + "\n")
        return
    counted = f" ({tricks} tricks)" if deal.size == 13 else ""
    words = result_words(contract, tricks, deal.size)
    out.write(
        _lines_of(item, [deal.to_pbn(), f"  {contract.words} by {declarer.word}: {words}{counted}"])
    )


def _line(args: argparse.Namespace, item: _Item, board: PbnBoard, out: TextIO) -> None:
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
        out.write(json.dumps(_named(item, obj), ensure_ascii=False) + "\n")
        return
    # one column, one side's: declarer's tricks after each card, double dummy, those already
    # won included (as analyse counts them); a side's own score switched sides card by card
    # 3♣x as players write it: --json keeps PBN's 3CX
    lines = [
        f"{deal.to_pbn()}",
        f"  {contract.words} by {declarer.word}, {declarer.lho.word} leads",
        "  trick card  declarer's tricks after it",
    ]
    for k, s in enumerate(steps):
        trick = f"{s.trick:>2}." if k == 0 or steps[k - 1].trick != s.trick else "   "
        lines.append(f"  {trick}  {s.seat} {s.card!s:<4} {s.declarer_tricks:>2}")
    counted = f" ({tricks})" if deal.size == 13 else ""
    said = result_words(contract, tricks, deal.size)
    lines.append(f"  {contract.words} by {declarer.word}: {said}{counted}")
    out.write(_lines_of(item, lines))


def _board_of(items: Iterator[_Item], wanted: str, arg: str) -> _Item:
    """The item ``--board`` names among an argument's (its Board tag, else its place:
    :func:`bridge_records.pick_board`, as every ``whist bridge`` command reads it)."""
    read = list(items)
    names = [item.name or str(i) for i, item in enumerate(read, start=1)]
    where = "standard input" if arg == "-" else label(arg, PATH_QUOTE_LIMIT)
    return read[bridge_records.pick_board(names, wanted, where)]


def _chosen_board(args: argparse.Namespace, stdin: TextIO) -> PbnBoard:
    """The board ``--board`` names (its Board tag, else its place:
    :func:`bridge_records.pick_board`), the first without it. The boards are read once; only
    the two that may be chosen are kept."""
    wanted = None if args.board is None else str(args.board).strip()
    names: list[str] = []
    first = by_tag = by_place = None
    for i, item in enumerate(_boards([args.deal], stdin), start=1):
        names.append(item.name or str(i))
        first = first or item
        if by_tag is None and names[-1] == wanted:
            by_tag = item
        if str(i) == wanted:
            by_place = item
    where = "standard input" if args.deal == "-" else label(args.deal, PATH_QUOTE_LIMIT)
    if first is None:
        raise NotationError(f"{where} has no boards; expected a PBN deal or a LIN or PBN file")
    chosen = first
    if wanted is not None:
        bridge_records.pick_board(names, wanted, where)  # the refusal, if it names none
        chosen = by_tag or by_place or first
    if isinstance(chosen.board, WhistError):
        raise NotationError(f"{chosen.where}{_reason(chosen.board)}")
    return chosen.board


def render(args: argparse.Namespace, stdin: TextIO | None = None) -> int:
    """``whist bridge render``: Qt is imported only here."""
    from whistgui.figures.bridge import BRIDGE_FIGURES, BridgeFigureOptions, build_bridge_figure

    lines = stdin if stdin is not None else sys.stdin

    def draw() -> Any:
        if args.view not in BRIDGE_FIGURES:
            raise NotationError(
                f"--view {quote(args.view)}: expected one of {', '.join(BRIDGE_FIGURES)}"
            )
        output_kind(args)
        options = BridgeFigureOptions(
            width=figure_width(args.width), font_size=figure_font_size(args.font_size)
        )
        board = _chosen_board(args, lines)
        if args.view != "tricktree" or not (args.contract or args.declarer):
            return build_bridge_figure(args.view, board, options)
        contract, declarer = _contract(args, board)
        return build_bridge_figure(args.view, board, options, contract=contract, declarer=declarer)

    return write_figure(args, draw)


def run(args: argparse.Namespace, stdin: TextIO | None = None) -> int:
    """``whist bridge …``: every deal answered in order; a bad one says why in its place and
    the rest go on (exit status 2). ``table`` and ``solve`` read :data:`BATCH` boards ahead
    and solve their full deals together, as one DDS batch."""
    if args.bridge_command == "render":
        return render(args, stdin)
    if args.bridge_command in bridge_records.COMMANDS:
        return bridge_records.run(args, stdin)

    if args.bridge_command in ("leads", "handout"):
        from whistgui.cli import bridge_handout

        return bridge_handout.run(args, stdin, _items, _contract)
    stdin = stdin if stdin is not None else sys.stdin
    status = EXIT_OK

    def refuse(item: _Item, message: str) -> None:
        """Say why a deal got no answer (with ``--json`` also an object with ``"error"`` in
        the place its answer would have had)."""
        nonlocal status
        status = EXIT_BAD_INPUT
        sys.stdout.flush()  # what was answered before it comes first
        sys.stderr.write(f"whist: error: {item.where}{message}\n")
        sys.stderr.flush()
        if args.json:
            obj: dict[str, Any] = {"error": message}
            if item.text is not None:
                obj.update(input_json(item.text))
            if item.name is not None:
                obj["board"] = item.name
            if item.line is not None:
                obj["line"] = item.line
            sys.stdout.write(json_line(obj) + "\n")

    for arg in args.deals:
        try:
            items = _items(arg, stdin)
            if args.board is not None:
                items = iter((_board_of(items, args.board, arg),))
        except WhistError as exc:  # a deal argument, or a file, that cannot be read
            refuse(_Item("", exc, text=arg), str(exc))
            continue
        while batch := list(islice(map(_without_play, items), BATCH)):
            for item, answer in _answers(args, batch):
                try:
                    if isinstance(answer, WhistError):
                        raise answer
                    answer(sys.stdout)  # (each works out its answer before it writes)
                except WhistError as exc:
                    refuse(item, _reason(exc))
                    continue
                sys.stdout.flush()
                if item.note is not None:
                    sys.stderr.write(f"whist: note: {item.where}{item.note}\n")
                    sys.stderr.flush()
    return status


def _without_play(item: _Item) -> _Item:
    """A board whose played cards alone could not be read, as the board without them, with
    a note saying so: table, solve and line need no play (analyse, which does, refuses it)."""
    board = item.board
    if isinstance(board, PbnError) and board.without_play is not None:
        note = f"{_reason(board)}; the played cards are left out (the answer needs none of them)"
        return replace(item, board=board.without_play, note=note)
    return item


def _answers(
    args: argparse.Namespace, batch: list[_Item]
) -> Iterator[tuple[_Item, Callable[[TextIO], None] | WhistError]]:
    """Each item with what writes its answer, or the error in its place; for ``table`` and
    ``solve`` the tables of the batch's deals are solved together (:func:`dd_tables`)."""
    command = args.bridge_command
    ready: list[tuple[PbnBoard, tuple[Contract, Seat] | None] | WhistError] = []
    for item in batch:
        board = item.board
        if isinstance(board, WhistError):
            ready.append(board)
            continue
        if command in ("solve", "line") and is_passed_out(args, board):
            ready.append((board, None))
            continue
        try:
            ready.append((board, _contract(args, board) if command == "solve" else None))
        except WhistError as exc:  # solve: no contract to play
            ready.append(exc)
    if command == "line":
        for item, it in zip(batch, ready, strict=True):
            if isinstance(it, WhistError):
                yield item, it
            else:
                said = _passed_out if is_passed_out(args, it[0]) else _line
                yield item, partial(said, args, item, it[0])
        return
    tables = iter(dd_tables([it[0].deal for it in ready if not isinstance(it, WhistError)]))
    for item, it in zip(batch, ready, strict=True):
        if isinstance(it, WhistError):
            yield item, it
            continue
        board, contract = it
        table = next(tables)
        if isinstance(table, WhistError):
            yield item, table
        elif command == "solve" and contract is None:  # passed out (is_passed_out)
            yield item, partial(_passed_out, args, item, board)
        elif contract is None:
            yield item, partial(_table, args, item, board, table)
        else:
            yield item, partial(_solve, args, item, board, *contract, table)
