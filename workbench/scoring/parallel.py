"""Scoring batches of answers, in this process or in forked worker processes.

``Context`` holds what scoring needs (records by id, facts, the grounder, the judge) and is
copied into each worker once, when it forks (the dataset is never pickled). Each batch is
split between the workers by record id, and a record stays with the worker that first got
it, so each worker indexes only its own sources and its memo of answers (``MEMO_SIZE``
(record, answer, fact) results: a repeated answer is grounded once) keeps hitting. Results
come back as flat rows plus claims, in the order of the batch.
"""

from __future__ import annotations

import ctypes
import gc
import os
import signal
import sys
import threading
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from workbench.scoring.figures import Grounder, answer_figures, judged, word_set
from workbench.scoring.judge import Judge

Scored = tuple[list[dict[str, Any]], list[list[dict[str, Any]]]]
Figures = tuple[dict[str, Any], list[dict[str, Any]]]
MEMO_SIZE = 4096  # (record, answer, fact) results kept per process
MEMO_MAX_CHARS = 20_000  # longer answers are not kept (memory stays bounded)
# Allocations between two young garbage collections while scoring (CPython's default is
# 700): scoring allocates many short-lived objects, and each full collection re-scans the
# grounding engine's caches; at the default, the collector took a fifth of scoring's time.
GC_THRESHOLD = 50_000


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Collect garbage less often (``GC_THRESHOLD``) inside the block, then as before."""
    old = gc.get_threshold()
    gc.set_threshold(max(old[0], GC_THRESHOLD), *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)


@dataclass
class Context:
    """What scoring a batch needs; copied into each worker process once."""

    by_id: dict[str, Mapping[str, Any]]
    facts: dict[str, str]
    grounder: Grounder
    judge: Judge
    gold: dict[str, list[frozenset[str]]] = field(default_factory=dict)
    memo: OrderedDict[tuple[str, str, str | None], Figures] = field(default_factory=OrderedDict)

    def figures(self, rid: str, answer: str, fact: str | None) -> Figures:
        """``answer_figures`` of one row, memoised (LRU of ``MEMO_SIZE``) by (id, answer, fact)."""
        key = (rid, answer, fact)
        got = self.memo.get(key)
        if got is not None:
            self.memo.move_to_end(key)
            return got
        rec = self.by_id[rid]
        if rid not in self.gold:
            self.gold[rid] = [word_set(c["text"]) for c in rec.get("claims") or []]
        got = answer_figures(
            answer, rec, grounder=self.grounder, fact=fact, gold_sets=self.gold[rid]
        )
        if len(answer) <= MEMO_MAX_CHARS:
            self.memo[key] = got
            if len(self.memo) > MEMO_SIZE:
                self.memo.popitem(last=False)
        return got


def score_batch(ctx: Context, batch: pl.DataFrame) -> Scored:
    """Flat rows and claims for one batch, in the batch's order.

    Rows are scored grouped by record id, so each source is indexed once per batch even
    when the grounding engine's cache is smaller than the number of records.
    """
    ids = batch.get_column("id").to_list()
    models = batch.get_column("model").to_list()
    answers = batch.get_column("answer").to_list()
    facts = batch.get_column("fact").to_list()
    flat: list[dict[str, Any]] = [{} for _ in ids]
    claims: list[list[dict[str, Any]]] = [[] for _ in ids]
    for i in sorted(range(len(ids)), key=ids.__getitem__):
        rid = ids[i]
        rec = ctx.by_id[rid]
        fact = (facts[i] or "").strip() or ctx.facts.get(rid) or rec.get("fact")
        figures, row_claims = ctx.figures(rid, answers[i], fact)
        figures = judged(figures, row_claims, answers[i], rec, ctx.judge)
        claims[i] = figures.pop("claims")
        flat[i] = {
            "id": rid,
            "model": models[i],
            "genre": rec.get("genre"),
            "difficulty": rec.get("difficulty"),
            **figures,
        }
    return flat, claims


_WORKER_CTX: Context | None = None


def _die_with_parent(parent: int) -> None:
    """Make this worker exit when the parent process dies, even by SIGKILL.

    Linux: ``prctl(PR_SET_PDEATHSIG, SIGKILL)`` through ctypes. Elsewhere (or if that
    fails): a daemon thread that polls the parent's pid once a second and exits when the
    worker has been re-parented.
    """
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(1, signal.SIGKILL, 0, 0, 0) == 0:  # 1 = PR_SET_PDEATHSIG
                if os.getppid() != parent:  # the parent died before prctl took effect
                    os._exit(1)
                return
        except (OSError, AttributeError):
            pass

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, daemon=True, name="parent-watch").start()


def _init_worker(ctx: Context, parent: int) -> None:
    global _WORKER_CTX
    _WORKER_CTX = ctx
    # what the worker inherits lives as long as it does: never scanned by the collector
    # (nor its pages copied on write), and collections made rarer as in the main process
    gc.freeze()
    old = gc.get_threshold()
    gc.set_threshold(max(old[0], GC_THRESHOLD), *old[1:])
    # Ctrl+C reaches the whole process group: the parent handles it and stops the pool;
    # a worker must not print its own traceback. SIGTERM kills a worker outright.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent(parent)


def _worker_batch(batch: pl.DataFrame) -> Scored:
    assert _WORKER_CTX is not None
    return score_batch(_WORKER_CTX, batch)


class Router:
    """Which worker scores each row: a record stays with the worker that first got it; a
    new record goes to the worker with the fewest rows so far (most frequent first)."""

    def __init__(self, workers: int) -> None:
        self.owner: dict[str, int] = {}
        self.load = [0] * workers

    def split(self, ids: list[str]) -> list[list[int]]:
        """Row positions of ``ids`` for each worker (in batch order within a worker)."""
        counts = Counter(ids)
        for rid, n in sorted(counts.items(), key=lambda kv: -kv[1]):
            if rid not in self.owner:
                self.owner[rid] = min(range(len(self.load)), key=self.load.__getitem__)
            self.load[self.owner[rid]] += n
        shards: list[list[int]] = [[] for _ in self.load]
        for i, rid in enumerate(ids):
            shards[self.owner[rid]].append(i)
        return shards


def _gather(height: int, parts: list[tuple[list[int], Any]]) -> Scored:
    """One batch's rows back in batch order from its shards' results."""
    flat: list[dict[str, Any]] = [{} for _ in range(height)]
    claims: list[list[dict[str, Any]]] = [[] for _ in range(height)]
    for rows, res in parts:
        f, c = res.get()
        for k, i in enumerate(rows):
            flat[i], claims[i] = f[k], c[k]
    return flat, claims


def run_batches(
    batches: Iterable[pl.DataFrame], ctx: Context, workers: int
) -> Iterator[tuple[pl.DataFrame, Scored]]:
    """Score batches in order; with ``workers > 1`` in forked processes (one single-process
    pool each, so a record always goes to the same one; ``Router``), at most 2 batches in
    flight so memory stays bounded. However the caller stops (an error, Ctrl+C, SIGTERM,
    closing the generator), the workers are terminated before this returns. Garbage is
    collected less often meanwhile (``fewer_collections``)."""
    with fewer_collections():
        if workers <= 1:
            for batch in batches:
                yield batch, score_batch(ctx, batch)
        else:
            yield from _in_workers(batches, ctx, workers)


def _in_workers(
    batches: Iterable[pl.DataFrame], ctx: Context, workers: int
) -> Iterator[tuple[pl.DataFrame, Scored]]:
    """``run_batches`` with ``workers`` forked processes."""
    import multiprocessing as mp

    fork = mp.get_context("fork")
    pools = [fork.Pool(1, _init_worker, (ctx, os.getpid())) for _ in range(workers)]
    router = Router(workers)
    try:
        pending: deque = deque()
        for batch in batches:
            shards = router.split(batch.get_column("id").to_list())
            parts = [
                (rows, pools[w].apply_async(_worker_batch, (batch[rows],)))
                for w, rows in enumerate(shards)
                if rows
            ]
            pending.append((batch, parts))
            if len(pending) >= 2:
                b, p = pending.popleft()
                yield b, _gather(b.height, p)
        while pending:
            b, p = pending.popleft()
            yield b, _gather(b.height, p)
        for pool in pools:
            pool.close()
    finally:
        for pool in pools:
            pool.terminate()
        for pool in pools:
            pool.join()
