"""``whist bridge analyse`` and ``whist bridge deal`` (issue 29): the double-dummy cost of
every card of a hand record's played line (DDS's AnalysePlay), and random deals to order
(a Dealer-language constraint, :mod:`whistgui.engine.bridge.dealing`). Registered by
:mod:`whistgui.cli.bridge`; a hand record is a LIN or a PBN file, or ``-``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, Final, TextIO

from whistgui.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    ProgressLine,
    json_line,
    option_int,
    read_stdin,
)
from whistgui.engine import NotationError, WhistError
from whistgui.engine.bridge import PbnBoard, PbnError, Seat, write_pbn
from whistgui.engine.bridge.lin import iter_lin, iter_records
from whistgui.engine.bridge.pbn import pbn_text
from whistgui.engine.bridge.records import board_rotation
from whistgui.engine.reading import PATH_QUOTE_LIMIT, label, quote

__all__ = ["BOARD_HELP", "COMMANDS", "PASSED_OUT", "pick_board", "register", "run", "tags_words"]

#: The sub-commands this module answers.
COMMANDS: Final = ("analyse", "deal")

#: A passed-out board's answer (``solve``, ``line``, ``leads``, ``analyse``): not an error.
PASSED_OUT: Final = "passed out — no contract to play"
#: ``--board``'s help, the same meaning in every command (:func:`pick_board`).
BOARD_HELP: Final = "board B: its Board tag (as printed: Board 12), else the B-th board of the file"


def pick_board(names: Sequence[str], wanted: str, where: str) -> int:
    """The place (from 0) of board ``wanted`` among boards named ``names`` (each board's
    Board tag, or its number in the file without one): the board whose tag it is, else the
    ``wanted``-th board; ``--board`` means this in every ``whist bridge`` command.

    >>> pick_board(["11", "12", "13"], "12", "f.lin"), pick_board(["11", "12"], "2", "f.lin")
    (1, 1)
    """
    wanted = str(wanted).strip()
    if wanted in names:
        return list(names).index(wanted)
    if wanted.isascii() and wanted.isdigit() and 1 <= int(wanted) <= len(names):
        return int(wanted) - 1
    if not names:
        raise NotationError(f"{where} has no boards; expected a LIN or PBN file of boards")
    has = f"{len(names)} board{'s' if len(names) != 1 else ''}"
    shown = wanted if wanted.isascii() and wanted.isdigit() and len(wanted) < 10 else quote(wanted)
    raise NotationError(
        f"--board {shown}: {where} has {has}; expected 1 to {len(names)}{tags_words(names)}"
    )


def tags_words(names: Sequence[str]) -> str:
    """``, or a Board tag (11, 12, …)`` when the boards' tags are not their places (nothing
    when they are: 1, 2, 3 …)."""
    if all(name == str(i) for i, name in enumerate(names, start=1)):
        return ""
    return f", or a Board tag ({', '.join(names[:20])}{', …' if len(names) > 20 else ''})"


ANALYSE: Final = (
    "For each board of a hand record (a LIN file from BBO, or a PBN file with a [Play] section) "
    "that has a played line: each card with its seat, declarer's double-dummy tricks after it "
    "(as DDS's AnalysePlay counts them: the tricks of the whole deal, those already won "
    "included) and what it cost its side (0: as good as the best card). With --json one object "
    'a board, a line each: {"board", "contract", "declarer", "cards": [{"seat", '
    '"card", "tricks", "cost"}, ...]}.'
)

DEAL: Final = (
    "Random deals that meet a constraint in the language of the Dealer program (read by "
    "endplay.dealer). Hands: north east south west. Functions: hcp(h), spades(h) hearts(h) "
    "diamonds(h) clubs(h) (lengths), controls(h), loser(h), hascard(h, AS), and a suit's part: "
    "hcp(h, spades); shape(h, 5431 + any 4333 + any 4432 - 4333) — exact shapes in the order "
    "spades hearts diamonds clubs (x: any length), 'any' in any order. Operators: + - * / %, "
    "== != < <= > >=, && || ! (and, or, not), ? : and parentheses. Example: 'hcp(south) >= 15 "
    "&& hcp(south) <= 17 && shape(south, any 4333 + any 4432 + any 5332) && spades(north) >= "
    "5'. A constraint too rare to meet gives up after --max-tries deals."
)


def register(bsub: Any) -> None:
    """Add ``analyse`` and ``deal`` to ``whist bridge``'s sub-commands."""
    what = "the double-dummy cost of each card of a hand record's played line"
    p = bsub.add_parser("analyse", help=what, description=ANALYSE)
    p.add_argument("file", metavar="FILE", help="a .lin or .pbn file, or - for standard input")
    p.add_argument("--board", metavar="B", help=f"only {BOARD_HELP}")
    p.add_argument("--json", action="store_true", help="one JSON object per board per line")
    what = "random deals that meet a constraint (Dealer's language)"
    p = bsub.add_parser("deal", help=what, description=DEAL)
    p.add_argument(
        "--constraint",
        metavar="EXPR",
        help="the condition each deal meets, e.g. 'hcp(north) >= 20' (default: any deal)",
    )
    p.add_argument("--count", type=_count, default=1, metavar="K", help="deals (default 1)")
    p.add_argument(
        "--seed", type=_seed, default=None, metavar="S", help="the same S, the same deals"
    )
    p.add_argument(
        "--max-tries",
        type=_tries,
        default=None,
        metavar="N",
        help="deals tried before giving up (default 100,000: half a minute or so)",
    )
    kind = p.add_mutually_exclusive_group()
    kind.add_argument("--json", action="store_true", help="one JSON object per deal per line")
    kind.add_argument("--pbn", action="store_true", help="a PBN file: boards 1 to K")


