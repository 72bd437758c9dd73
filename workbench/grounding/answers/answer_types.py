"""What a question asks for and what its answer is: the answer-type check of "question?
answer", one rule of the language for every question word.

The question word sets the type it asks for (``asked_type``): מי -> a person or a group,
מתי / "באיזו שנה" -> a time, איפה / "באיזו עיר" -> a place, מדוע / למה -> a reason. The
answer's type (``answer_type``) is read only from clear signals: a date, a month, a year
or an era word among nothing but time words (a time); a title or a role word opening the
answer ("ד"ר כהן", "המנכ"ל", a person); place names only (a place); a reason word
opening it ("בגלל...", a reason); a predicate, not a noun phrase (round 9): an
indefinite adjective with ביותר ("סודי ביותר", a quality) or a word followed by the
object marker את ("מנתח את התוכן", an action: את marks a verb's object), which names no
person, place or time (it may give a reason: "למנוע את הגירוש"). An answer with none of
these is left alone, and a pair is flagged only when the two types cannot meet
(``CLASHES``): a place may answer מי (a country or a city acts), so it is never flagged
there.

Amounts (כמה) and bare figures are checked in ``question.answer_kind_checks``, with
``amount_clash`` here: a figure of the wrong kind for what כמה counts (round 34).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from workbench.grounding.reading.pieces import has_form
from workbench.hebrew import (
    ERA_WORDS,
    MONTHS,
    PERSON_QUESTIONS,
    PLACE_NOUNS,
    PLACE_QUESTIONS,
    REASON_OPENERS,
    REASON_QUESTIONS,
    ROLE_WORDS,
    TIME_NOUNS,
    TIME_QUESTIONS,
    TIME_WORDS,
    TITLES,
    UNITS_BY_DIMENSION,
    WHICH_WORDS,
    Token,
    extract_numbers,
    is_stopword,
    is_year,
    normalize,
    places,
    tokenize,
)


class AnswerType(StrEnum):
    """The type a question asks for, or an answer clearly is."""

    PERSON = "a person or a group"
    TIME = "a time"
    PLACE = "a place"
    REASON = "a reason"
    DURATION = "a length of time"
    FREQUENCY = "how often (כל + a length of time)"
    QUALITY = "a quality (an adjective)"
    ACTION = "an action (a verb and its object)"


# an adjective or a verb phrase names no one, no place and no time (it may give a reason)
_PREDICATES = (AnswerType.QUALITY, AnswerType.ACTION)
# a length of time or a frequency places nothing in time and names no one and no place
_LENGTHS = (AnswerType.DURATION, AnswerType.FREQUENCY)
# asked type -> answer types that cannot answer it
CLASHES: dict[AnswerType, frozenset[AnswerType]] = {
    AnswerType.PERSON: frozenset(
        {AnswerType.TIME, AnswerType.REASON, *_LENGTHS, *_PREDICATES}
    ),
    AnswerType.TIME: frozenset(
        {AnswerType.PERSON, AnswerType.PLACE, AnswerType.REASON, *_LENGTHS, *_PREDICATES}
    ),
    AnswerType.PLACE: frozenset(
        {AnswerType.PERSON, AnswerType.TIME, AnswerType.REASON, *_LENGTHS, *_PREDICATES}
    ),
    AnswerType.REASON: frozenset({AnswerType.PERSON, AnswerType.TIME, AnswerType.PLACE}),
}

_WORD_TYPES = (
    (PERSON_QUESTIONS, AnswerType.PERSON),
    (TIME_QUESTIONS, AnswerType.TIME),
    (PLACE_QUESTIONS, AnswerType.PLACE),
    (REASON_QUESTIONS, AnswerType.REASON),
)
_NOUN_TYPES = ((TIME_NOUNS, AnswerType.TIME), (PLACE_NOUNS, AnswerType.PLACE))


def asked_type(asked: Sequence[Token]) -> AnswerType | None:
    """The type the question's opening words ask for; ``None`` for an open question
    (מה, איך, איזה + another noun) or one with no question word up front."""
    asked = _after_attribution(asked)
    head = list(asked[:3])
    for i, t in enumerate(head):
        if i == 0 and t.key == "למה":
            return AnswerType.REASON
        for words, kind in _WORD_TYPES:
            if has_form(t, words):
                return kind
        if has_form(t, WHICH_WORDS) and i + 1 < len(asked):
            for words, kind in _NOUN_TYPES:
                if has_form(asked[i + 1], words):
                    return kind
            return None
    return None


_ATTRIBUTIONS = frozenset(normalize(w).text for w in "לפי לדברי לטענת".split())
_QUESTION_WORDS = frozenset().union(*(w for w, _ in _WORD_TYPES), WHICH_WORDS)


def _after_attribution(asked: Sequence[Token]) -> Sequence[Token]:
    """The question from its question word when it opens with who says it ("לפי סהר
    גולדינר, מתי חיבר את הממיר?": the question word follows the speaker; round 40)."""
    if not asked or asked[0].key not in _ATTRIBUTIONS:
        return asked
    for i, t in enumerate(asked[1:7], start=1):
        if has_form(t, _QUESTION_WORDS):
            return asked[i:]
    return asked


# Titles written as abbreviations, whose letters alone make another word: עו"ד / "עוד"
# (still, more), ד"ר / "דר" (lives), גב' / "גב" (back).
_ABBREVIATED = frozenset({"עוד", "דר", "חכ", "גב"})


def _titled(t: Token, text: str) -> bool:
    """A title opens the answer: "מר", "פרופ", or an abbreviated one written with its
    geresh or gershayim ("עוד בינואר" is "still in January", not a lawyer; round 40)."""
    bare = _bare(t)
    if bare not in TITLES:
        return False
    return bare not in _ABBREVIATED or any(c in text[t.start : t.end] for c in "\"'״׳")


def _bare(t: Token) -> str:
    """The word without a definite article ("המנכל" -> "מנכל")."""
    return t.key[1:] if t.key.startswith("ה") and len(t.key) > 2 else t.key


def _is_time(answer: Sequence[Token], text: str) -> bool:
    """Only time words, months and numbers, holding a date, a month, a year or an era."""
    numbers = extract_numbers(text, list(answer))
    inside = {t.start for m in numbers for t in answer if m.start <= t.start < m.end}
    anchor = any(m.is_date or is_year(m.value) for m in numbers)
    for t in answer:
        month = t.key in MONTHS or any(s in MONTHS for s in t.stems)
        anchor = anchor or month or has_form(t, ERA_WORDS) or t.key in ERA_WORDS
        if not (t.start in inside or month or is_stopword(t) or has_form(t, TIME_WORDS)):
            if t.number is None:
                return False
    return anchor


# Units of a length of time, the duals among them ("שבועיים": two weeks), as words.
_DURATION_UNITS = frozenset(
    normalize(w).text
    for w in (
        "דקה דקות שעה שעות שעתיים יום ימים יומיים שבוע שבועות שבועיים חודש חודשים "
        "חודשיים שנה שנים שנתיים"
    ).split()
)


_EVERY = normalize("כל").text
_ABOUT = frozenset(normalize(w).text for w in "כ כמעט בערך לפחות רק".split())


def _is_duration(answer: Sequence[Token]) -> bool:
    """A bare length of time: one unit of time, unprefixed, last ("שבועיים", "שלוש שנים",
    "כ-10 ימים"), and nothing else but figures and "about" words. "לפני שבועיים", "אחרי
    שנה", "בעוד יומיים", "עוד שבוע" place an event in time, "יום חמישי" names a day, and a
    prefixed unit ("בשנה", "לשבוע") is no bare length (round 40)."""
    if not answer or answer[-1].key not in _DURATION_UNITS:
        return False
    rest = answer[:-1]
    return all(t.number is not None or t.key in _ABOUT for t in rest)


def answer_type(answer: Sequence[Token], text: str) -> AnswerType | None:
    """What the answer clearly is, or ``None`` when no clear signal says."""
    content = [t for t in answer if t.number is not None or not is_stopword(t)]
    if not content:
        return None
    first = answer[0]
    if first.key in REASON_OPENERS:
        return AnswerType.REASON
    if _titled(first, text) or _bare(first) in ROLE_WORDS:
        return AnswerType.PERSON
    if _is_time(answer, text):
        return AnswerType.TIME
    if _is_duration(answer):
        return AnswerType.DURATION
    if first.key == _EVERY and _is_duration(answer[1:]):
        return AnswerType.FREQUENCY  # "כל שישה חודשים": how often, not when
    if predicate := _predicate_type(answer):
        return predicate
    if all(places([t]) for t in content):
        return AnswerType.PLACE
    return None


def _predicate_type(answer: Sequence[Token]) -> AnswerType | None:
    """An answer that is a predicate, not a noun phrase: an indefinite adjective with
    ביותר and nothing else ("סודי ביותר"; "הבסיסית ביותר", with the article, modifies an
    elided noun), or a verb with its direct object (a content
    word followed by the object marker את, "מנתח את התוכן": את marks the object of a
    verb, so the word before it acts)."""
    if len(answer) == 2 and answer[1].key == "ביותר" and not answer[0].key.startswith("ה"):
        return AnswerType.QUALITY  # not "הבסיסית ביותר", a noun's definite adjective
    first = answer[0]
    if (
        len(answer) >= 3
        and answer[1].key == "את"
        and not is_stopword(first)
        and first.number is None
    ):
        return AnswerType.ACTION
    return None


def type_clash(asked: Sequence[Token], answer: Sequence[Token], text: str) -> str | None:
    """Why the answer cannot answer the question (what each is), or ``None``."""
    want = asked_type(asked)
    if want is None or not answer:
        return None
    got = answer_type(answer, text)
    if got is None or got not in CLASHES[want]:
        return None
    return f"the question asks for {want.value}, and the answer is {got.value}"


def _keys(words: str) -> frozenset[str]:
    return frozenset(t.key for t in tokenize(words))


# The measure words a question asks by, and the dimension of ``hebrew.UNITS_BY_DIMENSION``
# whose units answer them, for a measure asked with a possessive suffix ("מה אורכו", "מה
# משקלה"): round 17.
_DIMENSIONS: tuple[tuple[frozenset[str], frozenset[str]], ...] = tuple(
    (_keys(measures), UNITS_BY_DIMENSION[dimension])
    for measures, dimension in (
        ("אורך רוחב גובה עומק מרחק", "length"),
        ("משקל", "weight"),
        ("שטח", "area"),
    )
)


def measure_answered(asked: Sequence[Token], answer: Sequence[Token]) -> bool:
    """Whether a question asks a measure by a possessive form ("מה אורכו", "מה משקלה",
    whose lemma is the measure word) and the answer gives a figure in a unit of that
    measure ("כשמונה עשר מטרים", "40 קילו"): a figure, not another question's value.
    A unit of another measure ("12 דונם" for "מה עומקו") answers another question."""
    for t in asked:
        lemmas = set(t.lemmas) - {t.key}
        for measures, units in _DIMENSIONS:
            if lemmas & measures and any(
                u.key in units or set(u.lemmas) & units or set(u.stems) & units for u in answer
            ):
                return True
    return False


# Units of time a duration question counts by ("כמה שנים", "כמה חודשים"): a bare year
# ("2017") answers when, not how long (round 34).
_DURATIONS: frozenset[str] = _keys("שנים חודשים ימים שבועות שעות דקות")
_PERCENT = UNITS_BY_DIMENSION["percent"]


def amount_clash(asked: Sequence[Token], answer: Sequence[Token], text: str) -> str | None:
    """Why an answer's figure cannot be the amount a כמה question counts, if it cannot: a
    bare year for a duration ("כמה שנים הייתה מגשרת? 2017") or a percentage alone for a
    unit of measure ("כמה טון היה היבול? 15%"; round 34). Only the word right after כמה
    is read as what is counted."""
    k = next((i for i, t in enumerate(asked) if t.key == "כמה"), None)
    if k is None or k + 1 >= len(asked):
        return None
    counted = asked[k + 1]
    figures = [m for m in extract_numbers(text, list(answer)) if m.checked]
    if len(figures) != 1:
        return None
    m = figures[0]
    words = [t for t in answer if t.start >= m.end and not is_stopword(t)]
    if counted.key in _DURATIONS and is_year(m.value) and m.text.isdigit() and not words:
        return "the question asks how long, and the answer is a year"
    measured = any(counted.key in units for d, units in UNITS_BY_DIMENSION.items() if d != "percent")
    percent = "%" in m.text or any(t.key in _PERCENT for t in words[:1])
    if measured and percent:
        unit = text[counted.start : counted.end]
        return f"the question counts {unit}, and the answer is a percentage"
    return None

