"""Stage 5's near-copy checks: a claim that copies one source sentence must keep its words
and its negation. Measured against the copied sentence alone (``support.copied``), a
content word it does not hold is a swapped word (``word_swapped``), and a negation of the
copied part the claim leaves out is the source negating what the claim asserts."""

from __future__ import annotations

import numpy as np
from rapidfuzz import fuzz

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.meaning import is_without
from workbench.grounding.reading.pieces import has_form, is_content, turn_label
from workbench.grounding.reading.sentence_clauses import sentence_clauses
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import LIMIT_WORDS, Token, is_light, is_negation, is_negation_key


def _swapped(claim: Claim, t: Token) -> Issue:
    """A content word of a near-copy claim that its span does not hold at all: a claim
    that copies a sentence but swaps a word (an entity, an antonym) is the textbook
    contradiction; in a genuine paraphrase the alignment is too loose for this check to
    run. Only the answer of "question? answer" counts."""
    word = claim.text[t.start : t.end]
    return Issue(IssueKind.WORD_SWAPPED, f"word {word} not found in the span the claim copies")


def _uncovered(claim: Claim, covered: np.ndarray) -> list[Token]:
    """The claim's asserted content words (numbers aside) its span does not hold. A
    light word (``hebrew.LIGHT_WORDS``: "אמר", "לדברי", "כמעט") adds no fact, so a near
    copy that puts one in ("עידן אמר: ..." for his turn) swaps nothing."""
    return [
        t
        for r, t in enumerate(claim.terms)
        if claim.asserts(t)
        and t.number is None
        and covered[r] == 0
        and len(t.key) >= 2
        and not is_light(t)
    ]


def dropped_negation(claim: Claim, idx: SourceIndex, k: int) -> bool:
    """Whether the part of candidate ``k`` that a near-copy claim aligns to has a negation
    (source "הוועדה לא אישרה", claim "הוועדה אישרה")."""
    q = claim.key_string
    target = idx.candidate_keys(k)
    if not q or not target:
        return False
    al = fuzz.partial_ratio_alignment(q, target)
    if al is None:
        return False
    region = target[al.dest_start : al.dest_end]
    return any(is_negation_key(w) for w in region.split())


def _keeps_every_word(claim: Claim, idx: SourceIndex, sent: int) -> bool:
    """Whether the claim keeps every content word of source sentence ``sent``, clause by
    clause: each clause kept whole or left out whole ("המעיין החם ביותר, עין ברקת, נובע
    ממעמקים של כ-900 מטרים" of a sentence going on ", ומימיו עשירים בגופרית"), the
    speaker's label of a turn ("טל אבירמוב (מדריך):") aside. What it adds then replaces
    nothing there."""
    values = {mention.value for mention in claim.numbers}
    if not values <= set(idx.sent_values[sent]):
        return False
    said = {f for t in claim.tokens if claim.asserts(t) for f in frame_forms(t)}
    label = _label_end(idx, sent)
    kept = False
    for cl in sentence_clauses(idx, sent):
        toks = [t for t in cl.toks if t.start > label]
        held = [
            bool(frame_forms(t) & said)
            for t in toks
            if t.number is None and is_content(t) and not is_light(t)
        ]
        if any(held) and not all(held):
            return False
        if kept and not any(held) and any(_limits(t) for t in toks):
            return False  # the claim leaves out ", אבל לא אצל 40 נהגים": a limit, not a tail
        kept = kept or any(held)
    return kept


def _limits(t: Token) -> bool:
    """A word that limits or denies what the sentence says before it (לא, בלי, רק, אבל,
    חוץ מ): a clause holding one is no tail a copy may leave out."""
    return is_negation(t) or is_without(t) or has_form(t, LIMIT_WORDS)


def _label_end(idx: SourceIndex, sent: int) -> int:
    """The end of the speaker's label when sentence ``sent`` opens a turn ("עידן ארזואן
    (השחקן): ..."), else -1: the label names who speaks, it is not said."""
    s = idx.sentences[sent][0]
    lo, hi = turn_label(idx, s)
    return hi if lo <= s < hi else -1


def _named_elsewhere(idx: SourceIndex, t: Token) -> bool:
    """Whether claim word ``t`` is a word the source uses in another sentence."""
    return any(f in idx.form_pos for f in frame_forms(t))


def copy_checks(claim: Claim, idx: SourceIndex, m: np.ndarray, copied: int) -> list[Issue]:
    """A near copy, measured against the copied sentence alone: words fetched from another
    sentence do not excuse a swap ("ירושלים הוכרזה כבירה" -> "תל אביב הוכרזה כבירה").
    A copy that keeps every content word of its sentence swaps none: a word it adds from
    another sentence names what the sentence leaves to a pronoun or to the text's topic
    ("היום מפעילה את המצפה המועצה" for "היום מפעילה אותו המועצה")."""
    uncovered = _uncovered(claim, m[:, copied])
    if uncovered and _keeps_every_word(claim, idx, copied):
        uncovered = [t for t in uncovered if not _named_elsewhere(idx, t)]
    swapped = [_swapped(claim, t) for t in uncovered]
    if not claim.negated and dropped_negation(claim, idx, copied):
        msg = "the source negates what the claim asserts"
        swapped.append(Issue(IssueKind.SOURCE_NEGATES, msg))
    return swapped
