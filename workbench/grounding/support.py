"""Stage 4 of the grounding pipeline: choose the support.

The best candidate leads (a verifier, when given, rescores the top ones; otherwise a
span holding all the claim's numbers and Latin names is preferred when it scores close
enough). Sentences anywhere in the source that hold what the best span lacks are added,
up to ``MAX_SPANS``. The support score mixes IDF overlap and coverage over the chosen
spans, less a cost for content the source never states (``unexplained``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np
from rapidfuzz import fuzz

from workbench.grounding.candidates import CUTOFF_MARGIN, Ranking
from workbench.grounding.params import (
    EXTRA_SPAN_MIN_GAIN,
    EXTRA_SPAN_PENALTY,
    FUZZ_MIN_TOKENS,
    FUZZ_TOP,
    MAX_SPANS,
    NEAR_COPY,
    NUMBER_SWITCH,
    OVERLAP_WEIGHT,
    PREFIX,
    UNEXPLAINED_FREE,
    UNEXPLAINED_WEIGHT,
    WINDOW_MIN_NEW,
    WINDOW_PENALTY,
)
from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.hebrew import is_light, number_found

Verifier = Callable[[str, str], float]


@dataclass(frozen=True)
class VerifierSettings:
    """A verifier ``(claim, span_text) -> [0, 1]``, its weight and how many spans it reads."""

    fn: Verifier | None = None
    weight: float = 0.5
    top_k: int = 3


@dataclass(frozen=True)
class Support:
    """The chosen support of a claim and its score before the checks.

    ``chosen``: candidate ids, the best first, then added sentences; ``scores`` / ``order``:
    every candidate's score (verifier applied) and the ranking; ``copied``: the sentence
    a near copy copies (None when the claim is not one); ``lexical``: the support score
    of the chosen spans; ``score``: after the unexplained-content cost (or the verifier);
    ``unexplained_cost`` and ``new_words``: that cost and the words behind it.
    """

    chosen: tuple[int, ...]
    scores: np.ndarray
    order: np.ndarray
    copied: int | None
    lexical: float
    score: float
    unexplained_cost: float
    new_words: tuple[str, ...]


def _numbers_first(
    claim: Claim, idx: SourceIndex, score: np.ndarray, order: np.ndarray
) -> np.ndarray:
    """Put first the best span holding all the claim's numbers, if it scores well enough.

    The support must hold the claim's numbers: when the best span lacks one and a span
    scoring at least NUMBER_SWITCH x as well holds them all, that span leads. The same goes
    for the Latin-script names the claim asserts (product and company names: "Feedy").
    """
    names = claim.meaning.latin
    if not claim.numbers and not names:
        return order
    best_score = float(score[order[0]])
    for k in order[:FUZZ_TOP]:
        k = int(k)
        if score[k] < NUMBER_SWITCH * best_score:
            break
        cand = idx.candidates[k]
        sents = range(cand.first, cand.last + 1)
        vals, months = idx.candidate_values(k)
        if names and not names <= {w for i in sents for w in idx.sent_meaning[i].latin}:
            continue
        if all(number_found(mm, vals, months) for mm in claim.numbers):
            if k != int(order[0]):
                order = np.concatenate([[k], order[order != k]])
            break
    return order


def _verify(
    claim: Claim, idx: SourceIndex, ranking: Ranking, v: VerifierSettings
) -> tuple[np.ndarray, np.ndarray, dict[int, float]]:
    """Scores and order with the verifier applied to the top spans (when there is one)."""
    score = ranking.lexical.copy()
    order = ranking.order
    verified: dict[int, float] = {}
    if v.fn is None or v.top_k <= 0:
        return score, _numbers_first(claim, idx, score, order), verified
    for k in order[: v.top_k]:
        k = int(k)
        cand = idx.candidates[k]
        got = min(1.0, max(0.0, float(v.fn(claim.text, idx.source[cand.start : cand.end]))))
        verified[k] = got
        score[k] = (1 - v.weight) * score[k] + v.weight * got
    top = order[: v.top_k]
    top = top[np.argsort(-score[top], kind="stable")]
    return score, np.concatenate([top, order[v.top_k :]]), verified


def copied_sentence(
    claim: Claim,
    idx: SourceIndex,
    k: int,
    aligned: Mapping[int, tuple[float, float]] | None = None,
) -> int | None:
    """The sentence of candidate ``k`` that the claim nearly copies, if any.

    A near copy aligns at ``NEAR_COPY`` or better and is about as long as the sentence (the
    alignment is scaled down when the claim is longer), so "sentence A plus a phrase from B"
    is not a near copy of A, while "A with one word swapped" is. ``aligned``: alignments
    already made (``Ranking.aligned``; a sentence is the candidate of its own id).
    """
    if len(claim.tokens) < FUZZ_MIN_TOKENS or not claim.key_string:
        return None
    cand = idx.candidates[k]
    q = claim.key_string
    known = aligned or {}
    best, best_r = None, NEAR_COPY
    for i in range(cand.first, cand.last + 1):
        s = idx.sent_keys[i]
        if not s:
            continue
        scale = min(1.0, len(s) / len(q))
        # only a ratio of at least best_r / scale can be chosen: a higher cutoff lets
        # rapidfuzz stop early (CUTOFF_MARGIN below it, so rounding hides nothing)
        least = best_r / scale * 100 - CUTOFF_MARGIN
        if least > 100:
            continue
        r = _ratio_at(q, s, max(NEAR_COPY * 100, least), known.get(i)) / 100.0
        r *= scale
        if r >= best_r:
            best, best_r = i, r
    return best


def _ratio_at(q: str, s: str, cutoff: float, known: tuple[float, float] | None) -> float:
    """``fuzz.partial_ratio(q, s, score_cutoff=cutoff)``, read from an alignment already
    made (at cutoff ``known[0]``, giving ``known[1]``) when that tells it: a ratio well
    above ``cutoff`` is the ratio, and nothing above a cutoff well below ``cutoff`` is 0
    (rapidfuzz returns 0 below its cutoff, and at it may)."""
    if known is not None:
        was, got = known
        if got > cutoff + CUTOFF_MARGIN:
            return got
        if not got and was < cutoff - CUTOFF_MARGIN:
            return 0.0
    return fuzz.partial_ratio(q, s, score_cutoff=cutoff)


def _add_word_spans(
    m: np.ndarray, w: np.ndarray, idx: SourceIndex, chosen: list[int]
) -> np.ndarray:
    """Add sentences bringing at least WINDOW_MIN_NEW content words worth
    EXTRA_SPAN_MIN_GAIN of the claim's weight; returns the per-term coverage."""
    covered = np.max(m[:, idx.sentences_of(chosen)], axis=1)
    wsum = float(w.sum()) or 1.0
    while len(chosen) < MAX_SPANS:
        missing = np.clip(m - covered[:, None], 0.0, None)  # terms x sentences
        gain = (w @ missing) / wsum
        gain[idx.sentences_of(chosen)] = -1.0
        j = int(np.argmax(gain))
        if gain[j] < EXTRA_SPAN_MIN_GAIN or int((missing[:, j] > 0).sum()) < WINDOW_MIN_NEW:
            break
        chosen.append(j)  # sentence j is candidate j (sentences come first)
        covered = np.maximum(covered, m[:, j])
    return covered


