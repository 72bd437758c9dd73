"""Scoring batches of answers, in this process or in forked worker processes.

``Context`` holds what scoring needs (records by id, facts, the grounder, the judge) and is
copied into each worker once, when the pool forks; batches go to the workers and come back
as flat rows plus claims, in the order they were sent.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from workbench.scoring.figures import Grounder, score_answer, word_set
from workbench.scoring.judge import Judge

Scored = tuple[list[dict[str, Any]], list[list[dict[str, Any]]]]


@dataclass
class Context:
    """What scoring a batch needs; copied into each worker process once."""

    by_id: dict[str, Mapping[str, Any]]
    facts: dict[str, str]
    grounder: Grounder
    judge: Judge
    gold: dict[str, list[frozenset[str]]] = field(default_factory=dict)


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
        if rid not in ctx.gold:
            ctx.gold[rid] = [word_set(c["text"]) for c in rec.get("claims") or []]
        fact = (facts[i] or "").strip() or ctx.facts.get(rid) or rec.get("fact")
        figures = score_answer(
            answers[i],
            rec,
            grounder=ctx.grounder,
            fact=fact,
            judge=ctx.judge,
            gold_sets=ctx.gold[rid],
        )
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
    # Ctrl+C reaches the whole process group: the parent handles it and stops the pool;
    # a worker must not print its own traceback. SIGTERM kills a worker outright.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent(parent)


def _worker_batch(batch: pl.DataFrame) -> Scored:
    assert _WORKER_CTX is not None
    return score_batch(_WORKER_CTX, batch)


def run_batches(
    batches: Iterable[pl.DataFrame], ctx: Context, workers: int
) -> Iterator[tuple[pl.DataFrame, Scored]]:
    """Score batches in order; with ``workers > 1`` in forked processes, at most 2 per worker
    in flight so memory stays bounded. However the caller stops (an error, Ctrl+C, SIGTERM,
    closing the generator), the workers are terminated before this returns."""
    if workers <= 1:
        for batch in batches:
            yield batch, score_batch(ctx, batch)
        return
    import multiprocessing as mp

    pool = mp.get_context("fork").Pool(workers, _init_worker, (ctx, os.getpid()))
    try:
        pending: deque = deque()
        for batch in batches:
            pending.append((batch, pool.apply_async(_worker_batch, (batch,))))
            if len(pending) >= 2 * workers:
                b, res = pending.popleft()
                yield b, res.get()
        while pending:
            b, res = pending.popleft()
            yield b, res.get()
        pool.close()
    finally:
        pool.terminate()
        pool.join()
