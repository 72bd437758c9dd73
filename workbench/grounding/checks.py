"""Consistency checks of a claim against its chosen spans: numbers and negation, word
substitutions in a near copy or a copied phrase, unexplained content, and meaning
checks (antonym poles, negation scope, places, ordinals, names, speakers).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from rapidfuzz import fuzz

from workbench.grounding.index import (
    SentenceMeaning,
    SourceIndex,
    _frame_forms,
    _negation_groups,
    _word_forms,
)
from workbench.grounding.params import FUZZ_MIN_TOKENS, LOCAL_FAMILIES, LOCAL_SHARED, NEAR_COPY
from workbench.grounding.rank import _Claim, _sentences_of
from workbench.hebrew import (
    Token,
    is_light,
    is_negation_key,
    is_stopword,
    month_values,
    normalize,
    number_found,
    polarity_conflicts,
    pole_word,
)


def _substitutions(pc: _Claim, covered: np.ndarray) -> list[str]:
    """Content words of a near-copy claim that its span does not hold at all.

    A claim that copies a sentence but swaps a word (an entity, an antonym) is the
    textbook contradiction; in a genuine paraphrase the alignment is too loose for this
    check to run.
    """
    out = []
    # In "question? answer" the question asks and does not assert: only the answer counts.
    q = pc.text.rfind("?", 0, len(pc.text.rstrip()) - 1)
    for r, t in enumerate(pc.terms):
        if t.start < q:
            continue
        if t.number is None and covered[r] == 0 and len(t.key) >= 2:
            out.append(f"word {pc.text[t.start : t.end]} not found in the span the claim copies")
    return out


_CLAUSE_MARKS = frozenset(',;:.?!()"')


def _gap_breaks(text: str, a: int, b: int) -> bool:
    """Whether the text between two words holds clause punctuation."""
    return any(c in _CLAUSE_MARKS for c in text[a:b])


FRAME_CONTEXT = 2  # claim words around a swapped word that must match the source in order


def _frame_hits(i, toks, forms, idx, joined, at, positions) -> list[int]:  # noqa: ANN001
    """Source positions ``p`` where a source word stands between source words matching the
    claim's neighbours of word ``i``: one on each side when the claim has both, two in a
    row on the open side at a clause edge (``FRAME_CONTEXT`` in all), each inside one
    clause of the claim and one source sentence."""
    sent, n = idx.flat_sent, len(idx.flat)
    la = 0
    while la < FRAME_CONTEXT and joined(i - la - 1, i - la):
        la += 1
    rb = 0
    while rb < FRAME_CONTEXT and joined(i + rb, i + rb + 1):
        rb += 1
    if la + rb < FRAME_CONTEXT:
        return []
    out = []
    for p0 in positions(i - 1) if la else positions(i + 1):
        p = p0 + 1 if la else p0 - 1  # the replaced source word
        if not 0 <= p < n:
            continue
        lrun = 0
        while lrun < la and 0 <= p - lrun - 1 and sent[p - lrun - 1] == sent[p]:
            if not at(i - lrun - 1, p - lrun - 1):
                break
            lrun += 1
        rrun = 0
        while rrun < rb and p + rrun + 1 < n and sent[p + rrun + 1] == sent[p]:
            if not at(i + rrun + 1, p + rrun + 1):
                break
            rrun += 1
        if la and rb:
            ok = lrun >= 1 and rrun >= 1
        else:
            ok = lrun + rrun >= FRAME_CONTEXT
        if ok:
            out.append(p)
    return out


def _specific(t: Token, text: str) -> bool:
    """A name-like word: an abbreviation or title with gershayim (מנכ"לית, ח"כ), a month,
    or Latin script. A reworded claim swaps generic words for synonyms inside copied
    phrases, so only a specific word standing in a source word's place marks a swap."""
    surface = text[t.start : t.end]
    if t.key.isascii() and t.key.isalpha():
        return True
    if any(c in surface[1:-1] for c in '"\u05f4\u201d'):
        return True
    return bool(month_values([t]))


