"""Numbers a claim derives from its spans by arithmetic, for the number check.

A paraphrase often states what the source gives in another form: a duration for two
years ("חמש שנים קודם לכן" for 2009 and 2014), decades as years ("שלושה עשורים" for
"שלושים שנה"), the rest of a count ("45 יעברו" for "140 עובדים, ו-95 מהם יפוטרו"),
the difference of two figures ("7,000 כרטיסים פחות" for "38 אלף
כרטיסים, פחות מ-45 אלף") or a percentage of an amount ("3.6 מיליון" for "9 מיליון
שקלים, ו-40% ממנו"). Such a number counts as there; nothing else does.

Durations read the years of all the spans (two events are often told in two
sentences). Every other derivation needs its two source numbers in one sentence of the
spans, of the claim number's kind (a figure from figures, a percentage from
percentages, a figure from an amount and its percentage), and the word the claim's
number counts in that sentence: a number from another sentence is not explained by
figures that merely happen to combine into it.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from workbench.grounding.bound_numbers import counted, kind_of, sentence_numbers
from workbench.grounding.index import SourceIndex, frame_forms
from workbench.grounding.pieces import has_form
from workbench.grounding.prepare import Claim
from workbench.hebrew import DECADE_UNITS, DIFFERENCE_WORDS, YEAR_UNITS, NumberMention, Token
from workbench.hebrew.tokens import format_number

# Differences and shares of figures (round 6); ``tools/tune_grounding.py --ablate`` sets
# it to False to measure them (durations stay).
FIGURE_DERIVATIONS = True

Spans = list[tuple[int, tuple[NumberMention, ...]]]  # each span sentence and its numbers


def _decimal(value: str) -> Decimal | None:
    try:
        return Decimal(value)
    except (InvalidOperation, ValueError):
        return None


def _after(tokens: Sequence[Token], end: int) -> Token | None:
    return next((t for t in tokens if t.start >= end), None)


def _years(numbers: Sequence[NumberMention]) -> list[int]:
    return sorted(
        {int(m.value) for m in numbers if kind_of(m) == "year" and not m.is_date}
        | {int(v) for m in numbers if m.is_date for v in m.value.split(".")[2:] if v.isdigit()}
    )


def _duration(claim: Claim, mention: NumberMention, n: Decimal, spans: Spans) -> bool:
    """A duration in years or decades the spans give as two years or in the other unit."""
    after = _after(claim.tokens, mention.end)
    if after is None or mention.percent:
        return False
    decades = has_form(after, DECADE_UNITS)
    if not decades and not has_form(after, YEAR_UNITS):
        return False
    if decades:
        n *= 10
        if any(format_number(n) in m.forms for _, ms in spans for m in ms):
            return True
    years = _years([m for _, ms in spans for m in ms])
    return any(b - a == n for i, a in enumerate(years) for b in years[i + 1 :])


def _sentence_tokens(idx: SourceIndex, sent: int) -> list[Token]:
    lo, hi = idx.sent_flat[sent]
    return idx.flat[lo:hi]


def _figure(numbers: Sequence[NumberMention], n: Decimal, kind: str, differs: bool) -> bool:
    """``n`` is the difference of two numbers of ``kind`` in one sentence (when the claim
    ``differs``: says so with a word of ``DIFFERENCE_WORDS``), or (a figure) a percentage
    of one of its figures."""
    same = [v for m in numbers if m.checked and kind_of(m) == kind if (v := _decimal(m.value))]
    if differs and any(a - b == n for a in same for b in same if a > b):
        return True
    if kind != "figure":
        return False
    shares = [v for m in numbers if m.percent and m.checked if (v := _decimal(m.value))]
    return any(p * a / 100 == n for p in shares for a in same)


def derived_number(
    claim: Claim, idx: SourceIndex, ids: Sequence[int], mention: NumberMention
) -> bool:
    """Whether claim number ``mention``, absent from the spans ``ids``, is what they give
    by arithmetic (the module's docstring lists the derivations)."""
    n = _decimal(mention.value)
    if n is None or mention.is_date:
        return False
    spans: Spans = [(i, sentence_numbers(idx, i)) for i in ids]
    if _duration(claim, mention, n, spans):
        return True
    kind = kind_of(mention)
    if kind == "year" or not FIGURE_DERIVATIONS:
        return False
    asserted = [t for t in claim.tokens if claim.asserts(t)]
    noun = counted(claim.text, asserted, mention)
    differs = any(has_form(t, DIFFERENCE_WORDS) for t in asserted)
    for i, ms in spans:
        sent_forms = {f for t in _sentence_tokens(idx, i) for f in frame_forms(t)}
        if noun and noun.isdisjoint(sent_forms):
            continue
        if _figure(ms, n, kind, differs):
            return True
    return False
