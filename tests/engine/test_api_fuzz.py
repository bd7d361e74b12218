"""Every public entry point of the whist engine says what it wants (issue 23, item 6).

The entry points are found by introspection — what the surfaces' ``__all__`` export: functions,
the constructors, class methods and public methods of classes, each game's theory — so that a
new public function is called here the day it is added. Each is called with every argument in
turn replaced by a hostile value (None, bools, NaN, ±inf, bytes, 10**100, an int of 5,001 digits
— Python writes none of over 4,300 —, negative numbers, huge and odd text, lists, malformed
matrices, objects of the wrong engine type), the others valid; then:

* nothing escapes but ``TypeError`` and :class:`~whistgui.engine.errors.WhistError`;
* a value that does not fit the parameter's annotation is refused with a ``TypeError``
  (:class:`~whistgui.engine.errors.ArgumentTypeError`) whose message names the parameter;
* a value that fits it is answered or refused with a WhistError that is not a TypeError (the
  annotation and the check agree), and a refusal of a plain value names the parameter or
  quotes the value.

The annotations are the contract: :func:`fits` reads them (unions, literals, collections,
callables, protocols). A fixed matrix runs every entry point with every hostile value; a
hypothesis test draws further values (any text, any float, large and negative integers, nested
lists) for random entry points; the operators (``+ - < <= > >= == in``) of the value types meet
the same values. What is not called is in :data:`EXCLUDED`, each with its reason.

GOPS (:mod:`whistgui.engine.gops`: its rules, states, solver and matrix games) is a row too, and
so is bridge (:mod:`whistgui.engine.bridge`: seats, cards, deals, contracts, positions, PBN,
the endgame solver; :mod:`whistgui.engine.bridge.dds`: DDS's tables, par, card scores, lines).
DDS is called only with valid arguments, on small endings and one full deal whose table is
remembered, so that the bridge rows take about as long as the others.
"""

from __future__ import annotations

import collections.abc as cabc
import enum
import inspect
import math
import operator
import re
import types
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal, get_args, get_origin

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import whistgui.engine as engine
import whistgui.engine.bridge as bridge
import whistgui.engine.bridge.dds as dds
import whistgui.engine.games as games
import whistgui.engine.gops as gops
import whistgui.engine.strategy as strategy
from whistgui.engine import (
    EPS0,
    WHIST_RULES,
    Card,
    Deal,
    Evaluator,
    LabeledValue,
    Player,
    Position,
    Rules,
    Scoring,
    Solver,
    State,
    Strategist,
    SuitDeal,
    Value,
    WhistError,
    play_line,
)
from whistgui.engine.bridge import (
    BridgeCard,
    BridgeDeal,
    BridgePosition,
    Contract,
    EndgameSolver,
    PbnBoard,
    Seat,
    Side,
    Strain,
    Suit,
)
from whistgui.engine.games import GAMES, find_game
from whistgui.engine.games.misere_five_card import MisereValue
from whistgui.engine.games.whist import kernel
from whistgui.engine.gops import GopsRules, GopsSolver, GopsState
from whistgui.engine.reading import quote, quote_json
from whistgui.engine.strategy import Searcher, search_line
from whistgui.engine.tables import rows

# ----------------------------------------------------------------------------- what is scanned

#: The modules whose ``__all__`` is the public API scanned here.
SURFACES: tuple[types.ModuleType, ...] = (
    engine,
    games,
    strategy,
    kernel,
    rows,
    gops,
    bridge,
    dds,
)

#: Names exported but not called here, each with the reason.
EXCLUDED: dict[str, str] = {
    # Records the engine returns (its results): built by hand they hold what they are given,
    # as a tuple does; their methods are called below on real ones.
    **{
        f"{name}()": "a record the engine returns; its methods are called on real ones"
        for name in (
            "CardReason",
            "Character",
            "Complexity",
            "Disagreement",
            "InfinitesimalRange",
            "Interval",
            "Outcome",
            "PlayLine",
            "Reduction",
            "Step",
            "Standing",
            "SuitAnalysis",
            "SuitLabel",
            "Trick",
            "TheoryElement",
            "SuitRow",
            "SuitReach",
            "SuitTable",
            "MatrixSolution",
            "FirstPrize",
            "GameSolution",
            "Par",
            "LineStep",
        )
    },
    # operator.lt itself, kept as a class attribute for speed: the searches call it millions
    # of times with pattern positions (its arguments are whatever compares).
    "Rules.beats": "operator.lt, for speed",
    # The numpy kernel's block functions take the arrays RowMaker builds (any array-like).
    "r43_block": "takes numpy arrays from RowMaker",
    "r43_arrays": "takes numpy arrays from RowMaker",
}


# ----------------------------------------------------------------------------- samples
def _position() -> Position:
    return Position.start(Deal.parse("AQ/KJ K/A"), Player.WEST)


def _line() -> engine.PlayLine:
    return play_line(Deal.parse("AQ/KJ K/A"), Player.WEST)


def _theory() -> games.Theory[Any]:
    return find_game("whist").new_theory()  # type: ignore[return-value]


#: 771.9's worked example, a matrix game; a bidding and a chance state of N = 3 (GOPS).
_GAME = [[3, -4], [-1, 1]]
_BIDDING = "prizes=1,2 a=1,2,3 b=1,2,3 pot=3"
_CHANCE = "prizes=1,2 a=2,3 b=1,3 pot=0 diff=1"


