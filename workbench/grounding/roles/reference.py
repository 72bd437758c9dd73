"""A claim joining two adjacent sentences by a reference (round 31).

"המפעל לייצור זכוכית בחדרה נפתח ב-1972. ב-1985 הוא הורחב, וב-1996 נסגר בגלל חובות."
The second sentence goes on about the factory by a pronoun ("הוא") or with no subject at
all, so "המפעל בחדרה נסגר ב-1996" joins the first sentence's subject to the second's
predicate, as the source does. The binding checks read a claim against one frame
sentence; this tells them when the piece they find elsewhere is the next or the previous
sentence's own statement about the same subject: the sentence holds every word of the
claim's slot and its year (only a year: a figure counts a noun that binds it, and "95
מהם" of the sentence before is no "95 משרות"), and the clause holding the year names no
subject of its own (no definite noun the claim lacks).
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.pieces import Word, is_content
from workbench.grounding.reading.sentence_clauses import clause_at
from workbench.hebrew import Token, is_light, is_stopword, is_year


def continues_by_reference(
    idx: SourceIndex, claim: Claim, slot: Sequence[Word], frame_sent: int, where: int | None
) -> bool:
    """Whether the claim's slot words ``slot`` are the adjacent sentence ``where``'s own
    statement about the frame sentence's subject (see the module)."""
    if where is None or abs(where - frame_sent) != 1:
        return False
    lo, hi = idx.sent_flat[where]
    toks = idx.flat[lo:hi]
    nums = [w for w in slot if w.number is not None]
    words = [w for w in slot if w.number is None and is_content(w.tok) and not is_light(w.tok)]
    if not nums or not words or not all(is_year(w.number) for w in nums if w.number):
        return False  # a year: a figure counts a noun that binds it on its own
    if not all(w.number in idx.sent_values[where] for w in nums):
        return False
    if not all(any(w.forms & frame_forms(t) for t in toks) for w in words):
        return False
    at = next((p for p in range(lo, hi) if idx.flat[p].number == nums[0].number), None)
    if at is None:
        return False
    said = {f for t in claim.tokens for f in frame_forms(t)}
    clause = clause_at(idx, at).toks
    return not any(_subject_like(t) and not frame_forms(t) & said for t in clause)


def _subject_like(t: Token) -> bool:
    """A definite noun (article, no preposition glued before it): a subject of its own."""
    return t.number is None and t.key[:1] == "ה" and len(t.key) > 3 and not is_stopword(t)
