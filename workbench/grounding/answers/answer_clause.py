"""The answer in the clause the question points at (round 33).

"בשנות השמונים זרמו בו בעיקר שפכים, אבל מ-2005 מזרימה אליו רשות המים מים מושבים": the
question "מה זרם בנחל בשנות השמונים?" points at the first clause, and "מים מושבים" is the
second clause's, across the opener "אבל". ``question.answer_place`` measures the question's
words in a window around the answer, which two short clauses of one sentence share. Read
here by clauses cut at openers only (``Cut.OPENER``: a new subject begins): where every
sentence that holds the answer's words holds them in a clause holding fewer of the
question's words than another clause of that sentence that does not hold the whole answer
(by ``MARGIN`` question words at least), the answer is bound elsewhere. Round 34: the other
clause may share a word with the answer ("...הגישו לקוחות..., ואת הבדיקה ערכו חוקרים
שהתחזו ללקוחות"), an answer of any length is read (all its words must stand in one clause),
and a "who said" question answered in a clause with a verb of saying is left alone (the
content of "X ציין כי ..., אך ..." runs on past the opener).
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.pieces import clip, is_content
from workbench.grounding.reading.sentence_clauses import Cut, sentence_clauses
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import Token, is_light, is_question_word

MARGIN = 2  # question words the other clause holds beyond the answer's clause


def answer_clause_checks(claim: Claim, idx: SourceIndex) -> list[Issue]:
    """``bound_elsewhere`` when the answer stands only in a clause beside the one the
    question points at (see the module)."""
    q = claim.question_end
    if q < 0:
        return []
    answer = _words([t for t in claim.tokens if t.start > q])
    # the question's values count too ("בימי שישי" is what tells two clauses apart)
    asked = _words([t for t in claim.tokens if t.start < q and not is_question_word(t)], True)
    if not answer or any(t.number is not None for t in claim.tokens if t.start > q):
        return []
    says = any(is_light(t) for t in claim.tokens if t.start < q)  # "מי אמר ש...?"
    found: Issue | None = None
    for s in range(len(idx.sentences)):
        clauses = sentence_clauses(idx, s, Cut.OPENER)
        forms = _clause_forms(idx, s)
        holds = [k for k, fs in enumerate(forms) if all(a & fs for a in answer)]
        if not holds:
            continue
        cover = [sum(1 for a in asked if a & fs) for fs in forms]
        for k in holds:
            if says and any(is_light(t) for t in clauses[k].toks):
                return []  # "מי אמר ש...?" of "X ציין כי ..., אך ...": the sayer's clause
            others = [j for j in range(len(clauses)) if j not in holds]
            best = max(others, key=lambda j: cover[j], default=None)
            if best is None or cover[best] < cover[k] + MARGIN:
                return []  # the answer stands where the question points, here
            if found is None:
                cl = clauses[best]
                found = Issue(
                    IssueKind.BOUND_ELSEWHERE,
                    f"the answer is in another clause than the one the question asks about: "
                    f"«{clip(idx.source[cl.start : cl.end])}»",
                    (cl.start, cl.end),
                )
    return [] if found is None else [found]


def _clause_forms(idx: SourceIndex, s: int) -> list[frozenset[str]]:
    """The forms of each clause of sentence ``s`` cut at openers (once per source sentence:
    every question of a source reads them)."""
    key = ("answer clause forms", s)
    got = idx.derived.get(key)
    if got is None:
        clauses = sentence_clauses(idx, s, Cut.OPENER)
        got = idx.derived[key] = [frozenset(f for t in cl.toks for f in _forms(t)) for cl in clauses]
    return got  # type: ignore[return-value]


def _forms(t: Token) -> frozenset[str]:
    """A word's written forms, its prefix stems and lemmas, not its root skeletons, and a
    value by its value: "שישי" and "שלישי" share a skeleton and a stem, and the day is
    what tells two clauses apart."""
    if t.number is not None:
        return frozenset({f"#{t.number}"})  # a value by its value ("שישי" is 6)
    return frozenset((t.key, *t.stems, *t.lemmas))


def _words(toks: Sequence[Token], values: bool = False) -> list[frozenset[str]]:
    """The forms of each content word of ``toks`` (light words aside, and numbers unless
    ``values``)."""
    return [
        _forms(t)
        for t in toks
        if (is_content(t) or values and t.number is not None)
        and not is_light(t)
        and (values or t.number is None)
    ]
