"""A claim that says "without any condition" where the source states one (round 31), or
"every" case of what the source states under a condition (round 35).

"אבל אם נועה תחזיר לי את הישן, אני אנכה לה 100 שקל" makes the deduction conditional;
"הוא התחייב לנכות לה 100 שקל בלי שום תנאי" says it is not, every other word of it in the
source. Read where the claim holds "תנאי" (condition) under בלי / ללא, or "בכל מקרה" (in any
case), and a chosen supporting sentence holds a condition word (``hebrew.CONDITIONS``:
"אם", "בתנאי ש"...): a ``generalised`` issue pointing at the condition.
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.prepare import Claim
from workbench.grounding.quantifiers.scope import any_universal, claim_limits
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.meaning import is_without
from workbench.grounding.reading.pieces import clip, has_form
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import CONDITIONS, Token, normalize

# "תנאי" (a condition) and "מקרה" of "בכל מקרה" (in any case), their forms as the reader keeps them.
_CONDITION_NOUN = frozenset({normalize("תנאי").text})
_ANY_CASE = (normalize("בכל").text, normalize("מקרה").text)


def unconditional_over_condition(
    claim: Claim, idx: SourceIndex, chosen: tuple[int, ...]
) -> list[Issue]:
    """``generalised`` when the claim denies a condition the supporting sentences state."""
    toks = list(claim.tokens)
    if any(has_form(t, CONDITIONS) or has_form(t, _DEPENDS) for t in toks):
        return []  # the claim states a condition itself ("תלויה בהתקדמות הבנייה")
    denies = _denies(toks)
    if not denies and (any_universal(claim) is None or claim_limits(claim)):
        return []  # "על כל איחור" says every case, as "בלי שום תנאי" does (round 35)
    sents = idx.sentences_of(chosen)
    if any(_denies(idx.flat[slice(*idx.sent_flat[s])]) for s in sents):
        return []  # the source itself says "בלי שום תנאי"
    if not denies:
        sents = _followed(claim, idx, sents)  # a universal: the sentence it follows
    for s in sents:
        lo, hi = idx.sent_flat[s]
        cond = next((t for i, t in enumerate(idx.flat[lo:hi]) if _condition(idx.flat, lo + i)), None)
        if cond is not None:
            a, b = idx.sentences[s]
            msg = (
                f"the source states a condition («{clip(idx.source[cond.start : b])}»); "
                "the claim says there is none"
            )
            return [Issue(IssueKind.GENERALISED, msg, (cond.start, b))]
    return []


def _denies(toks: Sequence[Token]) -> bool:
    """Whether ``toks`` deny a condition: "תנאי" under בלי / ללא, or "בכל מקרה"."""
    return any(
        has_form(t, _CONDITION_NOUN) and any(is_without(u) for u in toks[max(0, i - 2) : i])
        for i, t in enumerate(toks)
    ) or any((a.key, b.key) == _ANY_CASE for a, b in zip(toks, toks[1:], strict=False))


def _condition(flat: Sequence[Token], p: int) -> bool:
    """Whether word ``p`` is a condition word: "אם" after "בלי" / "ללא" / "של" is a mother
    ("גורים בלי אם"), no "if"."""
    if not has_form(flat[p], CONDITIONS):
        return False
    return not (p and flat[p - 1].key in _MOTHER_BEFORE)


_MOTHER_BEFORE = frozenset({"בלי", "ללא", "של"})
# "depends on": a claim saying it states the condition in its own words
_DEPENDS = frozenset(normalize(w).text for w in ("תלוי", "תלויה", "תלויים", "תלויות"))


def _followed(claim: Claim, idx: SourceIndex, sents: Sequence[int]) -> list[int]:
    """The supporting sentences the claim follows (two of its words by form, and half as
    many as the sentence it follows most), for a universal read against a condition: a
    condition in a sentence of the support window that says little of the claim restricts
    another statement ("...ולקבל החזר מלא של 45 שקל" beside "...לא ייקנסו, אבל רק אם")."""
    said = {f for t in claim.terms if claim.asserts(t) for f in (t.key, *t.stems)}

    def shared(s: int) -> int:
        return sum(1 for t in idx.flat[slice(*idx.sent_flat[s])] if {t.key, *t.stems} & said)

    if not sents:
        return []
    best = max(shared(s) for s in sents)
    return [s for s in sents if shared(s) >= max(2, best / 2)]
