"""The window cover of weighted rows of source positions, for many centres at once.

``question.answer_place`` weighs how much of a question's (or an answer's) words stand
within a few words of each place in the source; this is that measure, fast.
"""

from __future__ import annotations

import numpy as np

from workbench.grounding.reading.index import SourceIndex


class WindowCover:
    """Weighted rows of source positions (weight, positions) and their window cover: the
    weighted share of the rows found within ``reach`` words of a centre, in the centre's
    sentence, for many centres at once.

    Which rows each window holds is found in numpy (a bisection of each row's sorted
    positions); the weights of the rows found are then summed in Python, in row order,
    once per distinct set of rows, so each share is the float of the one-centre sum.
    """

    __slots__ = ("_weights", "_keys", "_total", "_bits")

    def __init__(self, rows: list[tuple[float, set[int]]]) -> None:
        self._weights = [wt for wt, _ in rows]
        # every row's positions in one sorted array: row r's position p is r * 2**32 + p
        self._keys = np.array(
            [(r << 32) + p for r, (_, pos) in enumerate(rows) for p in sorted(pos)],
            dtype=np.int64,
        )
        self._total = sum(self._weights) or 1.0
        self._bits = [1 << r for r in range(len(rows))]

    def covers(self, centres: list[int], idx: SourceIndex, reach: int) -> list[float]:
        """The cover at each of ``centres``."""
        if not centres or not len(self._keys):
            return [0.0] * len(centres)
        at = np.array(centres, dtype=np.int64)
        lo, hi = idx.flat_bounds[:, at]
        base = np.arange(len(self._bits), dtype=np.int64)[:, None] << 32
        a, b = base + np.maximum(lo, at - reach), base + np.minimum(hi, at + reach + 1)
        i = np.minimum(np.searchsorted(self._keys, a), len(self._keys) - 1)  # as bisect_left
        k = self._keys[i]
        hit = (k >= a) & (k < b)  # rows x centres: the row has a word in the window
        if len(self._bits) <= 62:
            found = (hit.astype(np.int64) << np.arange(len(self._bits))[:, None]).sum(axis=0)
            masks: list[int] = found.tolist()
        else:  # more rows than an int64 has bits: Python ints
            masks = [sum(b for b, h in zip(self._bits, col, strict=True) if h) for col in hit.T]
        shares: dict[int, float] = {}
        for m in set(masks):
            picked = zip(self._weights, self._bits, strict=True)
            shares[m] = sum(wt for wt, bit in picked if m & bit) / self._total
        return [shares[m] for m in masks]
