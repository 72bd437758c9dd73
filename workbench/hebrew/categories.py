"""Exclusive categories a claim may swap: the places (``lexicon.PLACES``) and ordinal
values (``lexicon.ORDINAL_VALUES``) a text names.
"""

from __future__ import annotations

from workbench.hebrew.lexicon import DAY_WORDS, ORDINAL_VALUES, PLACE_FIRST_WORDS, PLACES
from workbench.hebrew.tokens import Token


def _forms(tok: Token) -> tuple[str, ...]:
    return (tok.key, *tok.stems)


def places(tokens: list[Token]) -> frozenset[str]:
    """Place names (see ``PLACES``) the tokens name, two-word names included."""
    out: set[str] = set()
    n = len(tokens)
    for i, t in enumerate(tokens):
        for f in _forms(t):
            if f not in PLACE_FIRST_WORDS:
                continue
            if f in PLACES:
                out.add(f)
            if i + 1 < n and tokens[i + 1].start - t.end <= 2:
                pair = f"{f} {tokens[i + 1].key}"
                if pair in PLACES:
                    out.add(pair)
                    out.discard(f)
    return frozenset(out)


def ordinals(tokens: list[Token]) -> frozenset[int]:
    """Ordinal values (הראשונה = 1, השנייה = 2...) the tokens name, days of week excluded."""
    out: set[int] = set()
    for i, t in enumerate(tokens):
        if t.key.endswith("השני") and "שני" in t.stems:
            out.add(2)  # "השני" = the second; a bare "שני" is also "two" or "Monday"
            continue
        for f in _forms(t):
            v = ORDINAL_VALUES.get(f)
            if v is not None:
                prev = tokens[i - 1] if i > 0 else None
                if prev is None or not any(p in DAY_WORDS for p in _forms(prev)):
                    out.add(v)
                break
    return frozenset(out)
