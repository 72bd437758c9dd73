"""The rest of a share: a claim that negates over the complement of a share the source
asserts (round 46).

"רוב התיקונים במעבדה אינם של מקררים" for "כעשירית מהתיקונים עדיין של מקררים", "כשני
שלישים מהתקציב אינם מתרומות" for "שליש ממנו מגיע מתרומות": the claim says what the rest
of the whole does not do. Its negation then says which part it speaks of; it does not deny
the source (as ``derived.negated_rest`` reads "18 לא הופנו" of "27 אוניות, ו-9 מהן
הופנו"). The claim names its share by a majority word (רוב, מרבית) or a share of at least
half ("שני שלישים", "70%"); the source states, in a clause holding a word the claim
negates and no negation of its own, a share under half for a majority, or the claim's
complement (within ``SLACK``) for a share. Shares are fraction words ("כשליש", "כרבע",
"מחצית"), plural fractions ("שלושה רבעים") and percentages; a count of a whole ("120 מתוך
300") is round 34's most34, not kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.meaning import negation_groups, word_forms
from workbench.grounding.reading.pieces import is_content
from workbench.grounding.reading.sentence_clauses import clause_at
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.values.source_figures import sentence_of, to_decimal
from workbench.hebrew import (
    NumberMention,
    Token,
    extract_numbers,
    has_form,
    is_negation,
    normalize,
)

# a share read from a word alone ("כשליש", "ורבע", "מחצית"); "עשירית" is also read as the
# ordinal ten by the number reader, so it is read here by its word
_SHARES: dict[str, Decimal] = {
    normalize(w).text: Decimal(1) / d
    for w, d in (("חצי", 2), ("מחצית", 2), ("שליש", 3), ("רבע", 4), ("חמישית", 5), ("עשירית", 10))
}
_MAJORITY = frozenset(normalize(w).text for w in ("רוב", "מרבית"))
SLACK = Decimal("0.05")  # "כשליש" and "כשני שלישים" are approximate
_HALF = Decimal("0.5")


def negated_share_rest(claim: Claim, idx: SourceIndex, ids: list[int]) -> bool:
    """Whether the claim's negation speaks of the rest of a share that sentences ``ids``
    assert (see the module)."""
    if not claim.negated:
        return False
    asserted = [t for t in claim.tokens if claim.asserts(t)]
    # shares are numbers the claim checks no figure of, so they are read from its text
    got = _claim_share(asserted, extract_numbers(claim.text))
    if got is None:
        return False
    mine, at = got
    groups = negation_groups(claim.tokens, claim.text)
    negated = frozenset(
        f
        for g, t in groups
        if g >= 0 and is_content(t) and _one_clause(claim.text, at, claim.tokens[g].start)
        for f in word_forms(t)
    )
    for s in ids:
        toks, mentions = sentence_of(idx, s)
        for at, share in _shares(toks, mentions):
            if not _fits(mine, share):
                continue
            clause = clause_at(idx, idx.sent_flat[s][0] + at).toks
            if any(is_negation(t) for t in clause):
                continue
            if not negated.isdisjoint(f for t in clause for f in word_forms(t)):
                return True
    return False


def _claim_share(
    toks: Sequence[Token], numbers: Sequence[NumberMention]
) -> tuple[Decimal, int] | None:
    """The share the claim speaks of and where it starts: 0 for a majority word (more than
    half), else a share of at least half it states, else None."""
    for t in toks:
        if has_form(t, _MAJORITY):
            return Decimal(0), t.start
    for m in numbers:
        v = _share_value(m)
        if v is not None and v >= _HALF:
            return v, m.start
    return None


def _one_clause(text: str, a: int, b: int) -> bool:
    """Whether no comma or semicolon stands between offsets ``a`` and ``b``: the claim's
    share governs its negation only in one clause ("70% על העבודה, לא והשאר..." does not)."""
    lo, hi = sorted((a, b))
    return not any(c in text[lo:hi] for c in ",;")


def _shares(toks: Sequence[Token], mentions: Sequence[NumberMention]) -> list[tuple[int, Decimal]]:
    """The shares ``toks`` state, in order, each with the index of its last token: fraction
    words ("כשליש"), and the mentions that are shares (a plural fraction, a percentage: pass
    only those to read)."""
    out = [(i, v) for i, t in enumerate(toks) if (v := _word_share(t)) is not None]
    for m in mentions:
        v = _share_value(m)
        inside = [i for i, t in enumerate(toks) if m.start <= t.start < m.end]
        if v is not None and inside:
            out.append((inside[-1], v))  # its last word: the words after it follow
    return sorted(out)


def _word_share(t: Token) -> Decimal | None:
    """The share a fraction word names, prefixed or not ("כשליש", "ורבע")."""
    return next((_SHARES[f] for f in (t.key, *t.stems) if f in _SHARES), None)


def _share_value(m: NumberMention) -> Decimal | None:
    """A number's value as a share of a whole: a plural fraction or a percentage."""
    v = to_decimal(m.value)
    if v is None or not (m.share or m.percent):
        return None
    return v / 100 if m.percent else v