def _gops_game() -> gops.GameSolution:
    return GopsSolver(GopsRules(3)).solve()


def _saved_gops() -> dict[str, Any]:
    solver = GopsSolver(GopsRules(3))
    solver.solve()
    return solver.to_json()


#: Bridge: a 2-card ending (North on lead at no trumps cashes ♠A and ♠K), a full deal
#: (its table solved once by DDS and remembered), and a PBN board of the ending.
_ENDING = "N:AK... Q..K. .A.Q. ..A.K"
_FULL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
_PBN = f'[Board "1"]\n[Deal "{_ENDING}"]\n[Contract "1NT"]\n[Declarer "W"]\n'
#: A LIN board (issue 29): a whole deal, an auction, the opening lead.
_LIN = (
    "pn|S,W,N,E|md|3SAKQJT98765432HDC,SHAKQJT98765432DC,SHDAKQJT98765432C,|sv|o|ah|Board 1|"
    "mb|7S|mb|p|mb|p|mb|p|pc|CA|\n"
)


def _ending() -> BridgeDeal:
    return BridgeDeal.parse(_ENDING)


def _bridge_position() -> BridgePosition:
    return BridgePosition.from_deal(_ending(), Strain.NT, Seat.N)


#: A valid value of each type, made afresh for each call (mutable ones: evaluators, solvers).
SAMPLES: dict[Any, Callable[[], object]] = {
    Deal: lambda: Deal.parse("AQ/KJ K/A"),
    SuitDeal: lambda: SuitDeal.parse("AQ/KJ"),
    State: lambda: State.parse("1 + AQ/KJ"),
    Player: lambda: Player.WEST,
    Card: lambda: Card(0, 14),
    Position: _position,
    Rules: lambda: WHIST_RULES,
    Scoring: lambda: Scoring.TRICKS,
    Value: lambda: Value.parse("3/2"),
    engine.Infinitesimal: lambda: EPS0,
    LabeledValue: lambda: LabeledValue(Player.WEST, Value(1)),
    engine.Outcome: lambda: engine.Outcome(1, 2),
    engine.Bounds: lambda: Evaluator().analyze("AQ/KJ").bounds,
    engine.SuitAnalysis: lambda: Evaluator().analyze("AQ/KJ"),
    engine.Interval: lambda: Evaluator().analyze("AQ/KJ").interval,
    engine.InfinitesimalRange: lambda: (
        Evaluator().analyze("K/A").bounds.infinitesimals_at(Fraction(0))
    ),
    engine.Character: lambda: engine.describe(Value.parse("1-e1")),
    engine.Reduction: lambda: Evaluator().analyze("AQ/KJ").reductions[0][0],
    Evaluator: Evaluator,
    Solver: Solver,
    Strategist: Strategist,
    Searcher: Searcher,
    engine.PlayLine: _line,
    engine.Step: lambda: _line().steps[0],
    engine.SuitLabel: lambda: engine.suit_labels(Deal.parse("AQ/KJ"))[0],
    engine.Disagreement: lambda: engine.Disagreement(Card(0, 14), "S:A", False, 1, 2),
    strategy.CardReason: lambda: Strategist().explain(_position(), Card(0, 14)),
    strategy.Standing: lambda: Strategist().standing(_position()),
    engine.Trick: lambda: engine.Trick(Player.WEST, Card(0, 14), Card(0, 13), Player.WEST),
    strategy.TheoryElement: lambda: (
        search_line(Deal.parse("KQT/AJ9"), Player.WEST, "five-card").start_value
    ),
    games.Game: lambda: find_game("whist"),
    games.Theory: _theory,
    Fraction: lambda: Fraction(3, 2),
    bool: lambda: False,
    kernel.TableCache: kernel.TableCache,
    kernel.SuitTable: lambda: kernel.suit_table(2),
    kernel.SuitReach: lambda: kernel.reach("EEWWEW"),
    rows.SuitRow: lambda: next(iter(rows.suit_rows(2))),
    rows.RowMaker: rows.RowMaker,
    GopsRules: lambda: GopsRules(3),
    GopsState: lambda: GopsState.parse(_BIDDING),
    GopsSolver: lambda: GopsSolver(GopsRules(3)),
    gops.ExactSolution: lambda: gops.solve_exact(_GAME),
    gops.MatrixSolution: lambda: gops.solve_matrix(_GAME),
    gops.FirstPrize: lambda: _gops_game().first[0],
    gops.GameSolution: _gops_game,
    Seat: lambda: Seat.S,
    Side: lambda: Side.EW,
    Suit: lambda: Suit.H,
    Strain: lambda: Strain.NT,
    BridgeCard: lambda: BridgeCard(Suit.S, 14),
    BridgeDeal: _ending,
    Contract: lambda: Contract(1, Strain.NT),
    BridgePosition: _bridge_position,
    PbnBoard: lambda: bridge.read_pbn(_PBN)[0],
    bridge.PlayedCard: lambda: bridge.PlayedCard(Seat.E, BridgeCard(Suit.S, 14), 9, 0),
    EndgameSolver: EndgameSolver,
    dds.DDTable: lambda: dds.dd_table(_ending()),
}

