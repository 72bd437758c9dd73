"""span45 (round 45): a number word that may be no number alone ("שבע": also "satisfied", and
"באר שבע"; "שני": also "second") counts the span of time right after it ("שבע דקות", "שני
שבועות"), so the answer checks read it as a value of its clause. Before, "בתוך שבע דקות"
gave the clause no value, and a question asking it was answered by another sentence's "19
דקות" unopposed (heldout27's h27j01-burglaries-01, on a check set, was caught by it; the rule
was written from heldout41's h41j02-vaultclose-05, after its measure). Hand-written Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.grounding.values.value_clauses import read_values
from workbench.hebrew import tokenize

SOURCE = (
    "לפי החוזה, צוות של חברת השמירה צריך להגיע לכל אזעקה בתוך שבע דקות. "
    "בבדיקה של העירייה נמצא שבפועל הזמן הממוצע היה 19 דקות, ובשבת אף יותר."
)
QUESTION = "לפי החוזה, בתוך כמה דקות צריך צוות של חברת השמירה להגיע לאזעקה?"


def _values(text: str) -> list[str]:
    return [v.text for v in read_values(text, tokenize(text))]


def test_a_number_word_before_a_span_of_time_is_a_value() -> None:
    assert _values("הצוות הגיע בתוך שבע דקות") == ["שבע"]
    assert _values("העבודה נמשכה שני שבועות") == ["שני"]


def test_the_same_words_without_a_span_are_no_value() -> None:
    assert _values("הם גרים בבאר שבע מאז") == []
    assert _values("זה היה הסיבוב השני שלו") == []


def test_the_other_sentences_figure_is_no_answer() -> None:
    r = ground_claim(f"{QUESTION} 19 דקות", SOURCE)
    assert r.verdict != "supported", r.messages
    assert any("שבע" in m for m in r.messages), r.messages


def test_the_span_the_source_gives_is_the_answer() -> None:
    r = ground_claim(f"{QUESTION} בתוך שבע דקות", SOURCE)
    assert r.verdict == "supported", r.messages
