"""answer36: the figure that answers a question is bound by the question's words. "באיזו
שנה הותקנה מכונת הגיהוץ? ב-1989, 17 שנה אחרי המעבר לאזור התעשייה" was read as dating the
move (the words beside 1989 in the answer are the elaboration's), so a right answer came
out `partial`. The answer's first figure now takes the question's rare words (in at most
two sentences: not the source's topic) as partners that bind it (never as partners that
accuse it); a year of another event stays flagged. Hand-written Hebrew; each reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground, ground_claim

FACTORY = (
    "מפעל הקרטון של משפחת לנדאו נוסד בחולון ב-1961, ובשנים הראשונות ייצר רק קופסאות נעליים. "
    "ב-1975 עבר המפעל לבניין חדש באזור התעשייה, וב-1983 נפתח בו קו הייצור השני. "
    "היום עובדים במפעל כ-140 עובדים."
)


def test_an_answer_with_an_elaboration_is_bound_by_the_question() -> None:
    for claim in (
        "באיזו שנה נפתח קו הייצור השני במפעל הקרטון? ב-1983, באזור התעשייה",
        "באיזו שנה נפתח קו הייצור השני במפעל הקרטון? ב-1983, בבניין החדש באזור התעשייה",
    ):
        r = ground_claim(claim, FACTORY)
        assert r.verdict == "supported", (claim, r.messages)


def test_a_year_of_another_event_is_flagged_with_the_question() -> None:
    answer = "קו הייצור השני של מפעל הקרטון נפתח ב-1975, עם המעבר לאזור התעשייה."
    got = ground(answer, FACTORY, question="באיזו שנה נפתח קו הייצור השני במפעל הקרטון?")
    assert got.claims[0].verdict != "supported", got.claims[0].messages
