"""What every ``whist`` command shares: the argument parser's error style, deals from
arguments or standard input, outcomes as JSON (in words they are the engine's
:func:`~whistgui.engine.trick.rules.outcome_text`), the limits on what a command takes, the exit
statuses, and the per-run :class:`Command`.

Exit statuses: 0 every deal answered; 1 ``whist conjectures`` found a counterexample; 2 bad
input or usage — a bad option, or some deals refused (each says why on standard error, the
others are still answered); 3 an internal error (a bug, please report it); 130 interrupted.
"""

from __future__ import annotations

import argparse
import ast
import codecs
import contextlib
import json
import re
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final, NamedTuple, NoReturn, TextIO

from whistgui.app.quotient_checks import theory_check_lines as theory_check_lines
from whistgui.engine import (
    Deal,
    Evaluator,
    NotationError,
    Player,
    Solver,
    TheoryError,
    Value,
    WhistError,
)
from whistgui.engine.games import DEFAULT_GAME, Game, Theory, find_game
from whistgui.engine.reading import (
    LINE_END,
    QUOTE_LIMIT,
    REPLACEMENT,
    label,
    quote,
    read_int,
    readable,
)
from whistgui.engine.reading import quote_path as quote_path  # for the commands
from whistgui.engine.strategy.line import result_json
from whistgui.engine.trick.rules import Outcome

#: Every deal answered; some input refused (or a bad option); an internal error (a bug).
EXIT_OK, EXIT_BAD_INPUT, EXIT_BUG = 0, 2, 3
EXIT_INTERRUPTED: Final = 130
#: How a message says that what went wrong is a bug, not the input.
BUG_WORDS: Final = "internal error (a bug, please report it)"

#: The longest suit (cards a hand) ``value`` and ``analyze`` take: the exact recursion goes
#: one level a trick, and ``analyze`` prints an n × n matrix. It is the kernel's
#: ``MAX_REACH_COUNT_N`` (not imported here: numpy is loaded only when needed), so that
#: :func:`check_reach` counts any suit taken in a fraction of a second.
MAX_SUIT_CARDS: Final = 200
#: The largest hands (cards each) ``play`` plays out from the values: every card of the line
#: is marked, so it costs about n⁴ (52 cards a hand take seconds, 100 over a minute).
MAX_PLAY_CARDS: Final = 52
#: The largest hands (cards each) ``solve`` searches (and ``value`` when no theory covers the
#: deal): one suit of 13 cards a hand takes about a second, of 16 up to half a minute, and
#: each card more several times as long.
MAX_SOLVE_CARDS: Final = 16
#: The most patterns a whist suit beyond the kernel (more than its ``MAX_SUIT_N`` = 16 cards a
#: hand) may reach for ``value``, ``analyze`` and ``play``: the recursion values some 10,000
#: to 18,000 a second here, so about half a minute at most (the alternating suit of 17 cards
#: a hand reaches 2.5 million; four runs of 200 cards, 515,529, took 63 s).
MAX_RECURSION_REACH: Final = 250_000


class LimitError(WhistError, ValueError):
    """An input beyond what a command does in reasonable time; the message names the limit."""


#: The longest message a refusal writes on one line; a usage error longer than this (argparse
#: quoting what was typed) has its long quotations and words shortened.
MESSAGE_BUDGET: Final = 300
#: The most digits a number given to an option may have (a longer one is refused by its
#: length, never converted).
MAX_OPTION_DIGITS: Final = 100


