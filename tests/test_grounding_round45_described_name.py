"""desc45 (round 45): a definite noun before a two-word name is its description, not its
first word. The who-is-who table read "מנהל ההוצאה, הסופר עמרם בלום," as a person named
"הסופר עמרם בלום", beside the "עמרם בלום" the apposition gives, so a true claim naming him
with his role came out as a role swap with himself (found on the table listing of the
write-from sources: "החדרנית סוניה בלוטרמן", "הוותיק גדעון טייכמן"; it moved heldout15's
right answer h15j02-hotel-04, not read, to `supported`). Hand-written Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.grounding.reading.index import index_source
from workbench.grounding.roles.people import roles_by_name

SOURCE = (
    "מנהל ההוצאה, הסופר עמרם בלום, אמר שהספר יודפס מחדש בקיץ. "
    "העורכת של הסדרה, רות כהן, אמרה שבמהדורה החדשה יהיו גם איורים."
)


def test_the_description_is_no_part_of_the_name() -> None:
    assert sorted(roles_by_name(index_source(SOURCE))) == [("עמרמ", "בלומ"), ("רות", "כהנ")]


def test_the_person_with_his_own_role_passes() -> None:
    r = ground_claim("מנהל ההוצאה, עמרם בלום, אמר שהספר יודפס מחדש בקיץ.", SOURCE)
    assert r.verdict == "supported", r.messages


def test_his_role_given_to_another_is_flagged_with_his_name() -> None:
    r = ground_claim("רות כהן, מנהלת ההוצאה, אמרה שהספר יודפס מחדש בקיץ.", SOURCE)
    assert r.verdict != "supported", r.messages
    assert any("to עמרמ בלומ," in m for m in r.messages), r.messages
