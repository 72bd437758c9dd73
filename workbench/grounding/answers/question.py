"""Question-aware grounding: an answer judged as an answer to its question.

* ``answer_place``: the answer must stand where the question points (next to the words
  the question shares with the source), not only elsewhere in the source; a speaker's
  name where that speaker speaks; a who-question's answer as the doer of its verb
  (``answer_doer``); a question asking no subject (where, "אצל מי") answered in the
  clause of its verb; a number the answer writes in words placed as one value (round 16);
* ``answer_kind_checks``: an answer that only repeats the question, or whose kind does
  not fit the question word (no amount for כמה, a bare number for מי / איפה, and a
  short answer clearly of a type the question word does not ask for: ``answer_types``).
"""

from __future__ import annotations

import numpy as np

from workbench.grounding.answers.answer_doer import (
    answer_agent,
    answer_doer,
    answer_words,
    asked_person_verb,
    head_end,
    holds_any,
)
from workbench.grounding.answers.answer_types import (
    AnswerType,
    amount_clash,
    asked_type,
    measure_answered,
    type_clash,
)
from workbench.grounding.answers.answer_values import (
    verb_clause,
    verb_date,
    verb_positions,
)
from workbench.grounding.params import (
    ANSWER_ADJACENT,
    ANSWER_MIN,
    ANSWER_OPENING,
    ANSWER_REACH,
    PLACED_ANSWER,
    QUESTION_RATIO,
    TYPED_ANSWER,
)
from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.pieces import clip, has_form, turn_label
from workbench.grounding.reading.window_cover import WindowCover
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import (
    AMOUNT_QUESTIONS,
    ENTITY_QUESTIONS,
    FIGURE_QUESTIONS,
    MEASURE_WORDS,
    PERSON_QUESTIONS,
    PLACE_NOUNS,
    PLACE_QUESTIONS,
    QUANTITY_WORDS,
    STOPWORDS,
    WHICH_WORDS,
    Token,
    extract_numbers,
)


def _positions(t: Token, idx: SourceIndex) -> set[int]:
    """Flat source positions of the words matching ``t`` (key, stems, lemmas, value);
    kept per source by ``t``'s key, which its forms are a function of (never changed)."""
    got = idx.term_positions.get(t.key)
    if got is None:
        forms = frame_forms(t) | ({t.number} if t.number is not None else set())
        got = idx.term_positions[t.key] = {p for f in forms for p in idx.form_pos.get(f, ())}
    return got


def placed_answer(claim: Claim) -> bool:
    """Whether ``claim`` is "question? answer" with an answer of at most ``PLACED_ANSWER``
    content words of its own: an answer filling the one slot its question leaves open,
    which the question-aware checks place and bind (a longer one is a statement)."""
    q = claim.question_end
    return q >= 0 and sum(t.start > q for t in claim.terms) <= PLACED_ANSWER


def answer_head_placed(claim: Claim) -> bool:
    """``placed_answer`` read on the answer's head: its content words before the first comma
    ("נפתלי טישלר, אחיו של ממציא המשחק": ``answer_doer.head_end``); what follows the
    comma is an apposition or a relative clause about the answer, not a statement the
    frame checks should bind (round 18's question18-tried diff, kept in round 19 on
    heldout14)."""
    q = claim.question_end
    if q < 0:
        return False
    end = head_end(claim)
    return sum(q < t.start < end for t in claim.terms) <= PLACED_ANSWER


