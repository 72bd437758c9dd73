"""A claim that says "every" where the source's sentence sets "the rest" apart (round 33).

"בשבתות הגן יהיה פתוח עד 20:00, ובשאר הימים עד 22:00": the 22:00 holds for the rest of the
days only. "הגן יהיה פתוח כל יום עד 22:00" says every day, every other word of it in the
source. Read where the claim has a universal in any use (``scope.any_universal``: "כל יום",
"תמיד", "לכולם") and states no limit of its own, and the chosen support holds "שאר" /
"יתר" (the rest of them) in the clause it follows: a ``generalised`` issue pointing there.
"""

from __future__ import annotations

from workbench.grounding.prepare import Claim
from workbench.grounding.quantifiers.scope import any_universal, claim_limits
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.pieces import clip
from workbench.grounding.reading.sentence_clauses import clause_at
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import Token, normalize

# "שאר" / "יתר" with the prefixes they take ("ובשאר הימים", "וליתר העובדים", "השאר").
_REST = frozenset(
    normalize(p + w).text for w in ("שאר", "יתר") for p in ("", "ה", "ו", "וה", "ב", "ובש", "וב", "ול", "ל")
)


def universal_over_the_rest(
    claim: Claim, idx: SourceIndex, chosen: tuple[int, ...]
) -> list[Issue]:
    """``generalised`` when the claim says "every" of what the support says of the rest."""
    if any_universal(claim) is None or claim_limits(claim):
        return []
    if any(_rest(t) for t in claim.tokens):
        return []  # the claim keeps "the rest" itself ("וכל 12 דקות בשאר היום")
    said = {f for t in claim.tokens if claim.asserts(t) for f in (t.key, *t.stems)}
    for s in idx.sentences_of(chosen):
        lo, hi = idx.sent_flat[s]
        for p in range(lo, hi):
            if not _rest(idx.flat[p]):
                continue
            cl = clause_at(idx, p)
            own = {f for t in cl.toks for f in (t.key, *t.stems)}
            if len(own & said) >= 2:  # the claim follows the clause of "the rest"
                msg = (
                    f"the source says this of the rest only («{clip(idx.source[cl.start : cl.end])}»); "
                    "the claim says it of all"
                )
                return [Issue(IssueKind.GENERALISED, msg, (cl.start, cl.end))]
    return []


def _rest(t: Token) -> bool:
    return t.key in _REST
