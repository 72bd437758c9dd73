"""rows30: a value of another row. "הספרייה פתוחה בימים א'-ה' מ-9:00 עד 19:00, וביום ו'
מ-8:00 עד 13:00" is two rows, the second with its verb gapped after "ו" and a fronted
phrase; a claim joining the second row's phrase to the first row's value ("ביום ו'
הספרייה נסגרת ב-19:00") is bound elsewhere (``values.value_rows``). Both values count the
same thing (or nothing). Hand-written Hebrew; each expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

LIBRARY = (
    "הספרייה העירונית נמצאת במרכז המסחרי. "
    "הספרייה פתוחה בימים א'-ה' מ-9:00 עד 19:00, וביום ו' מ-8:00 עד 13:00."
)
POOL = "הבריכה העירונית נפתחת בקיץ ב-6:00, ובחורף ב-7:30. מנוי שנתי עולה 1,200 שקל."
PRICES = "בתיאטרון הבובות כרטיס למבוגר עולה 45 שקל, ולילד 25 שקל. ההצגות מתחילות ב-17:00."


def test_the_gapped_rows_phrase_with_the_first_rows_value_is_bound_elsewhere() -> None:
    r = ground_claim("ביום ו' הספרייה נסגרת ב-19:00.", LIBRARY)
    assert r.verdict != "supported"
    assert any("13:00" in m for m in r.messages), r.messages


def test_each_row_with_its_own_value_is_supported() -> None:
    for claim in ("ביום ו' הספרייה פתוחה עד 13:00.", "בימים א'-ה' הספרייה פתוחה עד 19:00."):
        r = ground_claim(claim, LIBRARY)
        assert r.verdict == "supported", (claim, r.messages)


def test_a_season_of_one_row_with_the_hour_of_the_other_is_bound_elsewhere() -> None:
    assert ground_claim("בחורף נפתחת הבריכה ב-6:00.", POOL).verdict != "supported"
    r = ground_claim("בחורף נפתחת הבריכה ב-7:30.", POOL)
    assert r.verdict == "supported", r.messages


def test_a_childs_ticket_at_the_adults_price_is_bound_elsewhere() -> None:
    assert ground_claim("כרטיס לילד בתיאטרון הבובות עולה 45 שקל.", PRICES).verdict != "supported"
    r = ground_claim("כרטיס לילד בתיאטרון הבובות עולה 25 שקל.", PRICES)
    assert r.verdict == "supported", r.messages


COUNCIL = "בעירייה 12 חברי מועצה. 7 מהם תמכו בתקציב, 4 התנגדו ואחד נמנע."


def test_the_figure_of_one_listed_part_with_the_act_of_another_is_bound_elsewhere() -> None:
    """list31: ", 4 התנגדו" is a listed part whose noun is the whole's (round 31)."""
    r = ground_claim("7 חברי מועצה התנגדו לתקציב.", COUNCIL)
    assert r.verdict != "supported"
    assert any("4" in m for m in r.messages), r.messages


def test_each_listed_part_with_its_own_act_is_supported() -> None:
    for claim in ("7 חברי מועצה תמכו בתקציב.", "4 חברי מועצה התנגדו לתקציב."):
        r = ground_claim(claim, COUNCIL)
        assert r.verdict == "supported", (claim, r.messages)


def test_the_figure_of_a_later_part_with_the_act_of_an_earlier_one_is_bound_elsewhere() -> None:
    """list31b: listed parts cross either way ("7 מהם תמכו" points at its whole)."""
    r = ground_claim("4 חברי מועצה תמכו בתקציב.", COUNCIL)
    assert r.verdict != "supported"
    assert any("7" in m for m in r.messages), r.messages
