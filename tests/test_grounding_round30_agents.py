"""agent30: a sentence that opens with its subject and an apposition ("ד"ר מיכל שרון,
מנהלת המחלקה, הודיעה על...") gives its act to that subject: the act's clause names no doer
of its own, so ``acts.agent_checks`` now reads the segments before it (at most two
short ones, each naming a person or a role). Before, a claim giving the act to the other
person of the text ("אלי דהן הודיע על סגירת המחלקה") was `supported`. A fronted object or
a clause opener keeps its doer after the verb, and a list of names is no subject.
Hand-written Hebrew; each expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

WARD = 'ד"ר מיכל שרון, מנהלת המחלקה, הודיעה על סגירתה. השר, אלי דהן, הורה לבדוק את ההחלטה.'
BAND = (
    "הזמר נולד בחיפה ולמד בה מוזיקה. "
    "באותה שנה הקים את הלהקה יחד עם הגיטריסט רון לבנון, הבסיסט גיל שחרור והמתופף עמי ברקת."
)


def test_the_act_of_an_apposed_subject_given_to_another_person_is_flagged() -> None:
    r = ground_claim("אלי דהן הודיע על סגירת המחלקה.", WARD)
    assert r.verdict != "supported"
    assert any(i.kind.value == "agent_mismatch" for i in r.issues), r.messages


def test_the_other_act_given_to_the_first_person_is_flagged() -> None:
    r = ground_claim("מיכל שרון הורתה לבדוק את ההחלטה.", WARD)
    assert r.verdict != "supported", r.messages


def test_each_act_with_its_own_doer_stays_supported() -> None:
    for claim in ("מיכל שרון הודיעה על סגירת המחלקה.", "השר אלי דהן הורה לבדוק את ההחלטה."):
        r = ground_claim(claim, WARD)
        assert r.verdict == "supported", (claim, r.messages)


def test_a_list_of_musicians_is_no_apposed_subject() -> None:
    claim = "באותה שנה הקים את הלהקה יחד עם הגיטריסט רון לבנון, הבסיסט גיל שחרור והמתופף עמי ברקת."
    r = ground_claim(claim, BAND)
    assert r.verdict == "supported", r.messages
