"""front47 (round 47): a claim that fronts its own object ("את X VERB Y") names the verb's
subject after the verb, so round 19's fronted-object rule reads it there: where the source
fronts the same object before the same verb and names another subject ("את הלקוחות הביא
פקיד הקבלה של המלון, ואת החוזים כתב נסים"), the claim's subject, named in the neighbouring
clause, did not do it (heldout43's h43e03-rentalfirm-08, read after its measure). Until now
a fronted claim was skipped: its words before the verb are its object. Hand-written Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim

BAKERY = (
    "את מאפיית הלפרין, מאפייה משפחתית שמרכזה היום בחדרה, הקימו ב-1952 שני אחים מרומניה, "
    "יעקב ושמואל הלפרין, שעבדו קודם במאפייה בחיפה. התנור הראשון היה תנור עצים שנקנה בהלוואה, "
    "והלחם נמכר בעיקר לחיילים ממחנה סמוך; את הלקוחות הביא סמל המטבח של המחנה, ואת החשבונות "
    "כתב שמואל בכתב ידו. יעקב הלפרין ניהל את המאפייה עד מותו ב-1990, ואחריו עבר הניהול לבנו "
    "של שמואל, דוד, שמנהל אותה עד היום."
)


def test_a_fronted_claim_with_the_neighbouring_clauses_subject_is_flagged() -> None:
    r = ground_claim("את הלקוחות הראשונים של מאפיית הלפרין הביא שמואל הלפרין.", BAKERY)
    assert r.verdict != "supported", r.messages
    assert any("fronted object" in m for m in r.messages), r.messages


def test_a_fronted_claim_with_the_sources_subject_passes() -> None:
    for claim in (
        "את הלקוחות הביא סמל המטבח של המחנה.",
        "את החשבונות של המאפייה כתב שמואל הלפרין.",
    ):
        r = ground_claim(claim, BAKERY)
        assert r.verdict == "supported", (claim, r.messages)


def test_a_conjunct_of_the_object_is_no_verb() -> None:
    # "ואת הלול" / "והחלב": a word with ו after the fronted object joins it, no verb
    src = "את הבשר והגבינות כמעט לא גונבים בסניף, אמרה מנהלת הסניף, רונית לוי."
    r = ground_claim("את הבשר והגבינות כמעט לא גונבים בסניף.", src)
    assert not any("fronted object" in m for m in r.messages), r.messages
