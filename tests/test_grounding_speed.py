"""The grounding engine's fast paths give what the plain computation gives."""

from __future__ import annotations

import random

import numpy as np
import pytest
from rapidfuzz import fuzz, process

from workbench.grounding.candidates import (
    FUZZ_FLOOR,
    candidate_max,
    fuzz_to_score,
    lexical_scores,
    match_matrix,
    match_row,
    rank_candidates,
    term_weights,
)
from workbench.grounding.engine import forget_claims, ground, ground_claim
from workbench.grounding.params import FUZZ_MIN_TOKENS, FUZZ_TOP, NEAR_COPY, WINDOW_PENALTY
from workbench.grounding.prepare import joined_tokens, prepare_claim, with_question
from workbench.grounding.reading.alignment import align
from workbench.grounding.reading.index import TERMS_KEPT, Bounded, index_source
from workbench.grounding.reading.pieces import same_word, words_of
from workbench.grounding.reading.window_cover import WindowCover
from workbench.grounding.support import copied_sentence
from workbench.hebrew import tokenize

SOURCE = (
    "הוועדה החליטה לדחות את הדיון בשבועיים. השר הודיע על תקציב של 15% נוסף לבתי הספר. "
    "ראש העירייה, דני שפירא, אמר כי העבודות יסתיימו בשנה הבאה. "
    "במרכז החדש יהיו 60 עמדות, לעומת 35 בחדר הישן. התושבים ביקשו עוד גנים ציבוריים "
    "ושבילי אופניים לאורך הנחל, והעירייה הבטיחה לבחון את הבקשה בחודשים הקרובים."
)


def _cover_one(rows: list[tuple[float, set[int]]], centre: int, reach: int) -> float:
    """The window cover at one centre, computed plainly (as the engine did before)."""
    idx = index_source(SOURCE)
    lo, hi = idx.sent_flat[idx.flat_sent[centre]]
    a, b = max(lo, centre - reach), min(hi, centre + reach + 1)
    total = sum(wt for wt, _ in rows) or 1.0
    return sum(wt for wt, pos in rows if any(a <= p < b for p in pos)) / total


@pytest.mark.parametrize("n_rows", [1, 5, 70])  # 70: more rows than an int64 has bits
def test_window_covers_match_the_plain_sum(n_rows: int) -> None:
    idx = index_source(SOURCE)
    rng = random.Random(n_rows)
    n = len(idx.flat)
    rows = [(rng.random() * 3, set(rng.sample(range(n), rng.randint(1, 4)))) for _ in range(n_rows)]
    centres = list(range(n))
    for reach in (0, 3, 16, 10_000):
        got = WindowCover(rows).covers(centres, idx, reach)
        assert got == [_cover_one(rows, c, reach) for c in centres]
    assert any(v > 0 for v in WindowCover(rows).covers(centres, idx, 3))


def _lcs_len(hits: list[set[int]], k: int) -> int:
    best = [[0] * (k + 1) for _ in range(len(hits) + 1)]
    for i in range(len(hits) - 1, -1, -1):
        for j in range(k - 1, -1, -1):
            best[i][j] = max(
                best[i + 1][j], best[i][j + 1], best[i + 1][j + 1] + 1 if j in hits[i] else 0
            )
    return best[0][0]


def test_align_is_a_longest_in_order_alignment() -> None:
    idx = index_source(SOURCE)
    frame = words_of(idx.flat, SOURCE)
    claim = words_of(tokenize("השר אמר כי במרכז החדש יהיו 35 עמדות לבתי הספר"), "")
    hits = [{j for j, y in enumerate(frame) if same_word(x, y)} for x in claim]
    pairs = align(claim, frame)
    assert len(pairs) == _lcs_len(hits, len(frame)) >= 4
    assert all(j in hits[i] for i, j in pairs)
    assert all(a[0] < b[0] and a[1] < b[1] for a, b in zip(pairs, pairs[1:], strict=False))


def test_vocab_near_finds_the_variant_the_whole_vocabulary_gives() -> None:
    idx = index_source(SOURCE)
    queries = [v[:1] + v[2:] for v in idx.vocab] + [v + "ים" for v in idx.vocab]
    queries += [v[:2] + "ו" + v[2:] for v in idx.vocab]  # ktiv male
    found = 0
    for q in queries:
        near = idx.vocab_near(len(q))
        assert near == [v for v in idx.vocab if v in set(near)]  # vocab order
        whole = process.extractOne(q, idx.vocab, scorer=fuzz.ratio, score_cutoff=80)
        got = process.extractOne(q, near, scorer=fuzz.ratio, score_cutoff=80)
        assert (got and got[:2]) == (whole and whole[:2])
        found += whole is not None
    assert found > len(idx.vocab)
    assert all(len(v) >= 4 for v in idx.vocab_near(4))
    assert len(idx.vocab_near(4)) < len(idx.vocab)  # long words cannot match a 4-letter one


# --- the per-claim fast paths: each gives what the plain computation gives -------------

QUESTION = "מה אמר ראש העירייה על העבודות?"


def _claims(rng: random.Random, n: int) -> list[str]:
    """Claims near the source (copied, with words dropped, swapped or added) and far."""
    words = SOURCE.replace(".", " ").replace(",", " ").split()
    sentences = [s.strip() + "." for s in SOURCE.split(".") if s.strip()]
    out = list(sentences)
    for _ in range(n):
        ws = rng.choice(sentences).rstrip(".").split()
        kind = rng.randrange(4)
        if kind == 0 and len(ws) > 3:
            del ws[rng.randrange(len(ws))]
        elif kind == 1:
            ws[rng.randrange(len(ws))] = rng.choice(words)
        elif kind == 2:
            ws += rng.sample(words, 3)
        else:
            ws = rng.sample(words, rng.randint(2, 9))
        out.append(" ".join(ws) + ".")
    return out


