"""Errors the workbench raises on bad input, each mapped to a CLI exit code.

The CLI prints ``str(error)`` as one line and exits with ``error.exit_code``;
it never shows a traceback for these.
"""

from __future__ import annotations


class WorkbenchError(Exception):
    """Base class: a problem the user can fix, reported in one line."""

    exit_code: int = 2


class InputFileError(WorkbenchError):
    """A file that cannot be read as what it should be (missing, not JSON, not UTF-8...)."""

    exit_code = 2


class ValidationError(WorkbenchError):
    """A readable dataset whose records break the schema.

    ``problems`` holds the first problems found (at most ``validate.MAX_PROBLEMS``);
    ``total`` counts all of them. The message names the count and the first one; the CLI
    adds how to list them all.
    """

    exit_code = 1

    def __init__(self, path: str, problems: list, total: int | None = None) -> None:
        self.path = path
        self.problems = list(problems)
        self.total = len(self.problems) if total is None else total
        first = self.problems[0] if self.problems else "no details"
        more = f" (and {self.total - 1:,} more)" if self.total > 1 else ""
        super().__init__(f"{self.total:,} problem(s): {first}{more}")


class FetchError(WorkbenchError):
    """The real dataset could not be downloaded."""

    exit_code = 2


class UsageError(WorkbenchError):
    """A command given without something it needs (exit code 2, like an argparse error)."""

    exit_code = 2


class OutputExistsError(WorkbenchError):
    """An output file that already exists and must not be replaced without being asked."""

    exit_code = 2
