"""named34: a person the source names without a role is still a person a role can be given
to. "יו״ר איגוד הצלמים, מאיר חודורוב" passed (`high`, P 0.96) for a source where the union's
chair is רונן גולדנזון and חודורוב is a collector who bought the lab's machines: the
who-is-who table held only people with a role of ``hebrew.ROLE_WORDS`` ("אספן" is none), and
round 32's reading covered only a dialogue's speakers. A claim's two-word name that the
source names too, and the table does not hold, may hold only the role heads of the sentences
naming it (the table misses roles said in other shapes). Hand-written Hebrew; each expected
reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

LAB = (
    "לפי יו״ר איגוד הצלמים, רונן גולדנזון, ב-2010 פעלו בארץ כ-30 מעבדות לפיתוח סרטים, "
    "והיום פועלות רק חמש. "
    "את המכונות הישנות קנה אספן מירושלים, מאיר חודורוב, ואת המדפים יקבלו תלמידי מגמת הצילום."
)
CLINIC = (
    "מנהלת המרפאה, ד״ר נועה פרידמן, אמרה שהתור לרופא עור התקצר לשבועיים. "
    "את המערכת החדשה לקביעת תורים בנה מתכנת צעיר מהעיר, יובל שגיא. "
    "אחות בכירה במרפאה, מרים סויסה, אמרה שהעומס בחדר ההמתנה ירד בחצי."
)


def test_a_named_person_without_a_role_is_not_given_anothers_role() -> None:
    for claim, source in (
        ("לפי יו״ר איגוד הצלמים, מאיר חודורוב, היום פועלות בארץ רק חמש מעבדות.", LAB),
        ("מאיר חודורוב הוא יו״ר איגוד הצלמים.", LAB),
        ("יובל שגיא הוא מנהל המרפאה.", CLINIC),
    ):
        r = ground_claim(claim, source)
        assert r.verdict != "supported", (claim, r.messages)
        assert any(i.kind.value == "role_mismatch" for i in r.issues), (claim, r.messages)


def test_the_persons_own_acts_and_roles_said_near_them_still_pass() -> None:
    for claim, source in (
        ("לפי יו״ר איגוד הצלמים, רונן גולדנזון, היום פועלות בארץ רק חמש מעבדות.", LAB),
        ("מאיר חודורוב קנה את המכונות הישנות.", LAB),
        ("האחות הבכירה מרים סויסה אמרה שהעומס בחדר ההמתנה ירד בחצי.", CLINIC),
        ("יובל שגיא בנה את המערכת החדשה לקביעת תורים.", CLINIC),
    ):
        r = ground_claim(claim, source)
        assert r.verdict == "supported", (claim, r.messages)
