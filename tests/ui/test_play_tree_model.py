"""The play tree of a whole deal: model tester, laziness, merged cards, results and values, in
whist and in every other game of the registry."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from tests.engine.strategies import asymmetric_deals, symmetric_deals
from whistgui.engine import Card, Deal, Evaluator, Player, Position, Solver, SuitDeal
from whistgui.engine.games import DEFAULT_GAME, GAMES, Game, find_game
from whistgui.engine.trick.rules import Result, Rules, Scoring
from whistgui.ui.trick.play_tree_model import (
    COL_EXACT,
    COL_PREDICTED,
    COL_REMAINING,
    COL_TRICK,
    COL_VALUE,
    COL_WEST_TRICKS,
    HEADERS,
    NO_VALUE,
    STAR,
    Node,
    NodeRole,
    OptimalRole,
    PlayTreeModel,
    path_text,
)

W, E = Player.WEST, Player.EAST


def make(deal: Deal | str, leader: Player = W) -> PlayTreeModel:
    model = PlayTreeModel(Solver(), Evaluator())
    model.set_position(Deal.parse(deal) if isinstance(deal, str) else deal, leader)
    return model


def cell(model: PlayTreeModel, node: Node, col: int, role: int = Qt.ItemDataRole.DisplayRole):
    return model.data(model.index_of(node, col), role)


# --------------------------------------------------------------------- brute force


def _between(deal: Deal, a: Card, b: Card, others: set[Card]) -> bool:
    """Some card of ``others`` lies strictly between ``a`` and ``b`` (same suit)."""
    lo, hi = sorted((a.rank, b.rank))
    return any(c.suit == a.suit and lo < c.rank < hi for c in others)


def _classes(cards: list[Card], deal: Deal, separators: set[Card]) -> int:
    """Number of equivalence classes of ``cards``: same suit, no separator between."""
    classes: list[list[Card]] = []
    for c in cards:
        for cls in classes:
            if cls[0].suit == c.suit and not _between(deal, cls[0], c, separators):
                cls.append(c)
                break
        else:
            classes.append([c])
    return len(classes)


def brute_force_pairs(position: Position) -> int:
    """(lead class × reply class) pairs, by brute force over the legal cards."""
    deal = position.deal
    leader, follower = position.leader, position.leader.other
    total = 0
    lead_classes: list[list[Card]] = []
    for c in position.legal_cards():
        for cls in lead_classes:
            if cls[0].suit == c.suit and not _between(deal, cls[0], c, set(deal.hand(follower))):
                cls.append(c)
                break
        else:
            lead_classes.append([c])
    for cls in lead_classes:
        after = position.play(cls[-1])
        # The leader's cards still in play, the card just led among them, separate replies.
        separators = set(deal.hand(leader))
        total += _classes(after.legal_cards(), deal, separators)
    return total


def minimax(model: PlayTreeModel, node: Node) -> int:
    """The leader picks the lead, then the follower picks the reply, from the children."""
    children = model.ensure_children(node)
    by_lead: dict[Card, list[int]] = {}
    for c in children:
        assert c.trick is not None
        by_lead.setdefault(c.trick.lead, []).append(model.exact(c))
    west_leads = node.position.leader is W
    follower_best = [min(v) if west_leads else max(v) for v in by_lead.values()]
    return max(follower_best) if west_leads else min(follower_best)


# --------------------------------------------------------------------- the model tester


@pytest.mark.parametrize(
    ("text", "leader"),
    [("AQ/KJ K/A", W), ("AQ/KJ K/A", E), ("AJ9/KQT K/A", W), ("AK/- -/QJ", E)],
)
def test_model_tester_while_growing(qtmodeltester, text, leader):
    # (A tester left attached across a reset of a lazy model fetches inside its modelReset
    # handler and reports a change in flight — a tester quirk, ReductionTreeModel's too — so
    # every reset gets a fresh model or a fresh check.)
    qtmodeltester.check(PlayTreeModel(Solver(), Evaluator()))
    model = make(text, leader)
    qtmodeltester.check(model)
    root = model.root
    for child in model.ensure_children(root)[:3]:
        for grandchild in model.ensure_children(child)[:2]:
            model.ensure_children(grandchild)
    qtmodeltester.check(model)


def test_model_tester_after_clearing(qtmodeltester):
    model = make("AQ/KJ K/A")
    model.ensure_children(model.root)
    model.set_position(None)
    assert model.root is None
    assert model.rowCount() == 0
    assert not model.hasChildren()
    qtmodeltester.check(model)


def test_headers_and_roles():
    model = make("AQ/KJ K/A")
    assert [model.headerData(i, Qt.Orientation.Horizontal) for i in range(len(HEADERS))] == [
        "Trick",
        "Remaining",
        "West tricks",
        "Value",
        "Predicted",
        "Exact",
    ]
    root = model.root
    assert cell(model, root, COL_TRICK, NodeRole) is root
    assert model.columnCount() == 6
    assert cell(model, root, COL_REMAINING) == "AQ/KJ K/A"
    assert cell(model, root, COL_WEST_TRICKS) == "0"
    assert cell(model, root, COL_EXACT) == str(Solver().outcome(root.deal).west_lead)


# --------------------------------------------------------------------- laziness


def test_the_tree_is_fetched_lazily():
    model = make("AKQ/JT9 AQ/KJ K/A")
    root_index = model.index(0, 0)
    root = model.root
    assert root.children is None
    assert model.rowCount(root_index) == 0
    assert model.hasChildren(root_index)
    assert model.canFetchMore(root_index)
    children = model.ensure_children(root)
    assert model.rowCount(root_index) == len(children) == brute_force_pairs(root.position)
    assert all(c.children is None for c in children)
    assert not model.canFetchMore(root_index)


def test_leaves_have_no_children():
    model = make("A/K")
    (child,) = model.ensure_children(model.root)
    idx = model.index_of(child)
    assert child.position.is_over
    assert not model.hasChildren(idx)
    assert not model.canFetchMore(idx)
    assert model.ensure_children(child) == []


def test_equivalent_cards_are_merged_and_the_led_card_separates_replies():
    model = make("AKT9/QJ87")  # West: AK, T9; East: QJ, 87
    children = model.ensure_children(model.root)
    texts = [c.trick_text() for c in children]
    # Leading the K (=A): East's QJ and 87 are both below it.
    # Leading the 9 (=T): East's QJ is above, the 87 below: still two groups.
    assert texts == [
        "W S:K (=A) · E S:J (=Q)",
        "W S:K (=A) · E S:7 (=8)",
        "W S:9 (=T) · E S:J (=Q)",
        "W S:9 (=T) · E S:7 (=8)",
    ]
    model = make("AQ85/KT97")  # owners high to low: W E W E E W E W
    root = model.root
    assert len(model.ensure_children(root)) == brute_force_pairs(root.position)
    # Leading the 8 into East's T 9 7: the 9 and the 7 are no longer equivalent.
    replies = [c.reply_seq for c in root.children if c.trick.lead.rank == 8]
    assert [[card.rank for card in seq] for seq in replies] == [[13], [10, 9], [7]]


@pytest.mark.parametrize(
    "text", ["AKQ/JT9 AQ/KJ K/A", "AJ9/KQT 8/A", "KQT/AJ9 Q2/A3", "A/K K/A Q/J"]
)
@pytest.mark.parametrize("leader", [W, E])
def test_children_counts_match_brute_force(text, leader):
    model = make(text, leader)
    root = model.root
    assert len(model.ensure_children(root)) == brute_force_pairs(root.position)
    for child in root.children:
        assert len(model.ensure_children(child)) == brute_force_pairs(child.position)


def test_children_are_ordered_by_lead_suit_then_rank_high_first():
    model = make("AQ/KJ K/A J/Q")
    leads = []
    for c in model.ensure_children(model.root):
        if not leads or leads[-1] != c.trick.lead:
            leads.append(c.trick.lead)
    assert [model.root.deal.card_name(c) for c in leads] == ["S:A", "S:Q", "H:K", "D:J"]


# --------------------------------------------------------------------- results and values


def check_node(model: PlayTreeModel, node: Node, solver: Solver, ev: Evaluator) -> None:
    assert model.exact(node) == solver.result(node.position)
    assert cell(model, node, COL_EXACT) == str(solver.result(node.position))
    assert cell(model, node, COL_WEST_TRICKS) == str(node.position.west_tricks)
    assert cell(model, node, COL_REMAINING) == str(node.deal)
    if node.deal.is_symmetric:
        v = ev.value(node.deal) + node.position.west_tricks
        assert cell(model, node, COL_VALUE) == v.pretty()
        # The main theorem: ρ(val) is the outcome, for whoever is on lead.
        assert cell(model, node, COL_PREDICTED) == cell(model, node, COL_EXACT)
    else:
        assert cell(model, node, COL_VALUE) == NO_VALUE
        assert cell(model, node, COL_PREDICTED) == NO_VALUE
    if node.position.is_over:
        return
    children = model.ensure_children(node)
    assert len(children) == brute_force_pairs(node.position)
    assert model.exact(node) == minimax(model, node)
    optimal = [c for c in children if cell(model, c, COL_TRICK, OptimalRole)]
    assert optimal
    for c in children:
        marked = bool(cell(model, c, COL_TRICK, OptimalRole))
        assert marked == cell(model, c, COL_TRICK).startswith(STAR)
        font = cell(model, c, COL_EXACT, Qt.ItemDataRole.FontRole)
        assert (font is not None and font.bold()) == marked
        if marked:
            assert model.exact(c) == model.exact(node)
        assert c.position == node.position.play(c.trick.lead).play(c.trick.reply)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(deal=symmetric_deals(max_cards=4, max_suits=3))
def test_random_symmetric_deals(qapp, deal):
    solver, ev = Solver(), Evaluator()
    for leader in (W, E):
        model = make(deal, leader)
        root = model.root
        expected = solver.outcome(deal)
        assert model.exact(root) == (expected.west_lead if leader is W else expected.east_lead)
        check_node(model, root, solver, ev)
        for child in root.children:
            check_node(model, child, solver, ev)
        # And down one random line of play to the end.
        rng = random.Random(str(deal))
        node = root
        while not node.position.is_over:
            node = rng.choice(model.ensure_children(node))
            check_node(model, node, solver, ev)


def test_whole_trees_of_small_seeded_deals(qapp):
    rng = random.Random(20240517)
    solver, ev = Solver(), Evaluator()
    for _ in range(6):
        n = rng.randint(1, 3)
        ranks = rng.sample(range(2, 15), 2 * n)
        owners = ["W"] * n + ["E"] * n
        rng.shuffle(owners)
        split = rng.randint(0, n)  # two suits, both symmetric
        west = [r for r, o in zip(ranks, owners, strict=True) if o == "W"]
        east = [r for r, o in zip(ranks, owners, strict=True) if o == "E"]
        deal = Deal([SuitDeal(west[:split], east[:split]), SuitDeal(west[split:], east[split:])])
        for leader in (W, E):
            model = make(deal, leader)
            stack = [model.root]
            while stack:
                node = stack.pop()
                check_node(model, node, solver, ev)
                stack.extend(node.children or [])


# --------------------------------------------------------------------- voids


def test_a_void_gives_discards_and_no_value(qapp):
    deal = Deal.parse("AK/- -/QJ")
    model = make(deal, W)
    root = model.root
    assert not deal.is_symmetric
    assert cell(model, root, COL_VALUE) == NO_VALUE
    assert cell(model, root, COL_PREDICTED) == NO_VALUE
    assert model.exact(root) == Solver().outcome(deal).west_lead == 2
    children = model.ensure_children(root)
    assert len(children) == 1 == brute_force_pairs(root.position)
    (child,) = children
    assert child.trick.lead == Card(0, 13)
    assert child.trick.reply == Card(1, 11)
    assert child.trick.winner is W
    assert child.trick_text() == "W S:K (=A) · E H:J (=Q)"
    assert cell(model, child, COL_TRICK) == f"{STAR} W S:K (=A) · E H:J (=Q)"
    assert cell(model, child, COL_VALUE) == NO_VALUE
    check_node(model, root, Solver(), Evaluator())

    # East on lead from a void-making deal: West discards a spade on East's heart.
    model = make(deal, E)
    children = model.ensure_children(model.root)
    assert [c.trick_text() for c in children] == ["E H:J (=Q) · W S:K (=A)"]
    assert children[0].trick.winner is E


def test_discards_from_several_suits():
    model = make("AK/- -/QJ 3/2", W)  # W: S AK, D 3; E: H QJ, D 2
    root = model.root
    children = model.ensure_children(root)
    assert len(children) == brute_force_pairs(root.position)
    on_spades = [c.trick_text() for c in children if c.trick.lead.suit == 0]
    assert on_spades == ["W S:K (=A) · E H:J (=Q)", "W S:K (=A) · E D:2"]
    check_node(model, root, Solver(), Evaluator())


# --------------------------------------------------------------------- text


def test_path_text():
    model = make("AQ/KJ K/A", E)
    root = model.root
    assert path_text(root) == ""
    first = model.ensure_children(root)[0]
    second = model.ensure_children(first)[0]
    assert path_text(first) == "1. E S:K W S:A"
    assert path_text(second).startswith("1. E S:K W S:A  2. W ")
    assert second.path() == [root, first, second]
    assert second.depth == 2


def test_optimal_children_of_the_paper_example():
    model = make("AQ/KJ K/A", E)
    children = model.ensure_children(model.root)
    marked = [c.trick_text() for c in children if model.is_optimal(c)]
    assert "E H:A · W H:K" in marked
    assert all(model.exact(c) == model.exact(model.root) for c in children if model.is_optimal(c))


def test_a_mistake_made_good_by_a_mistake_is_not_marked():
    model = make("A98/JT7", W)
    root = model.root
    rows = {
        c.trick_text(): (model.exact(c), model.is_optimal(c)) for c in model.ensure_children(root)
    }
    assert model.exact(root) == 2
    # Cashing the ace is worth 1 (East ducks with the 7); East's J/T on it gives 2 back.
    assert rows == {
        "W S:A · E S:T (=J)": (2, False),
        "W S:A · E S:7": (1, False),
        "W S:8 (=9) · E S:T (=J)": (2, True),
        "W S:8 (=9) · E S:7": (2, True),
    }


# --------------------------------------------------------------------- every game

GAME_IDS = [g.name for g in GAMES]
SMALL_DEALS = ["AQ/KJ K/A", "KQT/AJ9", "KJ/AQ A/K", "AK/- -/QJ", "AK/- -/QJ 3/2"]


def make_game(deal: Deal | str, game: Game, leader: Player = W) -> PlayTreeModel:
    model = PlayTreeModel(Solver(), Evaluator(), game=game)
    model.set_position(Deal.parse(deal) if isinstance(deal, str) else deal, leader)
    return model


def west_score(r: Result) -> object:
    """West's preference, independently of the model: more tricks or points, a West win."""
    if isinstance(r, Player):
        return 1 if r is W else 0
    return r


