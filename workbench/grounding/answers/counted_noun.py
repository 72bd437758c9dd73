"""The question's predicate without the noun a כמה counts: the words of "question?
answer" that ``answer_values`` binds the answer's value with (moved from
``answer_values``, which had reached its line cap, by review24b).

"כמה עובדים יפוטרו" counts workers, and both a whole and its part count them, so the
noun leaves the predicate and the verb tells the clauses apart (round 16). Hebrew also
puts the verb right after כמה ("כמה משלמת", "כמה עלה"): the word after כמה leaves only
when it names what is counted (round 24): a noun a source figure counts (in either state
of a plural: "250 עצי הדר" counts "עצים"), a measure or mass noun, a partitive ("כמה
מהחוב", "כמה מעובדי המפעל"), or a word the source never holds.
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.answers.answer_counts import partitive
from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.pieces import has_form
from workbench.grounding.values.value_clauses import Rows, value_clauses
from workbench.hebrew import (
    AMOUNT_QUESTIONS,
    MEASURED_NOUNS,
    QUANTITY_WORDS,
    Token,
    construct_pair,
    is_stopword,
)


def question_predicate(claim: Claim, rows: Rows, idx: SourceIndex) -> Rows:
    """The question's rows without the noun a כמה counts ("כמה עובדים יפוטרו": both the
    whole and the part count workers; the predicate יפוטרו tells them apart). The word
    after כמה is the counted noun only where it names what is counted (``_counts``):
    otherwise it is the verb, the predicate itself ("כמה משלמים בבתי המלון הגדולים",
    "כמה עלה התיקון": round 24), and stays."""
    asked = [t for t in claim.tokens if t.start < claim.question_end]
    counted = [
        forms
        for i, t in enumerate(asked[:-1])
        if has_form(t, AMOUNT_QUESTIONS)
        and _counts(idx, asked[i + 1 : i + 3], forms := frame_forms(asked[i + 1]))
    ]
    return [r for r in rows if not any(r[1] & c for c in counted)]


def count_verb(asked: Sequence[Token], idx: SourceIndex) -> Token | None:
    """The verb right after כמה ("כמה משלמת", "כמה מנכה"): the word ``_counts`` does not
    read as what is counted (round 25: ``count_verb``); ``None`` when the word after כמה
    names what is counted, or there is none."""
    at = next((i for i, t in enumerate(asked[:-1]) if has_form(t, AMOUNT_QUESTIONS)), None)
    if at is None:
        return None
    u = asked[at + 1]
    # a construct plural in -י names a thing ("כמה פיצויי פיטורים"); a verb in -תי is "I"
    noun = u.key.endswith("י") and not u.key.endswith("תי")
    # a function word names no event ("כמה זה עולה", "כמה היו": review25)
    if u.number is not None or noun or is_stopword(u):
        return None
    if _counts(idx, asked[at + 1 : at + 3], frame_forms(u)):
        return None
    return u


def _counts(idx: SourceIndex, after: Sequence[Token], forms: frozenset[str]) -> bool:
    """Whether ``u``, the word after כמה (``after``: it and the next), names what is
    counted or measured: a noun a figure of the source counts ("58 שקל", "420 מקומות"), a
    measure or amount word ("כמה זמן", "כמה כסף"), or a partitive (``partitive``: "כמה
    מהחוב", "כמה מעובדי המפעל"). A word the source never holds has no clause to bind,
    and is left out as before. A word the source holds but never counts is no counted
    noun: Hebrew counts nouns, and what follows כמה uncounted is the question's verb."""
    u = after[0]
    return bool(
        construct_pair(forms) & _counted_nouns(idx)  # "עצים" counted as "250 עצי הדר"
        or has_form(u, MEASURED_NOUNS)
        or has_form(u, QUANTITY_WORDS)
        or partitive(u, after[1] if len(after) > 1 else None, idx)
        or not any(f in idx.form_pos for f in forms)
    )


def _counted_nouns(idx: SourceIndex) -> frozenset[str]:
    """The forms of every noun a figure of the source counts (computed once a source)."""
    got = idx.derived.get(("counted nouns", 0))
    if got is None:
        got = idx.derived[("counted nouns", 0)] = frozenset().union(
            *(
                v.noun
                for s in range(len(idx.sentences))
                if idx.sent_values[s]
                for cl in value_clauses(idx, s)
                for v in cl.values
                if v.kind == "figure"
            )
        )
    return got  # type: ignore[return-value]
