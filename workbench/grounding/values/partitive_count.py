"""A count of a part, read the same whether the whole is named or left to a pronoun.

"שלוש מהמשפחות" (three of the families) and "38 משפחות ..., אבל שלוש מהן" (three of
them) count the same part: the partitive pronoun מהן / מהם points back to the noun named
before it (``bound_numbers.elided_noun_is``), which the claim spells out after its own
partitive מ / מה. The clause readers (``clauses.crossed_slot``) then read the claim's
count with the pronoun's clause, not with the clause that names the whole.
"""

from __future__ import annotations

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.values.bound_numbers import elided_noun_is
from workbench.grounding.values.source_figures import figures
from workbench.hebrew import Token

# the partitive "of" glued to the whole: "מהמשפחות", "ממשפחות"
_OF = ("מ", "מה")


def partitive_whole(claim: Claim, count: Token) -> frozenset[str]:
    """The whole that the claim's count ``count`` is a part of, when the next word names
    it with a glued partitive מ / מה ("שלוש מהמשפחות" -> משפחות, "ארבעה מעובדי המפעל"
    -> עובדי), else empty. Unpointed script also reads "שלוש משפחות" as מ + שפחות: the
    source settles it, the pronoun pointing back only to a noun it names."""
    if count.number is None:
        return frozenset()
    toks = claim.tokens
    i = next((k for k, t in enumerate(toks) if t.start == count.start), len(toks))
    if i + 1 >= len(toks):
        return frozenset()
    of = toks[i + 1]
    return frozenset(s for s in of.stems if of.key[: len(of.key) - len(s)] in _OF)


def same_part(claim: Claim, idx: SourceIndex, count: Token, figure: Token) -> bool:
    """Whether the claim's ``count`` of a named whole ("שלוש מהמשפחות") and the source's
    ``figure`` of the same value, followed by a partitive pronoun ("שלוש מהן"), count one
    part: the pronoun points back to that whole."""
    whole = partitive_whole(claim, count)
    if not whole or figure.number != count.number:
        return False
    sent = idx.flat_sent[idx.flat_at(figure.start)]
    return any(
        f.mention.start == figure.start and elided_noun_is(idx, sent, f.mention, whole)
        for f in figures(idx, sent)
    )
