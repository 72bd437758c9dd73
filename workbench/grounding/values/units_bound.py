"""A figure stated in another unit of the same dimension (round 32).

"גובהו 13 מטרים, ואורו נראה למרחק של 20 קילומטרים": "אורו נראה למרחק של 13 קילומטרים"
holds the source's 13 and its kilometres, every word of it near the other. A figure and
its unit are one value: a claim figure measured in one unit (``hebrew.SAME_UNIT``: "ק"מ",
"קילומטר" and "קילומטרים" are one) that the source states only in another unit of the same
dimension, and never bare, is bound elsewhere. Round 44 read two more things a source
figure may be instead of an amount in a unit: a span of time ("אחרי 31 שנה" is no "31
שקל"; ``hebrew.TIME_SPANS``, by the next word's key) and the day of a date ("ב-14 בינואר" is
no "14 מטר"); a figure the claim reckons in words that say how (``derived``) is left alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.pieces import has_prefix, sentence_numbers
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.values.derived import derived_figure
from workbench.grounding.values.month_days import month_after
from workbench.hebrew import (
    SAME_UNIT,
    TIME_SPANS,
    UNITS,
    NumberMention,
    Token,
    is_stopword,
    month_values,
    normalize,
)

_PREPOSITIONS = ("ב", "ל", "כ", "מ", "וב", "ול", "וכ", "ומ")
_PLURALS = ("ימ", "ות")  # keys are written with medial letters
# plural adjectives a bare figure takes, its noun elided ("עולים 400 נוספים"): no counted noun
_ADJECTIVES = frozenset(
    normalize(w).text
    for w in "נוספים נוספות אחרים אחרות חדשים חדשות בודדים בודדות שלמים שלמות".split()
)


# the singular nouns Hebrew counts people by after a figure ("כ-18 אלף איש", "300 נפש")
_PEOPLE = frozenset({"איש", "נפש"})
# Hebrew's counters of anything: "פרטים" counts individuals of any kind ("400 פרטים" of a
# breed of goats), "פעמים" occurrences of any event ("התלוננו 64 פעמים" for "64 תלונות").
# A source's "N פרטים" may be the claim's count of any noun; a claim's "N פעמים" may be the
# source's count of any noun (round 46; the source's "11 פעמים" is no "11 קומות").
_ANY_THING = "noun:" + normalize("פרטים").text
_ANY_EVENT = "noun:" + normalize("פעמים").text


def unit_conflict(claim: Claim, idx: SourceIndex) -> Issue | None:
    """``bound_elsewhere`` when a claim figure's unit is never the source's for that value
    (see the module)."""
    toks = list(claim.tokens)
    for m in claim.numbers:
        if m.start <= claim.question_end or m.is_date:
            continue
        mine = _unit_after(toks, m)
        if mine is None:
            continue
        there = [(n, _measure(idx, n)) for n in _stated(idx, m) if n.value == m.value]
        if not there or any(u is None or u == mine for _, u in there):
            continue  # stated bare, or in the claim's unit, somewhere
        if _reckoned(claim, m, idx):
            continue  # a gap the claim reckons ("שלושה שקלים יותר"), met by chance
        n, u = there[0]
        msg = f"{m.text.strip()} is {_what(u)} in the source: «{_with_next(idx, n)}»"
        return Issue(IssueKind.BOUND_ELSEWHERE, msg, (n.start, n.end))
    return None


def _noun_after(idx: SourceIndex, p: int, n: NumberMention) -> str | None:
    """The noun a source figure counts, when it counts one (round 41): the word right after
    it, with nothing but a space between, a plural content word that is no unit, no number,
    no month and glued to no preposition ("17 האותיות", "40 עובדים"; not "2,000 לחודש",
    "800 אלף תרמה"). A figure counting another thing is no measure in the claim's unit
    ("כ-17 מטר של צינורות" for "17 האותיות")."""
    if p >= len(idx.flat):
        return None
    return _counted(idx.source, n.end, idx.flat[p])


def _counted(text: str, end: int, t: Token) -> str | None:
    """``_noun_after``'s reading of word ``t`` after a figure ending at ``end`` of ``text``."""
    if text[end : t.start].strip():
        return None  # a mark between: the figure ends its phrase ("200 אלף. העמותה")
    if t.number is not None or is_stopword(t) or len(t.key) < 3 or month_values([t]):
        return None
    if t.key in _PEOPLE:
        return "noun:" + t.key  # "18 אלף איש": a count of people, in the singular
    if not t.key.endswith(_PLURALS) or t.key in _ADJECTIVES or t.key in UNITS:
        return None  # a counted noun is plural; a singular word may be a verb ("800 אלף תרמה")
    if any(has_prefix(t, q) for q in _PREPOSITIONS):
        return None
    return "noun:" + _bare(t)


