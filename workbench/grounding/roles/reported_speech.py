"""Who said it, in prose: a sentence that reports two people's words ("פרידהיים אמרה
שהסטודיו ביטל 40 סדנאות, ואילו מנהל הכפר, צביקה קליינפלד, אמר שהמועצה תנסה למצוא מענק")
gives each statement to the one named before its reporting verb. A claim that gives one
speaker's statement to the other ("צביקה קליינפלד סיפר שבוטלו 40 סדנאות") is a speaker
mismatch (round 39; ``statements`` reads dialogue turns, this reads reported speech).

A sentence is cut into segments at "ואילו", "אבל", "אך" and "בעוד"; in a segment, the
first reporting verb (``_SAY``) splits who speaks (the words before it) from what is said
(the words after it). The claim names its speaker before its own reporting verb, or after
"לדברי" / "לפי" up to a comma, and says the rest. The rule speaks when the segment of the
source holding most of what the claim says (two words and ``_SHARE`` of them at least, more
than any other segment) is another speaker's, and the claim's speaker is named as the
speaker of another segment of the source.
"""

from __future__ import annotations

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.pieces import clip
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import Token, is_stopword, normalize

_SAY = frozenset(
    normalize(w).text
    for w in """אמר אמרה אמרו סיפר סיפרה סיפרו טען טענה טענו הודיע הודיעה הודיעו ציין
    ציינה ציינו הסביר הסבירה הוסיף הוסיפה מסר מסרה הבהיר הבהירה הדגיש הדגישה""".split()
)
_ACCORDING = frozenset(normalize(w).text for w in ("לדברי", "לפי", "לטענת"))
_SHARE = 0.4  # of what the claim says, the share its statement's segment must hold
_TURNS = frozenset(normalize(w).text for w in ("ואילו", "אבל", "אך", "בעוד"))

Segment = tuple[frozenset[str], frozenset[str], int, int]  # who, what, start, end offsets


def reported_speaker(claim: Claim, idx: SourceIndex) -> list[Issue]:
    """``speaker_mismatch`` for a statement the sentence reports in another's words."""
    if claim.question_end >= 0 or idx.speakers:
        return []
    toks = [t for t in claim.tokens if claim.asserts(t)]
    split = _claim_speaker(claim.text, toks)
    if split is None:
        return []
    who, what = split
    if not who or len(what) < 2:
        return []
    segments = _source_segments(idx)
    theirs = [any(fs & seg[0] for fs in who) for seg in segments]
    if len(segments) < 2 or not any(theirs):
        return []
    held = [sum(1 for fs in what if fs & seg[1]) for seg in segments]
    best = max(range(len(segments)), key=held.__getitem__)
    if held[best] < max(2, _SHARE * len(what)) or theirs[best] or held.count(held[best]) > 1:
        return []
    if any(held[k] >= held[best] for k, t in enumerate(theirs) if t):
        return []
    mine = next(seg for seg, t in zip(segments, theirs, strict=True) if t)
    _, _, a, b = segments[best]
    msg = (
        f"the source reports this in another speaker's words («{clip(idx.source[a:b])}»), "
        f"not in the words of the one the claim names («{clip(idx.source[mine[2] : mine[3]])}»)"
    )
    return [Issue(IssueKind.SPEAKER_MISMATCH, msg, (a, b))]


def _claim_speaker(
    text: str, toks: list[Token]
) -> tuple[list[frozenset[str]], list[frozenset[str]]] | None:
    """The claim's speaker words and the words of what it says, or ``None`` when it
    reports no speech."""
    for i, t in enumerate(toks):
        if t.key in _SAY and i > 0:
            who = [frame_forms(u) for u in toks[max(0, i - 3) : i] if not is_stopword(u)]
            return who, _content(toks[i + 1 :])
        if t.key in _ACCORDING and i + 1 < len(toks):
            end = next(
                (
                    j
                    for j in range(i + 1, len(toks))
                    if "," in text[toks[j - 1].end : toks[j].start]
                ),
                None,
            )
            if end is None or end - i > 4:
                return None
            who = [frame_forms(u) for u in toks[i + 1 : end] if not is_stopword(u)]
            return who, _content(toks[end:] + toks[:i])
    return None


def _content(toks: list[Token]) -> list[frozenset[str]]:
    return [
        frame_forms(t)
        for t in toks
        if not is_stopword(t) and t.number is None and t.key not in _SAY
    ]


def _source_segments(idx: SourceIndex) -> list[Segment]:
    """Every reported statement of the source (read once per source, for every claim)."""
    got = idx.derived.get(("speech segments", 0))
    if got is None:
        got = idx.derived[("speech segments", 0)] = [
            seg
            for s in range(len(idx.sentences))
            for seg in _segments(idx.flat[idx.sent_flat[s][0] : idx.sent_flat[s][1]])
        ]
    return got  # type: ignore[return-value]


def _segments(toks: list[Token]) -> list[Segment]:
    """A sentence's reported statements: who speaks and what is said, by segment."""
    cuts = [0] + [i for i, t in enumerate(toks) if t.key in _TURNS] + [len(toks)]
    out: list[Segment] = []
    for a, b in zip(cuts, cuts[1:], strict=False):
        seg = toks[a:b]
        at = next((i for i, t in enumerate(seg) if t.key in _SAY), None)
        if at is None or at == 0 or not seg:
            continue
        who = frozenset(f for t in seg[:at] for f in frame_forms(t))
        what = frozenset(f for t in seg[at + 1 :] for f in frame_forms(t))
        out.append((who, what, seg[0].start, seg[-1].end))
    return out
