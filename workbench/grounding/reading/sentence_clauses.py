"""The clauses of a source sentence: the one clause reader of the grounding engine.

A clause, for this engine, is a run of a sentence's words that states one thing. A new
clause starts at a word (``Cut``):

* ``MARK``: after a mark between two words (``MARKS``): a comma, semicolon, colon,
  bracket, quote (" “ ” ״) or dash (– —, even unspaced: "ב–2011"); a hyphen does not
  cut ("ב-1987" is one phrase), nor does a mark inside a word (the " of יו"ר);
* ``RELATIVE``: the same, before a relative ש word (ש + a word: ", שנגנב ב-2013");
* ``OPENER``: at a clause opener (``hebrew.CLAUSE_OPENERS``: ואילו, אבל, אך, בעוד,
  לעומת...), with or without a mark, where a new subject begins; and after a mark at
  a ו glued to a restricting adverb (", ורק 14 קנים היו של..."): "and only" opens a
  clause with its own, restricted subject; and after a mark at "ואת" (", ואת ההגייה
  בדק המורה"): a fronted object opens a clause with its own verb and subject;
* ``AND``: at a "ו" word right after a value, where a new predicate starts ("נבנה
  ב-1987 ושופץ"), and at a short "ו" word before a figure, a value coordinated with its
  own words ("ל-4 מיליון... ול-2 מיליון").

What stays joined: words with no mark between them, a hyphenated prefix and its word, a
"ו" word joining two nouns, and (in ``FULL``) a ש-relative with the noun it describes.

Readers take one of three cuts: ``FULL`` (the clause: answer values, verb clauses,
quantifier scope), ``EVERY`` (a relative clause its own too: the clause of a figure or
year, ``bound_numbers``, and of an act, ``people``), ``Cut.OPENER`` (a new subject: the
subject binding of ``clauses``, where a mark cut would split a subject's apposition).
How the readers cut before, each its own way, and why each takes its cut, is in
docs/grounding.md ("Clauses: one reader"). ``sentence_clauses`` gives a sentence's
clauses (once per source sentence and cut, kept in ``SourceIndex.derived``),
``clause_at`` the clause of a flat token position, ``cut_between`` a cut between two;
``mark_segments`` / ``claim_clause`` cut a claim's words at every mark; ``is_relative``
is the one test of a relative ש word.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Flag, auto

from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.pieces import has_prefix
from workbench.hebrew import RESTRICTING_ADVERBS, UNITS, Token, is_clause_opener, month_values

MARKS = frozenset(',;:()"\u201c\u201d\u05f4–—')
# the object marker, bare or after ו: a clause it opens fronts its object ("את X בנה Y")
OBJECT_MARKERS = frozenset({"את", "ואת"})


class Cut(Flag):
    """Where a clause may start (see the module docstring)."""

    MARK = auto()
    RELATIVE = auto()
    OPENER = auto()
    AND = auto()


FULL = Cut.MARK | Cut.OPENER | Cut.AND  # the clause: every cut but before a relative
EVERY = FULL | Cut.RELATIVE  # every cut: a relative clause is a clause of its own


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


def is_relative(t: Token) -> bool:
    """A relative ש word: ש glued to a word ("שנגנב", "שתכננו"), opening a clause that
    describes the noun before it."""
    return has_prefix(t, "ש")


def _is_value(t: Token) -> bool:
    return t.number is not None or bool(month_values([t]))


def _cut_before(
    text: str, a: Token | None, b: Token, c: Token | None, z: Token | None = None
) -> Cut:
    """Why a clause may start at ``b`` (after ``a``, none at a sentence's start, and ``z``
    before it; before ``c``): every cut that applies there, or ``Cut(0)``."""
    why = Cut.OPENER if is_clause_opener(b) else Cut(0)
    if a is None:
        return why
    if marked(text, a, b):
        relative = is_relative(b)
        if has_prefix(b, "ו") and b.key[1:] in RESTRICTING_ADVERBS:
            why |= Cut.OPENER  # ", ורק X": and only X, a new subject
        if b.key == "ואת":
            why |= Cut.OPENER  # ", ואת Y V Z": a fronted object opens a clause of its own
        return why | (Cut.RELATIVE if relative else Cut.MARK)
    if not b.key.startswith("ו") or _is_value(b):
        return why
    if len(b.key) <= 3 and c is not None and c.number is not None and c.start - b.end <= 1:
        return why | Cut.AND
    # a value and its unit end a predicate as a value does ("אורכו 18 מטרים ורוחבו 13": round 41)
    valued = _is_value(a) or (a.key in UNITS and z is not None and z.number is not None)
    return why | Cut.AND if valued and len(b.key) > 2 else why


def _cuts(idx: SourceIndex, sent: int) -> list[Cut]:
    """Why a clause may start at each token of sentence ``sent`` (once per sentence)."""
    got = idx.derived.get(("clause cuts", sent))
    if got is None:
        lo, hi = idx.sent_flat[sent]
        toks = idx.flat
        cuts: list[Cut] = []
        for p in range(lo, hi):
            a = toks[p - 1] if p > lo else None
            z = toks[p - 2] if p - 1 > lo else None
            c = toks[p + 1] if p + 1 < hi else None
            cuts.append(_cut_before(idx.source, a, toks[p], c, z))
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


def token_clauses(text: str, toks: Sequence[Token], by: Cut = FULL) -> list[list[Token]]:
    """Tokens ``toks`` of ``text`` (a claim's) cut into clauses where ``by`` says, by the
    same cuts as a source sentence's (``sentence_clauses``)."""
    out: list[list[Token]] = []
    for k, t in enumerate(toks):
        a = toks[k - 1] if k else None
        c = toks[k + 1] if k + 1 < len(toks) else None
        if not out or (k and _cut_before(text, a, t, c) & by):
            out.append([])
        out[-1].append(t)
    return out


def mark_segments(text: str, toks: Sequence[Token]) -> list[list[Token]]:
    """Tokens ``toks`` of ``text`` (a claim's, or any run of words) cut at every clause
    mark (``Cut.MARK`` and ``Cut.RELATIVE``): the claim side's cut."""
    segs: list[list[Token]] = [[]]
    for k, t in enumerate(toks):
        if k and marked(text, toks[k - 1], t):
            segs.append([])
        segs[-1].append(t)
    return [s for s in segs if s]


def claim_clause(text: str, toks: Sequence[Token]) -> list[Token]:
    """The clause that opens a claim's ``toks``: its tokens up to a clause mark."""
    segs = mark_segments(text, toks)
    return segs[0] if segs else []
