"""A figure the source states only as a day of a month (round 40).

"אני מגדל כותנה 30 שנה ... הזמנתי ריסוס ל-13 ביוני": "כמה שנים הוא מגדל כותנה? 13" holds
the source's 13, which is the day of a date there, not a count. An answer's figure (in
"question? answer"; a statement's figure may be the gap between two dates: "פקע 12 יום
לפני שהווטרינר ביקר" for "31 באוגוסט" and "12 בספטמבר") that is no date, no year and no
percentage, and is not itself followed by a month ("13 ביוני"), whose value the source
states only right before a month name ("13 ביוני", "ב-13 במאי"; not "22% מינואר"), is
bound elsewhere, pointing at the date. Its mirror (round 44, ``day_not_stated``): a claim's
day of a month ("ייחתם ב-8 בדצמבר") whose value the source states, but never as a day, is
bound elsewhere too.
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.pieces import sentence_numbers
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import MONTHS, NumberMention, Token, is_year


def month_after(toks: Sequence[Token], m: NumberMention) -> bool:
    """Whether the word right after number ``m`` among ``toks`` names a month."""
    t = next((t for t in toks if t.start >= m.end), None)
    if t is None or t.start - m.end > 2 or m.percent:
        return False
    return t.key in MONTHS or (t.key[:1] == "ב" and t.key[1:] in MONTHS)  # not "מינואר"


def day_of_month_conflict(claim: Claim, idx: SourceIndex) -> Issue | None:
    """``bound_elsewhere`` when a claim figure is, wherever the source states it, the day
    of a date (see the module)."""
    toks = list(claim.tokens)
    for m in claim.numbers:
        if claim.question_end < 0 or m.start <= claim.question_end:
            continue  # a statement's figure may be a gap between two dates ("12 יום לפני")
        if m.is_date or is_year(m.value) or month_after(toks, m):
            continue
        sents = sorted({i for v in (m.value, *m.forms) for i in idx.exact.get(v, ())})
        there = [n for s in sents for n in sentence_numbers(idx, s) if n.value == m.value]
        if not there:
            continue
        if all(
            not n.is_date and month_after(idx.flat[idx.flat_at(n.end) :][:1], n) for n in there
        ):
            n = there[0]
            msg = f"{m.text.strip()} is the day of a date in the source: «{idx.source[n.start : n.end + 12].strip()}»"
            return Issue(IssueKind.BOUND_ELSEWHERE, msg, (n.start, n.end))
    return None


def day_not_stated(claim: Claim, idx: SourceIndex) -> Issue | None:
    """``bound_elsewhere`` when a claim's day of a month ("ייחתם ב-8 בדצמבר") is a figure
    the source states, but never as a day: "בני 8 עד 18" and "נחתום ב-3 בדצמבר" hold
    the figure and the month, not the date (round 44, the mirror of
    ``day_of_month_conflict``, found by the swaps stress). A date the source writes in
    one token ("8.12.2025") gives its day; a "day" past 31 is none ("ב-150 באוגוסט")."""
    toks = list(claim.tokens)
    for m in claim.numbers:
        if m.start <= claim.question_end or m.is_date or m.percent or not month_after(toks, m):
            continue
        if m.value.isdigit() and not 1 <= int(m.value) <= 31:
            msg = f"{m.text.strip()} is no day of a month: a month has 31 days at most"
            return Issue(IssueKind.BOUND_ELSEWHERE, msg)
        sents = sorted({i for v in (m.value, *m.forms) for i in idx.exact.get(v, ())})
        there = [n for s in sents for n in sentence_numbers(idx, s) if n.value == m.value]
        days = (n for s in range(len(idx.sentences)) for n in sentence_numbers(idx, s))
        if not there or any(_a_day(idx, n) for n in days if _same_day(n, m)):
            continue
        n = there[0]
        msg = f"{m.text.strip()} is no day of a date in the source: «{idx.source[n.start : n.end + 12].strip()}»"
        return Issue(IssueKind.BOUND_ELSEWHERE, msg, (n.start, n.end))
    return None


def _same_day(n: NumberMention, m: NumberMention) -> bool:
    """Whether source number ``n`` states day ``m``: as a figure, or as the day of a date."""
    return n.value == m.value or (n.is_date and n.value.split(".")[0] == m.value)


_OF_THE_MONTH = frozenset({"בחודש", "לחודש"})  # "ב-16 בחודש": the day of the month named before


def _a_day(idx: SourceIndex, n: NumberMention) -> bool:
    """Whether source number ``n`` is a day of a month: a date, or a figure before a month
    or "בחודש"."""
    nxt = idx.flat[idx.flat_at(n.end) :][:1]
    return n.is_date or month_after(nxt, n) or any(t.key in _OF_THE_MONTH for t in nxt)
