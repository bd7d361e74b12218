"""``python -m whistgui.cli``: the ``whist`` command."""

import sys

from whistgui.cli import main

sys.exit(main())
