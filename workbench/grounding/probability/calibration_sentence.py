"""The claim's own sentence in its support, for the calibrated probability (round 22).

The binding measures of ``calibration`` read the lead span (``candidates[0]``) as a whole;
a lead span or a support span may hold several sentences, and two kinds of wrong claim
that the verdict passes take their words from one sentence and something else from
another, or drop what the sentence says of them:

* a date moved to another event: the claim's event is told in one sentence and its year
  or date is that of another sentence of the support (``date_in_claim_sentence``);
* a half-true generalisation: the claim says "all" ("כל הספרים", "כולם", "תמיד") where its
  sentence says it of some (``universal_added``).

"The claim's sentence" (``claim_sentence``) is the sentence of the lead span or of a
support span holding the most of the claim's words other than figures (the first on a
tie): where the claim's event is told. Both measures read only the result (its text, lead
span and support spans), like the other binding measures.
"""

from __future__ import annotations

from functools import lru_cache

from workbench.grounding.prepare import Claim
from workbench.grounding.quantifiers.scope import definite_universal
from workbench.grounding.reading.pieces import Word, has_form, same_word, words_of, year_word
from workbench.grounding.results import ClaimResult
from workbench.hebrew import UNIVERSALS, split_sentences, tokenize


@lru_cache(maxsize=2048)
def span_words(text: str) -> tuple[Word, ...]:
    """The content words and numbers of a span's text, in order (``pieces.words_of``;
    cached: the claims of one answer share their lead spans)."""
    return tuple(words_of(tokenize(text), text))


def places(w: Word, words: tuple[Word, ...]) -> list[int]:
    """Where ``w`` stands among ``words`` (``pieces.same_word``)."""
    return [i for i, s in enumerate(words) if same_word(w, s)]


@lru_cache(maxsize=2048)
def sentences_of(text: str) -> tuple[str, ...]:
    """The sentences of a span's text (``hebrew.split_sentences``; cached like
    ``span_words``)."""
    return tuple(text[a:b] for a, b in split_sentences(text))


def claim_sentence(result: ClaimResult, claim: Claim) -> str | None:
    """The sentence of the lead span or of a support span that holds the most of the
    claim's words other than figures (the first on a tie); ``None`` without a lead."""
    if not result.candidates:
        return None
    found: list[str] = []
    for span in (result.candidates[0], *result.spans):
        found += [s for s in sentences_of(span.text) if s not in found]
    words = [w for w in claim.words if w.number is None]
    counts = [sum(1 for w in words if places(w, span_words(s))) for s in found]
    return found[counts.index(max(counts))] if found else None


def universal_added(result: ClaimResult, claim: Claim) -> float:
    """1 when the claim says "all" (``scope.definite_universal``: "כל" before a definite
    noun or a figure, כולם, תמיד, לגמרי; not distributive "כל יום") and its sentence
    holds no universal word: the sentence says it of the ones it names, or of some; else
    0. A claim that generalises is mostly this: "את כל הספרים מקליטים מתנדבים" from
    "רובם בידי מתנדבים"."""
    if definite_universal(claim) is None:
        return 0.0
    sentence = claim_sentence(result, claim)  # only here: most claims say no "all"
    if sentence is None:
        return 0.0
    return float(not any(has_form(t, UNIVERSALS) for t in tokenize(sentence)))


def date_in_claim_sentence(result: ClaimResult, claim: Claim) -> float:
    """0 when the claim (not a question) states a year or a date that its sentence does
    not write: the event is told in one sentence and the date is another's (a date moved
    to another event), or the date is derived ("שש שנים אחר כך"); else 1, also when
    there is nothing to tell (no date, no sentence)."""
    dates = [w for w in claim.words if w.tok.is_date or year_word(w)]
    if not dates or claim.question_end >= 0:
        return 1.0
    sentence = claim_sentence(result, claim)  # only here: most claims state no date
    if sentence is None:
        return 1.0
    there = span_words(sentence)
    return float(all(places(w, there) for w in dates))
