"""What every ``whist`` command shares: the argument parser's error style, deals from
arguments or standard input, outcomes as JSON (in words they are the engine's
:func:`~whistgui.engine.rules.outcome_text`), and the per-run :class:`Command`."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NoReturn, TextIO

from whistgui.engine import (
    Deal,
    Evaluator,
    NotationError,
    Solver,
    TheoryError,
    WhistError,
)
from whistgui.engine.games import DEFAULT_GAME, Game, Theory, find_game
from whistgui.engine.rules import Outcome
from whistgui.engine.strategy.line import result_json

EXIT_OK, EXIT_BAD_INPUT, EXIT_BUG = 0, 2, 3


class Parser(argparse.ArgumentParser):
    """argparse whose errors are one line, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def deal_texts(args: Sequence[str], stdin: TextIO) -> Iterator[tuple[str, str]]:
    """(where, text) of each deal: the arguments, with ``-`` replaced by the non-blank,
    non-comment lines of stdin (``where`` names the line, for error messages)."""
    for a in args:
        if a == "-":
            for number, line in enumerate(stdin, start=1):
                s = line.lstrip("\ufeff").strip()  # a byte-order mark is not part of the deal
                if s and not s.startswith("#"):
                    yield f"line {number}: ", s
        else:
            yield "", a


def outcome_json(o: Outcome) -> dict[str, Any]:
    return {"west_lead": result_json(o.west_lead), "east_lead": result_json(o.east_lead)}


def require_suits(deal: Deal, text: str) -> None:
    if not deal.suits:
        raise NotationError(f"{text!r} is an empty deal; expected at least one suit")


class Command:
    """Runs one subcommand over many deals, printing results and collecting errors."""

    def __init__(self, out: TextIO, err: TextIO, as_json: bool, game: Game = DEFAULT_GAME) -> None:
        self.out, self.err, self.as_json = out, err, as_json
        self.status = EXIT_OK
        self.game = game
        self.evaluator = Evaluator()
        self.solver = Solver()
        self._theory: Theory[Any] | None = None

    @property
    def theory(self) -> Theory[Any] | None:
        """The game's theory (one per run, sharing this run's evaluator for whist)."""
        if self._theory is None:
            self._theory = self.game.new_theory()
            if hasattr(self._theory, "evaluator"):
                self._theory.evaluator = self.evaluator
        return self._theory

    def emit(self, obj: dict[str, Any], text: str) -> None:
        if self.as_json:
            self.out.write(json.dumps({"game": self.game.name, **obj}, ensure_ascii=False) + "\n")
        else:
            self.out.write(text + "\n")
        self.out.flush()

    def warn(self, message: str) -> None:
        self.err.write(f"whist: error: {message}\n")
        self.status = max(self.status, EXIT_BAD_INPUT)

    def run_each(self, items: Iterator[tuple[str, str]], fn: Callable[[str], None]) -> None:
        for where, item in items:
            try:
                fn(item)
            except TheoryError as exc:
                self.err.write(f"whist: internal error (a bug, please report it): {where}{exc}\n")
                self.status = max(self.status, EXIT_BUG)
            except WhistError as exc:
                self.warn(f"{where}{exc}")


def add_game_option(sp: argparse.ArgumentParser) -> None:
    sp.add_argument(
        "--game",
        default=DEFAULT_GAME.name,
        metavar="NAME",
        help=f"the game (default {DEFAULT_GAME.name}; 'whist games' lists them)",
    )


def game_of(args: argparse.Namespace, parser: argparse.ArgumentParser) -> Game:
    try:
        return find_game(getattr(args, "game", DEFAULT_GAME.name))
    except NotationError as exc:
        parser.error(str(exc))
