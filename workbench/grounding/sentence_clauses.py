"""The clauses of a source sentence: the one clause reader of the grounding engine.

A clause, for this engine, is a run of a sentence's words that states one thing. A new
clause starts at a word (``Cut``):

* ``MARK``: after a mark between two words: a comma, semicolon, colon, bracket, quote
  (" “ ” ״) or dash (– —, even unspaced: "ב–2011"); a hyphen does not cut ("ב-1987"
  is one phrase), nor does a mark inside a word (the " of an acronym, יו"ר);
* ``RELATIVE``: the same, before a relative ש word (ש + a word: ", שנגנב ב-2013"),
  which goes on describing the noun before it: only readers that keep each value with
  its nearest words take this cut;
* ``OPENER``: at a clause opener (``hebrew.CLAUSE_OPENERS``: ואילו, אבל, אך, בעוד,
  לעומת...), where a new subject begins;
* ``AND``: at a "ו" word right after a value, where a new predicate starts ("נבנה
  ב-1987 ושופץ"), and at a short "ו" word before a figure, a value coordinated with its
  own words ("ל-4 מיליון... ול-2 מיליון").

What stays joined: words without a mark between them, a hyphenated prefix and its word,
a ש-relative with its noun (without ``RELATIVE``), a "ו" word joining two nouns.

Each reader takes the cuts it reads by (``BY_MARKS``, ``BY_OPENERS``, ``FULL``): how the
readers cut before round 11, each its own way, and what each takes now, is in
docs/grounding.md ("Clauses"). ``sentence_clauses`` gives a sentence's clauses (once per
source sentence and cut, kept in ``SourceIndex.derived``), ``clause_at`` the clause of a
flat token position. ``claim_clause`` cuts a claim's tokens the same way at marks.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Flag, auto

from workbench.grounding.index import SourceIndex
from workbench.grounding.pieces import has_form
from workbench.hebrew import CLAUSE_OPENERS, Token, month_values

MARKS = frozenset(',;:()"\u201c\u201d\u05f4–—')


class Cut(Flag):
    """Where a clause may start (see the module docstring)."""

    MARK = auto()
    RELATIVE = auto()
    OPENER = auto()
    AND = auto()


FULL = Cut.MARK | Cut.OPENER | Cut.AND  # the clause: every cut but before a relative


@dataclass(frozen=True, slots=True)
class Clause:
    """A clause of a source sentence: flat token positions [lo, hi), its character
    offsets and its tokens."""

    lo: int
    hi: int
    start: int
    end: int
    toks: tuple[Token, ...]


def marked(text: str, a: Token, b: Token) -> bool:
    """Whether a clause mark stands between tokens ``a`` and ``b`` of ``text``."""
    return any(ch in MARKS for ch in text[a.end : b.start])


def _is_value(t: Token) -> bool:
    return t.number is not None or bool(month_values([t]))


def _cut_before(text: str, a: Token | None, b: Token, c: Token | None) -> Cut:
    """Why a clause may start at ``b`` (after ``a``, none at a sentence's start; before
    ``c``): every cut that applies there, or ``Cut(0)``."""
    why = Cut.OPENER if has_form(b, CLAUSE_OPENERS) else Cut(0)
    if a is None:
        return why
    if marked(text, a, b):
        relative = b.key.startswith("ש") and b.key[1:] in b.stems
        return why | (Cut.RELATIVE if relative else Cut.MARK)
    if not b.key.startswith("ו") or _is_value(b):
        return why
    if len(b.key) <= 3 and c is not None and c.number is not None and c.start - b.end <= 1:
        return why | Cut.AND
    return why | Cut.AND if _is_value(a) and len(b.key) > 2 else why


def _cuts(idx: SourceIndex, sent: int) -> list[Cut]:
    """Why a clause may start at each token of sentence ``sent`` (once per sentence)."""
    got = idx.derived.get(("clause cuts", sent))
    if got is None:
        lo, hi = idx.sent_flat[sent]
        toks = idx.flat
        cuts: list[Cut] = []
        for p in range(lo, hi):
            a = toks[p - 1] if p > lo else None
            cuts.append(_cut_before(idx.source, a, toks[p], toks[p + 1] if p + 1 < hi else None))
        got = idx.derived[("clause cuts", sent)] = cuts
    return got  # type: ignore[return-value]


def sentence_clauses(idx: SourceIndex, sent: int, by: Cut = FULL) -> list[Clause]:
    """The clauses of sentence ``sent``, cut where ``by`` says (once per sentence)."""
    key = (f"clauses {by.value}", sent)
    got = idx.derived.get(key)
    if got is None:
        got = idx.derived[key] = _clauses(idx, sent, by)
    return got  # type: ignore[return-value]


def _clauses(idx: SourceIndex, sent: int, by: Cut) -> list[Clause]:
    lo, hi = idx.sent_flat[sent]
    if lo >= hi:
        return []
    starts = [lo] + [lo + k for k, why in enumerate(_cuts(idx, sent)) if k and why & by]
    out = []
    for a, b in zip(starts, [*starts[1:], hi], strict=True):
        toks = tuple(idx.flat[a:b])
        out.append(Clause(a, b, toks[0].start, toks[-1].end, toks))
    return out


def clause_at(idx: SourceIndex, p: int, by: Cut = FULL) -> Clause:
    """The clause holding flat token position ``p``."""
    clauses = sentence_clauses(idx, idx.flat_sent[p], by)
    k = bisect.bisect_right([cl.lo for cl in clauses], p) - 1
    return clauses[k]


def cut_between(idx: SourceIndex, lo: int, hi: int, by: Cut = FULL) -> int | None:
    """The first flat position strictly between ``lo`` and ``hi`` where a clause starts
    by ``by`` (a sentence's own start does not count; an opener there does)."""
    for r in range(lo + 1, hi):
        sent = idx.flat_sent[r]
        if _cuts(idx, sent)[r - idx.sent_flat[sent][0]] & by:
            return r
    return None


def claim_clause(text: str, toks: Sequence[Token]) -> list[Token]:
    """The clause that opens a claim's ``toks``: its tokens up to a clause mark."""
    for k in range(1, len(toks)):
        if marked(text, toks[k - 1], toks[k]):
            return list(toks[:k])
    return list(toks)
