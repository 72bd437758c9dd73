"""The answer's value bound to the question's predicate: in "question? answer", a value of
the right type (a year, a month, a figure, a percentage) copied from the source must be
the one the source gives for what the question asks, not one it binds to another
predicate ("מתי שופץ המזח לאחרונה? ב-1987" where the source says "המזח נבנה ב-1987
ושופץ לאחרונה ב-2011").

The question's predicate is its content words (after the question word), without the
noun a כמה counts (both the whole and the part count it: "מתוך 140 עובדי המאפייה יפוטרו
95"); a word after כמה that no figure of the source counts is the verb ("כמה משלמת"),
and stays (round 24; ``counted_noun``). Each source sentence is cut into clauses (``sentence_clauses``, read with their
values by ``value_clauses``); a clause's (sentence's) cover is the weighted share of the
question's words it holds. A clause counting a part ("ו-7 מהם כבר זוהו") also holds the words of the clause stating the whole,
so a question about the part ("כמה מהפריטים שנמצאו בדירה כבר זוהו?") is answered by the
part, whose clause holds both, and not by the whole.

The answer is flagged (``bound_elsewhere``, pointing at the rival value) only when its
value is stated in the source and the source gives a competing value of the same type
(a time against a time of the same part, year or month; a percentage against a
percentage; a figure against a figure that may count the same thing: one bare, both
counting one word, or both counting amounts, "25 דקות" / "ארבעה חודשים") bound to the
question's predicate:

* across clauses: in a clause (or a sentence) that holds at least ``VALUE_COVER`` of the
  question's words, and ``VALUE_MARGIN`` more than every clause (sentence) stating the
  answer's value; only for a predicate of two words or more;
* within one clause holding both values: the predicate's words stand next to the rival
  (within ``VALUE_REACH`` words, nearer to it than to any other value), by
  ``VALUE_MARGIN`` of the question's weight more than next to the answer's value;
* within one sentence (round 11): the answer's value stands only in clauses holding none
  of the question's words, and the rival in a sibling clause holding ``VALUE_MARGIN`` of
  them ("עמדו 30 ילדים, ושמונה מהם חוסנו" for "כמה ילדים חוסנו? 30"), or (round 16) a
  sibling clause holding every question word the answer's clause holds, and more ("310
  טון נקטפו השנה, לעומת 520 בשנה שעברה"), or (round 16b) where one sentence states
  every occurrence of the answer's value, a clause of it holding ``VALUE_MARGIN`` more of
  the question's words *that sentence holds* than each clause of the answer's value: a
  word the sentence lacks (the topic named in an earlier sentence) tells none of its
  clauses apart, so it must not dilute the share ("בסקר של 2005 נמצאו 14 אתרים..., ובסקר
  של 2020 נמצאו רק תשעה" for "בכמה אתרים נמצאה שממית הכורכר בסקר של 2020? 14").

Round 16 (``answer_counts``): a whole is no answer to a question holding a word of its
part's own predicate; a figure answering "כמה NOUN" that the source states only counting
another noun, or as a date's day, counts another thing. Round 23 (``part_for_whole``):
a part ("ו-60 מהם היו תושבי העיר") is no answer to a question holding its whole's words
and none of the part's own predicate.

In a dialogue each sentence of a turn holds its speaker's name at sentence level
(``value_clauses.turn_speaker``): a question naming the speaker points at their turns,
and (round 16) a first-person verb of a turn holds the third-person form a question
about the speaker uses ("ביטלתי" for "ביטל": ``value_clauses.said_forms``). Round 16b:
a turn's speaker is the "I" of each of its clauses, so a clause's own share is measured
over the question's words other than the speaker's name (a long name no longer dilutes
the share of the clause that states the predicate: "המחיר שלי 6,500 שקל, ..., אבל הסרטון
עולה 2,000 נוספים" for "מה המחיר של גדעון בר-סלע...? 2,000").

A time question's verb decides first (``verb_date``): Hebrew puts the verb right
after the question word ("מתי צייר יעקב אלמליח את...", "באיזו שנה עלתה X"); it is the
event the question dates, while its subject and object may stand next to a date of
another event ("של הצייר יעקב אלמליח, שנגנב ב-2013"). Where the source states that verb
(as a verb: "הצייר", with the article, is a noun) with one date, the date of its
clause strictly nearest to it (in a clause opened by כש with no date, the last date of
the clause before: ``_clause_date``), an answer giving that date is bound (and placed:
``question.answer_place`` accepts it), and one giving another it competes with is
flagged.

A figure the source marks as a reference with מ (a change's start "מ-350 ל-150", a
comparison's standard "פחות מ-45 אלף", a part's whole "מתוך 9") is not the predicate's
value: an answer giving only it is flagged, and within a clause it is no rival of the
figure measured from it (``reference_values``, round 10).

A value the question states itself ("בסוף 2022") is no rival. When the source gives the
question's predicate no other value, or its binding cannot be read, the answer is left
alone: the check must not reject right answers whose binding it cannot read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from workbench.grounding.answers.answer_counts import (
    counted_elsewhere,
    part_for_whole,
    whole_of_part,
)
from workbench.grounding.answers.answer_types import AnswerType, asked_type
from workbench.grounding.answers.count_verb import verb_figure
from workbench.grounding.answers.counted_noun import asked_noun, count_verb, question_predicate
from workbench.grounding.answers.gapped_rows import gapped_row_answer
from workbench.grounding.params import PLACED_ANSWER, VALUE_COVER, VALUE_MARGIN, VALUE_REACH
from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.pieces import clip, has_form, has_prefix
from workbench.grounding.reading.sentence_clauses import OBJECT_MARKERS, clause_at, sentence_clauses
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.values.reference_values import (
    amount_verb,
    asks_reference,
    marked,
    reference_issue,
)
from workbench.grounding.values.value_clauses import (
    Rows,
    Value,
    ValueClause,
    bound_issue,
    cover,
    nearest_value,
    read_values,
    turn_speaker,
    value_clauses,
    value_forms,
    value_sentence,
)
from workbench.hebrew import (
    AMOUNT_QUESTIONS,
    TIME_NOUNS,
    TIME_QUESTIONS,
    TIME_SPANS,
    Token,
    is_negation,
    is_stopword,
)


@dataclass(frozen=True, slots=True)
class _Bound:
    """A clause stating a value: the cover of its sentence and its own, the value."""

    sent: float
    own: float
    value: Value
    clause: ValueClause
    at: int = -1  # its sentence
    hit: frozenset[int] = frozenset()  # the question's rows the clause holds
    rel: float = 0.0  # its share of the question's words its sentence holds


def answer_value_checks(claim: Claim, idx: SourceIndex, w: np.ndarray) -> list[Issue]:
    """In "question? answer": the answer's value must be the one the source binds to the
    question's predicate, when the source gives that predicate a value of the same type
    and the answer's value is bound elsewhere. See the module docstring."""
    q = claim.question_end
    if q < 0 or sum(t.start > q for t in claim.terms) > PLACED_ANSWER:
        return []
    dated = verb_date(claim, idx)
    if dated is not None:  # the source dates the question's verb: that decides
        return [] if dated[1] else [_verbbound_issue(idx, dated[0])]
    answer = [t for t in claim.tokens if t.start > q]
    asked = [t for t in claim.tokens if t.start < q]
    # a כמה question asks a count, not a year; in a time question כמה is "a few" ("באיזו
    # שנה החלה יוזמת כמה חברים?"), and its year answer stays a year (review25)
    counts = any(has_form(t, AMOUNT_QUESTIONS) for t in asked)
    given = read_values(
        claim.text, answer, counts=counts and asked_type(asked) is not AnswerType.TIME
    )
    # "30 מיליון שקל מתוך 46 מיליון": the answer's own whole, which it marks, is no answer
    given = [v for v in given if not marked(answer, v)] or given
    rows = question_predicate(
        claim,
        [(float(w[r]), value_forms(t)) for r, t in enumerate(claim.terms) if t.start < q],
        idx,
    )
    total = sum(wt for wt, _ in rows)
    if not given or total <= 0:
        return []
    own = read_values(claim.text, asked)
    if not asks_reference(asked) and (ref := _reference(idx, answer, given, own, asked)):
        return [ref]
    sents = [s for s in range(len(idx.sentences)) if idx.sent_values[s] or idx.sent_months[s]]
    verb = count_verb(asked, idx)  # "כמה משלמת": the verb's own figure decides (round 25)
    at = verb_positions(verb, idx, inflected=True) if verb else []
    said = verb_figure(idx, at, given, own, rows) if at else None
    if said is not None and not said[1]:
        return [_verbbound_issue(idx, said[0])]
    negated = any(is_negation(t) for t in asked)
    if said is None and (row := gapped_row_answer(idx, given, rows, sents, negated)) is not None:
        return row  # the gapped row the question asks decides (round 41)
    # "כמה ילדים היו בקרון?" asks a count of children: "במשך שלוש שעות" or "אחרי 31 שנה"
    # measures a span of time and is no rival of the answer (round 45, noun45)
    noun = asked_noun(asked, idx)
    counts = bool(noun) and noun.isdisjoint(TIME_SPANS)  # a count, not a span of time

    def rivals(s: int, cl: ValueClause) -> Sequence[Value]:
        return [v for v in cl.values if not v.counts_time] if counts else cl.values

    found = [] if said else bound_rival(idx, given, own, rows, sents, rivals)
    return (
        found
        or whole_of_part(idx, given, own, rows, sents)
        or counted_elsewhere(idx, given, own, asked, rows, sents)
        or part_for_whole(idx, given, own, asked, rows, sents)
    )


