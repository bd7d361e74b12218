"""Time the single-suit value kernel against a plain C program of the same recursion.

``whistgui.engine.games.whist.kernel.tables_upto(N)`` computes val, maxmin and minmax of every
single suit with up to N cards a hand (numpy). The yardstick is ``benchmarks/c/suit_values.c``,
the same recursion written plainly in C, which this script compiles with the system's
``cc -O2`` into a temporary directory. Before timing, it checks that the C program gives the
kernel's value for every suit of at most ``--check-n`` (8) cards a hand; every timed run also
compares the two programs' per-level checksums (the sum of all value keys of a level, modulo
2^64), so the timed runs are checked too.

Each measurement runs in a fresh process (C: the program; kernel: ``python -c`` importing the
package), ``--repeat`` times, alternating the two; the table gives the best time and the spread
(worst − best) of the computation itself (the process's own clock, without start-up and
imports) and the peak resident memory of the process (``ru_maxrss``). Then it times
``suit_value`` on single suits of 10 to 13 cards a hand, the worst (alternating) ones and
random ones, each from a fresh ``TableCache``. Nothing is asserted but the checks.

``--store N ...`` (default 12 14) times the table store against the same yardstick, side by side
in one run: the C program's computing time for n ≤ N (best of ``--repeat``) and ``whist table
--upto N --store DIR`` end to end (a fresh process writing a new Parquet store: start-up,
values, R43's numbers, the Parquet files; wall time and peak memory), the store's size on
disk, and the time of each query on the largest store (a fresh ``whist`` process each, as a
user runs it: ``--count-by-value``, ``--first-of-each-value``, ``--value``, ``--sql``). For
N ≤ 12 it checks that the counts of suits by value the store answers equal the C program's
for every n (the C program dumps every value).

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_tables.py                  # N = 10, 12, 14
    PYTHONPATH=. python benchmarks/bench_tables.py --upto 10 12 13 --repeat 3
    PYTHONPATH=. python benchmarks/bench_tables.py --upto 12 --store 12 14 --no-single
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
from math import comb
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "c" / "suit_values.c"
ROOT = HERE.parent

KERNEL_RUN = """
import json, sys, time
import numpy as np
from whistgui.engine.games.whist.kernel import TableCache, tables_upto
n = int(sys.argv[1])
cache = TableCache()
t0 = time.perf_counter()
tables = tables_upto(n, upto_cache=cache)
seconds = time.perf_counter() - t0
keys = cache.value_keys
sums = {}
for m, t in tables.items():  # the sum of the value keys of a level, modulo 2**64
    counts = np.bincount(t.value_id, minlength=len(keys)).tolist()
    sums[m] = sum(c * k for c, k in zip(counts, keys)) % 2**64
print(json.dumps({"seconds": seconds, "checksums": sums,
                  "nbytes": sum(t.nbytes for t in tables.values())}))
"""

KERNEL_DUMP = """
import json, sys
from whistgui.engine.games.whist.kernel import TableCache, tables_upto
n = int(sys.argv[1])
cache = TableCache()
tables = tables_upto(n, upto_cache=cache)
print(json.dumps({m: [cache.value_keys[i] for i in t.value_id.tolist()]
                  for m, t in tables.items()}))
"""


def run_child(cmd: list[str]) -> tuple[str, float, float]:
    """Run ``cmd``; its standard output, wall seconds and peak resident memory in MB."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    t0 = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(cmd, stdout=out, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode()
    if proc.returncode != 0:
        raise SystemExit(f"{cmd[0]} failed with exit status {proc.returncode}")
    global LAST_CPU
    LAST_CPU = usage.ru_utime + usage.ru_stime
    return text, wall, usage.ru_maxrss / 1024  # kB on Linux


#: The CPU seconds (user + system) of the last child run_child ran: on a shared machine the
#: wall time of a process includes waiting for a core, its CPU time does not.
LAST_CPU = 0.0


def compile_c(cc: str, workdir: Path) -> Path:
    exe = workdir / "suit_values"
    cmd = [cc, "-O2", "-o", str(exe), str(SOURCE)]
    subprocess.run(cmd, check=True)
    return exe