def scale_conflict(claim: Claim, idx: SourceIndex) -> Issue | None:
    """``bound_elsewhere`` when a claim figure written without a scale right before a unit
    ("ישלם 45 שקל") is, wherever the source states its digits, the figure of a scaled
    amount ("45 אלף שקל"): the short form a writer may quote ("2.5" for "2.5 מיליון")
    is no amount once a unit follows it (round 44, found by the swaps stress). A figure
    the claim reckons in words that say how ("200 שקל פחות" of 350 and 150) is left
    alone."""
    toks = list(claim.tokens)
    for m in claim.numbers:
        if m.start <= claim.question_end or m.is_date or m.percent:
            continue
        if not m.forms <= {m.value} or _unit_after(toks, m) is None:
            continue  # scaled itself, or no unit after it
        there = _stated(idx, m)
        if any(n.value == m.value for n in there):
            continue  # stated as it is somewhere
        scaled = [n for n in there if m.value in n.forms]
        if scaled and not _reckoned(claim, m, idx):
            n = scaled[0]
            msg = f"{m.text.strip()}: the source states {n.text.strip()}: «{_with_next(idx, n)}»"
            return Issue(IssueKind.BOUND_ELSEWHERE, msg, (n.start, n.end))
    return None


def count_conflict(claim: Claim, idx: SourceIndex) -> Issue | None:
    """``bound_elsewhere`` when a claim figure counts a noun ("17 קומות") and the source
    states that figure only as an amount: in a unit or scaled ("17 מיליון שקל"), never
    bare nor counting anything (round 41, the mirror of ``unit_conflict``)."""
    toks = list(claim.tokens)
    for m in claim.numbers:
        if m.start <= claim.question_end or m.is_date or _unit_after(toks, m) is not None:
            continue
        after = next((t for t in toks if t.start >= m.end), None)
        if after is None or _counted(claim.text, m.end, after) is None:
            continue
        there = [n for n in _stated(idx, m) if n.value == m.value or m.value in n.forms]
        amounts = [n for n in there if n.value != m.value or _source_unit(idx, n) is not None]
        if not there or len(amounts) < len(there):
            continue  # stated bare or counting something, somewhere
        n = amounts[0]
        said = claim.text[m.start : after.end]
        msg = f"{said}: the source states {m.text.strip()} only as an amount: «{_with_next(idx, n)}»"
        return Issue(IssueKind.BOUND_ELSEWHERE, msg, (n.start, n.end))
    return None


def rival_conflict(claim: Claim, idx: SourceIndex) -> Issue | None:
    """``bound_elsewhere`` when a claim figure counts a noun or measures a span of time
    ("30 אטליזים", "כבר 12 שנה"), the source states that value only as a measure of
    something else ("לכ-30 יישובים", "12 שקיות"), and another source figure measures what
    the claim's does ("45 אטליזים", "תשע שנים"): the claim took the figure of another
    phrase (round 46). Without such a rival the claim's span may be reckoned in a way
    ``derived`` does not read (round 44's cspan44, not kept), so it is left alone."""
    toks = list(claim.tokens)
    for m in claim.numbers:
        if m.start <= claim.question_end or m.is_date or m.percent:
            continue
        mine = _claim_measure(claim.text, toks, m)
        if mine is None:
            continue
        there = [(n, _measure(idx, n)) for n in _stated(idx, m) if n.value == m.value]
        if not there or any(u is None or u == mine or u == _ANY_THING for _, u in there):
            continue
        rivals = [
            n
            for k in range(len(idx.sentences))
            for n in sentence_numbers(idx, k)
            if not n.is_date and n.value != m.value and _measure(idx, n) == mine
        ]
        if not rivals or _reckoned(claim, m, idx):
            continue
        n, u = there[0]
        msg = (
            f"{m.text.strip()} is {_what(u)} in the source: «{_with_next(idx, n)}»; "
            f"it states «{_with_next(idx, rivals[0])}»"
        )
        return Issue(IssueKind.BOUND_ELSEWHERE, msg, (n.start, n.end))
    return None


