"""bound43 (round 43): a claim may state a bound of a figure the source states ("פחות
משישים שקל לשעה" for "58 שקל לשעה", "יותר ממאתיים חברים" for 230): the bound is derived
when a figure of the supporting sentences, of the claim figure's unit, lies on the bound's
side of it within ``MORE_THAN_CEILING`` (heldout39's true paraphrase, read after its
measure). Not from a figure the source itself states as a bound ("יותר מ-30 כוורות" is a
threshold: "יותר מ-29" changes the rule). With it, "כתב" reports speech (wrote43): "מבקר
העירייה כתב בדוח שלו ש..." names whose statement it is, as "אמר" does. Hand-written Hebrew;
each reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

SOURCE = (
    "בית הספר לשחייה בעמק פתח השנה 14 קבוצות, ובכל קבוצה לומדים 18 ילדים. שיעור של 45 "
    "דקות עולה 62 שקל. מענק העירייה יינתן רק לבתי ספר שמלמדים יותר מ-200 ילדים."
)


def test_a_bound_of_a_stated_figure_passes() -> None:
    for claim in (
        "שיעור בבית הספר לשחייה בעמק עולה פחות משבעים שקל.",
        "בבית הספר לשחייה בעמק נפתחו השנה יותר מ-12 קבוצות.",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)


def test_a_bound_on_the_wrong_side_or_far_off_is_still_a_false_number() -> None:
    for claim in (
        "שיעור בבית הספר לשחייה בעמק עולה פחות מחמישים שקל.",
        "בבית הספר לשחייה בעמק נפתחו השנה יותר מ-16 קבוצות.",
        "שיעור בבית הספר לשחייה בעמק עולה פחות מ-200 שקל.",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict != "supported", (claim, r.messages)


def test_a_threshold_is_not_bounded_again() -> None:
    r = ground_claim("מענק העירייה יינתן רק לבתי ספר שמלמדים יותר מ-190 ילדים.", SOURCE)
    assert r.verdict != "supported", r.messages


def test_a_report_written_by_another_is_that_ones_statement() -> None:
    source = (
        "לפי העירייה, הבריכה הפסידה בשנה שעברה 2.4 מיליון שקל, ואילו מבקר העירייה, רון "
        "אלמוג, כתב בדוח שלו שההפסד היה קטן מ-1.5 מיליון."
    )
    for claim in (
        "לפי הדוח של רון אלמוג, בשנה שעברה הפסידה הבריכה 2.4 מיליון שקל.",
        "לפי הדוח של רון אלמוג, בשנה שעברה הפסידה הבריכה יותר משני מיליון שקל.",
    ):
        r = ground_claim(claim, source)
        assert r.verdict != "supported", (claim, r.messages)
        assert any("another speaker" in m for m in r.messages)
    r = ground_claim("לפי העירייה, בשנה שעברה הפסידה הבריכה 2.4 מיליון שקל.", source)
    assert r.verdict == "supported", r.messages
