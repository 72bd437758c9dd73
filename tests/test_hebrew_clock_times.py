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