def _claim_measure(text: str, toks: Sequence[Token], m: NumberMention) -> str | None:
    """What claim figure ``m`` counts or measures, when it is a span of time or a counted
    noun right after it (a unit of ``SAME_UNIT`` is ``unit_conflict``'s), else None."""
    after = next((t for t in toks if t.start >= m.end), None)
    if after is None or after.start - m.end > 3 or _unit_after([after], m) is not None:
        return None
    what = _span(after) or _counted(text, m.end, after)
    return None if what == _ANY_EVENT else what


def _span(t: Token) -> str | None:
    """The span of time word ``t`` names after a figure (``TIME_SPANS``), a definite plural
    included ("16 השעות"); a definite singular is no span ("השנה" is this year)."""
    if t.key in TIME_SPANS:
        return TIME_SPANS[t.key]
    bare = _bare(t)
    return TIME_SPANS.get(bare) if bare != t.key and bare.endswith(_PLURALS) else None


def _bare(t: Token) -> str:
    """``t``'s key without the definite article ("16 השעות", "95 העובדים"): the same span or
    noun as "16 שעות", "95 עובדים" (round 46)."""
    return t.key[1:] if has_prefix(t, "ה") else t.key


def _measure(idx: SourceIndex, n: NumberMention) -> str | None:
    """What source figure ``n`` measures: a unit, a span of time, the day of a date or a
    counted noun, or None when it stands bare."""
    return _source_unit(idx, n) or _time_span(idx, n) or _day(idx, n) or _counted_by(idx, n)


def _stated(idx: SourceIndex, m: NumberMention) -> list[NumberMention]:
    """The source's figures (no dates) in the sentences stating ``m``'s value in any form."""
    sents = sorted({i for v in (m.value, *m.forms) for i in idx.exact.get(v, ())})
    return [n for s in sents for n in sentence_numbers(idx, s) if not n.is_date]


def _source_unit(idx: SourceIndex, n: NumberMention) -> str | None:
    """The unit right after source figure ``n``, if any."""
    p = idx.flat_at(n.end)
    return _unit_after(idx.flat[p : p + 1], n)


_DAY = "day of a month"


def _day(idx: SourceIndex, n: NumberMention) -> str | None:
    """``_DAY`` when source figure ``n`` is the day of a date ("ב-14 בינואר"): no amount in
    a unit ("14 מטר", round 44), else None."""
    return _DAY if month_after(idx.flat[idx.flat_at(n.end) :][:1], n) else None


def _counted_by(idx: SourceIndex, n: NumberMention) -> str | None:
    """The noun source figure ``n`` counts (``_noun_after``), or None."""
    return _noun_after(idx, idx.flat_at(n.end), n)


def _reckoned(claim: Claim, m: NumberMention, idx: SourceIndex) -> bool:
    """Whether the claim reckons figure ``m`` in words that say how, from figures anywhere
    in the source (``derived_figure``): a gap that meets another figure's value by chance
    is no figure moved from elsewhere."""
    return derived_figure(claim, m, idx, list(range(len(idx.sentences))))


def _what(u: str | None) -> str:
    """What a source figure measured by ``u`` is, for the message."""
    if u in SAME_UNIT.values():
        return "in another unit"
    if u in TIME_SPANS.values():
        return "a span of time"
    return "the day of a date" if u == _DAY else "a count of something else"


def _time_span(idx: SourceIndex, n: NumberMention) -> str | None:
    """The span of time source figure ``n`` measures ("אחרי 31 שנה": years), by the key of
    the word right after it (round 44), or None."""
    p = idx.flat_at(n.end)
    if p >= len(idx.flat) or idx.source[n.end : idx.flat[p].start].strip():
        return None
    return _span(idx.flat[p])


def _with_next(idx: SourceIndex, n: NumberMention) -> str:
    """The source figure and the word after it."""
    p = idx.flat_at(n.end)
    end = idx.flat[p].end if p < len(idx.flat) and idx.flat[p].start - n.end <= 3 else n.end
    return idx.source[n.start : end].strip()


def _unit_after(toks: Sequence[Token], m: NumberMention) -> str | None:
    """The unit (its ``SAME_UNIT`` name) right after number ``m``, if any (``toks``: the
    claim's tokens, or the one source token after it)."""
    for t in toks:
        if t.start >= m.end:
            if t.start - m.end > 3:
                return None
            return SAME_UNIT.get(t.key) or next((SAME_UNIT[s] for s in t.stems if s in SAME_UNIT), None)
    return None
