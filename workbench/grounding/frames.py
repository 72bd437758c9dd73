"""The copied-frame substitution check: a name-like claim word standing where the
source has another word, inside a phrase the claim otherwise copies.

Used by ``checks`` (stage 5 of the pipeline).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from workbench.grounding.index import SourceIndex, frame_forms
from workbench.grounding.params import FRAME_CONTEXT
from workbench.grounding.prepare import Claim
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import Token, is_light, is_stopword, month_values

_CLAUSE_MARKS = frozenset(',;:.?!()"')


def _gap_breaks(text: str, a: int, b: int) -> bool:
    """Whether the text between two words holds clause punctuation."""
    return any(c in _CLAUSE_MARKS for c in text[a:b])


def _frame_hits(
    i: int,
    toks: Sequence[Token],
    forms: list[frozenset[str]],
    idx: SourceIndex,
    joined: Callable[[int, int], bool],
    at: Callable[[int, int], bool],
    positions: Callable[[int], set[int]],
) -> list[int]:
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


def frame_substitutions(claim: Claim, idx: SourceIndex, m: np.ndarray) -> list[Issue]:
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

    q = claim.question_end
    anywhere = m.max(axis=1) if m.shape[1] else np.zeros(len(claim.terms))
    new = {
        t.key
        for r, t in enumerate(claim.terms)
        if anywhere[r] == 0
        and t.number is None
        and t.start > q
        and not is_light(t)
        and _specific(t, claim.text)
    }
    if not new:
        return []
    toks = claim.tokens
    forms = [frame_forms(t) for t in toks]
    used = frozenset().union(*forms)
    flat, n = idx.flat, len(idx.flat)
    text = claim.text

    def joined(i: int, j: int) -> bool:  # tokens i < j adjacent in one clause of the claim
        return (
            0 <= i
            and j < len(toks)
            and toks[i].start > q
            and not _gap_breaks(text, toks[i].end, toks[j].start)
        )

    def at(t: int, p: int) -> bool:  # claim token t matches source token p
        return 0 <= p < n and bool(forms[t] & frame_forms(flat[p]))

    def positions(t: int) -> set[int]:
        return {p for f in forms[t] for p in idx.form_pos.get(f, ())}

    def content(t: Token) -> bool:
        return not is_stopword(t) and t.number is None

    out: list[Issue] = []
    for i, t in enumerate(toks):
        if t.key not in new:
            continue
        found = [p for p in _frame_hits(i, toks, forms, idx, joined, at, positions) if p >= 0]
        for p in sorted(found):
            w = flat[p]
            if content(w) and not (frame_forms(w) & used):
                src = idx.source[w.start : w.end]
                msg = f"word {text[t.start : t.end]} replaces {src} of the source"
                out.append(Issue(IssueKind.WORD_REPLACED, msg, (w.start, w.end)))
                break
    return out
