"""Normalisation of Hebrew text with a map back to the original offsets.

``normalize(text)``: Unicode NFKC, lower case, niqqud / cantillation / other combining
marks and bidi controls removed, final letters folded, geresh / gershayim unified and
dropped inside a word, dashes unified, every space to `` `` (see ``workbench.hebrew``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

# --- normalisation -------------------------------------------------------------------

FINAL_LETTERS = {"ך": "כ", "ם": "מ", "ן": "נ", "ף": "פ", "ץ": "צ"}
_KEEP_HEBREW_PUNCT = {"\u05be", "\u05c0", "\u05c3", "\u05c6"}  # maqaf, paseq, sof pasuq, nun h.
_GERESH_LIKE = set("'\u05f3\u2018\u2019\u201a\u201b\u2032\u0060\u00b4\u02bc\u02b9\uff07")
_GERSHAYIM_LIKE = set('"\u05f4\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb\u02ba\uff02')
_DASH_LIKE = set("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d")
_DROP_CATEGORIES = {"Mn", "Me", "Cf"}  # combining marks (niqqud, cantillation), bidi controls


@dataclass(frozen=True)
class Normalized:
    """Normalised text plus, for each of its characters, the original [start, end)."""

    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]
    original_length: int

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        """Map a [start, end) range of the normalised text to the original text."""
        if end <= start:
            pos = self.starts[start] if start < len(self.starts) else self.original_length
            return pos, pos
        return self.starts[start], self.ends[end - 1]


@lru_cache(maxsize=8192)
def _map_char(ch: str) -> str:
    """What one original character becomes (zero, one or more characters)."""
    if ch in _GERSHAYIM_LIKE:
        return '"'
    if ch in _GERESH_LIKE:
        return "'"
    if ch in _DASH_LIKE:
        return "-"
    if ch in _KEEP_HEBREW_PUNCT:
        return ch
    if ch == "\r":
        return "\n"
    out = []
    for c in unicodedata.normalize("NFKC", ch).lower():
        if c in _GERSHAYIM_LIKE:
            out.append('"')
        elif c in _GERESH_LIKE:
            out.append("'")
        elif c in _DASH_LIKE:
            out.append("-")
        elif c in FINAL_LETTERS:
            out.append(FINAL_LETTERS[c])
        elif c == "\n" or c == "\u2028" or c == "\u2029":
            out.append("\n")
        elif c.isspace():
            out.append(" ")
        elif c in _KEEP_HEBREW_PUNCT:
            out.append(c)
        else:
            cat = unicodedata.category(c)
            if cat in _DROP_CATEGORIES:
                continue
            if cat == "Cc":
                out.append(" ")
            else:
                out.append(c)
    return "".join(out)


# A geresh / gershayim between two letters (after marks are gone) is part of a word.
_INNER_QUOTE_RE = re.compile(r"(?<=[^\W\d_])[\"'](?=[^\W\d_])")


def _char_table(text: str) -> tuple[dict[int, str], dict[int, int]]:
    """translate() table for the characters of ``text`` and each one's output length."""
    table: dict[int, str] = {}
    lengths: dict[int, int] = {}
    for ch in set(text):
        out = ch.lower() if (ch.isascii() and ch.isalnum()) else _map_char(ch)
        if out != ch:
            table[ord(ch)] = out
        lengths[ord(ch)] = len(out)
    return table, lengths


def normalize(text: str) -> Normalized:
    """Normalise ``text`` for matching, keeping a map back to the original offsets.

    Vectorised: one ``str.translate`` and, when some character is dropped or expands,
    one ``numpy.repeat`` for the offsets; then word-internal quotes are removed.
    """
    n = len(text)
    if n == 0:
        return Normalized("", (), (), 0)
    table, lengths = _char_table(text)
    mapped = text.translate(table)
    if all(v == 1 for v in lengths.values()):
        starts = np.arange(n, dtype=np.int64)
    else:
        cps = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
        keys = np.array(sorted(lengths), dtype=np.uint32)
        lens = np.array([lengths[int(k)] for k in keys], dtype=np.int64)
        starts = np.repeat(np.arange(n, dtype=np.int64), lens[np.searchsorted(keys, cps)])
    # Drop geresh / gershayim inside a word (letters on both sides): צה"ל == צהל,
    # ג'ירפה == גירפה. Marks were removed above, so neighbours are the real letters.
    drops = [m.start() for m in _INNER_QUOTE_RE.finditer(mapped)]
    if drops:
        pieces = []
        prev = 0
        for d in drops:
            pieces.append(mapped[prev:d])
            prev = d + 1
        pieces.append(mapped[prev:])
        mapped = "".join(pieces)
        starts = np.delete(starts, drops)
    return Normalized(mapped, tuple(starts.tolist()), tuple((starts + 1).tolist()), n)


def normalize_text(text: str) -> str:
    """Just the normalised string (see ``normalize``)."""
    return normalize(text).text
