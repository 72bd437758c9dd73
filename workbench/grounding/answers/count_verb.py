"""The figure of a כמה question's verb (round 25, fix25): "כמה משלמת משפחת כהן על מים?"
asks what the family pays, and the source's clause holding משלמת states it.

Which clause a question asks was chosen by word overlap (``answer_values.bound_rival``):
in "משפחת כהן קיבלה חשבון מים של 700 שקל, אבל בדרך כלל היא משלמת 180 שקל" the bill's
clause holds more of the question's words (משפחת, כהן, מים) than the payment's (משלמת),
so 180 was flagged and 700 passed. Hebrew puts the question's predicate right after כמה
(``counted_noun.count_verb``: a word no source figure counts), and the predicate names
the event whose figure is asked, as a time question's verb names the event it dates
(``answer_values.verb_date``). Where the source states that verb (as a verb, not a noun
with the article) with one figure, the figure of its clause strictly nearest to it, that
figure decides: the answer stating it is bound there, one competing with it answers
another predicate. A verb stated with no figure, or with two different ones ("משלמים 40
שקל למבוגר ו-25 לילד"), decides nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.answers.gapped_rows import asked_row
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.pieces import has_prefix
from workbench.grounding.values.reference_values import marked
from workbench.grounding.values.value_clauses import (
    Rows,
    Value,
    cover,
    nearest_value,
    turn_speaker,
    value_clauses,
    value_sentence,
)


def verb_figure(
    idx: SourceIndex, at: Sequence[int], given: Sequence[Value], own: Sequence[Value], rows: Rows
) -> tuple[Value, bool] | None:
    """The figure the source gives a כמה question's verb (stated at flat words ``at``:
    ``answer_values.verb_positions`` of ``counted_noun.count_verb``), and whether the
    answer states it (``False``: the answer's figure competes with it, so it is another
    predicate's); ``None`` when the answer states no single figure, the source states the
    verb with none or with several, or another sentence stating the answer's figure (a
    rival of it) holds more of the question's words (``rows``) than the verb's: the verb
    tells a sentence's clauses apart, and a sentence holding the question's subject wins
    over one where another subject does the verb ("כל שיעור עולה 160 שקל" for "כמה עולה
    האגרה של הטסט?")."""
    figs = [a for a in given if a.kind != "time"]
    if len(figs) != 1 or len(given) != 1:
        return None
    found: list[Value] = []
    for p in at:
        v = _clause_figure(idx, p)
        if v is not None and not any(v.same(o) for o in own) and not any(v.same(f) for f in found):
            found.append(v)
    if len(found) != 1 or not (found[0].same(figs[0]) or figs[0].competes(found[0])):
        return None
    said, fig = found[0], figs[0]
    total = sum(wt for wt, _ in rows) or 1.0
    where = value_sentence(idx, said)
    others = {
        s
        for s in range(len(idx.sentences))
        if s != where
        and any(
            not v.same(said) and (v.same(fig) or fig.competes(v))
            for cl in value_clauses(idx, s)
            for v in cl.values
        )
    }
    mine = _sent_cover(idx, where, rows, total)
    if any(_sent_cover(idx, s, rows, total) > mine for s in others):
        return None
    if _gapped_row(idx, where, said, fig, rows):
        return None
    return said, said.same(fig)


def _gapped_row(idx: SourceIndex, sent: int, said: Value, fig: Value, rows: Rows) -> bool:
    """Whether the question asks a later row of the verb's sentence that gaps the verb
    (round 41: ``gapped_rows.asked_row``), not the verb's own: "ניתוח של נקבה עולה 420
    שקל, ואילו של זכר 250" for "כמה עולה ניתוח של זכר?"; the rows decide."""
    asked = frozenset().union(*(fs for _, fs in rows))
    row = asked_row(value_clauses(idx, sent), fig, asked)
    return row is not None and not any(v.same(said) for v in row.values)


def _sent_cover(idx: SourceIndex, sent: int, rows: Rows, total: float) -> float:
    """The share of the question's words sentence ``sent`` holds (its speaker's name too)."""
    forms = frozenset().union(*(cl.forms for cl in value_clauses(idx, sent)))
    return cover(forms | turn_speaker(idx, sent), rows, total)


def _clause_figure(idx: SourceIndex, p: int) -> Value | None:
    """The figure of the clause holding flat word ``p``, strictly nearest to it; a verb
    joined by ו ("ומשלם לקרן 300") starts its predicate, so a figure before it is the
    predicate's before; a reference marked by מ ("מ-1.10 שקל ל-1.45") is no figure of it."""
    t = idx.flat[p]
    cl = next((c for c in value_clauses(idx, idx.flat_sent[p]) if c.start <= t.start < c.end), None)
    if cl is None:
        return None
    joined = has_prefix(t, "ו")
    values = [
        v
        for v in cl.values
        if v.kind != "time" and (not joined or v.start > t.start) and not marked(cl.toks, v)
    ]
    return nearest_value(idx, p, values)
