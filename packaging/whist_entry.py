"""The ``whist`` command's entry script for the PyInstaller bundle (see whistgui.spec): the
installed wheel gets the same command from ``[project.scripts]`` instead."""

import sys

from whistgui.cli import main

if __name__ == "__main__":
    sys.exit(main())