def c_levels(text: str) -> tuple[float, dict[int, int], dict[int, list[int]]]:
    """(computing seconds, checksum by level, value keys by level when dumped)."""
    sums: dict[int, int] = {}
    dumped: dict[int, list[int]] = {}
    total = 0.0
    for line in text.splitlines():
        part = line.split()
        if part[0] == "level":
            sums[int(part[1])] = int(part[5])
        elif part[0] == "value":
            dumped.setdefault(int(part[1]), []).append(int(part[3]))
        elif part[0] == "total":
            total = float(part[1])
    return total, sums, dumped


def check(exe: Path, n: int) -> None:
    """The C program and the kernel give the same value to every suit of up to n cards."""
    text, _, _ = run_child([str(exe), str(n), str(n)])
    _, _, c_values = c_levels(text)
    out, _, _ = run_child([sys.executable, "-c", KERNEL_DUMP, str(n)])
    kernel = {int(k): v for k, v in json.loads(out).items()}
    for m in range(1, n + 1):
        if c_values[m] != kernel[m]:
            bad = next(
                i for i, (a, b) in enumerate(zip(c_values[m], kernel[m], strict=True)) if a != b
            )
            raise SystemExit(f"C and the kernel differ at n = {m}, suit #{bad}")
    total = sum(len(v) for v in kernel.values())
    print(f"# check: C == kernel on all {total} suits with n <= {n}")


#: ``whist ARGS`` in this interpreter, then its own peak resident memory (VmHWM, kB) on a last
#: line: ``ru_maxrss`` of a child started by vfork is its parent's peak when that is larger.
WHIST_PEAK = """
import re, sys
from whistgui.cli import main
code = main(sys.argv[1:])
with open("/proc/self/status") as status:
    print(re.search(r"VmHWM:\\s*([0-9]+)", status.read()).group(1), flush=True)
sys.exit(code)
"""


def whist_exe() -> list[str]:
    exe = Path(sys.executable).with_name("whist")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "whistgui.cli"]


def dir_mb(path: Path) -> float:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) / 2**20


def c_counts(exe: Path, n: int) -> dict[int, dict[str, int]]:
    """The counts of suits by value of every level up to n, from the C program's dump."""
    from collections import Counter

    from whistgui.engine.games.whist.keys import value_from_key

    counts: dict[int, Counter[int]] = {}
    # read as it comes (3.7 million lines for n = 12): the whole text would grow this process,
    # and a child started by vfork reports its parent's peak as its own
    with subprocess.Popen([str(exe), str(n), str(n)], stdout=subprocess.PIPE, text=True) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("value "):
                _, m, _, key = line.split()
                counts.setdefault(int(m), Counter())[int(key)] += 1
    return {m: {value_from_key(k).ascii(): c for k, c in cs.items()} for m, cs in counts.items()}


def stores(exe: Path, ns: list[int], repeat: int, check_upto: int) -> None:
    """``whist table --upto N --store DIR`` against the C program's computing time."""
    print()
    print(f"whist table --upto N --store DIR (Parquet) against C, best of {repeat}")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        largest = None
        for n in ns:
            c_t: list[float] = []
            c_cpu: list[float] = []
            w_t: list[float] = []
            w_cpu: list[float] = []
            w_mem: list[float] = []
            size = 0.0
            for r in range(repeat):
                text, _, _ = run_child([str(exe), str(n)])
                c_t.append(c_levels(text)[0])
                c_cpu.append(LAST_CPU)
                store = Path(tmp) / f"s{n}-{r}"
                out, wall, _ = run_child([sys.executable, "-c", WHIST_PEAK, "table", "--upto",
                                          str(n), "--store", str(store)])  # fmt: skip
                mem = float(out.splitlines()[-1]) / 1024  # the child's own VmHWM
                w_t.append(wall)
                w_cpu.append(LAST_CPU)
                w_mem.append(mem)
                size = dir_mb(store)
                print(
                    f"# N = {n}: C {c_t[-1]:.2f} s, whist {wall:.2f} s, {size:.1f} MB", flush=True
                )
                if n <= check_upto and r == 0:
                    out, _, _ = run_child([*whist_exe(), "table", "--store", str(store),
                                           "--count-by-value", "--json"])  # fmt: skip
                    got = {int(k): v for k, v in json.loads(out).items()}
                    want = c_counts(exe, n)
                    if got != want:
                        raise SystemExit(f"the store's counts by value differ from C's (n ≤ {n})")
                    print(f"# N = {n}: counts by value equal C's for every n <= {n}")
                largest = store
            rows.append((n, c_t, c_cpu, w_t, w_cpu, w_mem, size))
        header = (
            f"{'N':>3} {'suits':>11} {'C s':>14} {'whist s':>14} {'whist/C':>7} "
            f"{'C cpu':>6} {'whist cpu':>9} {'cpu/C':>6} {'whist MB':>8} {'store MB':>8}"
        )
        print()
        print(header)
        print("-" * len(header))
        for n, c_t, c_cpu, w_t, w_cpu, w_mem, size in rows:
            suits = sum(comb(2 * m, m) for m in range(1, n + 1))
            print(
                f"{n:>3} {suits:>11,} {spread(c_t):>14} {spread(w_t):>14} "
                f"{min(w_t) / min(c_t):>7.2f} {min(c_cpu):>6.2f} {min(w_cpu):>9.2f} "
                f"{min(w_cpu) / min(c_cpu):>6.2f} {max(w_mem):>8.0f} {size:>8.1f}"
            )
        print()
        print("C s: computing time (its own clock); whist s: the whole command, wall (start-up,")
        print("values, R43, files); cpu: user + system seconds of each process, best; whist MB:")
        print("its peak resident memory; store MB: the directory's files.")
        if largest is not None:
            queries(largest, max(ns), repeat)


