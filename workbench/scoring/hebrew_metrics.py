"""Hebrew-aware answer scores, under their own names beside FMEval's.

FMEval's scores (``workbench.scoring.qa_metrics``) compare whole words: a Hebrew word
with a glued proclitic (ב, ה, ו, ל...) counts as another word, so "בירושלים" earns nothing
against "ירושלים". Two scores that forgive this, each for its own use:

- ``prefix_tolerant_precision`` / ``_recall`` / ``_f1``: FMEval's word-set precision,
  recall and F1, except that two words match when they are one word behind VALID proclitic
  stacks (``workbench.hebrew.morphology.same_word_through_proclitics``: at most one ו, then
  a ש/כש/מש-type connective, then one of ה ב כ ל מ with the article's ה absorbed after
  ב/כ/ל, and a stem of at least three letters). הבית/בית and כשהגיע/הגיע match;
  ממשלה/שלה and בית/ית do not. Use it to compare word content when answers and references
  may differ by prepositions, the article or a conjunction.
- ``tlnls``: the token-level normalised Levenshtein similarity that the HeQ paper proposes
  for Hebrew answer spans whose boundaries fall inside words (Cohen, Merhav, Goldberg and
  Tsarfaty, "HeQ: a Large and Diverse Hebrew Reading Comprehension Benchmark", Findings of
  EMNLP 2023). It gives partial credit for every near-identical token, prefix or suffix
  alike, so it also rewards spelling variants (and, unlike the prefix-tolerant scores, a
  word that differs by one letter: שלום/לום scores 0.75). Use it to compare with HeQ
  results or for extractive, span-like answers.

Both read the texts after FMEval's normalisation and the letter-preserving Hebrew layer
(``qa_metrics.normalize``): niqqud, final letters, geresh/gershayim and punctuation only.
Like FMEval's scores, each is its maximum over the ``<OR>`` targets.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from rapidfuzz.distance import Levenshtein
from rapidfuzz.process import cdist

from workbench.hebrew.morphology import proclitic_forms
from workbench.scoring.qa_metrics import OR_DELIMITER, has_hebrew, normalize

PREFIX_TOLERANT_PRECISION = "prefix_tolerant_precision"
PREFIX_TOLERANT_RECALL = "prefix_tolerant_recall"
PREFIX_TOLERANT_F1 = "prefix_tolerant_f1"
TLNLS = "tlnls"
HEBREW_SCORE_NAMES: tuple[str, ...] = (
    PREFIX_TOLERANT_F1,
    PREFIX_TOLERANT_PRECISION,
    PREFIX_TOLERANT_RECALL,
    TLNLS,
)

WHICH_METRIC = (
    "Which score: F1/precision/recall/exact match are FMEval's (comparable with FMEval "
    "runs; a glued Hebrew prefix makes a different word). prefix-tolerant F1 forgives valid "
    "Hebrew prefixes (ו, ש, ה, ב, כ, ל, מ) and nothing else: use it to compare word "
    "content in Hebrew. TLNLS (HeQ paper) gives partial credit to near-identical words, "
    "spelling variants included: use it for span-like answers or to compare with HeQ."
)


@lru_cache(maxsize=512)
def _words(text: str, hebrew: bool | None) -> tuple[str, ...]:
    """The normalised words of ``text`` (cached: a reference is read once for all the
    answers to it, and an answer once for both scores)."""
    heb = has_hebrew(text) if hebrew is None else hebrew
    return tuple(normalize(text.strip(), hebrew=heb).split())


def _matched_share(words: set[str], other: set[str]) -> float | None:
    """Share of ``words`` that are one word with some word of ``other`` (None if empty)."""
    if not words:
        return None
    forms: set[str] = set()
    for w in other:
        forms |= proclitic_forms(w)
    return sum(1 for w in words if not proclitic_forms(w).isdisjoint(forms)) / len(words)


def prefix_tolerant_f1_sets(
    test: set[str] | frozenset[str], ref: set[str] | frozenset[str]
) -> float:
    """Prefix-tolerant F1 of two sets of already normalised words (0.0 if either is empty)."""
    p, r = _matched_share(set(test), set(ref)), _matched_share(set(ref), set(test))
    return 0.0 if not p or not r else 2 * p * r / (p + r)


def prefix_tolerant_scores(
    model_output: str, target_output: str, *, hebrew: bool | None = None
) -> dict[str, float]:
    """Prefix-tolerant precision, recall and F1 over distinct words, for one target.

    precision = share of the output's distinct words that match a target word, recall =
    share of the target's distinct words that match an output word (matching as in the
    module docstring), F1 their harmonic mean; an empty side gives 0.0, as in FMEval.
    """
    heb = (has_hebrew(model_output) or has_hebrew(target_output)) if hebrew is None else hebrew
    test, ref = set(_words(model_output, heb)), set(_words(target_output, heb))
    p, r = _matched_share(test, ref) or 0.0, _matched_share(ref, test) or 0.0
    f1 = 0.0 if p == 0 or r == 0 else 2 * p * r / (p + r)
    return {PREFIX_TOLERANT_PRECISION: p, PREFIX_TOLERANT_RECALL: r, PREFIX_TOLERANT_F1: f1}


def token_similarity(a: str, b: str) -> float:
    """Normalised Levenshtein similarity of two tokens: 1 - lev(a, b) / max(|a|, |b|)."""
    return 1.0 - Levenshtein.normalized_distance(a, b)


def tlnls(model_output: str, target_output: str, *, hebrew: bool | None = None) -> float:
    """Token-level normalised Levenshtein similarity (TLNLS) of an answer to one target.

    From the HeQ paper (Cohen et al., Findings of EMNLP 2023, the metric it proposes for
    Hebrew answer spans). The definition implemented here, exactly:

    1. both texts are normalised (``qa_metrics.normalize``) and split into tokens
       P = p1..pm (prediction) and G = g1..gn (reference);
    2. every pair has the similarity s(p, g) = 1 - lev(p, g) / max(|p|, |g|), lev being
       the Levenshtein edit distance in characters;
    3. tokens are aligned one to one, greedily, best match first: the pair with the
       highest s among tokens not yet aligned is aligned next (ties: the earlier
       prediction token, then the earlier reference token), until one side is used up;
    4. TLNLS = (sum of s over the aligned pairs) / max(m, n), so a token left without a
       partner counts 0; 0.0 when either side has no token.

    Worked by hand: "בירושלים" vs "ירושלים" = 1 - 1/8 = 0.875; "בבית הספר" vs "הספר" =
    1/2 (one exact pair, two tokens on the longer side).
    """
    heb = (has_hebrew(model_output) or has_hebrew(target_output)) if hebrew is None else hebrew
    pred, ref = _words(model_output, heb), _words(target_output, heb)
    if not pred or not ref:
        return 0.0
    sim = 1.0 - cdist(pred, ref, scorer=Levenshtein.normalized_distance, dtype=np.float64)
    return _greedy_total(sim.ravel(), len(pred), len(ref)) / max(len(pred), len(ref))


def _greedy_total(flat: np.ndarray, m: int, n: int) -> float:
    """Step 3 of ``tlnls``: the sum of the greedy one-to-one alignment of an m x n
    similarity matrix (``flat``, row-major), best pair first, ties by position.

    The pairs are read in the stable descending order of ``flat``, but sorted a part at a
    time: first every pair at least as similar as the ``2 min(m, n)``-th best (the
    alignment is nearly always complete within them), then, if needed, the rest. Each
    part is that order's next stretch, so the pairs, and the sum's rounding, are those of
    sorting all of them.
    """
    used_p, used_r = [False] * m, [False] * n
    total, left = 0.0, min(m, n)
    head = min(flat.size, 2 * left)
    least = np.partition(flat, flat.size - head)[flat.size - head]
    for above in (True, False):
        part = np.flatnonzero(flat >= least if above else flat < least)
        part = part[np.argsort(-flat[part], kind="stable")]
        # plain lists: the loop reads them element by element
        for k, value in zip(part.tolist(), flat[part].tolist(), strict=True):
            i, j = divmod(k, n)
            if used_p[i] or used_r[j]:
                continue
            used_p[i] = used_r[j] = True
            total += value
            left -= 1
            if left == 0:
                return total
    return total


def hebrew_scores(
    model_output: str,
    target_output: str,
    *,
    delimiter: str | None = OR_DELIMITER,
    hebrew: bool | None = None,
) -> dict[str, float]:
    """The four Hebrew-aware scores, each its maximum over the ``<OR>`` targets."""
    targets = target_output.split(delimiter) if delimiter else [target_output]
    best = dict.fromkeys(HEBREW_SCORE_NAMES, 0.0)
    for target in targets:
        scores = prefix_tolerant_scores(model_output, target, hebrew=hebrew)
        scores[TLNLS] = tlnls(model_output, target, hebrew=hebrew)
        for name, value in scores.items():
            best[name] = max(best[name], value)
    return best
