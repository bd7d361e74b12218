"""Reasons in words: why a card, in the paper's terms (§§6, 8, 15–17), from the suit values
before and after its trick.

Every function here takes the marks and values it puts in words from a :class:`ValueMarks` —
the :class:`~whistgui.engine.strategy.marks.Strategist`, which passes itself in
(:meth:`Strategist.reason <whistgui.engine.strategy.marks.Strategist.reason>`); this module
imports none of it.

>>> from whistgui.engine import Deal, Player, Position, Strategist
>>> p, st = Position.start(Deal.parse('KJ/AQ A/K K/A'), Player.WEST), Strategist()  # deal (15)
>>> print(card_reason(p, p.deal.card_from_text('H:A'), st))  # doctest: +NORMALIZE_WHITESPACE
eliminates East's exit before a throw-in: the ♥A wins and leaves East without an exit
(hearts 1 − ε₀ → 1)
>>> print(card_reason(p, p.deal.card_from_text('D:K'), st))  # doctest: +NORMALIZE_WHITESPACE
not best: West ends with 1 instead of 2 (1 trick lost) — leading the ♦K uses up West's exit
in diamonds (diamonds ε₀ → 0): 1½ − ε₀ with East on lead after East's best reply, the ♦A,
against 1½ ± ε₀ with West on lead; §15: attack East's exit (hearts) first
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final, Protocol

from whistgui.engine.checks import expect
from whistgui.engine.games.whist.infinitesimal import Infinitesimal
from whistgui.engine.games.whist.rounding import rho, rho_prime
from whistgui.engine.games.whist.value import Value, format_number
from whistgui.engine.strategy.line import CardReason, card_symbols
from whistgui.engine.strategy.state import check_position, exit_owner, pick, side, total
from whistgui.engine.trick.cards import Card, Player, count
from whistgui.engine.trick.deal import Deal
from whistgui.engine.trick.play import Position

__all__ = ["ValueMarks", "card_reason", "explain", "not_best"]

_W = Player.WEST
_SUIT_WORDS: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_CARD_WORDS: Final = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


class ValueMarks(Protocol):
    """What a reason is drawn from: the values and marks of a
    :class:`~whistgui.engine.strategy.marks.Strategist` (its marks West's refined points when
    ``refined``)."""

    @property
    def refined(self) -> bool:
        """Are the marks West's refined points (ρ′) rather than his tricks (ρ)?"""
        ...

    def trick_start(self, position: Position) -> Position:
        """The start of the current trick, checked playable from values."""
        ...

    def suit_values(self, deal: Deal) -> list[Value]:
        """The value of every suit of ``deal``, in order."""
        ...

    def marks(self, position: Position) -> Mapping[Card, int | Fraction]:
        """West's tricks (refined points) after every legal card."""
        ...

    def refined_marks(self, position: Position) -> Mapping[Card, Fraction]:
        """West's points in refined whist after every legal card."""
        ...

    def choice(self, position: Position) -> Card:
        """The card to play."""
        ...


@dataclass(slots=True)
class _Trick:
    """The facts about one card that a reason is built from."""

    mover: Player
    start: Position  # the trick's start (symmetric)
    end: Position  # after the trick (the reply predicted by choice() for a lead)
    led: Card
    reply: Card
    before: list[Value] = field(default_factory=list)  # suit values at the start
    after: list[Value] = field(default_factory=list)  # suit values after the trick

    @property
    def winner(self) -> Player:
        return self.end.leader

    @property
    def suit(self) -> int:
        return self.led.suit


# ----------------------------------------------------------------------------- words
def _suit_word(deal: Deal, index: int) -> str:
    name = deal.names[index]
    return _SUIT_WORDS.get(name, f"suit {name}")


def _highest_left(deal: Deal, index: int) -> str:
    """``the highest diamond left``; ``the highest card left in suit 5`` for other suits."""
    name = deal.names[index]
    word = _CARD_WORDS.get(name)
    return f"the highest {word} left" if word else f"the highest card left in suit {name}"


def _card_text(position: Position, card: Card) -> str:
    """``♥A`` for the standard suits, ``5:K`` otherwise (named as the game was dealt)."""
    return card_symbols(position.card_name(card))


def _sign_word(player: Player) -> str:
    return "positive" if player is _W else "negative"


def not_best(mark: int, best: int, phrase: str) -> str:
    """The reason of a card that is not optimal: what it costs, then ``phrase``.

    >>> not_best(8, 9, "leads a number suit")
    'not best: West ends with 8 instead of 9 (1 trick lost) — leads a number suit'
    """
    diff = abs(best - mark)
    return (
        f"not best: West ends with {mark} instead of {best} "
        f"({diff} trick{'s' if diff != 1 else ''} lost) — {phrase}"
    )


