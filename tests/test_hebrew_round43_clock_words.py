"""clock43 (round 43): an hour said in words with its part of the day is the clock time it
names: "מארבע אחר הצהריים" is 16:00, "עד אחת עשרה בלילה" 23:00, "בשמונה וחצי בערב"
20:30. So a time written in digits on one side and in words on the other meets, and a
time moved from the morning to the evening ("בשש בערב" for "בשש בבוקר") no longer passes
on its bare 6. A masculine count ("שלושה בבוקר") is no hour; a bare "בעשר" of the source
still names the hour of "בעשר בבוקר". Hand-written Hebrew; each reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.hebrew import extract_numbers


def _values(text: str) -> list[str]:
    return [m.value for m in extract_numbers(text)]


def test_an_hour_in_words_is_its_clock_time() -> None:
    assert _values("הרחוב ייסגר מארבע אחר הצהריים.") == ["16:00"]
    assert _values("ההופעה תיגמר עד אחת עשרה בלילה.") == ["23:00"]
    assert _values("נפגשים בשמונה וחצי בערב.") == ["20:30"]
    assert _values("המשמרת מתחילה בשש בבוקר.") == ["6:00"]
    assert _values("ההפסקה בשתים עשרה בצהריים.") == ["12:00"]


def test_no_clock_where_the_words_name_none() -> None:
    assert _values("הגיעו שלושה בבוקר ושניים בערב.") == ["3", "2"]  # counts of people
    assert _values("נפגשים בשמונה בצהריים.") == ["8"]  # no hour of noon


SOURCE = (
    "מנהלת המתנ\"ס אמרה שהחוג לציור יתחיל השנה ב-16:30, ושהמתנ\"ס ייפתח בכל בוקר בשבע "
    "בבוקר. שומר הלילה מסיים את המשמרת שלו בשש בבוקר."
)


def test_digits_and_words_meet() -> None:
    for claim in (
        "לפי מנהלת המתנ\"ס, החוג לציור יתחיל השנה בארבע וחצי אחר הצהריים.",
        "לפי מנהלת המתנ\"ס, המתנ\"ס ייפתח בכל בוקר ב-7:00.",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)


def test_a_time_moved_to_another_part_of_the_day_is_flagged() -> None:
    for claim in (
        "שומר הלילה מסיים את המשמרת שלו בשש בערב.",
        "לפי מנהלת המתנ\"ס, המתנ\"ס ייפתח בכל בוקר בשבע בערב.",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict != "supported", (claim, r.messages)


def test_a_bare_hour_of_the_source_names_the_hour() -> None:
    source = "השכנה העידה שהיא שמעה את החבטה בערך בעשר, כשהמובילים ירדו במדרגות."
    r = ground_claim("השכנה שמעה את החבטה בערך בעשר בבוקר.", source)
    assert r.verdict == "supported", r.messages
