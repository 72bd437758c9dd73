"""A claim that says "not before" where the source says "only after" (round 46).

"החופים לא ייפתחו לפני שתצפית אווירית תראה..." for "החופים ייפתחו מחדש רק אחרי שתצפית
מהאוויר תראה..."; "לא תקצה כסף ... לפני 2027" for "התקציב יוקצה רק ב-2027"; "לא יוכל
לבקר ... לפני ש..." for "יוכלו לראות ... רק מ-2028". The two say one thing: the claim's
negation bounds the time of the act from below, as the source's "only" does. The claim
negates a word within ``REACH`` words before its "לפני" / "טרם" (no comma between); a
supporting sentence holds that word and an "only" (``hebrew.ONLY_WORDS``) right before a
lower bound of time: אחרי / לאחר, or a time glued to מ, ב or כש ("רק מ-2028", "רק
באוגוסט", "רק כשהשכונה תאוכלס"), and states every figure of the claim after its "לפני" (a day
swapped for another, "לפני 6 באוגוסט" for "רק ... 1 באוגוסט", is no restatement: the
swaps stress found it). The negation then explains itself, and the claim's "before" is no
opposite of the source's "after". What the event is, is left to the word checks.
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.meaning import negation_groups, word_forms
from workbench.grounding.reading.pieces import has_prefix
from workbench.grounding.values.source_figures import sentence_of
from workbench.hebrew import AFTER_WORDS, ONLY_WORDS, Token, has_form, normalize, number_found

REACH = 6  # claim words from a negated word to its "לפני"
_BEFORE = frozenset(normalize(w).text for w in ("לפני", "טרם"))
_BOUND_PREFIXES = ("מ", "ב", "כש")


def not_before_only_after(claim: Claim, idx: SourceIndex, ids: list[int]) -> bool:
    """Whether the claim's "not ... before" restates a supporting sentence's "only
    after" (see the module)."""
    if not claim.negated:
        return False
    negated, before = _negated_before(claim)
    if not negated:
        return False
    bound = [m for m in claim.numbers if m.start > before]
    for s in ids:
        toks, _ = sentence_of(idx, s)
        if not _only_after(toks):
            continue
        values, months = idx.span_values([s])
        if not all(number_found(m, values, months) for m in bound):
            continue  # the bound's figures are the sentence's own ("לפני 6 באוגוסט" is no "1")
        if not negated.isdisjoint(f for t in toks for f in word_forms(t)):
            return True
    return False


def _negated_before(claim: Claim) -> tuple[frozenset[str], int]:
    """The forms of the words the claim negates that a "לפני" follows within ``REACH``
    words of its clause, and where the first such "לפני" ends."""
    toks = list(claim.tokens)
    out: set[str] = set()
    end = len(claim.text)
    for g, t in negation_groups(claim.tokens, claim.text):
        if g < 0:
            continue
        at = toks.index(t)
        for u in toks[at + 1 : at + 1 + REACH]:
            if "," in claim.text[t.end : u.start]:
                break
            if has_form(u, _BEFORE):
                out.update(word_forms(t))
                end = min(end, u.end)
                break
    return frozenset(out), end


def _only_after(toks: Sequence[Token]) -> bool:
    """Whether a sentence's "only" stands right before a lower bound of time."""
    for i, t in enumerate(toks[:-1]):
        if not has_form(t, ONLY_WORDS):
            continue
        u = toks[i + 1]
        if has_form(u, AFTER_WORDS) or any(has_prefix(u, p) for p in _BOUND_PREFIXES):
            return True
        if u.key in ("מ", "ב"):
            return True  # "רק ב-2027": the prefix stands alone before a hyphenated figure
    return False
