"""Word-by-word alignment of a claim with one source sentence (its *frame*): the longest
in-order match of their words (LCS), read by the binding checks (``grounding.binding``),
which look at where the two differ between aligned words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from workbench.grounding.reading.pieces import Word

# where each form (words) and each value (numbers) of a frame stands
FrameIndex = tuple[Mapping[str, Sequence[int]], Mapping[str, Sequence[int]]]


def frame_index(frame: Sequence[Word]) -> FrameIndex:
    """Where each form (words) and each value (numbers) stands in ``frame``."""
    by_form: dict[str, list[int]] = {}
    by_value: dict[str, list[int]] = {}
    for j, y in enumerate(frame):
        if y.number is not None:
            by_value.setdefault(y.number, []).append(j)
        else:
            for f in y.forms:
                by_form.setdefault(f, []).append(j)
    return by_form, by_value


def frame_hits(claim: Sequence[Word], at: FrameIndex) -> list[set[int]]:
    """For each claim word, the frame positions holding the same word."""
    by_form, by_value = at
    hits: list[set[int]] = []
    for x in claim:
        if x.number is not None:
            hits.append(set(by_value.get(x.number, ())))
        else:
            hits.append({j for f in x.forms for j in by_form.get(f, ())})
    return hits


def align(claim: Sequence[Word], frame: Sequence[Word]) -> list[tuple[int, int]]:
    """The longest in-order alignment of the claim's words with the frame's (LCS), as
    (claim index, frame index) pairs."""
    return align_hits(frame_hits(claim, frame_index(frame)), len(frame))


def align_hits(hits: list[set[int]], k: int) -> list[tuple[int, int]]:
    """``align`` given each claim word's matching frame positions and the frame's size."""
    n = len(hits)
    if not any(hits):
        return []
    # dp[i][j]: the LCS of claim[i:] and frame[j:]. Rows never increase with j, so past
    # the last frame position a claim word matches (all of a row without a match), a row
    # is the next row: copied, only the positions up to its last match are computed.
    dp: list[list[int]] = [[0] * (k + 1)]
    for i in range(n - 1, -1, -1):
        nxt, hit = dp[-1], hits[i]
        row = nxt.copy()
        for j in range(max(hit, default=-1), -1, -1):
            row[j] = nxt[j + 1] + 1 if j in hit else max(nxt[j], row[j + 1])
        dp.append(row)
    dp.reverse()
    pairs = []
    i = j = 0
    while i < n and j < k:
        if j in hits[i] and dp[i][j] == dp[i + 1][j + 1] + 1:
            pairs.append((i, j))
            i += 1
            j += 1
        elif dp[i + 1][j] >= dp[i][j + 1]:
            i += 1
        else:
            j += 1
    return pairs
