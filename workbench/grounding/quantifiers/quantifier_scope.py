"""A universal over a noun the source quantifies in part (round 20).

"כל N P" says P of every N. Where the source says P of part of the same N, with a
partitive quantifier before the noun ("רוב התאונות היו פניות שמאלה", "חלק מהשרטוטים
נסרקו") or as a pronoun after it ("40 מופעים בשנה, רובם בקיץ": רובם is "most of them",
the noun before it), the claim widens the source's part to the whole: half true, wherever
in the source the quantifier stands (the frame rules read only the sentence the claim
follows, and a pronoun quantifier restricts no noun after it).

The claim's universal scopes over the first content word after it that is not a figure
("כל 45 אלף השקלים" -> השקלים); the source's quantified clause must hold a word of the
claim besides that noun (the predicate), and the source must never say "all" of the noun
itself (a claim may take its כל from there). A claim with a limit of its own (a
negation, restrictor, condition, exception, "only", a clause opener) is not read.
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.prepare import Claim
from workbench.grounding.quantifiers.scope import any_universal, claim_limits
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.pieces import has_form, has_prefix, is_content
from workbench.grounding.reading.sentence_clauses import clause_at
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import (
    ONLY_WORDS,
    PART_PRONOUNS,
    PART_QUANTIFIERS,
    PARTITIVE_PRONOUNS,
    UNIVERSALS,
    Token,
)

BACK = 8  # words before a pronoun quantifier where its noun may stand
ALL_PRONOUNS = UNIVERSALS - {"כל", "תמיד", "לגמרי"}  # כולם, כולן...: all of them


def _scoped(toks: Sequence[Token], at: Token) -> Token | None:
    """The noun a claim universal at token ``at`` scopes over: the next content word that
    is not a figure, within three words (none after כולם / תמיד / לגמרי)."""
    if not has_form(at, frozenset({"כל"})) and at.key[1:] != "כל":
        return None
    i = next(k for k, t in enumerate(toks) if t is at)
    for t in toks[i + 1 : i + 4]:
        if is_content(t) and t.number is None:
            return t
    return None


def _holds(idx: SourceIndex, p: int, noun: frozenset[str], rest: list[frozenset[str]]) -> bool:
    """Whether the clause of flat position ``p`` holds a claim word of ``rest`` (its
    predicate), other than the noun and the word at ``p``."""
    cl = clause_at(idx, p)
    for u in idx.flat[cl.lo : cl.hi]:
        if (
            u is not idx.flat[p]
            and not frame_forms(u) & noun
            and any(frame_forms(u) & f for f in rest)
        ):
            return True
    return False


def _all_word(u: Token) -> bool:
    """A universal word of the source: כל (alone or prefixed), כולם, תמיד, לגמרי."""
    return has_form(u, UNIVERSALS) or u.key[1:] == "כל"


def _says_all(idx: SourceIndex, noun: frozenset[str], rest: list[frozenset[str]]) -> bool:
    """Whether the source says "all" of the noun in a clause holding the claim's
    predicate: a universal within two words before it, or a pronoun one ("וכולם") up to
    ``BACK`` words after it in its sentence."""
    flat = idx.flat
    for p, t in enumerate(flat):
        if not frame_forms(t) & noun:
            continue
        hi = idx.sent_flat[idx.flat_sent[p]][1]
        alls = [q for q in range(max(0, p - 2), p) if _all_word(flat[q])]
        alls += [q for q in range(p + 1, min(hi, p + BACK)) if has_form(flat[q], ALL_PRONOUNS)]
        if any(_holds(idx, q, noun, rest) for q in alls):
            return True
    return False


def _antecedent(idx: SourceIndex, lo: int, hi: int, noun: frozenset[str]) -> bool:
    """Whether ``noun`` is what a pronoun quantifier at flat position ``hi`` counts: it
    stands in ``[lo, hi)`` with no figure after its last place there (a figure between
    counts a nearer noun: "ביקרו התלמידים ב-12 מוזיאונים, רובם בירושלים")."""
    last = max((q for q in range(lo, hi) if frame_forms(idx.flat[q]) & noun), default=None)
    return last is not None and all(idx.flat[q].number is None for q in range(last + 1, hi))


def _part_of(idx: SourceIndex, p: int, noun: frozenset[str]) -> bool:
    """Whether flat position ``p`` quantifies ``noun`` in part: a partitive quantifier
    before it (the next content word, a prefixed מ included: "חלק מהשרטוטים"), a count
    of it after "only" ("רק עשרה קרשים") or with מ ("ארבעה מהאתרים"), or a pronoun
    quantifier ("רובם", a count before "מהם") of the noun standing up to ``BACK`` words
    before it in its sentence."""
    t = idx.flat[p]
    lo, hi = idx.sent_flat[idx.flat_sent[p]]
    prev = idx.flat[p - 1] if p > lo else None
    counted = prev is not None and prev.number is not None
    if has_form(t, PART_PRONOUNS) or (counted and has_form(t, PARTITIVE_PRONOUNS)):
        return _antecedent(idx, max(lo, p - BACK), p - 1 if counted else p, noun)
    nxt = idx.flat[p + 1 : min(hi, p + 3)]
    if has_form(t, ONLY_WORDS) and nxt and nxt[0].number is not None:
        return len(nxt) > 1 and bool(frame_forms(nxt[1]) & noun)
    if t.number is not None and nxt and nxt[0].key[:2] == "מה" and has_prefix(nxt[0], "מ"):
        k = nxt[0].key  # "ארבעה מהאתרים"; not "300 מהגרים" (the noun is the whole word)
        return bool({k[1:], k[2:]} & noun)
    if not has_form(t, PART_QUANTIFIERS):
        return False
    word = next((u for u in nxt if is_content(u)), None)
    return word is not None and bool(frame_forms(word) & noun)


def universal_over_part(claim: Claim, idx: SourceIndex) -> list[Issue]:
    """A claim "כל N ... P" where the source quantifies N in part in a clause saying P."""
    toks = [t for t in claim.tokens if claim.asserts(t)]
    said = any_universal(claim)
    if said is None or claim_limits(claim):
        return []
    head = _scoped(toks, said)
    if head is None:
        return []
    noun = frame_forms(head)
    rest = [frame_forms(t) for t in toks if is_content(t) and t is not head and t is not said]
    if _says_all(idx, noun, rest):
        return []
    for p in range(len(idx.flat)):
        if _part_of(idx, p, noun) and _holds(idx, p, noun, rest):
            cl = clause_at(idx, p)
            s, e = idx.flat[cl.lo].start, idx.flat[cl.hi - 1].end
            msg = (
                f"the source says this of part («{idx.source[s:e]}», source [{s}:{e}]); "
                f"the claim says it of all"
            )
            return [Issue(IssueKind.GENERALISED, msg, (s, e))]
    return []