QUERY_RUN = """
import json, sys, time
from whistgui.engine.tables.parquet_store import ParquetStore
path, n, rare, repeat = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
t0 = time.perf_counter()
store = ParquetStore(path)
store.connection()
out = {"open (footers checked, DuckDB views)": time.perf_counter() - t0}
asks = {
    "count_by_value()": lambda: store.count_by_value(),
    "first_of_each_value()": lambda: store.first_of_each_value(),
    f"by_value({rare!r}, {n})": lambda: store.by_value(rare, n),
    "sql: exits W by n": lambda: list(store.sql(
        "SELECT n, count(*) FROM suits WHERE class = 'exit W' GROUP BY n ORDER BY n")[1]),
}
for label, ask in asks.items():
    best = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        ask()
        t = time.perf_counter() - t0
        best = t if best is None else min(best, t)
    out[label] = best
print(json.dumps(out))
"""


def queries(store: Path, n: int, repeat: int) -> None:
    out, _, _ = run_child([*whist_exe(), "table", "--store", str(store), "--count-by-value",
                           "--json"])  # fmt: skip
    counts = json.loads(out)[str(n)]
    rare = min(counts, key=lambda v: counts[v])
    asks = [
        ("--count-by-value --json", ["--count-by-value", "--json"]),
        ("--first-of-each-value --json", ["--first-of-each-value", "--json"]),
        (f"{n} --value {rare} ({counts[rare]} suits)", [str(n), "--value", rare]),
        ("--sql (exits W by n)", ["--sql", "SELECT n, count(*) FROM suits WHERE class = "
                                  "'exit W' GROUP BY n ORDER BY n"]),
        ("--sql (T0 = 0 and H = 0, n = max)", ["--sql", "SELECT count(*) FROM suits WHERE "
                                               f"n = {n} AND t0 = 0 AND h = 0"]),
        ("--sql (exits W by n, on raw)", ["--sql", "SELECT n, count(*) FROM raw WHERE value IN "
                                          "(SELECT key FROM value_dictionary WHERE class = "
                                          "'exit W') GROUP BY n ORDER BY n"]),
    ]  # fmt: skip
    _, start, _ = run_child([sys.executable, "-c", "import whistgui.cli.tables"])
    print()
    print(f"queries of the store of n <= {n}: a fresh whist process each, best of {repeat}")
    print(f"(python -c 'import whistgui.cli.tables' alone: {start:.2f} s wall, {LAST_CPU:.2f} cpu)")
    for label, argv in asks:
        times = []
        cpu = []
        for _ in range(repeat):
            _, wall, _ = run_child([*whist_exe(), "table", "--store", str(store), *argv])
            times.append(wall)
            cpu.append(LAST_CPU)
        print(f"  {label:<44} {spread(times):>14} s wall, {min(cpu):.2f} s cpu")
    out, _, _ = run_child([sys.executable, "-c", QUERY_RUN, str(store), str(n), rare,
                           str(max(repeat, 3))])  # fmt: skip
    print("the same in one process (ParquetStore, after opening it), best of 3 or more:")
    for label, seconds in json.loads(out.splitlines()[-1]).items():
        print(f"  {label:<44} {seconds:>8.3f} s")


