"""The agreement bootstrap drawn in chunks gives exactly the all-at-once result."""

from __future__ import annotations

import numpy as np

from workbench.agreement import bootstrap
from workbench.agreement.alpha import unit_coincidences


def test_chunk_size_does_not_change_the_bootstrap(monkeypatch) -> None:
    rng = np.random.default_rng(5)
    m = rng.integers(1, 6, size=(3, 120)).astype(float)
    m[rng.random(m.shape) < 0.1] = np.nan
    dom = [1, 2, 3, 4, 5]
    c = np.stack([unit_coincidences(m[:, i : i + 1], dom) for i in range(120)])
    runs = []
    for chunk in (7, 1000):  # many uneven chunks, then one chunk holding every resample
        monkeypatch.setattr(bootstrap, "BOOTSTRAP_CHUNK", chunk)
        runs.append(bootstrap.bootstrap_alpha(c[:, None], dom, resamples=60, seed=3))
    assert np.array_equal(runs[0].samples, runs[1].samples, equal_nan=True)
    assert runs[0].lo == runs[1].lo and runs[0].hi == runs[1].hi
