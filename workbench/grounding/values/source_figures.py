"""The figures a source sentence states, each read once per sentence: a figure with its
kind, the word it counts and where it stands (``figures``), the parts of a whole
("27 אוניות, ו-9 מהן הופנו": ``parts``), and the years it states in relative form
(``stated_values``).

The source may itself state a year in relative form: "ב-1958, שלוש שנים אחרי שעבר"
(1955), "שנתיים קודם לכן" (two years before the year just named), "שלוש שנים אחר כך".
``stated_values`` reads these as values the sentence states.

Apart from ``derived``, which reads these figures as the operands of what a claim
derives in words that say how: what the source states here, what the claim computes
there (each module under 500 lines). ``derivation_hint`` and ``partitive_count`` read
the figures too."""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.meaning import word_forms
from workbench.grounding.reading.pieces import has_form, sentence_numbers
from workbench.grounding.reading.sentence_clauses import clause_at
from workbench.grounding.values.bound_numbers import counted, kind_of
from workbench.hebrew import (
    AFTER_WORDS,
    BEFORE_WORDS,
    PART_OPENERS,
    PARTITIVE_PRONOUNS,
    REST_WORDS,
    THEN_WORDS,
    YEAR_UNITS,
    NumberMention,
    Token,
)
from workbench.hebrew.tokens import format_number

_YEAR_DUAL = "שנתיימ"


@dataclass(frozen=True, slots=True)
class Figure:
    """A figure of a source sentence: its value, sentence, kind, the word it counts and
    its mention (where the source writes it: the views point at it)."""

    value: Decimal
    sent: int
    kind: str
    unit: frozenset[str]
    mention: NumberMention


def to_decimal(value: str) -> Decimal | None:
    """The number a mention's value names, or None when it names none."""
    try:
        return Decimal(value)
    except (InvalidOperation, ValueError):
        return None


def sentence_of(idx: SourceIndex, sent: int) -> tuple[list[Token], Sequence[NumberMention]]:
    """The words and numbers of source sentence ``sent``."""
    lo, hi = idx.sent_flat[sent]
    return idx.flat[lo:hi], sentence_numbers(idx, sent)


def figures(idx: SourceIndex, sent: int) -> list[Figure]:
    """The figures of sentence ``sent`` (computed once per source sentence)."""
    got = idx.derived.get(("figures", sent))
    if got is None:
        toks, mentions = sentence_of(idx, sent)
        out = []
        for m in mentions:
            v = None if m.is_date else to_decimal(m.value)
            if v is not None:
                out.append(Figure(v, sent, kind_of(m), counted(idx.source, toks, m), m))
        got = idx.derived[("figures", sent)] = out
    return got  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class Part:
    """A part of a whole in one sentence ("27 אוניות, ו-9 מהן הופנו"): the two figures,
    the forms of the part's clause's words (what the part does) and whether the sentence
    names the rest after it ("ואילו השאר")."""

    whole: Decimal
    part: Decimal
    said: frozenset[str]
    named: bool


def parts(idx: SourceIndex, sent: int) -> list[Part]:
    """The parts of sentence ``sent``: a figure followed by "מהם / מהן" is a part of the
    figure before it ("140 עובדים, ו-95 מהם"), as is one after "ובהם / מתוכם"
    (``PART_OPENERS``: "כ-380 רהיטים, ובהם 64 ספות"); computed once per source sentence."""
    got = idx.derived.get(("parts", sent))
    if got is None:
        toks, mentions = sentence_of(idx, sent)
        lo = idx.sent_flat[sent][0]
        starts = [t.start for t in toks]
        out = []
        whole: Decimal | None = None
        for m in mentions:
            v = to_decimal(m.value)
            if v is None or kind_of(m) != "figure":
                continue
            at = bisect.bisect_left(starts, m.end)
            before = bisect.bisect_left(starts, m.start) - 1
            if (
                whole is not None
                and whole > v
                and (
                    at < len(toks)
                    and has_form(toks[at], PARTITIVE_PRONOUNS)
                    or before >= 0
                    and has_form(toks[before], PART_OPENERS)
                )
            ):
                clause = clause_at(idx, lo + at)
                said = frozenset(f for t in clause.toks if t.number is None for f in word_forms(t))
                named = any(has_form(t, REST_WORDS) for t in toks[at + 1 :])
                out.append(Part(whole, v, said, named))
            whole = v
        got = idx.derived[("parts", sent)] = out
    return got  # type: ignore[return-value]


