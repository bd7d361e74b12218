"""Memory over a session (issue 25: "after twelve minutes of use the process held 1.27 GB"): the
inspector made a new model for each suit and each whole deal it showed, as a child of itself,
and kept every one — with the evaluator or solver it read, and their memos — after the view had
let it go: some 170 MB more each time a session's round of examples was shown again
(benchmarks/bench_session.py). A model shown is now the only one kept; one that someone still
holds can still be read."""

from __future__ import annotations

import gc
import weakref

import pytest
from PySide6.QtCore import QObject

from whistgui.engine import Deal, Player, SuitDeal
from whistgui.ui.trick.play_tree_model import PlayTreeModel
from whistgui.ui.trick.tree_model import ReductionTreeModel

DEALS = ("KJ/AQ A/K K/A", "AQ/KJ A/K", "AJ9/KQT A/K K/A", "AQ/KJ AQ/KJ")
SUITS = ("AQ/KJ", "K/A", "AJ9/KQT", "KQJT/A987")


def _collected(ref: weakref.ref[object]) -> bool:
    gc.collect()
    return ref() is None


def test_the_play_tree_keeps_only_the_model_it_shows(qtbot, inspector):
    first = None
    for text in DEALS:
        with qtbot.waitSignal(inspector.playReady, timeout=30000):
            inspector.open_deal(Deal.parse(text), Player.WEST)
        if first is None:
            first = weakref.ref(inspector.play_model)
        assert inspector.findChildren(PlayTreeModel) == [inspector.play_model]
        assert inspector.play_tree.model() is inspector.play_model
    assert first is not None
    assert _collected(first)  # with its solver and evaluator


def test_the_reductions_tree_keeps_only_the_model_it_shows(qtbot, inspector):
    refs = []
    for text in SUITS:
        with qtbot.waitSignal(inspector.ready, timeout=30000):
            inspector.open_suit(SuitDeal.parse(text))
        refs.append(weakref.ref(inspector.tree_model))
        assert inspector.findChildren(ReductionTreeModel) == [inspector.tree_model]
    assert all(_collected(r) for r in refs[:-1])
    assert not _collected(refs[-1])  # the one shown stays


def test_a_model_someone_holds_can_still_be_read(qtbot, inspector):
    with qtbot.waitSignal(inspector.playReady, timeout=30000):
        inspector.open_deal(Deal.parse(DEALS[0]), Player.WEST)
    held = inspector.play_model
    assert held.rowCount() == 1  # the root
    with qtbot.waitSignal(inspector.playReady, timeout=30000):
        inspector.open_deal(Deal.parse(DEALS[1]), Player.WEST)
    gc.collect()
    assert held is not inspector.play_model
    # not deleted under its holder (a deleted Qt object raises RuntimeError when used); the
    # page emptied it when the next deal's search began
    assert held.rowCount() == 0
    assert QObject.parent(held) is None


def test_the_gops_explorer_keeps_its_states_within_bounds(qtbot, monkeypatch):
    """The explorer's values of the states shown (and their exact values) are kept up to a
    bound, the least recently shown forgotten: a state shown again is computed again."""
    from whistgui.engine.gops import GopsRules, GopsSolver
    from whistgui.ui.engine_service import EngineService
    from whistgui.ui.gops import explorer as explorer_module
    from whistgui.ui.gops.explorer import GopsExplorer
    from whistgui.ui.gops.session import GopsSession

    monkeypatch.setattr(explorer_module, "VIEWS_KEPT", 3)
    monkeypatch.setattr(explorer_module, "EXACT_KEPT", 2)
    service = EngineService()
    rules = GopsRules(4)
    w = GopsExplorer(GopsSession(rules), service, auto_solve=4)
    qtbot.addWidget(w)
    w.show()
    try:
        qtbot.waitUntil(lambda: w.session.solved and w.ready(), timeout=20000)
        for prize in (1, 2, 3, 4):
            w.turn(prize)
            qtbot.waitUntil(w.ready, timeout=20000)
            w.back()
            qtbot.waitUntil(w.ready, timeout=20000)
            assert len(w._views) <= 3
            assert len(w._exact) <= 2
        w.turn(1)  # forgotten by now: computed again, the same
        assert not w.ready()
        qtbot.waitUntil(w.ready, timeout=20000)
        assert w.current_view().value == pytest.approx(GopsSolver(rules).value(w.session.state))
    finally:
        w.shutdown()
        service.shutdown()
