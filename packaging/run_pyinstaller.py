"""Run PyInstaller with its arguments — where the machine has a null device, exactly as
``python -m PyInstaller`` does.

A CI sandbox had no null device: ``/dev/null`` was a regular file, made by the first shell
redirection to it. PyInstaller asks ``ctypes.util.find_library`` for every library a module
loads with ctypes (``user32`` too, on Linux), and for a name it cannot find that runs
``ld -o /dev/null -l<name>``; ld removes its output when the link fails — there, the file
``/dev/null`` — and PyInstaller's next ``ldd``, run with standard input from ``os.devnull``,
failed the build with ``FileNotFoundError: '/dev/null'``.

Without a null device, ``os.devnull`` names ``/proc/self/fd/N`` instead, N a descriptor of an
unnamed temporary file this process holds open: it opens as the file in this process (an empty
input, output thrown away with the file), and no other process — ld included — can remove or
replace it.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from collections.abc import Iterator


def _has_null_device() -> bool:
    try:
        return stat.S_ISCHR(os.stat(os.devnull).st_mode)
    except OSError:
        return False


@contextlib.contextmanager
def null_device() -> Iterator[str]:
    """``os.devnull`` for the duration: the null device where there is one, else the stand-in
    the module's text describes; the path."""
    if _has_null_device():
        yield os.devnull
        return
    saved = os.devnull
    with tempfile.TemporaryFile() as sink:
        os.devnull = f"/proc/self/fd/{sink.fileno()}"
        try:
            yield os.devnull
        finally:
            os.devnull = saved


def main() -> None:
    from PyInstaller.__main__ import run

    with null_device() as null:
        if null != "/dev/null":
            print(f"run_pyinstaller: no null device at /dev/null; using {null}", flush=True)
        run(sys.argv[1:])


if __name__ == "__main__":
    main()
