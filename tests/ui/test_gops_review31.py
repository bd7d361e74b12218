"""Review 31b (a game theorist's second look at the GOPS workspace): B1, optimal at N = 6
played in the app; the value panel's exact values (X2)."""

from __future__ import annotations

from fractions import Fraction

from whistgui.app.gops_strategies import StrategyChoice
from whistgui.engine.gops import GopsRules

WAIT = 120_000


def test_play_against_optimal_at_n6_shows_a_result_said_to_be_not_exact(qtbot, page) -> None:
    """B1: face+1 against optimal at N = 6 ended with no result and no message (a ValueError
    at Python's 4,300-digit limit in the result's text). Now: ≈ its value, 'not exact'."""
    p = page(GopsRules(6))
    p.a_picker.set_choice(StrategyChoice("face", 1))
    p.b_picker.set_choice(StrategyChoice("optimal"))
    p.compute_play()
    qtbot.waitUntil(lambda: p.play_result is not None, timeout=WAIT)
    r = p.play_result
    assert r is not None
    assert not r.exact_strategies
    assert -1 < r.value <= 1e-9  # optimal does not lose in expectation (the value is 0)
    text = p.result_label.text()
    assert f"≈ {r.value:+.6f}".replace("-", "−") in text, text
    assert "not exact" in text
    assert p.distribution.rowCount() >= 2


def test_the_value_panel_writes_short_fractions_whole_and_long_ones_by_size(qtbot) -> None:
    """X2: −492544541/823300704 was 'exact p/q (p of 9 digits, q of 9)'; now written out.
    A value of 5,000 digits (beyond str's 4,300) is given by its size, and Copy writes it."""
    from PySide6.QtGui import QGuiApplication

    from whistgui.ui.gops.value_panel import ValuePanel

    v = ValuePanel()
    qtbot.addWidget(v)
    v.set_exact(Fraction(-492544541, 823300704))
    assert v.exact_label.text() == "Exact: −492544541/823300704"
    huge = Fraction(10**5000 + 1, 3 * 10**4999 + 7)
    v.set_exact(huge)
    assert "p of 5,001 digits, q of 5,000" in v.exact_label.text()
    v.copy_exact()
    copied = QGuiApplication.clipboard().text()
    assert len(copied) == 5001 + 1 + 5000
    assert copied.startswith("1000")
    assert copied.endswith("0007")
