"""part30: a part stated as the whole. "בעיר 42 גני ילדים, ו-15 מהם נמצאים במבנים
ישנים": the 15 count kindergartens only as a part of the 42, so "בעיר 15 גני ילדים" states
the part as the whole (``bound_numbers._noun_conflict``). A claim that states it as a part
("15 מגני הילדים", ``bound_numbers.names_a_part``) or says what the part does ("במבנים
ישנים") is bound. Hand-written Hebrew; each expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

TOWN = (
    "בעיר 42 גני ילדים, ו-15 מהם נמצאים במבנים ישנים. "
    "העירייה תשפץ השנה 6 גנים, בעלות של 3 מיליון שקל."
)


def test_a_part_stated_as_the_whole_is_bound_elsewhere() -> None:
    r = ground_claim("בעיר 15 גני ילדים.", TOWN)
    assert r.verdict != "supported"
    assert any("42" in m for m in r.messages), r.messages


def test_the_whole_is_supported() -> None:
    r = ground_claim("בעיר 42 גני ילדים.", TOWN)
    assert r.verdict == "supported", r.messages


def test_a_part_stated_as_a_part_is_supported() -> None:
    r = ground_claim("15 מגני הילדים בעיר נמצאים במבנים ישנים.", TOWN)
    assert r.verdict == "supported", r.messages


def test_a_part_with_what_it_does_is_supported() -> None:
    r = ground_claim("בעיר 15 גני ילדים במבנים ישנים.", TOWN)
    assert r.verdict == "supported", r.messages
