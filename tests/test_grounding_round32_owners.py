"""owner32: "בעל" / "בעלת" (the owner of: "בעל המפעל", "בעלת הגלריה") is a role head, so the
who-is-who table holds the person apposed to it. The owner's words then stay the owner's:
"לפי Y, ..." for what "בעל המאפייה, X, אמר" is flagged, and "Y הוא בעל החנות" where the
table gives the shop to X is a role swap. A suffixed "בעלה" (her husband) is no role
(``people._NOT_SUFFIXED``). Hand-written Hebrew; each expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

BAKERY = (
    "המאפייה בשכונת נווה שאנן נסגרה לשבועיים אחרי ביקורת של משרד הבריאות. "
    "בעל המאפייה, שמעון ברזני, אמר שהמחירים יעלו ב-10% אחרי הפתיחה מחדש, "
    "ואילו יו\"ר ועד העובדים, סאמי חורי, אמר שאיש מהעובדים לא יפוטר. "
    "המאפייה פועלת בשכונה מ-1987."
)
GALLERY = (
    'בעלת הגלריה, נועה פרלמן, הציגה את התערוכה. מנהלת הגלריה, ד"ר מיכל אורן, בחרה את העבודות. '
    "בעלה של נועה, הצלם גיל פרלמן, צילם את הקטלוג."
)


def test_the_owners_statement_given_to_the_workers_man_is_flagged() -> None:
    r = ground_claim("לפי סאמי חורי, המחירים במאפיית ברזני יעלו ב-10% אחרי הפתיחה מחדש.", BAKERY)
    assert r.verdict != "supported"
    assert any(i.kind.value == "agent_mismatch" for i in r.issues), r.messages


def test_each_statement_with_its_speaker_is_supported() -> None:
    for claim in (
        "לפי שמעון ברזני, המחירים יעלו ב-10% אחרי הפתיחה מחדש.",
        "סאמי חורי אמר שאיש מהעובדים לא יפוטר.",
    ):
        r = ground_claim(claim, BAKERY)
        assert r.verdict == "supported", (claim, r.messages)


def test_the_owners_role_and_the_managers_swapped_are_role_swaps() -> None:
    for claim in ('ד"ר מיכל אורן היא בעלת הגלריה.', "נועה פרלמן היא מנהלת הגלריה."):
        r = ground_claim(claim, GALLERY)
        assert r.verdict != "supported", claim
        assert any(i.kind.value == "role_mismatch" for i in r.issues), (claim, r.messages)


def test_the_owner_and_her_husband_keep_their_own_words() -> None:
    for claim in ("נועה פרלמן היא בעלת הגלריה.", "את הקטלוג צילם בעלה של נועה, גיל פרלמן."):
        r = ground_claim(claim, GALLERY)
        assert r.verdict == "supported", (claim, r.messages)
