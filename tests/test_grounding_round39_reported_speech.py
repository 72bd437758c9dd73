"""said39: who said it, in prose. "פרידהיים אמרה שהסטודיו ביטל 40 סדנאות של בתי ספר, ואילו
מנהל הכפר, צביקה קליינפלד, אמר שהמועצה תנסה למצוא לסטודיו מענק" gives each statement to the
one named before its reporting verb; "צביקה קליינפלד סיפר שבוטלו 40 סדנאות" gives the first
to the second, and passed. ("X אמר" given to Y with the same reporting verb is read as an
act by "who did it", round 32, which comes first.) Hand-written Hebrew; each reading worked
out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

PORT = (
    "נמל הדייגים ביפו ייסגר לשיפוץ בחודש מאי. מנהלת הנמל, אורית שגב, אמרה שהשיפוץ יעלה "
    "כ-12 מיליון שקל ויימשך חצי שנה, ואילו יו״ר אגודת הדייגים, סלים חורי, אמר שעשרות "
    "סירות יצטרכו לעגון באשדוד בזמן השיפוץ."
)
MILL = (
    "טחנת הקמח בעמק ייסגר בסוף השנה. פרידה לוין אמרה שהטחנה ביטלה לשם כך 40 הזמנות של "
    "מאפיות, ואילו מנהל המועצה, דן רז, אמר שהמועצה תנסה למצוא לטחנה מענק."
)


def test_a_statement_given_to_the_other_speaker_is_flagged() -> None:
    for claim in (
        "סלים חורי אמר שהשיפוץ של נמל יפו יעלה כ-12 מיליון שקל ויימשך חצי שנה.",
        "לדברי סלים חורי, השיפוץ בנמל יפו יעלה כ-12 מיליון שקל ויימשך חצי שנה.",
    ):
        r = ground_claim(claim, PORT)
        assert r.verdict != "supported", (claim, r.messages)
        kinds = {i.kind.value for i in r.issues}
        assert kinds & {"speaker_mismatch", "agent_mismatch"}, (claim, r.messages)


def test_a_statement_told_in_other_words_is_flagged() -> None:
    # "who did it" does not read it: the claim's reporting verb is another ("סיפר")
    r = ground_claim("דן רז סיפר שבגלל הסגירה בוטלו בטחנה 40 הזמנות של מאפיות.", MILL)
    assert r.verdict != "supported", r.messages
    assert any(i.kind.value == "speaker_mismatch" for i in r.issues), r.messages


def test_each_speakers_own_statement_passes() -> None:
    for claim in (
        "אורית שגב אמרה שהשיפוץ של נמל יפו יעלה כ-12 מיליון שקל ויימשך חצי שנה.",
        "לדברי סלים חורי, עשרות סירות יצטרכו לעגון באשדוד בזמן השיפוץ.",
    ):
        r = ground_claim(claim, PORT)
        assert r.verdict == "supported", (claim, r.messages)
