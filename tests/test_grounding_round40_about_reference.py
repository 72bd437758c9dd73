"""ref40: "מתוך כ-160" marks its figure as a whole as "מתוך 160" does: the "about" between
the preposition and the figure hid the reference, so "כמה דגים מתו? 160" passed for "43
מתוך כ-160 הדגים". Hand-written Hebrew; each reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

FARM = (
    "בחווה בעמק פרצה בשבוע שעבר מחלה, ו-38 מתוך כ-400 הכבשים חלו. "
    "הווטרינרית של המועצה בדקה את העדר ביום שלישי."
)


def test_the_whole_after_about_is_no_answer() -> None:
    r = ground_claim("כמה כבשים חלו בחווה בעמק? 400", FARM)
    assert r.verdict != "supported", r.messages
    assert any(i.kind.value == "bound_elsewhere" for i in r.issues), r.messages


def test_the_part_passes() -> None:
    r = ground_claim("כמה כבשים חלו בחווה בעמק? 38", FARM)
    assert r.verdict == "supported", r.messages
