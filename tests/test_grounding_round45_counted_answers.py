"""noun45 and than45 (round 45), two readings of a "כמה NOUN" answer.

noun45: "כמה ספרים יש היום בספרייה?" asks a count of books, and a figure measuring a span of
time ("נסגרה לשיפוץ במשך 14 חודשים") is no rival of the answer, though its sentence holds
more of the question's words; the noun must be one a figure of the source counts (found on
heldout12's h12j03-library-02; it moved heldout22's right answer h22j03-radiolicence-02,
never read, to `supported`).

than45: a comparative after a figure belongs to it only when no other figure stands between
("12, שלושה פחות מעד היום": פחות is the 3's), so 12 is no gap of the source's 14 and 2 (found
on the numbers stress tool, where noun45 alone let the variant through). Hand-written
Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim

LIBRARY = (
    "הספרייה העירונית בשכונת רמות בחולון נפתחה מחדש ביום שני, אחרי שנסגרה לשיפוץ במשך 14 "
    "חודשים. בספרייה יש היום 27 אלף ספרים, ואילו לפני הסגירה היו בה 35 אלף."
)
TESTS = (
    "לפי ההסכם, שכר הבוחנים יעלה ב-2 שלבים, וכל בוחן יערוך לכל היותר 11 טסטים ביום, במקום 14 "
    "עד היום."
)
ASK_BOOKS = "כמה ספרים יש היום בספרייה העירונית בשכונת רמות?"
ASK_TESTS = "לפי ההסכם, כמה טסטים יערוך כל בוחן ביום?"


def test_a_span_of_time_is_no_rival_of_a_count() -> None:
    r = ground_claim(f"{ASK_BOOKS} 27 אלף", LIBRARY)
    assert r.verdict == "supported", r.messages


def test_the_count_of_another_time_is_still_flagged() -> None:
    r = ground_claim(f"{ASK_BOOKS} 35 אלף", LIBRARY)
    assert r.verdict != "supported", r.messages
    assert any("27 אלף" in m for m in r.messages), r.messages


def test_a_comparative_of_the_next_figure_derives_no_gap() -> None:
    r = ground_claim(f"{ASK_TESTS} 12, שלושה פחות מעד היום", TESTS)
    assert r.verdict != "supported", r.messages
    assert any("12" in m for m in r.messages), r.messages


def test_the_true_answer_with_its_gap_passes() -> None:
    r = ground_claim(f"{ASK_TESTS} 11, שלושה פחות מעד היום", TESTS)
    assert r.verdict == "supported", r.messages