class Parser(argparse.ArgumentParser):
    """argparse whose errors are one line, quoting what was typed shortened when it is long
    (:func:`~whistgui.engine.reading.quote`), exit status 2; whose ``type=int`` and
    ``type=float`` options take only ASCII decimal numbers of at most
    :data:`MAX_OPTION_DIGITS` digits (:func:`option_int`, :func:`option_float`); and which
    reads an argument that begins with ``-`` but is a deal (``-/AK``: West void) or a value
    (``-e0``) as an argument, not an option. An unknown option is named as such, even where
    a required argument is missing too (``whist value -x``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.register("type", int, option_int)
        self.register("type", float, option_float)
        self._unknown_options: list[str] = []

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        self._unknown_options = []
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        if message.startswith("the following arguments are required") and self._unknown_options:
            # an unknown option took no argument's place: it, not the missing one, is the news
            message = unrecognized(self._unknown_options)
        message = one_line(shorten_message(message))
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        # argparse's own message repeats the value in full, however long
        if action.choices is not None and value not in action.choices:
            choices = ", ".join(repr(c) for c in action.choices)
            shown = quote(value) if isinstance(value, str) else repr(value)
            raise argparse.ArgumentError(action, f"invalid choice: {shown} (choose from {choices})")

    def _parse_optional(self, arg_string: str) -> Any:
        if dash_argument(arg_string) and arg_string[:2] not in self._option_string_actions:
            return None  # a positional argument (or an option's value)
        found = super()._parse_optional(arg_string)
        # argparse reads an option it does not know as (None, text, …) (a list of such
        # tuples since Python 3.12.7)
        first = found[0] if isinstance(found, list) and found else found
        if isinstance(first, tuple) and first[0] is None:
            self._unknown_options.append(arg_string)
        return found


def unrecognized(words: Sequence[str]) -> str:
    """argparse's message for arguments it does not take, quoting them shortened when long
    (or not printable: a line end, an undecodable byte)."""
    return f"unrecognized arguments: {label(' '.join(words))}"


#: A quotation in a message (a ``repr``, as argparse writes what was typed), or a long word
#: (of more than 80 characters: argparse names an ambiguous option unquoted).
_QUOTED: Final = re.compile(r"""'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\S{81,}""")


def shorten_message(message: str) -> str:
    """``message`` if it is at most :data:`MESSAGE_BUDGET` characters, else with its long
    quotations (``repr`` of what was typed) and long words shortened by
    :func:`~whistgui.engine.reading.quote`.

    >>> shorten_message("ignored explicit argument " + repr("x" * 1000))
    "ignored explicit argument 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…xxxxxxxxxxxxxxxxxxx'"
    """
    if len(message) <= MESSAGE_BUDGET:
        return message

    def short(m: re.Match[str]) -> str:
        text = m.group()
        if len(text) <= QUOTE_LIMIT:
            return text
        if text[0] in "'\"":
            try:
                said = ast.literal_eval(text)
            except (ValueError, SyntaxError, MemoryError, RecursionError):
                said = None
            if isinstance(said, str):
                return quote(said)
        return quote(text)

    return _QUOTED.sub(short, message)


_LINE_BREAKING: Final = re.compile(r"[\r\n\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")


def one_line(message: str) -> str:
    """``message`` as one line that any stream can write: characters that break a line
    escaped, and lone surrogates (an argument's undecodable bytes) written as U+FFFD, as
    :func:`~whistgui.engine.reading.quote` and the JSON ``"input"`` show them.

    >>> one_line("a\\nb\\udcff") == "a\\\\nb\\ufffd"
    True
    """
    return readable(_LINE_BREAKING.sub(lambda m: ascii(m.group())[1:-1], message))


