"""Candidate scoring for the grounding engine: match a claim's words against the indexed
sentences, score and rank the candidate spans, and add sentences that hold what the
best span lacks.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from rapidfuzz import fuzz, process

from workbench.grounding.index import SentenceMeaning, SourceIndex, sentence_meaning
from workbench.grounding.params import (
    EXACT,
    EXTRA_SPAN_MIN_GAIN,
    FUZZ_MIN_TOKENS,
    FUZZ_TOP,
    FUZZY,
    FUZZY_CUTOFF,
    FUZZY_MIN_LEN,
    MAX_SPANS,
    NUMBER_SWITCH,
    OVERLAP_WEIGHT,
    PREFIX,
    ROOT,
    SOFT,
    WINDOW_MIN_NEW,
    WINDOW_PENALTY,
)
from workbench.hebrew import (
    NumberMention,
    Token,
    extract_numbers,
    is_negation,
    is_question_word,
    is_stopword,
    number_found,
    tokenize,
)

# --- claims ----------------------------------------------------------------------------


@dataclass
class _Claim:
    text: str
    tokens: list[Token]
    terms: list[Token]  # content words, one per key
    key_string: str
    numbers: list[NumberMention]
    negated: bool
    meaning: SentenceMeaning | None = None


def _prepare_claim(claim: str) -> _Claim:
    tokens = tokenize(claim)
    seen: set[str] = set()
    terms = []
    for t in tokens:
        if t.key in seen or is_stopword(t) or is_question_word(t) or t.key == "%":
            continue
        seen.add(t.key)
        terms.append(t)
    numbers = [m for m in extract_numbers(claim, tokens) if m.checked]
    negated = any(is_negation(t) for t in tokens)
    # "question? answer": the question asks and does not assert, so the meaning checks
    # (antonyms, places, names, speakers) read the answer only
    q = claim.rfind("?", 0, len(claim.rstrip()) - 1)
    asserted = [t for t in tokens if t.start > q] if q >= 0 else tokens
    return _Claim(
        claim,
        tokens,
        terms,
        " ".join(t.key for t in tokens),
        numbers,
        negated,
        sentence_meaning(asserted, claim),
    )


def _match_matrix(claim: _Claim, idx: SourceIndex) -> np.ndarray:
    """terms x sentences: 1.0 exact match, 0.8 a match once prefixes are stripped."""
    m = np.zeros((len(claim.terms), len(idx.sentences)), dtype=np.float64)
    for r, t in enumerate(claim.terms):
        for k in t.roots:
            ids = idx.root.get(k)
            if ids is not None:
                m[r, ids] = ROOT
        for k in (*t.keys, *t.lemmas):
            ids = idx.soft.get(k)
            if ids is not None:
                m[r, ids] = SOFT
        for k in t.keys:
            ids = idx.loose.get(k)
            if ids is not None:
                m[r, ids] = PREFIX
        hit = idx.exact.get(t.key)
        if hit is not None:
            m[r, hit] = EXACT
        elif (
            len(t.key) >= FUZZY_MIN_LEN
            and t.number is None
            and idx.vocab
            and not (m[r] >= SOFT).any()
        ):
            # spelling variants (ktiv male / haser: רישמית ~ רשמית, אוזניות ~ אזניות)
            got = process.extractOne(t.key, idx.vocab, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
            if got is not None:
                ids = idx.loose[got[0]]
                m[r, ids] = np.maximum(m[r, ids], FUZZY)
        if t.number is not None:
            hit = idx.exact.get(t.number)
            if hit is not None:
                m[r, hit] = EXACT
    return m


def _candidate_max(m: np.ndarray, idx: SourceIndex) -> np.ndarray:
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


def _candidate_matrix(m: np.ndarray, idx: SourceIndex) -> np.ndarray:
    """terms x candidates: a term's best match over the candidate's sentences."""
    return _candidate_max(m, idx)


def _term_weights(m: np.ndarray, claim: _Claim) -> np.ndarray:
    """BM25-style IDF of each term over the source's sentences (absent terms weigh most)."""
    n = m.shape[1]
    df = (m > 0).sum(axis=1)
    idf = np.log1p((n - df + 0.5) / (df + 0.5))
    return idf


