"""rest33: "every" of what the source says of the rest. "בשבתות הגן יהיה פתוח עד 20:00,
ובשאר הימים עד 22:00" does not support "הגן יהיה פתוח כל יום עד 22:00": 22:00 holds for the
rest of the days only (``quantifiers.rest_of_cases``). Read where the claim has a universal
in any use, no limit of its own, and no "שאר" / "יתר" itself. Hand-written Hebrew; each
expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

PARK = (
    "הגן הציבורי נפתח בחודש שעבר. "
    "בשבתות הגן יהיה פתוח עד 20:00, ובשאר הימים עד 22:00."
)


def test_every_day_for_the_rest_of_the_days_is_flagged() -> None:
    r = ground_claim("הגן יהיה פתוח כל יום עד 22:00.", PARK)
    assert r.verdict != "supported"
    assert any(i.kind.value == "generalised" for i in r.issues), r.messages


def test_the_rest_kept_or_the_days_named_are_supported() -> None:
    for claim in ("בשבתות הגן פתוח עד 20:00, ובשאר הימים עד 22:00.", "בשבתות הגן יהיה פתוח עד 20:00."):
        r = ground_claim(claim, PARK)
        assert r.verdict == "supported", (claim, r.messages)
