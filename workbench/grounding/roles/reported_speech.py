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

Round 41 (said41): a segment opening with "לפי NAME," / "לדברי NAME," (an apposition of up
to three words after it included) is NAME's statement too, and "מי אמר ש...? NAME" asks
whose it is: an answer naming another segment's speaker is ``answer_elsewhere``, and an
answer naming the right one is no doer of the verb "אמר" found elsewhere
(``answers_speaker``, read by ``answer_doer``). The speaker after "לפי" or in an answer is
read by its head and its names, not by a definite noun after the head.
"""

from __future__ import annotations

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.pieces import clip
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import PERSON_QUESTIONS, Token, is_stopword, normalize

_SAY = frozenset(
    normalize(w).text
    for w in """אמר אמרה אמרו סיפר סיפרה סיפרו טען טענה טענו הודיע הודיעה הודיעו ציין
    ציינה ציינו הסביר הסבירה הוסיף הוסיפה מסר מסרה הבהיר הבהירה הדגיש הדגישה כתב כתבה
    כתבו""".split()
)
_ACCORDING = frozenset(normalize(w).text for w in ("לדברי", "לפי", "לטענת"))
_SHARE = 0.4  # of what the claim says, the share its statement's segment must hold
_TURNS = frozenset(normalize(w).text for w in ("ואילו", "אבל", "אך", "בעוד"))
_MARGIN = 2  # the statement holds this many times what the named speaker's does, at least
_NAMED = 5  # "לדברי" and up to this many words before the comma name the speaker (round 42:
# "לדברי רכז התעסוקה של המרכז, ..." was 4)
_APPOSITION = 3  # words of an apposition after "לפי NAME," read as the speaker's too

Segment = tuple[frozenset[str], frozenset[str], int, int]  # who, what, start, end offsets


def reported_speaker(claim: Claim, idx: SourceIndex) -> list[Issue]:
    """``speaker_mismatch`` for a statement the sentence reports in another's words;
    ``answer_elsewhere`` for the answer to "מי אמר ש...?" naming another's speaker."""
    if idx.speakers:
        return []
    if claim.question_end >= 0:
        split = _asked_speaker(claim)
    else:
        split = _claim_speaker(claim.text, [t for t in claim.tokens if claim.asserts(t)])
    got = None if split is None else _best_segment(idx, *split)
    if got is None:
        return []
    segments, theirs, best = got
    if theirs[best] or not any(theirs):
        return []
    mine = next(seg for seg, t in zip(segments, theirs, strict=True) if t)
    _, _, a, b = segments[best]
    if claim.question_end >= 0:
        msg = (
            f"the question asks who said it, and the source reports it in another speaker's "
            f"words («{clip(idx.source[a:b])}»), not in the words of the one the answer "
            f"names («{clip(idx.source[mine[2] : mine[3]])}»)"
        )
        return [Issue(IssueKind.ANSWER_ELSEWHERE, msg, (a, b))]
    msg = (
        f"the source reports this in another speaker's words («{clip(idx.source[a:b])}»), "
        f"not in the words of the one the claim names («{clip(idx.source[mine[2] : mine[3]])}»)"
    )
    return [Issue(IssueKind.SPEAKER_MISMATCH, msg, (a, b))]


def answers_speaker(claim: Claim, idx: SourceIndex) -> bool:
    """Whether the answer to "מי אמר ש...?" names the one in whose words the source
    reports what the question says (``answer_doer`` then reads no doer of the verb
    "אמר" elsewhere: "לפי NAME, ..." names the speaker without that verb)."""
    split = _asked_speaker(claim) if claim.question_end >= 0 and not idx.speakers else None
    got = None if split is None else _best_segment(idx, *split)
    return got is not None and got[1][got[2]]


def _best_segment(
    idx: SourceIndex, who: list[frozenset[str]], what: list[frozenset[str]]
) -> tuple[list[Segment], list[bool], int] | None:
    """The source's reported statements, which of them the speaker words ``who`` name,
    and the one holding most of ``what`` (two words and ``_SHARE`` of them at least, more
    than any other statement, and more than any of the named speaker's other ones);
    ``None`` when no statement stands out so."""
    if not who or len(what) < 2:
        return None
    segments = _source_segments(idx)
    if len(segments) < 2:
        return None
    theirs = [any(fs & seg[0] for fs in who) for seg in segments]
    held = [sum(1 for fs in what if fs & seg[1]) for seg in segments]
    best = max(range(len(segments)), key=held.__getitem__)
    if held[best] < max(2, _SHARE * len(what)) or held.count(held[best]) > 1:
        return None
    if not theirs[best] and any(_MARGIN * held[k] > held[best] for k, t in enumerate(theirs) if t):
        return None
    return segments, theirs, best


