"""lev29: a figure the claim states as a gap (a difference, or a time between two events)
that the source writes only as a level is bound elsewhere, though it is found by value
(``values.derived.level_as_difference``); found by the swap stress test
(``tools/stress_swaps.py``). And "12 יום לפני" is read as days between two dates: the
singular unit's key was compared unfolded ("יום" for the key "יומ"), so only "ימים" was.
Hand-written Hebrew; each expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

OFFICES = (
    "החברה תעבור בקיץ למשרדים חדשים ברחובות, בשטח של 900 מטר. "
    "במשרדים הנוכחיים שלה בנס ציונה יש 640 מטר, ועובדים בהם 45 איש."
)
LIBRARY = (
    "הספרייה העירונית של גדרה נפתחה ב-1952. באולם הקריאה שלה יש 41 שולחנות. "
    "ב-1988 נוסף לספרייה אגף לילדים."
)
LICENCE = "רישיון העסק של המאפייה פקע ב-3 במאי. המפקח מטעם העירייה ביקר במאפייה ב-15 במאי."
PRICES = "כרטיס לבריכה עלה בשנה שעברה 30 שקל, והשנה הוא התייקר ב-5 שקלים. מנוי עולה 400 שקל."


def test_a_level_stated_as_a_difference_is_bound_elsewhere() -> None:
    r = ground_claim("במשרדים החדשים יהיו לחברה 900 מטר יותר מאשר היום.", OFFICES)
    assert r.verdict == "partial"
    assert any("but not as a difference" in m for m in r.messages), r.messages


def test_a_difference_the_source_states_as_one_stays_supported() -> None:
    r = ground_claim("השנה התייקר הכרטיס לבריכה ב-5 שקלים.", PRICES)
    assert r.verdict == "supported", r.messages


def test_a_level_stated_as_a_level_is_untouched() -> None:
    r = ground_claim("המשרדים החדשים של החברה ברחובות יהיו בשטח של 900 מטר.", OFFICES)
    assert r.verdict == "supported", r.messages


def test_a_count_stated_as_years_between_two_events_is_bound_elsewhere() -> None:
    r = ground_claim("אגף הילדים נוסף לספרייה 41 שנה אחרי שנפתחה.", LIBRARY)
    assert r.verdict == "partial"
    assert any("not as a time between two events" in m for m in r.messages), r.messages
    ok = ground_claim("אגף הילדים נוסף לספרייה 36 שנה אחרי שנפתחה.", LIBRARY)
    assert ok.verdict == "supported", ok.messages


def test_days_between_two_dates_read_with_the_singular_unit() -> None:
    r = ground_claim("רישיון העסק של המאפייה פקע 12 יום לפני שהמפקח ביקר בה.", LICENCE)
    assert r.verdict == "supported", r.messages
    wrong = ground_claim("רישיון העסק של המאפייה פקע 11 יום לפני שהמפקח ביקר בה.", LICENCE)
    assert wrong.verdict != "supported"
