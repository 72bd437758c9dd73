"""A claim word of a closed category (a month, a place) that the source never names: the
claim is ``partial`` with an ``unnamed_value`` issue naming the word, while a new word of
no such category (a reworded claim's synonym or adverb) costs nothing."""

from __future__ import annotations

from workbench.grounding import IssueKind, ground_claim

SOURCE = (
    "הוועדה אישרה את התוכנית החדשה לשיפוץ הספרייה העירונית. "
    "העבודות יתחילו בקרוב ויימשכו כשנה. ראש העיר בירך על ההחלטה."
)
# the first sentence reworded (word order changed: not a near copy of it)
REWORDED = "את התוכנית לשיפוץ הספרייה העירונית אישרה הוועדה"


def _kinds(claim: str, source: str = SOURCE) -> tuple[str, list[IssueKind]]:
    r = ground_claim(claim, source)
    return r.verdict, [i.kind for i in r.issues]


def test_reworded_claim_is_supported() -> None:
    assert _kinds(REWORDED + ".") == ("supported", [])


def test_new_word_of_no_category_costs_nothing() -> None:
    # אתמול is in no sentence of the source, but it is neither a month nor a place
    assert _kinds(REWORDED + " אתמול.") == ("supported", [])


def test_month_the_source_never_names() -> None:
    r = ground_claim(REWORDED + " בינואר.", SOURCE)
    assert r.verdict == "partial"
    assert [i.kind for i in r.issues] == [IssueKind.UNNAMED_VALUE]
    assert "בינואר" in r.issues[0].message


def test_place_the_source_never_names() -> None:
    r = ground_claim("את התוכנית לשיפוץ הספרייה העירונית בחיפה אישרה הוועדה.", SOURCE)
    assert r.verdict == "partial"
    assert [i.kind for i in r.issues] == [IssueKind.UNNAMED_VALUE]
    assert "בחיפה" in r.issues[0].message


def test_month_named_in_a_date_counts_as_named() -> None:
    dated = (
        "ב-12.1.2024 אישרה הוועדה את התוכנית החדשה לשיפוץ הספרייה העירונית. העבודות יתחילו בקרוב."
    )
    # January is month 1 of 12.1.2024; March (3) is in no date nor word of the source
    assert _kinds(REWORDED + " בינואר.", dated) == ("supported", [])
    assert _kinds(REWORDED + " במרץ.", dated) == ("partial", [IssueKind.UNNAMED_VALUE])


def test_claim_the_source_does_not_support_stays_unsupported() -> None:
    # five of its seven content words are new (the unstated-content cost takes its score
    # under the partial threshold), but two are there, so a failed check would make it
    # partial: the check is not read for a claim scoring under the partial threshold
    r = ground_claim("הוועדה אישרה בנובמבר תקציב לחניון, לגשר ולפארק.", SOURCE)
    assert r.verdict == "unsupported"
    assert IssueKind.UNNAMED_VALUE not in [i.kind for i in r.issues]
