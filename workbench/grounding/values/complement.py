"""The complement of a part the source states apart from its whole (round 30, rest30).

"באוסף כ-38 אלף מסמכים" in one sentence and "עד היום נסרקו כ-21 אלף מסמכים" in another
give the 17 thousand a claim says were not scanned ("כ-17 אלף מהמסמכים עוד לא נסרקו");
"הצביעו 130 מתוך 210 הנציגים" gives the 80 who did not vote. ``derived`` reads the rest of
a whole stated in one sentence ("27 אוניות, ו-9 מהן הופנו") and calls this for the rest:
both are derivations of ``derived.DERIVATIONS`` and clear the negation checks
(``derived.negated_rest``). The claim's tokens ``toks`` are its asserted ones and ``j`` the
last token of its figure, as ``derived`` reads them.
"""

from __future__ import annotations

from decimal import Decimal

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.meaning import negation_groups, word_forms
from workbench.grounding.reading.sentence_clauses import clause_at
from workbench.grounding.values.bound_numbers import POINTS_AT_WHOLE, names_a_part, next_word_in
from workbench.grounding.values.source_figures import figures
from workbench.hebrew import Token, is_negation


def rest_across(claim: Claim, toks: list[Token], j: int, v: Decimal, idx: SourceIndex) -> bool:
    """The rest of a whole the source states in parts, the claim's complement of a part:
    "באוסף כ-38 אלף מסמכים" in one sentence and "עד היום נסרקו כ-21 אלף מסמכים" in
    another give the 17 thousand the claim says were not ("כ-17 אלף מהמסמכים עוד לא
    נסרקו"); "הושבתו 18 מתוך 45 האוטובוסים" gives 27 that were not. The claim negates a
    word of the part's clause (by any form, root skeletons too: "לא יכוסו" for "יכסה"),
    which holds no negation itself; the whole counts the noun the claim's figure counts
    and so does the part, or the part names none and points at the whole ("מהם", "מתוך",
    "מזה") in its sentence; the whole less the part is the claim's figure exactly."""
    negated = _negated_after(claim, toks, j)
    if not negated or not names_a_part(toks, j):
        return False
    noun = frame_forms(toks[j + 1])
    wholes = [f for s in range(len(idx.sentences)) for f in figures(idx, s) if noun & f.unit]
    for s in range(len(idx.sentences)):
        for part in figures(idx, s):
            if part.kind != "figure":
                continue
            elided = next_word_in(idx, part.mention, POINTS_AT_WHOLE)
            if not (noun & part.unit or elided):
                continue
            clause = clause_at(idx, idx.flat_at(part.mention.start))
            said = {w for t in clause.toks if t.number is None for w in word_forms(t)}
            if negated.isdisjoint(said) or any(is_negation(t) for t in clause.toks):
                continue
            if any(
                w is not part and w.value - part.value == v and (not elided or w.sent == s)
                for w in wholes
            ):
                return True
    return False


def _negated_after(claim: Claim, toks: list[Token], j: int) -> frozenset[str]:
    """The forms of the words the claim negates after its figure: the part it counts
    is what does not happen ("25 מהזוגות עוד לא עברו"), not a figure beside a denial."""
    end = toks[j].end
    groups = negation_groups(claim.tokens, claim.text)
    return frozenset(
        f
        for g, t in groups
        if g >= 0 and claim.tokens[g].start >= end and claim.asserts(t)
        for f in word_forms(t)
    )
