"""said41: "לפי NAME, ..." reports a statement in NAME's words as "NAME אמר ש..." does.
heldout37's P 0.96 mistake: "מי אמר שהמגלשה נבדקה באפריל? <the engineer>" passed, where
the source gives the inspection "לפי מנכ"ל הפארק" and the engineer "אמר" something else;
its right answer, the manager, failed, since the verb "אמר" stood only in the engineer's
clause. Hand-written Hebrew; each reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

SOURCE = (
    "לפי מנהלת הספרייה, רותי אלמוג, הספרייה תיפתח מחדש בינואר, ואילו ראש המועצה, יגאל "
    "שדמי, אמר שהבניין יחכה לשיפוץ עד הקיץ."
)


def test_who_said_it_answered_with_the_other_speaker_is_flagged() -> None:
    r = ground_claim("מי אמר שהספרייה תיפתח מחדש בינואר? יגאל שדמי", SOURCE)
    assert r.verdict != "supported", r.messages
    assert any("asks who said it" in m and "לפי מנהלת" in m for m in r.messages), r.messages


def test_who_said_it_answered_with_the_one_after_lfi_passes() -> None:
    for claim in (
        "מי אמר שהספרייה תיפתח מחדש בינואר? רותי אלמוג",
        "מי אמר שהבניין יחכה לשיפוץ עד הקיץ? יגאל שדמי",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)


def test_a_statement_given_by_lfi_to_one_is_not_the_others() -> None:
    r = ground_claim("לדברי יגאל שדמי, הספרייה תיפתח מחדש בינואר.", SOURCE)
    assert any("another speaker's words" in m for m in r.messages), r.messages
    r = ground_claim("רותי אלמוג אמרה שהספרייה תיפתח מחדש בינואר.", SOURCE)
    assert r.verdict == "supported", r.messages


def test_a_definite_noun_after_the_speakers_head_names_no_speaker() -> None:
    # "the operating company's manager" is not "the operating company's notice": the
    # manager, named by his title, is the speaker of the sentence that reports his words
    source = (
        "לפי הודעת החברה המפעילה, רכבת הגליל, התקלה נגרמה מחיישן פגום. מנכ\"ל רכבת "
        "הגליל, דני פלג, אמר שכל הנוסעים יקבלו החזר מלא ושני כרטיסים חינם."
    )
    claim = "לדברי מנהל החברה המפעילה, כל הנוסעים יקבלו החזר מלא ושני כרטיסים חינם."
    r = ground_claim(claim, source)
    assert not any("another speaker's words" in m for m in r.messages), r.messages
