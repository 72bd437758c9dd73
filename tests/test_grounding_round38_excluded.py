"""excl38: a question that excludes a thing ("מעבר לדמי החבר", "מלבד מה שמשלמת הקופה")
asks for what comes beyond it, so the figure the source gives for that thing is no answer:
"כמה היו אמורים הגולשים לשלם מעבר לדמי החבר? 2,800" passed for "דמי החבר במועדון הם 2,800
שקל לעונה, והגולשים באליפות היו אמורים לשלם עוד 450 שקל". Hand-written Hebrew; each
reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

POOL = (
    "המנוי השנתי בבריכה העירונית עולה 1,900 שקל, ומי שנרשם לחוג השחייה משלם עוד 600 שקל. "
    "הבריכה נפתחה ב-1998, ויש בה שני מסלולים מקורים."
)
CLINIC = (
    "טיפול אחד בקליניקה עולה 320 שקל. קופת החולים משלמת 200 שקל מכל טיפול, "
    "והשאר על המטופל."
)
BEYOND = "מעבר למנוי השנתי, משלמים המתעמלים בחדר הכושר 150 שקל לחודש על מאמן אישי."


def test_the_figure_of_the_excluded_thing_is_no_answer() -> None:
    for claim, source in (
        ("כמה משלם מי שנרשם לחוג השחייה בבריכה העירונית מעבר למנוי השנתי? 1,900 שקל", POOL),
        ("כמה משלם מטופל על טיפול אחד בקליניקה, מלבד מה שמשלמת קופת החולים? 200 שקל", CLINIC),
    ):
        r = ground_claim(claim, source)
        assert r.verdict != "supported", (claim, r.messages)
        assert any(i.kind.value == "bound_elsewhere" for i in r.issues), (claim, r.messages)


def test_the_amount_beyond_it_passes() -> None:
    for claim, source in (
        ("כמה משלם מי שנרשם לחוג השחייה בבריכה העירונית מעבר למנוי השנתי? 600 שקל", POOL),
        ("כמה משלמים המתעמלים בחדר הכושר מעבר למנוי השנתי על מאמן אישי? 150 שקל", BEYOND),
    ):
        r = ground_claim(claim, source)
        assert not any("leaves out" in m for m in r.messages), (claim, r.messages)