#: Valid values of parameters that a type alone does not give (text, counts), by
#: ``"Owner.method.parameter"``, ``"function.parameter"`` or, last, the parameter's name.
ARGS: dict[str, object] = {
    "Deal.parse.text": "AQ/KJ K/A",
    "SuitDeal.parse.text": "AQ/KJ",
    "SuitDeal.from_pattern.pattern": "WEEW",
    "State.parse.text": "1 + AQ/KJ",
    "Player.parse.text": "West",
    "Player.value": "W",
    "Scoring.value": "tricks",
    "Infinitesimal.parse.text": "-e2",
    "Infinitesimal.pos": 3,
    "Infinitesimal.from_pos.pos": 3,
    "Value.parse.text": "1-e1",
    "Deal.card_from_text.text": "S:Q",
    "Deal.__init__.suits": [SuitDeal.parse("AQ/KJ")],
    "SuitDeal.__init__.west": (14, 12),
    "SuitDeal.__init__.east": (13, 11),
    "Card.__init__.suit": 0,
    "Card.__init__.rank": 14,
    "State.__init__.tricks": 1,
    "Position.__init__.west_tricks": 0,
    "eps.k": 2,
    "find_game.name": "five-card",
    "search_line.game": "five-card",
    "Evaluator.table.n": 2,
    "Evaluator.pattern_value.pattern": "EWEW",
    "Evaluator.bounds.pattern": "EWEW",
    "PlayLine.upto.n": 1,
    "SuitAnalysis.mark.i": 0,
    "SuitAnalysis.mark.j": 1,
    "SuitAnalysis.replies_to_west.i": 0,
    "SuitAnalysis.replies_to_east.j": 1,
    "SuitAnalysis.leads_to.i": 0,
    "SuitAnalysis.leads_to.j": 1,
    "Rules.replies.led": 5,
    "Rules.replies.holding": [2, 7, 9],
    "Rules.follows.led": 5,
    "Rules.follows.holding": [2, 7, 9],
    "Rules.legal.hand": [Card(0, 14), Card(0, 9), Card(1, 5)],
    "Rules.discards.hand": [Card(0, 14)],
    "Rules.result.points": 3,
    "Rules.points_so_far.west_tricks": 2,
    "Rules.final_points.west_won_last": True,
    "LabeledValue.__init__.value": Value(1),
    "value_key.v": Value.parse("3/8-e2"),
    "value_from_key.key": kernel.value_key(Value.parse("3/8-e2")),
    "labeled_from_key.key": kernel.labeled_key(LabeledValue(Player.EAST, Value(1))),
    "SuitTable.value_of.i": 1,
    "SuitTable.maxmin_of.i": 1,
    "SuitTable.minmax_of.i": 1,
    "SuitTable.pattern_text.i": 1,
    "SuitTable.index_of.pattern": "EWEW",
    "SuitReach.value.pattern": "EWEW",
    "TableCache.value_id.v": Value(1),
    "TableCache.labeled_id.key": kernel.labeled_key(LabeledValue(Player.WEST, Value(1))),
    "Deal.with_card.card": Card(0, 10),
    "Position.trick_winner.self": lambda: _position().play(Card(0, 14)),
    "Position.trick_winner.reply": Card(0, 13),
    "SuitDeal.card_text.rank": 14,
    "TheoryElement.of.theory": games.find_game("whist").new_theory(),
    "TheoryElement.of.element": Value(1),
    "simplest_key.maxmin": kernel.labeled_key(LabeledValue(Player.WEST, Value.parse("1+e0"))),
    "simplest_key.minmax": kernel.labeled_key(LabeledValue(Player.WEST, Value.parse("2-e0"))),
    "TableCache.simplest_id.maxmin_key": kernel.labeled_key(
        LabeledValue(Player.WEST, Value.parse("1+e0"))
    ),
    "TableCache.simplest_id.minmax_key": kernel.labeled_key(
        LabeledValue(Player.WEST, Value.parse("2-e0"))
    ),
    # each theory's elements and their text
    "WhistTheory.*.text": "1-e1",
    "ReducedWhistTheory.*.text": "1-e1",
    "FiveCardTheory.*.text": "+1",
    "GreedyWhistTheory.*.text": "7/4",
    "MisereFiveCardTheory.*.text": "0WE",
    **{
        f"{theory}.*.{p}": element
        for theory, element in (
            ("WhistTheory", Value.parse("1-e1")),
            ("ReducedWhistTheory", Value.parse("1-e1")),
            ("FiveCardTheory", 1),
            ("GreedyWhistTheory", Value.parse("7/4")),
            ("MisereFiveCardTheory", MisereValue(0, True, True)),
        )
        for p in ("a", "b", "element")
    },
    "Game.__init__.name": "whist-2",
    "Game.__init__.title": "Whist again",
    "Game.__init__.rules": WHIST_RULES,
    "Game.__init__.theory": None,
    # GOPS: N = 3, its states, a matrix game, a saved solution
    "GopsRules.__init__.n": 3,
    "GopsRules.parse.n": 3,
    "GopsRules.parse.ties": "Carry",
    "GopsRules.parse.score": " points",
    "GopsRules.from_json.data": {"n": 3, "ties": "split"},
    "GopsState.__init__.prizes": frozenset({1, 2}),
    "GopsState.__init__.a": [3, 1, 2],  # any iterable of cards
    "GopsState.__init__.b": (1, 2, 3),
    "GopsState.__init__.pot": 3,
    "GopsState.__init__.diff": -1,
    "GopsState.parse.text": _BIDDING,
    "GopsState.start.n": 3,
    "GopsState.turn.self": lambda: GopsState.parse(_CHANCE),
    "GopsState.turn.prize": 2,
    "GopsState.bid.i": 3,
    "GopsState.bid.j": 2,
    "GopsSolver.from_json.data": _saved_gops(),
    "ExactSolution.__init__.value": Fraction(-1, 9),
    "ExactSolution.__init__.row": (Fraction(2, 9), Fraction(7, 9)),
    "ExactSolution.__init__.col": (Fraction(5, 9), Fraction(4, 9)),
    # bridge: the ending above, its cards, PBN, one full deal for what DDS takes whole
    "Seat.parse.text": " west",
    "Suit.parse.text": "♠",
    "Strain.parse.text": "nt",
    "BridgeCard.parse.text": "d10",
    "BridgeCard.__init__.rank": 12,
    "BridgeDeal.parse.text": _ENDING,
    "BridgeDeal.__init__.hands": _ending().hands,
    "BridgeDeal.from_hands.hands": dict(zip(Seat, map(list, _ending().hands), strict=True)),
    "BridgeDeal.owner.card": BridgeCard(Suit.D, 13),
    "Contract.parse.text": "4SX",
    "Contract.__init__.level": 3,
    "BridgePosition.__init__.hands": _ending().hands,
    "BridgePosition.play.card": BridgeCard(Suit.S, 14),
    "PbnBoard.__init__.tags": (("Board", "1"), ("Deal", _ENDING)),
    "PbnBoard.tag.name": "Deal",
    "read_pbn.text": _PBN,
    "iter_pbn.text": _PBN,
    "write_pbn.boards": [bridge.read_pbn(_PBN)[0]],
    "PbnBoard.section.name": "Auction",
    "Constraint.__init__.text": "hcp(north) >= 0",
    "Constraint.parse.text": "hcp(north) >= 0",
    "constrained_deals.constraint": "hcp(north) >= 0",
    "constrained_deals.count": 1,
    "PlayedCard.__init__.tricks": 9,
    "PlayedCard.__init__.cost": 0,
    "PlayAnalysis.__init__.start": 9,
    "PlayAnalysis.__init__.cards": (bridge.PlayedCard(Seat.E, BridgeCard(Suit.S, 14), 9, 0),),
    "analyse_play.play": [],
    "read_lin.text": _LIN,
    "iter_lin.text": _LIN,
    "iter_records.text": _LIN,
    "write_lin.boards": [bridge.read_pbn(_PBN)[0]],
    "trick_winner.cards": [BridgeCard.parse(c) for c in ("HA", "HK", "S2", "H3")],
    "dd_tables.deals": [_ending()],
    "decide.deal": BridgeDeal.parse(_FULL),
    "par.deal": BridgeDeal.parse(_FULL),
    "DDTable.__init__.tricks": {seat: dict.fromkeys(Strain, 1) for seat in Seat},
    "m": _GAME,
    "pattern": "EEWWEW",
    "n": 2,
    "start": 0,
    "suits": [SuitDeal.parse("AQ/KJ")],
}