def replayed(node: Node, game: Game) -> Position:
    """``node``'s position rebuilt from the deal by the game's rules, card by card."""
    path = node.path()
    root = path[0].position
    pos = Position.start(root.deal, root.leader, game.rules)
    for n in path[1:]:
        pos = pos.play(n.trick.lead).play(n.trick.reply)
    return pos


def game_minimax(model: PlayTreeModel, node: Node) -> object:
    """The leader picks the lead group, the follower the reply, by West's preference."""
    by_lead: dict[int, list[object]] = {}
    for c in model.ensure_children(node):
        by_lead.setdefault(c.lead_group, []).append(west_score(model.exact(c)))
    west_leads = node.position.leader is W
    follower_best = [min(v) if west_leads else max(v) for v in by_lead.values()]
    return max(follower_best) if west_leads else min(follower_best)


def check_game_node(model: PlayTreeModel, node: Node, game: Game, solver: Solver) -> None:
    pos = replayed(node, game)
    assert node.position == pos
    assert node.position.rules == game.rules
    exact = solver.result(pos)
    assert model.exact(node) == exact
    shown = cell(model, node, COL_EXACT)
    assert shown == (exact.value if isinstance(exact, Player) else str(exact))
    # Where the theory covers the remaining deal, its prediction is the exact result (the
    # papers' theorems); elsewhere both columns say so and why.
    predicted = model.predicted(node)
    if predicted is None:
        assert cell(model, node, COL_VALUE) == cell(model, node, COL_PREDICTED) == NO_VALUE
        why = cell(model, node, COL_VALUE, Qt.ItemDataRole.ToolTipRole)
        assert model.why_no_value(node) in why
    else:
        assert predicted == exact
        assert cell(model, node, COL_PREDICTED) == shown
        assert cell(model, node, COL_VALUE) != NO_VALUE
    if pos.is_over:
        assert model.ensure_children(node) == []
        return
    children = model.ensure_children(node)
    assert children
    assert west_score(exact) == game_minimax(model, node)
    starred = [c for c in children if cell(model, c, COL_TRICK, OptimalRole)]
    assert starred
    for c in children:
        marked = model.is_optimal(c)
        assert marked == bool(cell(model, c, COL_TRICK, OptimalRole))
        assert marked == cell(model, c, COL_TRICK).startswith(STAR)
        font = cell(model, c, COL_EXACT, Qt.ItemDataRole.FontRole)
        assert (font is not None and font.bold()) == marked
        if marked:
            assert model.exact(c) == model.exact(node)


