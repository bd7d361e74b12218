r"""A deal played out card by card: the :class:`Step` of each card and the :class:`PlayLine`
they make — the one record that the text, the LaTeX and the JSON of a line are drawn from.

Every way of playing records its cards so: :func:`~whistgui.engine.strategy.marks.play_line`
plays a whole deal with :meth:`Strategist.choice
<whistgui.engine.strategy.marks.Strategist.choice>` (from values), recording for every card its
reason, the marks of all legal cards, the labels and the running value;
:func:`~whistgui.engine.strategy.search.search_line` plays it by exact search. This module
knows neither: a way of playing reaches it as a :class:`Marker`.

>>> from whistgui.engine import Deal, Player, play_line
>>> line = play_line(Deal.parse('KJ/AQ A/K K/A'), Player.WEST)
>>> for step in line.steps[:4]:
...     print(step.trick, step.player.value, step.name, step.reason.split(' (')[0])
1 W H:A eliminates East's exit before a throw-in: the ♥A wins and leaves East without an exit
1 E H:K the ♥A is the highest heart left; plays low
2 W D:K exits in a suit with positive infinitesimal part, putting East on lead
2 E D:A must win the trick
>>> line.outcome, line.predicted
(2, 2)
>>> text = line.text_lines()
>>> print('\n'.join([text[0], *text[2:4], text[-1]]))
KJ/AQ A/K K/A — West on lead
 1. E H:K   the ♥A is the highest heart left; plays low
     West wins the trick
West took 2 tricks.
>>> line.records()[-1]
{'outcome': 2, 'predicted': 2, 'deal': 'KJ/AQ A/K K/A', 'lead': 'W', 'value': '3/2+-e0',
 'confirmed': False}

Any legal card makes a step, best or not (:func:`~whistgui.engine.strategy.marks.value_step`,
:meth:`Strategist.step <whistgui.engine.strategy.marks.Strategist.step>`); a card that is not
best says what it cost:

>>> from whistgui.engine import Position, Strategist
>>> p = Position.start(Deal.parse('KJ/AQ A/K K/A'), Player.WEST)
>>> step = Strategist().step(p, p.deal.card_from_text('D:K'))
>>> step.mark, step.best_mark, step.cost, step.cost_text
(1, 2, 1, '1 trick')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Final, Literal, Protocol

from whistgui.engine.checks import described, expect, whole
from whistgui.engine.errors import ArgumentTypeError, NotationError, TheoryError
from whistgui.engine.games.whist.value import Value, format_number
from whistgui.engine.strategy.state import SuitLabel, TheoryElement
from whistgui.engine.trick.cards import SUIT_SYMBOLS, Card, Player, count
from whistgui.engine.trick.deal import Deal
from whistgui.engine.trick.play import Position
from whistgui.engine.trick.rules import WHIST_RULES, Result, Rules, Scoring
from whistgui.engine.trick.rules import result_text as result_words

__all__ = [
    "CONFIRM_MAX_CARDS",
    "NOTHING_TO_PLAY",
    "CardReason",
    "Marker",
    "Method",
    "PlayLine",
    "Standing",
    "Step",
    "card_symbols",
    "check_line",
    "cost_of",
    "latex_text",
    "make_step",
    "mark_text",
    "play_out",
    "result_json",
    "trick_number",
]

_W, _E = Player.WEST, Player.EAST

#: Deals with at most this many cards a hand are small enough for the exact solver to confirm
#: every mark (:meth:`Strategist.confirm <whistgui.engine.strategy.marks.Strategist.confirm>`,
#: :func:`~whistgui.engine.strategy.marks.play_line`); a longer line is told as not searched.
CONFIRM_MAX_CARDS: Final = 8

#: What a line, its standing and ``whist play`` say of a deal with no cards.
NOTHING_TO_PLAY: Final = "Nothing to play: no cards are dealt."

#: How a line's cards were marked: from values (whist) or by exact search (any game).
Method = Literal["values", "search"]


# ----------------------------------------------------------------------------- results


def mark_text(r: Result) -> str:
    """A mark as text: tricks ``3``, refined points ``5/4``, a winner ``W``/``E`` (the short
    :func:`~whistgui.engine.trick.rules.result_text`).

    >>> mark_text(3), mark_text(Player.EAST)
    ('3', 'E')
    """
    return result_words(r, short=True)


def result_json(r: Result) -> int | str:
    """A mark as JSON: tricks as integers, refined points as ``5/4``, a winner as ``W``/``E``."""
    if isinstance(r, Player):
        return r.value
    if isinstance(r, Fraction):
        return int(r) if r.denominator == 1 else format_number(r)
    return r


def _ends(r: Result) -> str:
    """``West ends with 3`` / ``East wins``."""
    return result_words(r) if isinstance(r, Player) else f"West ends with {mark_text(r)}"


def card_symbols(name: str) -> str:
    """A card's name as a reason writes it: ``♥A`` for the standard suits, ``5:K`` otherwise.

    >>> card_symbols('H:A'), card_symbols('5:K')
    ('♥A', '5:K')
    """
    suit, _, rank = name.partition(":")
    return f"{SUIT_SYMBOLS[suit]}{rank}" if suit in SUIT_SYMBOLS and rank else name


def cost_of(player: Player, mark: Result, best: Result) -> int | Fraction:
    """What a card marked ``mark`` gives away, for ``player`` who played it, against the best
    card's ``best``: tricks (points in refined whist), or 1 for a last-trick game it lost; 0
    for a best card.

    >>> cost_of(Player.WEST, 8, 9), cost_of(Player.EAST, 10, 9), cost_of(Player.EAST, 9, 9)
    (1, 1, 0)
    """
    if isinstance(mark, Player) or isinstance(best, Player):
        return int(mark != best)
    diff = best - mark if player is _W else mark - best
    return int(diff) if isinstance(diff, int) or diff.denominator == 1 else diff


def _lost(cost: int | Fraction, mark: Result, best: Result) -> str:
    """``1 trick``, ``1 point`` or ``1/2 point`` (refined points), ``the game``.

    >>> _lost(1, 8, 9), _lost(1, Fraction(3, 4), Fraction(7, 4)), _lost(1, Player.EAST, _W)
    ('1 trick', '1 point', 'the game')
    """
    if isinstance(mark, Player):
        return "the game"
    if isinstance(cost, Fraction) or isinstance(mark, Fraction) or isinstance(best, Fraction):
        return f"{format_number(Fraction(cost))} point{'s' if cost > 1 else ''}"
    return count(cost, "trick")


@dataclass(frozen=True, slots=True)
class CardReason:
    """Why one legal card, before it is played: what it does (``does``) and, for a card that
    is not best, what it costs (:attr:`cost`, from the marks: the exact solver's difference)
    and why (``why``: from the values in whist, :func:`~whistgui.engine.strategy.narrate.
    explain`; by search in the other games, :meth:`~whistgui.engine.strategy.search.Searcher.
    explain`).
    :attr:`text` is the reason as the record and the list show it.

    >>> r = CardReason(Card(0, 14), 'S:A', Player.WEST, 8, 9, 'cashes a sure trick',
    ...                'leading the ♠A weakens spades (3⅛ → 3 + ε₂)')
    >>> r.cost, r.text
    (1, 'not best: West ends with 8 instead of 9 (1 trick lost) — leading the ♠A weakens \
spades (3⅛ → 3 + ε₂)')
    """

    card: Card
    name: str  # the card's name in the deal, e.g. "S:Q"
    player: Player  # who plays it
    mark: Result  # West's result under optimal play after it
    best: Result  # that after the best card
    does: str  # what the card does, in the paper's terms
    why: str = ""  # why it costs: empty for a best card

    @property
    def cost(self) -> int | Fraction:
        """What the card gives away (0 for a best card): tricks, or 1 for a lost game."""
        return cost_of(self.player, self.mark, self.best)

    @property
    def is_best(self) -> bool:
        return self.cost == 0

    @property
    def cost_text(self) -> str:
        """``1 trick``, ``2 tricks``, ``the game``; empty for a best card."""
        return _lost(self.cost, self.mark, self.best) if self.cost else ""

    @property
    def text(self) -> str:
        """What the card does (a best card), or what it costs and why."""
        if not self.cost:
            return self.does
        mark, best = self.mark, self.best
        if isinstance(mark, Player) and isinstance(best, Player):
            head = f"not best: {mark.word} wins instead of {best.word}"
        else:
            head = (
                f"not best: West ends with {mark_text(mark)} instead of {mark_text(best)} "
                f"({self.cost_text} lost)"
            )
        return f"{head} — {self.why}" if self.why else head

    def record(self) -> dict[str, Any]:
        """As JSON-ready data: the card, its mark, its cost and its reason."""
        cost = self.cost
        return {
            "card": self.name,
            "mark": result_json(self.mark),
            "cost": cost if isinstance(cost, int) else format_number(cost),
            "reason": self.text,
        }


@dataclass(frozen=True, slots=True)
class Standing:
    """Where play stands at a position: the value West's result is read from now and what it
    predicts — so that the two always belong together. Between tricks: the position's value
    with its leader on lead. Inside a trick: the value once the follower completes it with his
    best reply (``reply``, the card's name), the trick's winner then on lead. Once play is
    over: West's tricks.

    >>> from whistgui.engine.games.whist.value import Value
    >>> Standing(8, Player.EAST, Value.parse('10+e0'), Player.WEST, 10, 'D:4').text
    "After East's best reply, the ♦4: value 10 + ε₀ with West on lead — West should end with 10."

    In refined whist the prediction is West's refined score, ρ′ of the value:

    >>> Standing(1, Player.WEST, Value.parse('3/2+e0'), Player.WEST, Fraction(7, 4)).text
    'Value 1½ + ε₀ with West on lead: West should score 7/4 (ρ′, refined whist).'
    """

    trick: int  # the current trick, from 1
    to_move: Player | None  # None once play is over
    value: Value | TheoryElement | None  # None where a game's theory has none
    on_lead: Player  # who leads with that value
    predicted: Result  # West's result under optimal play from here
    reply: str = ""  # inside a trick: the follower's best reply the value assumes

    @property
    def text(self) -> str:
        """The standing in words."""
        should = (
            f"{self.predicted.word} should win"
            if isinstance(self.predicted, Player)
            else f"West should score {mark_text(self.predicted)} (ρ′, refined whist)"
            if isinstance(self.predicted, Fraction)
            else f"West should end with {mark_text(self.predicted)}"
        )
        if self.to_move is None and self.trick == 1:
            return NOTHING_TO_PLAY
        if self.to_move is None:
            return f"Play is over: {_ends(self.predicted)}."
        value = (
            f"value {self.value.pretty()} with {self.on_lead.word} on lead"
            if self.value is not None
            else f"{self.on_lead.word} on lead"
        )
        if self.reply:
            who = self.to_move.word
            return f"After {who}'s best reply, the {card_symbols(self.reply)}: {value} — {should}."
        return f"{value[0].upper()}{value[1:]}: {should}."

    def record(self) -> dict[str, Any]:
        """As JSON-ready data: value, who leads with it, the prediction, the reply assumed."""
        return {
            "value": self.value.ascii() if self.value is not None else None,
            "lead": self.on_lead.value,
            "predicted": result_json(self.predicted),
            "reply": self.reply or None,
        }


# ----------------------------------------------------------------------------- records
@dataclass(frozen=True, slots=True)
class Step:
    """One card of a played line — the line's choice or any other legal card.

    ``value`` is the running value of the state between tricks at this card — before the
    trick for the leader's card, after it for the follower's (who then leads is
    ``on_lead``); a whist :class:`~whistgui.engine.games.whist.value.Value`, another game's element
    (:class:`~whistgui.engine.strategy.state.TheoryElement`) or None where its theory
    has none. ``predicted`` is the card's mark: West's result under optimal play after it
    (tricks, or the winner of a last-trick game); ``best_mark`` that of the best card.
    ``labels`` label the suits at the start of the trick; ``marks`` (and ``refined``, whist
    only) mark every legal card by name.

    R44's deal (23): West's reply to East's king, and why:

    >>> from whistgui.engine import Deal, play_line
    >>> s = play_line(Deal.parse('AJ9/KQT'), Player.EAST)[1]
    >>> s.trick, s.player, s.name, s.marks, s.is_best
    (1, <Player.WEST: 'W'>, 'S:9', {'S:A': 1, 'S:J': 1, 'S:9': 2}, True)
    >>> s.reason
    'holds up (plays low although it could win) to keep East on lead — winning would cost a trick'
    """

    trick: int  # from 1
    player: Player
    card: Card
    name: str  # the card's name in the deal, e.g. "S:Q"
    reason: str
    marks: dict[str, Result]
    refined: dict[str, Fraction]
    best: tuple[str, ...]
    labels: tuple[SuitLabel, ...]
    value: Value | TheoryElement | None
    predicted: Result
    best_mark: Result
    west_tricks: int  # West's tricks after the card
    on_lead: Player  # who leads the next trick (the leader, while the trick is open)
    wins: Player | None  # the trick's winner when this card completes it
    #: every legal card's reason, by name, before the card was played (the card's own too)
    reasons: dict[str, CardReason] = field(default_factory=dict)
    #: where play stands after the card: its value now and what it predicts
    standing: Standing | None = None

    @property
    def completes_trick(self) -> bool:
        return self.wins is not None

    @property
    def mark(self) -> Result:
        """The card's mark (:attr:`predicted`)."""
        return self.predicted

    @property
    def is_best(self) -> bool:
        return self.name in self.best

    @property
    def cost(self) -> int | Fraction:
        """What the card gave away, for the player who played it: tricks, or 1 for a
        last-trick game it lost (0 for a best card)."""
        return cost_of(self.player, self.predicted, self.best_mark)

    @property
    def cost_text(self) -> str:
        """``1 trick``, ``2 tricks``, ``the game``; empty for a best card."""
        return _lost(self.cost, self.predicted, self.best_mark) if self.cost else ""

    def text_lines(self) -> list[str]:
        """The card in a record: `` 1. W H:A   why … [gives away 1 trick]``; for a card that
        was not best, the best card it should have been with its reason (``better:``) and
        where play stands after it (``now:``); who won the trick when it completes one."""
        cost = f"  [gives away {self.cost_text}]" if self.cost > 0 else ""
        out = [f"{self.trick:>2}. {self.player.value} {self.name:<5} {self.reason}{cost}"]
        if self.cost > 0:
            better = self.reasons.get(self.best[0]) if self.best else None
            if better is not None:
                out.append(f"     better: {self.best[0]} — {better.text}")
            if self.standing is not None:
                out.append(f"     now: {self.standing.text}")
        if self.wins is not None:
            out.append(f"     {self.wins.word} wins the trick")
        return out

    def record(self) -> dict[str, Any]:
        """The card as JSON-ready data (one object of ``whist play --json``): the card, its
        reason and cost, the marks, reasons and costs of every legal card (``reasons``:
        :meth:`CardReason.record` by name), the labels, the running value, and where play
        stands after it (``standing``: :meth:`Standing.record`)."""
        cost = self.cost
        return {
            "trick": self.trick,
            "player": self.player.value,
            "card": self.name,
            "reason": self.reason,
            "marks": {n: result_json(m) for n, m in self.marks.items()},
            "best": list(self.best),
            "labels": [lab.record() for lab in self.labels],
            "value": self.value.ascii() if self.value is not None else None,
            "predicted": result_json(self.predicted),
            "west_tricks": self.west_tricks,
            # added by issue 25, after the keys of before
            "cost": cost if isinstance(cost, int) else format_number(cost),
            "reasons": {n: r.record() for n, r in self.reasons.items()},
            "standing": self.standing.record() if self.standing is not None else None,
        }


@dataclass(frozen=True, slots=True)
class PlayLine:
    """A deal played card by card (behaves as the list of its steps): by
    :meth:`Strategist.choice <whistgui.engine.strategy.marks.Strategist.choice>`, by exact
    search (:func:`~whistgui.engine.strategy.search.search_line`), or by hand in the play
    panel — possibly not to the end.

    ``predicted`` is West's result under optimal play from the start (ρ(val) for the first
    leader, or the search's); :attr:`outcome` what West got, once play is over. Every export
    of a line comes from here: :meth:`text_lines` (the record), :meth:`latex`,
    :meth:`records` (JSON) and :meth:`narration` (``whist play``).

    >>> from whistgui.engine import Deal, play_line
    >>> line = play_line(Deal.parse('AJ9/KQT'), Player.EAST)
    >>> line.predicted, line.outcome, [s.name for s in line]
    (2, 2, ['S:K', 'S:9', 'S:Q', 'S:A', 'S:J', 'S:T'])
    >>> for text in line.text_lines()[:3]:
    ...     print(text)
    AJ9/KQT — East on lead
     1. E S:K   leads from the only suit left (spades 1½ → 1½)
     1. W S:9   holds up (plays low although it could win) to keep East on lead — ...
    """

    deal: Deal
    leader: Player
    steps: tuple[Step, ...]
    predicted: Result
    start_value: Value | TheoryElement | None
    confirmed: bool = False  # every step checked by exact search
    forced: int = 0  # how many leading cards were given, not chosen
    rules: Rules = WHIST_RULES  # how the outcome is scored
    method: Method = "values"
    game: str = "whist"

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)

    def __getitem__(self, i: int) -> Step:
        return self.steps[i]

    # -- growing and cutting ----------------------------------------------------------------
    def then(self, step: Step) -> PlayLine:
        """The line with ``step`` played after its last card."""
        return replace(self, steps=(*self.steps, expect(step, Step, "step")))

    def upto(self, n: int) -> PlayLine:
        """The line's first ``n`` cards (all of them when it has fewer)."""
        n = whole(n, "n", low=0)
        return replace(self, steps=self.steps[:n], forced=min(self.forced, n))

    # -- the result -------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """Every card of the deal is played."""
        return len(self.steps) == 2 * self.deal.size

    @property
    def west_tricks(self) -> int:
        return self.steps[-1].west_tricks if self.steps else 0

    @property
    def outcome(self) -> Result | None:
        """West's result by the line's rules once play is over (tricks, or the winner of a
        last-trick game); None before."""
        if not self.is_over:
            return None
        last = self.steps[-1].wins if self.steps else self.leader
        points = self.rules.points_so_far(self.west_tricks)
        return self.rules.result(points + self.rules.final_points(last is _W))

    # -- exports ----------------------------------------------------------------------------
    def _final(self) -> str:
        if self.deal.size == 0:
            return NOTHING_TO_PLAY
        n = self.west_tricks
        took = f"West took {count(n, 'trick')}"
        scoring = self.rules.scoring
        last = self.steps[-1].wins if self.steps else None
        if scoring is Scoring.REDUCED and last is not None:
            return f"{took}; the last trick, {last.word}'s, does not count: {self.outcome}."
        if scoring.counts_tricks or last is None:
            return took + "."
        verb = "wins" if self.rules.scoring is Scoring.LAST_TRICK_WINS else "loses"
        return f"{took}; {last.word} took the last trick and {verb}."

    def text_lines(self) -> list[str]:
        """The record as lines of text: the deal and who leads, every card with its reason
        (and what it gave away when it was not best), who won each trick, and at the end
        what West took."""
        out = [f"{self.deal} — {self.leader.word} on lead"]
        for step in self.steps:
            out += step.text_lines()
        if self.is_over:
            out.append(self._final())
        return out

    def latex(self) -> str:
        r"""The record as a LaTeX ``tabular``: trick, player, card, mark, reason.

        >>> from whistgui.engine import play_line
        >>> line = play_line(Deal.parse('A/K'), Player.WEST)
        >>> print(line.latex(), end='')
        \begin{tabular}{rllrp{0.6\textwidth}}
        trick & player & card & West ends with & why \\
        \hline
        1 & West & S:A & 1 & eliminates East's exit: the $\spadesuit$A wins
            (spades 1 -- $\varepsilon$$_0$ $\to$ 1) \\
        1 & East & S:K & 1 & the $\spadesuit$A is the highest spade left; plays low \\
        \end{tabular}
        """
        what = "West ends with" if self.rules.scoring.counts_tricks else "winner"
        rows = [
            r"\begin{tabular}{rllrp{0.6\textwidth}}",
            rf"trick & player & card & {what} & why \\",
            r"\hline",
        ]
        for s in self.steps:
            cells = (str(s.trick), s.player.word, s.name, mark_text(s.mark), s.reason)
            rows.append(" & ".join(latex_text(c) for c in cells) + r" \\")
        rows.append(r"\end{tabular}")
        return "\n".join(rows) + "\n"

    def records(self) -> list[dict[str, Any]]:
        """The line as JSON-ready data: one object per card (:meth:`Step.record`), then the
        line's: outcome, predicted, deal, lead, value, confirmed."""
        value = self.start_value.ascii() if self.start_value is not None else None
        outcome = self.outcome
        final = {
            "outcome": result_json(outcome) if outcome is not None else None,
            "predicted": result_json(self.predicted),
            "deal": str(self.deal),
            "lead": self.leader.value,
            "value": value,
            "confirmed": self.confirmed,
        }
        return [s.record() for s in self.steps] + [final]

    def narration(self) -> list[str]:
        """The line told trick by trick (``whist play``): the start value and labels, every
        card with its reason and the marks of all legal cards (best starred), label changes,
        each trick's result, and the outcome against the prediction."""
        who = self.leader.word
        v = self.start_value
        if self.method == "values" and self.rules.scoring is Scoring.REFINED:
            assert v is not None
            lines = [
                f"{self.deal} — {who} on lead (refined whist: the last trick scores ¾, "
                "¼ for not taking it)",
                f"  value {v.pretty()}: West should score {mark_text(self.predicted)} "
                f"(ρ′ for {who} on lead)",
            ]
        elif self.method == "values":
            assert v is not None
            game = " (greedy-whist, played by its values)" if self.rules.greedy else ""
            lines = [
                f"{self.deal} — {who} on lead{game}",
                f"  value {v.pretty()}: West should take {mark_text(self.predicted)} "
                f"(ρ for {who} on lead)",
            ]
        else:
            lines = [f"{self.deal} — {who} on lead ({self.game}, played by exact search)"]
            if v is not None:
                lines.append(f"  value {v.pretty()}: {_words(v)}")
            should = (
                f"{self.predicted.word} should win"
                if isinstance(self.predicted, Player)
                else f"West should take {mark_text(self.predicted)}"
            )
            lines.append(f"  {should} (exact search, {who} on lead)")
        labels = self.steps[0].labels if self.steps else ()
        lines += [f"  {lab.text}" for lab in labels]
        for step in self.steps:
            if step.player is step.on_lead and step.wins is None:  # a lead opens a trick
                changes = _label_changes(labels, step.labels)
                labels = step.labels
                lines.append(f"Trick {step.trick}")
                lines += [f"  label: {c}" for c in changes]
            best = set(step.best)
            marks = "  ".join(
                f"{n} {mark_text(m)}{'*' if n in best else ''}" for n, m in step.marks.items()
            )
            lines.append(f"  {step.player.value} {step.name:<5} {step.reason}")
            lines.append(f"          marks: {marks}")
            for n, r in step.reasons.items():  # every other legal card, before it is played
                if n != step.name:
                    mark = f"{mark_text(r.mark)}{'*' if n in best else ''}"
                    lines.append(f"          {n:<5} {mark:<3} {r.text}")
            if step.cost > 0 and step.standing is not None:
                lines.append(f"          now: {step.standing.text}")
            if step.wins is not None:
                value = f", value {step.value.pretty()}" if step.value is not None else ""
                lines.append(
                    f"          {step.wins.word} wins; West has {step.west_tricks}{value}, "
                    f"{_ends(step.predicted)}"
                )
        if self.method == "values":
            check = (
                "every mark confirmed by exact search"
                if self.confirmed
                else f"marks from values only: over {CONFIRM_MAX_CARDS} cards a hand is not "
                "searched"
            )
        else:
            check = "every card optimal by exact search"
        outcome = self.outcome
        got = (
            "play is not over"
            if outcome is None
            else result_words(outcome)
            if isinstance(outcome, Player)
            else f"West scores {mark_text(outcome)}"
            if isinstance(outcome, Fraction)
            else f"West takes {mark_text(outcome)}"
        )
        given = "".join(
            f"{s.player.word}'s {card_symbols(s.name)} gave away {s.cost_text}; "
            for s in self.steps
            if s.cost > 0
        )
        if self.deal.size == 0:
            return [f"{self.deal} — {NOTHING_TO_PLAY}"]
        lines.append(f"Outcome: {got} (predicted {mark_text(self.predicted)}; {given}{check})")
        return lines


def _words(v: Value | TheoryElement) -> str:
    return v.words if not isinstance(v, Value) else ""


def _label_changes(before: Sequence[SuitLabel], after: Sequence[SuitLabel]) -> list[str]:
    """``H 1 − ε₀: exit for East, unprotected → played out`` for each suit whose label moved
    (every new label when a game's theory starts to cover the cards left, or stops)."""
    if len(before) != len(after):
        return [lab.text for lab in after] or ["none: the theory does not cover the cards left"]
    out = []
    for a, b in zip(before, after, strict=True):
        if (a.value, a.kind) != (b.value, b.kind):
            new = "played out" if b.kind == "played out" else f"{b.value.pretty()}: {b.words}"
            out.append(f"{a.text} → {new}")
    return out


# ----------------------------------------------------------------------------- LaTeX
_LATEX_SPECIALS: Final = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "♠": r"$\spadesuit$",
    "♥": r"$\heartsuit$",
    "♦": r"$\diamondsuit$",
    "♣": r"$\clubsuit$",
    "ε": r"$\varepsilon$",
    "±": r"$\pm$",
    "−": "--",
    "→": r"$\to$",
    "½": r"$\frac12$",
    "¼": r"$\frac14$",
    "¾": r"$\frac34$",
    "⅛": r"$\frac18$",
    "⅜": r"$\frac38$",
    "⅝": r"$\frac58$",
    "⅞": r"$\frac78$",
    "⁄": "/",
}
_SUBSCRIPTS: Final = "₀₁₂₃₄₅₆₇₈₉"
_SUPERSCRIPTS: Final = "⁰¹²³⁴⁵⁶⁷⁸⁹"