def _plain_fuzzy_scores(claim, idx) -> np.ndarray:
    """``rank_candidates``' scores with every top candidate aligned in full (the fixed
    cutoff at ``FUZZ_FLOOR``, as before the cutoffs were raised)."""
    m = match_matrix(claim, idx)
    lex = lexical_scores(candidate_max(m, idx), term_weights(m), idx)
    score = lex.copy()
    width = idx.cand_last - idx.cand_first
    if len(claim.tokens) >= FUZZ_MIN_TOKENS and claim.key_string:
        q = claim.key_string
        for k in np.argsort(-lex, kind="stable")[:FUZZ_TOP]:
            s = idx.candidate_keys(int(k))
            if s:
                r = fuzz.partial_ratio(q, s, score_cutoff=FUZZ_FLOOR * 100) / 100.0
                r *= min(1.0, len(s) / len(q))
                score[k] = max(score[k], fuzz_to_score(r) - WINDOW_PENALTY * width[k])
    return np.clip(score, 0.0, 1.0)


def _plain_copied(claim, idx, k: int) -> int | None:
    """``copied_sentence`` with the fixed ``NEAR_COPY`` cutoff."""
    if len(claim.tokens) < FUZZ_MIN_TOKENS or not claim.key_string:
        return None
    cand, q = idx.candidates[k], claim.key_string
    best, best_r = None, NEAR_COPY
    for i in range(cand.first, cand.last + 1):
        s = idx.sent_keys[i]
        if s:
            r = fuzz.partial_ratio(q, s, score_cutoff=NEAR_COPY * 100) / 100.0
            r *= min(1.0, len(s) / len(q))
            if r >= best_r:
                best, best_r = i, r
    return best


def test_fuzzy_cutoffs_and_cached_rows_change_no_score() -> None:
    idx = index_source(SOURCE)
    raised = copies = 0
    for text in _claims(random.Random(3), 300):
        for question in (None, QUESTION):
            claim = prepare_claim(text, question)
            if not claim.terms:
                continue
            plain_m = np.zeros((len(claim.terms), len(idx.sentences)))
            for r, t in enumerate(claim.terms):
                match_row(t, idx, plain_m[r])
            ranking = rank_candidates(claim, idx)
            assert np.array_equal(ranking.matches, plain_m)
            plain = _plain_fuzzy_scores(claim, idx)
            assert np.array_equal(ranking.lexical, plain)
            lex = lexical_scores(candidate_max(plain_m, idx), term_weights(plain_m), idx)
            raised += int((plain > np.clip(lex, 0.0, 1.0)).any())
            for k in ranking.order[:4]:
                got = copied_sentence(claim, idx, int(k), ranking.aligned)
                assert (
                    got == copied_sentence(claim, idx, int(k)) == _plain_copied(claim, idx, int(k))
                )
                copies += got is not None
    assert raised > 20 and copies > 20  # the alignments do raise scores and find copies


def test_joined_tokens_are_the_tokens_of_the_joined_text() -> None:
    rng = random.Random(5)
    bits = ['"', "'", "״", "׳", "?", " ", "\u05b7", "\u200f", "%", "5", "1,5", "3.4.2020"]
    bits += ['צה"ל', "ג'ירפה", "Ab", "\u0301", "\t", "\n", "-", "–", "50%", "ﬡ", "ראש", "מה"]
    checked = 0
    for _ in range(3000):
        text = "".join(rng.choice(bits) for _ in range(rng.randint(1, 8)))
        question = "".join(rng.choice(bits) for _ in range(rng.randint(1, 8)))
        joined, start = with_question(text, question)
        assert joined_tokens(joined, start) == tokenize(joined)
        checked += start > 0
    assert checked > 1000


def test_a_memoised_claim_is_the_claim_grounded_afresh() -> None:
    answer = "ראש העירייה אמר כי העבודות יסתיימו בשנה הבאה. במרכז יהיו 60 עמדות."
    first = ground(answer, SOURCE, question=QUESTION)
    again = ground("הקדמה קצרה מאוד. " + answer, SOURCE, question=QUESTION)
    assert len(first.claims) == 2 and len(again.claims) == 3
    forget_claims()  # the same answer grounded afresh, every claim computed again
    fresh = ground("הקדמה קצרה מאוד. " + answer, SOURCE, question=QUESTION)
    for c, d, f in zip(first.claims, again.claims[1:], fresh.claims[1:], strict=True):
        assert d == f and d.candidates == f.candidates
        assert d.start == c.start + len("הקדמה קצרה מאוד. ")
        # a result moved to its offsets is the claim grounded at those offsets
        at = ground_claim(c.text, SOURCE, start=d.start, end=d.end)
        assert ground_claim(c.text, SOURCE).moved(d.start, d.end) == at
    first.claims[0].spans.clear()  # a result's lists are its own
    assert ground(answer, SOURCE, question=QUESTION).claims[0].spans


def test_per_source_word_tables_stay_bounded() -> None:
    table = Bounded()
    for i in range(TERMS_KEPT * 2 + 5):
        table[str(i)] = i
        assert len(table) <= TERMS_KEPT
    assert table[str(TERMS_KEPT * 2 + 4)] == TERMS_KEPT * 2 + 4