ClauseValues = Callable[[int, ValueClause], Sequence[Value]]


def bound_rival(
    idx: SourceIndex,
    given: Sequence[Value],
    own: Sequence[Value],
    rows: Rows,
    sents: Sequence[int],
    values_of: ClauseValues,
    *,
    statement: bool = False,
) -> list[Issue]:
    """The answer's ``given`` values against the rivals the source binds to the question's
    predicate (``rows``), over the clauses of ``sents`` (``values_of``: a clause's values;
    ``own``: the values the question states itself, no rivals). Shared by the answer's
    value, the answer's name (``answer_names``) and a statement's date (``claim_dates``,
    ``statement``: the claim's predicate stands for the question's)."""
    total = sum(wt for wt, _ in rows)
    right: list[_Bound] = []
    wrong: list[_Bound] = []
    for sent in sents:
        clauses = value_clauses(idx, sent)
        speaker = turn_speaker(idx, sent)
        s_forms = frozenset().union(*(cl.forms for cl in clauses)) | speaker
        s_cover = cover(s_forms, rows, total)
        # a turn's speaker is every clause's "I": the other words of the question tell its
        # clauses apart (round 16b)
        c_rows = [r for r in rows if not r[1] & speaker] or rows
        c_total = sum(wt for wt, _ in c_rows)
        for cl in clauses:
            values = values_of(sent, cl)
            # a value the question states itself ("בסוף 2022") is not a rival
            rival = [
                v
                for v in values
                if not any(v.same(o) for o in own) and any(a.competes(v) for a in given)
            ]
            mine = [v for v in values if any(v.same(a) for a in given)]
            here = _measured(idx, sent, mine, rival)
            if mine and here and (near := _nearer(cl, mine[0], here, rows)):
                return [bound_issue(idx, mine[0], cl, near, cl, statement=statement)]
            if mine or rival:
                own_cover = cover(cl.forms, c_rows, c_total)
                hit = frozenset(i for i, (_, fs) in enumerate(rows) if fs & cl.forms)
                in_sent = [r for r in c_rows if r[1] & s_forms]
                rel = cover(cl.forms, in_sent, sum(wt for wt, _ in in_sent) or 1.0)
                bound = _Bound(s_cover, own_cover, (mine or rival)[0], cl, sent, hit, rel)
                (right if mine else wrong).append(bound)
    # one word: no frame to place
    return _across(idx, right, wrong, statement) if len(rows) > 1 else []


