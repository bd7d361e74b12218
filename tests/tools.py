"""The programs some tests run (pdflatex, rsvg-convert, pdftoppm, desktop-file-validate,
appstreamcli): where one is missing the test skips, naming the Debian packages that have it —
but not in CI (``CI`` set, as ``.ci/run`` sets it after installing them), where a missing
program fails the test, so that CI cannot skip those tests silently (it did: the TikZ and
.desktop checks never ran there)."""

from __future__ import annotations

import os
import shutil

import pytest

#: Is this a CI run (``CI`` set to anything but empty, ``0`` or ``false``)?
IN_CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false")

#: The Debian packages (``apt-get install --no-install-recommends …``) that give each program
#: what the tests ask of it: pdflatex with TikZ, the standalone class and Latin Modern.
PACKAGES = {
    "pdflatex": "texlive-latex-base texlive-pictures texlive-latex-extra lmodern",
    "rsvg-convert": "librsvg2-bin",
    "pdftoppm": "poppler-utils",
    "desktop-file-validate": "desktop-file-utils",
    "appstreamcli": "appstream",
}


def require_tool(name: str) -> str:
    """The path of the program ``name``; if it is not installed, skip the test (fail it in
    CI), saying which packages to install."""
    path = shutil.which(name)
    if path is not None:
        return path
    message = (
        f"{name} is not installed here (apt-get install {PACKAGES.get(name, name)}); "
        ".ci/run installs it"
    )
    if IN_CI:
        pytest.fail(f"{message} — CI is set, so the test must run, not skip")
    pytest.skip(message)
