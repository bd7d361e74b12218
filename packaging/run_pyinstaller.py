"""Run PyInstaller with its arguments — where the machine has a null device, exactly as
``python -m PyInstaller`` does.

PyInstaller runs ``ldd`` on every library with standard input from ``os.devnull``; a machine
without ``/dev/null`` (seen in a CI sandbox) failed the build with ``FileNotFoundError:
'/dev/null'``. There an empty temporary file stands in for the null device (only read from as
an empty input, or written to and thrown away), and is removed afterwards.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile


def _has_null_device() -> bool:
    try:
        return stat.S_ISCHR(os.stat(os.devnull).st_mode)
    except OSError:
        return False


def main() -> None:
    from PyInstaller.__main__ import run

    if _has_null_device():
        run(sys.argv[1:])
        return
    with tempfile.TemporaryDirectory(prefix="whistgui-null-") as folder:
        stand_in = os.path.join(folder, "null")
        open(stand_in, "wb").close()
        print(f"run_pyinstaller: no null device at {os.devnull}; using {stand_in}", flush=True)
        os.devnull = stand_in
        run(sys.argv[1:])


if __name__ == "__main__":
    main()
