"""Round 10: a figure the preposition מ marks (a change's start, a comparison's standard, a
part's whole) is a reference, not the value of the predicate. Hand-written Hebrew
examples; each expected verdict and pointed-at figure worked out by hand.
"""

from __future__ import annotations

import pytest

from workbench.grounding import IssueKind, ground_claim
from workbench.grounding.prepare import prepare_claim
from workbench.grounding.values.reference_values import amount_verb, asks_reference, marked
from workbench.grounding.values.value_clauses import read_values
from workbench.hebrew import tokenize

# a change: 350 is the old fee, 150 the new one
FEE = "המקלט הודיע על יום אימוץ בחודש הבא. באותו יום יופחתו דמי האימוץ מ-350 ל-150 שקל."
# a part's whole: 8 points scored out of 9 possible
CHESS = "הזוכה בטורניר הוא תלמיד בן 16, שצבר 8 נקודות מתוך 9 אפשריות."
# a comparison's standard in the next clause: 38 thousand sold, the plan was 45 thousand
TICKETS = "מכרנו העונה 38 אלף כרטיסים, פחות מ-45 אלף שתכננו."
# a threshold counting hives beside an amount of shekels: not a reference of that amount
GRANT = "המשרד יחלק מענקים לכוורנים שאיבדו יותר מ-30 כוורות, עד 800 שקל לכוורת."


def _bound(claim: str, source: str) -> str | None:
    """The source text the bound_elsewhere issue points at, if any."""
    r = ground_claim(claim, source)
    got = [i for i in r.issues if i.kind is IssueKind.BOUND_ELSEWHERE]
    return None if not got or got[0].span is None else source[got[0].span[0] : got[0].span[1]]


@pytest.mark.parametrize(
    ("claim", "source", "rival"),
    [
        ("מה יהיו דמי האימוץ ביום האימוץ? 350", FEE, "150"),
        ("כמה נקודות צבר הזוכה בטורניר? 9", CHESS, "8"),  # not 16, his age
        ("כמה כרטיסים מכרה התזמורת העונה? 45 אלף", TICKETS, "38 אלף"),
    ],
)
def test_an_answer_giving_the_reference_is_bound_elsewhere(
    claim: str, source: str, rival: str
) -> None:
    assert _bound(claim, source) == rival
    assert not ground_claim(claim, source).supported


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("מה יהיו דמי האימוץ ביום האימוץ? 150 שקל", FEE),  # 350 is no rival of 150
        ("כמה נקודות צבר הזוכה בטורניר? 8 נקודות מתוך 9", CHESS),  # the answer marks 9
        ("כמה כרטיסים מכרה התזמורת העונה? 38 אלף", TICKETS),
        # the reference's clause states the question's verb (שתכננו): it is what is asked
        ("כמה כרטיסים תכננו למכור העונה? 45 אלף", TICKETS),
    ],
)
def test_the_value_measured_from_a_reference_is_supported(claim: str, source: str) -> None:
    assert _bound(claim, source) is None
    assert ground_claim(claim, source).supported


def test_a_question_asking_the_whole_is_not_answered_by_the_part() -> None:
    # "מתוך כמה" asks the reference itself: 9 is not read as a reference given for 8
    r = ground_claim("מתוך כמה נקודות אפשריות צבר הזוכה 8? 9", CHESS)
    assert not any("reference" in m for m in r.messages)
    # "לפני" asks the state before the change: 350 is what it asks
    r = ground_claim("מה היו דמי האימוץ לפני ההנחה? 350", FEE)
    assert not any("reference" in m for m in r.messages)


def test_a_reference_counting_another_thing_than_the_figure_beside_it_is_left_alone() -> None:
    # "יותר מ-30 כוורות" is a threshold of hives; 800 counts shekels, another thing
    assert _bound("כמה כוורות איבדו הכוורנים שיקבלו מענק? 30", GRANT) is None


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        # a range: מ-50 is its lower bound, 120 (after עד) no value measured from it
        ("כמה יעלה כרטיס? 50 שקל", "המחירים יעלו מ-50 שקל ועד 120 שקל לכרטיס."),
        # a whole and its part: 50 (before "מהם") counts some of the 200
        ("כמה אנשים השתתפו בהפגנה? 200", "בהפגנה השתתפו יותר מ-200 איש, 50 מהם ילדים."),
    ],
)
def test_a_range_bound_or_a_whole_beside_its_part_is_no_reference(claim: str, source: str) -> None:
    assert _bound(claim, source) is None
    assert ground_claim(claim, source).supported


def test_a_question_picking_the_state_by_its_year_is_left_to_the_year() -> None:
    # the change gives each state its year: "ב-2019" asks the state the change starts from
    source = "מספר המבקרים בשמורה עלה מ-120 אלף ב-2019 ל-150 אלף ב-2023."
    assert _bound("כמה מבקרים היו בשמורה ב-2019? 120 אלף", source) is None
    assert ground_claim("כמה מבקרים היו בשמורה ב-2019? 120 אלף", source).supported


def test_a_figure_the_source_also_states_unmarked_is_left_alone() -> None:
    source = FEE + " בשנה שעברה עלו דמי האימוץ 350 שקל."
    assert _bound("מה יהיו דמי האימוץ ביום האימוץ? 350", source) is None


@pytest.mark.parametrize(
    ("text", "value", "expected"),
    [
        ("יופחתו מ-350 ל-150 שקל", "350", True),
        ("יופחתו מ-350 ל-150 שקל", "150", False),
        ("8 נקודות מתוך 9", "9", True),
        ("8 נקודות מתוך 9", "8", False),
        ("יותר מאלף ומאתיים מתנדבים", "1200", True),  # the prefix on a number word
        ("מאתיים מתנדבים", "200", False),  # מאתיים opens with its own מ
    ],
)
def test_marked_reads_the_preposition_before_a_figure(
    text: str, value: str, expected: bool
) -> None:
    toks = tokenize(text)
    v = next(v for v in read_values(text, toks) if value in v.keys)
    assert marked(toks, v) is expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("מכמה מועמדים נבחר הזוכה?", True),
        ("מתוך כמה נקודות צבר 8?", True),
        ("כמה נקודות צבר?", False),
        ("מה יהיו דמי האימוץ?", False),
        ("מה היו דמי האימוץ לפני ההנחה?", True),  # the state before the change
        ("מה היה המחיר הקודם?", True),
    ],
)
def test_a_question_asking_the_reference_itself(question: str, expected: bool) -> None:
    c = prepare_claim(question + " 9")
    assert asks_reference([t for t in c.tokens if t.start < c.question_end]) is expected


@pytest.mark.parametrize(
    ("question", "verb"),
    [
        ("כמה כרטיסים תכננו למכור?", "תכננו"),  # past the noun כמה counts
        ("כמה כרטיסים מכרה התזמורת?", "מכרה"),
        ("מה יהיו דמי האימוץ?", "דמי"),  # the copula is a function word
    ],
)
def test_the_verb_of_an_amount_question(question: str, verb: str) -> None:
    c = prepare_claim(question + " 9")
    assert verb in amount_verb([t for t in c.tokens if t.start < c.question_end])
