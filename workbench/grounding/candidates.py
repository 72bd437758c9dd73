"""Stage 3 of the grounding pipeline: find and score the candidate spans.

Each content word of the claim is matched against every sentence (exact 1.0, prefixes
stripped 0.8, suffix-stripped lemma 0.6, spelling variant 0.5, root skeleton 0.45); each
candidate span (sentence, window, turn) takes a term's best match over its sentences and
is scored by IDF-weighted overlap and coverage, raised by a fuzzy alignment for
near-verbatim claims.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from rapidfuzz import fuzz, process

from workbench.grounding.params import (
    EXACT,
    FUZZ_MIN_TOKENS,
    FUZZ_TOP,
    FUZZY,
    FUZZY_CUTOFF,
    FUZZY_MIN_LEN,
    OVERLAP_WEIGHT,
    PREFIX,
    ROOT,
    SOFT,
    WINDOW_MIN_NEW,
)
from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.hebrew import Token


@dataclass(frozen=True)
class Ranking:
    """How the claim's terms match the source and how every candidate span scores.

    ``matches``: terms x sentences match strengths; ``weights``: each term's IDF;
    ``lexical``: each candidate's score before any verifier; ``order``: candidates best
    first (stable).
    """

    matches: np.ndarray
    weights: np.ndarray
    lexical: np.ndarray
    order: np.ndarray
    # candidate -> (cutoff, rapidfuzz's partial_ratio) of the alignments made (``_fuzzy``)
    aligned: dict[int, tuple[float, float]] = field(default_factory=dict)


def _fuzzy_row(t: Token, idx: SourceIndex, row: np.ndarray) -> None:
    """Spelling variants (ktiv male / haser: רישמית ~ רשמית, אוזניות ~ אזניות)."""
    near = idx.vocab_near(len(t.key))  # only words of a length that can pass the cutoff
    got = process.extractOne(t.key, near, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
    if got is not None:
        ids = idx.loose[got[0]]
        row[ids] = np.maximum(row[ids], FUZZY)


def match_row(t: Token, idx: SourceIndex, row: np.ndarray) -> None:
    """Fill one term's match strengths over the sentences (the strongest form wins).

    The plain, uncached rule: ``match_matrix`` keeps its result per source and term key
    (``_term_row``) and must give exactly what it gives."""
    for forms, table, strength in (
        (t.roots, idx.root, ROOT),
        ((*t.keys, *t.lemmas), idx.soft, SOFT),
        (t.keys, idx.loose, PREFIX),
    ):
        for k in forms:
            ids = table.get(k)
            if ids is not None:
                row[ids] = strength
    hit = idx.exact.get(t.key)
    if hit is not None:
        row[hit] = EXACT
    elif len(t.key) >= FUZZY_MIN_LEN and t.number is None and idx.vocab and not (row >= SOFT).any():
        _fuzzy_row(t, idx, row)
    if t.number is not None:
        hit = idx.exact.get(t.number)
        if hit is not None:
            row[hit] = EXACT


# One (strength, sentence) pair of a term row, packed (12 bytes).
_PAIR = np.dtype([("value", "<f8"), ("sentence", "<i4")])


def _term_row(t: Token, idx: SourceIndex) -> bytes:
    """The sentences ``t`` matches and how strongly (``match_row``'s non-zero entries),
    kept per source (``index.Bounded``): a token's forms are a function of its key, and
    the claims of the answers to one record share most of their words.

    Kept as the bytes of ``_PAIR`` records: two small arrays and a tuple per entry were
    the largest table of a scoring process (about a fifth of its Python heap at 100,000
    answers).
    """
    got = idx.term_rows.get(t.key)
    if got is None:
        row = np.zeros(len(idx.sentences), dtype=np.float64)
        match_row(t, idx, row)
        ids = np.flatnonzero(row)
        pairs = np.empty(len(ids), dtype=_PAIR)
        pairs["value"], pairs["sentence"] = row[ids], ids
        got = idx.term_rows[t.key] = pairs.tobytes()
    return got


def match_matrix(claim: Claim, idx: SourceIndex) -> np.ndarray:
    """terms x sentences: the strength of each term's best match in each sentence (all
    the terms' rows decoded at once: faster than one term at a time)."""
    m = np.zeros((len(claim.terms), len(idx.sentences)), dtype=np.float64)
    rows = [_term_row(t, idx) for t in claim.terms]
    pairs = np.frombuffer(b"".join(rows), dtype=_PAIR)
    if len(pairs):
        which = np.repeat(np.arange(len(rows)), [len(b) // _PAIR.itemsize for b in rows])
        m[which, pairs["sentence"]] = pairs["value"]
    return m


def candidate_max(m: np.ndarray, idx: SourceIndex) -> np.ndarray:
    """Per candidate, the max of ``m`` (last axis: sentences) over its sentences.

    Candidates are ordered sentences, windows of two, windows of three, then turns.
    """
    n = m.shape[-1]
    cols = [m]
    if n >= 2:
        cols.append(np.maximum(m[..., :-1], m[..., 1:]))
    if n >= 3:
        cols.append(np.maximum(cols[1][..., :-1], m[..., 2:]))
    out = np.concatenate(cols, axis=-1)
    extra = idx.candidates[out.shape[-1] :]
    if extra:
        turns = np.stack([m[..., c.first : c.last + 1].max(axis=-1) for c in extra], axis=-1)
        out = np.concatenate([out, turns], axis=-1)
    return out


def term_weights(m: np.ndarray) -> np.ndarray:
    """BM25-style IDF of each term over the source's sentences (absent terms weigh most)."""
    n = m.shape[1]
    df = (m > 0).sum(axis=1)
    return np.log1p((n - df + 0.5) / (df + 0.5))


def lexical_scores(c: np.ndarray, w: np.ndarray, idx: SourceIndex) -> np.ndarray:
    """Lexical score per candidate of the per-candidate term matches ``c``
    (``candidate_max``) and the term weights ``w`` (``term_weights``): weighted overlap and
    coverage, less a width penalty; -1 for a window or turn that adds too little to its
    best sentence. ``rank_candidates`` raises it by the fuzzy alignment."""
    wsum = w.sum()
    n_terms = c.shape[0]
    overlap = (w @ c) / wsum if wsum > 0 else np.zeros(c.shape[1])
    coverage = c.sum(axis=0) / n_terms if n_terms else np.zeros(c.shape[1])
    lex = OVERLAP_WEIGHT * overlap + (1 - OVERLAP_WEIGHT) * coverage - idx.cand_penalty
    # A window or turn is a candidate only when it holds at least WINDOW_MIN_NEW more
    # content words than its best sentence: one shared word (or a number) in a neighbour
    # is not support.
    n = len(idx.sentences)
    if c.shape[1] > n:
        counts = (c > 0).sum(axis=0)
        best_member = candidate_max(counts[:n], idx)
        weak = counts[n:] - best_member[n:] < WINDOW_MIN_NEW
        lex[n:][weak] = -1.0
    return lex


FUZZ_FLOOR = 0.6  # an alignment ratio below this says nothing
# rapidfuzz is asked only for ratios that could raise a score: this much below the least
# such ratio (in percent), so float rounding can never hide one that would
CUTOFF_MARGIN = 1e-6


def _fuzzy(
    claim: Claim,
    idx: SourceIndex,
    order: np.ndarray,
    floor: np.ndarray,
    aligned: dict[int, tuple[float, float]],
) -> dict[int, float]:
    """Character alignment of the claim's words against the top candidates, in [0, 1].

    Only alignments that could raise a candidate's clipped score are needed: ``floor[k]``
    is that score (at least 0) plus the candidate's width penalty, and an alignment below
    ``FUZZ_FLOOR + (1 - FUZZ_FLOOR) * floor[k]`` maps to no more than it. rapidfuzz gets
    that as its cutoff (stopping early below it, and returning 0 there, which raises
    nothing), so the scores are those of aligning every top candidate in full. Each
    alignment's cutoff and result go to ``aligned``.
    """
    out: dict[int, float] = {}
    if len(claim.tokens) < FUZZ_MIN_TOKENS or not claim.key_string:
        return out
    q = claim.key_string
    for k in order[:FUZZ_TOP]:
        k = int(k)
        s = idx.candidate_keys(k)
        if not s:
            continue
        scale = min(1.0, len(s) / len(q))
        least = (FUZZ_FLOOR + (1 - FUZZ_FLOOR) * float(floor[k])) / scale * 100
        if least - CUTOFF_MARGIN > 100:  # no alignment can raise this candidate
            continue
        cutoff = max(FUZZ_FLOOR * 100, least - CUTOFF_MARGIN)
        got = fuzz.partial_ratio(q, s, score_cutoff=cutoff)
        aligned[k] = (cutoff, got)
        out[k] = got / 100.0 * scale
    return out


def fuzz_to_score(r: float) -> float:
    """Map an alignment ratio to a support score: below ``FUZZ_FLOOR`` it says nothing."""
    return max(0.0, (r - FUZZ_FLOOR) / (1 - FUZZ_FLOOR))


def rank_candidates(claim: Claim, idx: SourceIndex) -> Ranking:
    """Match the claim's terms and score every candidate span, best first."""
    m = match_matrix(claim, idx)
    w = term_weights(m)
    lex = lexical_scores(candidate_max(m, idx), w, idx)
    score = lex.copy()
    penalty = idx.cand_penalty
    floor = np.maximum(lex, 0.0) + penalty
    aligned: dict[int, tuple[float, float]] = {}
    for k, r in _fuzzy(claim, idx, np.argsort(-lex, kind="stable"), floor, aligned).items():
        score[k] = max(score[k], fuzz_to_score(r) - penalty[k])
    score = np.clip(score, 0.0, 1.0)
    return Ranking(m, w, score, np.argsort(-score, kind="stable"), aligned)