# --- values the source states in relative form ------------------------------------------


def stated_values(idx: SourceIndex, ids: Sequence[int]) -> frozenset[str]:
    """The values sentences ``ids`` state in relative form (``RELATIVE_FORMS``: a year N
    years before or after a year they name)."""
    out: set[str] = set()
    for s in ids:  # only read for a claim number its spans lack: not kept
        out |= _relative(idx, s)
    return frozenset(out)


def _relative(idx: SourceIndex, sent: int) -> frozenset[str]:
    return frozenset(format_number(v) for _, v in relative_values(idx, sent))


def relative_values(idx: SourceIndex, sent: int) -> list[tuple[NumberMention, Decimal]]:
    """The values sentence ``sent`` states in relative form (``RELATIVE_FORMS``), each with
    the count it is stated by: "ב-1996 נסגרה, ושש שנים אחר כך נבנתה" gives (שש, 2002)."""
    got = idx.derived.get(("relative values", sent))
    if got is not None:
        return got  # type: ignore[return-value]
    toks, mentions = sentence_of(idx, sent)
    starts = [t.start for t in toks]
    out: list[tuple[NumberMention, Decimal]] = []
    for k, m in enumerate(mentions):
        v = to_decimal(m.value)
        if v is None or m.is_date or k == 0:
            continue
        at = next(i for i, s in enumerate(starts) if s >= m.start)
        end = next((i for i, s in enumerate(starts) if s >= m.end), len(toks))
        earlier = [x for x in mentions[:k] if not x.is_date]
        for form in RELATIVE_FORMS.values():
            value = form(toks, at, end, m, earlier)
            if value is not None:
                out.append((m, value))
                break
    idx.derived[("relative values", sent)] = out
    return out


def _last(earlier: list[NumberMention], kind: str) -> Decimal | None:
    for m in reversed(earlier):
        if kind_of(m) == kind:
            return to_decimal(m.value)
    return None


def past_years(toks: list[Token], at: int, end: int) -> int | None:
    """The token after a count of years whose figure stands at ``at`` and ends before
    ``end``: "שנתיים" is its own unit (``end``), a figure is followed by one ("שלוש שנים":
    ``end + 1``); None when the figure counts no years."""
    if toks[at].key == _YEAR_DUAL:
        return end
    if end < len(toks) and has_form(toks[end], YEAR_UNITS):
        return end + 1
    return None


def _relative_year(
    toks: list[Token], at: int, end: int, m: NumberMention, earlier: list[NumberMention]
) -> Decimal | None:
    """A year N years from the year stated before it: "ב-1958, שלוש שנים אחרי שעבר" ->
    1955; "שנתיים קודם לכן" -> minus two; "לפני ש..." / "לאחר מכן" -> plus."""
    d = past_years(toks, at, end)
    if d is None:
        return None
    sign = _direction(toks, d)
    year = _last(earlier, "year")
    n = to_decimal(m.value)
    if sign == 0 or year is None or n is None or n > 200:
        return None
    return year + sign * n


# "אחר כך" read as afterwards (round 16; the tuning switches it off to measure it).
AFTERWARDS = True


def _direction(toks: list[Token], d: int) -> int:
    """+1 when the time after a span of years is later than the year named before it
    ("לפני ש...", "לאחר מכן"), -1 when earlier ("אחרי ש...", "קודם לכן"), else 0."""
    if d + 1 >= len(toks):
        return 0
    word, nxt = toks[d], toks[d + 1]
    if word.key == "אחר" and nxt.key == "ככ" and AFTERWARDS:  # "אחר כך": afterwards
        return 1
    then = has_form(nxt, THEN_WORDS)
    clause = nxt.key.startswith("ש") and not then
    if has_form(word, AFTER_WORDS):
        return 1 if then else -1 if clause else 0
    if has_form(word, BEFORE_WORDS):
        return -1 if then or word.key == "קודמ" else 1 if clause else 0
    return 0


RelativeForm = Callable[[list[Token], int, int, NumberMention, list[NumberMention]], Decimal | None]
# The relative forms a source sentence states a value in, in order (the tuning tool
# switches each off in turn: ``tools/tune_grounding.py --ablate``).
RELATIVE_FORMS: dict[str, RelativeForm] = {
    "N years after / before a stated year": _relative_year,
}
