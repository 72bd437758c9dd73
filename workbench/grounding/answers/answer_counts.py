"""What an answer's figure counts (round 16, for ``answer_values``): a whole or its part,
and the noun a "כמה" question counts.

* ``whole_of_part``: in one sentence, a part's clause ("ושניים מהם נהרגו") holds the words
  of its whole's clause too (``value_clauses``), so only the part's own predicate tells
  them apart: a question holding a word of it asks the part, and the whole is no answer.
* ``counted_elsewhere``: "כמה NOUN? FIGURE" counts NOUN; a figure the source states only
  counting another noun ("22 שורות" beside "2,600 מקומות ישיבה"), or only as a date's
  day ("ב-28 באוקטובר"), answers another question.
* ``part_for_whole`` (round 23; round 19's reverted form with two facts added): "N NOUN
  VERB, ו-M מהם OTHER" says N did VERB and M of them did OTHER, so a question holding the
  whole's words and none of the part's own predicate asks the whole. In a dialogue turn
  the speaker is the "I" of the whole's clause ("יש לי 22 קוטפים, ותשעה מהם..."), and a
  question asks a part itself only by a partitive מ before a definite noun ("כמה
  מהעובדים", "כמה מעובדי המפעל"; "כמה מפתחים" opens with a מ of its own).

Each gives ``bound_elsewhere``, pointing at the value the question's predicate has.
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.pieces import clip, has_form, has_prefix
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.values.reference_values import marked
from workbench.grounding.values.value_clauses import (
    Rows,
    Value,
    ValueClause,
    bound_issue,
    cover,
    turn_speaker,
    value_clauses,
    value_forms,
)
from workbench.hebrew import (
    AMOUNT_QUESTIONS,
    MEASURED_NOUNS,
    PARTITIVE_PRONOUNS,
    QUANTITY_WORDS,
    YEAR_UNITS,
    Token,
    plural_noun,
)


def counted_elsewhere(
    idx: SourceIndex,
    given: Sequence[Value],
    own: Sequence[Value],
    asked: Sequence[Token],
    rows: Rows,
    sents: Sequence[int],
) -> list[Issue]:
    """ "כמה NOUN? FIGURE": the answer's figure is read as a count of NOUN, whether it
    names no noun, NOUN, or another noun of its own ("שלושה מאבטחים" for "כמה מצלמות":
    round 18b; the answer names what it counts, which must be what the question counts).
    Where the source states that figure only counting another noun ("22 שורות" for "כמה
    מקומות ישיבה...? 22") or as a date's day ("ב-28 באוקטובר" for "כמה נורות...? 28"),
    and states a figure counting NOUN ("2,600 מקומות ישיבה"), the answer counts another
    thing: ``bound_elsewhere``, pointing at that figure."""
    noun = _asked_noun(asked)
    figs = [a for a in given if a.kind == "figure"]
    if not noun or len(figs) != len(given) or len(figs) != 1:
        return []
    a = figs[0]
    day = tuple(f"d:{k}." for k in a.keys)  # the figure as a day of a month: "d:28.10"
    values = [
        (v, cl)
        for sent in sents
        for cl in value_clauses(idx, sent)
        for v in cl.values
        if not any(v.same(o) for o in own)
    ]
    mine = [v for v, _ in values if v.same(a)]
    dated = [v for v, _ in values if v.kind == "time" and any(k.startswith(day) for k in v.keys)]
    if not mine and not dated:
        return []
    if any(not v.noun or v.noun & noun for v in mine):
        return []  # the source states it counting NOUN, or bare
    if any(marked(cl.toks, v) for v, cl in values if v in mine):
        return []  # a reference ("פחות מ-45 אלף שתכננו"): its noun is the figure's before it
    said = (mine or dated)[0]
    where = next(cl for v, cl in values if v is said)
    total = sum(wt for wt, _ in rows) or 1.0
    least = cover(where.forms, rows, total)  # the predicate must not favour the answer's
    rival = [
        (v, cl)
        for v, cl in values
        if v.kind == "figure"
        and v.noun & noun
        and not v.same(a)
        and cover(cl.forms, rows, total) >= least
    ]
    if not rival:
        return _years_counted(idx, a, mine, where, asked) or _not_years(idx, a, mine, where, noun)
    return [bound_issue(idx, said, where, rival[0][0], rival[0][1])]


def _not_years(
    idx: SourceIndex, a: Value, mine: Sequence[Value], where: ValueClause, noun: frozenset[str]
) -> list[Issue]:
    """``_years_counted`` the other way (round 27): "כמה שנים" / "לפני כמה שנים" asks a
    count of years, and a figure the source states only counting a plural noun of its own
    ("400 זמרים", "90 משפחות") is no count of years, so it answers another question. Only
    where the answer counts nothing else itself (bare, or years) and the source's noun is
    no amount or measure word."""
    if not noun & YEAR_UNITS or not mine or (a.noun and not a.noun & YEAR_UNITS):
        return []
    if not all(_counts_things(idx, v) for v in mine):
        return []
    said = mine[0]
    msg = (
        f"{said.text} counts something else in the source "
        f"(«{clip(idx.source[where.start : where.end])}»), not years"
    )
    return [Issue(IssueKind.BOUND_ELSEWHERE, msg, (said.start, said.end))]


def _counts_things(idx: SourceIndex, v: Value) -> bool:
    """Whether source figure ``v`` counts a plural noun that is no amount, measure or
    time word ("400 זמרים", not "400 שנה", "400 אלף", "400 שקלים")."""
    if not v.noun or v.noun & (QUANTITY_WORDS | MEASURED_NOUNS | YEAR_UNITS):
        return False
    at = idx.flat_at(v.end)
    return at < len(idx.flat) and plural_noun(idx.flat[at]) and not idx.flat[at].number


def _years_counted(
    idx: SourceIndex, a: Value, mine: Sequence[Value], where: ValueClause, asked: Sequence[Token]
) -> list[Issue]:
    """With no figure of the source counting NOUN (round 25, fix25): a figure the source
    states only as a count of years ("לפני כ-90 שנה") answers no "כמה NOUN" ("כמה רעפים
    נשברו? 90"): years are no tiles. Only where NOUN is a bare plural noun (an age
    question, "בן כמה הגג", puts the counted thing after כמה with its article), no amount
    word, and the answer ``a`` counts no years itself."""
    u = next((u for t, u in zip(asked, asked[1:], strict=False) if has_form(t, AMOUNT_QUESTIONS)))
    noun = frame_forms(u)
    if not mine or noun & QUANTITY_WORDS or noun & MEASURED_NOUNS or a.noun & YEAR_UNITS:
        return []
    if has_prefix(u, "ה") or not plural_noun(u):
        return []
    if not all(v.noun & YEAR_UNITS for v in mine):
        return []
    said = mine[0]
    msg = (
        f"{said.text} counts years in the source («{clip(idx.source[where.start : where.end])}»), "
        "not what the question counts"
    )
    return [Issue(IssueKind.BOUND_ELSEWHERE, msg, (said.start, said.end))]


def whole_of_part(
    idx: SourceIndex, given: Sequence[Value], own: Sequence[Value], rows: Rows, sents: Sequence[int]
) -> list[Issue]:
    """A whole and its part in one sentence ("נפגעו שבעה הולכי רגל, ושניים מהם נהרגו"):
    the part's clause holds the whole's words too (``value_clauses``), so only the words
    of the part's own predicate (נהרגו) tell the two apart. A question holding one of them
    asks the part, and the whole (the nearest figure before the part that no מ marks as a
    reference: "רובם בני יותר משבעים" states none) is no answer to it."""
    total = sum(wt for wt, _ in rows)
    for sent in sents:
        clauses = value_clauses(idx, sent)
        toks = idx.flat[slice(*idx.sent_flat[sent])]
        for k, part in enumerate(clauses):
            if not part.part:
                continue
            whole = next(
                (c for c in reversed(clauses[:k]) if any(not marked(toks, v) for v in c.values)),
                None,
            )
            if whole is None:
                continue
            whole_forms = frozenset().union(*(value_forms(t) for t in whole.toks))
            part_forms = _forms([*part.toks, *_apposed(clauses, k)])
            if cover(part_forms - whole_forms, rows, total) <= 0:
                continue
            mine = [v for v in whole.values if any(v.same(a) for a in given)]
            rival = [
                v
                for v in part.values
                if not any(v.same(o) for o in own) and any(a.competes(v) for a in given)
            ]
            if mine and rival:
                return [bound_issue(idx, mine[0], whole, rival[0], part)]
    return []


def part_for_whole(
    idx: SourceIndex,
    given: Sequence[Value],
    own: Sequence[Value],
    asked: Sequence[Token],
    rows: Rows,
    sents: Sequence[int],
) -> list[Issue]:
    """A part is no answer to its whole's predicate (round 19's form, kept in round 23 with
    the turn's speaker and the definite partitive): "N NOUN VERB, ו-M מהם
    OTHER" states that N did VERB and that M of them did OTHER. A question holding words
    of the whole's clause and none of the part's own ("כמה תושבים נפצעו? חמישה" for
    "שבעה תושבים נפצעו, וחמישה מהם שוחררו"; "קבעתי לו ארבע שעות, שתיים מהן בזמן
    השיעורים" for "כמה שעות קבעה לו? שתיים") asks the whole, unless it asks a part
    itself ("כמה מהתושבים", "מהם", "מתוך"). Only where the source states the answer's
    figure in parts, or elsewhere in clauses holding none of the question's words."""
    if _asks_part(asked, idx):
        return []
    noun = _asked_noun(asked)
    total = sum(wt for wt, _ in rows)
    found: list[Issue] = []
    for sent in sents:
        clauses = value_clauses(idx, sent)
        toks = idx.flat[slice(*idx.sent_flat[sent])]
        for k, cl in enumerate(clauses):
            mine = [v for v in cl.values if any(v.same(a) for a in given)]
            if not mine:
                continue
            split = _part_split(toks, clauses, k, mine[0])
            if split is None:
                if cover(cl.forms, rows, total) > 0:
                    return []  # also outside a part, with the question's words: not read
                continue
            whole_forms, whole_values, whole, part_forms = split
            # a turn's speaker is the "I" of its whole's clause ("יש לי 22 קוטפים")
            whole_forms |= turn_speaker(idx, sent)
            if cover(part_forms - whole_forms, rows, total) > 0:
                return []  # the question states the part's own predicate
            if noun & part_forms and not noun & whole_forms:
                return []  # it counts what only the part counts ("כמה ספות" for "ובהם 64 ספות")
            rival = [
                v
                for v in whole_values
                if not any(v.same(o) for o in own) and any(a.competes(v) for a in given)
            ]
            if rival and not found and cover(whole_forms, rows, total) > 0:
                found = [bound_issue(idx, mine[0], cl, rival[0], whole)]
    return found


def _asked_noun(asked: Sequence[Token]) -> frozenset[str]:
    """The forms of the noun a "כמה" question counts, the word right after it."""
    return next(
        (frame_forms(u) for t, u in zip(asked, asked[1:], strict=False) if has_form(t, AMOUNT_QUESTIONS)),
        frozenset(),
    )


def _part_split(
    toks: Sequence[Token], clauses: Sequence[ValueClause], k: int, mine: Value
) -> tuple[frozenset[str], list[Value], ValueClause, frozenset[str]] | None:
    """The whole and the part when clause ``k`` counts ``mine`` as a part: its whole's
    forms and unmarked values, the whole's clause, and the part's own forms (its
    predicate runs on past an apposition, "ושמונה מהם, צוות התאורה, קיבלו גם תוספת
    לילה", to the next clause stating a value). A part is a part clause ("ו-M מהם") or,
    within one clause, a figure followed by "מהם" after a figure of its whole ("ארבע
    שעות, שתיים מהן בזמן השיעורים"); ``None`` otherwise."""
    cl = clauses[k]
    after = _apposed(clauses, k)
    if cl.part:
        whole = next(
            (c for c in reversed(clauses[:k]) if any(not marked(toks, v) for v in c.values)),
            None,
        )
        if whole is None:
            return None
        part = [*cl.toks, *after]
        values = [v for v in whole.values if not marked(toks, v)]
        return whole.forms, values, whole, _forms(part)
    at = next((i for i, t in enumerate(cl.toks) if t.start >= mine.start), None)
    if at is None or at + 1 >= len(cl.toks) or cl.toks[at + 1].key not in PARTITIVE_PRONOUNS:
        return None
    values = [v for v in cl.values if v.start < mine.start and not marked(toks, v)]
    if not values:
        return None
    head = cl.forms - _forms(cl.toks[at:])
    return head, values, cl, _forms([*cl.toks[at:], *after])


def _apposed(clauses: Sequence[ValueClause], k: int) -> list[Token]:
    """The words of the clauses after clause ``k`` up to the next stating a value: a
    part's predicate runs on past an apposition ("ושמונה מהם, צוות התאורה, קיבלו גם
    תוספת לילה")."""
    upto = next((j for j in range(k + 1, len(clauses)) if clauses[j].values), None)
    return [t for c in clauses[k + 1 : upto] for t in c.toks]


def _forms(toks: Sequence[Token]) -> frozenset[str]:
    """The forms of ``toks``."""
    return frozenset().union(*(value_forms(t) for t in toks))


def _asks_part(asked: Sequence[Token], idx: SourceIndex) -> bool:
    """Whether a question asks a part itself: "כמה מ<definite noun>" ("כמה מהעובדים",
    "כמה מעובדי המפעל", "כמה מחברי הוועדה"), its unglued "כמה מן העובדים", "מהם",
    "מתוך". A partitive מ takes a definite noun: "כמה מפתחים", "כמה מקומות" open with a
    מ of their own."""
    pairs = list(zip(asked, asked[1:], [*asked[2:], None], strict=False))
    return any(has_form(t, AMOUNT_QUESTIONS) and partitive(u, v, idx) for t, u, v in pairs) or any(
        t.key in PARTITIVE_PRONOUNS or t.key == "מתוכ" for t in asked
    )


def partitive(u: Token, v: Token | None, idx: SourceIndex) -> bool:
    """Whether ``u`` (``v`` after it), the word after כמה, opens a partitive: מ before a
    definite noun ("מהעובדים", "מעובדי המפעל") or an unglued "מן העובדים". Not a present
    tense verb whose מ is its own before its subject ("כמה מנכה המעסיק", "כמה משלם
    הלקוח": round 25, ``_present_verb``)."""
    return (has_prefix(u, "מ") and _definite(u, v) and not _present_verb(u, idx)) or (
        u.key == "מנ" and v is not None and has_prefix(v, "ה")
    )


def _present_verb(u: Token, idx: SourceIndex) -> bool:
    """Whether ``u`` ("מנכה") is a present-tense verb, not מ + a bound noun ("מתקציב
    העירייה"): its מ is the participle's own (מנכה, משלם, מקבל), so the source states the
    word itself and never its noun without the מ ("תקציב", "עובדי"). The article's "מה"
    ("מהעובדים") is always a partitive."""
    noun = u.key[1:]
    if noun.startswith("ה") or u.key not in idx.form_pos:
        return False
    return not any(noun in (t.key, *t.stems) and u.key not in (t.key, *t.stems) for t in idx.flat)


def _definite(u: Token, v: Token | None) -> bool:
    """Whether the noun of ``u`` (after its מ) is definite: it has the article ("מהעובדים")
    or is bound to a following word ("מעובדי המפעל", "מחברי ועדת ההוראה": a construct
    plural in -י, or a noun before a word with the article). A plural in -ים is never
    bound, so a ה after it opens a verb ("כמה מורים השתתפו"), not an article."""
    noun = u.key[1:]
    bound = v is not None and has_prefix(v, "ה") and not noun.endswith("ימ")
    return noun.startswith("ה") or noun.endswith("י") or bound
