"""The one way the workbench writes a file: a temporary file beside it, then a rename.

Every command writes its output to a temporary file in the output's folder and renames
it into place only when it is complete, so a crash, a full disk or Ctrl+C never leaves a
half-written or lost file. The file comes out with the user's normal permissions
(``0o666`` less the umask, as ``open()`` would give), never an input is overwritten, and
the ways a path can fail (a folder, a parent that is a file, a read-only file system, no
permission) become one ``OutputFileError`` naming the path rather than a traceback.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import tempfile
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from workbench.errors import InputFileError, WorkbenchError


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


def user_path(path: str | os.PathLike[str]) -> Path:
    """``path`` with a leading ``~`` or ``~user`` expanded, as a shell does it: a ``~name``
    that names no user ("~.json") stays as written instead of raising."""
    try:
        return Path(path).expanduser()
    except RuntimeError:
        return Path(path)


def refuse_inputs(out: Path, inputs: Iterable[Path | str | None]) -> None:
    """A one-line error when ``out`` is one of ``inputs`` (the same file, however named)."""
    target = user_path(out).resolve()
    for p in inputs:
        if p is not None and user_path(p).resolve() == target:
            raise WorkbenchError(f"{out}: refusing to overwrite an input file")


def _normal_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


#: temporary files of outputs not yet committed or aborted (removed on SIGTERM/Ctrl+C by
#: ``remove_unfinished``, even when the signal came before the ``with`` block was entered)
_UNFINISHED: set[Path] = set()


def _mkstemp_registered(out: Path) -> Path:
    """A new temporary file beside ``out``, recorded in ``_UNFINISHED`` before any signal
    handler can run (SIGTERM and SIGINT are held back for those few lines, where the OS
    allows it)."""
    block = getattr(signal, "pthread_sigmask", None)
    held = {signal.SIGINT, getattr(signal, "SIGTERM", signal.SIGINT)}
    old = block(signal.SIG_BLOCK, held) if block else None
    try:
        fd, tmp = tempfile.mkstemp(
            prefix=f".{out.name}.{os.getpid()}.", suffix=".tmp", dir=out.parent
        )
        os.close(fd)
        _UNFINISHED.add(Path(tmp))
    finally:
        if block and old is not None:
            block(signal.SIG_SETMASK, old)
    return Path(tmp)


def remove_unfinished() -> None:
    """Remove every temporary output not committed (the CLI calls it when interrupted)."""
    for tmp in list(_UNFINISHED):
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        _UNFINISHED.discard(tmp)


def _alive(pid: int) -> bool:
    """Whether process ``pid`` exists (always True where that cannot be asked)."""
    if os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def remove_stale_temporaries(out: Path) -> list[Path]:
    """Remove temporary files of ``out`` left by a process that no longer exists.

    A process killed with SIGKILL (the out-of-memory killer) cannot remove its own
    temporary file; its name holds the writer's pid (``.NAME.PID.XXXX.tmp``), so the next
    write to the same output removes it once that pid is gone. Returns what was removed.
    """
    removed: list[Path] = []
    prefix = f".{out.name}."
    try:
        candidates = [p for p in out.parent.iterdir() if p.name.startswith(prefix)]
    except OSError:
        return removed
    for p in candidates:
        pid = p.name[len(prefix) :].split(".", 1)[0]
        if p.name.endswith(".tmp") and pid.isdigit() and not _alive(int(pid)):
            try:
                if p.is_dir() and not p.is_symlink():
                    shutil.rmtree(p)  # a writer's folder of parts
                else:
                    p.unlink()
                removed.append(p)
            except OSError:
                pass
    return removed


class AtomicOutput:
    """A temporary file beside ``out`` that becomes ``out`` on ``commit()``.

    Write to ``tmp`` (a path, for writers that take one) or use it as a context manager,
    which commits on success and removes the temporary file on any error.
    """

    def __init__(self, out: str | Path, *, inputs: Iterable[Path | str | None] = ()) -> None:
        self.out = Path(out)
        refuse_inputs(self.out, inputs)
        ensure_parent(self.out)
        remove_stale_temporaries(self.out)
        try:
            self.tmp = _mkstemp_registered(self.out)
        except OSError as exc:
            raise OutputFileError(
                f"{self.out}: cannot write to folder {self.out.parent}: {exc.strerror or exc}"
            ) from None

    def commit(self) -> Path:
        """Give the file the usual permissions and rename it into place."""
        os.chmod(self.tmp, _normal_mode())
        os.replace(self.tmp, self.out)
        _UNFINISHED.discard(self.tmp)
        return self.out

    def abort(self) -> None:
        """Remove the temporary file (the output is left as it was)."""
        self.tmp.unlink(missing_ok=True)
        _UNFINISHED.discard(self.tmp)

    def __enter__(self) -> AtomicOutput:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if exc_type is None:
            self.commit()
        else:
            self.abort()

    def open_text(self) -> IO[str]:
        """The temporary file opened for UTF-8 text."""
        return open(self.tmp, "w", encoding="utf-8", newline="")


def write_text_atomic(text: str, out: str | Path, *, inputs: Iterable[Path | None] = ()) -> None:
    """Write ``text`` (UTF-8) to ``out`` atomically."""
    with AtomicOutput(out, inputs=inputs) as o, o.open_text() as fh:
        fh.write(text)


def write_json_atomic(value: Any, out: str | Path, *, inputs: Iterable[Path | None] = ()) -> None:
    """Write JSON atomically: JSON Lines for a ``.jsonl`` name (one item a line), else JSON.

    Line separators inside strings (U+2028, U+2029, U+0085) are escaped, so a reader that
    splits on ``\\n`` alone sees exactly one item per line.
    """
    with AtomicOutput(out, inputs=inputs) as o, o.open_text() as fh:
        if Path(out).suffix.lower() == ".jsonl":
            for item in value:
                fh.write(json_line(item))
        else:
            json.dump(value, fh, ensure_ascii=False, indent=1)


# Every character ``str.splitlines`` breaks on. ``json.dumps`` already escapes the C0 ones
# (``\r``, ``\x0b``, ``\x0c``, ``\x1c``-``\x1e``); U+0085, U+2028 and U+2029 it writes raw.
_LINE_BREAKS = re.compile("[\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def json_line(item: Any) -> str:
    """One JSON object as one line: Hebrew kept readable, every line-break character escaped.

    The result holds exactly one line whether it is split on ``\\n`` or by
    ``str.splitlines`` (a reader using either sees one item per line).
    """
    text = json.dumps(item, ensure_ascii=False)
    return _LINE_BREAKS.sub(lambda m: f"\\u{ord(m.group()):04x}", text) + "\n"
