"""Who said it: in a dialogue, a statement the claim gives one speaker must be said in
that speaker's turns (``statement_checks``, the binding rule "who said it"). Split from
``people`` in round 32; the who-is-who table and the acts stay there."""

from __future__ import annotations

import numpy as np

from workbench.grounding.params import STATEMENT_MIN, STATEMENT_RATIO
from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.roles.people import role_head
from workbench.hebrew import is_light, tokenize


def _labels(idx: SourceIndex) -> list[str]:
    """Each speaker's label, in order of first appearance (the index of ``idx.speakers``)."""
    return idx.speaker_labels


def statement_checks(
    claim: Claim, idx: SourceIndex, m: np.ndarray, w: np.ndarray, chosen: tuple[int, ...] = ()
) -> list[Issue]:
    """In a dialogue, a statement the claim attributes to one speaker must be said in that
    speaker's turns: the sentence that best holds the statement (the claim without the
    speakers' name words and the named speaker's label) is said by someone else, and
    nothing close is said by the one named. A statement reworded so that its best
    sentence holds under half of it is still read when that sentence holds the claim's chosen
    support (``chosen``, candidate indices): the support the verdict rests on is another speaker's (round 30:
    "שירה גולן אמרה שהבריכה תיסגר" for the manager's "אנחנו נסגור את הבריכה")."""
    if not idx.speakers or not m.shape[1]:
        return []
    forms_all = {f for t in claim.terms if claim.asserts(t) for f in (t.key, *t.stems)}
    named = {k for k, ws in enumerate(idx.speakers) if ws & forms_all}
    # the named speaker's label words (their role: "קובי דנינו (קצין הביטחון)") name
    # who speaks, not what is said
    labels = _labels(idx)
    names = frozenset().union(
        *idx.speakers, *({t.key, *t.stems} for k in named for t in tokenize(labels[k]))
    )
    rows = [
        claim.asserts(t) and not ({t.key, *t.stems} & names) and role_head(t) is None
        for t in claim.terms
    ]
    keep = np.array(rows, dtype=bool)
    if not named or not keep.any():
        return []
    score = w[keep] @ m[keep]
    best = int(np.argmax(score))
    said_by = idx.sent_speaker[best]
    weak = score[best] < STATEMENT_MIN * float(w[keep].sum())
    if weak and (best not in idx.sentences_of(chosen) or not _says(claim, idx, named)):
        return []
    if said_by < 0 or said_by in named or score[best] <= 0:
        return []
    theirs = [i for i, k in enumerate(idx.sent_speaker) if k in named]
    if theirs and float(score[theirs].max()) >= STATEMENT_RATIO * float(score[best]):
        return []
    s, e = idx.sentences[best]
    label = labels[said_by]
    msg = f"this is said by {label} (source [{s}:{e}]), not by the speaker the claim names"
    return [Issue(IssueKind.SPEAKER_MISMATCH, msg, (s, e))]


def _says(claim: Claim, idx: SourceIndex, named: set[int]) -> bool:
    """Whether the claim makes a named speaker the sayer: "לפי X," / "לדברי X" before the
    name, or a light word (a verb of saying: "X אמרה ש", "X ביקשה") right after it; a
    speaker the claim names as a participant ("ישארו למירב 78,500 שקל") says nothing."""
    toks = [t for t in claim.tokens if claim.asserts(t)]
    words = frozenset().union(*(idx.speakers[k] for k in named))
    at = [i for i, t in enumerate(toks) if {t.key, *t.stems} & words]
    if not at:
        return False
    before = toks[max(0, at[0] - 2) : at[0]]
    after = next((t for t in toks[at[0] :] if not {t.key, *t.stems} & words), None)
    return any(t.key in _ACCORDING for t in before) or (after is not None and is_light(after))


_ACCORDING = frozenset({"לפי", "לדברי"})