def _add_number_spans(
    claim: Claim, idx: SourceIndex, m: np.ndarray, chosen: list[int], covered: np.ndarray
) -> np.ndarray:
    """Add, for each claim number the spans lack, the sentence holding it that shares the
    most other content words (exactly or by prefix) with the claim."""
    word_rows = np.array([t.number is None for t in claim.terms])
    for mention in claim.numbers:
        if len(chosen) >= MAX_SPANS:
            break
        ids = idx.sentences_of(chosen)
        vals, months = idx.span_values(ids)
        if number_found(mention, vals, months):
            continue
        best_j, best_shared = -1, 0
        used = set(ids)
        for j, sv in enumerate(idx.sent_values):
            if j in used or not number_found(mention, sv, idx.sent_months[j]):
                continue
            shared = int((m[word_rows, j] >= PREFIX).sum()) if word_rows.any() else 0
            if shared > best_shared:
                best_j, best_shared = j, shared
        if best_j >= 0:
            chosen.append(best_j)
            covered = np.maximum(covered, m[:, best_j])
    return covered


def unexplained(claim: Claim, m: np.ndarray, w: np.ndarray) -> tuple[float, list[str]]:
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
    spans = [(mm.start, mm.end) for mm in claim.numbers]
    mass, words = 0.0, []
    anywhere = m.max(axis=1) if m.shape[1] else np.zeros(len(claim.terms))
    for r, t in enumerate(claim.terms):
        if anywhere[r] > 0 or not claim.asserts(t) or t.number is not None or is_light(t):
            continue
        if any(a <= t.start < b for a, b in spans):
            continue
        mass += float(w[r])
        words.append(claim.text[t.start : t.end])
    return mass / wsum, words


def choose_support(
    claim: Claim, idx: SourceIndex, ranking: Ranking, verifier: VerifierSettings
) -> Support:
    """The chosen spans of ``claim`` and their support score (see ``Support``)."""
    score, order, verified = _verify(claim, idx, ranking, verifier)
    best = int(order[0])
    chosen = [best]
    # a near copy of one sentence takes its numbers from that sentence, not from elsewhere
    copied = copied_sentence(claim, idx, best, ranking.aligned)
    m, w = ranking.matches, ranking.weights
    covered = _add_word_spans(m, w, idx, chosen)
    if copied is None:
        covered = _add_number_spans(claim, idx, m, chosen, covered)
    wsum = float(w.sum()) or 1.0
    n_extra = sum(idx.candidates[k].last - idx.candidates[k].first for k in chosen)
    span_pen = WINDOW_PENALTY * n_extra + EXTRA_SPAN_PENALTY * (len(chosen) - 1)
    union = (
        OVERLAP_WEIGHT * float(w @ covered) / wsum
        + (1 - OVERLAP_WEIGHT) * float(covered.sum()) / len(claim.terms)
        - span_pen
    )
    lexical = float(min(1.0, max(0.0, union, float(ranking.lexical[best]))))
    share, new_words = unexplained(claim, m, w)
    cost = UNEXPLAINED_WEIGHT * max(0.0, share - UNEXPLAINED_FREE)
    claim_score = max(0.0, lexical - cost)
    if best in verified:
        claim_score = (1 - verifier.weight) * lexical + verifier.weight * verified[best]
    return Support(
        tuple(chosen), score, order, copied, lexical, claim_score, cost, tuple(new_words)
    )
