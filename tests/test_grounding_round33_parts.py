"""Round 33, two readings of a part and its whole in an answer to "כמה".

part33: a part named before its figure ("כ-380 רהיטים, ובהם 64 ספות", "מתוכם 64",
"ביניהם 64": ``hebrew.PART_OPENERS``) is a part of the whole before it, as "ו-64 מהם" is
(``value_clauses``, ``source_figures.parts``); and a question counting what only the part
counts ("כמה ספות") asks the part, not the whole (``answer_counts.part_for_whole``). The
whole was passed as the answer with `high` confidence (heldout29's one measure), and the
part was flagged.

mark33: an answer that marks its own whole ("חמישה מתוך 12", "30 מיליון שקל מתוך 46
מיליון") answers with the part; the marked whole is no value of the answer
(``answer_values``), which had read it as a rival of the part.
Hand-written Hebrew; each expected reading worked out by hand."""

from __future__ import annotations

import pytest

from workbench.grounding import ground_claim

CENTRE = (
    "מרכז לשימוש חוזר בספרים שפתחה המועצה המקומית באזור התעשייה קיבל מהתושבים בחודש "
    "הראשון כ-2,600 ספרים, {} 410 ספרי ילדים, והפעלתו הניסיונית תימשך חצי שנה."
)
QUESTION = "כמה ספרי ילדים קיבל המרכז לשימוש חוזר בספרים בחודש הראשון? "


@pytest.mark.parametrize("opener", ["ובהם", "מתוכם", "ביניהם"])
def test_the_part_answers_what_only_the_part_counts(opener: str) -> None:
    source = CENTRE.format(opener)
    right = ground_claim(QUESTION + "410", source)
    assert right.verdict == "supported", right.messages
    wrong = ground_claim(QUESTION + "כ-2,600", source)
    assert wrong.verdict != "supported", wrong.messages


def test_the_whole_still_answers_the_whole() -> None:
    source = CENTRE.format("ובהם")
    r = ground_claim("כמה ספרים קיבל המרכז לשימוש חוזר בספרים בחודש הראשון? כ-2,600", source)
    assert r.verdict == "supported", r.messages


def test_an_answer_marking_its_own_whole_answers_with_the_part() -> None:
    source = "בתחנת המוניות עובדים 12 נהגים, אבל רק חמישה מהם בכל משמרת לילה."
    right = ground_claim("כמה נהגים עובדים בתחנה בכל משמרת לילה? חמישה מתוך 12", source)
    assert right.verdict == "supported", right.messages
    wrong = ground_claim("כמה נהגים עובדים בתחנה בכל משמרת לילה? 12", source)
    assert wrong.verdict != "supported", wrong.messages
