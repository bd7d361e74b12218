"""Every file loader (.whist, .pbn, .gops, .heaps) refuses what is not a regular file, and a
file over its size limit, with a DocumentError naming the path — reading /dev/zero never ended
(memory ran out), and opening a pipe waited for a writer forever (issue 16's review)."""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from whistgui.app import bridge
from whistgui.app.document import DocumentError, load
from whistgui.app.heaps_files import load_heaps
from whistgui.ui.gops import session as gops_session

LOADERS: dict[str, Callable[[str], Any]] = {
    ".whist": load,
    ".pbn": bridge.load_pbn,
    ".gops": gops_session.read_gops,
    ".heaps": load_heaps,
}
EXPECTED = {
    ".whist": "a whistgui file",
    ".pbn": "a PBN or LIN file",  # the bridge workspace opens both
    ".gops": "a .gops file",
    ".heaps": "a game of heaps and piles saved by whistgui (.heaps)",
}


def refusal(suffix: str, path: Path) -> str:
    with pytest.raises(DocumentError) as info:
        LOADERS[suffix](str(path))
    message = str(info.value)
    assert repr(str(path)) in message
    assert f"expected {EXPECTED[suffix]}" in message
    return message


@pytest.mark.parametrize("suffix", list(LOADERS))
def test_a_name_linked_to_a_device_is_refused(tmp_path: Path, suffix: str) -> None:
    link = tmp_path / f"z{suffix}"
    link.symlink_to("/dev/zero")
    assert "is not a regular file (a device, a pipe or a socket)" in refusal(suffix, link)


@pytest.mark.parametrize("suffix", list(LOADERS))
def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path, suffix: str) -> None:
    fifo = tmp_path / f"x{suffix}"
    os.mkfifo(fifo)
    assert "is not a regular file" in refusal(suffix, fifo)


@pytest.mark.parametrize(
    ("suffix", "owner", "name"),
    [
        (".whist", "whistgui.app.document", "MAX_DOCUMENT_BYTES"),
        (".pbn", "whistgui.app.bridge", "MAX_PBN_BYTES"),
        (".gops", "whistgui.ui.gops.session", "MAX_GOPS_BYTES"),
        (".heaps", "whistgui.app.heaps_files", "MAX_FILE_BYTES"),
    ],
)
def test_a_file_over_the_limit_is_refused_before_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, suffix: str, owner: str, name: str
) -> None:
    monkeypatch.setattr(importlib.import_module(owner), name, 10)
    path = tmp_path / f"big{suffix}"
    path.write_bytes(b"x" * 11)
    assert "holds 11 bytes; expected" in refusal(suffix, path)
    assert "of at most 10 bytes" in refusal(suffix, path)


@pytest.mark.parametrize("suffix", list(LOADERS))
def test_a_folder_is_refused(tmp_path: Path, suffix: str) -> None:
    folder = tmp_path / f"dir{suffix}"
    folder.mkdir()
    assert "is a folder" in refusal(suffix, folder)


@pytest.mark.parametrize("suffix", list(LOADERS))
def test_a_very_long_name_is_quoted_by_its_ends(tmp_path: Path, suffix: str) -> None:
    name = str(tmp_path / ("A" * 100_000)) + suffix
    with pytest.raises(DocumentError) as info:
        LOADERS[suffix](name)
    message = str(info.value)
    assert "…" in message
    assert f"expected {EXPECTED[suffix]}" in message
    assert len(message) < 400
