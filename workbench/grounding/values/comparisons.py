"""A comparison of two values against the source's own figures (round 32).

"כרטיס למבוגר עולה 90 שקל, ואילו כרטיס לילד עולה 55 שקל": a claim may compare the two
clauses by their gap ("כרטיס למבוגר עולה 35 שקל יותר מכרטיס לילד"), which joins what the
source states apart, so the clause rules do not read it (``binding.CLAUSE_RULES``). What
it must keep is the direction: "כרטיס לילד עולה 35 שקל יותר מכרטיס למבוגר" has the right
gap and every word of the source, and gives the larger value to the other side. Read where
the claim states a gap (``derived.difference_pairs``: the larger and the smaller figure),
says which side is more or less (``hebrew.MORE_WORDS`` / ``LESS_WORDS`` after the figure,
"35 שקל יותר", or before it, "זול ב-35"), and the two figures stand in two clauses: the
words the claim puts before the figure (its subject) and after it (what it is compared
with) are matched against the words each clause holds and the other does not, what it
is compared with first.
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.pieces import is_content
from workbench.grounding.reading.sentence_clauses import clause_at
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.values.derived import difference_pairs
from workbench.grounding.values.source_figures import Figure
from workbench.hebrew import LESS_WORDS, MORE_WORDS, Token, glued_form


def comparison_against_figures(claim: Claim, idx: SourceIndex, ids: list[int]) -> Issue | None:
    """``bound_elsewhere`` when the claim gives the larger of two compared values to the
    side the source gives the smaller (see the module)."""
    toks = [t for t in claim.tokens if claim.asserts(t)]
    values, months = idx.span_values(ids)
    for m in claim.numbers:
        at = [k for k, t in enumerate(toks) if m.start <= t.start < m.end]
        if not at:
            continue
        more = _pole(toks, at[0], at[-1])
        if more is None:
            continue
        pairs = difference_pairs(claim, m, idx, ids)
        sides = [_side(idx, toks[: at[0]], toks[at[-1] + 1 :], big, small) for big, small in pairs]
        if not pairs or more in sides or None in sides:
            continue  # one reading of the gap keeps the direction, or none can be told
        big, small = pairs[0]
        mine, theirs = (small, big) if more else (big, small)
        msg = (
            f"the claim says its subject has {'more' if more else 'less'}, but the source "
            f"gives it {mine.mention.text.strip()} against {theirs.mention.text.strip()}"
        )
        return Issue(IssueKind.BOUND_ELSEWHERE, msg, (mine.mention.start, mine.mention.end))
    return None


def _pole(toks: Sequence[Token], i: int, j: int) -> bool | None:
    """Whether the claim says its subject has more (True) or less (False): a pole word
    within two words after the figure, or within three before it."""
    near = [*toks[j + 1 : j + 3], *toks[max(0, i - 3) : i]]
    more = any(glued_form(t, MORE_WORDS) for t in near)
    less = any(glued_form(t, LESS_WORDS) for t in near)
    return None if more == less else more


def _side(
    idx: SourceIndex, before: Sequence[Token], after: Sequence[Token], big: Figure, small: Figure
) -> bool | None:
    """Whether the claim's subject (``before``) is the larger figure's side (True), the
    smaller's (False), or neither can be told (None): by the words of each figure's clause
    that the other's clause lacks, found after the figure, else before it."""
    a, b = (_clause_forms(idx, f) for f in (big, small))
    if a is None or b is None or a == b:
        return None
    units = big.unit | small.unit  # "1,800 שקל, לא 4,200": one clause writes the unit
    own_a, own_b = a - b - units, b - a - units

    def hits(part: Sequence[Token], own: frozenset[str]) -> int:
        return sum(1 for t in part if is_content(t) and t.number is None and frame_forms(t) & own)

    # what the subject is compared with is said after the figure, in a few words ("מכרטיס
    # למבוגר"); the words before it may also hold the sentence's topic, which the source
    # states once, in its first clause ("במוזיאון הרכבות"): read after, then before
    than = hits(after, own_b) - hits(after, own_a)
    if than:
        return than > 0
    lean = hits(before, own_a) - hits(before, own_b)
    return None if lean == 0 else lean > 0


def _clause_forms(idx: SourceIndex, f: Figure) -> frozenset[str] | None:
    """The word forms of the clause holding figure ``f``."""
    p = idx.flat_at(f.mention.start)
    if p >= len(idx.flat):
        return None
    cl = clause_at(idx, p)
    return frozenset(x for t in cl.toks if t.number is None for x in frame_forms(t))
