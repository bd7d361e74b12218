"""The programs some tests run (pdflatex, rsvg-convert, pdftoppm, desktop-file-validate,
appstreamcli): where one is missing the test skips, naming the Debian packages that have it —
but not in CI (``CI`` set, as ``.ci/run`` sets it after installing them), where a missing
program fails the test, so that CI cannot skip those tests silently (it did: the TikZ and
.desktop checks never ran there). LaTeX is run, and its PDF read back, by :func:`run_pdflatex`
and :func:`pdf_text`."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

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


def run_pdflatex(folder: Path, tex: str) -> Path:
    """``folder``'s file ``tex`` set by pdflatex (no prompts, stopping at the first error): the
    PDF's path. The test fails with the end of LaTeX's log if LaTeX fails, and skips without
    pdflatex (fails in CI)."""
    pdflatex = require_tool("pdflatex")
    res = subprocess.run(
        [pdflatex, "-interaction=nonstopmode", "-halt-on-error", tex],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if res.returncode != 0:
        pytest.fail(f"pdflatex failed on {tex}:\n{res.stdout[-3000:]}")
    return folder / Path(tex).with_suffix(".pdf").name


def pdf_text(pdf: Path, *options: str) -> str:
    """What pdftotext reads in ``pdf`` (``-layout``: laid out as on the page; ``-bbox``: each
    word with its box, as HTML); skips without pdftotext (fails in CI)."""
    return subprocess.run(
        [require_tool("pdftotext"), *options, str(pdf), "-"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
