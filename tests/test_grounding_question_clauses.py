"""Round 9 facts of Hebrew question structure in "question? answer" grounding: a question
that asks no subject (a place, a preposition's person) is answered in the clause of its
verb, a verb joined by "ו" starting its own predicate; and an answer that is a predicate
(an adjective with ביותר, a verb with its object marked by את) names no person, place or
time. Hand-written Hebrew examples; each expected verdict worked out by hand.
"""

from __future__ import annotations

import pytest

from workbench.grounding import IssueKind, ground_claim
from workbench.grounding.answers.answer_types import AnswerType, answer_type, type_clash
from workbench.grounding.answers.question import asked_adjunct_verb
from workbench.grounding.prepare import prepare_claim
from workbench.hebrew import Token

# two places in one clause: born in Haifa, studied in Jerusalem ("ולמדה" starts its own
# predicate); the clause is cut before "ועברה" only by the comma
POET = "המשוררת נולדה בחיפה ולמדה ספרות בירושלים, ועברה לתל אביב ב-1960."
# two teachers in two clauses of one sentence: painting with one, sculpture with the other
SCULPTOR = "את לימודי הציור החל אצל הצייר משה לוי, ובהמשך למד פיסול אצל הפסל דן כהן."
# a ranking said of a document, next to the words of a who-question
TREATY = "השר חתם על ההסכם ביום שני, והמסמך עצמו סווג כסודי ביותר."


def _asked(question: str) -> list[Token]:
    c = prepare_claim(question + " תשובה")
    return [t for t in c.tokens if t.start < c.question_end]


def _answer(text: str) -> list[Token]:
    return prepare_claim(text).tokens


@pytest.mark.parametrize(
    ("question", "verb"),
    [
        ("היכן למדה המשוררת ספרות?", "למדה"),
        ("באיזו עיר נולדה המשוררת?", "נולדה"),  # past the place noun
        ("אצל מי למד פיסול?", "למד"),
        ("מאיפה הגיעו המתנדבים?", "הגיעו"),
        ("מי למד פיסול?", None),  # a bare מי asks the subject (answer_agent's)
        ("איזו עיר הייתה בירת המחוז?", None),  # a bare איזו + noun asks the subject
        ("מתי למדה המשוררת ספרות?", None),  # a time: verb_date's
    ],
)
def test_the_verb_of_a_question_asking_no_subject(question: str, verb: str | None) -> None:
    got = asked_adjunct_verb(_asked(question))
    assert (got.key if got else None) == verb


def test_a_place_question_is_answered_in_the_clause_of_its_verb() -> None:
    # "בחיפה" is in the sentence, but before "ולמדה": it is where she was born
    r = ground_claim("היכן למדה המשוררת ספרות? בחיפה", POET)
    assert not r.supported
    issue = next(i for i in r.issues if i.kind is IssueKind.ANSWER_ELSEWHERE)
    assert issue.span is not None and POET[issue.span[0] : issue.span[1]] == "ולמדה ספרות בירושלים"
    assert ground_claim("היכן למדה המשוררת ספרות? בירושלים", POET).supported


def test_a_preposition_question_is_answered_in_the_clause_of_its_verb() -> None:
    # משה לוי taught painting (the clause of "החל"); sculpture was learnt with דן כהן
    r = ground_claim("אצל מי למד פיסול? משה לוי", SCULPTOR)
    assert not r.supported
    assert any(i.kind is IssueKind.ANSWER_ELSEWHERE for i in r.issues)
    assert ground_claim("אצל מי למד פיסול? אצל הפסל דן כהן", SCULPTOR).supported


def test_a_verb_the_source_never_states_decides_nothing() -> None:
    # "התגוררה" is not in the source: the clause rule says nothing, answer place decides
    r = ground_claim("היכן התגוררה המשוררת? בירושלים", POET)
    assert not any("the question asks about" in i.message for i in r.issues)


@pytest.mark.parametrize(
    ("answer", "kind"),
    [
        ("סודי ביותר", AnswerType.QUALITY),
        ("הבסיסית ביותר", None),  # with the article: an elided noun's adjective
        ("החבילה הבסיסית ביותר", None),  # a noun phrase
        ("מנתח את התוכן של ההודעות", AnswerType.ACTION),
        ("את התוכן", None),  # an object alone: no verb before the marker
        ("אורית שמואלי", None),
    ],
)
def test_a_predicate_answer_is_typed(answer: str, kind: AnswerType | None) -> None:
    assert answer_type(_answer(answer), answer) is kind


def test_a_predicate_answers_no_who_but_may_answer_why() -> None:
    text = "מי חתם על ההסכם? סודי ביותר"
    c = prepare_claim(text)
    asked = [t for t in c.tokens if t.start < c.question_end]
    answer = [t for t in c.tokens if t.start > c.question_end]
    assert type_clash(asked, answer, text) == (
        "the question asks for a person or a group, and the answer is a quality (an adjective)"
    )
    r = ground_claim(text, TREATY)
    assert not r.supported and any(i.kind is IssueKind.ANSWER_MISMATCH for i in r.issues)
    why = prepare_claim("מדוע קם הקמפיין? למנוע את הגירוש")
    asked = [t for t in why.tokens if t.start < why.question_end]
    answer = [t for t in why.tokens if t.start > why.question_end]
    assert type_clash(asked, answer, why.text) is None  # a purpose answers why
