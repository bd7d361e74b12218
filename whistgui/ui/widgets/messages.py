"""An error's message as the window shows it: in a label under a field, a message box, the
status bar.

The engine's messages quote what they refuse, and what they refuse may be a number of 5,000
digits. A word-wrapped label cannot break inside a word, so one such word would widen the
window to tens of thousands of pixels. :func:`for_display` shortens every word longer than
:data:`LONGEST_WORD` characters to its start and end around an ellipsis (the message's other
words, and any word of ordinary length such as a file's path, stay as they were)."""

from __future__ import annotations

import re
from typing import Final

__all__ = ["LONGEST_WORD", "for_display"]

#: The longest word shown whole (a long path still fits; a 5,000-digit number does not).
LONGEST_WORD: Final = 100
_HEAD: Final = 50
_TAIL: Final = 30
_LONG: Final = re.compile(rf"\S{{{LONGEST_WORD + 1},}}")


def for_display(message: str) -> str:
    """``message`` with each word of over :data:`LONGEST_WORD` characters shortened to
    ``start…end``."""
    return _LONG.sub(lambda m: f"{m[0][:_HEAD]}…{m[0][-_TAIL:]}", message)
