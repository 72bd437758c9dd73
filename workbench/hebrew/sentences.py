"""Sentence and speaker-turn splitting, with offsets into the original text.

``split_sentences(text)``: ``. ? ! ׃ …`` and newlines end a sentence, but not inside
decimals, dates, initials, dotted names or a short quotation. ``split_turns(text)``:
dialogue speaker turns, a line that opens with ``name:``. ``segment`` does both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from workbench.hebrew.normalization import Normalized, normalize

# --- sentences and turns ---------------------------------------------------------------

_TERMINATORS = frozenset(".?!\u05c3\u2026")
_CLOSERS = frozenset("\"')]}")
_QUOTE_WINDOW = 400  # a quotation longer than this (or crossing a line) does not hold splits


def _is_word_char(c: str) -> bool:
    return c.isalnum()


_QUOTE_OR_NEWLINE_RE = re.compile(r'["\n]')
_BREAK_RE = re.compile(r"[.?!\u05c3\u2026\n]")


def _quote_spans(t: str) -> list[tuple[int, int]]:
    """Matched ``"..."`` pairs (after normalisation) short enough to hold a sentence."""
    spans = []
    open_at = -1
    n = len(t)
    for m in _QUOTE_OR_NEWLINE_RE.finditer(t):
        i = m.start()
        if t[i] == "\n":
            open_at = -1
            continue
        prev = t[i - 1] if i > 0 else " "
        nxt = t[i + 1] if i + 1 < n else " "
        opener = not _is_word_char(prev) and not nxt.isspace()
        closer = not prev.isspace()
        if open_at >= 0 and closer and i - open_at <= _QUOTE_WINDOW:
            spans.append((open_at, i))
            open_at = -1
        elif opener:
            open_at = i
    return spans


def _sentence_cuts(t: str) -> list[int]:
    """Positions (in normalised text) just after each sentence end."""
    n = len(t)
    quotes = _quote_spans(t)
    qi = 0
    cuts = []
    i = 0
    for m in _BREAK_RE.finditer(t):
        p = m.start()
        if p < i:
            continue  # inside a run already consumed
        c = t[p]
        if c == "\n":
            cuts.append(p)
            i = p + 1
            continue
        while qi < len(quotes) and quotes[qi][1] < p:
            qi += 1
        inside = qi < len(quotes) and quotes[qi][0] < p < quotes[qi][1]
        prev = t[p - 1] if p > 0 else " "
        if c == "." and not inside:
            nxt = t[p + 1] if p + 1 < n else " "
            if prev.isdigit() and nxt.isdigit():  # 1.5, 15.9.2020
                continue
            if prev.isalpha() and (p < 2 or not t[p - 2].isalnum()):  # initial: י. / J.
                continue
        # consume the run of terminators and closing quotes / brackets
        j = p + 1
        while j < n and (t[j] in _TERMINATORS or t[j] in _CLOSERS):
            j += 1
        i = j
        if inside or (j < n and not t[j].isspace()):
            continue  # a quotation, or "geektime.com" / "3.5x": no sentence end
        cuts.append(j)
    return cuts


def _spans_from_cuts(norm: Normalized, cuts: list[int], lo: int, hi: int) -> list[tuple[int, int]]:
    """Trimmed, non-empty [start, end) sentence spans in the original text."""
    out = []
    t = norm.text
    prev = lo
    for cut in [*cuts, hi]:
        if cut <= prev:
            continue
        s, e = _trim(t, prev, min(cut, hi))
        if e > s and any(_is_word_char(ch) for ch in t[s:e]):
            out.append(norm.to_original(s, e))
        elif e > s and out:
            # punctuation-only fragment: attach to the previous sentence
            ps, _ = out[-1]
            out[-1] = (ps, norm.to_original(s, e)[1])
        prev = cut
    return out


def split_sentences(text: str, norm: Normalized | None = None) -> list[tuple[int, int]]:
    """Sentences of ``text`` as [start, end) offsets into it, whitespace trimmed."""
    norm = norm or normalize(text)
    cuts = _sentence_cuts(norm.text)
    return _spans_from_cuts(norm, cuts, 0, len(norm.text))


@dataclass(frozen=True, slots=True)
class Turn:
    """A speaker turn: ``speaker`` (as written) and its [start, end) in the original."""

    start: int
    end: int
    speaker: str


_MAX_SPEAKER_CHARS = 80
_MAX_SPEAKER_WORDS = 10


def _speaker_at(t: str, i: int) -> int:
    """If the line at ``i`` opens with ``name:``, the index of that colon, else -1. A role
    in parentheses may hold a comma or a figure ("דנה (נהגת, מנויה בחברה):", "שרה כהן (אם,
    42):"); outside them either ends the search (round 37: such labels were no speakers)."""
    n = len(t)
    j = i
    words = 0
    depth = 0
    in_word = False
    limit = min(n, i + _MAX_SPEAKER_CHARS + 1)
    while j < limit:
        c = t[j]
        depth += (c == "(") - (c == ")" and depth > 0)
        if c == ":" and depth == 0:
            if words == 0 or (j + 1 < n and not t[j + 1].isspace()):
                return -1
            return j
        if c == "\n" or c in "?!" or (depth == 0 and (c in ",;" or c.isdigit())):
            return -1
        if c.isalpha():
            if not in_word:
                words += 1
                if words > _MAX_SPEAKER_WORDS:
                    return -1
            in_word = True
        else:
            in_word = False
        j += 1
    return -1


