"""The grounding engine's fast paths give what the plain computation gives."""

from __future__ import annotations

import random

import pytest
from rapidfuzz import fuzz, process

from workbench.grounding.binding import _align, _hits, align, frame_index
from workbench.grounding.index import index_source
from workbench.grounding.pieces import words_of
from workbench.grounding.question import _Rows
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
        got = _Rows(rows).covers(centres, idx, reach)
        assert got == [_cover_one(rows, c, reach) for c in centres]
    assert any(v > 0 for v in _Rows(rows).covers(centres, idx, 3))


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
    hits = _hits(claim, frame_index(frame))
    pairs = align(claim, frame)
    assert pairs == _align(hits, len(frame))
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
