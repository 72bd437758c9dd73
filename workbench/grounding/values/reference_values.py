"""Reference values: a figure the preposition מ marks is the point another figure is
measured from, not the value of the predicate (round 10, for ``answer_values``).

Hebrew states a change's start ("יופחתו דמי האימוץ מ-350 ל-150 שקל"), a comparison's
standard ("מכרנו 38 אלף כרטיסים, פחות מ-45 אלף שתכננו") and a part's whole ("צבר 8
נקודות מתוך 9") with מ ("from", "than", "out of") before the figure; the predicate's own
value is the figure beside it that no מ marks. So in "question? answer", an answer whose
figure the source states only so marked, with an unmarked figure of the same kind beside
it (in its clause, or a clause next to it across a mark, not across an opener such as
לעומת), gives the reference, not what the question asks: it is ``bound_elsewhere``.

A range's lower bound ("מ-50 ועד 120 שקל") and a whole beside its part ("יותר מ-200
איש, 50 מהם ילדים") are values, not references: a figure after עד or before "of them"
is no rival. An answer that marks its figure itself ("8 נקודות מתוך 9", "מ-350 ל-150") and a question
asking the reference ("מכמה", "מתוך כמה", or the state before: "לפני ההנחה", "הקודם")
are left alone, and so is a figure the source
also states unmarked anywhere. Times are not read so ("מ-1990" is a start, and may be
asked: "ממתי").
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import replace

from workbench.grounding.reading.index import frame_forms
from workbench.grounding.reading.pieces import clip, has_form
from workbench.grounding.reading.sentence_clauses import is_relative
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.values.value_clauses import Value, ValueClause
from workbench.hebrew import (
    AMOUNT_QUESTIONS,
    BEFORE_WORDS,
    PARTITIVE_PRONOUNS,
    QUESTION_WORDS,
    Token,
    is_clause_opener,
    is_stopword,
    normalize,
)

_FROM = frozenset({"מ", "מתוכ"})  # the preposition, alone before a figure or "out of"
# number words that open with מ of their own (מאה is not "from אה")
_MEM_NUMBERS = ("מאה", "מאת", "מאות", "מאתיימ", "מיליונ", "מיליארד")
_KINDS = ("figure", "percent")


def marked(toks: Sequence[Token], v: Value) -> bool:
    """Whether מ marks value ``v`` among ``toks`` (the words around it): "מ-350",
    "מתוך 9", "מתוך כ-160", "ומ-45", or a number word with the prefix ("מאלף", "משמונים")."""
    starts = [t.start for t in toks]
    i = bisect.bisect_left(starts, v.start)
    if i < len(toks) and toks[i].start == v.start:
        k = toks[i].key.removeprefix("ו")
        if k.startswith("מ") and k[1:] in toks[i].stems and not k.startswith(_MEM_NUMBERS):
            return True
    if not i:
        return False
    prev, at = toks[i - 1], v.start
    if prev.key == "כ" and i > 1 and at - prev.end <= 1:  # "מתוך כ-160": about (round 40)
        prev, at = toks[i - 2], prev.start
    return prev.key.removeprefix("ו") in _FROM and at - prev.end <= 1


# "to how much / to which" ("לכמה עובדים גדלה", "לאיזה שיעור ירד"): the state a change
# reached, never its reference, whatever else the question says (round 44)
_TO_WHICH = frozenset(normalize(w).text for w in ("לכמה", "לאיזה", "לאיזו", "לאילו"))


def asks_reference(asked: Sequence[Token]) -> bool:
    """Whether the question asks the reference itself: its whole ("מכמה", "מתוך כמה") or
    the state before a change ("מה היו דמי האימוץ לפני ההנחה?", "...הקודם"). A question
    asking where a change went ("לאיזה שיעור ירד ... לפני בדיקת הדמיה?") does not, though a
    "לפני" of its own dates something else."""
    if any(t.key in _TO_WHICH for t in asked):
        return False
    return any(
        (t.key.startswith("מ") and has_form(t, AMOUNT_QUESTIONS) and t.key not in AMOUNT_QUESTIONS)
        or (t.key in _FROM and i + 1 < len(asked) and has_form(asked[i + 1], AMOUNT_QUESTIONS))
        or has_form(t, BEFORE_WORDS)
        for i, t in enumerate(asked)
    )


def reference_issue(
    source: str,
    sentences: Sequence[tuple[Sequence[Token], Sequence[ValueClause]]],
    given: Sequence[tuple[Value, bool]],
    own: Sequence[Value],
    verb: frozenset[str],
) -> Issue | None:
    """``bound_elsewhere`` when an answer's figure is, wherever the source states it, a
    reference marked by מ beside an unmarked figure of its kind. ``sentences``: each
    source sentence's words and clauses; ``given``: the answer's values, each with
    whether the answer marks it itself; ``own``: the values the question states;
    ``verb``: the forms of the question's verb (``amount_verb``)."""
    for a, self_marked in given:
        if a.kind not in _KINDS or self_marked:
            continue
        rival: tuple[Value, ValueClause] | None = None
        plain = False
        for toks, clauses in sentences:
            for k, cl in enumerate(clauses):
                for v in cl.values:
                    if not v.same(a):
                        continue
                    if not marked(toks, v):
                        plain = True
                    elif rival is None and (got := _beside(toks, clauses, k, v, a, own, verb)):
                        rival = got, cl
        if rival is not None and not plain:
            other, cl = rival
            msg = (
                f"{a.text} is a reference in the source (after מ: from, than, out of: «"
                f"{clip(source[cl.start : cl.end])}»); the value measured from it is {other.text}"
            )
            return Issue(IssueKind.BOUND_ELSEWHERE, msg, (other.start, other.end))
    return None


