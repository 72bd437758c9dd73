"""The one float formatter for text, markdown and HTML output.

Every table and summary the package prints (the report card, the agreement section, the
grounding evaluation, the widget's and the scoring report's tables) shows a float with a
fixed number of decimals and a missing value as a chosen placeholder; anything else (an
int, a string) is shown as it is.
"""

from __future__ import annotations

from typing import Any


def fmt_float(value: Any, digits: int = 3, *, none: str = "n/a") -> str:
    """``value`` for display: a float with ``digits`` decimals, ``None`` as ``none``,
    anything else as ``str(value)`` (ints stay ints: 12, not 12.000)."""
    if value is None:
        return none
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)