def check_replies(node: Node, rules: Rules) -> None:
    """Every lead group and reply group of ``node``'s children is legal by ``rules``, and
    together they cover every legal card."""
    pos = node.position
    leader, follower = pos.leader, pos.leader.other
    lead_hand, reply_hand = pos.deal.hand(leader), pos.deal.hand(follower)
    groups: dict[int, tuple[Card, ...]] = {}
    replies: dict[int, set[Card]] = {}
    for c in node.children or []:
        groups[c.lead_group] = c.lead_seq
        replies.setdefault(c.lead_group, set()).update(c.reply_seq)
        assert c.trick.winner is rules.winner(leader, c.trick.lead, c.trick.reply)
    assert {card for seq in groups.values() for card in seq} == set(rules.legal(lead_hand, None))
    for g, lead_seq in groups.items():
        lead = lead_seq[-1]
        assert replies[g] == set(rules.legal(reply_hand, lead))
        suit = [card.rank for card in reply_hand if card.suit == lead.suit]
        if suit:  # following suit: exactly the replies the rules allow, with their winners
            allowed = {r for r, _ in rules.replies(lead.rank, suit)}
            assert {card.rank for card in replies[g]} == allowed


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
@pytest.mark.parametrize("leader", [W, E])
def test_model_tester_in_every_game(qtmodeltester, game, leader):
    model = make_game("AQ/KJ K/A", game, leader)
    qtmodeltester.check(model)
    for child in model.ensure_children(model.root)[:3]:
        for grandchild in model.ensure_children(child)[:2]:
            model.ensure_children(grandchild)
    qtmodeltester.check(model)


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
@pytest.mark.parametrize("text", SMALL_DEALS)
@pytest.mark.parametrize("leader", [W, E])
def test_whole_trees_in_every_game(qapp, game, text, leader):
    model = make_game(text, game, leader)
    solver = Solver()
    stack = [model.root]
    while stack:
        node = stack.pop()
        check_game_node(model, node, game, solver)
        check_replies(node, game.rules)
        stack.extend(node.children or [])


