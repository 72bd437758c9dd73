"""The `workbench` command line: one subcommand per module listed in COMMAND_MODULES.

Each module defines ``add_command(subparsers)``, which registers its subparser with
``func=run``. Errors the user can fix (``WorkbenchError``) print as one line on stderr
and exit with their code; a broken pipe or Ctrl+C exits quietly.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import NoReturn

from workbench import __version__
from workbench.errors import WorkbenchError

COMMAND_MODULES: tuple[str, ...] = (
    "report",
    "data.validate",
    "data.fetch",
    "data.synth",
    "cli.check",
    "grounding.evaluation",
    "cli.score",
    "review.log",
    "scoring.fmeval_export",
)


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (the usage itself is under ``--help``)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see `{self.prog} --help`)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="workbench",
        description="Check whether an answer is grounded in its source, in Hebrew.",
    )
    parser.add_argument("--version", action="version", version=f"workbench {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(f"workbench.{name}").add_command(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except WorkbenchError as exc:
        print(f"workbench: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("workbench: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:  # a file system failure no command anticipated: still one line
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"workbench: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
