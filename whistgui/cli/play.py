"""``whist play``: a deal played out optimally, every card with its reason, the marks and
reasons of all legal cards and the suit labels — from the values in whist (confirmed by search
up to 8 cards a hand), by exact search in the other games. ``--cards`` plays given cards first,
whatever their marks (a mistake says what it cost, why, and where play then stands); ``--from``
does the same from a line written seat by seat (``E:SK W:S9``), its first seat leading."""

from __future__ import annotations

from typing import Any

from whistgui.cli.common import (
    MAX_PLAY_CARDS,
    Command,
    DealText,
    add_game_option,
    check_hands,
    check_reach,
    recursion_progress,
    require_suits,
)
from whistgui.engine import Deal, NotationError, Player, Strategist
from whistgui.engine.reading import quote
from whistgui.engine.strategy import SEARCH_MAX_CARDS, search_line
from whistgui.engine.strategy.marks import plays_by_values
from whistgui.engine.trick.play import parse_line
from whistgui.engine.trick.rules import Rules, Scoring


def register(sub: Any, add: Any) -> None:
    sp = add(
        "play",
        "play a deal out optimally: every card with its reason, the marks of all legal cards "
        "and what each costs and why, the suit labels, the running value and, after a card "
        "that is not best, the value now and what it predicts — from the values in whist "
        "(confirmed by exact "
        f"search up to 8 cards a hand; up to {MAX_PLAY_CARDS} cards a hand), by exact search in "
        f"the other games (up to {SEARCH_MAX_CARDS} cards a hand)",
        json_help="for each deal, one JSON object per card played, a line each, then one "
        "with the outcome",
    )
    sp.add_argument("deals", nargs="+", metavar="DEAL")
    sp.add_argument(
        "--lead", choices=["W", "E"], default=None, help="who leads (default W, or --from's)"
    )
    first = sp.add_mutually_exclusive_group()
    first.add_argument(
        "--from",
        dest="line",
        default="",
        metavar="LINE",
        help="start from this line of play, each card with its seat: e.g. 'E:SK W:S9' (East "
        "leads the ♠K, West plays the ♠9); the first card's seat leads. A card not held, "
        "already played, out of turn or not following suit is refused, quoting it (with --json "
        'the error object\'s "input" is the line). An empty LINE is no line: play from the '
        "start, as the app's empty From field asks nothing",
    )
    first.add_argument(
        "--cards",
        default="",
        metavar="CARDS",
        help="play these cards first, whatever their marks, then optimally: e.g. 'S:K S:A' "
        "(spaces or commas between them); a card that is not best says what it cost and why",
    )
    add_game_option(sp)


def first_cards(deal: Deal, text: str, cards: str) -> list[str]:
    """The cards of ``--cards``, each checked to be a card of ``deal`` (NotationError naming
    it otherwise); whether each is legal when its turn comes, the play says."""
    names = cards.replace(",", " ").split()
    if names and len(names) > 2 * deal.size:
        raise NotationError(
            f"--cards {quote(cards)} gives {len(names)} cards, but {quote(text)} has only "
            f"{2 * deal.size}"
        )
    for i, name in enumerate(names):
        try:
            deal.card_from_text(name)
        except NotationError as exc:
            raise NotationError(f"--cards, card {i + 1} {quote(name)}: {exc}") from None
    return names


class LineError(NotationError):
    """A ``--from`` line refused: the error object's ``input`` is the line, not the deal."""


def from_line(deal: Deal, line: str, lead: Player | None, rules: Rules) -> tuple[Player, list[str]]:
    """Who leads and the cards of ``--from``, checked card by card (:func:`parse_line`);
    ``--lead``, if given, must be the first card's seat. A bad line is a :class:`LineError`."""
    try:
        leader, cards = parse_line(deal, line, rules)
    except NotationError as exc:
        raise LineError(f"--from: {exc}") from None
    if lead is not None and lead is not leader:
        raise LineError(
            f"--from {quote(line)} starts with {leader.word}'s card, but --lead is {lead.value}"
        )
    return leader, [deal.card_name(c) for c in cards]


def play(cmd: Command, text: str, lead: Player | None, cards: str = "", start: str = "") -> None:
    deal = Deal.parse(text)
    require_suits(deal, text)
    check_hands(deal, text, MAX_PLAY_CARDS, "play", "every card of the line is marked")
    if start.strip():  # an empty line is no line: from the start
        lead, forced = from_line(deal, start, lead, cmd.game.rules)
    else:
        forced = first_cards(deal, text, cards)
    lead = Player.WEST if lead is None else lead
    if cmd.theory is not None and cmd.theory.whist_values and plays_by_values(cmd.game.rules):
        if not deal.is_symmetric:
            _ = [s.n for s in deal.suits]  # raises AsymmetricSuitError naming the suit
        reach = check_reach(deal, text, "play", kernel=not cmd.evaluator.greedy)
        with recursion_progress(cmd, reach):
            for s in deal.suits:  # the values first, with progress; the line reads them
                cmd.evaluator.pattern_value(s.pattern)
        refined = cmd.game.rules.scoring is Scoring.REFINED  # ρ′, as `whist analyse` predicts
        line = Strategist(cmd.evaluator, refined=refined).play_line(
            deal, lead, solver=cmd.solver, forced=forced
        )
    else:
        line = search_line(
            deal, lead, cmd.game, theory=cmd.theory, solver=cmd.solver, forced=forced
        )
    if cmd.as_json:
        for record in line.records():
            cmd.emit(record, "")
        return
    cmd.emit({}, "\n".join(line.narration()))


def run(cmd: Command, args: Any, items: Any) -> None:
    lead = None if args.lead is None else Player.parse(args.lead)

    def one(text: str) -> None:
        try:
            play(cmd, text, lead, args.cards, args.line)
        except LineError as exc:  # the line at fault, not the deal
            cmd.refuse(DealText(args.line), str(exc))

    cmd.run_each(items, one)