def _points(x: int | Fraction) -> str:
    """``1/2 point``, ``1 point``: a difference of refined scores."""
    return f"{format_number(Fraction(x))} point{'s' if x > 1 else ''}"


# ----------------------------------------------------------------------------- facts
def _facts(st: ValueMarks, position: Position, card: Card) -> _Trick:
    start = st.trick_start(position)
    if position.led is None:
        mid = position.play(card)
        reply = st.choice(mid)
        end = mid.play(reply)
        led = card
    else:
        led, reply = position.led, card
        end = position.play(card)
    return _Trick(
        position.to_move,
        start,
        end,
        led,
        reply,
        st.suit_values(start.deal),
        st.suit_values(end.deal),
    )


def _change(t: _Trick, index: int) -> str:
    """``hearts 1 − ε₀ → 1``: the suit's part of the state before and after the trick
    (West's trick in it counted)."""
    deal = t.start.deal
    after = t.after[index] + (1 if index == t.suit and t.winner is _W else 0)
    return f"{_suit_word(deal, index)} {t.before[index].pretty()} → {after.pretty()}"


def _throw_in(t: _Trick) -> str:
    """``— throw-in: East must now lead from a number suit`` when the trick leaves the
    player on lead with only number suits, and the deal had an exit before it."""
    if t.end.is_over:
        return ""
    live_after = [v for v, s in zip(t.after, t.end.deal.suits, strict=True) if s.west]
    if not all(v.is_number for v in live_after):
        return ""
    if all(v.is_number for v in t.before):
        return ""
    who = t.winner
    if who is t.mover:
        return f" — thrown in: {who.word} must now lead from a number suit"
    return f" — throw-in: {who.word} must now lead from a number suit"


# ----------------------------------------------------------------------------- reasons
def card_reason(position: Position, card: Card, strategist: ValueMarks) -> str:
    """Why ``card`` now, in words: :func:`explain`'s :attr:`~whistgui.engine.strategy.line.
    CardReason.text`.

    >>> from whistgui.engine import Strategist
    >>> p = Position.start(Deal.parse('AJ9/KQT'), Player.EAST)   # deal (23)
    >>> p = p.play(p.deal.card_from_text('S:K'))
    >>> print(card_reason(p, p.deal.card_from_text('S:9'), Strategist()))
    holds up (plays low although it could win) to keep East on lead — winning would cost a trick
    """
    return explain(position, card, strategist).text


