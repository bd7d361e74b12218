"""The play tree of a whole deal: model tester, laziness, merged cards, results and values."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from PySide6.QtCore import Qt

from tests.engine.strategies import symmetric_deals
from whistgui.engine import Card, Deal, Evaluator, Player, Position, Solver, SuitDeal
from whistgui.ui.play_tree_model import (
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
