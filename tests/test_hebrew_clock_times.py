"""clock29: a clock time ("22:35", "7:05") is one value, read once by the number reader,
not two figures. Before, "אחרי 23:30" was found by the 23 and the 30 of another clock in
the same sentence, so a time moved to another event passed as `supported`; the answer
readers joined the two halves again on their own (``value_clauses``' clock pairs, now
gone). Hand-written Hebrew; each expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.hebrew import extract_numbers, is_clock

HALL = (
    "האירועים באולם יסתיימו עד 23:30, והמוזיקה תעבור פנימה אחרי 22:00. "
    "בשבוע שעבר נמדדו 35 דציבל מעל המותר."
)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return [(m.text, m.value, is_clock(m)) for m in extract_numbers(text)]


def test_a_clock_time_is_one_value() -> None:
    assert _read("האולם ייסגר ב-22:35 בלילה") == [("22:35", "22:35", True)]
    assert _read("הרכבת יוצאת ב-07:05") == [("07:05", "7:05", True)]
    assert _read("עד 00:00") == [("00:00", "0:00", True)]


def test_what_is_no_clock_stays_figures() -> None:
    assert _read("הקבוצה ניצחה 3:1") == [("3", "3", False), ("1", "1", False)]
    assert _read("נרשמו 99:99 נקודות")[0][2] is False  # no hour 99, no minute 99


def test_a_clock_time_moved_to_another_event_is_not_supported() -> None:
    moved = ground_claim("המוזיקה תעבור פנימה אחרי 23:30.", HALL)
    assert moved.verdict != "supported", moved.messages
    assert ground_claim("המוזיקה תעבור פנימה אחרי 22:00.", HALL).verdict == "supported"
    made_up = ground_claim("האירועים באולם יסתיימו עד 22:35.", HALL)
    assert "number 22:35 not found in source" in made_up.messages


# num29: more of Hebrew's number forms, read by the same reader. "וחצי" after a scale
# halves the scale ("מאה וחצי" is 150, not 100.5; "אלף וחצי" 1,500, not 1,000; "מאתיים
# וחצי" 250), a fraction word before a scale of a thousand or more is one number ("חצי
# מיליון", "רבע מיליון"), so is a bare scale with "וחצי" ("מיליון וחצי"); a date written
# with slashes is one date ("15/3/2024"; the slash branch of the digit reader was dead code,
# so "3/15/2024" was found by its three numbers).
def test_halves_and_quarters_of_a_scale() -> None:
    values = {
        "מאה וחצי": "150",
        "מאתיים וחצי": "250",
        "אלף וחצי שקל": "1500",
        "אלפיים וחצי": "2500",
        "חצי מיליון שקל": "500000",
        "רבע מיליון": "250000",
        "מיליון וחצי שקל": "1500000",
        "כרבע מיליון": "250000",  # the fraction with a prefix ("about a quarter")
        "שני מיליון וחצי": "2500000",
        "שלושה וחצי": "3.5",
    }
    for text, value in values.items():
        assert [m.value for m in extract_numbers(text)] == [value], text


def test_a_date_with_slashes_is_one_date() -> None:
    assert _read("עד 15/3/2024") == [("15/3/2024", "15.3.2024", False)]
    src = "התאריך האחרון להגשת הבקשות הוא 15/3/2024, והוועדה תתכנס ב-2/4/2024."
    for wrong in ("3/15/2024", "2/4/2024"):
        r = ground_claim(f"התאריך האחרון להגשת הבקשות הוא {wrong}.", src)
        assert r.verdict != "supported", (wrong, r.messages)
    assert ground_claim("התאריך האחרון להגשת הבקשות הוא 15.3.2024.", src).verdict == "supported"


def test_half_a_million_is_found_as_500_thousand() -> None:
    src = "שיפוץ האולם עלה 2 מיליון שקל. הקרן תרמה גם 500 אלף שקל לספרייה."
    assert ground_claim("הקרן תרמה לספרייה חצי מיליון שקל.", src).verdict == "supported"
    assert ground_claim("שיפוץ האולם עלה חצי מיליון שקל.", src).verdict != "supported"
