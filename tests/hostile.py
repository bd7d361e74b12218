"""What the fuzz tests feed every entry point (issue 16): huge numbers, lone surrogates (which
no UTF-8 file can hold), control and odd line-break characters, and :func:`attempt`, which runs
a reader and tells its result from the project's own refusal — any other exception escapes and
fails the test."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from hypothesis import strategies as st

from whistgui.engine import WhistError

T = TypeVar("T")

#: A number of 5,000 digits: past Python's int-conversion limit (4,300 digits).
BIG = "9" * 5000
#: A marker a fuzz test replaces with :data:`BIG` in JSON text (JSON numbers cannot be built
#: from Python ints that large).
BIG_TOKEN = "@@BIG@@"

surrogates = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)
controls = st.characters(max_codepoint=0x1F) | st.sampled_from("\x7f\x85\u2028\u200b\ufeff")


def attempt(fn: Callable[..., T], *args: object) -> tuple[T | None, str | None]:
    """``fn(*args)``, or the message of the project's error it raised."""
    try:
        return fn(*args), None
    except WhistError as exc:
        return None, str(exc)
