"""rival46 (round 46): a claim figure that counts a noun or measures a span of time ("30
מאפיות", "כבר 27 שנה"), where the source states that value only as a count of something else
("ל-30 יישובים", "27 תלמידים") and measures the claim's noun or span with another figure
("45 מאפיות", "שמונה שנים"), took the figure of another phrase (``values/units_bound``'s
``rival_conflict``; heldout42's h42e01-butchershop-12 and h42j04-saffron-11, read after its
measure). Without such a rival the rule is silent: a span may be reckoned in ways the engine
does not read (round 44's cspan44, not kept). Hand-written Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim

BAKERIES = (
    "מאפיית בן שושן מכרמיאל זכתה השנה בפרס בתחרות האפייה של הגליל, שהשתתפו בה 45 קונדיטוריות. "
    "מאז הזכייה יוצאים משלוחים מהמאפייה לכ-30 יישובים בצפון. "
    "האופה הראשי, יוסי בן שושן, אמר שהוא אופה במקום כבר שמונה שנים. "
    "בקורס האפייה שלו במאפייה לומדים 27 תלמידים."
)


def test_a_count_of_places_is_no_count_of_shops() -> None:
    r = ground_claim("30 קונדיטוריות התחרו על הפרס שקיבלה מאפיית בן שושן.", BAKERIES)
    assert r.verdict != "supported", r.messages


def test_a_count_of_students_is_no_span_of_years() -> None:
    # the claim's words sit in the sentence of "שמונה שנים", its 27 in the next one
    r = ground_claim("יוסי בן שושן עובד במאפייה כבר 27 שנה.", BAKERIES)
    assert r.verdict != "supported", r.messages
    assert any("count of something else" in m and "שמונה שנים" in m for m in r.messages), r.messages


def test_the_counts_and_spans_the_source_gives_pass() -> None:
    for claim in (
        "45 קונדיטוריות התחרו על הפרס שקיבלה מאפיית בן שושן.",
        "יוסי בן שושן עובד במאפייה כבר שמונה שנים.",
    ):
        r = ground_claim(claim, BAKERIES)
        assert r.verdict == "supported", (claim, r.messages)


def test_without_a_rival_of_its_measure_the_rule_is_silent() -> None:
    # no figure of the source measures years: a span the claim reckons is not judged here
    source = "הגשר נפתח ב-1998, ובטקס הפתיחה השתתפו 27 נציגים. ב-2025 הוא נסגר לתנועה."
    r = ground_claim("הגשר היה פתוח לתנועה 27 שנה.", source)
    assert not any("it states" in m for m in r.messages), r.messages
