"""A year is no amount and an amount no year (round 27).

Four digits read as a year or as an amount by the words around them (``hebrew.numbers``:
``NumberMention.dated``, after "בשנת", "מאז", "ב-"; ``NumberMention.amount``, before a unit
or a counted plural noun). The presence check matches figures by value only, so "2000
שקל" was found in a source whose only 2000 is "בשנת 2000", and "נפתחה ב-2000" in one whose
only 2000 is "2000 ספרים". Where every occurrence of the value in the source is read the
other way, the claim's figure is not in the source. A bare occurrence ("המחיר: 2000")
may be either, and counts as found.

A bare answer takes the reading its question asks (review27): "כמה ספרים...? 2000" gives a
count, "באיזו שנה...? 2000" a year, so neither is found in a source whose only 2000 is
read the other way ("נפתחה בשנת 2000", "השתתפו 2000 איש").
"""

from __future__ import annotations

from dataclasses import replace

from workbench.grounding.answers.answer_types import AnswerType, asked_type
from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.pieces import clip, has_form, sentence_numbers
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import AMOUNT_QUESTIONS, NumberMention


def year_amount_clash(claim: Claim, mention: NumberMention, idx: SourceIndex) -> Issue | None:
    """The claim's amount the source writes only as a year, or its year the source
    writes only as an amount (see the module docstring)."""
    mention = answer_reading(claim, mention)
    if not (mention.amount or mention.dated):
        return None
    found: list[tuple[int, NumberMention]] = []
    for sent in idx.exact.get(mention.value, ()):
        found += [(sent, m) for m in sentence_numbers(idx, sent) if m.value == mention.value]
    if not found:
        return None
    if mention.amount and all(m.dated for _, m in found):
        theirs, mine = "a year", "an amount"
    elif mention.dated and all(m.amount for _, m in found):
        theirs, mine = "an amount", "a year"
    else:
        return None
    s, e = idx.sentences[found[0][0]]
    msg = (
        f"number {mention.text.strip()} not found in source as {mine}: the source's "
        f"{mention.value} is {theirs} («{clip(idx.source[s:e])}»)"
    )
    return Issue(IssueKind.NUMBER_NOT_IN_SOURCE, msg, (s, e))


def answer_reading(claim: Claim, mention: NumberMention) -> NumberMention:
    """``mention`` with the reading its question asks, when it is a bare answer figure
    the words around it leave open: an amount for a כמה question, a year for a time
    question ("באיזו שנה", "מתי"; in one, כמה is "a few": review25)."""
    q = claim.question_end
    if q < 0 or mention.start < q or mention.amount or mention.dated:
        return mention
    asked = [t for t in claim.tokens if t.start < q]
    if asked_type(asked) is AnswerType.TIME:
        return replace(mention, dated=True)
    if any(has_form(t, AMOUNT_QUESTIONS) for t in asked):
        return replace(mention, amount=True)
    return mention