def _beside(
    toks: Sequence[Token],
    clauses: Sequence[ValueClause],
    k: int,
    ref: Value,
    a: Value,
    own: Sequence[Value],
    verb: frozenset[str],
) -> Value | None:
    """The unmarked value the reference ``ref`` (the source's ``a``) is measured against:
    the nearest one competing with the answer in clause ``k`` ("מ-350 ל-150", "8 נקודות
    מתוך 9"), else one in a clause next to it across a mark (not across an opener:
    "לעומת 35" states another case) that counts what the reference counts ("מכרנו 38
    אלף כרטיסים, פחות מ-45 אלף שתכננו"; not "יותר מ-30 כוורות, עד 800 שקל"), unless the
    reference's clause states the question's verb and that clause does not (the question
    asks the reference: "כמה כרטיסים תכננו למכור?"). ``None`` too when the question
    states a time these clauses give beside another time ("מ-120 אלף ב-2019 ל-150 אלף
    ב-2023": the question's year picks the state it asks)."""
    span = range(max(0, k - 1), min(len(clauses), k + 2))
    times = [v for j in span for v in clauses[j].values if v.kind == "time"]
    if any(o.same(t) for o in own for t in times) and any(
        o.competes(t) for o in own for t in times
    ):
        return None

    def rivals(j: int, like: Value) -> list[Value]:
        return [
            v
            for v in clauses[j].values
            if like.competes(v)
            and not v.same(a)
            and not marked(toks, v)
            and not _bound_or_part(toks, v)
            and not any(v.same(o) for o in own)
        ]

    here = sorted(rivals(k, a), key=lambda v: abs(v.start - ref.start))
    if here:
        return here[0]
    near = []
    if k and not is_clause_opener(clauses[k].toks[0]):
        near.append(k - 1)
    if k + 1 < len(clauses) and not is_clause_opener(clauses[k + 1].toks[0]):
        near.append(k + 1)
    like = _bare(toks, ref)
    for j in near:
        asked_there = bool(verb & clauses[k].forms) and not verb & clauses[j].forms
        if (got := rivals(j, like)) and not asked_there:
            return got[0]
    return None


def amount_verb(asked: Sequence[Token]) -> frozenset[str]:
    """The forms of a question's verb: the first content word after its question word
    and the noun a כמה counts ("כמה כרטיסים תכננו" -> תכננו; a copula is a function
    word: "מה יהיו דמי" -> דמי)."""
    head = next((i for i, t in enumerate(asked[:3]) if t.key in QUESTION_WORDS), None)
    if head is None:
        return frozenset()
    skip = head + 2 if has_form(asked[head], AMOUNT_QUESTIONS) else head + 1
    verb = next((t for t in asked[skip:] if t.number is None and not is_stopword(t)), None)
    return frozenset() if verb is None else frame_forms(verb)


def _bare(toks: Sequence[Token], v: Value) -> Value:
    """``v`` counting no word when a relative "ש..." follows it: "45 אלף שתכננו" elides
    its noun (the relative clause describes it, it is not counted)."""
    i = bisect.bisect_left([t.start for t in toks], v.end)
    nxt = toks[i] if i < len(toks) else None
    relative = nxt is not None and is_relative(nxt)
    return replace(v, noun=frozenset()) if relative else v


def _bound_or_part(toks: Sequence[Token], v: Value) -> bool:
    """Whether ``v`` ends a range ("מ-50 ועד 120 שקל": מ-50 is its lower bound, not a
    reference) or counts a part ("יותר מ-200 איש, 50 מהם ילדים")."""
    i = bisect.bisect_left([t.start for t in toks], v.start)
    before = toks[i - 1].key.removeprefix("ו") if i else ""
    j = bisect.bisect_left([t.start for t in toks], v.end)
    return before == "עד" or (j < len(toks) and toks[j].key in PARTITIVE_PRONOUNS)
