"""Round 18b's question-aware readings: the answer names what the question's slot names.

* "כמה NOUN? FIGURE OTHER-NOUN": an answer that names its own noun ("שלושה מאבטחים" for
  "כמה מצלמות") is checked like a bare figure; where the source states that figure only
  counting the other noun and states a figure counting NOUN, it counts another thing.
* "מי VERB? GIVEN FAMILY": a whole name the source states together elsewhere names that
  person, even when the doer clause holds its family name ("ברוך טישלר" beside "אחיו,
  נפתלי טישלר"): a family name shared by two brothers names neither alone.

Hand-written Hebrew examples (none from a dev set); each expected verdict worked out by
hand, and each wrong-answer test checked to fail without its reading (main 9f9b7a9).
"""

from __future__ import annotations

from workbench.grounding import ground_claim

MALL = (
    "קניון הגפן בכרמיאל הוא מרכז קניות בן שלוש קומות שנפתח ב-1998. "
    "אחרי סדרת פריצות בחורף, החליטה ההנהלה להגביר את האבטחה. "
    "בחודש הבא יצטרפו לצוות שלושה מאבטחים, ועל הגג יותקנו 14 מצלמות חדשות."
)

WINERY = (
    "יקב הדס הוא יקב משפחתי בגליל העליון שנוסד ב-1974. "
    "את היקב הקים החקלאי משה ברזילי, ואת הכרמים הראשונים נטע אחיו, "
    "האגרונום יצחק ברזילי, על מדרון מול הכפר."
)


def test_a_count_answer_naming_another_noun_is_flagged() -> None:
    # "כמה מצלמות": 3 counts guards in the source, 14 counts the cameras
    got = ground_claim("כמה מצלמות יותקנו על הגג? שלושה מאבטחים", MALL)
    assert got.verdict != "supported"
    assert any(i.kind.value == "bound_elsewhere" for i in got.issues)


def test_a_count_answer_naming_the_asked_noun_stands() -> None:
    assert ground_claim("כמה מצלמות יותקנו על הגג? 14 מצלמות", MALL).verdict == "supported"
    assert ground_claim("כמה מאבטחים יצטרפו לצוות? שלושה מאבטחים", MALL).verdict == ("supported")


def test_a_brothers_whole_name_is_not_the_doer_by_the_shared_family_name() -> None:
    # the planting clause ("ואת הכרמים הראשונים נטע אחיו, האגרונום יצחק ברזילי") holds
    # ברזילי, but "משה ברזילי" stands whole in the founding clause: another brother
    got = ground_claim("מי נטע את הכרמים הראשונים של יקב הדס? משה ברזילי", WINERY)
    assert got.verdict != "supported"


def test_the_doers_own_name_stands() -> None:
    got = ground_claim("מי נטע את הכרמים הראשונים של יקב הדס? יצחק ברזילי", WINERY)
    assert got.verdict == "supported"


def test_a_family_name_alone_after_the_full_name_is_the_same_person() -> None:
    """Named in full, then by family name as the doer: the answer is right (a review of
    round 18b found the rule flagging it)."""
    source = (
        "משה ברזילי הגיע למושבה בשנת 1890 עם משפחתו. "
        "ואת הכרמים הראשונים נטע ברזילי בעצמו, בעזרת שכניו."
    )
    assert ground_claim("מי נטע את הכרמים הראשונים? משה ברזילי", source).verdict == "supported"


def test_a_helper_or_a_title_beside_the_doer_names_no_other_person() -> None:
    """Kin who only helps ("בעזרת בנו"), a title or a definite noun before the family
    name: the doer is still the person the answer names (a second review's cases)."""
    head = "משה ברזילי הגיע למושבה בשנת 1890 עם משפחתו. ואת הכרמים הראשונים נטע "
    for tail in ("ברזילי בעצמו, בעזרת בנו.", "מר ברזילי בעצמו.", "האיכר ברזילי בעצמו."):
        got = ground_claim("מי נטע את הכרמים הראשונים? משה ברזילי", head + tail)
        assert got.verdict == "supported", tail


def test_kin_before_the_shared_name_is_another_person() -> None:
    source = (
        'את הגנזך הקימה הבוטנאית ד"ר עדינה דוברובין, ואת המקררים הראשונים שלו בנה בעלה, '
        "המהנדס מיכאל דוברובין, מחלקים של מקררים ישנים."
    )
    got = ground_claim("מי בנה את המקררים הראשונים של הגנזך? עדינה דוברובין", source)
    assert got.verdict != "supported"