def _reference(
    idx: SourceIndex, answer: list[Token], given: list[Value], own: list[Value], asked: list[Token]
) -> Issue | None:
    """An answer giving a figure the source marks as a reference (``reference_values``)."""
    sents = [
        (idx.flat[slice(*idx.sent_flat[s])], value_clauses(idx, s))
        for s in range(len(idx.sentences))
        if idx.sent_values[s]
    ]
    marks = [(a, marked(answer, a)) for a in given]
    return reference_issue(idx.source, sents, marks, own, amount_verb(asked))


def _measured(idx: SourceIndex, sent: int, mine: list[Value], rival: list[Value]) -> list[Value]:
    """The rivals of the answer's value within its clause, without a reference the
    clause measures the answer's value from ("מ-350 ל-150": 350 is no rival of 150)."""
    if not mine or not rival:
        return []
    toks = idx.flat[slice(*idx.sent_flat[sent])]
    if marked(toks, mine[0]):
        return rival
    return [v for v in rival if not marked(toks, v)]


def _across(
    idx: SourceIndex, right: list[_Bound], wrong: list[_Bound], statement: bool = False
) -> list[Issue]:
    """A rival in a clause (or sentence) that holds the question's words, by
    ``VALUE_MARGIN`` more than every clause (sentence) stating the answer's value."""
    if not right or not wrong:
        return []
    mine = max(right, key=lambda b: (b.own, b.sent))
    best_s = max(b.sent for b in right)
    for b in sorted(wrong, key=lambda b: (-b.own, -b.sent)):
        by_clause = b.own >= VALUE_COVER and b.own >= mine.own + VALUE_MARGIN
        by_sentence = b.sent >= VALUE_COVER and b.sent >= best_s + VALUE_MARGIN
        # within one sentence, the clause stating the predicate binds: the answer's value
        # stands only in clauses holding none of the question's words ("מכרנו 38 אלף
        # כרטיסים, פחות מ-45 אלף שתכננו": 45 אלף is what was planned)
        by_sibling = mine.own == 0 and b.own >= VALUE_MARGIN and any(r.at == b.at for r in right)
        # ...and (round 16b) the one sentence stating the answer's value: a clause of it
        # holding VALUE_MARGIN more of the question's words the sentence holds than every
        # clause stating the answer's value
        by_margin = all(r.at == b.at and b.rel >= r.rel + VALUE_MARGIN for r in right)
        # ...and, within one sentence, a clause holding every question word the answer's
        # clause holds, and more ("310 טון הגיעו השנה, לעומת 520 בשנה שעברה")
        by_more = any(r.at == b.at and r.hit and r.hit < b.hit for r in right) and not any(
            r.hit >= b.hit for r in right
        )
        if by_clause or by_sentence or by_sibling or by_more or by_margin:
            return [
                bound_issue(idx, mine.value, mine.clause, b.value, b.clause, statement=statement)
            ]
    return []


