"""Start-up: ``whistgui --screenshot out.png`` — the main window built, its opening analysis
computed and shown, the window drawn to a PNG — side by side with its yardstick, a bare PySide6
window (a QMainWindow with a label, the same size) drawn to a PNG, each a fresh process on Qt's
offscreen platform. The two run in turn, ``--repeat`` times each after one warm-up run of each,
and the medians are compared. Wall time from the process's start to its exit, and each process's
own peak resident memory (``os.wait4``). Both are timed twice: with Python's bytecode cached, as
an installed app runs (``pip`` compiles it; here the cache is a temporary
``PYTHONPYCACHEPREFIX``, filled by the warm-up), and with ``PYTHONDONTWRITEBYTECODE=1`` (as
some sandboxes and CI set it: what has a cache — the standard library, PySide6 — reads it, and a
source tree with none, as this one run from its checkout, is compiled at every start).
Optionally the modules the app's process imported, the slowest first (``--imports``:
``python -X importtime``, bytecode cached).

Nothing is asserted.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_startup.py --repeat 9
    PYTHONPATH=. python benchmarks/bench_startup.py --imports 25
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: The yardstick: the least a PySide6 program does to draw a window of the same size to a PNG.
BARE = """
import sys
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow
app = QApplication(sys.argv[:1])
window = QMainWindow()
window.setCentralWidget(QLabel("A bare window"))
window.resize(1280, 720)
window.show()
app.processEvents()
sys.exit(0 if window.grab().save(sys.argv[1]) else 1)
"""


def environment(pycache: Path | None) -> dict[str, str]:
    """Offscreen, this tree first on the path; bytecode cached under ``pycache`` (None: no cache
    written, what has none compiled at every start)."""
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = "offscreen"
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONPYCACHEPREFIX", None)
    if pycache is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env["PYTHONPYCACHEPREFIX"] = str(pycache)
    env["PYTHONPATH"] = os.pathsep.join([str(Path.cwd()), env.get("PYTHONPATH", "")]).rstrip(
        os.pathsep
    )
    return env


def run(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds from start to exit and peak resident MB of one process running ``argv``."""
    t = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    _pid, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - t
    err = proc.stderr.read().decode(errors="replace")
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({proc.returncode}):\n{err}")
    return seconds, usage.ru_maxrss / 1024  # KB on Linux


def imports(env: dict[str, str], out: Path, top: int) -> None:
    """The app's imports by their own time and with what they import (``-X importtime``)."""
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "whistgui", "--screenshot", str(out)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    rows = []
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us, cumulative, name = line.split(":", 1)[1].split("|")
        rows.append((int(cumulative), int(self_us), name.rstrip()))
    total = sum(r[1] for r in rows)
    print(f"\n{len(rows)} modules imported, {total / 1000:.0f} ms of import time in all")
    print(f"{'cumulative ms':>14} {'self ms':>8}  module (indented as imported)")
    for cumulative, self_us, name in sorted(rows, reverse=True)[:top]:
        print(f"{cumulative / 1000:14.1f} {self_us / 1000:8.1f}  {name}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=7, help="timed runs of each (default 7)")
    ap.add_argument("--imports", type=int, default=0, metavar="N", help="list N slowest imports")
    args = ap.parse_args()
    print(f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}")
    with tempfile.TemporaryDirectory() as tmp:
        bare_py = Path(tmp, "bare.py")
        bare_py.write_text(BARE)
        out = Path(tmp, "out.png")
        programs = {
            "bare PySide6 window": [sys.executable, str(bare_py), str(out)],
            "whistgui --screenshot": [sys.executable, "-m", "whistgui", "--screenshot", str(out)],
        }
        modes = {
            "bytecode cached (installed)": environment(Path(tmp, "pycache")),
            "no bytecode written (PYTHONDONTWRITEBYTECODE=1)": environment(None),
        }
        for mode, env in modes.items():
            compare(mode, programs, env, args.repeat)
        if args.imports:
            imports(modes["bytecode cached (installed)"], out, args.imports)


def compare(mode: str, programs: dict[str, list[str]], env: dict[str, str], repeat: int) -> None:
    """Run the programs in turn, ``repeat`` times each after a warm-up; print the medians."""
    for argv in programs.values():  # warm-up: the bytecode cache, the fonts' caches
        run(argv, env)
    seconds: dict[str, list[float]] = {name: [] for name in programs}
    mb: dict[str, list[float]] = {name: [] for name in programs}
    for _ in range(repeat):
        for name, argv in programs.items():
            s, m = run(argv, env)
            seconds[name].append(s)
            mb[name].append(m)
    print(f"\n{mode}:")
    print(f"  {'program':<24} {'median ms':>9} {'min ms':>7} {'max ms':>7} {'peak MB':>8}")
    for name in programs:
        t = seconds[name]
        print(
            f"  {name:<24} {statistics.median(t) * 1000:9.0f} {min(t) * 1000:7.0f} "
            f"{max(t) * 1000:7.0f} {statistics.median(mb[name]):8.0f}"
        )
    bare, app = (statistics.median(seconds[n]) for n in programs)
    print(f"  ratio app / bare (medians): {app / bare:.2f}  ({repeat} runs each, in turn)")


if __name__ == "__main__":
    main()
