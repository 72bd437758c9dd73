"""In a dialogue, a question naming one speaker ("מה רוצה ג'מיל סעאדה להוסיף...?") asks
what that speaker says: an answer whose own words (those the question does not hold) the
source says only in other speakers' turns, never in the named speaker's, gives another
speaker's words ("עבודה בזוגות", which the teacher asks for, where ג'מיל asks for an oral
exam; round 42). ``speaker_value`` reads the answer's values after "לפי NAME"; this reads
its words, with the speaker named anywhere in the question. A question asking who
("מי...") is left to the doer checks: its answer names a speaker.
"""

from __future__ import annotations

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.pieces import clip
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import PERSON_QUESTIONS, is_stopword, tokenize


def speaker_words(claim: Claim, idx: SourceIndex) -> list[Issue]:
    """``answer_elsewhere`` for an answer said only in turns other than the named
    speaker's."""
    q = claim.question_end
    if q < 0 or not idx.speakers:
        return []
    asked = [t for t in claim.tokens if t.start < q]
    if not asked or any(t.key in PERSON_QUESTIONS for t in asked[:2]):
        return []
    answer = [t for t in claim.tokens if t.start > q]
    if any(t.number is not None for t in answer):
        return []  # a value: ``speaker_value`` reads it
    asked_forms = frozenset(f for t in asked for f in frame_forms(t))
    named = [k for k, ws in enumerate(_names(idx)) if ws and ws & asked_forms]
    if len(named) != 1:
        return []
    k = named[0]
    names = frozenset().union(*idx.speakers)
    own = [
        t
        for t in answer
        if not is_stopword(t) and len(t.key) > 2 and not frame_forms(t) & (asked_forms | names)
    ]
    where: set[int] = set()
    for t in own:
        sents = {idx.flat_sent[p] for f in frame_forms(t) for p in idx.form_pos.get(f, ())}
        if not sents:
            continue
        if any(idx.sent_speaker[s] in (k, -1) for s in sents):
            return []
        where |= sents
    if not where or k not in idx.sent_speaker:
        return []
    s, e = idx.sentences[min(where)]
    msg = (
        f"the answer's words are another speaker's («{clip(idx.source[s:e])}»); the question "
        f"asks what {idx.speaker_labels[k]} says"
    )
    return [Issue(IssueKind.ANSWER_ELSEWHERE, msg, (s, e))]


def _names(idx: SourceIndex) -> list[frozenset[str]]:
    """Each speaker's name words: the label's words before its role in brackets that no
    other speaker shares ("ג'מיל סעאדה (נציג ההורים)" -> ג'מיל, סעאדה)."""
    return [
        ws & frozenset(f for t in tokenize(label.split("(")[0]) for f in frame_forms(t))
        for ws, label in zip(idx.speakers, idx.speaker_labels, strict=True)
    ]
