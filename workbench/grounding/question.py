"""Question-aware grounding: an answer judged as an answer to its question.

* ``answer_place``: the answer must stand where the question points (next to the words
  the question shares with the source), not only elsewhere in the source;
* ``answer_kind_checks``: an answer that only repeats the question, or whose kind does
  not fit the question word (no amount for כמה, a bare number for מי / איפה).
"""

from __future__ import annotations

from bisect import bisect_left

import numpy as np

from workbench.grounding.index import SourceIndex, frame_forms
from workbench.grounding.params import (
    ANSWER_ADJACENT,
    ANSWER_MIN,
    ANSWER_REACH,
    QUESTION_RATIO,
)
from workbench.grounding.pieces import clip, has_form
from workbench.grounding.prepare import Claim
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import (
    AMOUNT_QUESTIONS,
    ENTITY_QUESTIONS,
    FIGURE_QUESTIONS,
    MEASURE_WORDS,
    QUANTITY_WORDS,
    STOPWORDS,
    Token,
    extract_numbers,
)


def _positions(t: Token, idx: SourceIndex) -> set[int]:
    """Flat source positions of the words matching ``t`` (key, stems, lemmas, value)."""
    forms = frame_forms(t) | ({t.number} if t.number is not None else set())
    return {p for f in forms for p in idx.form_pos.get(f, ())}


class _Rows:
    """Weighted rows of positions (weight, positions), and each row's positions sorted so
    that "does this row have a word within [a, b)" is one bisection, not a scan."""

    __slots__ = ("rows", "_sorted", "_total", "_memo")

    def __init__(self, rows: list[tuple[float, set[int]]]) -> None:
        self.rows = rows
        self._sorted = [sorted(pos) for _, pos in rows]
        self._total = sum(wt for wt, _ in rows) or 1.0
        self._memo: dict[tuple[int, int], float] = {}

    def cover(self, centre: int, idx: SourceIndex, reach: int) -> float:
        """Weighted share of the rows found within ``reach`` words of ``centre`` in its
        sentence (memoised: the same centres are asked again)."""
        got = self._memo.get((centre, reach))
        if got is None:
            sent = idx.flat_sent[centre]
            lo, hi = idx.sent_flat[sent]
            a, b = max(lo, centre - reach), min(hi, centre + reach + 1)
            got = (
                sum(
                    wt
                    for (wt, _), pos in zip(self.rows, self._sorted, strict=True)
                    if _within(pos, a, b)
                )
                / self._total
            )
            self._memo[(centre, reach)] = got
        return got


def _within(pos: list[int], a: int, b: int) -> bool:
    """Whether sorted ``pos`` holds a value in [a, b)."""
    i = bisect_left(pos, a)
    return i < len(pos) and pos[i] < b


def answer_place(claim: Claim, idx: SourceIndex, w: np.ndarray) -> tuple[float, list[Issue]]:
    """In "question? answer": the answer must stand where the question points, next to
    the words the question shares with the source, not only elsewhere.

    Around every place that holds the answer's words (``ANSWER_MIN`` of them within
    ``ANSWER_REACH`` words), the share of the question's weight found there; the best such
    place must score at least ``QUESTION_RATIO`` x the best place for the question alone.
    Otherwise the answer answers another question of the same source. Returns that
    ratio (1.0 when it does not apply) and the issue, if any.
    """
    q = claim.question_end
    if q < 0 or not idx.flat:
        return 1.0, []
    qrows = [(float(w[r]), _positions(t, idx)) for r, t in enumerate(claim.terms) if t.start < q]
    arows = [(1.0, _positions(t, idx)) for t in claim.terms if t.start > q]
    qrows = [r for r in qrows if r[1]]
    if not qrows or not arows or not any(pos for _, pos in arows):
        return 1.0, []
    reach = ANSWER_REACH
    qr, ar = _Rows(qrows), _Rows(arows)
    best_q = max(qr.cover(p, idx, reach) for _, pos in qrows for p in pos)
    held = [p for _, pos in arows for p in pos if ar.cover(p, idx, len(arows) + 2) >= ANSWER_MIN]
    if not held or best_q <= 0:
        return 1.0, []

    def cover(p: int) -> float:
        here = qr.cover(p, idx, reach)
        before = idx.flat_sent[p] - 1  # a sentence that goes on about the one before
        if before >= 0 and idx.sent_flat[before][1] > idx.sent_flat[before][0]:
            prev = qr.cover(idx.sent_flat[before][0], idx, 10_000)
            here = max(here, ANSWER_ADJACENT * prev)
        return here

    at = max(held, key=cover)
    ratio = cover(at) / best_q
    if ratio >= QUESTION_RATIO:
        return min(1.0, ratio), []
    centre = max((p for _, pos in qrows for p in pos), key=lambda p: qr.cover(p, idx, reach))
    asked = idx.sentences[idx.flat_sent[centre]]
    found = idx.sentences[idx.flat_sent[at]]
    msg = (
        f"the answer is in the source, but not where the question points: the question "
        f"is answered at source [{asked[0]}:{asked[1]}] "
        f"(«{clip(idx.source[asked[0] : asked[1]])}»); the answer's words are at "
        f"source [{found[0]}:{found[1]}]"
    )
    return ratio, [Issue(IssueKind.ANSWER_ELSEWHERE, msg, asked)]


def answer_kind_checks(claim: Claim) -> list[Issue]:
    """In "question? answer": an answer that repeats only the question's words, or whose
    kind does not fit the question word (no amount for כמה, a bare number for מי / איפה)."""
    q = claim.question_end
    if q < 0:
        return []
    asked = [t for t in claim.tokens if t.start < q]
    answer = [t for t in claim.tokens if t.start > q]
    asked_forms = {f for t in asked for f in frame_forms(t)}
    new = [
        t
        for t in answer
        if (t.number is not None or t.key not in STOPWORDS) and not (frame_forms(t) & asked_forms)
    ]
    if answer and not new:
        msg = "the answer only repeats words of the question"
        return [Issue(IssueKind.ANSWER_MISMATCH, msg)]
    numbers = extract_numbers(claim.text, answer)
    if any(has_form(t, AMOUNT_QUESTIONS) for t in asked[:3]) and not (
        numbers or any(has_form(t, QUANTITY_WORDS) for t in answer)
    ):
        msg = "the question asks for an amount (כמה) and the answer gives none"
        return [Issue(IssueKind.ANSWER_MISMATCH, msg)]
    words = [t for t in new if t.number is None]
    if any(has_form(t, ENTITY_QUESTIONS) for t in asked[:2]) and numbers and not words:
        msg = "the question asks who or where, and the answer is a number"
        return [Issue(IssueKind.ANSWER_MISMATCH, msg)]
    figures = [m for m in numbers if m.checked]  # not ordinals nor "אחד" ("one of")
    if figures and len(words) <= 1 and not asks_figure(asked):
        msg = "the answer is a bare figure, and the question asks for no figure"
        return [Issue(IssueKind.ANSWER_MISMATCH, msg)]
    return []


def asks_figure(asked: list[Token]) -> bool:
    """Whether a question asks for a figure: it holds כמה or מתי, a measure ("מה אחוז
    האבטלה", "באיזו שנה") or a unit ("כמה זמן"); "מה השלב הכי כיפי" asks for none, so a
    bare figure ("30") answers another question."""
    return any(
        has_form(t, FIGURE_QUESTIONS) or has_form(t, MEASURE_WORDS) or has_form(t, QUANTITY_WORDS)
        for t in asked
    )