def answer_place(claim: Claim, idx: SourceIndex, w: np.ndarray) -> tuple[float, list[Issue]]:
    """In "question? answer": the answer must stand where the question points, next to
    the words the question shares with the source, not only elsewhere.

    Around every place that holds the answer's words (``ANSWER_MIN`` of them within
    ``ANSWER_REACH`` words), the share of the question's weight found there; the best such
    place must score at least ``QUESTION_RATIO`` x the best place for the question alone.
    Otherwise the answer answers another question of the same source. Returns that
    ratio (1.0 when it does not apply) and the issue, if any.

    Only an answer of at most ``PLACED_ANSWER`` content words of its own (words that
    do not repeat the question) is placed so: a longer one is a statement that its own
    words locate ("קו 47 יתחיל לפעול ב-1 בספטמבר 2025, עם פתיחת שנת הלימודים"), while
    the question's words may point at another part of a two-part question.

    Four facts of Hebrew question structure come first: a time question's answer whose
    date the source gives the question's verb is placed (``answer_values.verb_date``);
    in a dialogue, a who-question answered by a speaker's name is placed in that
    speaker's turns (``_speaker_place``); a who-question's answer must name the doer
    where the source states the verb after an apposition (``answer_agent``); and a
    question asking a place or a preposition's person is answered in the clause of its
    verb (``answer_adjunct``).
    """
    q = claim.question_end
    if not answer_head_placed(claim) or not idx.flat:
        return 1.0, []
    if not placed_answer(claim):  # a name and its apposition: the name is the doer (round 25)
        agent = answer_doer(claim, idx, named_only=True)
        return (0.0, agent) if agent else (1.0, [])
    if (dated := verb_date(claim, idx)) is not None and dated[1]:
        return 1.0, []  # the source dates the question's verb with the answer's date
    qrows = [(float(w[r]), _positions(t, idx)) for r, t in enumerate(claim.terms) if t.start < q]
    arows = _answer_rows(claim, idx)
    qrows = [r for r in qrows if r[1]]
    if not qrows or not arows or not any(pos for _, pos in arows):
        return 1.0, []
    said = _speaker_place(claim, idx, qrows)
    if said is not None:
        return _speaker_verdict(idx, *said)
    if agent := answer_agent(claim, idx) or answer_adjunct(claim, idx) or answer_doer(claim, idx):
        return 0.0, agent
    qr, ar = WindowCover(qrows), WindowCover(arows)
    q_at = [p for _, pos in qrows for p in pos]
    a_at = [p for _, pos in arows for p in pos]
    q_cover = qr.covers(q_at, idx, ANSWER_REACH)
    best_q = max(q_cover)
    a_cover = ar.covers(a_at, idx, len(arows) + 2)
    held = [p for p, c in zip(a_at, a_cover, strict=True) if c >= ANSWER_MIN]
    if not held or best_q <= 0:
        return 1.0, []
    # the sentence before: an answer in the opening words of its sentence may go on about
    # it ("...בארצות הברית. היא נולדה בקונטיקט"); deeper in, it is about its own sentence
    before = [idx.flat_sent[p] - 1 for p in held]
    prev_at = [
        i
        for i, s in enumerate(before)
        if s >= 0
        and idx.sent_flat[s][1] > idx.sent_flat[s][0]
        and held[i] - idx.sent_flat[s + 1][0] <= ANSWER_OPENING
    ]
    prev = qr.covers([idx.sent_flat[before[i]][0] for i in prev_at], idx, 10_000)
    here = qr.covers(held, idx, ANSWER_REACH)
    for i, c in zip(prev_at, prev, strict=True):
        here[i] = max(here[i], ANSWER_ADJACENT * c)
    if idx.speakers:
        here = [max(h, _with_label(idx, qrows, p)) for h, p in zip(here, held, strict=True)]
    k = max(range(len(held)), key=here.__getitem__)  # the first best, as max() keeps
    at = held[k]
    ratio = here[k] / best_q
    if ratio >= QUESTION_RATIO:
        return min(1.0, ratio), []
    centre = q_at[max(range(len(q_at)), key=q_cover.__getitem__)]
    asked = idx.sentences[idx.flat_sent[centre]]
    found = idx.sentences[idx.flat_sent[at]]
    msg = (
        f"the answer is in the source, but not where the question points: the question "
        f"is answered at source [{asked[0]}:{asked[1]}] "
        f"(«{clip(idx.source[asked[0] : asked[1]])}»); the answer's words are at "
        f"source [{found[0]}:{found[1]}]"
    )
    return ratio, [Issue(IssueKind.ANSWER_ELSEWHERE, msg, asked)]


def _with_label(idx: SourceIndex, qrows: list[tuple[float, set[int]]], p: int) -> float:
    """The question's words found near flat word ``p`` or in the label of the turn that
    says it ("סהר בן-עטר (מנהלת התמיכה): ... ואני עצמי עניתי על יותר ממאה"): every
    sentence of a turn is said by the speaker its label names. The label names who
    speaks, not what: some question word the label lacks must stand near ``p`` too."""
    lo, hi = turn_label(idx, idx.flat[p].start)
    if lo == hi:
        return 0.0
    sent = idx.flat_sent[p]
    total = sum(wt for wt, _ in qrows) or 1.0
    found, said = 0.0, False
    for wt, pos in qrows:
        near = any(idx.flat_sent[q] == sent and abs(q - p) <= ANSWER_REACH for q in pos)
        named = any(lo <= idx.flat[q].start < hi for q in pos)
        said = said or (near and not named)
        found += wt if near or named else 0.0
    return found / total if said else 0.0


