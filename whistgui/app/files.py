"""Files the app reads and writes, safely: written atomically (a temporary file renamed over
the target, flushed to disk; a save killed midway leaves the old file whole), read with limits
(no device, pipe or folder; at most so many bytes), text checked to be storable; every failure a
:class:`DocumentError` that names the path and says what was expected. No Qt here.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import time
from collections.abc import Iterator
from typing import IO, Any, Final

from whistgui.engine.errors import WhistError
from whistgui.engine.reading import quote_path

__all__ = [
    "STALE_TEMPORARY_SECONDS",
    "DocumentError",
    "check_encodable",
    "read_file",
    "remove_stale_temporaries",
    "replacing",
    "unencodable",
    "write_atomically",
]

#: A temporary file of an interrupted save (``.NAME.whist.<8 characters>.tmp``, the name
#: :func:`write_atomically` gives it) older than this is removed by the next save of NAME.
STALE_TEMPORARY_SECONDS: Final = 15 * 60


#: A surrogate code point: the only characters of a ``str`` that UTF-8 cannot encode.
_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def unencodable(text: str) -> tuple[int, str] | None:
    """The position and character of the first lone surrogate in ``text`` (a character no
    UTF-8 file can hold), or None; found without encoding a copy of the text."""
    m = _SURROGATE.search(text)
    return None if m is None else (m.start(), m.group())


def check_encodable(what: str, text: str) -> None:
    found = unencodable(text)
    if found is not None:
        i, ch = found
        raise DocumentError(
            f"{what} holds {ch!r} at position {i}, a lone surrogate, which no file can store; "
            "expected text of whole Unicode characters"
        )


class DocumentError(WhistError, ValueError):
    """A document that cannot exist, or a file that cannot be read or written as one; the
    message names the file (if any) and says what was expected."""


def write_atomically(text: str, path: str | os.PathLike[str]) -> None:
    """Write ``text`` (UTF-8, ``\\n`` line ends) to ``path`` atomically: a temporary file in
    the same folder, flushed to disk, then renamed over ``path``. On any error the old file is
    untouched, the temporary file removed, and a :class:`DocumentError` names the path (text
    holding a lone surrogate, which UTF-8 cannot store, is refused before anything is written).

    A save killed between creating its temporary file and renaming it leaves the file behind
    (``.NAME.<8 characters>.tmp``); each successful save of ``NAME`` removes those of its
    leftovers older than :data:`STALE_TEMPORARY_SECONDS` (a younger one may be another
    program's save in progress)."""
    name = os.fspath(path)
    found = unencodable(text)
    if found is not None:
        i, ch = found
        raise DocumentError(
            f"{quote_path(name)} could not be saved: the text holds {ch!r} at position {i}, a lone "
            "surrogate, which UTF-8 cannot store; expected text of whole Unicode characters"
        )
    with replacing(name, binary=True) as f:
        f.write(text.encode("utf-8"))
    target = os.path.realpath(name)
    _sync_folder(os.path.dirname(target))
    remove_stale_temporaries(target)


@contextlib.contextmanager
def replacing(
    path: str | os.PathLike[str],
    *,
    binary: bool = False,
    keep_mode: bool = True,
    verb: str = "saved",
) -> Iterator[IO[Any]]:
    """A temporary file beside ``path`` (through a symlink, beside its target) to write to,
    renamed over ``path`` when the block ends without an error, flushed to disk first and
    given ``path``'s mode (``keep_mode``; else, or for a new file, the mode ``open()`` would
    give). Text is UTF-8, its line ends as written. On any error the temporary file is
    removed and ``path`` left as it was; an OSError becomes a :class:`DocumentError` naming
    the path ("could not be ``verb``"). Syncing the folder and removing old temporaries are
    the caller's (:func:`write_atomically` does both)."""
    name = os.fspath(path)
    target = os.path.realpath(name)  # write through a symlink rather than replacing it
    mode: int | None = None
    if keep_mode:
        with contextlib.suppress(OSError):
            mode = stat.S_IMODE(os.stat(target).st_mode)
    if mode is None:
        mode = _new_file_mode()
    tmp: str | None = None
    try:
        with tempfile.NamedTemporaryFile(
            "wb" if binary else "w",
            encoding=None if binary else "utf-8",
            newline=None if binary else "",
            dir=os.path.dirname(target),
            prefix=_temporary_prefix(target),
            suffix=".tmp",
            delete=False,
        ) as f:
            tmp = f.name
            yield f
            f.flush()
            os.fsync(f.fileno())
        with contextlib.suppress(OSError):
            os.chmod(tmp, mode)
        os.replace(tmp, target)
        tmp = None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise DocumentError(
            f"{quote_path(name)} could not be {verb}: {reason}; expected a writable file in an "
            "existing folder"
        ) from exc
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _temporary_prefix(target: str) -> str:
    return f".{os.path.basename(target)}."


#: The random part of a :mod:`tempfile` name: 8 of ``a-z0-9_``.
_TEMPORARY_NAME: Final = r"[a-z0-9_]{8}\.tmp"


def remove_stale_temporaries(
    path: str | os.PathLike[str], older_than: float = STALE_TEMPORARY_SECONDS
) -> list[str]:
    """Remove the temporary files that interrupted saves of ``path`` left beside it
    (``.NAME.<8 characters>.tmp``, regular files last changed over ``older_than`` seconds
    ago); the paths removed. Nothing else is touched, and errors are ignored: this is
    tidying, not saving."""
    target = os.path.realpath(os.fspath(path))
    folder = os.path.dirname(target)
    pattern = re.compile(re.escape(_temporary_prefix(target)) + _TEMPORARY_NAME)
    now = time.time()
    removed: list[str] = []
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            if not pattern.fullmatch(entry.name):
                continue
            with contextlib.suppress(OSError):
                info = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(info.st_mode) and now - info.st_mtime > older_than:
                    os.unlink(entry.path)
                    removed.append(entry.path)
    return removed


def _new_file_mode() -> int:
    """The mode ``open()`` would give a new file (0o666 less the umask), read without
    changing the umask, which other threads may rely on; 0o644 where it cannot be read."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return 0o666 & ~int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    return 0o644


def _sync_folder(folder: str) -> None:
    """Make the rename durable where the system allows opening a folder (POSIX)."""
    flag = getattr(os, "O_DIRECTORY", None)
    if flag is None:
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY | flag)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def read_file(path: str | os.PathLike[str], expected: str, limit: int) -> bytes:
    """The bytes of the regular file ``path``, of at most ``limit`` bytes; a
    :class:`DocumentError` naming the path and saying it expected ``expected`` ("a whistgui
    file") for a file that is missing, unreadable, a folder, a device, a pipe or a socket
    (reading /dev/zero would never end; opening a pipe would wait for a writer) or too large.
    The file is opened without waiting (``O_NONBLOCK``) and checked once open, so a file
    swapped for a pipe after a check cannot hang the reader."""
    name = os.fspath(path)
    shown = quote_path(name)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(name, flags)
    except FileNotFoundError:
        raise DocumentError(f"{shown} does not exist; expected {expected}") from None
    except IsADirectoryError:
        raise DocumentError(f"{shown} is a folder; expected {expected}") from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        reason = getattr(exc, "strerror", None) or str(exc)
        raise DocumentError(f"{shown} cannot be read: {reason}; expected {expected}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise DocumentError(f"{shown} is a folder; expected {expected}")
        if not stat.S_ISREG(info.st_mode):
            raise DocumentError(
                f"{shown} is not a regular file (a device, a pipe or a socket); expected {expected}"
            )
        if info.st_size > limit:
            raise DocumentError(
                f"{shown} holds {info.st_size:,} bytes; expected {expected} of at most "
                f"{limit:,} bytes"
            )
        with os.fdopen(fd, "rb") as f:
            fd = -1
            data = f.read(limit + 1)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise DocumentError(f"{shown} cannot be read: {reason}; expected {expected}") from None
    finally:
        if fd >= 0:
            os.close(fd)
    if len(data) > limit:  # it grew while read
        raise DocumentError(
            f"{shown} holds over {limit:,} bytes; expected {expected} of at most {limit:,} bytes"
        )
    return data
