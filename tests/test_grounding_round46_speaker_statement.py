"""spk46 (round 46): a statement "לפי NAME, ..." gives its values as that speaker's. A value only
other speakers state, against a competing value of the named speaker's own turns measuring the
same thing, is bound elsewhere ("לפי ואסים עווידה, צינור הניקוז הגיע אחרי שישה ימים" where
the customer says "הטכנאי הגיע רק אחרי שישה ימים" and he says "הוא הגיע אחרי ארבעה ימים";
heldout42's h42d01-washingmachine-12, read after its measure). Round 39's spk39 read only the
question form. Hand-written Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim

REPAIR = (
    "נועה שגיא (לקוחה): המקרר התקלקל ביום ראשון, והטכנאי הגיע רק אחרי חמישה ימים. "
    "בינתיים זרקתי אוכל בשווי 600 שקל.\n"
    "דני אלמוג (טכנאי): אני החלפתי את המדחס, ואת החלק הזמנתי מהיבואן, והוא הגיע אחרי שלושה ימים. "
    "התיקון כולו עלה 1,400 שקל.\n"
    "נועה שגיא (לקוחה): אני מבקשת שהחברה תשלם לי גם על האוכל."
)


def test_another_speakers_span_given_as_his_is_flagged() -> None:
    r = ground_claim("לפי דני אלמוג, החלק שהזמין מהיבואן הגיע אחרי חמישה ימים.", REPAIR)
    assert r.verdict != "supported", r.messages
    assert any("another speaker says" in m for m in r.messages), r.messages


def test_the_named_speakers_own_values_pass() -> None:
    for claim in (
        "לפי דני אלמוג, החלק שהזמין מהיבואן הגיע אחרי שלושה ימים.",
        "לפי נועה שגיא, הטכנאי הגיע רק אחרי חמישה ימים.",
    ):
        r = ground_claim(claim, REPAIR)
        assert not any("another speaker says" in m for m in r.messages), (claim, r.messages)


def test_a_rival_measuring_something_else_is_no_rival() -> None:
    # "600 שקל" is the customer's; his turn gives "שלושה ימים" and "1,400 שקל": only a sum
    # of money competes with a sum of money, never a span of days
    r = ground_claim("לפי דני אלמוג, האוכל שנזרק היה שווה 600 שקל.", REPAIR)
    assert not any("ימים" in m for m in r.messages if "another speaker" in m), r.messages
