"""range36: the first figure of a range counts what its second counts. "תמורת 3,000 עד
5,000 שקל לנבחן" left 3,000 bare, and a bare figure may count anything, so it was read as
a rival of "30 שאלות" for "כמה שאלות יש במבחן?". The value reader now gives the first
figure of "N עד M NOUN", "בין N ל-M NOUN", "N-M NOUN" and "N או M NOUN" the second's noun.
Hand-written Hebrew; each reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.grounding.values.value_clauses import read_values
from workbench.hebrew import tokenize

EXAM = (
    "מכון הרשקו מכין לבחינת הכתיבה של לשכת המתרגמים תמורת 1,500 עד 2,000 שקל לתלמיד. "
    "הבחינה כוללת 25 שאלות, ומי שעונה נכון על 20 מהן עובר."
)


def test_the_first_figure_of_a_range_counts_the_second_ones_noun() -> None:
    for text, noun in (
        ("תמורת 1,500 עד 2,000 שקל", "שקל"),
        ("בין 20 ל-30 עובדים", "עובדים"),
        ("עבדו בו 40-50 פועלים", "פועלים"),
        ("נמשך שניים או שלושה ימים", "ימים"),
    ):
        first = read_values(text, tokenize(text))[0]
        assert first.noun, (text, first)
        assert any(noun.endswith(f) or f.endswith(noun[:-2]) for f in first.noun), (text, first)


def test_a_count_is_not_rivalled_by_a_range_of_shekels() -> None:
    for q in ("כמה שאלות יש בבחינת המתרגמים?", "כמה שאלות יש בבחינת הכתיבה של לשכת המתרגמים?"):
        r = ground_claim(f"{q} 25 שאלות", EXAM)
        assert r.verdict == "supported", (q, r.messages)
    r = ground_claim("כמה שאלות יש בבחינת הכתיבה של לשכת המתרגמים? 20 שאלות", EXAM)
    assert r.verdict != "supported", r.messages
