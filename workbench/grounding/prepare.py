"""Stage 2 of the grounding pipeline: prepare the claim, once.

``prepare_claim(text)`` tokenises the claim and computes everything the later stages
read: its content words (one per key), its checked numbers, whether it negates, and the
"question? answer" split. In "question? answer" the question asks and does not assert,
so the checks read only the answer: ``Claim.asserts(token)`` says which tokens count.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from workbench.grounding.params import CLAIM_CACHE_SIZE
from workbench.grounding.reading.meaning import SentenceMeaning, sentence_meaning
from workbench.grounding.reading.pieces import Word, words_of
from workbench.hebrew import (
    NumberMention,
    Token,
    extract_numbers,
    is_negation,
    is_question_word,
    is_stopword,
    shifted,
    tokenize,
)


@dataclass(frozen=True)
class Claim:
    """One claim as the pipeline reads it.

    ``question_end`` is the offset of the "?" that ends a leading question ("Q? A"), -1
    when the claim is not of that form; tokens before it ask, tokens after it assert, so
    ``numbers`` and ``negated`` are the answer's ("מדוע לא...? כי..." asserts no negation).
    With a question given apart (``prepare_claim(text, question=...)``), ``text`` is
    "question? claim" and ``answer_start`` where the claim itself starts in it.
    """

    text: str
    tokens: tuple[Token, ...]
    terms: tuple[Token, ...]  # content words, one per key
    key_string: str  # the tokens' match keys joined by spaces
    numbers: tuple[NumberMention, ...]  # checked numbers, percentages, dates
    negated: bool
    question_end: int
    answer_start: int = 0

    @cached_property
    def words(self) -> tuple[Word, ...]:
        """The content words and numbers of the asserted tokens (``pieces.words_of``), as
        the binding checks align them with a frame (computed once, on first use)."""
        return tuple(words_of([t for t in self.tokens if self.asserts(t)], self.text))

    @cached_property
    def meaning(self) -> SentenceMeaning:
        """What the meaning checks read, of the asserted tokens (computed on first use:
        ``engine.ground`` prepares every claim for its words alone, and most are then
        prepared again as the answer to the question)."""
        q = self.question_end
        asserted = [t for t in self.tokens if t.start > q] if q >= 0 else list(self.tokens)
        return sentence_meaning(asserted, self.text)

    @property
    def answer(self) -> str:
        """The claim as given (without a question passed apart)."""
        return self.text[self.answer_start :]

    def asserts(self, t: Token) -> bool:
        """Whether token ``t`` is asserted (not part of a leading question)."""
        return t.start > self.question_end


def question_end(text: str) -> int:
    """Offset of the last "?" before the claim's final character, -1 when none."""
    return text.rfind("?", 0, len(text.rstrip()) - 1)


def with_question(text: str, question: str | None) -> tuple[str, int]:
    """``text`` preceded by ``question`` as "question? text", and where ``text`` starts;
    ``text`` alone when there is no question or it already opens with one."""
    q = (question or "").strip()
    if not q or question_end(text) >= 0:
        return text, 0
    joined = q.rstrip("?").rstrip() + "? "
    return joined + text, len(joined)


def prepare_claim(text: str, question: str | None = None) -> Claim:
    """The ``Claim`` of ``text`` (as the answer to ``question``, when given).

    Cached by (text, question): a ``Claim`` is immutable and a function of the two only,
    and the scorer grounds many answers to one question.
    """
    return _prepare(text, question)


@lru_cache(maxsize=CLAIM_CACHE_SIZE)
def _tokens(text: str) -> tuple[Token, ...]:
    """``tokenize(text)``, cached (a claim is tokenized for its words, then as the answer
    to the question; a question once for all its answers)."""
    return tuple(tokenize(text))


def joined_tokens(text: str, answer_start: int) -> list[Token]:
    """``tokenize(text)`` of a "question? claim" ``text`` (``with_question``) from the
    tokens of its two parts: normalisation maps each character alone (a quote is dropped
    only between two letters) and no token holds "?" or a space, so the tokens of the
    whole are the question's, then the claim's shifted by ``answer_start``."""
    if answer_start <= 0:
        return list(_tokens(text))
    return [*_tokens(text[:answer_start]), *shifted(_tokens(text[answer_start:]), answer_start)]


def is_term(t: Token) -> bool:
    """Whether ``t`` is a content word of a claim (``Claim.terms``)."""
    return not (is_stopword(t) or is_question_word(t) or t.key == "%")


@lru_cache(maxsize=CLAIM_CACHE_SIZE)
def content_keys(text: str) -> frozenset[str]:
    """The keys of ``prepare_claim(text).terms``, without preparing the rest."""
    return frozenset(t.key for t in _tokens(text) if is_term(t))


@lru_cache(maxsize=CLAIM_CACHE_SIZE)
def _prepare(text: str, question: str | None) -> Claim:
    text, answer_start = with_question(text, question)
    tokens = joined_tokens(text, answer_start)
    seen: set[str] = set()
    terms = []
    for t in tokens:
        if t.key in seen or not is_term(t):
            continue
        seen.add(t.key)
        terms.append(t)
    q = question_end(text)
    return Claim(
        text=text,
        tokens=tuple(tokens),
        terms=tuple(terms),
        key_string=" ".join(t.key for t in tokens),
        # the question asks and asserts nothing: its numbers and negation are not the claim's
        numbers=tuple(m for m in extract_numbers(text, tokens) if m.checked and m.start > q),
        negated=any(is_negation(t) for t in tokens if t.start > q),
        question_end=q,
        answer_start=answer_start,
    )