def _asked_speaker(claim: Claim) -> tuple[list[frozenset[str]], list[frozenset[str]]] | None:
    """For "מי אמר ש...? NAME" (round 41): the answer's words as the speaker, the
    question's words after its reporting verb as what is said; ``None`` for any other
    question."""
    q = claim.question_end
    asked = [t for t in claim.tokens if t.start < q]
    if len(asked) < 3 or asked[0].key not in PERSON_QUESTIONS or asked[1].key not in _SAY:
        return None
    who = _speaker_words([t for t in claim.tokens if t.start > q])
    return who, _content(asked[2:])


def _claim_speaker(
    text: str, toks: list[Token]
) -> tuple[list[frozenset[str]], list[frozenset[str]]] | None:
    """The claim's speaker words and the words of what it says, or ``None`` when it
    reports no speech."""
    for i, t in enumerate(toks):
        if t.key in _SAY and i > 0:
            k = _before_apposition(text, toks, i)
            who = [frame_forms(u) for u in toks[max(0, k - 3) : k] if not is_stopword(u)]
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
            if end is None or end - i > _NAMED:
                return None
            who = _speaker_words(toks[i + 1 : end])
            return who, _content(toks[end:] + toks[:i])
    return None


def _before_apposition(text: str, toks: list[Token], i: int) -> int:
    """Where the speaker's name ends before the reporting verb at ``i``: at ``i``, or,
    when an apposition between commas stands right before the verb ("גיל האופטמן, קבלן
    המשנה שריצף את המבנה, טען"), before its opening comma: the name, not the
    apposition's last words, says who speaks (round 44)."""
    if "," not in text[toks[i - 1].end : toks[i].start]:
        return i
    for k in range(i - 2, 0, -1):
        if "," in text[toks[k - 1].end : toks[k].start]:
            return k
    return i


def _speaker_words(toks: list[Token]) -> list[frozenset[str]]:
    """The words that name a speaker after "לפי" or in an answer (round 41): its head and
    its names, not a definite noun after the head, which names what the speaker belongs
    to ("מנהל החברה המפעילה" is not "הודעת החברה המפעילה"; "חיים אולשוונג" is
    "אולשוונג")."""
    words = [t for t in toks if not is_stopword(t)]
    return [frame_forms(t) for k, t in enumerate(words) if k == 0 or not t.key.startswith("ה")]


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
            for seg in _segments(idx.flat[idx.sent_flat[s][0] : idx.sent_flat[s][1]], idx.source)
        ]
    return got  # type: ignore[return-value]


def _segments(toks: list[Token], text: str) -> list[Segment]:
    """A sentence's reported statements: who speaks and what is said, by segment."""
    cuts = [0] + [i for i, t in enumerate(toks) if t.key in _TURNS] + [len(toks)]
    out: list[Segment] = []
    for a, b in zip(cuts, cuts[1:], strict=False):
        seg = toks[a:b]
        at = next((i for i, t in enumerate(seg) if t.key in _SAY), None)
        if at is None or at == 0 or not seg:
            got = _according(seg, text)
            if got is not None:
                out.append((got[0], got[1], seg[0].start, seg[-1].end))
            continue
        who = frozenset(f for t in seg[:at] for f in frame_forms(t))
        what = frozenset(f for t in seg[at + 1 :] for f in frame_forms(t))
        out.append((who, what, seg[0].start, seg[-1].end))
    return out


def _according(seg: list[Token], text: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """A segment opening with "לפי NAME," / "לדברי NAME," (round 41): who speaks (the
    words up to the comma, with an apposition of up to ``_APPOSITION`` words after it:
    "לפי מנכ"ל הפארק, דורון בוגטיר, המגלשה עברה בדיקה...") and what is said (the rest)."""
    start = next((i for i, t in enumerate(seg[:2]) if t.key in _ACCORDING), None)
    if start is None:
        return None
    cuts = [j for j in range(start + 2, len(seg)) if "," in text[seg[j - 1].end : seg[j].start]]
    if not cuts or cuts[0] - start > _NAMED:
        return None
    end = cuts[0]
    if len(cuts) > 1 and cuts[1] - end <= _APPOSITION:
        end = cuts[1]
    who = frozenset(f for t in seg[start + 1 : end] for f in frame_forms(t))
    what = frozenset(f for t in seg[end:] for f in frame_forms(t))
    return who, what