def _scores(
    c: np.ndarray, w: np.ndarray, idx: SourceIndex
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Lexical score per candidate and its two parts (weighted overlap, coverage)."""
    wsum = w.sum()
    n_terms = c.shape[0]
    overlap = (w @ c) / wsum if wsum > 0 else np.zeros(c.shape[1])
    coverage = c.sum(axis=0) / n_terms if n_terms else np.zeros(c.shape[1])
    width = (idx.cand_last - idx.cand_first).astype(np.float64)
    lex = OVERLAP_WEIGHT * overlap + (1 - OVERLAP_WEIGHT) * coverage - WINDOW_PENALTY * width
    # A window or turn is a candidate only when it holds at least WINDOW_MIN_NEW more
    # content words than its best sentence: one shared word (or a number) in a neighbour
    # is not support.
    n = len(idx.sentences)
    if c.shape[1] > n:
        counts = (c > 0).sum(axis=0)
        best_member = _candidate_max(counts[:n], idx)
        weak = counts[n:] - best_member[n:] < WINDOW_MIN_NEW
        lex[n:][weak] = -1.0
    return lex, overlap, coverage


def _fuzzy(claim: _Claim, idx: SourceIndex, order: np.ndarray) -> dict[int, float]:
    """Character alignment of the claim's words against the top candidates, in [0, 1]."""
    out: dict[int, float] = {}
    if len(claim.tokens) < FUZZ_MIN_TOKENS or not claim.key_string:
        return out
    q = claim.key_string
    for k in order[:FUZZ_TOP]:
        k = int(k)
        s = idx.candidate_keys(k)
        if not s:
            continue
        r = fuzz.partial_ratio(q, s) / 100.0
        r *= min(1.0, len(s) / len(q))
        out[k] = r
    return out


def _fuzz_to_score(r: float) -> float:
    """Map an alignment ratio to a support score: below 0.6 it says nothing."""
    return max(0.0, (r - 0.6) / 0.4)


def _rank(
    pc: _Claim, idx: SourceIndex, c: np.ndarray, w: np.ndarray
) -> tuple[np.ndarray, dict[int, float]]:
    """Score every candidate span: lexical score, raised by fuzzy alignment when verbatim.

    Also returns the fuzzy alignment ratios computed (candidate -> ratio in [0, 1]).
    """
    lex, _overlap, _coverage = _scores(c, w, idx)
    order = np.argsort(-lex, kind="stable")
    score = lex.copy()
    width = idx.cand_last - idx.cand_first
    fz = _fuzzy(pc, idx, order)
    for k, r in fz.items():
        score[k] = max(score[k], _fuzz_to_score(r) - WINDOW_PENALTY * width[k])
    return np.clip(score, 0.0, 1.0), fz


def _numbers_first(
    pc: _Claim, idx: SourceIndex, score: np.ndarray, order: np.ndarray
) -> np.ndarray:
    """Put first the best span holding all the claim's numbers, if it scores well enough.

    The support must hold the claim's numbers: when the best span lacks one and a span
    scoring at least NUMBER_SWITCH x as well holds them all, that span leads. The same goes
    for the Latin-script names the claim asserts (product and company names: "Feedy").
    """
    names = pc.meaning.latin if pc.meaning is not None else frozenset()
    if not pc.numbers and not names:
        return order
    best_score = float(score[order[0]])
    for k in order[:FUZZ_TOP]:
        k = int(k)
        if score[k] < NUMBER_SWITCH * best_score:
            break
        cand = idx.candidates[k]
        sents = range(cand.first, cand.last + 1)
        vals, months = idx.span_values(sents)
        if names and not names <= {w for i in sents for w in idx.sent_meaning[i].latin}:
            continue
        if all(number_found(mm, vals, months) for mm in pc.numbers):
            if k != int(order[0]):
                order = np.concatenate([[k], order[order != k]])
            break
    return order


def _sentences_of(idx: SourceIndex, chosen: list[int]) -> list[int]:
    return sorted(
        {i for k in chosen for i in range(idx.candidates[k].first, idx.candidates[k].last + 1)}
    )


def _extra_spans(
    pc: _Claim,
    idx: SourceIndex,
    m: np.ndarray,
    w: np.ndarray,
    chosen: list[int],
    *,
    numbers: bool = True,
) -> np.ndarray:
    """Add sentences (anywhere in the source) that hold what the chosen spans lack.

    A sentence is added when it brings at least WINDOW_MIN_NEW content words worth
    EXTRA_SPAN_MIN_GAIN of the claim's weight, or when it holds a claim number the spans
    lack and shares another content word with the claim (exactly or by prefix; only
    when ``numbers``: a near copy of one sentence with another figure is not rescued).
    Returns the per-term coverage of the chosen spans; ``chosen`` is extended in place.
    """
    covered = np.max(m[:, _sentences_of(idx, chosen)], axis=1)
    wsum = float(w.sum()) or 1.0
    while len(chosen) < MAX_SPANS:
        missing = np.clip(m - covered[:, None], 0.0, None)  # terms x sentences
        gain = (w @ missing) / wsum
        gain[_sentences_of(idx, chosen)] = -1.0
        j = int(np.argmax(gain))
        if gain[j] < EXTRA_SPAN_MIN_GAIN or int((missing[:, j] > 0).sum()) < WINDOW_MIN_NEW:
            break
        chosen.append(j)  # sentence j is candidate j (sentences come first)
        covered = np.maximum(covered, m[:, j])
    word_rows = np.array([t.number is None for t in pc.terms])
    for mention in pc.numbers if numbers else ():
        if len(chosen) >= MAX_SPANS:
            break
        ids = _sentences_of(idx, chosen)
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
