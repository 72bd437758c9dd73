"""part38: an ambiguous number word ("שבע" is also "sated", "שני" also "second" or Monday)
is a count after "רק", "עוד", "לפחות", "כמעט", "בערך": "ומ-1 בינואר אנחנו מקבלים רק שבע"
states seven hours, and a question about that time must not take the 12 of before. Hand-
written Hebrew; each reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.hebrew import extract_numbers

ICE = (
    "דנה פרץ (מנהלת מועדון ההחלקה): עד החורף קיבלנו 12 שעות קרח בשבוע, ומ-1 בינואר אנחנו "
    "מקבלים רק שבע.\n"
    "עמית לב (מנהל ההיכל): ההיכל פתוח שבעה ימים בשבוע, ויש בו משטח אחד."
)


def test_a_number_word_after_a_particle_is_a_checked_count() -> None:
    got = [(m.value, m.checked) for m in extract_numbers("מקבלים רק שבע, ועוד שני ארגזים")]
    assert got == [("7", True), ("2", True)]
    assert [(m.value, m.checked) for m in extract_numbers("שבע שנים")] == [("7", False)]
    assert [m.checked for m in extract_numbers("רק אחד מהם")] == [False]


def test_the_count_before_the_change_is_no_answer_for_after_it() -> None:
    q = "לפי דנה פרץ, כמה שעות קרח בשבוע מקבל המועדון מאז 1 בינואר?"
    assert ground_claim(f"{q} 12", ICE).verdict != "supported"
    assert ground_claim(f"{q} שבע שעות", ICE).verdict == "supported"