def explain(position: Position, card: Card, strategist: ValueMarks) -> CardReason:
    """Why ``card`` (any legal card) now, before it is played, in the paper's terms, from the
    point of view of the player to move: its mark and the best card's, what it does and — a
    card that is not best — what it costs and why (:class:`~whistgui.engine.strategy.line.
    CardReason`).

    *What it does* is a short phrase derived from the suit values before and after the
    trick, who wins it (for a lead: against the reply ``strategist.choice`` would make) and
    §15's rules. "P" is the player to move, "O" the other; P's exit is a positive
    infinitesimal part for West, a negative one for East.

    A lead from a suit whose value carries O's exit: *eliminates O's exit before a
    throw-in* (P wins, O has no exit left, P still has one), *eliminates O's exit* (none
    left for either), *eliminates one of O's exits* (O keeps another), *attacks O's exit,
    knocking out a stopper* (|k| drops), else *attacks O's exit*. A lead from P's own
    exit: *exits in a suit with positive (negative) infinitesimal part, putting O on lead*
    when O wins, else *cashes a sure trick in P's exit suit* / *leads from P's exit suit*.
    A lead from a number suit: *cashes a sure trick* (no card of O is higher), *leads from
    the only suit left*, *number avoidance: every suit is a number; leads the number suit
    of largest denominator* (or *…at least as complex as the whole deal*, §15 rule 3),
    else *leads from a number suit*. A reply that cannot win: *the ♦A is the highest diamond
    left; plays low* when no card left in the suit is higher than the card led, else *cannot
    beat the …; plays low* (the leader keeps a higher card), *holds up
    (plays low although it could win) to keep O on lead* (with *winning would cost a
    trick* when it would), *must win the trick*, *wins to keep a stopper* (P's exit with
    k ≥ 1 stoppers was attacked and stays an exit), *wins to take the lead* (ρ of the
    value after the trick is better for P with P on lead: both sides have exits, ±ε₀),
    *wins the trick as cheaply as possible*. A trick that leaves the player on lead with
    only number suits, when there was an exit before it, adds *throw-in: O must now lead
    from a number suit* (*thrown in* when the mover himself must).

    *Why it costs* (:func:`_costs`) compares the trick it makes with the best play: for a
    lead, the suit led before the trick and after it (West's trick in it counted) against
    O's best reply; for a reply, the suit after it and after P's best reply. The card
    *weakens* the suit (its number part worse for P, §16: "a lead in either of the numerical
    suits ... will weaken that suit"), or costs an exit (the same number, the infinitesimal
    part worse for P: P's exit used up, turned into O's or short of a stopper; O given an
    exit or a stronger one), or leaves the suit as it is but *puts the wrong player on lead*
    (§16, deal (25): "the problem is that West gets the lead"). Then the value of the deal it
    leaves, with who leads, against the best play's — whose ρ are the two marks. A lead not in
    O's exit while every best lead is there adds §15's rule (attack O's exit first), one in a
    number suit while every best lead is in an exit the Number Avoidance rule.

    >>> from whistgui.engine import Strategist
    >>> p = Position.start(Deal.parse('AJ98/KQT7 AKT/QJ9 KQ9/AJT'), Player.EAST)  # deal (25)
    >>> p = p.play(p.deal.card_from_text('S:K'))
    >>> r = explain(p, p.deal.card_from_text('S:A'), Strategist())
    >>> r.mark, r.best, r.cost
    (5, 6, 1)
    >>> print(r.why)  # doctest: +NORMALIZE_WHITESPACE
    winning with the ♠A puts West on lead (spades 2 either way): 5½ with West on lead,
    against 5½ with East on lead after the ♠8
    """
    check_position(position)
    expect(card, Card, "card")
    st = strategist
    if card not in position.legal_cards():
        position.play(card)  # raises IllegalPlayError with the details
    marks = st.marks(position)
    me = position.to_move
    best = pick(me, marks.values())
    t = _facts(st, position, card)
    does = (
        _lead_reason(position, card, t)
        if position.led is None
        else _follow_reason(st, position, card, marks, t)
    )
    why = "" if marks[card] == best else _costs(st, position, card, t)
    return CardReason(card, position.card_name(card), me, marks[card], best, does, why)


# ----------------------------------------------------------------------------- costs
def _worse(player: Player, a: Value, b: Value) -> bool | None:
    """Is ``a`` worse than ``b`` for ``player`` (West wants more)? None when incomparable."""
    c = a.compare(b)
    if c is None:
        return None
    return c < 0 if player is _W else c > 0


def _exit_change(me: Player, before: Value, after: Value, word: str) -> str:
    """What a change of the infinitesimal part of a suit (the number the same, worse for
    ``me``) did to the exits in it."""
    opp = me.other
    was, now = exit_owner(before), exit_owner(after)
    kb, ka = before.infinitesimal.stoppers, after.infinitesimal.stoppers
    if was is me and now is opp:
        return f"turns {me.word}'s exit in {word} into {opp.word}'s"
    if was is me and now is not me:
        return f"uses up {me.word}'s exit in {word}"
    if was is me:
        return (
            f"costs {me.word}'s exit in {word} {count(kb - ka, 'stopper')}"
            if ka < kb
            else f"weakens {me.word}'s exit in {word}"
        )
    if now is opp and was is not opp:
        return f"gives {opp.word} an exit in {word}"
    if now is opp:
        return f"strengthens {opp.word}'s exit in {word}" + (
            f" ({count(ka - kb, 'more stopper')})" if ka > kb else ""
        )
    return f"changes {word} to {opp.word}'s advantage"


def _suit_after(t: _Trick) -> Value:
    """The led suit's part of the state after the trick, West's trick in it counted."""
    return t.after[t.suit] + (1 if t.winner is _W else 0)


def _leaves(t: _Trick) -> str:
    """``10 + ε₀ with West on lead``: the value of the state after the trick and its
    leader (West's tricks once play is over)."""
    v = total(t.end.west_tricks, t.after)
    if t.end.is_over:
        return f"{v.pretty()} at the end"
    return f"{v.pretty()} with {t.end.leader.word} on lead"


