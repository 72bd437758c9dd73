"""Is one model really better than another? Paired differences with intervals and a test.

For each pair of models scored on the same records, and each score, the records both
models answered (and where both have a value) give paired differences d = a - b. Reported:
the mean difference, a paired percentile bootstrap 95% interval over records (seeded,
``resamples`` draws of the records with replacement, the same draws for every score), and
the two-sided p-value of a sign-flip permutation test of "no difference" (each record's
difference keeps or flips its sign at random; p = (1 + #(|mean| >= observed)) / (1 + R)).
The records of a pair are taken in the order of model A's rows (matched by id once per pair;
each genre/difficulty is a mask over them), so the draws do not depend on the order of B's
rows. Computed overall and per genre and per difficulty. Everything is vectorised numpy, in
chunks of resamples so memory stays at about ``CHUNK x records`` numbers.
``MAX_MODELS`` caps the models compared pairwise (pairs grow with its square).

Also Kendall's tau-b (ties corrected, as scipy's default) with a bootstrap interval, for the
engine-vs-annotators section of ``workbench report``.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator, Sequence
from itertools import combinations

import numpy as np
import polars as pl

from workbench.scoring import hebrew_metrics as hm
from workbench.scoring import qa_metrics as qm

COMPARED_SCORES: tuple[str, ...] = (
    "supported_fraction",
    qm.F1_SCORE,
    hm.PREFIX_TOLERANT_F1,
    hm.TLNLS,
    qm.PRECISION_OVER_WORDS,
    qm.RECALL_OVER_WORDS,
    qm.EXACT_MATCH_SCORE,
    qm.QUASI_EXACT_MATCH_SCORE,
    "reference_coverage",
    qm.FACTUAL_KNOWLEDGE,
    qm.FACTUAL_KNOWLEDGE_QUASI_EXACT,
)
# The scores whose differences `workbench score` prints and the HTML report charts.
DIFFERENCE_METRICS: tuple[str, ...] = (
    "supported_fraction",
    qm.F1_SCORE,
    hm.PREFIX_TOLERANT_F1,
    hm.TLNLS,
    "reference_coverage",
)
CHUNK = 100
MAX_MODELS = 8
RESAMPLES = 1000
COMPARISON_SCHEMA: dict[str, pl.DataType] = {
    "model_a": pl.String(),
    "model_b": pl.String(),
    "group": pl.String(),
    "value": pl.String(),
    "metric": pl.String(),
    "n": pl.Int64(),
    "mean_a": pl.Float64(),
    "mean_b": pl.Float64(),
    "diff": pl.Float64(),
    "lo": pl.Float64(),
    "hi": pl.Float64(),
    "p_value": pl.Float64(),
}


def _chunks(resamples: int) -> Iterator[int]:
    done = 0
    while done < resamples:
        size = min(CHUNK, resamples - done)
        yield size
        done += size


def _draw_weights(rng: np.random.Generator, size: int, n: int) -> np.ndarray:
    """How often each of ``n`` records is drawn in each of ``size`` bootstrap resamples."""
    draws = rng.integers(0, n, size=(size, n))
    offsets = (np.arange(size) * n)[:, None]
    return np.bincount((draws + offsets).ravel(), minlength=size * n).reshape(size, n)


def _interval(boots: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """2.5th and 97.5th percentiles of each column, nan ignored (plain percentile, the same
    values and five times faster, when no column has a nan)."""
    if not np.isnan(boots).any():
        lo, hi = np.percentile(boots, [2.5, 97.5], axis=0)
        return lo, hi
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # all-nan columns: no pair
        lo, hi = np.nanpercentile(boots, [2.5, 97.5], axis=0)
    return lo, hi


def paired_stats(
    d: np.ndarray, mask: np.ndarray, resamples: int = RESAMPLES, seed: int = 0
) -> dict[str, np.ndarray]:
    """Mean difference, bootstrap 95% interval and sign-flip p for each column of ``d``.

    ``d`` is records x scores (differences, any value where ``mask`` is False), ``mask``
    marks the records where both models have the score. One set of record draws serves
    every score (a resample's mean is sum(w * d * mask) / sum(w * mask), w the draw
    counts), in chunks of ``CHUNK`` resamples. Columns without any pair give nan.
    """
    n, k = d.shape
    m = mask.astype(np.float64)
    dm = np.where(mask, d, 0.0)
    count = m.sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        observed = dm.sum(axis=0) / count
    rng = np.random.default_rng(seed)
    boots = np.empty((resamples, k))
    hits = np.zeros(k)
    start = 0
    for size in _chunks(resamples):
        w = _draw_weights(rng, size, n).astype(np.float64)
        with np.errstate(invalid="ignore", divide="ignore"):
            boots[start : start + size] = (w @ dm) / (w @ m)
        signs = (rng.integers(0, 2, size=(size, n)) * 2 - 1).astype(np.float64)
        with np.errstate(invalid="ignore", divide="ignore"):
            flipped = np.abs(signs @ dm) / count
        hits += (flipped >= np.abs(observed) - 1e-12).sum(axis=0)
        start += size
    lo, hi = _interval(boots) if n else (observed, observed)
    p = (1 + hits) / (1 + resamples)
    p[count == 0] = np.nan
    return {"n": count.astype(np.int64), "diff": observed, "lo": lo, "hi": hi, "p_value": p}


def _pair_rows(
    xa: np.ndarray, xb: np.ndarray, metrics: Sequence[str], resamples: int, seed: int
) -> list[dict[str, object]]:
    """One row per metric for paired records: ``xa`` and ``xb`` are records x metrics."""
    # column-major, as polars hands a frame to numpy: sums along records then add in the
    # same order as before this took arrays (the same floats to the last bit)
    xa, xb = np.asfortranarray(xa), np.asfortranarray(xb)
    mask = ~np.isnan(xa) & ~np.isnan(xb)
    stats = paired_stats(np.nan_to_num(xa - xb), mask, resamples, seed)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean_a = np.where(mask, xa, 0).sum(0) / mask.sum(0)
        mean_b = np.where(mask, xb, 0).sum(0) / mask.sum(0)
    rows: list[dict[str, object]] = []
    for c, m in enumerate(metrics):
        row: dict[str, object] = {"metric": m, "n": int(stats["n"][c])}
        for key, values in (("mean_a", mean_a), ("mean_b", mean_b), *stats.items()):
            if key != "n":
                v = float(values[c])
                row[key] = None if np.isnan(v) else v
        rows.append(row)
    return rows


def _paired(a: pl.DataFrame, b: pl.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """Row positions in ``a`` and in ``b`` of the ids both have, in ``a``'s order (as an
    inner join of a with b on ``id`` orders them)."""
    where_b = {rid: k for k, rid in enumerate(b.get_column("id").to_list())}
    ia, ib = [], []
    for k, rid in enumerate(a.get_column("id").to_list()):
        j = where_b.get(rid)
        if j is not None:
            ia.append(k)
            ib.append(j)
    return np.asarray(ia, dtype=np.int64), np.asarray(ib, dtype=np.int64)


def _values(frame: pl.DataFrame, metrics: Sequence[str]) -> np.ndarray:
    return frame.select(metrics).to_numpy().astype(np.float64).reshape(frame.height, -1)


def compare_models(
    per_answer: pl.DataFrame,
    metrics: Sequence[str] = COMPARED_SCORES,
    *,
    resamples: int = RESAMPLES,
    seed: int = 0,
    groups: Sequence[str] = ("genre", "difficulty"),
) -> pl.DataFrame:
    """Paired differences of every pair of models (``COMPARISON_SCHEMA``).

    ``per_answer`` has ``id``, ``model``, the ``groups`` columns and the metric columns,
    one row per (id, model). ``group`` is ``"all"`` for the overall rows, else the grouping
    column, with its ``value``. Each pair is matched by id once and each scope is a mask
    over the matched rows (a record's genre and difficulty are the same for every model).
    """
    metrics = [m for m in metrics if m in per_answer.columns]
    groups = [g for g in groups if g in per_answer.columns]
    models = per_answer.get_column("model").unique(maintain_order=True).sort().to_list()
    by_model = {m: per_answer.filter(pl.col("model") == m) for m in models}
    values = {m: _values(f, metrics) for m, f in by_model.items()}
    rows: list[dict[str, object]] = []
    for ma, mb in combinations(models, 2):
        a = by_model[ma]
        ia, ib = _paired(a, by_model[mb])
        xa, xb = values[ma][ia], values[mb][ib]
        scopes: list[tuple[str, str, np.ndarray | None]] = [("all", "all", None)]
        for g in groups:
            col = a.get_column(g)
            paired_col = col.gather(ia)
            for v in col.unique().sort().to_list():
                # a null value matches no row (as a polars filter on `== None` does)
                keep = (
                    np.zeros(len(ia), bool)
                    if v is None
                    else (paired_col == v).fill_null(False).to_numpy()
                )
                scopes.append((g, str(v), keep))
        for group, value, keep in scopes:
            sa, sb = (xa, xb) if keep is None else (xa[keep], xb[keep])
            for r in _pair_rows(sa, sb, metrics, resamples, seed):
                rows.append({"model_a": ma, "model_b": mb, "group": group, "value": value, **r})
    return pl.DataFrame(rows, schema=COMPARISON_SCHEMA)


def comparison_lines(comparison: pl.DataFrame, metrics: Sequence[str] | None = None) -> list[str]:
    """The overall differences as text lines (for ``workbench score``)."""
    overall = comparison.filter(pl.col("group") == "all", pl.col("n") > 0)
    if metrics is not None:
        overall = overall.filter(pl.col("metric").is_in(list(metrics)))
    if overall.is_empty():
        return []
    lines = [
        "Paired differences (model A - model B, on the records both answered; "
        "bootstrap 95% interval; sign-flip permutation p):"
    ]
    for r in overall.iter_rows(named=True):
        lines.append(
            f"  {r['model_a']} - {r['model_b']}  {r['metric']:<30} n={r['n']:<6} "
            f"{r['diff']:+.3f} [{r['lo']:+.3f}, {r['hi']:+.3f}]  p={r['p_value']:.3f}"
        )
    return lines


# --- rank correlation --------------------------------------------------------------------


def _cells(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, tuple[int, int]]:
    """Each pair's cell in the (distinct x) x (distinct y) table, and the table's shape."""
    ux, ix = np.unique(x, return_inverse=True)
    uy, iy = np.unique(y, return_inverse=True)
    return ix * len(uy) + iy, (len(ux), len(uy))


def _tau_b_table(t: np.ndarray) -> float:
    """tau-b from a contingency table of counts (rows: x ascending, columns: y ascending).

    concordant P = sum t[i,j] * (count strictly below-right), discordant Q = sum t[i,j] *
    (count strictly below-left), n0 = n(n-1)/2, n1 / n2 = pairs tied in x / y; tau-b =
    (P - Q) / sqrt((n0 - n1)(n0 - n2)).
    """
    n = t.sum()
    # s[a, b] = sum of t[a:, b:]  (suffix sums), with a zero row and column appended
    s = np.zeros((t.shape[0] + 1, t.shape[1] + 1))
    s[:-1, :-1] = t[::-1, ::-1].cumsum(0).cumsum(1)[::-1, ::-1]
    below_right = s[1:, 1:]
    row_below = s[1:, 0][:, None]  # all cells in later rows
    below_left = row_below - s[1:, :-1]  # later rows, columns < j
    p = float((t * below_right).sum())
    q = float((t * below_left).sum())
    n0 = n * (n - 1) / 2
    rows, cols = t.sum(1), t.sum(0)
    n1 = float((rows * (rows - 1) / 2).sum())
    n2 = float((cols * (cols - 1) / 2).sum())
    denom = np.sqrt((n0 - n1) * (n0 - n2))
    return float("nan") if denom == 0 else (p - q) / float(denom)


def kendall_tau_b(x: Sequence[float] | np.ndarray, y: Sequence[float] | np.ndarray) -> float:
    """Kendall's tau-b: (concordant - discordant) / sqrt((n0 - n1) (n0 - n2)).

    n0 = n(n-1)/2 pairs, n1 / n2 = pairs tied in x / in y (the ties-corrected tau that
    scipy's ``kendalltau`` computes by default). ``nan`` when either side is constant.
    Computed from the table of distinct values, so ratings and shares (few distinct
    values) cost little whatever the number of records.
    """
    xa, ya = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    if len(xa) < 2:
        return float("nan")
    cells, shape = _cells(xa, ya)
    return _tau_b_table(np.bincount(cells, minlength=shape[0] * shape[1]).reshape(shape))


def tau_b_interval(
    x: Sequence[float] | np.ndarray,
    y: Sequence[float] | np.ndarray,
    resamples: int = RESAMPLES,
    seed: int = 0,
) -> tuple[float, float, float]:
    """tau-b and its percentile bootstrap 95% interval over the pairs (x_k, y_k).

    A resample draws the pairs with replacement; its table is the pairs' cells weighted by
    how often each was drawn. Resamples where tau-b is undefined are left out.
    """
    xa, ya = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    tau = kendall_tau_b(xa, ya)
    if np.isnan(tau):
        return tau, float("nan"), float("nan")
    cells, shape = _cells(xa, ya)
    size = shape[0] * shape[1]
    rng = np.random.default_rng(seed)
    taus = np.empty(resamples)
    for k in range(resamples):
        drawn = cells[rng.integers(0, len(xa), size=len(xa))]
        taus[k] = _tau_b_table(np.bincount(drawn, minlength=size).reshape(shape))
    taus = taus[~np.isnan(taus)]
    if len(taus) < 2:
        return tau, float("nan"), float("nan")
    lo, hi = np.percentile(taus, [2.5, 97.5])
    return tau, float(lo), float(hi)