def split_turns(text: str, norm: Normalized | None = None) -> list[Turn]:
    """Speaker turns when ``text`` is a dialogue (two or more ``name:`` line openings).

    A turn runs from its speaker's line to the next speaker line; text before the first
    speaker is a turn with speaker ``""``. Returns ``[]`` for non-dialogue text.
    """
    norm = norm or normalize(text)
    t = norm.text
    heads: list[tuple[int, int]] = []  # (line start, colon) in normalised text
    i = 0
    n = len(t)
    while i < n:
        s = i
        while s < n and t[s] in " \t":
            s += 1
        colon = _speaker_at(t, s)
        if colon >= 0:
            heads.append((s, colon))
        nl = t.find("\n", i)
        if nl < 0:
            break
        i = nl + 1
    if len(heads) < 2:
        return []
    turns = []
    bounds = [h[0] for h in heads] + [n]
    if heads[0][0] > 0 and t[: heads[0][0]].strip():
        s, e = _trim(t, 0, heads[0][0])
        os_, oe = norm.to_original(s, e)
        turns.append(Turn(os_, oe, ""))
    for k, (s, colon) in enumerate(heads):
        s2, e2 = _trim(t, s, bounds[k + 1])
        if e2 <= s2:
            continue
        os_, oe = norm.to_original(s2, e2)
        sp_s, sp_e = norm.to_original(s, colon)
        turns.append(Turn(os_, oe, text[sp_s:sp_e].strip()))
    return turns


def _trim(t: str, s: int, e: int) -> tuple[int, int]:
    """``[s, e)`` of ``t`` without the white space at either end."""
    while s < e and t[s].isspace():
        s += 1
    while e > s and t[e - 1].isspace():
        e -= 1
    return s, e


def segment(text: str, norm: Normalized | None = None) -> tuple[list[tuple[int, int]], list[Turn]]:
    """Sentences and turns; in a dialogue no sentence crosses a turn boundary."""
    norm = norm or normalize(text)
    turns = split_turns(text, norm)
    if not turns:
        return split_sentences(text, norm), []
    cuts = _sentence_cuts(norm.text)
    # add the turn starts (in normalised coordinates) as cuts
    starts = np.asarray(norm.starts, dtype=np.int64)
    extra = [int(np.searchsorted(starts, t.start)) for t in turns]
    all_cuts = sorted(set(cuts) | set(extra))
    return _spans_from_cuts(norm, all_cuts, 0, len(norm.text)), turns
