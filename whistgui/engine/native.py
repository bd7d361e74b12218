"""Keeping C libraries off standard output.

A library written in C or C++ may print to file descriptor 1 directly — HiGHS prints its banner
("Running HiGHS …") when a model is built, before any option can turn its output off — and
Python's ``sys.stdout`` cannot see or stop such writes. The ``whist`` command's standard output
must carry only its answer (``--json`` is JSON from the first byte), whatever the versions of
its dependencies, so every place that first touches a C library does it inside
:func:`silenced_native_output`: descriptor 1 points at the null device while the library runs,
C's own buffers are flushed before it is restored, and Python's output is untouched
(tests/cli/test_output_contract.py runs the commands as processes and reads their output).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import sys
import tempfile
import threading
from collections.abc import Iterator

__all__ = ["silenced_native_output"]

#: Descriptor 1 is one per process: two threads redirecting it at once would restore each
#: other's copy. Nested use in one thread is allowed (the lock is re-entrant).
_LOCK = threading.RLock()


def _flush_c_stdio() -> None:
    """``fflush(NULL)``: C's buffered output (printf, std::cout) goes where descriptor 1 points
    now, not later, after it has been restored."""
    with contextlib.suppress(Exception):  # no C library to call (an unusual platform)
        ctypes.CDLL(None).fflush(None)


def _discarding_descriptor() -> int:
    """A descriptor whose writes are thrown away: the null device, or, on a machine without
    one (a sandbox with no ``/dev/null``), an unnamed temporary file, gone when closed."""
    try:
        return os.open(os.devnull, os.O_WRONLY)
    except OSError:
        with tempfile.TemporaryFile() as stand_in:
            return os.dup(stand_in.fileno())


@contextlib.contextmanager
def silenced_native_output() -> Iterator[None]:
    """Descriptor 1 sent to the null device for the duration (see the module's text)."""
    with _LOCK:
        # what Python printed before goes out first, where it belongs (no stdout under
        # pythonw, or a closed one: nothing to flush)
        with contextlib.suppress(AttributeError, OSError, ValueError):
            sys.stdout.flush()
        try:
            saved = os.dup(1)
        except OSError:  # no descriptor 1 (a GUI started with none): nothing to protect
            yield
            return
        try:
            null = _discarding_descriptor()
            try:
                os.dup2(null, 1)
            finally:
                os.close(null)
            yield
        finally:
            _flush_c_stdio()
            os.dup2(saved, 1)
            os.close(saved)
