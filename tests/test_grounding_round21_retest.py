"""Round 21 retest (hand-written Hebrew, not from the pair files): a majority or part
quantifier limits its noun, so a claim that says the same of every one of them, or drops
the majority word of its own frame sentence, is half true.

* ``quantifier_scope.universal_over_part``: "כל N P" where the source says "רובם P" of N;
* ``scope.restricted_elsewhere`` with the frame's own "רוב / מרבית" (a claim that follows
  the frame in another order, so ``dropped_restriction`` does not read the word).
"""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.grounding.prepare import prepare_claim
from workbench.grounding.quantifiers.quantifier_scope import universal_over_part
from workbench.grounding.reading.index import index_source

RESERVE = (
    "שמורת עין התכלת נפתחה למבקרים ב-1994, אחרי שנים של מאבק של תושבי האזור. בשמורה חיים "
    "כ-30 מיני דגים ועשרות מיני ציפורים, ובחורף נחים בה עגורים בדרכם לאפריקה. את השבילים "
    "סללו מתנדבים מהמושבים הסמוכים, ואת מרכז המבקרים תכננה האדריכלית מיכל רוזן. היום "
    "מתקיימים בשמורה כ-60 סיורים מודרכים בשנה, רובם באביב, ומחציתם לתלמידי בתי ספר. "
    "הכניסה לשמורה עולה 28 שקל."
)
CHOIR = (
    "המקהלה העירונית נוסדה ב-1972, ורוב הזמרים בה היו עולים מברית המועצות שלמדו מוזיקה "
    "בקונסרבטוריון. המנצח הראשון, יעקב ליבוביץ, ניהל אותה עשרים שנה."
)
MILL = (
    "הטחנה הישנה בכפר הוקמה ב-1890 בידי משפחת חורי, ועבדה עד 1948. בשנותיה הראשונות "
    "הסתובבו אבני הריחיים בכוח המים של הנחל, ורוב החיטה שנטחנה בה הגיעה מכפרי הגליל "
    "העליון. ב-1925 הותקן בה מנוע דיזל, והיא עבדה גם בקיץ, כשהנחל יבש."
)


def test_every_tour_for_most_of_them_is_half_true() -> None:
    """ "רובם באביב" says spring of most tours, not of all of them."""
    got = ground_claim("כל הסיורים המודרכים בשמורת עין התכלת נערכים באביב.", RESERVE)
    assert got.verdict != "supported", got.messages
    assert any("of part" in m for m in got.messages), got.messages


def test_most_tours_restated_stays_supported() -> None:
    got = ground_claim("רוב הסיורים המודרכים בשמורה מתקיימים באביב.", RESERVE)
    assert got.verdict == "supported", got.messages


def test_a_source_saying_all_of_them_lets_the_universal_through() -> None:
    """The source's own "וכולם" over the noun: the claim may say "כל"."""
    source = RESERVE.replace("רובם באביב", "וכולם באביב")
    got = ground_claim("כל הסיורים המודרכים בשמורת עין התכלת נערכים באביב.", source)
    assert got.verdict == "supported", got.messages


def test_the_frames_own_majority_dropped_in_a_reordered_claim() -> None:
    """The claim follows the choir's sentence in another order and drops "רוב"."""
    got = ground_claim("הזמרים במקהלה העירונית היו עולים מברית המועצות, והיא נוסדה ב-1972.", CHOIR)
    assert got.verdict != "supported", got.messages


def test_the_frames_own_majority_dropped_before_the_clause_it_opens() -> None:
    claim = (
        "החיטה שנטחנה בטחנה הגיעה מכפרי הגליל העליון, ואבני הריחיים שלה הסתובבו בכוח המים של הנחל."
    )
    got = ground_claim(claim, MILL)
    assert got.verdict != "supported", got.messages


def test_the_frames_majority_kept_stays_supported() -> None:
    got = ground_claim(
        "רוב הזמרים במקהלה העירונית היו עולים מברית המועצות, והיא נוסדה ב-1972.", CHOIR
    )
    assert got.verdict == "supported", got.messages


# Review of round 21 (hand-written Hebrew): where the part reading misfires.
def _part_rule(claim: str, source: str) -> list[str]:
    """What ``universal_over_part`` alone says of the claim."""
    got = universal_over_part(prepare_claim(claim), index_source(source))
    return [i.message for i in got]


def test_a_count_of_a_noun_opening_with_mem_he_is_no_part() -> None:
    """ "300 מהגרים" is 300 immigrants, not "300 of the גרים": all 300 of them came."""
    source = "ב-1950 הגיעו לעיר 300 מהגרים מתימן, והם הקימו בה שכונה."
    assert _part_rule("כל 300 המהגרים הגיעו לעיר ב-1950.", source) == []
    assert _part_rule("כל המהגרים הגיעו לעיר.", "ב-1950 הגיעו לעיר 300 מהמהגרים.")


def test_a_pronoun_quantifier_after_a_nearer_counted_noun_is_not_the_claims() -> None:
    """ "ב-12 מוזיאונים, רובם בירושלים": most of the museums, not of the pupils."""
    source = "בטיול השנתי ביקרו התלמידים ב-12 מוזיאונים, רובם בירושלים."
    assert _part_rule("כל התלמידים ביקרו במוזיאונים בירושלים.", source) == []
    assert _part_rule("כל המוזיאונים היו בירושלים.", source)


def test_idioms_with_kol_say_no_all() -> None:
    """ "בכל מקרה" (in any case), "בכל זאת" (even so) quantify no noun."""
    refund = "הנוסעים יקבלו החזר מלא. ברוב המקרים ההחזר יגיע תוך שבוע."
    got = ground_claim("בכל מקרה הנוסעים יקבלו החזר.", refund)
    assert got.verdict == "supported", got.messages
    bonus = "למרות ההפסדים, העובדים קיבלו מענק בסוף השנה. חלק מהעובדים קיבלו גם מניות."
    got = ground_claim("בכל זאת העובדים קיבלו מענק בסוף השנה.", bonus)
    assert got.verdict == "supported", got.messages
    # the universal itself is still read
    assert _part_rule("בכל המקרים ההחזר יגיע תוך שבוע.", refund)


def test_as_long_as_stays_a_universal_over_time() -> None:
    """ "כל עוד" (as long as) is "all the time": against "for the first week only"."""
    source = "מנהל המיון אמר שהוא מוכן לתת שני רופאים מהמיון לשבוע הראשון בלבד."
    got = ground_claim("מנהל המיון מוכן לתת שני רופאים מהמיון כל עוד תפעל המחלקה.", source)
    assert got.verdict != "supported", got.messages
