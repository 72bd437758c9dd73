"""only40: a claim that says "only" where the source says "mostly" widens the source's
majority to the whole: "בשנות השבעים עבדה החברה רק בבתי אריזה" passed for "רוב העבודות שלה
בשנות השבעים היו בבתי אריזה". Hand-written Hebrew; each reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

BAKERY = (
    "המאפייה של משפחת גרינבלט פועלת בשכונת נחלאות מאז 1952. "
    "בשנים הראשונות אפו בה בעיקר חלות ולחמי שיפון, ובחגים אפו גם עוגות דבש."
)
SHELTER = (
    "מקלט הכלבים בעמק פתח את שעריו ב-2004. בשנה שעברה אומצו ממנו 420 כלבים, "
    "ורובם נמסרו למשפחות מהמרכז."
)
MILL = (
    "טחנת הקמח בכפר פעלה עד 1967. את החיטה הביאו לטחנה רק חקלאים מהכפרים הסמוכים, "
    "והקמח נמכר בשוק של העיר."
)
MOSTLY_ONLY = "הציפור ניזונה כמעט רק מזרעים של שיטה, ולכן היא נפוצה בעיקר בערבה."


def _generalised(claim: str, source: str) -> bool:
    r = ground_claim(claim, source)
    return r.verdict != "supported" and any(i.kind.value == "generalised" for i in r.issues)


def test_only_of_what_the_source_says_mostly_is_flagged() -> None:
    for claim, source in (
        ("בשנים הראשונות אפו במאפייה של משפחת גרינבלט רק חלות ולחמי שיפון.", BAKERY),
        ("הכלבים שאומצו בשנה שעברה ממקלט הכלבים בעמק נמסרו אך ורק למשפחות מהמרכז.", SHELTER),
        ("הציפור ניזונה רק מזרעים של שיטה.", MOSTLY_ONLY),
    ):
        assert _generalised(claim, source), (claim, ground_claim(claim, source).messages)


def test_the_issue_points_at_the_sources_clause() -> None:
    claim = "בשנים הראשונות אפו במאפייה של משפחת גרינבלט רק חלות ולחמי שיפון."
    r = ground_claim(claim, BAKERY)
    issue = next(i for i in r.issues if i.kind.value == "generalised")
    assert issue.span is not None
    assert "בעיקר" in BAKERY[issue.span[0] : issue.span[1]]


def test_an_only_the_source_states_itself_passes() -> None:
    claim = "את החיטה הביאו לטחנת הקמח בכפר רק חקלאים מהכפרים הסמוכים."
    r = ground_claim(claim, MILL)
    assert r.verdict == "supported", r.messages


def test_only_if_is_a_condition_not_an_only() -> None:
    source = "רוב הלקוחות של המספרה מבוגרים. הספר אמר שיסכים לשעות החדשות בתנאי שהלקוחות יוכלו להתקשר אליו."
    claim = "הספר יסכים לשעות החדשות רק אם הלקוחות יוכלו להתקשר אליו."
    r = ground_claim(claim, source)
    assert not any("says only" in m for m in r.messages), r.messages


def test_a_claim_that_keeps_mostly_passes() -> None:
    claim = "בשנים הראשונות אפו במאפייה של משפחת גרינבלט בעיקר חלות ולחמי שיפון."
    r = ground_claim(claim, BAKERY)
    assert r.verdict == "supported", r.messages
