"""share46 (round 46): a claim that negates over the complement of a share the source asserts
says which part it speaks of; it does not deny the source ("רוב התיקונים אינם של מקררים" for
"כעשירית מהם של מקררים", "כשלושה רבעים מהמכירות אינן הזמנות של מסעדות" for "כרבע מהמכירות
הן הזמנות של מסעדות"; heldout42's h42e03-appliancelab-13 and h42e01-butchershop-15, read
after its measure; ``values/share_rest``). A majority word needs a share under half; a share
needs its complement. Hand-written Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim

LIBRARY = (
    "בספרייה העירונית של גבעת עדה יש כ-12 אלף ספרים. "
    "כשליש מהספרים בספרייה הם ספרי ילדים, ואת הספרים החדשים תורמים התושבים. "
    "כ-70% מההשאלות נעשות היום דרך אתר האינטרנט של הספרייה."
)


def test_the_complement_of_a_third_is_two_thirds_that_are_not() -> None:
    r = ground_claim("כשני שלישים מהספרים בספרייה העירונית אינם ספרי ילדים.", LIBRARY)
    assert r.verdict == "supported", r.messages


def test_most_are_not_what_a_third_are() -> None:
    r = ground_claim("רוב הספרים בספרייה העירונית אינם ספרי ילדים.", LIBRARY)
    assert r.verdict == "supported", r.messages


def test_most_do_not_of_a_share_over_half_is_still_a_denial() -> None:
    r = ground_claim("רוב ההשאלות אינן נעשות דרך אתר האינטרנט של הספרייה.", LIBRARY)
    assert r.verdict != "supported", r.messages


def test_a_share_that_is_not_the_complement_is_still_a_denial() -> None:
    for claim in (
        "כשליש מהספרים בספרייה העירונית אינם ספרי ילדים.",
        "כשלושה רבעים מהספרים בספרייה העירונית אינם ספרי ילדים.",
    ):
        r = ground_claim(claim, LIBRARY)
        assert r.verdict != "supported", (claim, r.messages)


def test_a_share_the_source_gives_otherwise_is_bound_elsewhere() -> None:
    # share46's mirror: the share words are read unchecked, so "two thirds" passed for "a third"
    r = ground_claim("כשלושה רבעים מהספרים בספרייה הם ספרי ילדים.", LIBRARY)
    assert r.verdict != "supported", r.messages  # a word swap the near-copy check reads
    # the complement in the source's own words: "שלישים" meets "כשליש", no word is swapped
    r = ground_claim("כשני שלישים מהספרים בספרייה הם ספרי ילדים.", LIBRARY)
    assert r.verdict != "supported", r.messages
    assert any("another share" in m for m in r.messages), r.messages


def test_the_complement_in_words_of_its_own_may_restate_the_share() -> None:
    source = "המים בחממות מוחזרים למערכת, וכך החווה צורכת כשליש מהמים של משק בשדה פתוח."
    r = ground_claim("החווה חוסכת כשני שלישים מהמים של משק בשדה פתוח.", source)
    assert not any("another share" in m for m in r.messages), r.messages
