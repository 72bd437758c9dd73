"""near45 (round 45): a claim's role words before a person's name and after it are read
apart. The role check joined the five words before the name to the three after it, so a
role right before the name took the verb after the name as its complement ("המהנדס דני
לנדאו קבע": the engineer of "קבע"), which matched none of the person's own roles, and a
true claim came out as a role swap. Found while reading why a table change not kept
(cons45) flagged heldout36's true h36j02-carwash-15; on its own it moved heldout22's true
h22j02-roof-14, never read, to `supported`. Hand-written Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim

SOURCE = (
    "בית המשפט מינה מומחה לבדוק את האיטום של הגג. המהנדס מטעם בית המשפט, דני לנדאו, קבע "
    "שהיריעות הונחו בשכבה אחת בלבד. את הגג תכנן המהנדס יוסי כהן, שטען שהיריעות תקינות."
)


def test_a_role_before_the_name_passes_with_a_verb_after_it() -> None:
    for claim in (
        "המהנדס דני לנדאו קבע שהיריעות הונחו בשכבה אחת בלבד.",
        "לפי המהנדס דני לנדאו, היריעות הונחו בשכבה אחת בלבד.",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)


def test_another_persons_act_is_still_flagged() -> None:
    r = ground_claim("את הגג תכנן המהנדס דני לנדאו.", SOURCE)
    assert r.verdict != "supported", r.messages


def test_a_role_the_source_gives_another_is_still_flagged() -> None:
    source = (
        "מנהלת המכון, ענבל זוטוב, אמרה שהמכון שוטף מאה מכוניות ביום. ואת התוצאות העביר "
        "לרשות המים מנהל האגף, עידו גלזרסון."
    )
    r = ground_claim("ענבל זוטוב, מנהלת האגף, העבירה את התוצאות לרשות המים.", source)
    assert r.verdict != "supported", r.messages
