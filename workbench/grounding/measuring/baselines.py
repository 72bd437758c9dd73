"""The baselines ``eval-grounding`` reports beside the engine: BM25 (rank-bm25, Okapi)
over the source's sentences with whitespace tokens, and rapidfuzz ``partial_ratio`` of
the claim against each sentence; and the ``Item`` / ``Outcome`` records every system
reads and returns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np
from rank_bm25 import BM25Okapi
from rapidfuzz import fuzz, process

from workbench.grounding.reading.index import index_source


@dataclass
class Item:
    """One claim to ground, with its gold label and spans."""

    id: str
    source: str
    claim: str
    label: str
    spans: list[tuple[int, int]]
    kind: str = ""
    genre: str | None = None
    difficulty: int | None = None


@dataclass
class Outcome:
    """What one system predicted for one item."""

    score: float
    ranked: list[tuple[int, int]]  # best first
    support: list[tuple[int, int]]  # the predicted support spans (for IoU)
    verdict: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@lru_cache(maxsize=4096)
def _sentences(source: str) -> list[tuple[int, int]]:
    """The source's sentences as the engine splits them (turn-aware), for the baselines.

    The engine's index already holds them (``segment`` of the source, or the whole text
    when it has no sentence end), and ours runs first, so it is usually cached.
    """
    return index_source(source).sentences


@lru_cache(maxsize=4096)
def _sentence_texts(source: str) -> list[str]:
    """The text of each of ``_sentences(source)``, computed once per source."""
    return [source[s:e] for s, e in _sentences(source)]


class _BM25Cache:
    def __init__(self) -> None:
        self._cache: dict[str, BM25Okapi | None] = {}

    def get(self, source: str) -> BM25Okapi | None:
        if source not in self._cache:
            sents = _sentences(source)
            docs = [source[s:e].split() for s, e in sents]
            self._cache[source] = BM25Okapi(docs) if docs and any(docs) else None
        return self._cache[source]


def make_bm25() -> Callable[[Item], Outcome]:
    """BM25 (rank-bm25, Okapi) over source sentences, plain whitespace tokens."""
    cache = _BM25Cache()

    def run(item: Item) -> Outcome:
        bm = cache.get(item.source)
        sents = _sentences(item.source)
        if bm is None:
            return Outcome(0.0, [], [])
        scores = np.asarray(bm.get_scores(item.claim.split()), dtype=np.float64)
        order = np.argsort(-scores, kind="stable")
        ranked = [sents[int(k)] for k in order]
        return Outcome(float(scores.max()), ranked, ranked[:1])

    return run


def rapidfuzz_baseline(item: Item) -> Outcome:
    """rapidfuzz partial_ratio of the claim against each source sentence."""
    sents = _sentences(item.source)
    if not sents:
        return Outcome(0.0, [], [])
    texts = _sentence_texts(item.source)
    scores = process.cdist([item.claim], texts, scorer=fuzz.partial_ratio)[0] / 100.0
    order = np.argsort(-scores, kind="stable")
    ranked = [sents[int(k)] for k in order]
    return Outcome(float(scores.max()), ranked, ranked[:1])