def spread(xs: list[float]) -> str:
    return f"{min(xs):.2f} (+{max(xs) - min(xs):.2f})"


def single_suits(repeat: int) -> None:
    from whistgui.engine.games.whist.kernel import TableCache, suit_value

    rng = random.Random(15)
    print()
    print("suit_value, one suit from a fresh TableCache: best of", repeat)
    print(f"{'cards':>5} {'suit':<28} {'value':>7} {'best s':>8} {'worst s':>8}")
    for n in (10, 11, 12, 13):
        suits = ["WE" * n, "EW" * n]
        for _ in range(3):
            west = set(rng.sample(range(2 * n), n))
            suits.append("".join("W" if i in west else "E" for i in range(2 * n)))
        for p in suits:
            times = []
            for _ in range(repeat):
                t0 = time.perf_counter()
                v = suit_value(p, cache=TableCache())
                times.append(time.perf_counter() - t0)
            print(f"{n:>5} {p:<28} {v.ascii():>7} {min(times):>8.3f} {max(times):>8.3f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--upto", type=int, nargs="+", default=[10, 12, 14], help="values of N")
    ap.add_argument("--repeat", type=int, default=2, help="runs of each program per N")
    ap.add_argument("--check-n", type=int, default=8, help="compare every suit up to this n")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"), help="the C compiler (cc)")
    ap.add_argument("--no-single", action="store_true", help="skip the single-suit timings")
    ap.add_argument(
        "--store", type=int, nargs="*", default=[12, 14], help="N of the store timings (none: skip)"
    )
    args = ap.parse_args(argv)
    if args.repeat < 1 or min(args.upto) < 1:
        ap.error("--repeat and --upto must be at least 1")
    if shutil.which(args.cc) is None:
        ap.error(f"no C compiler {args.cc!r} on PATH")

    print(f"# bench_tables: N = {args.upto}, {args.repeat} runs each, alternating C and kernel")
    print(
        f"# Python {platform.python_version()} on {platform.machine()}, {platform.system()},"
        f" {os.cpu_count()} CPUs; C: {args.cc} -O2"
    )
    with tempfile.TemporaryDirectory() as tmp:
        exe = compile_c(args.cc, Path(tmp))
        check(exe, args.check_n)
        if args.store:
            stores(exe, args.store, args.repeat, 12)
        rows = []
        for n in args.upto:
            c_t: list[float] = []
            c_mem: list[float] = []
            k_t: list[float] = []
            k_mem: list[float] = []
            nbytes = 0
            for _ in range(args.repeat):
                text, _, mem = run_child([str(exe), str(n)])
                seconds, c_sums, _ = c_levels(text)
                c_t.append(seconds)
                c_mem.append(mem)
                out, _, mem = run_child([sys.executable, "-c", KERNEL_RUN, str(n)])
                got = json.loads(out)
                k_t.append(got["seconds"])
                k_mem.append(mem)
                nbytes = got["nbytes"]
                k_sums = {int(m): s for m, s in got["checksums"].items()}
                if k_sums != c_sums:
                    raise SystemExit(f"C and the kernel disagree on some level up to n = {n}")
                print(f"# N = {n}: C {seconds:.2f} s, kernel {got['seconds']:.2f} s", flush=True)
            rows.append((n, c_t, c_mem, k_t, k_mem, nbytes))

    suits = {n: sum(comb(2 * m, m) for m in range(1, n + 1)) for n in args.upto}
    print()
    header = (
        f"{'N':>3} {'suits':>11} {'C s':>14} {'C MB':>7} {'kernel s':>14} {'kernel MB':>9} "
        f"{'tables MB':>9} {'kernel/C':>8}"
    )
    print(header)
    print("-" * len(header))
    for n, c_t, c_mem, k_t, k_mem, nbytes in rows:
        print(
            f"{n:>3} {suits[n]:>11,} {spread(c_t):>14} {max(c_mem):>7.0f} {spread(k_t):>14} "
            f"{max(k_mem):>9.0f} {nbytes / 2**20:>9.0f} {min(k_t) / min(c_t):>8.2f}"
        )
    print()
    print("s: best computing time (spread: worst − best); MB: peak resident memory of the")
    print("process; tables MB: the kernel's arrays (SuitTable.nbytes); kernel/C: best / best.")
    print("Checksums of every level agreed in every run.")
    if not args.no_single:
        single_suits(max(args.repeat, 3))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