def latex_text(text: str) -> str:
    r"""``text`` for a LaTeX document: its specials escaped, the paper's symbols in math mode.

    >>> latex_text('♥A: hearts 1 − ε₀ → 1½ & 2¹⁄₁₆')
    '$\\heartsuit$A: hearts 1 -- $\\varepsilon$$_0$ $\\to$ 1$\\frac12$ \\& 2$^1$/$_1$$_6$'
    """
    out = []
    for ch in text:
        if ch in _LATEX_SPECIALS:
            out.append(_LATEX_SPECIALS[ch])
        elif ch in _SUBSCRIPTS:
            out.append(f"$_{_SUBSCRIPTS.index(ch)}$")
        elif ch in _SUPERSCRIPTS:
            out.append(f"$^{_SUPERSCRIPTS.index(ch)}$")
        else:
            out.append(ch)
    return "".join(out)


# ----------------------------------------------------------------------------- building
def trick_number(position: Position) -> int:
    """The number of the current trick (from 1), counted from the deal as dealt.

    >>> p = Position.start(Deal.parse('AQ/KJ'), Player.WEST)
    >>> led = p.play(Card(0, 14))
    >>> trick_number(p), trick_number(led), trick_number(led.play(Card(0, 11)))
    (1, 1, 2)
    """
    origin = position.origin or position.deal
    dealt = max(origin.hand_size(_W), origin.hand_size(_E))
    return dealt - position.tricks_left - (position.led is not None) + 1