def _costs(st: ValueMarks, position: Position, card: Card, t: _Trick) -> str:
    """Why ``card`` (legal, not best; ``t`` its trick) costs what it does, from the values
    (see :func:`explain`)."""
    me, opp = t.mover, t.mover.other
    deal = t.start.deal
    word = _suit_word(deal, t.suit)
    ctext = _card_text(t.start, card)
    after = _suit_after(t)
    if position.led is None:  # a lead: against the suit before the trick
        ref = t.before[t.suit]
        ref_lead = t.start.leader
        did = f"leading the {ctext}"
        what = f"{ref.pretty()} → {after.pretty()}"
        against = (
            f"{_leaves(t)} after {opp.word}'s best reply, the {_card_text(t.start, t.reply)}, "
            f"against {total(t.start.west_tricks, t.before).pretty()} with {me.word} on lead"
        )
    else:  # a reply: against the best reply
        alt = _facts(st, position, st.choice(position))
        ref = _suit_after(alt)
        ref_lead = alt.winner
        wins = t.winner is me
        could = any(position.trick_winner(c) is me for c in position.legal_cards())
        did = (
            f"winning with the {ctext}"
            if wins
            else f"holding up with the {ctext}"
            if could
            else f"playing the {ctext}"
        )
        what = f"{after.pretty()} instead of {ref.pretty()}"
        against = f"{_leaves(t)}, against {_leaves(alt)} after the {_card_text(t.start, alt.reply)}"
    if after.number < ref.number if me is _W else after.number > ref.number:
        # the values are West's: a suit worth more to West is weaker for East
        effect = f"weakens {word}{'' if me is _W else ' for East'} ({what})"
    elif after.number == ref.number and _worse(me, after, ref):
        effect = f"{_exit_change(me, ref, after, word)} ({word} {what})"
    elif t.winner is not ref_lead:
        same = f"{word} {after.pretty()} either way" if after == ref else f"{word} {what}"
        effect = f"puts {t.winner.word} on lead ({same})"
    else:
        effect = f"changes {word} ({what})"
    return f"{did} {effect}: {against}" + _rule_hint(st, position, card)


def _rule_hint(st: ValueMarks, position: Position, card: Card) -> str:
    """§15's rule that a lead broke, when every best lead keeps it: attack O's exit first;
    never lead a number while there is an exit."""
    if position.led is not None:
        return ""
    me = position.to_move
    values = st.suit_values(st.trick_start(position).deal)
    marks = st.marks(position)
    best = pick(me, marks.values())
    best_suits = {c.suit for c, m in marks.items() if m == best}
    owner = exit_owner(values[card.suit])
    deal = position.deal
    owners = {i: exit_owner(values[i]) for i in best_suits}
    if owner is not me.other and all(o is me.other for o in owners.values()):
        names = ", ".join(_suit_word(deal, i) for i in sorted(owners))
        return f"; §15: attack {me.other.word}'s exit ({names}) first"
    if values[card.suit].is_number and not any(values[i].is_number for i in owners):
        names = ", ".join(_suit_word(deal, i) for i in sorted(owners))
        return f"; §15: never lead a number while there is an exit ({names})"
    return ""


def _lead_reason(position: Position, card: Card, t: _Trick) -> str:
    me, opp = t.mover, t.mover.other
    deal = t.start.deal
    s = card.suit
    vb = t.before[s]
    owner = exit_owner(vb)
    won = t.winner is me
    sure = all(r < card.rank for r in deal.suits[s].hand(opp))
    change = _change(t, s)
    ctext = _card_text(t.start, card)
    opp_exits_after = [i for i, v in enumerate(t.after) if exit_owner(v) is opp]
    my_exits_after = [i for i, v in enumerate(t.after) if exit_owner(v) is me]
    if owner is opp:
        if exit_owner(t.after[s]) is not opp and won:
            if opp_exits_after:
                others = ", ".join(_suit_word(deal, i) for i in opp_exits_after)
                return (
                    f"eliminates one of {opp.word}'s exits: the {ctext} wins; "
                    f"{opp.word} still has an exit in {others} ({change})"
                )
            if my_exits_after:
                return (
                    f"eliminates {opp.word}'s exit before a throw-in: the {ctext} wins "
                    f"and leaves {opp.word} without an exit ({change})"
                )
            return f"eliminates {opp.word}'s exit: the {ctext} wins ({change})"
        k_before = vb.infinitesimal.stoppers
        inf_after: Infinitesimal = t.after[s].infinitesimal
        if exit_owner(t.after[s]) is opp and inf_after.stoppers < k_before:
            return f"attacks {opp.word}'s exit, knocking out a stopper ({change})"
        return f"attacks {opp.word}'s exit ({change})" + _throw_in(t)
    if owner is me:
        if not won:
            return (
                f"exits in a suit with {_sign_word(me)} infinitesimal part, putting "
                f"{opp.word} on lead ({change})" + _throw_in(t)
            )
        if sure:
            keeps = ", keeping the exit" if exit_owner(t.after[s]) is me else ""
            return f"cashes a sure trick in {me.word}'s exit suit{keeps} ({change})"
        return f"leads from {me.word}'s exit suit and keeps the lead ({change})"
    # a number suit
    if sure and won:
        return f"cashes a sure trick ({change})" + _throw_in(t)
    live = [(i, v) for i, (v, x) in enumerate(zip(t.before, deal.suits, strict=True)) if x.west]
    if len(live) == 1:
        return f"leads from the only suit left ({change})"
    if all(v.is_number for _, v in live):
        den = vb.number.denominator
        top = max(v.number.denominator for _, v in live)
        whole = total(0, t.before).number.denominator
        if den == top:
            what = "leads the number suit of largest denominator"
        elif den >= whole:
            what = "leads a number suit at least as complex as the whole deal"
        else:
            what = "leads a number suit"
        return f"number avoidance: every suit is a number; {what} ({change})"
    return f"leads from a number suit ({change})" + _throw_in(t)


