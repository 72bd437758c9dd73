"""A claim saying "all" of what its sentence limits (round 16b, ``scope.limited_universal``):
the source states the thing of part, or of all but what its limit names (an exception,
"only" before or after, a majority, a contrast clause with a negation), so a claim with
"כל" in any form and no limit of its own is half true. Hand-written Hebrew sources; each
expected verdict worked out by hand from the sentence's limit."""

from __future__ import annotations

import pytest

from workbench.grounding import IssueKind, ground_claim

LIBRARY = (
    "הספרייה העירונית נפתחה מחדש אחרי שיפוץ של שנה. "
    "הספרייה תהיה פתוחה לקהל בימי חול, אבל רק עד השעה שש בערב. "
    "בשבת היא תהיה סגורה."
)
ORCHESTRA = (
    "התזמורת הקאמרית של העיר נוסדה לפני עשרים שנה. "
    "בעונה שעברה ניגנה התזמורת שלושים קונצרטים, רובם באולם העירוני החדש. "
    "המנצח הודיע שיפרוש בסוף העונה."
)
HOTEL = (
    "המלון הוותיק ברחוב הים נבנה בשנות השלושים. "
    "כל החדרים במלון שופצו השנה חוץ משני חדרי הסוויטה בקומה העליונה. "
    "המלון ייפתח מחדש בחודש הבא."
)
CLINIC = (
    "בשכונה נפתחה החודש מרפאה חדשה של קופת החולים. "
    "המרפאה החדשה תפעל בשבת בבוקר בלבד, כשאר המרפאות סגורות. "
    "בימי חול יעבדו בה שלושה רופאים."
)
MUSEUM = (
    "המוזיאון לטבע הורחב השנה. "
    "המוזיאון פתוח לכל המבקרים, לא רק לתושבי העיר. "
    "הכניסה בתשלום."
)

# a sentence copied whole, holding both a "כל" (in "בכל מקרה", anyway) and its own "בלבד"
CHARGER = (
    "האוזניות החדשות קלות יותר מהדגם הקודם. "
    "בכל מקרה, הנרתיק מוסיף לאוזניות עוד שעתיים של האזנה אחרי עשר דקות טעינה בלבד. "
    "המחיר לא השתנה."
)


def _limit(claim: str, source: str) -> str:
    got = ground_claim(claim, source)
    assert got.verdict != "supported", (claim, got.messages)
    issue = next((i for i in got.issues if i.kind is IssueKind.GENERALISED), None)
    assert issue is not None and issue.span is not None, (claim, got.messages)
    return source[issue.span[0] : issue.span[1]]


@pytest.mark.parametrize(
    ("claim", "source", "limit"),
    [
        # a contrast clause with "only": all hours, though it closes at six
        ("הספרייה תהיה פתוחה לקהל בכל שעות היום בימי חול.", LIBRARY, "רק"),
        # a majority: most concerts, not all, were in the hall
        ("כל הקונצרטים של התזמורת בעונה שעברה נוגנו באולם העירוני החדש.", ORCHESTRA, "רובם"),
        # an exception, where the source has its own "כל" (added_universal accepts it)
        ("כל החדרים במלון שופצו השנה.", HOTEL, "חוץ"),
        # "only" after what it restricts
        ("המרפאה החדשה תפעל בשבת בכל שעות היום.", CLINIC, "בלבד"),
    ],
)
def test_a_claim_saying_all_of_what_its_sentence_limits_is_half_true(
    claim: str, source: str, limit: str
) -> None:
    assert _limit(claim, source) == limit


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        # the same statements without "all", or keeping the limit, are true
        ("הספרייה תהיה פתוחה לקהל בימי חול רק עד השעה שש בערב.", LIBRARY),
        ("בעונה שעברה ניגנה התזמורת שלושים קונצרטים.", ORCHESTRA),
        ("כל החדרים במלון שופצו השנה חוץ משני חדרי הסוויטה.", HOTEL),
        ("המרפאה החדשה תפעל בשבת בבוקר.", CLINIC),
        # "לא רק" (not only) widens, it does not limit: "all visitors" is what it says
        ("המוזיאון פתוח לכל המבקרים.", MUSEUM),
        # a claim keeping the source's "בלבד" keeps its limit, whatever "כל" it also says
        (CHARGER.split(". ")[1], CHARGER),
    ],
)
def test_the_statement_without_all_or_with_its_limit_stays_supported(
    claim: str, source: str
) -> None:
    got = ground_claim(claim, source)
    assert got.verdict == "supported", (claim, got.messages)
