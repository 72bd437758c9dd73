"""Antonym and direction pairs: which pole of each family (``lexicon._POLAR_SRC``) a
text asserts, and where a claim and its span hold opposite poles.
"""

from __future__ import annotations

from workbench.hebrew.lexicon import (
    COMPARATIVE_ONLY,
    COMPARATIVES,
    POLAR_WORDS,
    POLE_NEGATORS,
)
from workbench.hebrew.tokens import Token

_NEGATION_REACH = 2
# "לכל היותר" (at most) bounds a figure rather than compares: it says what "לא יותר"
# says, the other pole of its comparison word. (The at-least words, "לפחות" and "לכל
# הפחות", keep the pole of פחות, so they agree with each other.)
_AT_MOST = ("לכל", "היותר")


def _is_at_most(tokens: list[Token], i: int) -> bool:
    return i > 0 and (tokens[i - 1].key, tokens[i].key) == _AT_MOST


def _polar_of(tok: Token) -> tuple[tuple[str, int], ...]:
    got = POLAR_WORDS.get(tok.key)
    if got is not None:
        return got
    for s in tok.stems:
        got = POLAR_WORDS.get(s)
        if got is not None:
            return got
    return ()


def _is_pole_negator(tok: Token) -> bool:
    return tok.key in POLE_NEGATORS or not POLE_NEGATORS.isdisjoint(tok.stems)


def polarities(tokens: list[Token]) -> dict[str, frozenset[int]]:
    """Which pole(s) of each antonym family the tokens assert (0 or 1, see ``_POLAR_SRC``).

    A pole word right after a negator (within two words) counts as the opposite pole:
    "ללא תשלום" asserts "free", "לא ירדה" is not "decreased"; so does "לכל היותר" (at
    most: "not more").
    """
    out: dict[str, set[int]] = {}
    last_neg = -10
    n = len(tokens)
    for i, t in enumerate(tokens):
        if _is_pole_negator(t):
            last_neg = i
            continue
        for family, pole in _polar_of(t):
            if family in COMPARATIVE_ONLY and not any(
                tokens[j].key in COMPARATIVES for j in range(max(0, i - 1), min(n, i + 2))
            ):
                continue
            flipped = 1 - pole if i - last_neg <= _NEGATION_REACH else pole
            if _is_at_most(tokens, i):
                flipped = 1 - pole
            out.setdefault(family, set()).add(flipped)
    return {k: frozenset(v) for k, v in out.items()}


def polarity_conflicts(
    claim: dict[str, frozenset[int]], span: dict[str, frozenset[int]]
) -> list[str]:
    """Families where the claim asserts only one pole and the span only the other."""
    return [
        family
        for family, poles in claim.items()
        if len(poles) == 1 and family in span and len(span[family]) == 1 and span[family] != poles
    ]


def pole_word(family: str, pole: int) -> str:
    """A readable word for a pole, for messages: ("increase/decrease", 1) -> "decrease"."""
    return family.split("/")[pole]