def _follow_reason(
    st: ValueMarks,
    position: Position,
    card: Card,
    marks: Mapping[Card, int | Fraction],
    t: _Trick,
) -> str:
    me, opp = t.mover, t.mover.other
    deal = t.start.deal
    led = t.led
    legal = position.legal_cards()
    winners = [c for c in legal if position.trick_winner(c) is me]
    ltext, ctext = _card_text(t.start, led), _card_text(t.start, card)
    change = _change(t, led.suit)
    optimal = marks[card] == pick(me, marks.values())
    # cards in one sequence (no card of the other hand between them) are equivalent
    groups = [g for g in deal.suits[led.suit].sequences(me) if g]

    def same_group(a: int, b: int) -> bool:
        return any(a in g and b in g for g in groups)

    if t.winner is not me:
        low = min(c.rank for c in legal)
        if not winners:
            # the led card above every card left in its suit: no card could have beaten it
            rest = position.deal.suits[led.suit]  # the led card is out of it
            if all(r < led.rank for r in rest.west + rest.east):
                why = f"the {ltext} is {_highest_left(deal, led.suit)}"
            else:  # the leader keeps a higher card; the follower has none
                why = f"cannot beat the {ltext}"
            if same_group(card.rank, low):
                return f"{why}; plays low"
            if optimal and marks[card] == marks[Card(card.suit, low)]:
                return f"{why}; plays the {ctext}"
            return f"{why}; plays the {ctext}, keeping a lower card"
        how = "plays low" if same_group(card.rank, low) else f"plays the {ctext}"
        tail = ""
        if optimal:
            win_best = pick(me, [marks[c] for c in winners])
            if win_best != marks[card]:
                lost = abs(Fraction(win_best) - Fraction(marks[card]))
                tail = (
                    f" — winning would cost {_points(lost)}"
                    if st.refined
                    else " — winning would cost a trick"
                )
            elif st.refined:
                tail = " (winning does as well)"
            else:
                refined = st.refined_marks(position)
                win_refined = pick(me, [refined[c] for c in winners])
                tail = (
                    " (winning does as well)"
                    if win_refined == refined[card]
                    else " (winning takes as many tricks but is worse in refined whist)"
                )
        held = "holds up" if how == "plays low" else f"holds up with the {ctext}"
        return f"{held} (plays low although it could win) to keep {opp.word} on lead" + tail
    # the follower wins the trick
    if len(winners) == len(legal):
        return "must win the trick (every card wins)" + _throw_in(t)
    vb, va = t.before[led.suit], t.after[led.suit]
    if exit_owner(vb) is me and vb.infinitesimal.stoppers >= 1 and exit_owner(va) is me:
        return (
            f"wins to keep a stopper: the {ctext} stops {opp.word}'s attack on "
            f"{me.word}'s exit, which stays ({change})"
        )
    after_total = total(t.end.west_tricks, t.after)
    o = rho_prime(after_total) if st.refined else rho(after_total)
    mine, theirs = side(o, me), side(o, opp)
    if (mine > theirs) if me is _W else (mine < theirs):
        why = "both sides have exits (± ε₀), so" if after_total.infinitesimal.is_fuzzy else "here"
        worth = _points(abs(Fraction(mine) - Fraction(theirs))) if st.refined else "a trick"
        return f"wins to take the lead: {why} the lead is worth {worth} ({change})"
    cheapest = min(c.rank for c in winners)
    if same_group(card.rank, cheapest):
        return f"wins the trick as cheaply as possible ({change})"
    return f"wins with the {ctext} rather than a cheaper card ({change})"
