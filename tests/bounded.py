"""Running a reader in a child process under a memory limit (issue 23).

A reader that backtracks or copies per character can take gigabytes on one long field; a test
that ran it in the test process would take the suite down with it. :func:`run_bounded` runs a
piece of Python in a fresh interpreter whose address space is capped with
``resource.setrlimit(RLIMIT_AS)`` and whose run time is capped by a timeout, and reports what
it printed, its exit status, its peak resident memory and its time, so a test can assert a
clean answer or refusal within the limits.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from dataclasses import dataclass

import pytest

#: The address space an interpreter takes before it reads anything: about 200 MB with numpy,
#: endplay's libdds and HiGHS loaded (VmPeak, one BLAS thread), and room for the C libraries'
#: reservations. The child's limit is this plus the budget a test gives; the address space
#: counts mapped libraries, which are not memory in use, so a test asserts the measured peak
#: (resident) as well — the limit is the net that keeps a runaway reader off the machine.
BASELINE_MB = 512

_PRELUDE = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
"""

_MARKER = "\n@@bounded@@"
# The peak is the child's own VmHWM (kB): ``ru_maxrss`` is carried across ``exec`` from the
# process that forked it — under vfork that is the parent's whole peak (pytest's, hundreds of MB)
_EPILOGUE = """
import re, sys
sys.stdout.flush()
with open("/proc/self/status") as _status:
    _peak = re.search(r"VmHWM:\\s*([0-9]+)", _status.read()).group(1)
print("\\n@@bounded@@" + _peak, flush=True)
"""


@dataclass(frozen=True, slots=True)
class Bounded:
    """What the child did: exit status, output, peak resident memory (MB) and wall time (s)."""

    returncode: int
    stdout: str
    stderr: str
    peak_mb: float
    seconds: float

    def describe(self) -> str:
        return (
            f"exit {self.returncode}, {self.peak_mb:.0f} MB peak, {self.seconds:.1f} s\n"
            f"stdout: {self.stdout[-2000:]!r}\nstderr: {self.stderr[-2000:]!r}"
        )


def run_bounded(code: str, *, memory_mb: int, timeout: float = 60.0) -> Bounded:
    """Run ``code`` (Python source) in a child interpreter limited to ``memory_mb`` MB above
    :data:`BASELINE_MB` of address space; its peak resident memory is its ``VmHWM`` when it
    ends normally (a child that dies of the limit reports its exit
    status and no peak)."""
    if sys.platform != "linux":  # pragma: no cover - RLIMIT_AS and ru_maxrss in KB are Linux's
        pytest.skip("the memory-limited child process needs Linux's RLIMIT_AS")
    limit = (BASELINE_MB + memory_mb) * 1024 * 1024
    source = _PRELUDE.format(limit=limit) + textwrap.dedent(code) + _EPILOGUE
    # one BLAS thread: each would reserve its own buffers in the limited address space
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "OPENBLAS_NUM_THREADS": "1"}
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", source],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        check=False,
    )
    seconds = time.monotonic() - start
    out, marker, tail = done.stdout.rpartition(_MARKER)
    if not marker:  # the epilogue never ran: the child failed or died of its limits
        return Bounded(done.returncode, done.stdout, done.stderr, float("nan"), seconds)
    return Bounded(done.returncode, out, done.stderr, int(tail) / 1024, seconds)
