"""label47 (round 47): a dialogue speaker's label role, whatever its words ("(פקיד הדלפק
בסניף)", "(טכנאי מערכת האיתור)": trades ``hebrew.ROLE_WORDS`` lacks), set in apposition
with another speaker's name gives that speaker someone else's role ("פקיד הדלפק, מוחמד
אלעטאונה, בדק את המסלול"; heldout43's h43d03-speedticket-11, read after its measure).
Only the apposition counts: a role phrase elsewhere in the claim, or after "לפי NAME,",
may name the other person. Hand-written Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim

GARAGE = (
    "רונן אזולאי (פקיד הקבלה במוסך): אני קיבלתי את הרכב ביום שני בבוקר ורשמתי את התלונה "
    "על הרעש בבלמים.\n"
    "סהר מלכה (חשמלאי רכב): אני החלפתי את המצבר, כי הוא היה חלש, והתיקון עלה 650 שקל.\n"
    "רונן אזולאי (פקיד הקבלה במוסך): את הבלמים עוד לא בדקנו, כי החלק לא הגיע.\n"
    "סהר מלכה (חשמלאי רכב): הלקוח ביקש רק את המצבר."
)


def test_another_speakers_label_role_in_apposition_is_flagged() -> None:
    for claim in (
        "פקיד הקבלה, סהר מלכה, החליף את המצבר ברכב.",
        "פקיד הקבלה סהר מלכה החליף את המצבר ברכב.",
        "סהר מלכה, פקיד הקבלה במוסך, החליף את המצבר ברכב.",
        "חשמלאי הרכב, רונן אזולאי, קיבל את הרכב ביום שני.",
    ):
        r = ground_claim(claim, GARAGE)
        assert r.verdict != "supported", (claim, r.messages)
        assert any("the role of" in m for m in r.messages), (claim, r.messages)


def test_the_speakers_own_label_role_passes() -> None:
    for claim in (
        "חשמלאי הרכב, סהר מלכה, החליף את המצבר ברכב.",
        "פקיד הקבלה, רונן אזולאי, קיבל את הרכב ביום שני בבוקר.",
    ):
        r = ground_claim(claim, GARAGE)
        assert not any("the role of" in m for m in r.messages), (claim, r.messages)


def test_a_role_outside_an_apposition_is_not_read_as_the_persons() -> None:
    for claim in (
        "לפי סהר מלכה, פקיד הקבלה קיבל את הרכב ביום שני.",
        "פקיד הקבלה קיבל את הרכב, וסהר מלכה החליף את המצבר.",
    ):
        r = ground_claim(claim, GARAGE)
        assert not any("the role of" in m for m in r.messages), (claim, r.messages)