def _fits(mine: Decimal, share: Decimal) -> bool:
    """Whether the source's ``share`` is the complement of the claim's: under half for a
    majority (``mine`` 0), else the rest of ``mine`` within ``SLACK``."""
    if mine == 0:
        return share < _HALF
    return abs(share - (1 - mine)) <= SLACK


def share_conflict(claim: Claim, idx: SourceIndex, ids: list[int]) -> Issue | None:
    """``bound_elsewhere`` when the claim asserts a share in words ("כשני שלישים מהתקציב
    מגיעים מתרומות") that a supporting sentence gives otherwise, in a clause holding a word
    after the claim's share, in a sentence holding two of them ("התקציב ..., ושליש ממנו
    מגיע מתרומות"), and no supporting sentence states the claim's share. The complement is
    accused only in the source's own words: "חוסכת כשני שלישים מהמים" may restate "צורכת
    כשליש מהמים". Such shares are no figures the number checks read
    (``hebrew.numbers`` reads them unchecked), so the share was never compared (round 46,
    found by the negation stress once share46 let the negated form pass)."""
    if claim.negated:
        return None  # a negated share is the rest of another (``negated_share_rest``)
    toks = list(claim.tokens)
    # shares in words only: percentages are figures the number checks compare
    mine = _shares(toks, [m for m in extract_numbers(claim.text) if m.share])
    if len(mine) != 1:
        return None
    at, v = mine[0]
    after = _clause_words(claim.text, toks[at + 1 :])
    if len(after) < 2:
        return None
    words = [frozenset(word_forms(t)) for t in toks if is_content(t) and t.number is None]
    found: tuple[int, Decimal, tuple[Token, ...]] | None = None
    for s in ids:
        stoks, mentions = sentence_of(idx, s)
        for k, w in _shares(stoks, [m for m in mentions if m.share]):
            if abs(w - v) <= SLACK:
                return None  # the claim's share is stated
            clause = clause_at(idx, idx.sent_flat[s][0] + k).toks
            near = {f for t in clause for f in word_forms(t)}
            whole = {f for t in stoks for f in word_forms(t)}
            if found is not None or not any(fs & near for fs in after):
                continue
            if sum(1 for fs in after if fs & whole) < 2:
                continue
            if abs(w - (1 - v)) <= SLACK and any(not fs & whole for fs in words):
                continue  # the complement in words of its own ("חוסכת כשני שלישים" of "צורכת כשליש")
            found = (s, w, clause)
    if found is None:
        return None
    _, w, clause = found
    said = claim.text[toks[at].start : toks[at].end]
    there = (clause[0].start, clause[-1].end)
    msg = f"{said}: the source gives another share here: «{idx.source[there[0] : there[1]]}»"
    return Issue(IssueKind.BOUND_ELSEWHERE, msg, there)


def _clause_words(text: str, toks: Sequence[Token]) -> list[frozenset[str]]:
    """The forms of the content words of ``toks`` up to the first comma."""
    out = []
    for i, t in enumerate(toks):
        if i and "," in text[toks[i - 1].end : t.start]:
            break
        if is_content(t) and t.number is None:
            out.append(frozenset(word_forms(t)))
    return out