#: An option's integer: an optional sign and ASCII digits (no ``_``, no other scripts' digits).
_INTEGER: Final = re.compile(r"[+-]?[0-9]+")
#: An option's decimal number: ASCII digits with at most one point (no exponent, no inf).
_DECIMAL: Final = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def option_int(text: str, *, like: str = "3") -> int:
    """An option's whole number (``type=int`` in a :class:`Parser`): ASCII digits, at most
    :data:`MAX_OPTION_DIGITS` of them, else a message quoting ``text`` saying so (with the
    example ``like``).

    >>> option_int(" 12 ")
    12
    >>> option_int("1_0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '1_0' is not a whole number; expected digits 0-9, like 3
    """
    s = text.strip()
    if not _INTEGER.fullmatch(s):
        raise argparse.ArgumentTypeError(
            f"{quote(text)} is not a whole number; expected digits 0-9, like {like}"
        )
    try:
        return read_int(s, what="the number", text=text, max_digits=MAX_OPTION_DIGITS)
    except NotationError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def option_float(text: str) -> float:
    """An option's decimal number (``type=float`` in a :class:`Parser`): ASCII digits and at
    most one point, at most :data:`MAX_OPTION_DIGITS` digits, else a message quoting
    ``text`` saying so.

    >>> option_float("150.5")
    150.5
    >>> option_float("inf")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'inf' is not a decimal number; expected digits 0-9 and ...
    """
    s = text.strip()
    if not _DECIMAL.fullmatch(s):
        raise argparse.ArgumentTypeError(
            f"{quote(text)} is not a decimal number; expected digits 0-9 and at most one "
            "point, like 300 or 72.5"
        )
    try:  # the digits counted as read_int counts them, the point aside
        read_int(s.replace(".", ""), what="the number", text=text, max_digits=MAX_OPTION_DIGITS)
    except NotationError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return float(s)


#: A negative number, perhaps with a unit (``-5mm``, ``-.5in``, ``-3``): no option is spelt so.
_NEGATIVE: Final = re.compile(r"-\.?[0-9]")


def dash_argument(arg: str) -> bool:
    """Does ``arg``, beginning with one ``-``, read as a deal, a value or a negative number
    rather than an option? A deal beginning with ``-`` has West void in its first suit
    (``-/AK``); a negative number, with a unit or not (``--width -5mm``), goes to its option,
    which says why it is refused (argparse takes ``-5mm`` for an option, and says only that
    ``--width`` expected an argument).

    >>> [dash_argument(a) for a in ("-/AK", "-e0", "-5mm", "-.5in", "-x", "--json", "-")]
    [True, True, True, True, False, False, False]
    """
    if not arg.startswith("-") or arg.startswith("--") or len(arg) < 2:
        return False
    if arg.startswith("-/") or _NEGATIVE.match(arg):
        return True
    try:
        Value.parse(arg)
    except WhistError:
        return False
    return True


class DealText(NamedTuple):
    """A deal's text as given: an argument, or a line of standard input (``line`` its
    number, from 1)."""

    text: str
    line: int | None = None

    @property
    def where(self) -> str:
        """What error messages begin with: ``line 4: `` for a line of standard input."""
        return "" if self.line is None else f"line {self.line}: "


def input_lines(stream: Iterable[str]) -> Iterator[str]:
    """The lines of ``stream`` with their ends removed, a line ending at LF, CR or CR LF
    (standard input reads only LF as a line end); read as it comes, so a pipe is answered
    line by line.

    >>> import io
    >>> list(input_lines(io.StringIO('a\\rb\\r\\nc\\n\\nd', newline='')))
    ['a', 'b', 'c', '', 'd']
    """
    pending = ""
    for chunk in stream:
        text = pending + chunk if pending else chunk
        # a CR at the end is perhaps the first half of a CR LF: it waits for the next chunk
        end = len(text) - 1 if text.endswith("\r") else len(text)
        start = 0
        # one line at a time: a chunk of millions of CR-ended lines is never split whole
        for match in LINE_END.finditer(text, 0, end):
            yield text[start : match.start()]
            start = match.end()
        pending = text[start:]
    start = 0
    for match in LINE_END.finditer(pending):
        yield pending[start : match.start()]
        start = match.end()
    if start < len(pending):
        yield pending[start:]


#: The error handler of the standard streams: a lone surrogate written as U+FFFD.
_REPLACEMENT_HANDLER: Final = "whistgui.replacement"


