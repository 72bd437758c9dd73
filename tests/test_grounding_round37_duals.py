"""dual37: a dual ("יומיים", "שבועיים", "חודשיים", "שנתיים", "שעתיים") is two of its unit.
The value reader skipped it (an unchecked number word), so "כמה זמן נמשכים הלימודים?
יומיים" passed for "הלימודים נמשכים שלוש שנים, ובשנה האחרונה עובדים התלמידים יומיים
בשבוע": the answer's duration was never set against the one the source binds to the
question. A dual is now read as a figure counting its unit, matched by a dual or by "2
UNIT" and never by a bare 2, and no rival of a bare count. Hand-written Hebrew; each
reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.grounding.values.value_clauses import read_values
from workbench.hebrew import tokenize

WORKSHOP = (
    "משה לוי (מנהל הסדנה): הקורס אצלנו נמשך שלושה חודשים, ובחודש האחרון התלמידים עובדים "
    "יומיים בשבוע במפעל.\n"
    "רונית כץ (תלמידה): אני לומדת בקורס כבר שבועיים, ויש בקבוצה שלי 14 תלמידים."
)


def test_a_dual_is_two_of_its_unit() -> None:
    text = "התלמידים עובדים יומיים בשבוע, ואחר כך עוד 2 ימים בבית"
    dual, two = read_values(text, tokenize(text))
    assert dual.text == "יומיים" and two.text == "2"
    assert dual.same(two), (dual, two)
    bare = read_values("שתיים", tokenize("שתיים"))[0]
    assert not dual.same(bare) and not dual.competes(bare)


def test_a_duration_answer_is_set_against_the_questions_duration() -> None:
    for claim in (
        "לפי משה לוי, כמה זמן נמשך הקורס בסדנה? יומיים",
        "לפי משה לוי, כמה זמן נמשך הקורס בסדנה? שבועיים",
    ):
        r = ground_claim(claim, WORKSHOP)
        assert r.verdict != "supported", (claim, r.messages)
    for claim in (
        "לפי משה לוי, כמה זמן נמשך הקורס בסדנה? שלושה חודשים",
        "לפי משה לוי, כמה ימים בשבוע עובדים התלמידים במפעל בחודש האחרון? יומיים",
        "לפי רונית כץ, כמה זמן היא לומדת בקורס? שבועיים",
    ):
        r = ground_claim(claim, WORKSHOP)
        assert r.verdict == "supported", (claim, r.messages)
