"""Review of round 27 (review27): misreadings the round's new readings brought in.

Every sentence here is written for the test, not copied from a pair set; each expected
verdict follows from the Hebrew (what the sentence says), not from the code's output.
"""

from __future__ import annotations

from workbench.grounding import ground_claim


def _verdict(claim: str, source: str) -> str:
    return ground_claim(claim, source).verdict


def _kinds(claim: str, source: str) -> set[str]:
    return {i.kind.value for i in ground_claim(claim, source).issues}


# --- 1. "עד 2000 אנשים" is "up to 2000 people", not "until the year 2000" ---------------


def test_up_to_a_figure_that_counts_people_is_no_year() -> None:
    # a hall that holds up to 2000 people holds 2000 people; the figure counts people
    # whether or not "עד" stands before it, so neither reading is the year 2000
    upto = "האולם החדש יכול להכיל עד 2000 אנשים בכל מופע."
    plain = "האולם החדש יכול להכיל 2000 אנשים בכל מופע."
    assert _verdict("האולם החדש יכול להכיל 2000 אנשים.", upto) == "supported"
    assert _verdict("האולם החדש יכול להכיל עד 2000 אנשים.", plain) == "supported"
    race = "בתחרות רצו עד 1000 משתתפים בכל מקצה."
    assert _verdict("בכל מקצה רצו 1000 משתתפים לכל היותר.", race) == "supported"


def test_before_a_crowd_is_no_year_either() -> None:
    # "הופיעה לפני 2000 צופים": performed in front of 2000 spectators
    source = "הלהקה הופיעה אמש לפני 2000 צופים בפארק העירוני."
    assert _verdict("בפארק העירוני צפו בלהקה 2000 צופים.", source) == "supported"


def test_until_a_year_before_a_verb_is_still_a_year() -> None:
    # "עד 2030 תבנה העירייה": by 2030; 2030 flats is a figure the source never gives
    source = "עד 2030 תבנה העירייה 1500 דירות חדשות בשכונה."
    assert _verdict("העירייה תבנה 2030 דירות חדשות בשכונה.", source) != "supported"
    assert _verdict("העירייה תבנה 1500 דירות חדשות בשכונה עד 2030.", source) == "supported"
