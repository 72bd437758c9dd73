"""A question a speaker asks states nothing (round 27).

In a dialogue a turn may ask ("נסגור את הספרייה בחודשי הקיץ?"): the words of the question
are all there, yet the speaker asserts none of it, so a statement claim whose support is
only such questions ("הספרייה תיסגר בחודשי הקיץ", "נועה אמרה שנסגור את הספרייה") is not
supported by the source. A claim that reports the asking ("נועה שאלה אם...", a question
word of its own) states what the speaker did, and a "question? answer" claim is judged by
the question-aware checks: both are left alone. Where the chosen support holds a sentence
that is no question (the reply, "כן, נסגור אותה"), that sentence may state it.
"""

from __future__ import annotations

from workbench.grounding.index import SourceIndex
from workbench.grounding.pieces import clip, has_form
from workbench.grounding.prepare import Claim
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import ASK_VERBS, is_question_word


def asked_only(claim: Claim, idx: SourceIndex, chosen: tuple[int, ...]) -> list[Issue]:
    """A statement whose chosen support is only questions that dialogue speakers ask.
    The issue's kind is ``SPEAKER_MISMATCH`` (what the speaker said is not the claim: a
    new kind would need a refit of the calibration)."""
    if not idx.speakers or claim.question_end >= 0 or not chosen:
        return []
    if any(is_question_word(t) or has_form(t, ASK_VERBS) for t in claim.tokens):
        return []  # the claim reports the question
    ids = idx.sentences_of(chosen)
    if not ids or not all(idx.sent_speaker[i] >= 0 and _asks(idx, i) for i in ids):
        return []
    s, e = idx.sentences[ids[0]]
    msg = f"the source only asks this: «{clip(idx.source[s:e])}» is a speaker's question"
    return [Issue(IssueKind.SPEAKER_MISMATCH, msg, (s, e))]


def _asks(idx: SourceIndex, sent: int) -> bool:
    """Whether source sentence ``sent`` is a question (it ends with "?")."""
    s, e = idx.sentences[sent]
    return idx.source[s:e].rstrip().endswith("?")
