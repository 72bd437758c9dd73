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


_DIRECT: dict[str, str] = {
    **dict.fromkeys(_GERSHAYIM_LIKE, '"'),
    **dict.fromkeys(_GERESH_LIKE, "'"),
    **dict.fromkeys(_DASH_LIKE, "-"),
    **{c: c for c in _KEEP_HEBREW_PUNCT},
}


def _fold_char(c: str) -> str:
    """What one character of the NFKC, lower-cased form becomes ("" when dropped)."""
    got = _DIRECT.get(c)
    if got is not None:
        return got
    if c in FINAL_LETTERS:
        return FINAL_LETTERS[c]
    if c == "\n" or c == "\u2028" or c == "\u2029":
        return "\n"
    if c.isspace():
        return " "
    cat = unicodedata.category(c)
    if cat in _DROP_CATEGORIES:
        return ""
    return " " if cat == "Cc" else c


@lru_cache(maxsize=8192)
def _map_char(ch: str) -> str:
    """What one original character becomes (zero, one or more characters)."""
    got = _DIRECT.get(ch)
    if got is not None:
        return got
    if ch == "\r":
        return "\n"
    return "".join(_fold_char(c) for c in unicodedata.normalize("NFKC", ch).lower())


# A geresh / gershayim between two letters (after marks are gone) is part of a word.
_INNER_QUOTE_RE = re.compile(r"(?<=[^\W\d_])[\"'](?=[^\W\d_])")


_CHAR_OUT: dict[str, str] = {}  # what each character seen so far becomes (see _char_out)
_CHAR_OUT_MAX = 65536


def _char_out(ch: str) -> str:
    """What one original character becomes in ``normalize`` (kept in ``_CHAR_OUT``)."""
    out = _CHAR_OUT.get(ch)
    if out is None:
        out = ch.lower() if (ch.isascii() and ch.isalnum()) else _map_char(ch)
        if len(_CHAR_OUT) < _CHAR_OUT_MAX:
            _CHAR_OUT[ch] = out
    return out


def _unchanged_class() -> re.Pattern[str]:
    """A regex matching any character outside a set that normalisation leaves as is
    (Latin-1 and the Hebrew letters, each checked with ``_char_out``)."""
    cands = [chr(c) for c in range(0x100)] + [chr(c) for c in range(0x05D0, 0x05EB)]
    keep = "".join(re.escape(c) for c in cands if _char_out(c) == c)
    return re.compile(f"[^{keep}]")


_OTHER_RE = _unchanged_class()


def _changes(text: str) -> dict[str, str]:
    """The characters of ``text`` that normalisation changes, and what each becomes."""
    get = _CHAR_OUT.get
    changed: dict[str, str] = {}
    for ch in set(_OTHER_RE.findall(text)):
        out = get(ch)
        if out is None:
            out = _char_out(ch)
        if out != ch:
            changed[ch] = out
    return changed


def _apply(text: str, changed: dict[str, str]) -> str:
    """``text`` with every changed character replaced at once (same as ``str.translate``).

    One ``str.replace`` per changed character is much faster than ``translate`` on
    non-ASCII text; it equals a simultaneous replacement when no replacement holds a
    character that is itself replaced, else ``translate`` is used.
    """
    if not changed:
        return text
    if any(c in changed for out in changed.values() for c in out):
        return text.translate({ord(k): v for k, v in changed.items()})
    for ch, out in changed.items():
        text = text.replace(ch, out)
    return text


_QUOTE_RE = re.compile("[\"']")


def _inner_quotes(mapped: str) -> list[int]:
    """Positions of the quotes of ``mapped`` that ``_INNER_QUOTE_RE`` matches."""
    if '"' not in mapped and "'" not in mapped:
        return []
    match = _INNER_QUOTE_RE.match
    return [m.start() for m in _QUOTE_RE.finditer(mapped) if match(mapped, m.start())]


_COUNTING: list[tuple[int, ...]] = [()]
_COUNTING_MAX = 1 << 18


def _counting(n: int) -> tuple[int, ...]:
    """A tuple starting ``0, 1, 2, ...`` of at least ``n`` items (shared, sliced)."""
    got = _COUNTING[0]
    if len(got) >= n:
        return got
    if n > _COUNTING_MAX:
        return tuple(range(n))
    got = _COUNTING[0] = tuple(range(min(max(n, 2 * len(got)), _COUNTING_MAX)))
    return got


def normalize(text: str) -> Normalized:
    """Normalise ``text`` for matching, keeping a map back to the original offsets.

    Vectorised: one replacement pass and, when some character is dropped or expands,
    one ``numpy.repeat`` for the offsets; then word-internal quotes are removed.
    """
    n = len(text)
    if n == 0:
        return Normalized("", (), (), 0)
    changed = _changes(text)
    mapped = _apply(text, changed)
    if all(len(v) == 1 for v in changed.values()):
        starts = None
    else:
        lengths = {ord(ch): len(out) for ch, out in changed.items()}
        cps = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
        keys = np.array(sorted(lengths), dtype=np.uint32)
        lens = np.array([lengths[int(k)] for k in keys], dtype=np.int64)
        # characters not changed keep length 1
        per_char = np.ones(n, dtype=np.int64)
        if len(keys):
            pos = np.searchsorted(keys, cps)
            pos_c = np.minimum(pos, len(keys) - 1)
            hit = keys[pos_c] == cps
            per_char[hit] = lens[pos_c[hit]]
        starts = np.repeat(np.arange(n, dtype=np.int64), per_char)
    # Drop geresh / gershayim inside a word (letters on both sides): צה"ל == צהל,
    # ג'ירפה == גירפה. Marks were removed above, so neighbours are the real letters.
    drops = _inner_quotes(mapped)
    if drops:
        pieces = []
        prev = 0
        for d in drops:
            pieces.append(mapped[prev:d])
            prev = d + 1
        pieces.append(mapped[prev:])
        mapped = "".join(pieces)
        if starts is None:
            starts = np.arange(n, dtype=np.int64)
        starts = np.delete(starts, drops)
    if starts is None:
        seq = _counting(n + 1)
        return Normalized(mapped, seq[:n], seq[1 : n + 1], n)
    return Normalized(mapped, tuple(starts.tolist()), tuple((starts + 1).tolist()), n)


def shared_offsets(norm: Normalized) -> Normalized:
    """``norm`` with its offsets as the shared ``_counting`` ints, for a text that is kept
    (an indexed source: its tokens keep their offsets, and an int object of its own per
    offset was 32 bytes each, some 4 MiB of a scoring process). Not worth it for a text
    used once: mapping the offsets costs more than the ints."""
    seq = _counting(norm.original_length + 1)
    if len(seq) <= norm.original_length:  # longer than _COUNTING_MAX: left as it is
        return norm
    get = seq.__getitem__
    return Normalized(
        norm.text, tuple(map(get, norm.starts)), tuple(map(get, norm.ends)), norm.original_length
    )


def normalize_text(text: str) -> str:
    """Just the normalised string (see ``normalize``)."""
    return normalize(text).text
