"""What the meaning checks read from a text (a source sentence or a claim): antonym
poles, places, ordinals, Latin-script names, and which words are said under a negation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from workbench.grounding.params import NEGATION_SCOPE
from workbench.hebrew import (
    IMPLICIT_NEGATIONS,
    Token,
    is_negation,
    is_stopword,
    normalize,
    ordinals,
    places,
    polarities,
)


@dataclass(frozen=True, slots=True)
class SentenceMeaning:
    """What the meaning checks need from a text: antonym poles, places, ordinals, Latin
    names, and the word forms said under a negation (``negated``) or not (``asserted``).
    ``denied`` is ``negated`` less the root skeletons of words said after בלי / ללא: "בלי
    הבדיקה" says a thing is missing and denies no word that only shares its root (the role
    word "בודקת"), though a claim's "לא נבדקו" still agrees with it by root."""

    poles: dict[str, frozenset[int]]
    places: frozenset[str]
    ordinals: frozenset[int]
    latin: frozenset[str]
    negated: frozenset[str]
    asserted: frozenset[str]
    denied: frozenset[str]


# Function words a negation takes for itself ("לא כל", "לא רק", "לא יותר"): they end its
# reach, where other function words ("אין לי כאבים", "לא תהיה תשובה") carry it on.
_QUANTIFIERS: frozenset[str] = frozenset(normalize(w).text for w in "כל רק יותר פחות מאוד".split())


# "Any" words of a negated clause: the noun after them is negated too, however far the
# negation stands before them in its clause ("ולא ראיתי ליד התעלה שום מחסום").
_ANY: frozenset[str] = frozenset(normalize(w).text for w in "שום ושום אף".split())


def _carries(t: Token) -> bool:
    """A function word that carries a negation on to the word after it."""
    return is_stopword(t) and t.key not in _QUANTIFIERS


_WITHOUT: frozenset[str] = frozenset(normalize(w).text for w in ("בלי", "ללא"))


def is_without(t: Token) -> bool:
    """בלי / ללא ("without"), possibly with a glued prefix: it negates the next word."""
    return t.key in _WITHOUT or not _WITHOUT.isdisjoint(t.stems)


def is_implicit_negation(t: Token) -> bool:
    """A word that negates without לא / אין (``hebrew.IMPLICIT_NEGATIONS``: בלי, מחסור...).
    Not "משום" (because), read as מ + "שום" by the prefix stems."""
    if t.key in _BECAUSE:
        return False
    return t.key in IMPLICIT_NEGATIONS or not IMPLICIT_NEGATIONS.isdisjoint(t.stems)


_BECAUSE: frozenset[str] = frozenset(normalize(w).text for w in ("משום", "ומשום"))


def negation_groups(tokens: Sequence[Token], text: str) -> list[tuple[int, Token]]:
    """Each content word with the index of the negation governing it (-1 when none).

    A negation (לא, אין, אינו..., and ללא / בלי) governs the next ``NEGATION_SCOPE``
    content words, up to a comma or another negation: "לא נרשמו הפסקות" negates both
    words, "לא מטופלים, שהוזרמו" only the first. Function words between carry it on
    ("אין לי כאבים", "לא תהיה תשובה"), except a quantifier it negates itself ("לא כל
    המיטות": not all, the beds still are).
    """
    out: list[tuple[int, Token]] = []
    group, left, prev_end = -1, 0, -1
    last = -1  # the last negation, while no comma follows it: "שום" / "אף" renew it
    for i, t in enumerate(tokens):
        if is_negation(t) or is_without(t):
            group, left, prev_end = i, NEGATION_SCOPE, t.end
            last = i
            continue
        if last >= 0 and any(c in ",;:" for c in text[tokens[last].end : t.start]):
            last = -1
        if last >= 0 and t.key in _ANY:
            group, left, prev_end = last, NEGATION_SCOPE, t.end  # "לא ראיתי ליד התעלה שום מחסום"
            continue
        if is_stopword(t) or t.number is not None:
            if left > 0 and _carries(t) and t.start - prev_end <= 3:
                prev_end = t.end  # "אין לי כאבים": a function word carries it on
            continue
        if left > 0 and (
            t.start - prev_end > 3 or any(c in ",;:" for c in text[prev_end : t.start])
        ):
            left = 0  # too far from the negation, or past a comma
        if left > 0:
            out.append((group, t))
            left -= 1
            prev_end = t.end
        else:
            out.append((-1, t))
    return out


def word_forms(t: Token) -> tuple[str, ...]:
    """Every form a word may match under: key, prefix stems, lemmas, root skeletons."""
    return (t.key, *t.stems, *t.lemmas, *t.roots)


def sentence_meaning(tokens: Sequence[Token], text: str) -> SentenceMeaning:
    """The ``SentenceMeaning`` of a list of tokens (a sentence or a claim)."""
    negated: set[str] = set()
    asserted: set[str] = set()
    denied: set[str] = set()
    for group, t in negation_groups(tokens, text):
        forms = word_forms(t)
        (negated if group >= 0 else asserted).update(forms)
        if group >= 0:
            without = is_without(tokens[group])
            denied.update(w for w in forms if not (without and w in t.roots))
    toks = list(tokens)
    latin = frozenset(
        t.key for t in toks if t.key.isascii() and t.key.isalpha() and not is_stopword(t)
    )
    return SentenceMeaning(
        polarities(toks),
        places(toks),
        ordinals(toks),
        latin,
        frozenset(negated),
        frozenset(asserted),
        frozenset(denied),
    )


def negates_same(tokens: Sequence[Token], text: str, span: SentenceMeaning) -> bool:
    """Whether a word the text (a claim) says under a negation is one the span says under
    one too, by its own form (key, stems, lemmas; not a root skeleton): "אם לא יימצאו עוד
    שופטים" and "בלי שופטים נוספים" both deny the referees, though the span has no לא. A
    word the span also says without a negation is no match ("בלי מנוי עולה 7 שקלים" beside
    "מנוי שנתי עולה 240 שקל" denies no price)."""
    return any(
        not span.negated.isdisjoint(own) and span.asserted.isdisjoint(own)
        for g, t in negation_groups(tokens, text)
        if g >= 0 and not is_without(tokens[g])  # the claim's own בלי proves nothing
        for own in [(t.key, *t.stems, *t.lemmas)]
    )


def union_meaning(meanings: Sequence[SentenceMeaning]) -> SentenceMeaning:
    """The meaning of several sentences read together."""
    poles: dict[str, set[int]] = {}
    pl: set[str] = set()
    ord_: set[int] = set()
    lat: set[str] = set()
    neg: set[str] = set()
    ass: set[str] = set()
    den: set[str] = set()
    for sm in meanings:
        for fam, ps in sm.poles.items():
            poles.setdefault(fam, set()).update(ps)
        pl |= sm.places
        ord_ |= sm.ordinals
        lat |= sm.latin
        neg |= sm.negated
        ass |= sm.asserted
        den |= sm.denied
    return SentenceMeaning(
        {k: frozenset(v) for k, v in poles.items()},
        frozenset(pl),
        frozenset(ord_),
        frozenset(lat),
        frozenset(neg),
        frozenset(ass),
        frozenset(den),
    )
