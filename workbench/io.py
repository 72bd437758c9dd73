"""Open a temporary file beside an output path, with one-line errors for unwritable paths.

Every command writes its output to a temporary file in the output's folder and renames it
into place. This is the shared first step: refuse an output that is a folder, create the
missing parent folders, and turn the ways that can fail (a parent that is a file, a
read-only or pseudo file system, no permission) into one ``OutputFileError`` naming the path
rather than a traceback.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from workbench.errors import InputFileError


class OutputFileError(InputFileError):
    """An output path that cannot be written (exit code 2, like an unreadable input)."""


def ensure_parent(out: Path) -> None:
    """Refuse an output that is a folder and create its missing parent folders."""
    if out.is_dir():
        raise OutputFileError(f"{out}: is a folder; give a file name for the output")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise OutputFileError(f"{out}: part of the folder path {out.parent} is a file") from None
    except OSError as exc:
        raise OutputFileError(f"{out}: cannot create folder {out.parent}: {exc.strerror}") from None


def temp_beside(out: Path, *, suffix: str = "") -> tuple[int, str]:
    """``tempfile.mkstemp`` in ``out``'s folder (created if missing): ``(fd, path)``."""
    ensure_parent(out)
    try:
        return tempfile.mkstemp(prefix=f".{out.name}.", suffix=suffix, dir=out.parent)
    except OSError as exc:
        raise OutputFileError(
            f"{out}: cannot write to folder {out.parent}: {exc.strerror or exc}"
        ) from None
