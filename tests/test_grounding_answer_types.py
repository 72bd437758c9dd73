"""The answer-type check (``workbench.grounding.answers.answer_types``): the question word sets
the type it asks for, and an answer clearly of a type that cannot answer it is not
supported (``answer_mismatch``), even when it stands right next to the question's words.
Hand-written Hebrew examples: a wrong-type answer rejected, the right-type answer
supported, an ambiguous one left alone.
"""

from __future__ import annotations

import pytest

from workbench.grounding import IssueKind, ground_claim
from workbench.grounding.answers.answer_types import AnswerType, answer_type, asked_type, type_clash
from workbench.grounding.prepare import prepare_claim
from workbench.hebrew import Token

# one sentence holds a time, a person with her role, and a place: every wrong answer
# stands where the question points, so only its type can tell it is wrong
PLAN = (
    'בחודש מאי 2023 הציגה יו"ר הוועדה, אורית שמואלי, את התוכנית לשכונה החדשה בנהריה. '
    "הדיון בתוכנית נדחה בגלל מחסור בנתוני תנועה מעודכנים."
)


def _parts(text: str) -> tuple[str, list[Token], list[Token]]:
    c = prepare_claim(text)
    q = c.question_end
    return c.text, [t for t in c.tokens if t.start < q], [t for t in c.tokens if t.start > q]


def _clash(text: str) -> str | None:
    full, asked, answer = _parts(text)
    return type_clash(asked, answer, full)


@pytest.mark.parametrize(
    ("claim", "asks", "is_"),
    [
        ("מי הציגה את התוכנית לשכונה החדשה? בחודש מאי 2023", "a person", "a time"),
        ("מתי הוצגה התוכנית לשכונה החדשה? בנהריה", "a time", "a place"),
        ('מתי הוצגה התוכנית לשכונה החדשה? יו"ר הוועדה', "a time", "a person"),
        ("איפה הוצגה התוכנית לשכונה החדשה? בחודש מאי 2023", "a place", "a time"),
    ],
)
def test_wrong_type_answer_next_to_the_question_is_a_mismatch(
    claim: str, asks: str, is_: str
) -> None:
    g = ground_claim(claim, PLAN)
    assert g.verdict != "supported"
    issue = next(i for i in g.issues if i.kind is IssueKind.ANSWER_MISMATCH)
    assert f"asks for {asks}" in issue.message and f"the answer is {is_}" in issue.message


@pytest.mark.parametrize(
    "claim",
    [
        "מי הציגה את התוכנית לשכונה החדשה? אורית שמואלי",
        'מי הציגה את התוכנית לשכונה החדשה? יו"ר הוועדה',
        "מתי הוצגה התוכנית לשכונה החדשה? בחודש מאי 2023",
        "איפה הוצגה התוכנית לשכונה החדשה? בנהריה",
        "מדוע נדחה הדיון בתוכנית? בגלל מחסור בנתוני תנועה",
    ],
)
def test_right_type_answer_is_supported(claim: str) -> None:
    g = ground_claim(claim, PLAN)
    assert g.verdict == "supported", g.messages


def test_place_may_answer_who_and_untyped_answers_are_left_alone() -> None:
    # a city or a country acts ("מי אישרה? נהריה"): a place never clashes with מי
    assert _clash("מי אישרה את התוכנית? נהריה") is None
    # a name, a noun phrase: no clear signal, no type
    assert _clash("מתי הוצגה התוכנית? אורית שמואלי") is None
    assert _clash("איפה הוצגה התוכנית? הוועדה המחוזית") is None
    # an open question (מה, איך, איזה + a noun of no type) asks for no type
    assert _clash("מה הציגה הוועדה? בנהריה") is None
    assert _clash("איזו תוכנית הוצגה? במאי 2023") is None


def test_long_answer_is_a_statement_and_is_not_typed() -> None:
    # more than four words of its own: the answer states, its first words do not type it
    g = ground_claim(
        'מתי הוצגה התוכנית לשכונה החדשה? יו"ר הוועדה, אורית שמואלי, הציגה אותה בחודש מאי 2023',
        PLAN,
    )
    assert IssueKind.ANSWER_MISMATCH not in [i.kind for i in g.issues]


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("מי ייסד את המפעל?", AnswerType.PERSON),
        ("למי נמכרה הקרקע?", AnswerType.PERSON),
        ("את מי מינה השר?", AnswerType.PERSON),
        ("מתי נחנך הגשר?", AnswerType.TIME),
        ("באיזו שנה נחנך הגשר?", AnswerType.TIME),
        ("לאן עברה המשפחה?", AnswerType.PLACE),
        ("באיזו עיר נולד המשורר?", AnswerType.PLACE),
        ("מדוע נסגר המפעל?", AnswerType.REASON),
        ("למה נסגר המפעל?", AnswerType.REASON),
        ("מה ייצר המפעל?", None),
        ("איך נבנה הגשר?", None),
        ("איזה מוצר ייצר המפעל?", None),
        ("כמה עובדים היו במפעל?", None),  # amounts: answer_kind_checks
    ],
)
def test_the_question_word_sets_the_type_asked(question: str, kind: AnswerType | None) -> None:
    _, asked, _ = _parts(f"{question} תשובה")
    assert asked_type(asked) is kind


@pytest.mark.parametrize(
    ("answer", "kind"),
    [
        ("בשנת 1948", AnswerType.TIME),
        ("בנובמבר", AnswerType.TIME),
        ("בתחילת המאה ה-19", AnswerType.TIME),
        ("בשנות ה-60", AnswerType.TIME),
        ("בחיפה", AnswerType.PLACE),
        ("מצרים וירדן", AnswerType.PLACE),
        ('ד"ר נעמה לוי', AnswerType.PERSON),
        ('המנכ"לית', AnswerType.PERSON),
        ("בגלל השיטפונות", AnswerType.REASON),
        ("משום שהמימון נגמר", AnswerType.REASON),
        ("נעמה לוי", None),  # a name alone: no signal
        ("בית הספר", None),
        ("עם פתיחת שנת הלימודים", None),  # a time, but not clearly: left alone
        ("מאה שקלים", None),  # "מאה" with a non-time word is an amount
    ],
)
def test_answer_type_reads_only_clear_signals(answer: str, kind: AnswerType | None) -> None:
    full, _, tokens = _parts(f"שאלה? {answer}")
    assert answer_type(tokens, full) is kind