def _count(text: str) -> int:
    n = option_int(text)
    if not 1 <= n <= 10_000:
        raise argparse.ArgumentTypeError(f"{quote(text)}: expected a count from 1 to 10,000")
    return n


def _seed(text: str) -> int:
    n = option_int(text, like="42")
    if n < 0:
        raise argparse.ArgumentTypeError(f"{quote(text)}: expected a seed from 0")
    return n


def _tries(text: str) -> int:
    n = option_int(text, like="100000")
    if n < 1:
        raise argparse.ArgumentTypeError(f"{quote(text)}: expected a count of tries from 1")
    return n


def run(args: argparse.Namespace, stdin: TextIO | None = None) -> int:
    stdin = stdin if stdin is not None else sys.stdin
    if args.bridge_command == "deal":
        return _deal(args)
    return _analyse(args, stdin)


def _refuse(args: argparse.Namespace, message: str, at: str = "", **where: Any) -> None:
    """Say why on standard error after ``at`` (``FILE, board 8 (line 2): ``, as table,
    solve and line say where), and with ``--json`` as an object with ``"error"``."""
    sys.stdout.flush()
    sys.stderr.write(f"whist: error: {at}{message}\n")
    sys.stderr.flush()
    if args.json:
        sys.stdout.write(json_line({"error": message, **where}) + "\n")
        sys.stdout.flush()


def _text(name: str, stdin: TextIO) -> str:
    """The text of the file ``name`` (or of standard input for ``-``), at most
    ``MAX_PBN_BYTES``, as UTF-8 else ISO 8859-1; NotationError naming it if it cannot be read."""
    from whistgui.app.bridge import MAX_PBN_BYTES
    from whistgui.app.document import DocumentError, read_file

    if name == "-":
        return read_stdin(stdin, "a LIN or PBN file")
    try:
        return pbn_text(read_file(name, "a LIN or PBN file", MAX_PBN_BYTES))
    except DocumentError as exc:
        raise NotationError(str(exc)) from None