# ----------------------------------------------------------------------------- annotations
_LOCALNS: dict[str, Any] = {
    "SuitReach": kernel.SuitReach,
    "TableCache": kernel.TableCache,
    "PlayLine": engine.PlayLine,
    "Step": engine.Step,
    "TheoryElement": strategy.TheoryElement,
}


def _hints(fn: Callable[..., Any], module: types.ModuleType | None) -> dict[str, Any]:
    glob = dict(vars(module)) if module is not None else {}
    glob.update(getattr(fn, "__globals__", {}))
    try:
        import numpy as np
        import numpy.typing as npt

        glob.setdefault("np", np)
        glob.setdefault("npt", npt)
    except ImportError:  # pragma: no cover
        pass
    return typing.get_type_hints(fn, globalns=glob, localns=_LOCALNS)


def _protocol_members(proto: type) -> set[str]:
    return {
        n
        for c in proto.__mro__
        if c not in (object, typing.Generic, typing.Protocol)
        for n in vars(c)
        if not n.startswith("_")
    }


def is_open(hint: Any) -> bool:
    """Does the annotation leave the type to another check (``Any``, a type variable: a
    theory's element, which the theory checks)?"""
    return hint is Any or isinstance(hint, typing.TypeVar)


def fits(value: object, hint: Any) -> bool:
    """Does ``value`` fit the annotation ``hint``? (bool is never a number; text and bytes are
    never a collection of things.)"""
    if hint is Any or hint is object or isinstance(hint, typing.TypeVar):
        return True
    if hint is None or hint is type(None):
        return value is None
    origin = get_origin(hint)
    args = get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        return any(fits(value, a) for a in args)
    if origin is Literal:  # the type: a wrong word is a bad value, not a wrong type
        return any(type(value) is type(a) for a in args)
    if hint is cabc.Callable or origin is cabc.Callable:
        return callable(value)
    if origin is type:
        return isinstance(value, type)
    if origin in (tuple,):
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(fits(v, args[0]) for v in value)
        return len(args) == len(value) and all(fits(v, a) for v, a in zip(value, args, strict=True))
    if origin in (list, set, frozenset, cabc.Sequence, cabc.Iterable, cabc.Collection):
        if isinstance(value, (str, bytes)) or not isinstance(value, origin):
            return False
        return all(fits(v, args[0]) for v in value) if args else True
    if origin in (dict, cabc.Mapping):
        if not isinstance(value, origin):
            return False
        return all(fits(k, args[0]) and fits(v, args[1]) for k, v in value.items())
    if origin is not None:  # a generic class: Theory[Any]
        return fits(value, origin)
    if isinstance(hint, type):
        if getattr(hint, "_is_protocol", False):
            return all(hasattr(value, n) for n in _protocol_members(hint))
        if isinstance(value, bool) and hint in (int, float, Fraction):
            return False
        if hint is float:
            return isinstance(value, (int, float))
        return isinstance(value, hint)
    raise AssertionError(f"fits() does not know the annotation {hint!r}")


