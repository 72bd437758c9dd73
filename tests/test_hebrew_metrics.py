"""Hebrew-aware scores (prefix-tolerant word F1, TLNLS) and the strict proclitic reader.

Every expected value is worked out by hand in the comment beside it.
"""

from __future__ import annotations

import numpy as np
import pytest

from workbench.hebrew.morphology import proclitic_stems, same_word_through_proclitics
from workbench.scoring import hebrew_metrics as hm


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("הבית", "בית"),  # article
        ("ובבית", "בית"),  # ו + ב (the article absorbed by ב)
        ("לירושלימ", "ירושלימ"),  # ל (finals folded, as the normaliser leaves them)
        ("כשהגיע", "הגיע"),  # connective כש
        ("ב1948", "1948"),  # a prefix glued to a number
    ],
)
def test_valid_proclitic_stacks_match(a: str, b: str) -> None:
    assert same_word_through_proclitics(a, b)
    assert same_word_through_proclitics(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("ממשלה", "שלה"),  # ממ is no proclitic stack
        ("הממשלה", "משלה"),  # ה + ממשלה; המ is no stack
        ("בית", "ית"),  # the stem would have two letters
        ("מים", "ים"),
    ],
)
def test_no_match_without_a_valid_stack(a: str, b: str) -> None:
    assert not same_word_through_proclitics(a, b)


def test_the_known_cost_of_a_lexicon_free_reader() -> None:
    # ש + לום is a valid stack before a three-letter stem, so the reader cannot tell
    # שלום (peace) from "that + לום"; FMEval's f1_score keeps them apart (0.0).
    assert same_word_through_proclitics("שלום", "לום")
    assert hm.prefix_tolerant_scores("שלום", "לום")["prefix_tolerant_f1"] == 1.0


def test_strict_stems_keep_three_letters() -> None:
    assert proclitic_stems("וכשהבית") == ("כשהבית", "שהבית", "הבית", "בית")
    assert proclitic_stems("של") == () and proclitic_stems("בית") == ()
    assert proclitic_stems("ממשלה") == ("משלה",)
    assert proclitic_stems("english") == ()


def test_prefix_tolerant_scores_by_hand() -> None:
    # output {בבית, הספר}, target {הבית}: בבית~הבית (both reach בית), הספר matches nothing.
    # precision 1/2, recall 1/1, F1 = 2*0.5*1/1.5 = 2/3.
    got = hm.prefix_tolerant_scores("בבית הספר", "הבית")
    assert got == {
        "prefix_tolerant_precision": 0.5,
        "prefix_tolerant_recall": 1.0,
        "prefix_tolerant_f1": pytest.approx(2 / 3),
    }
    # the three collisions stay apart
    assert hm.prefix_tolerant_scores("ממשלה", "שלה")["prefix_tolerant_f1"] == 0.0
    # {הממשלה, החליטה} vs {שלה, החליטה}: only החליטה matches: P = R = 1/2.
    assert hm.prefix_tolerant_scores("הממשלה החליטה", "שלה החליטה")["prefix_tolerant_f1"] == 0.5
    assert hm.prefix_tolerant_scores("", "בית")["prefix_tolerant_f1"] == 0.0


def test_tlnls_worked_examples() -> None:
    # one token each: lev(בירושלימ, ירושלימ) = 1 (drop ב), longer token 8 letters -> 1 - 1/8.
    assert hm.tlnls("בירושלים", "ירושלים") == pytest.approx(0.875)
    # prediction {בבית, הספר}, reference {הספר}: הספר aligns exactly (1.0); בבית has no
    # partner; divided by max(2, 1) tokens -> 0.5.
    assert hm.tlnls("בבית הספר", "הספר") == pytest.approx(0.5)
    # שלום / לום: one deletion over 4 letters -> 0.75 (TLNLS gives partial credit).
    assert hm.tlnls("שלום", "לום") == pytest.approx(0.75)
    # word order does not matter: both tokens align exactly -> 2 / 2.
    assert hm.tlnls("גדל התקציב", "התקציב גדל") == 1.0
    # abc vs {abd, xyz}: s(abc, abd) = 1 - 1/3, s(abc, xyz) = 0; best first -> (2/3) / 2.
    assert hm.tlnls("abc", "abd xyz") == pytest.approx(1 / 3)
    # greedy one-to-one: prediction {ab, ab}, reference {ab}: one pair of 1.0, / 2 -> 0.5.
    assert hm.tlnls("ab ab", "ab") == 0.5
    assert hm.tlnls("", "abc") == 0.0


def test_hebrew_scores_take_the_best_or_target() -> None:
    # target 1 "xyz": nothing in common; target 2 "בית": הבית matches -> P = R = F1 = 1;
    # TLNLS best is lev(הבית, בית) = 1 over 4 letters -> 0.75.
    got = hm.hebrew_scores("הבית", "xyz<OR>בית")
    assert got["prefix_tolerant_f1"] == 1.0 and got["tlnls"] == pytest.approx(0.75)


def _plain_tlnls(pred: list[str], ref: list[str]) -> tuple[float, bool]:
    """TLNLS as its definition writes it: every pair's similarity, all pairs sorted at once
    (stable: ties by position), read until one side is used up. Also whether the alignment
    needed a pair below the ``2 min(m, n)``-th best, where the engine sorts its second part."""
    m, n = len(pred), len(ref)
    sim = np.array([[hm.token_similarity(p, g) for g in ref] for p in pred])
    values = sim.ravel().tolist()
    least = sorted(values, reverse=True)[min(len(values), 2 * min(m, n)) - 1]
    used_p, used_r = [False] * m, [False] * n
    total, left, deep = 0.0, min(m, n), False
    for flat in np.argsort(-sim, axis=None, kind="stable").tolist():
        i, j = divmod(flat, n)
        if not (used_p[i] or used_r[j]):
            used_p[i] = used_r[j] = True
            total += values[flat]
            deep |= values[flat] < least
            left -= 1
            if left == 0:
                break
    return total / max(m, n), deep


def test_tlnls_is_the_greedy_alignment_sorted_at_once() -> None:
    # tokens of a few letters (no "a": FMEval drops the article), many of them equal or one
    # edit apart: ties, exact matches, and alignments that reach far down the sorted pairs
    rng = np.random.default_rng(0)
    deep = 0
    for trial in range(3000):
        m, n = (int(x) for x in rng.integers(1, 30, 2))
        letters = "bc" if trial % 3 == 0 else "bcdefgh"
        pred, ref = (
            ["".join(rng.choice(list(letters), int(rng.integers(1, 4)))) for _ in range(k)]
            for k in (m, n)
        )
        want, reached = _plain_tlnls(pred, ref)
        assert hm.tlnls(" ".join(pred), " ".join(ref), hebrew=False) == want
        deep += reached
    assert deep > 1000  # the engine's second sorted part is exercised
