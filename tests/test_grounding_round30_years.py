"""bind30: a year and a figure stated together are bound together. A sentence of two rows
("ב-2010 היו בעמותה 400 חברים, וב-2020 היו בה 650 חברים") binds 2020 to 650 though its
clause names the association by a pronoun (``bound_numbers._year_with_value``,
``claim_dates._dates_own_value``); a claim joining the year of one row to the figure of
the other is bound elsewhere (``claim_dates._crossed_value``); and a year with no clause of
its own is reported against the row holding the claim's other figure, not the founding
year of a sentence naming the association alone. Hand-written Hebrew; each expected
reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

CLUB = (
    "העמותה לשימור הבתים הישנים נוסדה ב-1998. "
    "ב-2010 היו בעמותה 400 חברים, וב-2020 היו בה 650 חברים."
)
FUND = (
    "קרן המלגות של המכללה הוקמה בידי בוגרים ב-2009. "
    "ב-2015 גויסו לקרן 3 מיליון שקל, וב-2019 גויסו לה 5 מיליון שקל."
)


def test_a_year_is_bound_to_the_figure_of_its_clause_named_by_a_pronoun() -> None:
    r = ground_claim("ב-2020 היו בעמותה 650 חברים.", CLUB)
    assert r.verdict == "supported", r.messages


def test_the_row_that_names_the_association_is_supported_too() -> None:
    r = ground_claim("ב-2010 היו בעמותה 400 חברים.", CLUB)
    assert r.verdict == "supported", r.messages


def test_a_year_of_one_row_with_the_figure_of_another_is_bound_elsewhere() -> None:
    r = ground_claim("ב-2010 היו בעמותה 650 חברים.", CLUB)
    assert r.verdict != "supported"
    assert any(i.kind.value == "bound_elsewhere" for i in r.issues), r.messages
    assert any("400" in m for m in r.messages), r.messages


def test_a_year_without_its_clause_is_reported_against_the_row_of_its_figure() -> None:
    r = ground_claim("ב-2020 היו בעמותה 400 חברים.", CLUB)
    assert r.verdict != "supported"
    assert any("the source says 2010" in m for m in r.messages), r.messages


def test_crossed_rows_of_amounts_are_bound_elsewhere() -> None:
    r = ground_claim("ב-2015 גויסו לקרן 5 מיליון שקל.", FUND)
    assert r.verdict != "supported", r.messages


def test_the_row_of_amounts_with_its_pronoun_is_supported() -> None:
    r = ground_claim("ב-2019 גויסו לקרן 5 מיליון שקל.", FUND)
    assert r.verdict == "supported", r.messages


SHOP = "ב-2018 נמכרו בחנות 3,400 ספרים, וב-2022 נמכרו בה 5,100. רוב הספרים היו ספרי ילדים."


def test_crossed_rows_whose_second_figure_elides_its_noun_are_bound_elsewhere() -> None:
    """"וב-2022 נמכרו בה 5,100." names no noun: the claim's "ספרים" stands for it."""
    r = ground_claim("ב-2018 נמכרו בחנות 5,100 ספרים.", SHOP)
    assert r.verdict != "supported", r.messages
    assert any("3,400" in m for m in r.messages), r.messages


def test_the_second_row_with_its_elided_noun_is_supported() -> None:
    r = ground_claim("ב-2022 נמכרו בחנות 5,100 ספרים.", SHOP)
    assert r.verdict == "supported", r.messages