# ----------------------------------------------------------------------------- entry points
@dataclass
class Param:
    name: str
    hint: Any
    kind: inspect._ParameterKind
    required: bool


@dataclass
class EntryPoint:
    """One public callable: a function, a constructor, a class method, or a method of an
    instance made afresh from :data:`SAMPLES`."""

    name: str  # "Deal.parse", "Evaluator.value", "eps", "Deal()"
    get: Callable[[], Callable[..., Any]]
    params: list[Param] = field(default_factory=list)
    owner: str = ""  # the class, for ARGS look-ups
    surface: str = ""  # the module of SURFACES that exports it ("" for a game's theory)

    def valid(self, p: Param) -> tuple[bool, object]:
        """(True, a valid value) for ``p``, or (False, None) to leave it to its default."""
        base = self.name.removesuffix("()")
        keys = [f"{base}.{p.name}", f"{base}.__init__.{p.name}", p.name]
        if self.owner:
            keys[1:1] = [
                f"{self.owner}.{base.rsplit('.', 1)[-1]}.{p.name}",
                f"{self.owner}.*.{p.name}",
            ]
        for k in keys:
            if k in ARGS and fits(ARGS[k], p.hint):
                return True, ARGS[k]
        if not p.required:
            return False, None
        for t in _members(p.hint):
            if t in SAMPLES:
                return True, SAMPLES[t]()
            origin = get_origin(t)
            if origin is not None and origin in SAMPLES:
                return True, SAMPLES[origin]()
        raise AssertionError(
            f"no valid value for {self.name}'s parameter {p.name}: {p.hint!r}; add one to ARGS"
        )

    def call(self, replace: str | None = None, value: object = None) -> object:
        fn = self.get()
        args: list[object] = []
        kwargs: dict[str, object] = {}
        positional = any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in self.params)
        for p in self.params:
            if p.name == replace:
                have, v = True, value
            else:
                have, v = self.valid(p)
                if not have and positional and p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD:
                    raise AssertionError(f"{self.name}: give {p.name} a value in ARGS")
            if not have:
                continue
            if (
                p.kind is inspect.Parameter.VAR_POSITIONAL
                or p.kind is inspect.Parameter.POSITIONAL_ONLY
                or (positional and p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD)
            ):
                args.append(v)
            else:
                kwargs[p.name] = v
        out = fn(*args, **kwargs)
        if isinstance(out, Iterator):  # a generator checks when first asked
            next(out, None)
        return out


def _members(hint: Any) -> list[Any]:
    if get_origin(hint) in (typing.Union, types.UnionType):
        return [a for a in get_args(hint) if a is not type(None)]
    return [hint]


def _params(fn: Callable[..., Any], module: types.ModuleType | None, skip: int) -> list[Param]:
    sig = inspect.signature(fn)
    hints = _hints(fn, module)
    out = []
    for p in list(sig.parameters.values())[skip:]:
        if p.kind is inspect.Parameter.VAR_KEYWORD:
            continue
        hint = hints.get(p.name, Any)
        required = p.default is inspect.Parameter.empty and p.kind in (
            inspect.Parameter.POSITIONAL_ONLY,
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            inspect.Parameter.KEYWORD_ONLY,
        )
        if p.kind is inspect.Parameter.VAR_POSITIONAL:
            required = True
        out.append(Param(p.name, hint, p.kind, required))
    return out


def _constructor_params(cls: type) -> list[Param]:
    """The parameters of ``cls(...)``: of the first ``__init__`` or ``__new__`` of the project
    in its classes (none: it takes no arguments)."""
    for klass in cls.__mro__:
        if not _ours(klass):
            break
        for attr in ("__init__", "__new__"):
            fn = vars(klass).get(attr)
            if isinstance(fn, staticmethod):
                fn = fn.__func__
            if inspect.isfunction(fn):
                return _params(fn, inspect.getmodule(klass), 1)
    return []


def _ours(obj: object) -> bool:
    return getattr(obj, "__module__", "").startswith("whistgui.")