def _frame_substitutions(pc: _Claim, idx: SourceIndex, m: np.ndarray) -> list[str]:
    """Claim words that replace a source word inside a phrase the claim otherwise copies.

    A claim word that matches nothing in the source (of any strength), whose neighbours
    match source words with exactly one word between them ("המצב X בצפון" against the
    source's "המצב הביטחוני בצפון"), stands where the source has another word: a swapped
    fact rather than a reworded one. At a clause edge, two neighbours on the open side
    must match consecutive source words. At least one neighbour must be a content word.
    Only the answer of "question? answer" is checked.
    """
    if not idx.flat:
        return []
    q = pc.text.rfind("?", 0, len(pc.text.rstrip()) - 1)
    anywhere = m.max(axis=1) if m.shape[1] else np.zeros(len(pc.terms))
    new = {
        t.key
        for r, t in enumerate(pc.terms)
        if anywhere[r] == 0
        and t.number is None
        and t.start > q
        and not is_light(t)
        and _specific(t, pc.text)
    }
    if not new:
        return []
    toks = pc.tokens
    forms = [_frame_forms(t) for t in toks]
    used = frozenset().union(*forms)
    flat, n = idx.flat, len(idx.flat)
    text = pc.text

    def joined(i: int, j: int) -> bool:  # tokens i < j adjacent in one clause of the claim
        return (
            0 <= i
            and j < len(toks)
            and toks[i].start > q
            and not _gap_breaks(text, toks[i].end, toks[j].start)
        )

    def at(t: int, p: int) -> bool:  # claim token t matches source token p
        return 0 <= p < n and bool(forms[t] & _frame_forms(flat[p]))

    def positions(t: int) -> set[int]:
        return {p for f in forms[t] for p in idx.form_pos.get(f, ())}

    def content(t: Token) -> bool:
        return not is_stopword(t) and t.number is None

    out: list[str] = []
    for i, t in enumerate(toks):
        if t.key not in new:
            continue
        found = [p for p in _frame_hits(i, toks, forms, idx, joined, at, positions) if p >= 0]
        for p in sorted(found):
            w = flat[p]
            if content(w) and not (_frame_forms(w) & used):
                src = idx.source[w.start : w.end]
                out.append(f"word {text[t.start : t.end]} replaces {src} of the source")
                break
    return out


def _copied_sentence(pc: _Claim, idx: SourceIndex, k: int) -> int | None:
    """The sentence of candidate ``k`` that the claim nearly copies, if any.

    A near copy aligns at ``NEAR_COPY`` or better and is about as long as the sentence (the
    alignment is scaled down when the claim is longer), so "sentence A plus a phrase from B"
    is not a near copy of A, while "A with one word swapped" is.
    """
    if len(pc.tokens) < FUZZ_MIN_TOKENS or not pc.key_string:
        return None
    cand = idx.candidates[k]
    q = pc.key_string
    best, best_r = None, NEAR_COPY
    for i in range(cand.first, cand.last + 1):
        s = idx.sent_keys[i]
        if not s:
            continue
        r = fuzz.partial_ratio(q, s, score_cutoff=NEAR_COPY * 100) / 100.0
        r *= min(1.0, len(s) / len(q))
        if r >= best_r:
            best, best_r = i, r
    return best


def _dropped_negation(pc: _Claim, idx: SourceIndex, k: int) -> bool:
    """Whether the part of candidate ``k`` that a near-copy claim aligns to has a negation
    (source "הוועדה לא אישרה", claim "הוועדה אישרה")."""
    q = pc.key_string
    a = q.rfind("?", 0, len(q) - 1)  # only the asserted part of "question? answer"
    q = q[a + 1 :].strip() if a >= 0 else q
    target = idx.candidate_keys(k)
    if not q or not target:
        return False
    al = fuzz.partial_ratio_alignment(q, target)
    if al is None:
        return False
    region = target[al.dest_start : al.dest_end]
    return any(is_negation_key(w) for w in region.split())


