"""app41: a figure set off by commas after a clause with no value (", 15 שקל,") is an
apposition of that clause's noun, not a clause of its own: "כמה ישלמו ההורים? 38 שקל"
passed at P 0.97 for "מחיר הבקבוק יהיה 38 שקל, אבל ההורים ישלמו רק את ההשתתפות העצמית,
15 שקל" (heldout22's h22j01-shortage-05, listed among the `high` wrong answers). A year
so set off dates the clause after it (", ב-1965, היו בקופה..."), and is left alone.
Hand-written Hebrew; each reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

SOURCE = (
    "מחיר המנוי השנתי לחדר הכושר יהיה 1,800 שקל, אבל הגמלאים ישלמו רק את דמי הרישום, "
    "200 שקל, ואת השאר תכסה המועצה."
)


def test_the_other_clauses_figure_for_the_apposed_ones_question_is_flagged() -> None:
    r = ground_claim("כמה ישלמו הגמלאים על מנוי לחדר הכושר? 1,800 שקל", SOURCE)
    assert r.verdict != "supported", r.messages


def test_each_figure_answers_its_own_clause() -> None:
    for claim in (
        "כמה ישלמו הגמלאים על מנוי לחדר הכושר? 200 שקל",
        "מה יהיה מחיר המנוי השנתי לחדר הכושר? 1,800 שקל",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)


def test_a_year_set_off_by_commas_dates_the_clause_after_it() -> None:
    source = "בשיאה, ב-1965, היו בקופה 11,400 חברים ותשעה סניפים, ואת הסניף הראשון פתחה ב-1951."
    r = ground_claim("בשיאה, ב-1965, היו בקופה 11,400 חברים ותשעה סניפים.", source)
    assert r.verdict == "supported", r.messages
