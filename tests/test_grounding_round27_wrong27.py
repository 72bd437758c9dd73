"""Round 27, lane wrong27: a subject taken from the neighbouring clause, read by the verb.

Own Hebrew sentences, not copied from any data set. Each expected verdict comes from the
Hebrew: a verb agrees with its subject in gender, a speaker's first person is the speaker,
and a claim's own "את" after an earlier verb is that verb's object, not a fronted one.
"""

from __future__ import annotations

from workbench.grounding import ground
from workbench.grounding.results import IssueKind


def _issues(claim: str, source: str) -> list[str]:
    got = ground(claim, source).claims[0]
    return [i.message for i in got.issues if i.kind is IssueKind.BOUND_ELSEWHERE]


MEETING = (
    "גזברית העירייה, לאה כרמי, שהציגה את התקציב, אמרה שרובו ילך לחינוך, ונציג ועד ההורים, "
    "יוסי ברק, שנאם אחריה, דרש להגדיל את תקציב ההסעות. הישיבה נמשכה שעתיים."
)


def test_a_later_verb_of_the_other_gender_has_another_subject() -> None:
    """The verb "דרש", past the commas after "לאה כרמי", agrees with the parents' man, not with her:
    "לאה כרמי דרשה" takes his demand ("לאה" is a name the source gives, not ל + a word)."""
    got = _issues("לאה כרמי דרשה להגדיל את תקציב ההסעות.", MEETING)
    assert any("agrees" in m for m in got), got


def test_the_verbs_own_subject_keeps_it() -> None:
    """Yossi did demand it: nothing is bound elsewhere."""
    assert _issues("יוסי ברק דרש להגדיל את תקציב ההסעות.", MEETING) == []


def test_a_verb_in_the_subjects_own_stretch_is_no_other_subject() -> None:
    """No mark between the subject and "שפעלה": the relative agrees with "להקה", the
    predicate noun naming the theatre itself, so "התיאטרון פעל" is no crossing."""
    source = "תיאטרון הגשר היה להקה עברית שפעלה בחיפה בין 1960 ל-1980. את הלהקה ייסד במאי מפולין."
    got = _issues("תיאטרון הגשר פעל בחיפה בין 1960 ל-1980.", source)
    assert not any("agrees" in m for m in got), got


DIALOGUE = (
    "דנה לוי (מנחה): אנחנו כאן כדי לתכנן את המעבר של הסניף למשרדים החדשים בחיפה.\n"
    "מיכל דהן (מנהלת הסניף): אני חתמתי על החוזה בשבוע שעבר: 300 מטר ב-20 אלף שקל בחודש.\n"
    "אבי גולן (מנהל הכספים): ההובלה תיקח יום אחד, ואני מעריך שנסיים עד הצהריים.\n"
    "מיכל דהן (מנהלת הסניף): נעבור למשרדים החדשים בסוף החודש.\n"
    "אבי גולן (מנהל הכספים): אני אבדוק את החשבון של חברת ההובלה."
)


def test_a_speakers_first_person_is_the_speaker() -> None:
    """Michal says "אני חתמתי": Avi, the next speaker, did not sign the lease."""
    got = _issues("מנהל הכספים אבי גולן חתם על החוזה של המשרדים החדשים בחיפה.", DIALOGUE)
    assert any("first person" in m for m in got), got


def test_the_speaker_named_keeps_the_first_person() -> None:
    """Michal signed it, as she says."""
    got = _issues("מנהלת הסניף מיכל דהן חתמה על החוזה של המשרדים החדשים בחיפה.", DIALOGUE)
    assert got == [], got


def test_a_claims_object_after_its_first_verb_fronts_nothing() -> None:
    """In "X הוא שהזעיק את המשטרה וגילה את הפריצה": the את is the first verb's object, so
    "וגילה" keeps the subject X, and the source fronts "את הפריצה" before "גילה" with
    another subject, the night guard."""
    source = (
        "את הפריצה למחסן גילה שומר הלילה, משה אזולאי, ואת החקירה ניהל מפקד התחנה, דוד לוי. "
        "מהמחסן נגנבו כלי עבודה."
    )
    got = _issues("מפקד התחנה דוד לוי הוא שהזעיק את המשטרה וגילה את הפריצה.", source)
    assert any("fronted object" in m for m in got), got