def test_greedy_replies_are_forced():
    # West leads the queen into East's KJ: under the greedy rule East must win with the king.
    def replies_to_queen(game: Game) -> list[str]:
        model = make_game("AQ/KJ K/A", game, W)
        return [
            c.trick_text() for c in model.ensure_children(model.root) if c.trick.lead == Card(0, 12)
        ]

    assert replies_to_queen(find_game("whist")) == ["W S:Q · E S:K", "W S:Q · E S:J"]
    for name in ("greedy-whist", "five-card", "misere-five-card"):
        assert replies_to_queen(find_game(name)) == ["W S:Q · E S:K"]


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    game=st.sampled_from(GAMES),
    deal=st.one_of(
        symmetric_deals(max_cards=3, max_suits=3), asymmetric_deals(max_cards=3, max_suits=3)
    ),
    leader=st.sampled_from([W, E]),
    seed=st.integers(0, 2**16),
)
def test_random_deals_in_every_game(qapp, game, deal, leader, seed):
    model = make_game(deal, game, leader)
    root = model.root
    expected = Solver().outcome(deal, rules=game.rules)
    assert model.exact(root) == (expected.west_lead if leader is W else expected.east_lead)
    # Down one random line to the end: a non-leaf always has a starred child, and the
    # starred children keep the result.
    rng = random.Random(seed)
    node = root
    while not node.is_leaf:
        children = model.ensure_children(node)
        starred = [c for c in children if model.is_optimal(c)]
        assert starred
        assert all(model.exact(c) == model.exact(node) for c in starred)
        check_replies(node, game.rules)
        node = rng.choice(children)
    assert model.exact(node) == Solver().result(replayed(node, game))


