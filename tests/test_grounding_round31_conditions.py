"""cond31: a claim that says "without any condition" (בלי / ללא תנאי, "בכל מקרה") where its
supporting sentence states one ("אבל אם נועה תחזיר לי את הישן, אני אנכה לה 100 שקל") is
generalised (``quantifiers.conditions``); a source that itself says "בלי שום תנאי" agrees.
Hand-written Hebrew; each expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

LANDLORD = (
    "משה אלון (בעל הבית): את הדוד החדש אני לא אשלם. "
    "אבל אם דנה תחזיר לי את הדוד הישן, אני אוריד לה 200 שקל משכר הדירה."
)
MEDIATOR = "רינה גל (מגשרת): אני מציעה שהאולם יחזיר לזוג 25 אלף שקל, בלי שום תנאי."


def test_no_condition_against_a_stated_condition_is_flagged() -> None:
    for claim in (
        "משה אלון התחייב להוריד לדנה 200 שקל משכר הדירה בלי שום תנאי.",
        "משה אלון יוריד לדנה 200 שקל משכר הדירה בכל מקרה.",
    ):
        r = ground_claim(claim, LANDLORD)
        assert r.verdict != "supported", (claim, r.messages)
        assert any(i.kind.value == "generalised" for i in r.issues), r.messages


def test_the_condition_kept_is_supported() -> None:
    r = ground_claim("משה אלון יוריד לדנה 200 שקל משכר הדירה אם תחזיר לו את הדוד הישן.", LANDLORD)
    assert r.verdict == "supported", r.messages


def test_a_source_without_a_condition_agrees() -> None:
    r = ground_claim("רינה גל הציעה שהאולם יחזיר לזוג 25 אלף שקל בלי שום תנאי.", MEDIATOR)
    assert r.verdict == "supported", r.messages
