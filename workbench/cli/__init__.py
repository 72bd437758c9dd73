"""The `workbench` command line: one small module per command, imported only when it runs.

``COMMANDS`` maps each command to its module in this package and its one-line help, so
``workbench --help`` and ``workbench --version`` import nothing but this file. Each command
module defines ``DESCRIPTION``, ``add_arguments(parser)`` and ``run(args) -> int`` and
imports the library it drives inside ``run``. Errors the user can fix
(``WorkbenchError``, a file system error, a path Python refuses) print as one line on
stderr, user text made visible, and exit with their code; a broken pipe or Ctrl+C exits
quietly. Output the terminal cannot encode is escaped, never a crash.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import signal
import sys
from collections.abc import Iterator
from typing import NoReturn

from workbench import __version__
from workbench.errors import ValidationError, WorkbenchError
from workbench.terminal import visible

#: command -> (module in workbench.cli, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "report": ("report", "every number of the card, computed from the data, beside the card"),
    "validate": ("validate", "check a dataset file against the schema; print every problem"),
    "records": ("records", "list the record ids with genre, difficulty and question"),
    "fetch": ("fetch", "download the real dataset file from the Hugging Face hub"),
    "synth": ("synth", "write a schema-valid synthetic dataset for scale tests"),
    "check": ("check", "ground an answer in a record's source: claims, spans, verdicts"),
    "eval-grounding": (
        "eval_grounding",
        "measure the grounding engine (recall@k, IoU, AUC, F1) beside BM25 and rapidfuzz",
    ),
    "score": ("score", "score model answers: grounding, QA accuracy (FMEval), coverage, facts"),
    "export-fmeval": ("export_fmeval", "export question / answer / fact JSON Lines for FMEval"),
    "review-sample": ("review_sample", "draw a seeded, stratified sample of records to review"),
    "review-apply": ("review_apply", "apply a review log to the dataset, writing a reviewed copy"),
}


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (the usage itself is under ``--help``)."""

    def error(self, message: str) -> NoReturn:
        message = visible(message, one_line=True)
        self.exit(2, f"{self.prog}: error: {message} (see `{self.prog} --help`)\n")


def _chosen(argv: list[str]) -> str | None:
    """The command named in ``argv`` (the first word that is one), or None."""
    return next((a for a in argv if a in COMMANDS), None)


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser; only the command named in ``argv`` (all of them when None) gets its options."""
    parser = _Parser(
        prog="workbench",
        description="Check whether an answer is grounded in its source, in Hebrew.",
    )
    parser.add_argument("--version", action="version", version=f"workbench {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    chosen = _chosen(argv) if argv is not None else None
    for name, (module, help_line) in COMMANDS.items():
        if argv is not None and name != chosen:
            sub.add_parser(name, help=help_line)
            continue
        mod = importlib.import_module(f"workbench.cli.{module}")
        p = sub.add_parser(
            name,
            help=help_line,
            description=mod.DESCRIPTION,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        mod.add_arguments(p)
        p.set_defaults(func=mod.run)
    return parser


def _tolerant_output() -> None:
    """Let stdout and stderr write any text: what the stream's encoding cannot hold (Hebrew
    on an ASCII pipe, a lone surrogate) becomes a ``\\uNNNN`` escape instead of a crash."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="backslashreplace")


def _fail(message: object, code: int) -> int:
    """Print one ``workbench: error:`` line (user text made visible) and return ``code``."""
    print(f"workbench: error: {visible(message, one_line=True)}", file=sys.stderr)
    return code


#: said after a ValidationError: how to see every problem, and how to go on without them
_VALIDATION_HINT = "`workbench validate --data {path}` lists them, --lenient skips bad records"


def _path_problem(exc: ValueError) -> str | None:
    """The message of a ``ValueError`` that is really a bad path (a NUL byte, a name the
    file system encoding cannot hold), or None for any other ``ValueError``."""
    text = str(exc)
    if "embedded null" in text:
        return "a file name holds a NUL byte"
    if isinstance(exc, UnicodeEncodeError) and exc.encoding == sys.getfilesystemencoding():
        bad = exc.object[exc.start : exc.end] if isinstance(exc.object, str) else ""
        return f"a file name holds {bad!r}, which the file system cannot store"
    return None


def _run(args: argparse.Namespace) -> int:
    """Run the command; every failure the user can fix is one line and an exit code."""
    try:
        return int(args.func(args) or 0)
    except ValidationError as exc:
        return _fail(f"{exc}; {_VALIDATION_HINT.format(path=exc.path)}", exc.exit_code)
    except WorkbenchError as exc:
        return _fail(exc, exc.exit_code)
    except KeyboardInterrupt:
        print("workbench: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:  # a file system failure no command anticipated: still one line
        where = f"{exc.filename}: " if exc.filename else ""
        return _fail(f"{where}{exc.strerror or exc}", 2)
    except MemoryError:
        return _fail("out of memory (is the input far larger than expected?)", 2)
    except ValueError as exc:  # a path Python refuses before the OS sees it
        problem = _path_problem(exc)
        if problem is None:
            raise
        return _fail(problem, 2)


class Terminated(BaseException):
    """SIGTERM (``kill``, ``timeout``, a service stop), raised where the command is, so
    every ``with`` block cleans up (temporary outputs are removed) before the exit."""


def _terminate(signum: int, frame: object) -> None:
    raise Terminated


@contextlib.contextmanager
def _sigterm_raises() -> Iterator[None]:
    """While a command runs, SIGTERM raises ``Terminated`` (only where nobody else has
    claimed the signal: an embedding program's handler is left alone)."""
    installed = False
    with contextlib.suppress(ValueError, OSError):  # not the main thread, or no SIGTERM
        if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
            signal.signal(signal.SIGTERM, _terminate)
            installed = True
    try:
        yield
    finally:
        if installed:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _remove_unfinished_outputs() -> None:
    """No temporary output outlives the command, however it ended."""
    io_module = sys.modules.get("workbench.io")  # imported only by commands that write
    if io_module is not None:
        io_module.remove_unfinished()


def _flush_stdout() -> int:
    """Flush what the command printed: 0, or 2 with one line when it cannot be written."""
    if sys.stdout is None:  # stdout closed (``>&-``): nothing to flush
        return 0
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # the reader left (``| head``): quiet, and quiet at exit too
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError) as exc:
        return _fail(f"cannot write the output: {getattr(exc, 'strerror', None) or exc}", 2)
    return 0


def main(argv: list[str] | None = None) -> int:
    _tolerant_output()
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    with _sigterm_raises():
        try:
            code = _run(args)
        except Terminated:
            print("workbench: terminated", file=sys.stderr)
            return 143
        finally:
            _remove_unfinished_outputs()
    return _flush_stdout() or code


if __name__ == "__main__":
    sys.exit(main())
