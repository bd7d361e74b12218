"""Deal ▸ Random Deal to Order: a constraint in the language of the Dealer program ("South 15–17
balanced, North 5+ spades": ``hcp(south) >= 15 && hcp(south) <= 17 && shape(south, any 4333 +
any 4432 + any 5332) && spades(north) >= 5``) and a seed. A constraint that cannot be read is
refused in the dialog, quoted where it goes wrong, under the field; the deal itself is made on
the engine service (:meth:`~whistgui.ui.bridge.page.BridgePage.random_deal`)."""

from __future__ import annotations

import html

from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from whistgui.engine.errors import WhistError
from whistgui.ui.theme import text_role
from whistgui.ui.widgets.dialogs import ok_cancel
from whistgui.ui.widgets.messages import for_display

__all__ = ["EXAMPLE", "DealToOrderDialog"]

#: The example the field offers: the issue's "South 15–17 HCP balanced, North 5+ spades".
EXAMPLE = (
    "hcp(south) >= 15 && hcp(south) <= 17 && shape(south, any 4333 + any 4432 + any 5332)"
    " && spades(north) >= 5"
)


class DealToOrderDialog(QDialog):
    """A constraint (empty: any deal) and a seed (``random``: a new one each time)."""

    def __init__(self, parent: QWidget | None = None, constraint: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("Random deal to order")
        self.setMinimumWidth(560)
        form = QFormLayout(self)
        self.field = QLineEdit(constraint, self)
        self.field.setObjectName("bridgeConstraint")
        self.field.setPlaceholderText(EXAMPLE)
        self.field.setToolTip(
            "A condition in the Dealer program's language over north east south west: "
            "hcp(h), spades(h) … clubs(h), controls(h), loser(h), hascard(h, AS), "
            "shape(h, 5431 + any 4333), numbers, comparisons, && || !, ? : and parentheses. "
            "Empty: any deal."
        )
        self.field.textEdited.connect(lambda _t: self._show_error(""))
        self.error = QLabel(self)
        self.error.setObjectName("bridgeConstraintError")
        self.error.setWordWrap(True)
        text_role(self.error, "error")
        self.error.hide()
        self.seed = QSpinBox(self)
        self.seed.setRange(-1, 2_000_000_000)
        self.seed.setSpecialValueText("random")
        self.seed.setValue(-1)
        self.seed.setToolTip("The same seed and constraint make the same deal")
        label = QLabel("&Constraint:", self)
        label.setBuddy(self.field)
        form.addRow(label, self.field)
        form.addRow("", self.error)
        self.example = example = QLabel(f"e.g. <code>{html.escape(EXAMPLE)}</code>", self)
        example.setWordWrap(True)
        text_role(example, "muted")
        form.addRow("", example)
        form.addRow("S&eed:", self.seed)
        form.addRow(ok_cancel(self))

    def constraint(self) -> str | None:
        """The constraint typed (None: any deal)."""
        text = self.field.text().strip()
        return text or None

    def chosen_seed(self) -> int | None:
        return None if self.seed.value() < 0 else self.seed.value()

    def _show_error(self, message: str) -> None:
        self.error.setText(for_display(message))
        self.error.setVisible(bool(message))
        # a wrapped error needs its lines: the dialog grows to them (it was clipped, and
        # drawn over the example below it)
        layout = self.layout()
        if layout is not None:
            layout.activate()
            need = layout.totalHeightForWidth(self.width())
            self.resize(self.width(), max(need, layout.totalMinimumSize().height()))

    def accept(self) -> None:
        """Close only on a constraint that can be read; else say why, quoting it."""
        text = self.constraint()
        if text is not None:
            from whistgui.engine.bridge.dealing import DealingError, constrained_deals

            try:  # read, and tried on one deal: a name or a sum it cannot work out shows now
                constrained_deals(text, 1, seed=0, max_tries=1)
            except DealingError:
                pass  # that deal did not meet it: the search will go on
            except (WhistError, TypeError) as exc:
                self._show_error(str(exc))
                self.field.setFocus()
                return
        self._show_error("")
        super().accept()