def test_the_game_defaults_to_whist_and_is_found_by_name():
    model = PlayTreeModel(Solver(), Evaluator())
    assert model.game is DEFAULT_GAME
    model = PlayTreeModel(Solver(), Evaluator(), None, game="femkort")
    assert model.game is find_game("five-card")
    model.set_position(Deal.parse("AQ/KJ K/A"), E)
    assert model.root.position.rules == find_game("five-card").rules
    assert model.root.position.leader is E


def test_the_tree_is_lazy_in_another_game():
    model = make_game("AKQ/JT9 AQ/KJ K/A", find_game("misere-five-card"))
    root = model.root
    assert root.children is None
    assert model.solver.stats["misses"] == 0
    children = model.ensure_children(root)
    assert model.solver.stats["misses"] == 0  # making children asks the solver nothing
    assert all(c._exact is None and not c._value_known for c in children)
    assert cell(model, root, COL_EXACT) in ("W", "E")
    assert all(c._exact is None for c in children)


@pytest.mark.parametrize(
    ("name", "exact_tip"),
    [
        ("whist", "West's total tricks"),
        ("refined-whist", "West's refined score"),
        ("reduced-whist", "West's total tricks under optimal play from here, the last trick not"),
        ("greedy-whist", "West's total tricks"),
        ("five-card", "Who wins under optimal play from here — last trick wins"),
        ("misere-five-card", "Who wins under optimal play from here — last trick loses"),
    ],
)
def test_header_tooltips_fit_the_game(name, exact_tip):
    model = PlayTreeModel(Solver(), Evaluator(), game=name)
    h = Qt.Orientation.Horizontal
    assert [model.headerData(i, h) for i in range(len(HEADERS))] == list(HEADERS)
    assert model.headerData(COL_EXACT, h, Qt.ItemDataRole.ToolTipRole).startswith(exact_tip)
    value_tip = model.headerData(COL_VALUE, h, Qt.ItemDataRole.ToolTipRole)
    if name in ("whist", "refined-whist", "reduced-whist", "greedy-whist"):  # whist's values
        assert value_tip.startswith("val(remaining deal)")
    else:
        assert model.theory.title in value_tip
    assert model.headerData(COL_EXACT, Qt.Orientation.Vertical, Qt.ItemDataRole.ToolTipRole) is None


