"""The answer-value check (``workbench.grounding.answers.answer_values``): in "question? answer",
a value of the right type copied from the source but bound there to another predicate is
not supported (``bound_elsewhere``, pointing at the value the source gives the question's
predicate); the right value is supported, and a source that gives the question's
predicate no competing value leaves the answer alone. Hand-written Hebrew examples.
"""

from __future__ import annotations

import pytest

from workbench.grounding import IssueKind, ground, ground_claim
from workbench.grounding.answers.answer_values import read_values
from workbench.hebrew import tokenize

PIER = "המזח נבנה ב-1987 ושופץ לאחרונה ב-2011."
SCHOOL = "בית הספר נפתח לפני עשור. כיום לומדים בו 620 תלמידים. בשנה הבאה ייבנו בו 12 כיתות חדשות."
COMMITTEE = "הוועדה תתכנס במאי, וההחלטה הסופית תפורסם ביולי."
BRIDGE = "בשנת 2010 נבנה הגשר, ובשנת 2015 נפתח לתנועה."
BAKERY = "מתוך 140 עובדי המאפייה יפוטרו 95 עד סוף השנה."
POOL = "שיפוץ הבריכה יימשך ארבעה חודשים. הנסיעה לבריכה החלופית אורכת 25 דקות."
SURVEY = (
    "הסקר השנתי של קיני צבי הים מתקיים כבר שש שנים לאורך החוף. השנה השתתפו בו יותר מ-1,200 מתנדבים."
)


@pytest.mark.parametrize(
    ("claim", "source", "rival"),
    [
        # a year bound to the other verb of the sentence ("ו" + a new predicate)
        ("מתי שופץ המזח לאחרונה? ב-1987", PIER, "2011"),
        # a figure of another sentence, where the question's sentence has its own
        ("כמה תלמידים לומדים כיום בבית הספר? 12", SCHOOL, "620"),
        # a month of the other clause
        ("מתי תפורסם ההחלטה הסופית? במאי", COMMITTEE, "ביולי"),
        ("מתי נפתח הגשר לתנועה? ב-2010", BRIDGE, "2015"),
        # two figures in one clause: the predicate יפוטרו stands next to 95
        ("כמה עובדים יפוטרו? 140", BAKERY, "95"),
        # minutes and months both count time: a rival
        ("כמה זמן יימשך שיפוץ הבריכה? 25 דקות", POOL, "ארבעה"),
    ],
)
def test_a_value_bound_to_another_predicate_is_rejected(
    claim: str, source: str, rival: str
) -> None:
    r = ground_claim(claim, source)
    assert not r.supported
    found = [i for i in r.issues if i.kind is IssueKind.BOUND_ELSEWHERE]
    assert len(found) == 1
    assert found[0].span is not None
    assert source[found[0].span[0] : found[0].span[1]] == rival
    assert rival in found[0].message


def test_the_question_given_apart_is_read_the_same_way() -> None:
    g = ground("ב-1987", PIER, question="מתי שופץ המזח לאחרונה?")
    assert [i.kind for i in g.claims[0].issues] == [IssueKind.BOUND_ELSEWHERE]


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("מתי שופץ המזח לאחרונה? ב-2011", PIER),
        ("מתי נבנה המזח? ב-1987", PIER),
        ("כמה תלמידים לומדים כיום בבית הספר? 620", SCHOOL),
        ("מתי תפורסם ההחלטה הסופית? ביולי", COMMITTEE),
        ("מתי תתכנס הוועדה? במאי", COMMITTEE),
        ("כמה עובדים יפוטרו? 95", BAKERY),
        # the year the question states itself is not a rival of the answer's
        ("מתי נפתח לתנועה הגשר שנבנה ב-2010? ב-2015", BRIDGE),
    ],
)
def test_the_value_bound_to_the_question_is_supported(claim: str, source: str) -> None:
    assert ground_claim(claim, source).supported


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        # one value of its type in the sentence: the source gives שופץ no other year
        ("מתי שופץ המוזיאון? ב-1965", "המוזיאון נפתח ב-1965 ליד הנמל, ומושך כיום מבקרים רבים."),
        # "45 מהם": the predicate's words stand in both clauses, the binding is not read
        ("כמה רצים סיימו את המרוץ? 45", "במרוץ השתתפו 300 רצים, ו-45 מהם סיימו אותו."),
        # years and volunteers are not one count: "שש שנים" is no rival of 1,200 volunteers,
        # though its sentence holds more of the question's words
        ("כמה מתנדבים השתתפו השנה בסקר קיני צבי הים? יותר מ-1,200 מתנדבים", SURVEY),
        # a number in a name (M4A1) is not a value
        (
            "מהו רובה השירות של הלוחמים? ה-M4A1",
            "ה-M4A1 משמש כרובה השירות של הלוחמים. הוא נכנס לשירות בשנת 2001 ומחליף 3 דגמים.",
        ),
    ],
)
def test_an_unread_binding_is_left_alone(claim: str, source: str) -> None:
    r = ground_claim(claim, source)
    assert IssueKind.BOUND_ELSEWHERE not in [i.kind for i in r.issues]


def test_values_are_read_by_kind() -> None:
    text = "ב-1 בנובמבר 2011 עלה המחיר ב-25% ל-140 שקל, ביולי, בדגם M4A1."
    got = {(v.kind, v.text): v.keys for v in read_values(text, tokenize(text))}
    # the month, and (round 16) the day of that month: "1 בנובמבר" is not "7 בנובמבר"
    assert got[("time", "1 בנובמבר")] == frozenset({"m:11", "d:1.11"})
    assert got[("time", "2011")] == frozenset({"y:2011"})
    assert ("percent", "25%") in got
    assert got[("figure", "140")] >= {"140"}
    assert got[("time", "ביולי")] == frozenset({"m:7"})
    assert sorted(got) == sorted(  # nothing of M4A1: a number in a name is not a value
        [
            ("time", "1 בנובמבר"),
            ("time", "2011"),
            ("percent", "25%"),
            ("figure", "140"),
            ("time", "ביולי"),
        ]
    )


def test_a_month_competes_with_a_month_not_with_a_year() -> None:
    text = "במאי 2011, ביולי"
    may, year, july = read_values(text, tokenize(text))
    assert may.competes(july) and not may.competes(year) and not year.competes(may)
    assert not may.same(july) and may.same(may)