def _write_replacement(exc: UnicodeError) -> tuple[bytes, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    # as bytes: the UTF-8 encoder takes only ASCII text from an error handler
    return REPLACEMENT.encode("utf-8") * (exc.end - exc.start), exc.end


codecs.register_error(_REPLACEMENT_HANDLER, _write_replacement)


def readable_standard_streams() -> None:
    """Make the standard streams show a byte that is not text as U+FFFD, as the messages and
    the JSON ``"input"`` do (:func:`~whistgui.engine.reading.readable`): standard input reads
    such a byte as U+FFFD — Python's default there is to fail (``errors='strict'`` in a UTF-8
    locale such as en_US.UTF-8: ``printf '\\xff' | whist value -`` was an internal error) or,
    in the C.UTF-8 locale, to read it as a lone surrogate that messages then showed as
    ``'\\udcff'``; standard output and error, when UTF-8, write a lone surrogate that reaches
    them (an argument's undecodable byte: ``--store $'\\xff'``) as U+FFFD, not as
    ``\\udcff`` (standard error) nor as an error or the raw byte (standard output)."""
    for stream, errors in (
        (sys.stdin, "replace"),
        (sys.stdout, _REPLACEMENT_HANDLER),
        (sys.stderr, _REPLACEMENT_HANDLER),
    ):
        reconfigure = getattr(stream, "reconfigure", None)
        encoding = getattr(stream, "encoding", None)
        if reconfigure is None or not isinstance(encoding, str):
            continue
        with contextlib.suppress(LookupError, ValueError, OSError, AttributeError):
            if errors == "replace" or codecs.lookup(encoding).name == "utf-8":
                reconfigure(errors=errors)


def deal_texts(args: Sequence[str], stdin: Iterable[str]) -> Iterator[DealText]:
    """Each deal: the arguments, with ``-`` replaced by the non-blank, non-comment lines of
    stdin (each with its number, for error messages)."""
    for a in args:
        if a == "-":
            for number, line in enumerate(input_lines(stdin), start=1):
                s = line.lstrip("\ufeff").strip()  # a byte-order mark is not part of the deal
                if s and not s.startswith("#"):
                    yield DealText(s, number)
        else:
            yield DealText(a)


_LINE_BREAKS: Final = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def json_line(obj: dict[str, Any]) -> str:
    """``obj`` as one line of JSON, non-ASCII text as itself but escaped where a reader might
    break the line (U+0085, U+2028, U+2029: JSON escapes only the ASCII control characters),
    and valid UTF-8: a surrogate (from an argument's undecodable bytes) is written as U+FFFD,
    the replacement character, as a UTF-8 decoder would have read the byte.

    >>> json_line({"input": "♠" + chr(0x2028) + chr(0xDCFF)})
    '{"input": "♠\\\\u2028\ufffd"}'
    """
    return readable(json.dumps(obj, ensure_ascii=False).translate(_LINE_BREAKS))


#: The longest input a JSON error object repeats in full (``"input"``). A consumer may match
#: its inputs against it, so it is the input itself whenever it is short enough to be useful;
#: a longer one (a 100,000-character line, say) is given by its first
#: :data:`_INPUT_HEAD` and last :data:`_INPUT_TAIL` characters around ``…``, and
#: ``"input_length"`` (present only then) says how long it was — its ``"line"`` locates it.
JSON_INPUT_LIMIT: Final = 1000
_INPUT_HEAD, _INPUT_TAIL = 600, 300


def input_json(text: str) -> dict[str, Any]:
    """The fields that repeat an input in a JSON error object: ``{"input": text}``, or for
    text longer than :data:`JSON_INPUT_LIMIT` characters its start and end around ``…`` and
    ``"input_length"``.

    >>> input_json("A/K")
    {'input': 'A/K'}
    >>> obj = input_json("x" * 5000)
    >>> len(obj["input"]), obj["input_length"]
    (901, 5000)
    """
    if len(text) <= JSON_INPUT_LIMIT:
        return {"input": text}
    return {
        "input": f"{text[:_INPUT_HEAD]}…{text[len(text) - _INPUT_TAIL :]}",
        "input_length": len(text),
    }


def is_file(name: str) -> bool:
    """Does ``name`` name something that exists and is not a folder — a file, or a device or
    a pipe, which the loaders then refuse naming it (a name linked to /dev/zero is not read
    as a deal)? False, not an error, for text that cannot be a file's name: too long, or
    holding a NUL — a deal, say."""
    try:
        path = Path(name)
        return path.exists() and not path.is_dir()
    except (OSError, ValueError):
        return False


def number_text(n: int) -> str:
    """``n`` for a message: in full, or by its number of digits when it has very many."""
    return str(n) if abs(n) < 10**30 else f"of {len(str(abs(n))):,} digits"


def game_listing(
    name: str,
    title: str,
    aliases: Sequence[str],
    rules: Sequence[str],
    theory: str | None,
    notes: str,
    source: str,
) -> str:
    """A game as ``whist games`` lists it in text, the trick games and the games of positions
    alike: its name and title, its aliases, ``rules`` (lines of its own: its rules, how a
    position is written, …), its theory (None: search only) with ``notes`` under it, its
    source.

    >>> print(game_listing('nim', 'Nim', (), ['  positions: 3 4 6'], None, '', 'Bouton'))
    nim  —  Nim
      aliases: -
      positions: 3 4 6
      theory:  none (search only)
      source:  Bouton
    """
    lines = [
        f"{name}  —  {title}",
        f"  aliases: {', '.join(aliases) or '-'}",
        *rules,
        f"  theory:  {theory if theory is not None else 'none (search only)'}",
    ]
    if notes:
        lines.append(f"           {notes}")
    lines.append(f"  source:  {source}")
    return "\n".join(lines)


def outcome_json(o: Outcome) -> dict[str, Any]:
    return {"west_lead": result_json(o.west_lead), "east_lead": result_json(o.east_lead)}


def require_suits(deal: Deal, text: str) -> None:
    if not deal.suits:
        raise NotationError(f"{quote(text)} is an empty deal; expected at least one suit")


class Command:
    """Runs one subcommand over many deals, printing results and collecting errors."""

    def __init__(self, out: TextIO, err: TextIO, as_json: bool, game: Game = DEFAULT_GAME) -> None:
        self.out, self.err, self.as_json = out, err, as_json
        self.status = EXIT_OK
        self.game = game
        #: The name the JSON objects carry: the game's, or a game of positions' (``nim``).
        self.game_name = game.name
        self.evaluator = Evaluator()
        self.solver = Solver()
        self._theory: Theory[Any] | None = None

    @property
    def theory(self) -> Theory[Any] | None:
        """The game's theory (one per run, sharing this run's evaluator for whist; Greedy
        Whist's values are another evaluator's, which becomes this run's)."""
        if self._theory is None:
            theory = self.game.new_theory()
            own = getattr(theory, "evaluator", None)
            if isinstance(own, Evaluator) and own.greedy != self.evaluator.greedy:
                self.evaluator = own
            elif own is not None:
                theory.evaluator = self.evaluator  # type: ignore[union-attr]
            self._theory = theory
        return self._theory

    def emit(self, obj: dict[str, Any], text: str) -> None:
        if self.as_json:
            self.out.write(json_line({"game": self.game_name, **obj}) + "\n")
        else:
            self.out.write(text + "\n")
        self.out.flush()

    def warn(self, message: str) -> None:
        self.err.write(f"whist: error: {message}\n")
        self.status = max(self.status, EXIT_BAD_INPUT)

    def run_each(self, items: Iterable[DealText], fn: Callable[[str], None]) -> None:
        """``fn`` of every deal; a deal that fails says why (on standard error, and with
        ``--json`` as an object with ``"error"``) and the next ones are still answered."""
        for item in items:
            try:
                fn(item.text)
            except TheoryError as exc:
                self.refuse(item, str(exc), bug=True)
            except WhistError as exc:
                self.refuse(item, str(exc))
            except (RecursionError, OverflowError, MemoryError) as exc:
                self.refuse(item, beyond_internal_limit(item.text, exc))
            except BrokenPipeError:
                raise
            except Exception as exc:  # a bug: said, and the other deals still answered
                self.refuse(item, f"{type(exc).__name__}: {exc}", bug=True)

    def refuse(self, item: DealText, message: str, *, bug: bool = False) -> None:
        """Say why ``item`` got no answer (with ``--json`` also an object on standard output,
        in the place its answer would have had) and raise the exit status: to 3 for a ``bug``,
        else to 2."""
        kind = BUG_WORDS if bug else "error"
        self.err.write(f"whist: {kind}: {item.where}{message}\n")
        self.status = max(self.status, EXIT_BUG if bug else EXIT_BAD_INPUT)
        if self.as_json:
            obj: dict[str, Any] = {"error": f"{BUG_WORDS}: {message}" if bug else message}
            obj.update(input_json(item.text))
            if item.line is not None:
                obj["line"] = item.line
            self.emit(obj, "")


class ProgressLine:
    """A line of progress on standard error for long work, at the pace of ``whist table
    --upto``'s meter: nothing in the first 2 s (a quick run says nothing), then on a terminal
    the line rewritten in place once a second, elsewhere (a log, a pipe) a whole line every
    10 s. Call it with the line as often as convenient; :meth:`end` clears the line on a
    terminal. Use it in a ``with`` block, so that an interruption (Ctrl-C) clears it too."""

    #: The clock (seconds); tests replace it.
    clock: Callable[[], float] = staticmethod(time.monotonic)

    def __init__(self, err: TextIO, delay: float = 2.0) -> None:
        self.err = err
        self.tty = bool(getattr(err, "isatty", lambda: False)())
        self.start = self.last = self.clock()
        self.delay = delay
        self.shown = False

    @property
    def elapsed(self) -> float:
        """Seconds since the work began."""
        return self.clock() - self.start

    def due(self) -> bool:
        """Is a line due now? (Build it only then: calls may come thousands of times.)"""
        now = self.clock()
        return now - self.start >= self.delay and (
            not self.shown or now - self.last >= (1.0 if self.tty else 10.0)
        )

    def __call__(self, line: str) -> None:
        """Show ``line`` if one is due."""
        if not self.due():
            return
        self.last = self.clock()
        self.err.write(f"\r{line}\033[K" if self.tty else f"{line}\n")
        self.err.flush()
        self.shown = True

    def end(self) -> None:
        """The work is over (or interrupted): clear the line on a terminal."""
        if self.shown and self.tty:
            self.err.write("\r\033[K")
            self.err.flush()
        self.shown = False

    def __enter__(self) -> ProgressLine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.end()


def beyond_internal_limit(text: str, exc: BaseException) -> str:
    """The message for an input that ran into a limit of Python itself (recursion depth,
    integer size, memory) rather than one the command names."""
    limits: dict[type[BaseException], str] = {
        RecursionError: "the recursion depth",
        OverflowError: "the size of a number",
        MemoryError: "the memory",
    }
    what = limits.get(type(exc), "a limit")
    return f"{quote(text)} is beyond an internal limit ({what}); try a smaller input"


def internal_error(exc: BaseException) -> str:
    """The message for an exception no input should cause."""
    return f"{BUG_WORDS}: {type(exc).__name__}: {exc}"


def check_hands(deal: Deal, text: str, limit: int, command: str, why: str) -> None:
    """Refuse ``deal`` (given as ``text``) to ``whist command`` if a hand holds more than
    ``limit`` cards; ``why`` says why there is a limit."""
    size = max(deal.hand_size(Player.WEST), deal.hand_size(Player.EAST))
    if size > limit:
        raise LimitError(
            f"{quote(text)} has {size:,} cards in a hand; 'whist {command}' takes at most "
            f"{limit} ({why})"
        )


def check_suits(deal: Deal, text: str, limit: int, command: str, why: str) -> None:
    """Refuse ``deal`` (given as ``text``) to ``whist command`` if a suit has more than
    ``limit`` cards in a hand; ``why`` says why there is a limit."""
    longest = max((len(h) for s in deal.suits for h in (s.west, s.east)), default=0)
    if longest > limit:
        raise LimitError(
            f"{quote(text)} has a suit of {longest:,} cards in a hand; 'whist {command}' takes "
            f"at most {limit} ({why})"
        )


def _long_suit_reach(deal: Deal, *, kernel: bool = True) -> list[tuple[int, int]]:
    """(index, patterns it reaches) of each symmetric suit of ``deal`` too long for the kernel,
    or of every symmetric suit without the ``kernel`` (Greedy Whist's values: the kernel is
    whist's, so every suit goes by the recursion). How many a suit reaches is counted, not
    listed: a fraction of a second even at 200 cards a hand."""
    from whistgui.engine.games.whist.kernel import MAX_SUIT_N, reach_size

    shortest = MAX_SUIT_N if kernel else 0
    return [
        (i, reach_size(s.pattern))
        for i, s in enumerate(deal.suits)
        if s.is_symmetric and s.n > shortest
    ]


def check_reach(deal: Deal, text: str, command: str, *, kernel: bool = True) -> int:
    """Refuse ``deal`` (given as ``text``) to ``whist command`` if its symmetric suits too
    long for the kernel reach more than :data:`MAX_RECURSION_REACH` patterns, one suit or
    all together, which the recursion would value one by one for minutes or hours. Without
    the ``kernel`` (Greedy Whist's values) every suit counts."""
    from whistgui.engine.games.whist.kernel import MAX_SUIT_N, RECURSION_RATE

    rate = f"the exact recursion values some {RECURSION_RATE:,} a second"
    longer = f"of more than {MAX_SUIT_N} cards a hand" if kernel else "of Greedy Whist"
    sizes = _long_suit_reach(deal, kernel=kernel)
    for i, size in sizes:
        if size > MAX_RECURSION_REACH:
            raise LimitError(
                f"{quote(text)}: the suit {deal.names[i]} of {deal.suits[i].n} cards a hand "
                f"reaches {_many(size)} positions; 'whist {command}' values a suit {longer} "
                "only when it reaches at most "
                f"{MAX_RECURSION_REACH:,} ({rate}; suits of fewer runs reach fewer)"
            )
    total = sum(size for _, size in sizes)
    if total > MAX_RECURSION_REACH:
        raise LimitError(
            f"{quote(text)}: its {len(sizes)} suits {longer} reach "
            f"{_many(total)} positions together; 'whist {command}' values at most "
            f"{MAX_RECURSION_REACH:,} in all ({rate})"
        )
    return total


def split_reach(deal: Deal) -> tuple[int, frozenset[int]]:
    """For ``value`` and ``analyze``, which answer a whist suit past the recursion's reach by
    the theorems (:mod:`~whistgui.engine.games.long_suit`): the patterns the recursion
    values, and the suits past its reach — each that reaches more than
    :data:`MAX_RECURSION_REACH` alone, and every long one when together they reach more."""
    sizes = _long_suit_reach(deal)
    past = {i for i, size in sizes if size > MAX_RECURSION_REACH}
    total = sum(size for i, size in sizes if i not in past)
    if total > MAX_RECURSION_REACH:
        return 0, frozenset(i for i, _ in sizes)
    return total, frozenset(past)


#: From how many patterns past the kernel valuing shows progress (some 2 s of recursion).
PROGRESS_REACH: Final = 20_000


@contextlib.contextmanager
def recursion_progress(cmd: Command, total: int) -> Iterator[None]:
    """Progress on standard error while the evaluator's recursion values about ``total``
    patterns (what :func:`check_reach` returned), when there are at least
    :data:`PROGRESS_REACH`: the evaluator polls its ``should_stop`` every 256 new patterns,
    and the poll here shows how many it has valued (and never stops it)."""
    if total < PROGRESS_REACH:
        yield
        return
    ev = cmd.evaluator
    start = ev.stats["misses"]
    before = ev.should_stop
    with ProgressLine(cmd.err) as line:

        def poll() -> bool:
            if line.due():
                done = ev.stats["misses"] - start
                line(
                    f"valuing: {done:,} of about {total:,} positions "
                    f"({min(99, 100 * done // total)}%), {line.elapsed:.0f} s"
                )
            return False

        ev.should_stop = poll
        try:
            yield
        finally:
            ev.should_stop = before


def _many(size: int) -> str:
    """A count for a message: in full up to a billion, else about so many powers of ten."""
    if size < 10**9:
        return f"{size:,}"
    return f"about {size / 10 ** (len(str(size)) - 1):.1f}·10^{len(str(size)) - 1}"


def add_game_option(sp: argparse.ArgumentParser) -> None:
    sp.add_argument(
        "--game",
        default=DEFAULT_GAME.name,
        metavar="NAME",
        help=f"the game (default {DEFAULT_GAME.name}; 'whist games' lists them)",
    )


def game_of(args: argparse.Namespace, parser: argparse.ArgumentParser) -> Game:
    try:
        return find_trick_game(getattr(args, "game", DEFAULT_GAME.name))
    except NotationError as exc:
        parser.error(str(exc))


def find_trick_game(name: str) -> Game:
    """:func:`~whistgui.engine.games.find_game`, a name that is no game refused naming the
    trick games and the games of heaps and piles alike (``--game`` takes both).

    >>> find_trick_game("frobnicate")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.NotationError: unknown game 'frobnicate'; expected a trick game
    (whist, ...) or a game of heaps and piles (nim, misere-nim, moore-nim:K, ...); 'whist games'
    lists them
    """
    from whistgui.engine.games import GAMES
    from whistgui.engine.heaps import heap_game_names

    try:
        return find_game(name)
    except NotationError:
        raise NotationError(
            f"unknown game {quote(name)}; expected a trick game "
            f"({', '.join(g.name for g in GAMES)}) or a game of heaps and piles "
            f"({heap_game_names()}); 'whist games' lists them"
        ) from None


def class_line(
    c: dict[str, Any], examples: int, verdict: str | None = None, more: str | None = None
) -> str:
    """One class of ``whist quotient``'s text: its number, its ``verdict`` if given (a game of
    heaps: P, N or its outcome), its elements and its first ``examples`` representatives, then
    ``more`` (by default how many in all)."""
    reps = ", ".join(c["representatives"])
    if more is None:
        more = f" … ({c['size']} in all)" if c["size"] > examples else ""
    elems = " ".join(c["elements"]) or "-"
    shown = "" if verdict is None else f"{verdict:<4} "
    return f"  {c['class']:>3}. {shown}elements {elems:<14} {reps}{more}"


def read_stdin(stdin: TextIO, expected: str = "a PBN file or deal strings") -> str:
    """Standard input's text (bridge's hand records: ``-`` as a file), as a file's is read:
    its bytes as UTF-8, else as ISO 8859-1 (a text stream without bytes beneath, as tests give,
    is read as it is), at most ``MAX_PBN_BYTES`` (a NotationError saying ``expected`` beyond)."""
    from whistgui.app.bridge import MAX_PBN_BYTES
    from whistgui.engine.bridge.pbn import pbn_text

    raw = getattr(stdin, "buffer", None)
    data: str | bytes = (
        raw.read(MAX_PBN_BYTES + 1) if raw is not None else stdin.read(MAX_PBN_BYTES + 1)
    )
    if len(data) > MAX_PBN_BYTES:
        raise NotationError(
            f"standard input holds more than {MAX_PBN_BYTES:,} bytes; expected {expected} of "
            f"at most {MAX_PBN_BYTES:,} bytes"
        )
    return pbn_text(data) if isinstance(data, bytes) else data
