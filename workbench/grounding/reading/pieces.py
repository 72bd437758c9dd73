"""The pieces the binding checks compare: a claim's or a sentence's content words and
numbers (``Word``), with the forms they match under, and small helpers to quote the
source in messages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.hebrew import (
    NumberMention,
    Token,
    extract_numbers,
    is_kol_idiom_noun,
    is_stopword,
    is_year,
)
from workbench.hebrew import has_form as has_form  # the one reader, re-exported here


@dataclass(frozen=True, slots=True)
class Word:
    """A content word or number of the claim or of a source sentence, with its forms."""

    tok: Token
    forms: frozenset[str]
    number: str | None


def year_word(w: Word) -> bool:
    """A number that reads as a year (1000-2100)."""
    return w.number is not None and is_year(w.number)


def is_content(t: Token) -> bool:
    """A number, or a word that is neither a function word nor "%"."""
    return t.number is not None or not (is_stopword(t) or t.key == "%")


def word_of(t: Token, value: str | None = None) -> Word:
    """``t`` as a ``Word`` (``value``: the number it opens, when several words make it)."""
    return Word(t, frame_forms(t), value if value is not None else t.number)


def words_of(tokens: Sequence[Token], text: str) -> list[Word]:
    """The content words and numbers of ``tokens``; a number written in several words
    (שלושת אלפים, 2.5 מיליון) is one word carrying its value; a share (שלושה רבעים), a
    part word the number checks never require, is left out."""
    value_at: dict[int, str] = {}
    inside: set[int] = set()
    for m in extract_numbers(text, list(tokens)):
        value_at[m.start] = m.value
        first = m.start if m.share else m.start + 1
        inside.update(t.start for t in tokens if first <= t.start < m.end)
    out = []
    toks = list(tokens)
    for i, t in enumerate(toks):  # "מקרה" of "בכל מקרה" (anyway) is no word of the claim's
        if t.start in inside or not is_content(t) or is_kol_idiom_noun(toks, i):
            continue
        out.append(word_of(t, value_at.get(t.start)))
    return out


def same_word(a: Word, b: Word) -> bool:
    """Two numbers of one value, or two words sharing a form."""
    if a.number is not None or b.number is not None:
        return a.number is not None and a.number == b.number
    return bool(a.forms & b.forms)


def excerpt(idx: SourceIndex, sent: int, limit: int = 70) -> str:
    """Sentence ``sent`` of the source on one line, cut to ``limit`` characters."""
    s, e = idx.sentences[sent]
    text = " ".join(idx.source[s:e].split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip(text: str, limit: int = 70) -> str:
    """``text`` on one line, cut to ``limit`` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def turn_label(idx: SourceIndex, at: int) -> tuple[int, int]:
    """The [start, end) offsets of the speaker's label ("עידן ארזואן (השחקן)", up to its
    colon) of the dialogue turn holding source offset ``at``; (at, at) outside a turn.
    The label names who speaks: every sentence of the turn is said by that speaker."""
    for turn in idx.turns:
        if turn.start <= at < turn.end:
            colon = idx.source.find(":", turn.start, turn.start + len(turn.speaker) + 4)
            return (turn.start, colon) if colon >= 0 else (at, at)
    return at, at


def has_prefix(t: Token, prefix: str) -> bool:
    """Whether ``t`` is ``prefix`` glued to a word of its own ("ושופץ": ו + שופץ,
    "כשנוספה": כש + נוספה), by its prefix stems."""
    return t.key.startswith(prefix) and t.key[len(prefix) :] in t.stems


def slots(pairs: list[tuple[int, int]], n: int, k: int, edge: int) -> list[tuple[range, range]]:
    """The gaps between aligned words, claim side and frame side; at the two ends, at most
    ``edge`` words on each side next to the first / last aligned word."""
    out = []
    first_c, first_f = pairs[0]
    out.append((range(max(0, first_c - edge), first_c), range(max(0, first_f - edge), first_f)))
    for (a, b), (c, d) in zip(pairs, pairs[1:], strict=False):
        out.append((range(a + 1, c), range(b + 1, d)))
    last_c, last_f = pairs[-1]
    out.append(
        (range(last_c + 1, min(n, last_c + 1 + edge)), range(last_f + 1, min(k, last_f + 1 + edge)))
    )
    return [(c, f) for c, f in out if len(c) and len(f)]


def sentence_numbers(idx: SourceIndex, sent: int) -> tuple[NumberMention, ...]:
    """The numbers of source sentence ``sent`` as ``extract_numbers`` reads them, computed
    once per source sentence: the one reader of a source sentence's numbers for the checks
    (derived figures, bound numbers, the year/amount clash)."""
    got = idx.derived.get(("numbers", sent))
    if got is None:
        lo, hi = idx.sent_flat[sent]
        got = idx.derived[("numbers", sent)] = tuple(extract_numbers(idx.source, idx.flat[lo:hi]))
    return got  # type: ignore[return-value]