def _answer_rows(claim: Claim, idx: SourceIndex) -> list[tuple[float, set[int]]]:
    """The answer's words as rows of source positions, a number written in words one row
    ("חמש עשרה שנים" is 15 and שנים, found where the source writes "15"), not a row per
    word (חמש and עשרה, found wherever the source says 5 or 10). A number the source
    never states as one value keeps its words' rows."""
    q = claim.question_end
    answer = [t for t in claim.tokens if t.start > q]
    spans = [
        m
        for m in extract_numbers(claim.text, answer)
        if m.checked
        and sum(m.start <= t.start < m.end for t in answer) > 1
        and m.value in idx.form_pos
    ]
    rows = [(1.0, set(idx.form_pos.get(m.value, ()))) for m in spans]
    rows += [
        (1.0, _positions(t, idx))
        for t in claim.terms
        if t.start > q and not any(m.start <= t.start < m.end for m in spans)
    ]
    return rows


def _turns(idx: SourceIndex) -> list[tuple[int, int, int]]:
    """A dialogue's turns: (speaker, first sentence, last sentence + 1), in order."""
    out: list[tuple[int, int, int]] = []
    for i, k in enumerate(idx.sent_speaker):
        if out and out[-1][0] == k and out[-1][2] == i:
            out[-1] = (k, out[-1][1], i + 1)
        else:
            out.append((k, i, i + 1))
    return [t for t in out if t[0] >= 0]


def _speaker_place(
    claim: Claim, idx: SourceIndex, qrows: list[tuple[float, set[int]]]
) -> tuple[float, tuple[int, int], tuple[int, int]] | None:
    """In a dialogue, a who-question answered by a speaker's name: the speaker's label
    names who says its turn, so the answer stands where that speaker speaks, and nowhere
    else (not in the turn before the label). The best share of the question's weight in
    one of the speaker's turns over the best in any turn, and the two turns' sentence
    ranges; ``None`` when the question asks no one or the answer names no one speaker."""
    if not idx.speakers:
        return None
    q = claim.question_end
    if asked_type([t for t in claim.tokens if t.start < q]) is not AnswerType.PERSON:
        return None
    forms = {f for t in claim.tokens if t.start > q for f in (t.key, *t.stems)}
    named = [k for k, ws in enumerate(idx.speakers) if ws and ws <= forms]
    if len(named) != 1:
        return None
    total = sum(wt for wt, _ in qrows) or 1.0
    best, mine = (0.0, (0, 0)), (0.0, (0, 0))
    turns = _turns(idx)
    verb = _verb_positions(claim, idx)
    said = [
        t
        for t in turns
        if any(idx.sent_flat[t[1]][0] <= p < idx.sent_flat[t[2] - 1][1] for p in verb)
    ]
    for k, a, b in said or turns:  # the turns that state the question's verb, if any do
        lo, hi = idx.sent_flat[a][0], idx.sent_flat[b - 1][1]
        got = sum(wt for wt, pos in qrows if any(lo <= p < hi for p in pos)) / total
        best = max(best, (got, (a, b)), key=lambda x: x[0])
        if k == named[0]:
            mine = max(mine, (got, (a, b)), key=lambda x: x[0])
    if best[0] <= 0:
        return None
    return mine[0] / best[0], best[1], mine[1]


def _verb_positions(claim: Claim, idx: SourceIndex) -> list[int]:
    """Where the source states the verb of a who-question (``verb_positions``)."""
    verb = asked_person_verb(claim)
    return [] if verb is None else verb_positions(verb, idx)


def asked_adjunct_verb(asked: list[Token]) -> Token | None:
    """The verb of a question that asks no subject: a place ("היכן למדה", "באיזו עיר
    נולדה") or a preposition's person ("אצל מי למדה", "עם מי נפגש", "ממי קיבל"): the
    first content word after the question phrase. ``None`` for a subject's מי ("מי
    תכנן": ``answer_agent``) and for other questions."""
    kind = asked_type(asked)
    head = next(
        (
            i
            for i, t in enumerate(asked[:3])
            if has_form(t, PLACE_QUESTIONS)
            or has_form(t, PERSON_QUESTIONS)
            or (
                has_form(t, WHICH_WORDS)
                and i + 1 < len(asked)
                and has_form(asked[i + 1], PLACE_NOUNS)
            )
        ),
        None,
    )
    if head is None or kind not in (AnswerType.PLACE, AnswerType.PERSON):
        return None
    q = asked[head]
    if kind is AnswerType.PERSON and head == 0 and q.key in PERSON_QUESTIONS:
        return None  # "מי ..." asks the subject
    if has_form(q, WHICH_WORDS):
        if q.key in WHICH_WORDS:
            return None  # "איזו מדינה הייתה..." asks the subject; "באיזו עיר" a place
        head += 1  # the place noun
    return next((t for t in asked[head + 1 :] if t.number is None and t.key not in STOPWORDS), None)