def test_reduced_whist_predicts_by_its_rounding_with_the_tricks_so_far():
    """The value is whist's plus West's tricks so far; ⌊ρ′⌋ of it is the exact result —
    after the ace wins the first trick of AQ/KJ (value 1½ → ½ + 1) and at the end, where the
    last trick is taken back from whoever took it."""
    model = make_game("AQ/KJ", find_game("reduced-whist"), W)
    h = Qt.Orientation.Horizontal
    assert model.headerData(COL_PREDICTED, h, Qt.ItemDataRole.ToolTipRole).startswith("⌊ρ′⌋(value)")
    root = model.root
    assert (cell(model, root, COL_VALUE), cell(model, root, COL_PREDICTED)) == ("1½", "1")
    ace = [c for c in model.ensure_children(root) if c.trick.lead == Card(0, 14)]
    assert ace
    assert all(cell(model, c, COL_PREDICTED) == cell(model, c, COL_EXACT) for c in ace)
    end = ace[0]
    while model.ensure_children(end):
        end = model.ensure_children(end)[0]
    assert end.position.is_over
    assert cell(model, end, COL_PREDICTED) == cell(model, end, COL_EXACT)
    tip = cell(model, end, COL_PREDICTED, Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("⌊ρ′⌋(value) with")


def test_five_card_shows_the_trace_and_the_winner():
    game = find_game("five-card")
    model = make_game("KQ/AJ A/K", game, E)  # trace 0 + 1: West wins whoever leads
    root = model.root
    assert cell(model, root, COL_VALUE) == "+1"
    assert cell(model, root, COL_PREDICTED) == "W"
    assert cell(model, root, COL_EXACT) == "W"
    assert model.exact(root) is W
    assert cell(model, root, COL_EXACT, Qt.ItemDataRole.ToolTipRole).startswith("West wins")
    # A bad trick for West is not starred even though West made it: East ends up winning.
    for c in model.ensure_children(root):
        assert model.is_optimal(c) == (model.exact(c) is W)


def test_misere_prefers_a_west_win_for_west():
    game = find_game("misere-five-card")
    model = make_game("AQ/KJ K/A", game, W)
    root = model.root
    assert model.exact(root) is W
    rows = {
        c.trick_text(): (model.exact(c), model.is_optimal(c)) for c in model.ensure_children(root)
    }
    assert rows == {
        "W S:A · E S:K": (W, True),
        "W S:A · E S:J": (W, True),
        "W S:Q · E S:K": (E, False),
        "W H:K · E H:A": (E, False),
    }


def test_greedy_whist_values_symmetric_deals_and_says_why_not_others():
    game = find_game("greedy-whist")
    model = make_game("KQT/AJ9", game, W)
    root = model.root
    assert cell(model, root, COL_VALUE) == "1¾"
    assert cell(model, root, COL_PREDICTED) == "2" == cell(model, root, COL_EXACT)
    # two suits: the sum of their values, tricks so far counted in after each trick
    model = make_game("AQ/KJ K/A", game, W)
    root = model.root
    assert cell(model, root, COL_VALUE) == "1½ + ε₀"
    assert cell(model, root, COL_PREDICTED) == "2" == cell(model, root, COL_EXACT)
    children = model.ensure_children(root)
    assert len(children) == 4
    for c in children:
        assert cell(model, c, COL_PREDICTED) == str(model.exact(c)), c.trick_text()
    # an asymmetric deal has no values
    deal = Deal.parse("AQ/K K/AJ")
    model = make_game(deal, game, W)
    root = model.root
    why = game.new_theory().covers(deal)
    assert why is not None
    assert cell(model, root, COL_VALUE) == cell(model, root, COL_PREDICTED) == NO_VALUE
    assert why in cell(model, root, COL_VALUE, Qt.ItemDataRole.ToolTipRole)
    assert why in cell(model, root, COL_PREDICTED, Qt.ItemDataRole.ToolTipRole)


def test_refined_whist_predicts_by_rho_prime():
    model = make_game("AQ/KJ K/A", find_game("refined-whist"), W)
    root = model.root
    assert cell(model, root, COL_VALUE) == "1½ + ε₀"
    assert cell(model, root, COL_PREDICTED) == "7/4" == cell(model, root, COL_EXACT)
    assert "ρ′" in cell(model, root, COL_PREDICTED, Qt.ItemDataRole.ToolTipRole)


def test_a_game_without_a_theory_shows_no_value():
    game = Game("search-only", "Search only", Rules(greedy=True, scoring=Scoring.TRICKS), None)
    model = make_game("AQ/KJ K/A", game, W)
    root = model.root
    assert model.theory is None
    assert cell(model, root, COL_VALUE) == cell(model, root, COL_PREDICTED) == NO_VALUE
    assert "no value theory" in cell(model, root, COL_VALUE, Qt.ItemDataRole.ToolTipRole)
    assert model.exact(root) == Solver().result(Position.start(root.deal, W, game.rules))
    check_game_node(model, root, game, Solver())
