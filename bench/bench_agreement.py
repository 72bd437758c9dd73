"""Benchmark: the vectorised alpha bootstrap against naive per-resample ``krippendorff.alpha``.

On a synthetic rating set shaped like the real one (132 records x 5 dimensions x 4
annotators, skewed towards the top score, a few ratings missing), times:

* the vectorised bootstrap (default 1,000 resamples) of ordinal alpha, pooled and for the
  five dimensions at once, including building the per-record coincidence matrices;
* the whole report section with that bootstrap (pivot, all coefficients, intervals);
* the naive way: for each resample, rebuild the matrices and call ``krippendorff.alpha`` six
  times — timed on a subset of resamples (``--naive``) and scaled up to the full count.

It also checks that both ways give the same alphas on the resamples they share. Target
(issue 3): 1,000 resamples of pooled + 5 dimensions under 2 s on the 2-core machine.

    python bench/bench_agreement.py [--resamples 1000] [--naive 50] [--repeat 5]
"""

from __future__ import annotations

import argparse
import time

import krippendorff
import numpy as np
import polars as pl

from workbench.agreement.bootstrap import BootstrapResult, bootstrap_alpha
from workbench.agreement.ratings import POOLED, SCALE, rating_cube, scope_coincidences
from workbench.agreement.report_section import agreement_section
from workbench.data.schema import DIMENSIONS


def synthetic_ratings(records: int = 132, annotators: int = 4, seed: int = 0) -> pl.DataFrame:
    """Long ratings: a latent score per record x dimension, mostly 2, plus annotator noise."""
    rng = np.random.default_rng(seed)
    truth = rng.choice([0, 1, 2], p=[0.05, 0.15, 0.80], size=(records, len(DIMENSIONS)))
    noise = rng.choice([-1, 0, 1], p=[0.12, 0.8, 0.08], size=(records, len(DIMENSIONS), annotators))
    scores = np.clip(truth[..., None] + noise, 0, 2)
    r, d, a = np.meshgrid(
        np.arange(records), np.arange(len(DIMENSIONS)), np.arange(annotators), indexing="ij"
    )
    frame = pl.DataFrame(
        {
            "record_id": [f"rec{i:03d}" for i in r.ravel()],
            "annotator": [f"annotator_{j + 1}" for j in a.ravel()],
            "dimension": [DIMENSIONS[k] for k in d.ravel()],
            "score": scores.ravel().astype(np.int64),
        }
    )
    keep = rng.random(frame.height) > 0.01  # ~1% missing ratings
    return frame.filter(pl.Series(keep))


def vectorised(ratings: pl.DataFrame, resamples: int, seed: int) -> BootstrapResult:
    cube = rating_cube(ratings)
    return bootstrap_alpha(
        scope_coincidences(cube), SCALE, "ordinal", resamples=resamples, seed=seed
    )


def naive(ratings: pl.DataFrame, resamples: int, seed: int) -> np.ndarray:
    """Same resamples (same generator calls), one ``krippendorff.alpha`` per statistic."""
    cube = rating_cube(ratings)
    n = len(cube.records)
    draws = np.random.default_rng(seed).integers(0, n, size=(resamples, n))
    out = np.empty((resamples, 1 + len(cube.dimensions)))
    for b, idx in enumerate(draws):
        sub = cube.scores[:, :, idx]  # (D, A, n) resampled records
        pooled = sub.transpose(1, 2, 0).reshape(sub.shape[1], -1)
        for i, m in enumerate([pooled, *sub]):
            out[b, i] = krippendorff.alpha(
                reliability_data=m, value_domain=SCALE, level_of_measurement="ordinal"
            )
    return out


def best_of(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--resamples", type=int, default=1000)
    ap.add_argument("--naive", type=int, default=50, help="resamples timed the naive way")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    ratings = synthetic_ratings()
    n_rec = ratings["record_id"].n_unique()
    n_ann = ratings["annotator"].n_unique()
    print(f"synthetic ratings: {n_rec} records x {len(DIMENSIONS)} dimensions x {n_ann} annotators")
    print(
        f"  {ratings.height} ratings ({n_rec * len(DIMENSIONS) * n_ann - ratings.height} missing)"
    )

    t_vec = best_of(lambda: vectorised(ratings, args.resamples, args.seed), args.repeat)
    t_section = best_of(
        lambda: agreement_section(ratings, bootstrap=args.resamples, seed=args.seed),
        args.repeat,
    )
    t0 = time.perf_counter()
    slow = naive(ratings, args.naive, args.seed)
    t_naive = time.perf_counter() - t0
    t_naive_full = t_naive / args.naive * args.resamples

    fast = vectorised(ratings, args.naive, args.seed).samples
    diff = float(np.nanmax(np.abs(fast - slow)))
    boot = vectorised(ratings, args.resamples, args.seed)

    rows = [
        (f"vectorised bootstrap (best of {args.repeat})", f"{t_vec * 1000:.1f} ms"),
        ("whole agreement_section with it", f"{t_section * 1000:.1f} ms"),
        (
            f"naive krippendorff.alpha, {args.naive} resamples ({6 * args.naive} calls)",
            f"{t_naive * 1000:.1f} ms",
        ),
        (f"naive scaled to {args.resamples} resamples", f"{t_naive_full * 1000:.1f} ms"),
        ("speed-up (naive scaled / vectorised)", f"{t_naive_full / t_vec:.0f}x"),
        ("target: section with bootstrap < 2 s", "met" if t_section < 2 else "NOT met"),
        ("max |vectorised - naive| on shared resamples", f"{diff:.2e}"),
    ]
    print(f"\nbootstrap, {args.resamples} resamples x 6 alphas (pooled + 5 dimensions):")
    for label, value in rows:
        print(f"  {label:<58} {value:>12}")
    print("\nordinal alpha and 95% interval on the synthetic set:")
    for i, scope in enumerate((POOLED, *DIMENSIONS)):
        print(
            f"  {scope:<13} {boot.estimate[i]:.3f}  [{boot.lo[i]:.3f}, {boot.hi[i]:.3f}]"
            f"  undefined resamples: {boot.n_undefined[i]}"
        )


if __name__ == "__main__":
    main()
