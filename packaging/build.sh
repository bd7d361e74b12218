#!/usr/bin/env bash
# Build the one-folder desktop bundle dist/whistgui/ with PyInstaller, then check it starts.
#
#   bash packaging/build.sh           # in its own virtual environment, build/bundle-venv/
#   bash packaging/build.sh --here    # with the Python on PATH (the project's dependencies
#                                     # installed already, e.g. by pip install -e .)
#
# The check: the frozen app renders its main window offscreen to a PNG (whistgui --screenshot),
# and the frozen `whist` answers a deal. Takes a few minutes (most of it PyInstaller's analysis).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
start=$SECONDS

if [[ "${1:-}" == "--here" ]]; then
    py="$(command -v python3 || command -v python)"
    "$py" -m pip install --quiet "pyinstaller>=6.10,<7"
    "$py" -c "import PySide6, pyqtgraph" || {
        echo "build.sh: --here needs the project's dependencies: pip install -e ." >&2
        exit 1
    }
else
    venv="$root/build/bundle-venv"
    if [[ ! -x "$venv/bin/python" ]]; then
        python3 -m venv "$venv"
        "$venv/bin/python" -m pip install --quiet --upgrade pip
    fi
    py="$venv/bin/python"
    # The project's dependencies, not the project: the spec takes whistgui from this tree
    # (and so nothing is built in it).
    mapfile -t deps < <("$py" -c 'import tomllib
for dep in tomllib.load(open("pyproject.toml", "rb"))["project"]["dependencies"]:
    print(dep)')
    ((${#deps[@]})) || { echo "build.sh: no dependencies read from pyproject.toml" >&2; exit 1; }
    "$py" -m pip install --quiet "pyinstaller>=6.10,<7" "${deps[@]}"
fi

echo "build.sh: PyInstaller $("$py" -m PyInstaller --version) with $("$py" --version)"
# run_pyinstaller.py: python -m PyInstaller, and an empty file for a missing /dev/null
"$py" packaging/run_pyinstaller.py --noconfirm --clean --log-level WARN \
    --distpath "$root/dist" --workpath "$root/build/pyinstaller" packaging/whistgui.spec

bundle="$root/dist/whistgui"
shot="$(mktemp -d)/whistgui-bundle.png"
QT_QPA_PLATFORM=offscreen "$bundle/whistgui" --screenshot "$shot"
"$py" - "$shot" <<'EOF'
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
width, height = struct.unpack(">II", data[16:24])
assert (width, height) == (1280, 720), (width, height)
print(f"build.sh: the frozen app drew its window: {sys.argv[1]} ({width}x{height})")
EOF
"$bundle/whist" value 'AQ/KJ K/A'
# The double-dummy solver is a compiled library inside endplay: the frozen command must reach it.
"$bundle/whist" bridge solve 'N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T943.A987.QJ4.K7 5.T62.7653.QT986' \
    --contract 3NT --declarer N
# ... and HiGHS (highspy's compiled core) for GOPS's matrix games.
"$bundle/whist" gops matrix --n 4 --first 2
echo "build.sh: $(du -sh "$bundle" | cut -f1) in $bundle, built in $((SECONDS - start)) s"