def _nearer(cl: ValueClause, mine: Value, rivals: list[Value], rows: Rows) -> Value | None:
    """In one clause holding the answer's value and rivals: the rival bound to the
    question's predicate. The predicate's words next to a value (within ``VALUE_REACH``
    words, nearer to it than to any other value) bind it; the rival must get
    ``VALUE_MARGIN`` of the question's weight more than the answer's value."""
    at = {t.start: i for i, t in enumerate(cl.toks)}
    spots = [(at[v.start], v) for v in (mine, *rivals) if v.start in at]
    if len(spots) < 2 or spots[0][1] is not mine:
        return None
    got = [0.0] * len(spots)
    for wt, forms in rows:
        near = {_nearest(spots, i) for i, t in enumerate(cl.toks) if forms & value_forms(t)}
        for k in near:
            if k is not None:
                got[k] += wt
    total = sum(wt for wt, _ in rows) or 1.0
    k = max(range(1, len(spots)), key=got.__getitem__)
    return spots[k][1] if got[k] - got[0] >= VALUE_MARGIN * total else None


def _nearest(spots: list[tuple[int, Value]], i: int) -> int | None:
    """The spot strictly nearest to token ``i`` within ``VALUE_REACH`` words, if any."""
    d = sorted((abs(i - p), k) for k, (p, _) in enumerate(spots))
    return d[0][1] if 0 < d[0][0] <= VALUE_REACH and d[0][0] < d[1][0] else None


