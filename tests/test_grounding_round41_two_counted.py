"""cnt41: the counted-noun check of a כמה answer (round 35) read the source's figures with
its own reader but asked the value reader whether the question's noun is counted at all,
and the value reader leaves out "שני" ("שני עובדים"): "כמה עובדים...? ארבעה" passed where
the source counts four months and two workers (heldout37). Hand-written Hebrew; each
reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

SOURCE = (
    "את הגדר החדשה בנה הקבלן, משה אלמליח, עם שני פועלים, במשך כשלושה שבועות, והעירייה "
    "שילמה על העבודה 90 אלף שקל."
)


def test_a_count_of_weeks_is_no_count_of_workers() -> None:
    r = ground_claim("כמה פועלים עבדו עם משה אלמליח על הגדר? שלושה", SOURCE)
    assert r.verdict != "supported", r.messages
    assert any("counts «שבועות»" in m and "שני פועלים" in m for m in r.messages), r.messages


def test_the_right_counts_pass() -> None:
    for claim in (
        "כמה פועלים עבדו עם משה אלמליח על הגדר? שניים",
        "כמה שבועות נמשכה בניית הגדר? כשלושה",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)