class Marker(Protocol):
    """What a way of playing tells :func:`make_step` about a position: the
    :class:`~whistgui.engine.strategy.marks.Strategist` from values, the
    :class:`~whistgui.engine.strategy.search.Searcher` by exact search."""

    def marks(self, position: Position) -> Mapping[Card, Result]:
        """West's result after every legal card."""
        ...

    def best(self, position: Position) -> Sequence[Card]:
        """The optimal cards, at least one while play is not over."""
        ...

    def reasons(self, position: Position) -> Mapping[Card, CardReason]:
        """Every legal card's reason: what it does, what it costs and why."""
        ...

    def standing(self, position: Position) -> Standing:
        """Where play stands at ``position``: the value now and what it predicts."""
        ...

    def suit_labels(self, position: Position) -> Sequence[SuitLabel]:
        """The suits' labels at the start of the current trick."""
        ...

    def value(self, position: Position) -> Value | TheoryElement | None:
        """The running value at the start of the current trick."""
        ...


def make_step(
    position: Position,
    card: Card,
    way: Marker,
    *,
    refined_marks: Callable[[Position], Mapping[Card, Fraction]] | None = None,
) -> Step:
    """The :class:`Step` of ``card`` (any legal card) at ``position`` from what ``way`` of
    playing finds: the marks and reasons of every legal card (and ``refined_marks``' where
    given), the best ones, the labels, the running value (after the trick for the card that
    completes it) and where play stands after it. Every way of playing records cards so; a
    card that is not legal raises :class:`~whistgui.engine.errors.IllegalPlayError` before
    anything is asked about it.
    """
    expect(position, Position, "position")
    expect(card, Card, "card")
    marks = way.marks(position)
    if card not in marks:
        position.play(card)  # raises IllegalPlayError with the details
        raise TheoryError(f"the legal card {position.card_name(card)} has no mark (a bug)")
    best = way.best(position)
    reasons = way.reasons(position)
    why = reasons[card].text
    labels = way.suit_labels(position)
    refined = refined_marks(position) if refined_marks is not None else {}
    nxt = position.play(card)
    completes = nxt.led is None
    name = position.card_name
    return Step(
        trick=trick_number(position),
        player=position.to_move,
        card=card,
        name=name(card),
        reason=why,
        marks={name(c): m for c, m in marks.items()},
        refined={name(c): m for c, m in refined.items()},
        best=tuple(name(c) for c in best),
        labels=tuple(labels),
        value=way.value(nxt) if completes else way.value(position),
        predicted=marks[card],
        best_mark=marks[best[0]],
        west_tricks=nxt.west_tricks,
        on_lead=nxt.leader,
        wins=nxt.leader if completes else None,
        reasons={name(c): r for c, r in reasons.items()},
        standing=way.standing(nxt),
    )


