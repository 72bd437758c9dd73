"""Text for a terminal: control characters made visible, so user text cannot move the
cursor, clear the screen or hide what follows."""

from __future__ import annotations

import re

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def visible(text: object) -> str:
    """``text`` with every control character shown as ``\\xNN`` / ``\\uNNNN`` (tab and
    newline kept)."""
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), str(text))