# --- the date of the question's verb --------------------------------------------------


def asked_verb(asked: Sequence[Token]) -> Token | None:
    """The verb a time question dates: the first content word after its question word
    ("מתי צייר", "מאז מתי לא נרשמה", "באיזו שנה עלתה"); ``None`` for another question."""
    if asked_type(asked) is not AnswerType.TIME:
        return None
    head = next(
        (
            i
            for i, t in enumerate(asked[:4])
            if has_form(t, TIME_QUESTIONS) or has_form(t, TIME_NOUNS)
        ),
        None,
    )
    if head is None:
        return None
    for t in asked[head + 1 :]:
        if t.number is None and not is_stopword(t):
            return t
    return None


def verb_date(claim: Claim, idx: SourceIndex) -> tuple[Value, bool] | None:
    """The date the source gives the verb of a time question, and whether the answer
    states it (``False``: the answer's date competes with it, it dates another event);
    ``None`` when the claim is no such question, its answer states no date, or the source
    states the verb with no date, with several, or with one the answer's cannot compete
    with (a month against a year)."""
    q = claim.question_end
    if q < 0:
        return None
    verb = asked_verb([t for t in claim.tokens if t.start < q])
    given = [
        v
        for v in read_values(claim.text, [t for t in claim.tokens if t.start > q])
        if v.kind == "time"
    ]
    if verb is None or not given:
        return None
    dates: list[Value] = []
    for p in verb_positions(verb, idx):
        date = _clause_date(idx, p)
        if date is not None and not any(date.same(d) for d in dates):
            dates.append(date)
    if len(dates) != 1:
        return None  # the verb is never dated, or dated twice ("X נולד ב-..., Y נולד ב-...")
    date = dates[0]
    if any(date.same(g) for g in given):
        return date, True
    return (date, False) if any(g.competes(date) for g in given) else None


def verb_positions(verb: Token, idx: SourceIndex, *, inflected: bool = False) -> list[int]:
    """Where the source states a question's verb: the same word, bare or with a prefix
    ("ונמכרה", "כשנוספה"), with ``inflected`` also with an inflection ("אמרה" for the
    question's "אמר": מי takes the masculine; a ל"ה verb drops its ה before an ending:
    "בנו", "קנתה" for "בנה", "קנה"), and not made a noun by the article ("הצייר" is the
    painter)."""
    forms = {verb.key, *(_lamed_he(verb.key) if inflected else ())}
    return sorted(
        p
        for p in {q for f in forms for q in idx.form_pos.get(f, ())}
        if idx.flat[p].key != "ה" + verb.key
        and forms
        & {idx.flat[p].key, *idx.flat[p].stems, *(idx.flat[p].lemmas if inflected else ())}
    )


def _lamed_he(key: str) -> frozenset[str]:
    """The past forms of a ל"ה verb whose ה falls before an ending: the plural "בנו" and
    the feminine "בנתה" of "בנה"."""
    if len(key) < 3 or not key.endswith("ה"):
        return frozenset()
    return frozenset({key[:-1] + "ו", key[:-1] + "תה"})


