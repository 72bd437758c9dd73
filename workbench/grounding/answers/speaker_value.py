"""In a dialogue, "לפי NAME, ...? VALUE" asks what that speaker says: a value the source
states only in other speakers' turns, while the named speaker's turns state a competing
value, is another speaker's answer ("לפי מיכל צ׳רניאק, כמה שילמה על שמלת הכלה? 1,600 שקל"
where her mother says "שילמנו לרבקה 1,600 שקל על התיקונים" and she says "קניתי את שמלת
הכלה ... ב-9,800 שקל"; round 39).

Round 46 reads the statement form too, "לפי NAME, הצינור הגיע אחרי שישה ימים": each value
after the first comma, when only other speakers state it against a value of NAME's own turns
measuring the same thing (``_alike``), is ``bound_elsewhere``.

The named speaker is the one whose name words (``SourceIndex.speakers``: the label's words
no other speaker shares) stand among the words right after "לפי"; the answer's values are
read as ``answer_values`` reads them (``read_values``), and competing is ``Value.competes``.
"""

from __future__ import annotations

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.pieces import clip
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.values.value_clauses import Value, read_values, value_clauses
from workbench.hebrew import Token

_NAME_REACH = 3  # words after "לפי" that may name the speaker


def speaker_value(claim: Claim, idx: SourceIndex) -> list[Issue]:
    """``answer_elsewhere`` for a value only other speakers state, against the named
    speaker's own competing value; for a statement "לפי NAME, ..." (round 46),
    ``bound_elsewhere`` for each of its values so given."""
    if not idx.speakers:
        return []
    q = claim.question_end
    if q < 0:
        return _stated_by(claim, idx)
    asked = [t for t in claim.tokens if t.start < q]
    k = _named_speaker(asked, idx)
    given = read_values(claim.text, [t for t in claim.tokens if t.start > q])
    if k is None or not given:
        return []
    got = _elsewhere(idx, k, given[0])
    if got is None:
        return []
    value, rival, (s, e) = got
    msg = (
        f"{value.text} is what another speaker says («{clip(idx.source[s:e])}»); the question "
        f"asks what {idx.speaker_labels[k]} says, and that turn gives {rival.text}"
    )
    return [Issue(IssueKind.ANSWER_ELSEWHERE, msg, (rival.start, rival.end))]


def _stated_by(claim: Claim, idx: SourceIndex) -> list[Issue]:
    """The statement form, "לפי NAME, הצינור הגיע אחרי שישה ימים" (heldout42's
    washingmachine-12): the words up to the first comma name the speaker, and each value
    after it must not be only another speaker's against a competing value of NAME's."""
    comma = claim.text.find(",")
    if comma < 0:
        return []
    k = _named_speaker([t for t in claim.tokens if t.start < comma], idx)
    if k is None:
        return []
    for value in read_values(claim.text, [t for t in claim.tokens if t.start > comma]):
        got = _elsewhere(idx, k, value)
        if got is None or not _alike(value, got[1]):
            continue
        _, rival, (s, e) = got
        msg = (
            f"{value.text} is what another speaker says («{clip(idx.source[s:e])}»); the claim "
            f"gives it as {idx.speaker_labels[k]}'s, whose turn gives {rival.text}"
        )
        return [Issue(IssueKind.BOUND_ELSEWHERE, msg, (rival.start, rival.end))]
    return []


def _alike(value: Value, rival: Value) -> bool:
    """A statement's value and the speaker's rival measure one thing: both a span of time,
    or figures counting a word in common ("שלוש שעות" is no rival of a bare "42 אלף", as
    it may be of a question's answer, whose question names what it counts)."""
    if value.kind != "figure":
        return True
    if value.counts_time or rival.counts_time:
        return value.counts_time and rival.counts_time
    return bool(value.noun & rival.noun)


def _elsewhere(
    idx: SourceIndex, k: int, value: Value
) -> tuple[Value, Value, tuple[int, int]] | None:
    """The value, speaker ``k``'s competing one and the sentence stating the value, when
    only other speakers' turns state it."""
    stated = [
        (s, v)
        for s in range(len(idx.sentences))
        for cl in value_clauses(idx, s)
        for v in cl.values
        if v.same(value)
    ]
    if not stated or any(idx.sent_speaker[s] == k for s, _ in stated):
        return None
    rival = _rival(idx, k, value)
    if rival is None:
        return None
    return value, rival, idx.sentences[stated[0][0]]


def _named_speaker(asked: list[Token], idx: SourceIndex) -> int | None:
    """The speaker named right after "לפי" in the question, if exactly one is."""
    at = next((i for i, t in enumerate(asked) if t.key == "לפי"), None)
    if at is None:
        return None
    words = {f for t in asked[at + 1 : at + 1 + _NAME_REACH] for f in (t.key, *t.stems)}
    named = [k for k, ws in enumerate(idx.speakers) if ws and ws & words]
    return named[0] if len(named) == 1 else None


def _rival(idx: SourceIndex, k: int, value: Value) -> Value | None:
    """The first value of speaker ``k``'s turns that competes with the answer's."""
    for s in range(len(idx.sentences)):
        if idx.sent_speaker[s] != k:
            continue
        for cl in value_clauses(idx, s):
            for v in cl.values:
                if value.competes(v):
                    return v
    return None
