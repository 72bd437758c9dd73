"""aclause33: a question's answer stands in the clause the question points at. In "בשנות
השמונים זרמו בו בעיקר שפכים, אבל מ-2005 מזרימה אליו רשות המים מים מושבים" the question
"מה זרם בנחל בשנות השמונים?" points at the first clause; "מים מושבים" is the second's,
across "אבל", and was `high` (``question.answer_place`` reads a window of words, which two
short clauses share). ``answers.answer_clause`` reads clauses cut at openers: an answer
standing only in a clause that holds two question words fewer than a clause of its
sentence without it is bound elsewhere. Hand-written Hebrew; each expected reading worked
out by hand."""

from __future__ import annotations

import pytest

from workbench.grounding import ground_claim

STREAM = (
    "נחל שורק הוא אחד הנחלים הגדולים במישור החוף. "
    "בשנות השמונים זרמו בו בעיקר שפכים, אבל מ-2005 מזרימה אליו רשות המים מים מושבים "
    "מהשפד\"ן. לאורך הנחל עובר שביל אופניים, שנפתח ב-2016."
)
MARKET = (
    "בשוק האיכרים של העיר מוכרים בימי שלישי בעיקר ירקות אורגניים, ואילו בימי שישי מוכרים "
    "בו גבינות ולחמים של מאפיות מהאזור."
)


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ('מה זרם בנחל שורק בשנות השמונים? מים מושבים מהשפד"ן', STREAM),
        ("מה מוכרים בשוק האיכרים בימי שלישי? גבינות ולחמים", MARKET),
    ],
)
def test_an_answer_of_the_other_clause_is_flagged(claim: str, source: str) -> None:
    r = ground_claim(claim, source)
    assert r.verdict != "supported"
    assert any("another clause than the one the question asks" in m for m in r.messages)


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("מה זרם בנחל שורק בשנות השמונים? בעיקר שפכים", STREAM),
        ('מה מזרימה רשות המים לנחל שורק מ-2005? מים מושבים מהשפד"ן', STREAM),
        ("מה מוכרים בשוק האיכרים בימי שישי? גבינות ולחמים של מאפיות מהאזור", MARKET),
    ],
)
def test_an_answer_of_the_clause_the_question_asks_is_supported(claim: str, source: str) -> None:
    r = ground_claim(claim, source)
    assert r.verdict == "supported", r.messages