def check_forced(forced: object) -> tuple[Card | str, ...]:
    """The forced cards of a line, checked: a sequence (not text) of Cards or ``S:Q`` text."""
    if isinstance(forced, (str, bytes)) or not isinstance(forced, Sequence):
        raise ArgumentTypeError(
            f"forced must be a sequence of Cards or card text (a list such as ['S:K']), not "
            f"{described(forced)}"
        )
    for i, c in enumerate(forced):
        expect(c, (Card, str), f"forced[{i}]", "a Card or card text such as 'S:K'")
    return tuple(forced)


def _forced_card(start: Position, i: int, card: Card | str) -> Card:
    if not isinstance(card, str):
        return card
    try:
        return start.deal.card_from_text(card)
    except NotationError as exc:
        raise NotationError(f"forced[{i}]: {exc}") from None


def play_out(
    start: Position,
    choose: Callable[[Position], Card],
    step: Callable[[Position, Card], Step],
    *,
    forced: Sequence[Card | str] = (),
    before: Callable[[Position], None] | None = None,
) -> tuple[Step, ...]:
    """The steps of playing ``start`` to the end: the ``forced`` cards (cards or ``S:Q``
    text) first, then ``choose``'s; each recorded by ``step``, after ``before`` (a check)
    has seen the position."""
    queue = [_forced_card(start, i, c) for i, c in enumerate(forced)]
    position = start
    steps: list[Step] = []
    while not position.is_over:
        if before is not None:
            before(position)
        card = queue.pop(0) if queue else choose(position)
        steps.append(step(position, card))
        position = position.play(card)
    return tuple(steps)


def check_line(line: PlayLine) -> PlayLine:
    """``line`` itself if every chosen (not forced) card was marked with the outcome, as an
    optimal card must be; TheoryError otherwise (a bug)."""
    outcome = line.outcome
    for step in line.steps[line.forced :]:
        if step.predicted != outcome:
            raise TheoryError(
                f"the line in {line.deal} ({line.leader.word} on lead) ends with "
                f"{_ends(outcome) if outcome is not None else 'no outcome'}, but {step.name} "
                f"at trick {step.trick} was marked {mark_text(step.predicted)}"
            )
    return line