def _analyse(args: argparse.Namespace, stdin: TextIO) -> int:
    from whistgui.engine.bridge.analysis import analyse_play

    where = "standard input" if args.file == "-" else label(args.file, PATH_QUOTE_LIMIT)
    try:
        text = _text(args.file, stdin)
    except WhistError as exc:
        _refuse(args, str(exc))
        return EXIT_BAD_INPUT
    status = EXIT_OK
    reads = list(iter_lin(text) if args.file.lower().endswith(".lin") else iter_records(text))
    names = [
        read.label if isinstance(read, PbnError) else label(read.board or str(i))
        for i, (_, read) in enumerate(reads, start=1)
    ]
    if not names:
        _refuse(args, f"{where} holds no board; expected a LIN or PBN hand record")
        return EXIT_BAD_INPUT
    chosen = range(len(reads))
    if args.board is not None:
        try:
            chosen = range(k := pick_board(names, args.board, where), k + 1)
        except WhistError as exc:
            _refuse(args, str(exc))
            return EXIT_BAD_INPUT
    analysed = 0
    for k in chosen:
        (start, read), name = reads[k], names[k]
        if isinstance(read, PbnError):
            status = EXIT_BAD_INPUT
            at = f"{where}, board {name} (line {start}): "
            _refuse(args, read.reason, at, board=name, line=start)
            continue
        if read.passed_out:  # no contract, no play: an answer, not an error
            analysed += 1
            _write_passed_out(args, name)
            continue
        if not read.play:
            if args.board is not None:
                status = EXIT_BAD_INPUT
                _refuse(
                    args,
                    "the board has no played cards; expected a [Play] section (PBN) or pc| "
                    "cards (LIN)",
                    f"{where}, board {name}: ",
                    board=name,
                )
            continue
        contract, declarer = read.contract, read.declarer
        if contract is None or declarer is None:  # (a board with a play has both)
            continue
        try:
            analysis = analyse_play(read.deal, contract, declarer, read.play)
        except WhistError as exc:
            status = EXIT_BAD_INPUT
            _refuse(args, str(exc), f"{where}, board {name}: ", board=name)
            continue
        analysed += 1
        _write_analysis(args, name, read, analysis)
    if not analysed and status == EXIT_OK:
        _refuse(
            args,
            f"{where} has no board with a played line; expected pc| cards (LIN) or "
            "a [Play] section (PBN)",
        )
        return EXIT_BAD_INPUT
    return status


def _write_passed_out(args: argparse.Namespace, name: str) -> None:
    if args.json:
        obj = {"board": name, "passed_out": True, "note": PASSED_OUT}
        sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(f"Board {name}: {PASSED_OUT}\n")
    sys.stdout.flush()


def _write_analysis(args: argparse.Namespace, name: str, board: PbnBoard, analysis: Any) -> None:
    if args.json:
        obj = {
            "board": name,
            "contract": str(analysis.contract),
            "declarer": str(analysis.declarer),
            "cards": [card.to_json() for card in analysis.cards],
        }
        sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
        sys.stdout.flush()
        return
    contract, declarer = analysis.contract, analysis.declarer
    lines = [
        f"Board {name}: {contract.words} by {_player(board, declarer)}, "
        f"{_player(board, declarer.lho)} leads; "
        f"{analysis.start} tricks for declarer double dummy before the lead",
    ]
    for k, card in enumerate(analysis.cards):
        trick = f"{k // 4 + 1:>2}." if k % 4 == 0 else "   "
        cost = f"  costs {card.cost}" if card.cost else ""
        lines.append(f"  {trick} {card.seat} {card.card!s:<3} {card.tricks:>2}{cost}")
    costly = sum(1 for c in analysis.cards if c.cost)
    lines.append(f"  {costly} costly card{'s' if costly != 1 else ''} of {len(analysis.cards)}")
    sys.stdout.write("\n".join(lines) + "\n")
    sys.stdout.flush()


def _player(board: PbnBoard, seat: Seat) -> str:
    """The seat and, when the record names its player, the player: ``South (Lindqvist)``
    (a long or unprintable name quoted short)."""
    name = board.tag(seat.word) or ""
    if not name.strip("? "):
        return seat.word
    return f"{seat.word} ({label(' '.join(name.split()))})"


def _deal(args: argparse.Namespace) -> int:
    from whistgui.engine.bridge.dealing import MAX_TRIES, constrained_deals

    with ProgressLine(sys.stderr) as line:

        def progress(found: int, tried: int) -> None:
            if line.due():
                line(f"{tried:,} deals tried, {found} of {args.count} found")

        try:
            deals = constrained_deals(
                args.constraint,
                args.count,
                args.seed,
                max_tries=args.max_tries or MAX_TRIES,
                progress=progress,
            )
        except WhistError as exc:
            message = f"--constraint: {exc}" if isinstance(exc, NotationError) else str(exc)
            _refuse(args, message, game="bridge", input=args.constraint)
            return EXIT_BAD_INPUT
    if args.pbn:
        boards = []
        for i, d in enumerate(deals, start=1):
            dealer, vulnerable = board_rotation(i)  # as duplicate boards are dealt
            boards.append(PbnBoard.make(d, board=i, dealer=dealer, vulnerable=vulnerable))
        sys.stdout.write(write_pbn(boards))
    elif args.json:
        for i, d in enumerate(deals, start=1):
            sys.stdout.write(json.dumps({"board": str(i), "deal": d.to_pbn()}) + "\n")
    else:
        sys.stdout.write("".join(d.to_pbn() + "\n" for d in deals))
    return EXIT_OK
