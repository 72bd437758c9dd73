"""swap40: a claim that copies a two-clause sentence with the clauses' subjects swapped
("X מבקשת A, ואילו Y טוענת B" -> "Y מבקשת A, ואילו X טוענת B") passed at P 0.97: every word
is in the frame, in its order but for the two subjects. Hand-written Hebrew; each reading
worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

SOURCE = (
    "הוועדה המקומית דרשה להרוס את המרפסת שנבנתה בלי היתר, ואילו בעלי הדירה טוענים "
    "שהמרפסת נבנתה עוד לפני 1980. הדיון נדחה לחודש הבא."
)


def test_the_subjects_of_two_clauses_swapped_are_flagged() -> None:
    claim = (
        "בעלי הדירה דרשו להרוס את המרפסת שנבנתה בלי היתר, ואילו הוועדה המקומית טוענת "
        "שהמרפסת נבנתה עוד לפני 1980."
    )
    r = ground_claim(claim, SOURCE)
    assert r.verdict != "supported", r.messages
    assert any("swaps pieces" in m for m in r.messages), r.messages


def test_the_sentence_as_written_and_its_clauses_in_other_order_pass() -> None:
    for claim in (
        "הוועדה המקומית דרשה להרוס את המרפסת שנבנתה בלי היתר, ואילו בעלי הדירה טוענים "
        "שהמרפסת נבנתה עוד לפני 1980.",
        "בעלי הדירה טוענים שהמרפסת נבנתה עוד לפני 1980, ואילו הוועדה המקומית דרשה להרוס "
        "את המרפסת שנבנתה בלי היתר.",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)


def test_a_subject_named_again_in_the_second_clause_is_no_swap() -> None:
    source = "העירייה אישרה את התוכנית לשיפוץ הספרייה, אבל לא הקצתה לה תקציב השנה."
    claim = "העירייה אישרה את התוכנית לשיפוץ הספרייה, אבל העירייה לא הקצתה לה תקציב השנה."
    r = ground_claim(claim, source)
    assert not any("swaps pieces" in m for m in r.messages), r.messages
