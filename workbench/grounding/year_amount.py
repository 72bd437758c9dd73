"""A year is no amount and an amount no year (round 27).

Four digits read as a year or as an amount by the words around them (``hebrew.numbers``:
``NumberMention.dated``, after "בשנת", "מאז", "ב-"; ``NumberMention.amount``, before a unit
or a counted plural noun). The presence check matches figures by value only, so "2000
שקל" was found in a source whose only 2000 is "בשנת 2000", and "נפתחה ב-2000" in one whose
only 2000 is "2000 ספרים". Where every occurrence of the value in the source is read the
other way, the claim's figure is not in the source. A bare occurrence ("המחיר: 2000")
may be either, and counts as found.
"""

from __future__ import annotations

from workbench.grounding.index import SourceIndex
from workbench.grounding.pieces import clip, sentence_numbers
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import NumberMention


def year_amount_clash(mention: NumberMention, idx: SourceIndex) -> Issue | None:
    """The claim's amount the source writes only as a year, or its year the source
    writes only as an amount (see the module docstring)."""
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