def answer_adjunct(claim: Claim, idx: SourceIndex) -> list[Issue]:
    """A question asking no subject (a place, a preposition's person) is answered in the
    clause of its verb: the verb right after the question phrase is the predicate whose
    place or partner is asked ("היכן למדה מלמד-הירש גרפיקה?"), and Hebrew states that
    argument with its verb, in its clause; a verb joined by "ו" starts its own predicate
    ("נולדה בלודז' ולמדה גרפיקה בברלין": בלודז' is where she was born). Where the source
    states the verb (in a sentence holding another word of the question), an answer whose
    words the source holds, but none of them in such a clause, answers another predicate."""
    q = claim.question_end
    if q < 0 or idx.speakers:
        return []
    asked = [t for t in claim.tokens if t.start < q]
    verb = asked_adjunct_verb(asked)
    if verb is None:
        return []
    found, others = answer_words(claim, idx, verb)
    zones = [
        verb_clause(idx, p)
        for p in verb_positions(verb, idx, inflected=True)
        if holds_any(idx, p, others)
    ]
    if not found or not zones:
        return []
    for z in zones:
        forms = {f for t in z for f in frame_forms(t)}
        if any(fs & forms for fs in found):
            return []
    s, e = zones[0][0].start, zones[0][-1].end
    said = claim.text[verb.start : verb.end]
    msg = (
        f"the question asks about {said}, and the source states it at [{s}:{e}] "
        f"(«{clip(idx.source[s:e])}»), without the answer"
    )
    return [Issue(IssueKind.ANSWER_ELSEWHERE, msg, (s, e))]


def _speaker_verdict(
    idx: SourceIndex, ratio: float, asked: tuple[int, int], theirs: tuple[int, int]
) -> tuple[float, list[Issue]]:
    """``answer_place``'s result for a speaker's name: the ratio, and the issue below
    ``QUESTION_RATIO``."""
    if ratio >= QUESTION_RATIO:
        return min(1.0, ratio), []
    s, e = idx.sentences[asked[0]][0], idx.sentences[asked[1] - 1][1]
    msg = (
        f"the answer names a speaker, but the question is answered in another speaker's "
        f"turn: source [{s}:{e}] («{clip(idx.source[s:e])}»); the speaker named speaks at "
        f"source [{idx.sentences[theirs[0]][0]}:{idx.sentences[theirs[1] - 1][1]}]"
    )
    return ratio, [Issue(IssueKind.ANSWER_ELSEWHERE, msg, (s, e))]


def answer_kind_checks(claim: Claim) -> list[Issue]:
    """In "question? answer": an answer that repeats only the question's words, or whose
    kind does not fit the question word (no amount for כמה, a bare number for מי / איפה;
    an answer of at most ``TYPED_ANSWER`` new words clearly of a type the question does
    not ask for, as ``answer_types.type_clash`` reads it: "מתי...? בנהריה")."""
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
    if (
        figures
        and len(words) <= 1
        and not asks_figure(asked)
        and not measure_answered(asked, answer)
    ):
        msg = "the answer is a bare figure, and the question asks for no figure"
        return [Issue(IssueKind.ANSWER_MISMATCH, msg)]
    clash = type_clash(asked, answer, claim.text) if len(new) <= TYPED_ANSWER else None
    clash = clash or amount_clash(asked, answer, claim.text)
    if clash:
        return [Issue(IssueKind.ANSWER_MISMATCH, clash)]
    return []


def asks_figure(asked: list[Token]) -> bool:
    """Whether a question asks for a figure: it holds כמה or מתי, a measure ("מה אחוז
    האבטלה", "באיזו שנה") or a unit ("כמה זמן"); "מה השלב הכי כיפי" asks for none, so a
    bare figure ("30") answers another question."""
    return any(
        has_form(t, FIGURE_QUESTIONS) or has_form(t, MEASURE_WORDS) or has_form(t, QUANTITY_WORDS)
        for t in asked
    )