def _class_entry_points(cls: type, module: types.ModuleType) -> Iterator[EntryPoint]:
    name = cls.__name__
    mod = inspect.getmodule(cls)
    if issubclass(cls, enum.Enum):  # Player('W'), Seat(2): a member's value or a member
        hint = type(next(iter(cls)).value) | cls
        yield EntryPoint(f"{name}()", lambda: cls, [Param("value", hint, 0, True)], name)  # type: ignore[arg-type]
    elif getattr(cls, "_is_protocol", False):
        return  # a protocol: its methods are called on the classes that follow it
    elif f"{name}()" not in EXCLUDED:
        yield EntryPoint(f"{name}()", lambda: cls, _constructor_params(cls), name)
    for klass in cls.__mro__:
        if not _ours(klass) or klass is object:
            continue
        for attr, raw in vars(klass).items():
            if attr.startswith("_"):  # __getitem__ too: an IndexError past the end, as a list's
                continue
            qual = f"{name}.{attr}"
            if qual in EXCLUDED or attr in EXCLUDED:
                continue
            if isinstance(raw, (classmethod, staticmethod)):
                fn = raw.__func__
                if not inspect.isfunction(fn):
                    continue
                skip = 1 if isinstance(raw, classmethod) else 0
                yield EntryPoint(qual, lambda a=attr: getattr(cls, a), _params(fn, mod, skip), name)
            elif inspect.isfunction(raw):
                if cls not in SAMPLES and not any(c in SAMPLES for c in cls.__mro__[1:]):
                    raise AssertionError(f"no sample instance of {name} for {qual}: add one")
                factory = SAMPLES.get(cls) or next(SAMPLES[c] for c in cls.__mro__ if c in SAMPLES)
                own = ARGS.get(f"{qual}.self")  # an instance this method needs (a led card)
                if callable(own):
                    factory = own
                yield EntryPoint(
                    qual,
                    lambda a=attr, f=factory: getattr(f(), a),
                    _params(raw, mod, 1),
                    name,
                )


def entry_points() -> list[EntryPoint]:
    """Every public callable of :data:`SURFACES` (each once), and each game's theory."""
    seen: set[object] = set()
    out: list[EntryPoint] = []
    for module in SURFACES:
        first = len(out)
        for name in module.__all__:
            obj = getattr(module, name)
            if id(obj) in seen or name in EXCLUDED:
                continue
            seen.add(id(obj))
            if isinstance(obj, type):
                if issubclass(obj, BaseException):
                    continue  # exceptions take any message
                out.extend(_class_entry_points(obj, module))
            elif inspect.isfunction(obj):  # not type aliases, constants
                out.append(EntryPoint(name, lambda o=obj: o, _params(obj, module, 0)))
        for entry in out[first:]:
            entry.surface = module.__name__
    for game in GAMES:
        theory = game.new_theory()
        if theory is None or id(type(theory)) in seen:
            continue
        cls = type(theory)
        seen.add(id(cls))
        SAMPLES.setdefault(cls, lambda g=game: g.new_theory())
        out.extend(_class_entry_points(cls, inspect.getmodule(cls)))  # type: ignore[arg-type]
    return out


ENTRY_POINTS = entry_points()
BY_NAME = {e.name: e for e in ENTRY_POINTS}


# ----------------------------------------------------------------------------- hostile values
#: An int past Python's 4,300 digits for an int's text (its ``repr`` raises ValueError).
HUGE = 10**5000


def hostile() -> list[object]:
    """The fixed hostile values, made afresh (a call may keep or change a list)."""
    return [
        HUGE,
        None,
        True,
        False,
        0,
        -1,
        10**100,
        -(10**100),
        3.5,
        math.nan,
        math.inf,
        -math.inf,
        "",
        "AQ/KJ",
        "W",
        "x" * 100_000,
        "\ud800\x00\u2028",
        b"AQ/KJ",
        [],
        ["AQ/KJ"],
        [None],
        (None, None),
        [[]],
        [[1, 2], [3]],
        [[1.0, math.nan]],
        [[True]],
        [[0] * 101],
        [[1e300, -1e300], [-1e300, 1e300]],
        {},
        object(),
        Fraction(1, 3),
        Deal.parse("AQ/KJ"),
        SuitDeal.parse("K/A"),
        Player.EAST,
        Card(0, 13),
        Value(1),
        EPS0,
        WHIST_RULES,
        _position(),
        find_game("five-card"),
        GopsRules(4),
        GopsState.parse(_CHANCE),
        Seat.E,
        Strain.S,
        BridgeCard(Suit.C, 2),
        BridgeDeal.parse("N:.A.. K... ..Q. ...J"),
        Contract(7, Strain.NT, 2),
        BridgePosition.from_deal(BridgeDeal.parse("S:2... 3... 4... 5..."), Strain.C, Seat.W),
        bridge.read_pbn(_PBN)[0],
    ]


_PLAIN = (type(None), bool, int, float, str, bytes, list, tuple, dict, Fraction)


