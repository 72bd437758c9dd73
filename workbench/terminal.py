"""Text for a terminal: control characters made visible, so user text cannot move the
cursor, clear the screen, reorder what follows (bidi overrides) or fake a line of output.

Every piece of user text the CLI prints (record ids, model names, reviewer names,
questions, claims, file names, error messages quoting them) goes through ``visible``.
"""

from __future__ import annotations

import json
import re

# C0 and C1 controls, DEL, line/paragraph separators, bidi embeddings/overrides/isolates,
# and lone surrogates (text a UTF-8 terminal cannot even receive).
_CONTROLS = r"\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff"
_CONTROL = re.compile(f"[{_CONTROLS}]")
_CONTROL_ONE_LINE = re.compile(f"[\\t\\n{_CONTROLS}]")


_NAMED = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _escape(m: re.Match[str]) -> str:
    ch = m.group()
    if ch in _NAMED:
        return _NAMED[ch]
    return f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}"


def visible(text: object, *, one_line: bool = False) -> str:
    """``text`` with every control character shown as ``\\xNN`` / ``\\uNNNN``.

    Tab and newline are kept, unless ``one_line``: then they are escaped too, so the
    result is exactly one line (for error messages and one-line summaries).
    """
    pattern = _CONTROL_ONE_LINE if one_line else _CONTROL
    return pattern.sub(_escape, str(text))


# In JSON, every one of these can only sit inside a string, where \uNNNN is its escape.
_JSON_UNSAFE = re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def json_text(value: object, *, indent: int | None = 1) -> str:
    """``value`` as JSON for a terminal or a pipe: Hebrew kept readable, every control
    character (and lone surrogate) written as a ``\\uNNNN`` escape, so the text is still
    valid JSON that parses back to the same value."""
    text = json.dumps(value, ensure_ascii=False, indent=indent)
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
