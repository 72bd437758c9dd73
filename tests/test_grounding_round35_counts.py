"""count35: a כמה answer that the source states as a count of another noun. "כמה סירות יש
היום בשבט? 280" passed for "היום יש בשבט כ-280 חניכים ו-12 סירות": the answer's figure
stands in the source, beside the question's words. Where the source counts the question's
noun with another figure, and states the answer's figure only counting another noun (not
a unit, not a generic counter, not a word of the question), the answer is the other count.
Not for a measure, a duration, a frequency or a question's verb after כמה ("כמה עלה").
Hand-written Hebrew; each expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

CLUB = (
    "במועדון השחמט של הקריה רשומים היום כ-150 שחקנים ו-9 מאמנים. "
    "המועדון נוסד ב-1974, ושכר הדירה שלו עולה 3,000 שקל בחודש."
)


def test_an_answer_counting_another_noun_is_flagged() -> None:
    for claim in ("כמה מאמנים יש במועדון השחמט? 150", "כמה שחקנים רשומים במועדון השחמט? תשעה"):
        r = ground_claim(claim, CLUB)
        assert r.verdict != "supported", (claim, r.messages)
        assert any(i.kind.value == "bound_elsewhere" for i in r.issues), (claim, r.messages)


def test_the_right_counts_and_a_verb_after_kama_pass() -> None:
    for claim in (
        "כמה מאמנים יש במועדון השחמט? תשעה מאמנים",
        "כמה שחקנים רשומים במועדון השחמט? כ-150",
        "כמה עולה שכר הדירה של המועדון? 3,000 שקל בחודש",
    ):
        r = ground_claim(claim, CLUB)
        assert r.verdict == "supported", (claim, r.messages)