def _quoted(value: object, message: str) -> bool:
    """Does ``message`` quote ``value`` — whole (as Python writes it, or as JSON does for what
    a JSON file's reader is given), or a word of its text (a parser quotes the bad suit), or,
    for a list, one of its items?"""
    if quote(value) in message or quote_json(value) in message:
        return True
    if isinstance(value, int) and type(value) not in (int, bool) and quote(int(value)) in message:
        return True  # an int enum (Seat.E) quoted as the int it is
    try:
        if quote(str(value)) in message:
            return True
    except ValueError:  # an int past 4,300 digits has no text (quote describes it)
        pass
    if isinstance(value, str):
        return any(quote(w) in message or quote(w.strip()) in message for w in value.split())
    if isinstance(value, (list, tuple)):
        return any(_quoted(v, message) for v in value)
    return False


@dataclass
class Verdict:
    entry: str
    param: str
    value: str
    problem: str

    def __str__(self) -> str:
        return f"{self.entry}({self.param}={self.value}): {self.problem}"


def judge(entry: EntryPoint, p: Param, value: object) -> Verdict | None:
    """Call ``entry`` with ``value`` for ``p``; a Verdict if the answer breaks the contract."""
    shown = quote(value, 40)
    fit = fits(value, p.hint)
    try:
        entry.call(p.name, value)
    except (TypeError, WhistError) as exc:
        message = str(exc)
        if not fit and not isinstance(exc, TypeError):
            return Verdict(entry.name, p.name, shown, f"refused, but not as a TypeError: {exc!r}")
        if fit and isinstance(exc, TypeError) and not is_open(p.hint):
            return Verdict(entry.name, p.name, shown, f"fits {p.hint!r} yet TypeError: {exc!r}")
        named = re.search(rf"\b{re.escape(p.name)}\b", message) is not None
        quoted = _quoted(value, message)
        if not fit and not named:
            return Verdict(entry.name, p.name, shown, f"message does not name {p.name}: {exc!r}")
        if fit and isinstance(value, _PLAIN) and not (named or quoted):
            return Verdict(entry.name, p.name, shown, f"names neither {p.name} nor it: {exc!r}")
        return None
    except Exception as exc:  # anything else escaped: the failure this test exists for
        return Verdict(entry.name, p.name, shown, f"escaped {type(exc).__name__}: {exc}"[:300])
    if not fit:
        return Verdict(entry.name, p.name, shown, f"accepted although not {p.hint!r}")
    return None


# ----------------------------------------------------------------------------- the tests
def test_the_scan_finds_the_api() -> None:
    """The introspection sees what it should (a guard against a scan that finds nothing)."""
    names = set(BY_NAME)
    for expected in (
        "Deal.parse",
        "Deal()",
        "Evaluator.value",
        "Solver.outcome",
        "Player.parse",
        "Player()",
        "eps",
        "find_game",
        "play_line",
        "search_line",
        "suit_table",
        "reach_size",
        "WhistTheory.element",
        "FiveCardTheory.parse",
        "Position.play",
        "Infinitesimal()",
        "GopsRules()",
        "GopsState.parse",
        "GopsState.bid",
        "GopsSolver()",
        "GopsSolver.exact_value",
        "GopsSolver.from_json",
        "ExactSolution.verify",
        "game_value",
        "solve_exact",
        "dominated",
        "Seat()",
        "Seat.parse",
        "BridgeCard()",
        "BridgeCard.parse",
        "BridgeDeal()",
        "BridgeDeal.from_hands",
        "Contract()",
        "BridgePosition()",
        "BridgePosition.play",
        "PbnBoard.make",
        "iter_pbn",
        "write_pbn",
        "read_lin",
        "write_lin",
        "trick_winner",
        "EndgameSolver.tricks",
        "EndgameSolver.card_scores",
        "dd_table",
        "dd_tables",
        "par",
        "card_scores",
        "winning_line",
        "DDTable()",
        "DDTable.to_json",
    ):
        assert expected in names, expected
    assert len(ENTRY_POINTS) > 150


@pytest.mark.parametrize("entry", ENTRY_POINTS, ids=lambda e: e.name)
def test_valid_arguments_are_answered(entry: EntryPoint) -> None:
    """The samples are valid: with them every entry point answers (so that each hostile value
    below is the only thing wrong with its call)."""
    entry.call()


@pytest.mark.parametrize("entry", ENTRY_POINTS, ids=lambda e: e.name)
def test_hostile_arguments_are_refused_by_name(entry: EntryPoint) -> None:
    bad = [
        str(v)
        for p in entry.params
        for value in hostile()
        if (v := judge(entry, p, value)) is not None
    ]
    assert not bad, "\n".join(bad)


_CALLS = [(e, p) for e in ENTRY_POINTS for p in e.params]

hostile_values = st.recursive(
    st.none()
    | st.booleans()
    | st.floats()
    | st.integers(max_value=-1)
    | st.integers(min_value=10**6)
    | st.text(max_size=60)
    | st.binary(max_size=20)
    | st.fractions()
    | st.sampled_from([v for v in hostile() if v is not HUGE]),  # (hypothesis writes each)
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner),
    max_leaves=8,
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(call=st.sampled_from(_CALLS), value=hostile_values)
def test_drawn_hostile_arguments_are_refused_by_name(
    call: tuple[EntryPoint, Param], value: object
) -> None:
    entry, p = call
    verdict = judge(entry, p, value)
    assert verdict is None, str(verdict)


# ----------------------------------------------------------------------------- operators
def _number_like(v: object) -> bool:
    return isinstance(v, Value) or (
        isinstance(v, (int, Fraction))
        and not isinstance(v, bool)
        and Fraction(v).denominator & (Fraction(v).denominator - 1) == 0
    )