def _unexplained(pc: _Claim, m: np.ndarray, w: np.ndarray) -> tuple[float, list[str]]:
    """The IDF share of the claim's content that nothing in the source matches, and the
    words concerned.

    Counted: asserted content words (the answer of "question? answer") with no match of
    any strength (exact, prefix, suffix, spelling, root) anywhere in the source. Not
    counted: light words (``hebrew.LIGHT_WORDS``: discourse markers, reporting and modal
    verbs, time deixis, units) and the words of a number, which the number check covers.
    A reworded claim swaps some words for synonyms; a plausible but unstated claim adds
    whole facts, so its unexplained share is higher.
    """
    wsum = float(w.sum())
    if wsum <= 0:
        return 0.0, []
    q = pc.text.rfind("?", 0, len(pc.text.rstrip()) - 1)
    spans = [(mm.start, mm.end) for mm in pc.numbers]
    mass, words = 0.0, []
    anywhere = m.max(axis=1) if m.shape[1] else np.zeros(len(pc.terms))
    for r, t in enumerate(pc.terms):
        if anywhere[r] > 0 or t.start < q or t.number is not None or is_light(t):
            continue
        if any(a <= t.start < b for a, b in spans):
            continue
        mass += float(w[r])
        words.append(pc.text[t.start : t.end])
    return mass / wsum, words


def _checks(pc: _Claim, idx: SourceIndex, chosen: list[int]) -> list[str]:
    """Numbers and negation of the claim against its chosen spans."""
    issues: list[str] = []
    ids = _sentences_of(idx, chosen)
    values, months = idx.span_values(ids)
    for mention in pc.numbers:
        if number_found(mention, values, months):
            continue
        label = mention.text.strip() or mention.value
        if number_found(mention, idx.all_values, idx.all_months):
            issues.append(f"number {label} not found in the supporting spans")
        else:
            issues.append(f"number {label} not found in source")
    if pc.negated and not bool(idx.sent_has_negation[ids].any()):
        issues.append("the claim has a negation that its supporting spans do not")
    return issues


def _union_meaning(idx: SourceIndex, ids: Sequence[int]) -> SentenceMeaning:
    poles: dict[str, set[int]] = {}
    pl: set[str] = set()
    ord_: set[int] = set()
    lat: set[str] = set()
    neg: set[str] = set()
    ass: set[str] = set()
    for i in ids:
        sm = idx.sent_meaning[i]
        for fam, ps in sm.poles.items():
            poles.setdefault(fam, set()).update(ps)
        pl |= sm.places
        ord_ |= sm.ordinals
        lat |= sm.latin
        neg |= sm.negated
        ass |= sm.asserted
    return SentenceMeaning(
        {k: frozenset(v) for k, v in poles.items()},
        frozenset(pl),
        frozenset(ord_),
        frozenset(lat),
        frozenset(neg),
        frozenset(ass),
    )


def _negation_conflicts(pc: _Claim, span: SentenceMeaning) -> list[str]:
    """A word the span negates and the claim asserts, or the reverse.

    Scope: the two words after לא / אין / אינו... ("לא תחלק דיבידנד"). A word counts as
    negated in the span only if the span never says it without a negation, and forms are
    compared with prefixes, suffixes and root skeletons removed (תחלק ~ יחולק).
    """
    q = pc.text.rfind("?", 0, len(pc.text.rstrip()) - 1)  # "question? answer": the answer
    implicit = pc.negated or any(is_implicit_negation(t) for t in pc.tokens)
    groups: dict[int, list[tuple[bool, bool, str]]] = {}
    for g, t in _negation_groups(pc.tokens, pc.text):
        if t.start < q:
            continue
        forms = set(_word_forms(t))
        in_neg = bool(forms & span.negated)
        in_ass = bool(forms & span.asserted)
        word = pc.text[t.start : t.end]
        if g >= 0:
            groups.setdefault(g, []).append((in_neg, in_ass, word))
        elif not implicit and in_neg and not in_ass:
            return [f"the source negates {word}, which the claim asserts"]
    for words in groups.values():
        if any(n for n, _, _ in words):
            continue  # the span negates it too
        asserted = [w for n, a, w in words if a]
        if asserted:
            return [f"the claim negates {asserted[0]}, which the source asserts"]
    return []


