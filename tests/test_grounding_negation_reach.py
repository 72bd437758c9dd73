"""How far a negation reaches (``meaning.negation_groups``, round 10): a function word
between the negation and its word ("אין לי כאבים", "לא תהיה תשובה") carries it on; a
quantifier the negation takes for itself ("לא כל", "לא רק") ends it. Hand-written Hebrew;
each expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.grounding.reading.meaning import negation_groups
from workbench.hebrew import tokenize


def _negated(text: str) -> list[str]:
    return [text[t.start : t.end] for g, t in negation_groups(tokenize(text), text) if g >= 0]


def test_a_function_word_carries_the_negation_to_its_word() -> None:
    assert _negated("אין לי כאבים בחזה.") == ["כאבים", "בחזה"]
    assert _negated("אם לא תהיה תשובה עד סוף החודש, נפנה לבית המשפט.") == ["תשובה", "סוף"]


def test_a_quantifier_takes_the_negation_for_itself() -> None:
    assert _negated("לא כל המיטות יופעלו מיד.") == []
    assert _negated("הוא לא רק שר, הוא גם מנגן.") == []


COMMITTEE = (
    "ישיבת ועד השכונה נערכה אתמול. "
    'יו"ר הוועד: פנינו לעירייה לפני חודש. אם לא תהיה תשובה עד סוף החודש, נפנה לבית המשפט. '
    "החנות בפינה: אין לה רישיון עסק."
)


def test_a_claim_keeps_or_drops_the_negation_past_a_function_word() -> None:
    for claim in (
        'יו"ר הוועד אמר שיפנו לבית המשפט אם לא יקבלו תשובה עד סוף החודש.',
        "לחנות בפינה אין רישיון עסק.",
    ):
        ok = ground_claim(claim, COMMITTEE)
        assert ok.verdict == "supported", (claim, ok.messages)
    bad = ground_claim("לחנות בפינה יש רישיון עסק.", COMMITTEE)
    assert bad.verdict != "supported"
    assert any("negates" in m for m in bad.messages), bad.messages


CLINIC = (
    "מרפאת השיניים בכפר נפתחה השנה. "
    "נועה ברקוביץ (בודקת שיניים): אני רואה כל ילד פעמיים בשנה. "
    "לילד עם שן סדוקה צריך גם צילום, ובלי הבדיקה השנייה לא נמליץ על יישור."
)


def test_a_noun_without_its_root_is_no_denial_of_the_role_word() -> None:
    # "בלי הבדיקה" says the check is missing; it denies no "בודקת" (a role word that only
    # shares the root ב-ד-ק), so a claim naming her by her role is no assertion the source
    # negates (round 25).
    ok = ground_claim("לפי בודקת השיניים, ילד עם שן סדוקה צריך גם צילום.", CLINIC)
    assert not any("source negates" in m for m in ok.messages), ok.messages


# --- "מלא" (full) is no negation (round 28) -------------------------------------------------


def test_a_denied_full_hall_does_not_support_a_full_hall() -> None:
    """ "לא היה מלא" denies what "היה מלא" asserts: the flip is caught, in both directions,
    and the true copy stays supported (מ + לא had made both sides look negated)."""
    denied = "בערב הפתיחה לא היה האולם מלא, ורק 120 איש באו להצגה."
    got = ground_claim("בערב הפתיחה האולם היה מלא.", denied)
    assert got.verdict != "supported", got.messages
    full = "המחסן של העמותה היה מלא בציוד שנאסף בקיץ."
    got = ground_claim("המחסן של העמותה לא היה מלא בציוד.", full)
    assert got.verdict != "supported", got.messages
    got = ground_claim("המחסן של העמותה היה מלא בציוד שנאסף בקיץ.", full)
    assert got.verdict == "supported", got.messages


# --- a negation before a word the spans never use (round 28, negx28) ------------------------

LIBRARY = (
    "לפי הדוח, הספרייה העירונית הגדילה ב-2023 את מספר המנויים שלה ל-4,200, ואת מספר "
    "ההשאלות ל-61 אלף."
)


def test_a_negated_act_in_other_words_is_not_supported() -> None:
    """ "לא הגיע ל-4,200" denies what the source says ("הגדילה ... ל-4,200"): a לא before a
    word the span never uses is no rewording of a positive word (round 6 had read it so)."""
    got = ground_claim("מספר המנויים של הספרייה העירונית לא הגיע ב-2023 ל-4,200.", LIBRARY)
    assert got.verdict != "supported", got.messages


def test_a_negated_state_may_reword_a_positive_word() -> None:
    """ "שאינה פעילה" (is not active) is how Hebrew also says "נטושה" (abandoned); "שלא
    נסגרה" (that was not closed) denies a fact instead."""
    source = "האדמה נלקחה ממזבלה נטושה ליד חירייה."
    got = ground_claim("האדמה נלקחה ממזבלה ליד חירייה, שאינה פעילה.", source)
    assert got.verdict == "supported", got.messages
    got = ground_claim("האדמה נלקחה ממזבלה ליד חירייה, שלא נסגרה.", source)
    assert got.verdict != "supported", got.messages


# priv29: a span may say a thing is missing with בלי / ללא, not לא. A claim's "לא" before
# a word the span says only after בלי is the same denial; a word the span also says without
# a negation is none, and the claim's own בלי proves nothing. Hand-written Hebrew.
TEACHERS = (
    "המנהלת, יעל שחר, אמרה אתמול שבלי מורים נוספים ייסגרו בספטמבר שתי כיתות בבית הספר. "
    "לדבריה, משרד החינוך עדיין לא השיב לפנייתה."
)
LIBRARY = "מנוי חודשי לספרייה עולה 50 שקל, והשאלה בודדת בלי מנוי עולה 6 שקלים."


def test_a_claims_negation_is_found_in_the_spans_without() -> None:
    r = ground_claim("יעל שחר אמרה שאם לא יימצאו מורים, ייסגרו בספטמבר שתי כיתות.", TEACHERS)
    assert r.verdict == "supported", r.messages


def test_without_in_the_span_does_not_cover_an_inserted_negation() -> None:
    r = ground_claim("יעל שחר אמרה שבספטמבר לא ייסגרו שתי כיתות בבית הספר.", TEACHERS)
    assert r.verdict != "supported"
    r = ground_claim("מנוי חודשי לספרייה לא עולה 50 שקל.", LIBRARY)
    assert "the claim has a negation that its supporting spans do not" in r.messages


def test_because_is_no_implicit_negation() -> None:
    """"משום" (because) was read as מ + "שום" (no, none), so a claim holding it skipped the
    word-level check that the source negates what the claim asserts (round 29)."""
    src = "בלילה שבין שני לשלישי המשאבה בבריכת העירייה לא פעלה, כי החשמל בחדר המכונות נותק."
    claim = "בלילה שבין שני לשלישי המשאבה בבריכת העירייה פעלה, משום שהחשמל בחדר המכונות נותק."
    r = ground_claim(claim, src)
    assert "the source negates פעלה, which the claim asserts" in r.messages
