"""Scoring's speed-ups keep the output: a repeated answer to the same record is grounded
once (the memo), and workers get rows split by record (the router)."""

from __future__ import annotations

import gc
import json
from pathlib import Path
from typing import Any

import polars as pl
from fake_grounding import fake_ground

from workbench.data.synth import synth_records
from workbench.scoring import parallel
from workbench.scoring.answers import score_file
from workbench.scoring.compare import MAX_MODELS
from workbench.scoring.parallel import Router


def _rows(records: list[dict[str, Any]], n: int) -> list[dict[str, str]]:
    # every record answered by 3 models; model "same" repeats the reference every time
    rows = []
    for i in range(n):
        rec = records[i % len(records)]
        model = ("same", "other", "third")[i // len(records) % 3]
        answer = rec["reference_answer"] if model == "same" else f"{model} {i}. 12 שנים."
        rows.append({"id": rec["id"], "model": model, "answer": answer})
    return rows


def _write(path: Path, rows: list[dict[str, str]]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    return path


def test_a_repeated_answer_is_grounded_once_and_scored_the_same(tmp_path):
    records = synth_records(6, 3)
    rows = [*_rows(records, 18), *_rows(records, 6)]  # the last 6 repeat the first 6
    for k, row in enumerate(rows[18:]):
        row["model"] = f"again{k}"
    answers = _write(tmp_path / "a.jsonl", rows)
    calls: list[tuple[str, str]] = []

    def counting(answer: str, source: str) -> Any:
        calls.append((answer, source))
        return fake_ground(answer, source)

    score_file(answers, records, tmp_path / "o.jsonl", grounder=counting, progress=False)
    assert len(calls) == len({(r["id"], r["answer"]) for r in rows}) == 18
    got = [json.loads(line) for line in (tmp_path / "o.jsonl").read_text("utf-8").splitlines()]
    for first, again in zip(got[:6], got[18:], strict=True):
        assert {**first, "model": None} == {**again, "model": None}


def test_the_memo_is_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(parallel, "MEMO_SIZE", 4)
    records = synth_records(6, 3)
    rows = _rows(records, 18)
    ctx = parallel.Context({r["id"]: r for r in records}, {}, fake_ground, lambda _: "ok")
    for row in rows:
        ctx.figures(row["id"], row["answer"], None)
    assert len(ctx.memo) == 4
    assert list(ctx.memo)[-1] == (rows[-1]["id"], rows[-1]["answer"], None)


def test_router_keeps_a_record_with_one_worker_and_balances_new_ones():
    router = Router(2)
    first = router.split(["a", "a", "a", "b", "c", "b"])
    assert first == [[0, 1, 2], [3, 4, 5]]  # a (3 rows) to worker 0, then b and c to 1
    second = router.split(["c", "a", "d", "d", "d", "d"])
    assert second == [[1, 2, 3, 4, 5], [0]]  # c, a stay; d goes to the less loaded worker 0
    assert router.load == [3 + 1 + 4, 3 + 1]


def test_two_workers_write_what_one_writes(tmp_path):
    records = synth_records(12, 5)
    answers = _write(tmp_path / "a.jsonl", _rows(records, 72))
    for workers in (1, 2):
        score_file(
            answers, records, tmp_path / f"w{workers}.jsonl", grounder=fake_ground,
            workers=workers, batch_size=10, progress=False,
        )  # fmt: skip
    assert (tmp_path / "w1.jsonl").read_bytes() == (tmp_path / "w2.jsonl").read_bytes()


def test_per_answer_rows_are_kept_only_when_models_are_compared(tmp_path):
    records = synth_records(4, 2)
    two = [{**r, "model": m} for r in _rows(records, 4) for m in ("a", "b")]
    many = [{**r, "model": f"m{k}"} for r in _rows(records, 4) for k in range(MAX_MODELS + 1)]
    for rows, kept in ((two, 8), (many, 0)):
        answers = _write(tmp_path / "a.jsonl", rows)
        result = score_file(
            answers, records, tmp_path / "o.parquet", grounder=fake_ground, batch_size=5,
            progress=False,
        )  # fmt: skip
        assert result.n_scored == len(rows)
        assert result.per_answer.height == kept
        assert (result.comparison is not None) == (kept > 0)
        assert pl.read_parquet(tmp_path / "o.parquet").height == len(rows)


def test_garbage_is_collected_less_often_only_while_scoring(tmp_path):
    records = synth_records(3, 1)
    answers = _write(tmp_path / "a.jsonl", _rows(records, 6))
    before = gc.get_threshold()
    seen: list[tuple[int, int, int]] = []

    def watching(answer: str, source: str) -> Any:
        seen.append(gc.get_threshold())
        return fake_ground(answer, source)

    score_file(answers, records, tmp_path / "o.jsonl", grounder=watching, progress=False)
    assert len(seen) == 6 and all(t[0] == max(before[0], parallel.GC_THRESHOLD) for t in seen)
    assert gc.get_threshold() == before
