"""Quantifier scope and clause binding (hand-written sources, not from the pair files):
a claim that says of all what the source says of part, or that joins the subject of one
clause to the predicate of another, is not supported; the true sentence still is."""

from __future__ import annotations

from workbench.grounding import IssueKind, ground_claim

SURVEY = (
    "העירייה פרסמה השבוע את תוצאות הסקר השנתי על התחבורה הציבורית בעיר. "
    "בסקר השתתפו 900 תושבים, ו-35% מהמשיבים אמרו שהם נוסעים באוטובוס מדי יום. "
    "סגנית ראש העירייה, רונית שחר, אמרה כי הקווים החדשים יופעלו רק אם הממשלה תאשר את התקציב. "
    "בשכונות הצפוניות נבנו שש תחנות חדשות, ושתיים מהן כבר פתוחות לנוסעים. "
    "בחודש שעבר נהגי החברה קיבלו תוספת שכר."
)


def _issue(claim: str, source: str, kind: IssueKind):
    got = ground_claim(claim, source)
    assert got.verdict != "supported", (claim, got.messages)
    issue = next((i for i in got.issues if i.kind is kind), None)
    assert issue is not None, (claim, [i.kind for i in got.issues])
    return issue


def _span_text(issue, source: str) -> str:
    assert issue.span is not None
    return source[issue.span[0] : issue.span[1]]


def test_a_share_of_the_respondents_is_not_all_of_them() -> None:
    issue = _issue("לפי הסקר, המשיבים נוסעים באוטובוס מדי יום.", SURVEY, IssueKind.GENERALISED)
    assert _span_text(issue, SURVEY) == "35% מהמשיבים"
    ok = ground_claim("לפי הסקר, 35% מהמשיבים נוסעים באוטובוס מדי יום.", SURVEY)
    assert ok.verdict == "supported", ok.messages


def test_two_of_six_stations_is_not_all_six() -> None:
    issue = _issue(
        "כל שש התחנות החדשות בשכונות הצפוניות כבר פתוחות לנוסעים.", SURVEY, IssueKind.GENERALISED
    )
    assert _span_text(issue, SURVEY) == "ושתיים מהן"
    ok = ground_claim("בשכונות הצפוניות נבנו שש תחנות, ושתיים מהן כבר פתוחות לנוסעים.", SURVEY)
    assert ok.verdict == "supported", ok.messages


def test_a_condition_dropped_after_the_statement() -> None:
    issue = _issue("רונית שחר אמרה שהקווים החדשים יופעלו בשנה הבאה.", SURVEY, IssueKind.GENERALISED)
    assert _span_text(issue, SURVEY) == "רק"
    ok = ground_claim("רונית שחר אמרה שהקווים החדשים יופעלו רק אם הממשלה תאשר תקציב.", SURVEY)
    assert ok.verdict == "supported", ok.messages


def test_all_added_where_the_source_says_drivers() -> None:
    issue = _issue("בחודש שעבר כל נהגי החברה קיבלו תוספת שכר.", SURVEY, IssueKind.GENERALISED)
    assert "נהגי החברה" in _span_text(issue, SURVEY)
    ok = ground_claim("בחודש שעבר קיבלו נהגי החברה תוספת שכר.", SURVEY)
    assert ok.verdict == "supported", ok.messages


def test_each_day_is_not_a_universal_over_the_subject() -> None:
    """Distributive "בכל יום" (each day) and idioms with a prefix are not "all"."""
    ok = ground_claim("35% מהמשיבים נוסעים באוטובוס בכל יום.", SURVEY)
    assert IssueKind.GENERALISED not in [i.kind for i in ok.issues], ok.messages
