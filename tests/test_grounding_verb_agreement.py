"""Verb agreement (round 18b; hand-written sources, not from the pair files): a claim that
tells the source's predicate with the same verb in another gender or number gives it to
the person of the neighbouring clause; the claim keeping the verb's own subject stays
supported."""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.grounding.roles.verb_agreement import agreements_differ

CHOIR = (
    "המקהלה העירונית של רחובות הוקמה לפני שלושים שנה. "
    "את המקהלה ניהלה המוזיקאית רות שדמי, שניצחה עליה 18 שנה, "
    "עד שמסרה את השרביט לתלמידה שלה, אורי גלבוע. "
    "השנה הופיעה המקהלה בפסטיבל אבו גוש."
)
SHOP = (
    "המאפייה בפינת הרחוב נפתחה בקיץ. "
    "את המאפייה פתחו האחים יונתן ואלון כהן, שקיבלו הלוואה מהבנק ועבדו שנה עם השכנה "
    "שלהם, מיכל רז. "
    "בחורף יוסיפו למאפייה עשרה מקומות ישיבה."
)


def _bound_elsewhere(claim: str, source: str) -> None:
    got = ground_claim(claim, source)
    assert got.verdict != "supported", got.messages
    assert any("agrees with another subject" in m for m in got.messages), got.messages


def test_a_masculine_verb_for_a_feminine_one_names_the_other_clause() -> None:
    """ "שניצחה" (feminine) is said of רות שדמי; "אורי גלבוע ניצח" (masculine) gives the
    18 years to the pupil named after it, in the next clause."""
    _bound_elsewhere("אורי גלבוע ניצח על המקהלה 18 שנה.", CHOIR)


def test_a_singular_verb_for_a_plural_one() -> None:
    """ "שקיבלו" (plural) is said of the brothers; "מיכל רז קיבלה" gives the loan to the
    neighbour named after them, with whom they worked."""
    _bound_elsewhere("מיכל רז קיבלה הלוואה מהבנק.", SHOP)


def test_the_verbs_own_subject_stays_supported() -> None:
    for claim, source in (
        ("רות שדמי ניצחה על המקהלה 18 שנה.", CHOIR),
        ("האחים יונתן ואלון כהן קיבלו הלוואה מהבנק.", SHOP),
        ("האחים כהן עבדו שנה עם השכנה שלהם, מיכל רז.", SHOP),
    ):
        got = ground_claim(claim, source)
        assert got.verdict == "supported", (claim, got.messages)


def test_agreement_forms() -> None:
    """Third-person forms of one verb in two agreements; a preposition's possessive or
    a first person form is no other agreement."""
    for a, b in (
        ("ערך", "שערכה"),
        ("מממן", "מממנת"),
        ("יצרף", "תצרף"),
        ("גנבה", "גנבו"),
        ("פנה", "פנתה"),
        ("טוען", "טוענת"),
        ("תצא", "ייצא"),
    ):
        assert agreements_differ(a, b), (a, b)
    for a, b in (
        ("ערכה", "ערכה"),
        ("ביקש", "ביקשתי"),
        ("העות'מאני", "העות'מאנית"),
        ("מענק", "מענקים"),
    ):
        assert not agreements_differ(a, b), (a, b)


def test_a_possessive_noun_after_et_is_no_verb() -> None:
    """ "ספרו" (his book) after את reads like a past plural verb; it is a noun (a review of
    round 18b found the rule flagging such true paraphrases)."""
    source = "השבוע יצא ספר חדש על המלחמה, ורונית כהן כתבה אותו בשנת 2020."
    got = ground_claim("רונית כהן כתבה את ספרה על המלחמה בשנת 2020.", source)
    assert got.verdict == "supported", got.messages


def test_et_is_read_on_tokens_through_niqqud_and_spaces() -> None:
    source = "השבוע יצא ספר חדש על המלחמה, ורונית כהן כתבה אותו בשנת 2020."
    for claim in (
        "רונית כהן כתבה אֶת ספרה על המלחמה בשנת 2020.",
        "רונית כהן כתבה את    ספרה על המלחמה בשנת 2020.",
    ):
        assert ground_claim(claim, source).verdict == "supported", claim
