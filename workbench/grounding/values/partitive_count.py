"""A count of a part, read the same whether the whole is named or left to a pronoun.

"שלוש מהמשפחות" (three of the families) and "38 משפחות ..., אבל שלוש מהן" (three of
them) count the same part: the partitive pronoun מהן / מהם points back to the noun named
before it (``bound_numbers.elided_noun_is``), which the claim spells out after its own
partitive מ / מה. The clause readers (``clauses.crossed_slot``) then read the claim's
count with the pronoun's clause, not with the clause that names the whole.

The roles are not swapped either (round 44, ``whole_stated_as_part``): a figure the claim
makes the whole of a part ("חמש מ-27 החלקות", "51 מתוך 11 הדפים") that the source states
only as a part of another whole ("32 חלקות, ו-27 מהן מעובדות") is bound elsewhere.
"""

from __future__ import annotations

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.pieces import excerpt, sentence_numbers
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.values.bound_numbers import elided_noun_is, kind_of
from workbench.grounding.values.source_figures import figures, parts, to_decimal
from workbench.hebrew import Token, normalize

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


# what stands between a part and its whole: "חמש מ-27", "51 מתוך 62"
_OUT_OF = frozenset({"מ", normalize("מתוך").text})


def whole_stated_as_part(claim: Claim, idx: SourceIndex) -> Issue | None:
    """``bound_elsewhere`` when a figure the claim states as the whole of a part (a figure,
    then מ / מתוך, then it) is, wherever the source states its value, a part itself ("27
    מהן", after a larger whole): the claim has made a part into the whole."""
    toks = [t for t in claim.tokens if claim.asserts(t)]
    for k in range(2, len(toks)):
        t = toks[k]
        if t.number is None or toks[k - 1].key not in _OUT_OF or toks[k - 2].number is None:
            continue
        m = next((n for n in claim.numbers if n.start <= t.start < n.end), None)
        v = None if m is None or kind_of(m) != "figure" else to_decimal(m.value)
        if m is None or v is None or m.start <= claim.question_end:
            continue
        sents = sorted(set(idx.exact.get(m.value, ())))
        stated = [n for s in sents for n in sentence_numbers(idx, s) if n.value == m.value]
        as_part = [s for s in sents for p in parts(idx, s) if p.part == v]
        as_whole = any(p.whole == v for s in sents for p in parts(idx, s))
        if stated and not as_whole and len(as_part) >= len(stated):
            s = as_part[0]
            msg = (
                f"{m.text.strip()} is a part in the source, not a whole: «{excerpt(idx, s)}»"
            )
            return Issue(IssueKind.BOUND_ELSEWHERE, msg, idx.sentences[s])
    return None
