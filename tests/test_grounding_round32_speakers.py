"""Round 32, two readings of a dialogue's speakers.

labels32: a speaker labelled "NAME (ROLE):" and later "NAME:" is one speaker
(``reading.speakers.dialogue_speakers``). Read as two, the two labels shared every name word, so neither had
any and nobody was the sayer of anything: a statement given to another speaker passed.

role32: a speaker whose label gives no role word ("רינה גולן (דיירת בקומה השלישית)") is a
known person the who-is-who table does not hold; a claim that makes that person what the
table says another is ("X היא יו"ר ועד הבית", "יו"ר ועד הבית, X, ...") is a role swap
(``people._speakers_without_role``). Only a copula or an apposition says what the person
is: a role merely near the name may be another's ("ראש הוועד ביקש בשביל X").
Hand-written Hebrew; each expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

CLUB = (
    'אורי בן-דוד (מנהל המתנ"ס): החוג לקרמיקה ייפתח רק אם יירשמו לפחות 12 משתתפים. '
    "עד היום נרשמו שמונה.\n"
    "שושנה לוי (מורה לקרמיקה): אני מוכנה להתחיל גם עם עשרה, ואם צריך, אוותר על חלק "
    "מהשכר שלי.\n"
    "אורי בן-דוד: את התנור החדש קנינו ב-2022 ב-18 אלף שקל.\n"
    "שושנה לוי: התנור עומד מאז בלי שימוש."
)
ROOF = (
    "רינה גולן (דיירת בקומה השלישית): הנזילה מהגג התחילה בנובמבר, ועד היום ועד הבית לא "
    "תיקן אותה.\n"
    'משה אדלר (יו"ר ועד הבית): הזמנו שלושה קבלנים, והזול ביותר ביקש 26 אלף שקל.\n'
    "רינה גולן: אז שכל דייר ישלם את חלקו.\n"
    "משה אדלר: אני אבקש מהקבלן הצעה חדשה בשביל רינה גולן."
)


def test_a_statement_given_to_the_other_speaker_is_flagged() -> None:
    r = ground_claim("אורי בן-דוד מוכן לוותר על חלק מהשכר שלו.", CLUB)
    assert r.verdict != "supported"
    assert any(i.kind.value == "speaker_mismatch" for i in r.issues), r.messages


def test_each_speaker_keeps_their_own_statement() -> None:
    for claim in (
        "שושנה לוי מוכנה לוותר על חלק מהשכר שלה.",
        "לפי אורי בן-דוד, החוג לקרמיקה ייפתח רק אם יירשמו לפחות 12 משתתפים.",
    ):
        r = ground_claim(claim, CLUB)
        assert r.verdict == "supported", (claim, r.messages)


def test_a_role_given_to_a_speaker_without_one_is_a_swap() -> None:
    for claim in ('רינה גולן היא יו"ר ועד הבית.', 'יו"ר ועד הבית, רינה גולן, הזמינה שלושה קבלנים.'):
        r = ground_claim(claim, ROOF)
        assert r.verdict != "supported", claim
        assert any(i.kind.value == "role_mismatch" for i in r.issues), (claim, r.messages)


def test_the_holder_keeps_the_role_and_a_role_near_the_name_is_not_given_to_it() -> None:
    for claim in ('משה אדלר הוא יו"ר ועד הבית.', 'יו"ר ועד הבית יבקש הצעה חדשה בשביל רינה גולן.'):
        r = ground_claim(claim, ROOF)
        assert not any(i.kind.value == "role_mismatch" for i in r.issues), (claim, r.messages)
