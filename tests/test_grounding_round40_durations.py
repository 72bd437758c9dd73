"""dur40: a bare length of time ("שבועיים", "שלושה שבועות") or a frequency ("כל שישה
חודשים") answers no "when" question: "לפי סהר, מתי חיבר את הממיר? שבועיים" passed for
"חיברתי את הממיר ב-3 בדצמבר, שבועיים אחרי שהלוחות הותקנו". A question that opens with
who says it ("לפי NAME, מתי...") is typed by its question word, and an abbreviated title
counts only with its gershayim ("עוד בינואר" is "still in January", not עו"ד).
Hand-written Hebrew; each reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.grounding.answers.answer_types import AnswerType, answer_type, asked_type
from workbench.hebrew import tokenize

CLINIC = (
    "המרפאה בשכונה נפתחה ב-12 במרץ, שלושה שבועות אחרי שהעירייה אישרה את המבנה. "
    "לפי הנוהל, המכשירים במרפאה נבדקים כל שישה חודשים, והבדיקה האחרונה הייתה באוגוסט."
)
TURNS = (
    "רונית אלמוג (מנהלת המרפאה): אני פתחתי את המרפאה ב-12 במרץ, יומיים אחרי שקיבלנו את המפתחות. "
    "עמוס ברק (נציג העירייה): כבר בינואר הודענו למרפאה שהמבנה מוכן."
)


def _answer_mismatch(claim: str, source: str) -> bool:
    r = ground_claim(claim, source)
    return r.verdict != "supported" and any(i.kind.value == "answer_mismatch" for i in r.issues)


def test_a_length_of_time_answers_no_when_question() -> None:
    for claim, source in (
        ("מתי נפתחה המרפאה בשכונה? שלושה שבועות", CLINIC),
        ("מתי נבדקו המכשירים במרפאה בפעם האחרונה? כל שישה חודשים", CLINIC),
        ("לפי רונית אלמוג, מתי פתחה את המרפאה? יומיים", TURNS),
    ):
        assert _answer_mismatch(claim, source), (claim, ground_claim(claim, source).messages)


def test_a_time_placed_by_a_length_passes() -> None:
    for claim, source in (
        ("מתי נפתחה המרפאה בשכונה? שלושה שבועות אחרי שהעירייה אישרה את המבנה", CLINIC),
        ("מתי נפתחה המרפאה בשכונה? ב-12 במרץ", CLINIC),
        ("לפי עמוס ברק, מתי הודיעה העירייה למרפאה שהמבנה מוכן? עוד בינואר", TURNS),
    ):
        r = ground_claim(claim, source)
        assert r.verdict == "supported", (claim, r.messages)


def test_the_types_as_read() -> None:
    def typed(text: str) -> AnswerType | None:
        return answer_type(tokenize(text), text)

    assert typed("שבועיים") is AnswerType.DURATION
    assert typed("כ-10 ימים") is AnswerType.DURATION
    assert typed("כל שישה חודשים") is AnswerType.FREQUENCY
    assert typed("לפני שבועיים") is None
    assert typed("בעוד יומיים") is None
    assert typed("עד יום חמישי") is None
    assert typed("עוד בינואר") is AnswerType.TIME
    assert typed('עו"ד מרים כהן') is AnswerType.PERSON
    assert asked_type(tokenize("לפי רונית אלמוג, מתי פתחה את המרפאה")) is AnswerType.TIME
