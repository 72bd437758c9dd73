"""The clause rules read in the sentence a claim follows most, in any order.

The frame rules (``binding.FRAME_RULES``: joined clauses, crossed slot, pieces of two
clauses, the ", וה" subject, the dropped restrictions) are read in the claim's in-order
frame: the sentence its words align with longest in order. A claim that adds a speaker or
a time from another sentence ("לפי X, ...", "X אמר ש...") may align in order with that
sentence as well as with the one it reorders, and the sentence holding most of its words
is then never read. ``fullest_frame`` reads the frame rules there too, once nothing else
found an issue: the claim's words aligned in order with that sentence (at least three)
are bound by its clauses as they would be in the in-order frame. "Moved phrase" is left
out: a phrase of another sentence is what such a claim adds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from workbench.grounding.index import SourceIndex
from workbench.grounding.params import MIN_ANCHORS
from workbench.grounding.pieces import Word, same_word
from workbench.grounding.prepare import Claim
from workbench.grounding.results import Issue

Pairs = list[tuple[int, int]]
FrameRule = Callable[[Claim, SourceIndex, list[Word], Pairs], Issue | None]
Aligner = Callable[[Sequence[Word], Sequence[Word]], Pairs]

# Frame rules not read in the fullest frame: a phrase moved from another sentence is what
# a claim joining two sentences holds.
SKIPPED = frozenset({"moved phrase"})


def fullest_frame(
    claim: Claim,
    idx: SourceIndex,
    frames: Sequence[tuple[int, list[Word]]],
    sent: int,
    rules: Mapping[str, FrameRule],
    align: Aligner,
) -> Issue | None:
    """The first of ``rules`` (but ``SKIPPED``) that finds an issue in the sentence of
    ``frames`` (id, words) holding most of the claim's words in any order, when that is
    not the in-order frame ``sent`` and at least ``MIN_ANCHORS + 1`` of its words align
    with the claim's in order (``align``)."""
    if not frames:
        return None
    cw = claim.words
    at, fw = max(frames, key=lambda f: sum(any(same_word(x, y) for y in f[1]) for x in cw))
    if at == sent:
        return None
    pairs = align(cw, fw)
    if len(pairs) < MIN_ANCHORS + 1:
        return None
    for name, rule in rules.items():
        got = None if name in SKIPPED else rule(claim, idx, fw, pairs)
        if got is not None:
            return got
    return None
