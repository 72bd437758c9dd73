"""A question a speaker asks states nothing (round 27; its edges: review27).

In a dialogue a turn may ask ("נסגור את הספרייה בחודשי הקיץ?"): the words of the question
are all there, yet the speaker asserts none of it, so a statement claim whose support is
only such questions ("הספרייה תיסגר בחודשי הקיץ", "נועה אמרה שנסגור את הספרייה") is not
supported by the source. A claim that reports the asking ("נועה שאלה אם...", "ביקשה לברר
אם", "רצתה לדעת אם", a question word of its own) states what the speaker did, and a
"question? answer" claim is judged by the question-aware checks: both are left alone.
Where the chosen support holds a sentence that is no question (the reply, "כן, נסגור
אותה"), that sentence may state it.

Not every sentence ending in "?" leaves its content open (review27):
* a tag question ("האימון מתחיל בשש, נכון?") asserts its body and asks for a nod; it
  states nothing only where the next speaker denies it ("לא, ...");
* a yes/no question the next speaker, or its own speaker, affirms ("נפתח גם בשבת?" -
  "כן.") is stated by the reply, which the claim's words cannot match by itself;
* a question for an adjunct ("למה סוגרים את הספרייה בקיץ?", "מתי נפתח אותה?") takes its
  content as given and asks only why, when, where or how.
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.pieces import clip, has_form, has_prefix
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import (
    ASK_VERBS,
    GRANTING_WORD,
    NO_WORD,
    PRESUPPOSING_QUESTION_WORDS,
    TAG_WORDS,
    WHETHER,
    WHETHER_VERBS,
    YES_WORDS,
    Token,
    is_question_word,
)


def asked_only(claim: Claim, idx: SourceIndex, chosen: tuple[int, ...]) -> list[Issue]:
    """A statement whose chosen support is only questions that dialogue speakers ask.
    The issue's kind is ``SPEAKER_MISMATCH`` (what the speaker said is not the claim: a
    new kind would need a refit of the calibration)."""
    if not idx.speakers or claim.question_end >= 0 or not chosen:
        return []
    if reports_asking(claim.tokens):
        return []
    ids = idx.sentences_of(chosen)
    if not ids or not all(idx.sent_speaker[i] >= 0 and _asks(idx, i) for i in ids):
        return []
    s, e = idx.sentences[ids[0]]
    msg = f"the source only asks this: «{clip(idx.source[s:e])}» is a speaker's question"
    return [Issue(IssueKind.SPEAKER_MISMATCH, msg, (s, e))]


def reports_asking(toks: Sequence[Token]) -> bool:
    """Whether words report a question rather than state its content: a question word, a
    verb of asking, or "אם" (whether) after a verb of knowing or checking ("רצתה לדעת
    אם")."""
    if any(is_question_word(t) or has_form(t, ASK_VERBS) for t in toks):
        return True
    return any(
        t.key == WHETHER and has_form(prev, WHETHER_VERBS)
        for prev, t in zip(toks, toks[1:], strict=False)
    )


def _asks(idx: SourceIndex, sent: int) -> bool:
    """Whether source sentence ``sent`` asks without stating (see the module docstring):
    it ends with "?", asks no adjunct, and is neither a tag question left undenied nor a
    yes/no question the next speaker affirms."""
    words = _own_words(idx, sent)
    s, e = idx.sentences[sent]
    text = idx.source[s:e].rstrip()
    if not text.endswith("?") or any(_presupposes(t) for t in words):
        return False
    replies = _reply_openings(idx, sent)
    if _tag_tail(text):
        return any(_denies(r) for r in replies)
    return not any(_affirms(r) for r in replies)


def _denies(reply: list[Token]) -> bool:
    """Whether a reply's opening words deny: "לא" first or second ("לא, בשמונה", "ממש
    לא", "בהחלט לא"), or a yes word's "שלא" ("כמובן שלא", "בטח שלא": review27b)."""
    return any(t.key == NO_WORD or t.key == "ש" + NO_WORD for t in reply[:2])


def _affirms(reply: list[Token]) -> bool:
    """Whether a reply opens with a yes word that affirms: not one a denial follows
    ("כמובן שלא"), nor "נכון ש..." that grants another thing ("נכון שהתקציב קטן, אבל
    לא נסגור": review27b)."""
    if not reply or reply[0].key not in YES_WORDS or _denies(reply):
        return False
    grants = reply[0].key == GRANTING_WORD and len(reply) > 1 and has_prefix(reply[1], "ש")
    return not grants


def _presupposes(t: Token) -> bool:
    """A question word asking why, when, where or how (``PRESUPPOSING_QUESTION_WORDS``)."""
    return is_question_word(t) and has_form(t, PRESUPPOSING_QUESTION_WORDS)


def _tag_tail(text: str) -> bool:
    """Whether the question ``text`` ends with a tag after its last comma ("..., נכון?",
    "..., לא?")."""
    head, comma, tail = text[:-1].rpartition(",")
    words = [w for w in tail.split() if w]
    return bool(comma and head.strip() and words) and all(
        w.strip("\"'") in TAG_WORDS for w in words
    )


def _own_words(idx: SourceIndex, sent: int) -> list[Token]:
    """The words of sentence ``sent`` past its turn's speaker label, if it holds one."""
    lo, hi = idx.sent_flat[sent]
    s, e = idx.sentences[sent]
    skip = max((t.start + len(t.speaker) for t in idx.turns if s <= t.start < e), default=s)
    return [t for t in idx.flat[lo:hi] if t.start >= skip]


def _reply_openings(idx: SourceIndex, sent: int) -> list[list[Token]]:
    """The first two words of what answers sentence ``sent``: the rest of its speaker's
    turn ("נסגור בקיץ? כן, כך הוחלט") and the next speaker's first sentence."""
    me = idx.sent_speaker[sent]
    out: list[list[Token]] = []
    for j in range(sent + 1, len(idx.sentences)):
        k = idx.sent_speaker[j]
        if k < 0:
            break
        words = _own_words(idx, j)
        if words:
            out.append(words[:2])
        if k != me:
            break  # the next speaker's first sentence is the last read
    return out