# Words that negate without לא / אין: "בלי שאיש תיעד" ~ "אינה מתועדת", "מחסור במורים
# שהוכשרו" ~ "מורים שלא הוכשרו". A claim holding one is not said to drop a negation.
IMPLICIT_NEGATIONS: frozenset[str] = frozenset(
    normalize(w).text for w in "בלי ללא שום אף מחסור חוסר היעדר העדר איש".split()
)


def is_implicit_negation(t: Token) -> bool:
    return t.key in IMPLICIT_NEGATIONS or not IMPLICIT_NEGATIONS.isdisjoint(t.stems)


def _local_pole(fam: str, idx: SourceIndex, ids: Sequence[int], m: np.ndarray) -> bool:
    """Whether a sentence of the span that holds the family's pole is about the claim:
    it shares at least ``LOCAL_SHARED`` content words with it. A long turn may plan
    something else ("הישיבה הבאה") beside what the claim says is done."""
    for i in ids:
        if fam in idx.sent_meaning[i].poles and int((m[:, i] > 0).sum()) >= LOCAL_SHARED:
            return True
    return False


def _meaning_checks(
    pc: _Claim, idx: SourceIndex, chosen: list[int], m: np.ndarray | None = None
) -> list[str]:
    """Contradictions a paraphrase can carry, checked against the chosen spans.

    * an antonym or direction pair: the claim says one pole, the span only the other
      (עלה / ירד, רווח / הפסד, תמך / התנגד, לפני / אחרי, צפון / דרום...);
    * a negation added or removed on a word the two share;
    * another place, ordinal or Latin-script name than the span's, when the span names one
      (a wrong place taken from elsewhere: "נוסדה ביוקנעם" where the span says "בנתניה");
    * in a dialogue, a claim that names one speaker while its span is said only by others.
    """
    cm = pc.meaning
    if cm is None:
        return []
    # against the best span only: a further span added for other words must not excuse
    # a contradiction of the span the claim is mainly about
    ids = _sentences_of(idx, chosen[:1])
    sm = _union_meaning(idx, ids)
    issues: list[str] = []
    for fam in polarity_conflicts(cm.poles, sm.poles):
        if fam in LOCAL_FAMILIES and m is not None and not _local_pole(fam, idx, ids, m):
            continue
        said = pole_word(fam, next(iter(cm.poles[fam])))
        other = pole_word(fam, next(iter(sm.poles[fam])))
        issues.append(f"the claim says {said} where the supporting span says {other}")
    issues += _negation_conflicts(pc, sm)
    for name, mine, theirs in (
        ("place", cm.places, sm.places),
        ("name", cm.latin, sm.latin),
    ):
        missing = sorted(mine - theirs)
        if missing and theirs:
            issues.append(
                f"{name} {missing[0]} not in the supporting span, which names "
                f"{', '.join(sorted(theirs))}"
            )
    if cm.ordinals and sm.ordinals and not cm.ordinals <= sm.ordinals:
        issues.append("the claim's ordinal (first, second...) differs from the span's")
    if idx.speakers:
        q = pc.text.rfind("?", 0, len(pc.text.rstrip()) - 1)
        forms = {f for t in pc.tokens if t.start > q for f in (t.key, *t.stems)}
        named = {k for k, ws in enumerate(idx.speakers) if ws & forms}
        said_by = {idx.sent_speaker[i] for i in ids} - {-1}
        if named and said_by and not named & said_by:
            issues.append("the claim names a speaker other than the one its span quotes")
    return issues