#: What ``+`` and ``-`` combine each value type with (anything else: a TypeError).
ADDS: dict[type, Callable[[object], bool]] = {
    Value: _number_like,
    engine.Infinitesimal: lambda v: isinstance(v, engine.Infinitesimal),
}

OPERATORS = (
    operator.add,
    operator.sub,
    operator.lt,
    operator.le,
    operator.gt,
    operator.ge,
    operator.eq,
    operator.ne,
    operator.contains,
)


@pytest.mark.parametrize(
    "kind",
    [
        Value,
        engine.Infinitesimal,
        LabeledValue,
        engine.Interval,
        engine.InfinitesimalRange,
        Card,
        Deal,
        SuitDeal,
        Position,
        Rules,
    ],
    ids=lambda k: k.__name__,
)
def test_operators_combine_what_they_can_and_refuse_the_rest(kind: type) -> None:
    """``x + None``, ``x < 'W'``, ``None in interval``: a result or a TypeError (an
    ArgumentTypeError for an order that names the other operand), never another exception;
    ``==`` never raises; ``+`` and ``-`` succeed only with what :data:`ADDS` says."""
    bad = []
    for op in OPERATORS:
        for value in hostile():
            for args in ((SAMPLES[kind](), value), (value, SAMPLES[kind]())):
                try:
                    op(*args)
                except (TypeError, WhistError) as exc:
                    if op in (operator.eq, operator.ne):
                        bad.append(f"{op.__name__}{args!r}: {exc!r}")
                    continue
                except Exception as exc:
                    bad.append(f"{op.__name__}{args!r} escaped {exc!r}")
                    continue
                if op in (operator.add, operator.sub) and not ADDS.get(kind, lambda v: False)(
                    value
                ):
                    bad.append(f"{op.__name__}{args!r} accepted")
    assert not bad, "\n".join(b[:300] for b in bad)


# ----------------------------------------------------------------------------- the issue's calls
@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: play_line(Deal.parse("AQ/KJ"), "W"), r"^leader must be a Player .*not str 'W'$"),
        (lambda: Solver().outcome("AQ/KJ"), r"^deal must be a Deal \(Deal.parse reads text"),
        (lambda: Player.parse(None), r"^text must be a str, not None$"),
        (lambda: find_game(None), r"^name must be a game's name \(a str\), not None$"),
        (lambda: engine.eps(3.5), r"^k must be a whole number \(an int\), not float 3.5$"),
        (lambda: engine.eps(math.nan), r"^k must be a whole number \(an int\), not float nan$"),
        (lambda: Evaluator().value(b"AQ/KJ"), r"^x must be a SuitDeal, a Deal, a State or deal"),
        (lambda: Deal.parse(None), r"^text must be deal text \(a str\)"),
        (lambda: SuitDeal("AQ", "KJ"), r"^west must be an iterable of ranks \(ints\), not str"),
        (lambda: Card(0, 14.0), r"^rank must be a whole number \(an int\), not float 14.0$"),
    ],
)
def test_the_calls_of_the_issue_say_what_they_want(call: Callable[[], object], message: str):
    """Issue 23's examples: each a TypeError naming the argument, what it must be and what it
    was (before: AttributeError from inside, or an ε₃.₅ that added and printed)."""
    with pytest.raises(TypeError, match=message):
        call()
    assert Evaluator().value("AQ/KJ") == Value.parse("3/2")  # text is a deal where documented


_THEORY_5 = find_game("five-card").new_theory()
#: How a message quotes it (or its negative): its first and last digits around "…".
_HUGE_TEXT = r"-?10{30,}…0{20}$"


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: Player(HUGE), TypeError, r"^value must be 'W' or 'E' \(a str\), not int "),
        (lambda: Scoring(HUGE), TypeError, r"^value must be one of 'tricks', .*, not int "),
        (lambda: engine.result_text(HUGE), WhistError, r"^r must be a result of at most 1,000 "),
        (lambda: SuitDeal.parse("AQ/KJ").card_text(HUGE), WhistError, r"^rank must be .* to "),
        (lambda: next(iter(rows.suit_rows(HUGE))), WhistError, r"^n must be from 1 to 12 cards"),
        (lambda: next(iter(rows.suit_rows(2, start=HUGE))), WhistError, r"^start must be "),
        (lambda: SAMPLES[engine.InfinitesimalRange]().describe(HUGE), WhistError, r"^q must be "),
        (lambda: _THEORY_5.text(HUGE), WhistError, r"^element must be .*at most 9 digits\), "),
        (lambda: _THEORY_5.describe(-HUGE), WhistError, r"^element must be .*, not -100000"),
    ],
)
def test_an_int_python_cannot_write_is_named(call: Callable[[], object], error: type, message):
    """An int of over 4,300 digits is refused by name, quoted by its ends (before: Python's
    own ValueError 'Exceeds the limit (4300 digits) for integer string conversion', raised
    while a message or a result was being written)."""
    with pytest.raises(error, match=message) as info:
        call()
    assert re.search(_HUGE_TEXT, str(info.value)), str(info.value)
    assert not isinstance(info.value, TypeError) or error is TypeError
