"""What an answer's figure counts (round 16, for ``answer_values``): a whole or its part,
and the noun a "כמה" question counts.

* ``whole_of_part``: in one sentence, a part's clause ("ושניים מהם נהרגו") holds the words
  of its whole's clause too (``answer_clauses``), so only the part's own predicate tells
  them apart: a question holding a word of it asks the part, and the whole is no answer.
* ``counted_elsewhere``: "כמה NOUN? FIGURE" counts NOUN; a figure the source states only
  counting another noun ("22 שורות" beside "2,600 מקומות ישיבה"), or only as a date's
  day ("ב-28 באוקטובר"), answers another question.

Each gives ``bound_elsewhere``, pointing at the value the question's predicate has.
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.answer_clauses import (
    Rows,
    Value,
    bound_issue,
    cover,
    value_clauses,
    value_forms,
)
from workbench.grounding.index import SourceIndex, frame_forms
from workbench.grounding.pieces import has_form
from workbench.grounding.reference_values import marked
from workbench.grounding.results import Issue
from workbench.hebrew import AMOUNT_QUESTIONS, Token


def counted_elsewhere(
    idx: SourceIndex,
    given: Sequence[Value],
    own: Sequence[Value],
    asked: Sequence[Token],
    rows: Rows,
    sents: Sequence[int],
) -> list[Issue]:
    """ "כמה NOUN? FIGURE": the answer's figure is read as a count of NOUN, whether it
    names no noun, NOUN, or another noun of its own ("שלושה מאבטחים" for "כמה מצלמות":
    round 18b; the answer names what it counts, which must be what the question counts).
    Where the source states that figure only counting another noun ("22 שורות" for "כמה
    מקומות ישיבה...? 22") or as a date's day ("ב-28 באוקטובר" for "כמה נורות...? 28"),
    and states a figure counting NOUN ("2,600 מקומות ישיבה"), the answer counts another
    thing: ``bound_elsewhere``, pointing at that figure."""
    noun = next(
        (
            frame_forms(u)
            for t, u in zip(asked, asked[1:], strict=False)
            if has_form(t, AMOUNT_QUESTIONS)
        ),
        frozenset(),
    )
    figs = [a for a in given if a.kind == "figure"]
    if not noun or len(figs) != len(given) or len(figs) != 1:
        return []
    a = figs[0]
    day = tuple(f"d:{k}." for k in a.keys)  # the figure as a day of a month: "d:28.10"
    values = [
        (v, cl)
        for sent in sents
        for cl in value_clauses(idx, sent)
        for v in cl.values
        if not any(v.same(o) for o in own)
    ]
    mine = [v for v, _ in values if v.same(a)]
    dated = [v for v, _ in values if v.kind == "time" and any(k.startswith(day) for k in v.keys)]
    if not mine and not dated:
        return []
    if any(not v.noun or v.noun & noun for v in mine):
        return []  # the source states it counting NOUN, or bare
    if any(marked(cl.toks, v) for v, cl in values if v in mine):
        return []  # a reference ("פחות מ-45 אלף שתכננו"): its noun is the figure's before it
    said = (mine or dated)[0]
    where = next(cl for v, cl in values if v is said)
    total = sum(wt for wt, _ in rows) or 1.0
    least = cover(where.forms, rows, total)  # the predicate must not favour the answer's
    rival = [
        (v, cl)
        for v, cl in values
        if v.kind == "figure"
        and v.noun & noun
        and not v.same(a)
        and cover(cl.forms, rows, total) >= least
    ]
    if not rival:
        return []
    return [bound_issue(idx, said, where, rival[0][0], rival[0][1])]


def whole_of_part(
    idx: SourceIndex, given: Sequence[Value], own: Sequence[Value], rows: Rows, sents: Sequence[int]
) -> list[Issue]:
    """A whole and its part in one sentence ("נפגעו שבעה הולכי רגל, ושניים מהם נהרגו"):
    the part's clause holds the whole's words too (``answer_clauses``), so only the words
    of the part's own predicate (נהרגו) tell the two apart. A question holding one of them
    asks the part, and the whole (the nearest figure before the part that no מ marks as a
    reference: "רובם בני יותר משבעים" states none) is no answer to it."""
    total = sum(wt for wt, _ in rows)
    for sent in sents:
        clauses = value_clauses(idx, sent)
        toks = idx.flat[slice(*idx.sent_flat[sent])]
        for k, part in enumerate(clauses):
            if not part.part:
                continue
            whole = next(
                (c for c in reversed(clauses[:k]) if any(not marked(toks, v) for v in c.values)),
                None,
            )
            if whole is None:
                continue
            whole_forms = frozenset().union(*(value_forms(t) for t in whole.toks))
            part_forms = frozenset().union(*(value_forms(t) for t in part.toks))
            if cover(part_forms - whole_forms, rows, total) <= 0:
                continue
            mine = [v for v in whole.values if any(v.same(a) for a in given)]
            rival = [
                v
                for v in part.values
                if not any(v.same(o) for o in own) and any(a.competes(v) for a in given)
            ]
            if mine and rival:
                return [bound_issue(idx, mine[0], whole, rival[0], part)]
    return []