def plural_only(verb: Token, t: Token) -> bool:
    """Whether source word ``t`` matches the question's ל"ה verb only by its plural "-ו"
    (``_lamed_he``): "בנו" is also a noun with "his" ("בנו דוד", his son David), and one
    opening its clause is that clause's subject, not a verb whose doer stands before it,
    unless a fronted object opens its zone ("ואת המוצגים, ..., בנו תלמידי")."""
    forms = {t.key, *t.stems, *t.lemmas}
    return verb.key not in forms and verb.key[:-1] + "ו" in forms


def subject_zone(idx: SourceIndex, p: int) -> list[Token] | None:
    """The words that name the doer of the verb at flat word ``p`` when the verb opens its
    clause after an apposition ("ובנם, האדריכל גדעון הירש, תכנן את ביתם", "יו"ר ועד
    העובדים, פנינה אוחיון, אמרה"): the two clauses before it (a role and a name) and the
    verb's own; ``None`` when the verb does not open its clause (its subject may stand
    further back: "אורי אלמליח, סיפר..., והודיע כי יתרום"). A fronted object ("ואת X")
    opens the verb's conjunct (round 23): the zone starts there."""
    clauses = sentence_clauses(idx, idx.flat_sent[p])
    k = next(i for i, cl in enumerate(clauses) if cl.lo <= p < cl.hi)
    if not k or clauses[k].lo != p:
        return None
    lo = max(0, k - 2)
    # a fronted object ("ואת בית הרדייה, שנפתח ב-1938, בנה לה גיסו") opens the verb's
    # conjunct: the clauses before it hold another verb's doer
    lo = next((j for j in range(k - 1, lo - 1, -1) if clauses[j].toks[0].key in OBJECT_MARKERS), lo)
    return [t for cl in clauses[lo : k + 1] for t in cl.toks]


def verb_clause(idx: SourceIndex, p: int) -> list[Token]:
    """The words of the predicate of the verb at flat word ``p``: its clause, from the
    verb on when "ו" joins it to a predicate before it ("נולדה בלודז' ולמדה...")."""
    t = idx.flat[p]
    joined = has_prefix(t, "ו")
    return [u for u in clause_at(idx, p).toks if not joined or u.start >= t.start]


def _clause_date(idx: SourceIndex, p: int) -> Value | None:
    """The date of the clause holding flat word ``p``: the one strictly nearest to it (a
    date before a "ו" verb, "נבנה ב-1987 ושופץ", ends the clause before); in a clause
    with no date opened by כש ("when": "והורחב ב-1840, כשנוספה לו קומה"), the last date
    of the clause before, whose time it shares."""
    start = idx.flat[p].start
    clauses = value_clauses(idx, idx.flat_sent[p])
    k = next((i for i, cl in enumerate(clauses) if cl.start <= start < cl.end), None)
    if k is None:
        return None
    times = [v for v in clauses[k].values if v.kind == "time"]
    # a day of the week is the clause's date only where it states no other ("בגיליון יום
    # שישי מ-1946 עד 2003": the years date the verb)
    dates = [v for v in times if not all(k.startswith("w:") for k in v.keys)] or times
    if not dates:
        first = clauses[k].toks[0]
        when = has_prefix(first, "כש")
        before = [v for v in clauses[k - 1].values if v.kind == "time"] if k and when else []
        return before[-1] if before else None
    return nearest_value(idx, p, dates)


def _verbbound_issue(idx: SourceIndex, other: Value) -> Issue:
    """``bound_elsewhere``, pointing at the date (figure) the source gives the question's
    verb."""
    sent = idx.sentences[value_sentence(idx, other)]
    gives, what = ("dates", "date") if other.kind == "time" else ("gives", "figure")
    msg = (
        f"the source {gives} what the question asks at {other.text} "
        f"(«{clip(idx.source[sent[0] : sent[1]])}»), and the answer's {what} is of another event"
    )
    return Issue(IssueKind.BOUND_ELSEWHERE, msg, (other.start, other.end))
